"""tools/system-packages.sh, which `make run` and `make test` run first: the Debian packages of
packaging/debian-packages.txt that are missing are installed (apt-get as root, or through sudo -n), or
it stops at once with one line naming the command to run; and after a failed start `make run` names the
library Qt's X11 plugin could not load.

Each test runs the script with PATH holding only stand-ins: `dpkg-query` says what is installed, `apt-get`
and `sudo` write down how they were called, `id` says who we are, `ldd` what a library links, `ldconfig`
which libraries the linker's cache holds. Nothing is
installed and nothing of the system's is asked. The list is read here on its own, never copied.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "tools" / "system-packages.sh"
LIST = ROOT / "packaging" / "debian-packages.txt"
BASH = shutil.which("bash") or "/bin/bash"
ENV = shutil.which("env") or "/usr/bin/env"
TAGS = ("run", "test")
# How apt-get is asked to install: no questions, no recommends, waiting for another apt that holds the lock.
INSTALL = "install -y -qq --no-install-recommends -o DPkg::Lock::Timeout=300"


@dataclass(frozen=True)
class Package:
    name: str
    tag: str
    libraries: tuple[str, ...]
    description: str


def listed() -> list[Package]:
    """packaging/debian-packages.txt: PACKAGE FOR [LIBRARY ...] # what it is for."""
    packages = []
    for line in LIST.read_text(encoding="utf-8").splitlines():
        fields, _, description = line.partition("#")
        if not fields.strip():
            continue
        name, tag, *libraries = fields.split()
        packages.append(Package(name, tag, tuple(libraries), description.strip()))
    return packages


def wanted(tag: str) -> list[str]:
    """The packages `make TAG` needs: those marked run, and for test those marked test as well."""
    return [package.name for package in listed() if package.tag == "run" or tag == "test"]


class Stand:
    """A folder of stand-ins that is the script's whole PATH."""

    def __init__(self, folder: Path) -> None:
        self.bin = folder / "bin"
        self.bin.mkdir()
        self.calls = folder / "calls"
        (self.bin / "env").symlink_to(ENV)  # the script runs apt-get through env (DEBIAN_FRONTEND)

    def tool(self, name: str, body: str) -> None:
        path = self.bin / name
        path.write_text(f"#!{BASH}\n{body}\n", encoding="utf-8")
        path.chmod(0o755)

    def uid(self, uid: int) -> None:
        self.tool("id", f'[ "$1" = -u ] && echo {uid}')

    def apt_get(self, status: int = 0) -> None:
        """Writes down DEBIAN_FRONTEND and its arguments, one line a call."""
        self.tool("apt-get", f'echo "${{DEBIAN_FRONTEND-}}|$*" >>"{self.calls}"\n'
                             f'[ "$1" = update ] || [ {status} = 0 ] || {{ echo "E: Unable to locate package ${{!#}}"; '
                             f'exit {status}; }}')

    def dpkg_query(self, installed: set[str] = frozenset(), provided: str = "") -> None:
        """Asked about packages by name: `installed` have dpkg's status "install ok installed", the others
        "unknown ok not-installed". Asked for all (no names): prints `provided` (Status-Abbrev, Provides)."""
        names = " ".join(sorted(installed))
        self.tool("dpkg-query", f"""asked=0
for argument; do
  case $argument in
    -*) ;;
    *) asked=1
       case " {names} " in *" $argument "*) echo "install ok installed $argument" ;;
                             *) echo "unknown ok not-installed $argument" ;; esac ;;
  esac
done
[ $asked = 1 ] || printf '%s' '{provided}'""")

    def ldconfig(self, cached: set[str]) -> None:
        """ldconfig -p: the linker's cache holding ``cached``, one line each, as ldconfig prints them."""
        lines = "".join(f"\\t{library} (libc6,x86-64) => /usr/lib64/{library}\\n" for library in sorted(cached))
        self.tool("ldconfig", f'[ "$1" = -p ] && printf "{len(cached)} libs found in cache\\n{lines}"')

    def sudo(self, password: bool = False) -> None:
        """sudo -n COMMAND: runs it (or, if `password`, refuses as sudo does when it would ask)."""
        self.tool("sudo", f'[ "$1" = -n ] || exit 2\nshift\n{"exit 1" if password else ""}\n'
                          f'[ "$1" = true ] && exit 0\necho "sudo|$*" >>"{self.calls}"\nexec "$@"')

    def run(self, *arguments: str, **environment: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([BASH, str(SCRIPT), *arguments], env={"PATH": str(self.bin), **environment},
                              capture_output=True, text=True, timeout=20)

    def recorded(self) -> list[str]:
        return self.calls.read_text(encoding="utf-8").splitlines() if self.calls.exists() else []


@pytest.fixture
def stand(tmp_path) -> Stand:
    return Stand(tmp_path)


def one_line(text: str) -> str:
    lines = text.splitlines()
    assert len(lines) == 1, text
    return lines[0]


# ---- installing what is missing --------------------------------------------------------------------


@pytest.mark.parametrize("tag", TAGS)
def test_as_root_exactly_the_listed_packages_are_installed_without_questions(stand, tag):
    stand.uid(0)
    stand.dpkg_query(installed=set())
    stand.apt_get()
    result = stand.run(tag)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    assert stand.recorded() == [
        "noninteractive|update -qq",
        f"noninteractive|{INSTALL} " + " ".join(wanted(tag)),
    ]
    said = one_line(result.stdout)  # what it installs, and why
    assert said.startswith(f"make {tag} needs {len(wanted(tag))} Debian packages that are not installed")
    assert said.endswith(" ".join(wanted(tag)) + " (packaging/debian-packages.txt says what each is for)")


def test_run_asks_for_less_than_test_and_test_for_every_package_listed():
    assert set(wanted("run")) < set(wanted("test")) == {package.name for package in listed()}
    assert "libxcb-cursor0" in wanted("run") and "xvfb" not in wanted("run")


def test_not_root_installs_through_sudo_when_it_asks_no_password(stand):
    stand.uid(1000)
    stand.dpkg_query(installed=set(wanted("test")) - {"xdotool"})
    stand.apt_get()
    stand.sudo()
    result = stand.run("test")
    assert result.returncode == 0, result.stderr
    assert stand.recorded() == [
        "sudo|env DEBIAN_FRONTEND=noninteractive apt-get update -qq",
        "noninteractive|update -qq",
        f"sudo|env DEBIAN_FRONTEND=noninteractive apt-get {INSTALL} xdotool",
        f"noninteractive|{INSTALL} xdotool",
    ]
    assert one_line(result.stdout) == ("make test needs 1 Debian package that is not installed, installing with "
                                       "sudo apt-get: xdotool (packaging/debian-packages.txt says what each is for)")


def test_a_failed_install_shows_apt_gets_words_and_fails(stand):
    stand.uid(0)
    stand.dpkg_query(installed=set(wanted("run")) - {"libxcb-cursor0"})
    stand.apt_get(status=100)
    result = stand.run("run")
    assert result.returncode == 1
    assert "E: Unable to locate package libxcb-cursor0" in result.stderr
    assert result.stderr.splitlines()[-1].startswith("apt-get could not install libxcb-cursor0")


# ---- when it cannot install: one line, at once ------------------------------------------------------


@pytest.mark.parametrize(("sudo", "command"), [("none", "su -c 'apt-get install {}'"),
                                               ("asks a password", "sudo apt-get install {}")])
def test_not_root_without_passwordless_sudo_names_the_command_in_one_line(stand, sudo, command):
    stand.uid(1000)
    missing = wanted("test")[-3:]
    stand.dpkg_query(installed=set(wanted("test")) - set(missing))
    stand.apt_get()
    if sudo != "none":
        stand.sudo(password=True)
    result = stand.run("test")
    assert result.returncode == 1
    assert result.stdout == ""
    line = one_line(result.stderr)
    assert line.startswith("make test needs Debian packages that are not installed")
    assert line.endswith("run: " + command.format(" ".join(missing)))
    assert stand.recorded() == []


def test_no_apt_get_no_sudo_not_root_names_the_packages_and_the_command_in_one_line(stand):
    stand.uid(1000)  # another distribution: no dpkg-query, no apt-get, no sudo
    result = stand.run("test")
    assert result.returncode == 1
    assert result.stdout == ""
    line = one_line(result.stderr)
    assert " ".join(wanted("test")) in line
    assert line.endswith("install their equivalents, then run: VISUALIZER_SKIP_SYSTEM_PACKAGES=1 make test")


def libraries(tag: str = "run") -> list[tuple[str, str]]:
    """(library, its package) for every library the list gives for `make TAG`."""
    return [(library, package.name) for package in listed() if package.tag == tag for library in package.libraries]


def test_make_run_on_another_distribution_goes_on_when_the_libraries_are_there(stand):
    # The names are Debian's, the libraries everyone's: the linker's cache has them all.
    stand.uid(1000)
    stand.ldconfig({library for library, _ in libraries()})
    result = stand.run("run")
    assert (result.returncode, result.stdout, result.stderr) == (0, "", "")
    assert stand.recorded() == []


def test_make_run_on_another_distribution_names_the_missing_libraries_in_one_line(stand):
    stand.uid(1000)
    every = libraries()
    # Two libraries of one package (GLib's) and one of another: each named, each package hinted once.
    glib = [library for library, package in every if package == "libglib2.0-0"]
    missing = [*glib, "libxcb-cursor.so.0"]
    assert len(glib) == 2 and all(library in dict(every) for library in missing)
    stand.ldconfig({library for library, _ in every} - set(missing))
    result = stand.run("run")
    assert result.returncode == 1 and result.stdout == ""
    line = one_line(result.stderr)
    assert line.startswith("make run needs shared libraries this system lacks: ")
    for library in missing:
        assert library in line
    assert "(on Debian and Ubuntu: libxcb-cursor0 libglib2.0-0)" in line
    assert "then run make run again (VISUALIZER_SKIP_SYSTEM_PACKAGES=1 make run if" in line


@pytest.mark.parametrize("ldconfig", ["none", "failing"])
def test_make_run_on_another_distribution_with_no_cache_to_ask_goes_on(stand, ldconfig):
    stand.uid(1000)
    if ldconfig == "failing":
        stand.tool("ldconfig", "exit 1")
    result = stand.run("run")
    assert (result.returncode, result.stdout, result.stderr) == (0, "", "")


# ---- nothing to do ----------------------------------------------------------------------------------


@pytest.mark.parametrize("tag", TAGS)
def test_everything_installed_is_quiet_and_calls_no_apt_get(stand, tag):
    stand.uid(1000)
    stand.dpkg_query(installed=set(wanted(tag)))
    stand.apt_get()
    result = stand.run(tag)
    assert (result.returncode, result.stdout, result.stderr) == (0, "", "")
    assert stand.recorded() == []


def test_a_package_provided_under_another_name_counts_as_installed(stand):
    # Ubuntu 24.04: libglib2.0-0t64 provides libglib2.0-0, libcups2t64 libcups2.
    stand.uid(1000)
    stand.dpkg_query(installed=set(wanted("run")) - {"libglib2.0-0", "libcups2"},
                     provided="ii libglib2.0-0 (= 2.80.0-6ubuntu1),\nrc libcups2,\nii libcups2 (= 2.4.7-1.2ubuntu7),\n")
    stand.apt_get()
    result = stand.run("run")
    assert (result.returncode, result.stdout, result.stderr) == (0, "", "")


def test_a_package_only_removed_with_its_configuration_kept_is_missing(stand):
    stand.uid(0)
    stand.dpkg_query(installed=set(wanted("run")) - {"libcups2"}, provided="rc libcups2,\n")
    stand.apt_get()
    result = stand.run("run")
    assert result.returncode == 0, result.stderr
    assert stand.recorded()[-1] == f"noninteractive|{INSTALL} libcups2"


def test_the_opt_out_skips_everything(stand):
    stand.uid(1000)
    stand.dpkg_query(installed=set())
    stand.apt_get()
    result = stand.run("test", VISUALIZER_SKIP_SYSTEM_PACKAGES="1")
    assert (result.returncode, result.stdout, result.stderr) == (0, "", "")
    assert stand.recorded() == []


# ---- make run: the library Qt's X11 plugin cannot load --------------------------------------------


@pytest.fixture
def venv(tmp_path) -> Path:
    """A venv as far as the script looks: PySide6's X11 platform plugin, where pip puts it."""
    plugin = tmp_path / "venv" / "lib" / "python3.11" / "site-packages" / "PySide6" / "Qt" / "plugins" / "platforms"
    plugin.mkdir(parents=True)
    (plugin / "libqxcb.so").write_bytes(b"")
    return tmp_path / "venv"


def ldd(stand: Stand, *lost: str) -> None:
    """ldd as glibc's prints a library that links `lost`, which the loader cannot find."""
    found = "\tlinux-vdso.so.1 (0x00007ffd)\n\tlibQt6XcbQpa.so.6 => /venv/Qt/lib/libQt6XcbQpa.so.6 (0x00007f98)\n"
    missing = "".join(f"\t{library} => not found\n" for library in lost) * 2  # once for each library needing it
    stand.tool("ldd", f'echo "$*" >>"{stand.calls}"\nprintf \'%s\' \'{found}{missing}\'')


def package_of(library: str) -> str:
    (name,) = (package.name for package in listed() if library in package.libraries)
    return name


def test_a_missing_xcb_library_is_named_in_one_plain_line_with_its_package(stand, venv):
    assert package_of("libxcb-cursor.so.0") == "libxcb-cursor0"
    stand.uid(1000)
    stand.sudo()
    stand.apt_get()
    ldd(stand, "libxcb-cursor.so.0")
    result = stand.run("qt", str(venv), DISPLAY=":0")
    assert result.returncode == 1
    assert one_line(result.stderr) == ("Qt cannot open a window: libxcb-cursor.so.0 is missing; "
                                       "install it with: sudo apt-get install libxcb-cursor0")
    assert stand.recorded() == [str(next(venv.glob("lib/python3*/site-packages/PySide6/Qt/plugins/platforms"))
                                    / "libqxcb.so")]


def test_on_another_distribution_the_library_is_named_with_debians_package_as_a_hint(stand, venv):
    stand.uid(1000)
    ldd(stand, "libxcb-cursor.so.0", "libxkbcommon-x11.so.0")
    result = stand.run("qt", str(venv))
    assert one_line(result.stderr) == (
        "Qt cannot open a window: libxcb-cursor.so.0 and libxkbcommon-x11.so.0 are missing; install the package "
        f"that has them (on Debian and Ubuntu: libxcb-cursor0 {package_of('libxkbcommon-x11.so.0')})")


def test_a_library_off_the_list_is_still_named(stand, venv):
    stand.uid(0)
    stand.apt_get()
    ldd(stand, "libxcb-cursor.so.0", "libxcb-util.so.1")
    result = stand.run("qt", str(venv))
    assert one_line(result.stderr) == (
        "Qt cannot open a window: libxcb-cursor.so.0 and libxcb-util.so.1 are missing; install them with: "
        "apt-get install libxcb-cursor0 (and the package that has libxcb-util.so.1)")


@pytest.mark.parametrize("platform", ["offscreen", "wayland"])
def test_qt_told_to_use_another_platform_or_nothing_missing_says_nothing(stand, venv, platform):
    stand.uid(1000)
    ldd(stand, "libxcb-cursor.so.0")
    result = stand.run("qt", str(venv), QT_QPA_PLATFORM=platform)
    assert (result.returncode, result.stdout, result.stderr) == (0, "", "")
    ldd(stand)
    result = stand.run("qt", str(venv))
    assert (result.returncode, result.stdout, result.stderr) == (0, "", "")


# ---- one list for the Makefile, .ci/run and the README ----------------------------------------------


def test_every_listed_package_says_what_it_is_for_and_which_command_needs_it():
    packages = listed()
    names = [package.name for package in packages]
    assert len(names) == len(set(names)), "a package is listed twice"
    for package in packages:
        assert package.tag in TAGS, f"{package.name}: {package.tag!r} is neither run nor test"
        assert len(package.description) > 10, f"{package.name} does not say what it is for"
        assert all(re.fullmatch(r"lib[\w.+-]*\.so\.\d+", library) for library in package.libraries), package


def test_ci_run_names_no_package_of_its_own_and_installs_through_the_list():
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "apt-get" not in ci and "dpkg" not in ci
    assert "tools/system-packages.sh test" in ci and "make test" in ci
    for name in wanted("test"):
        if name != "make":  # the command, not the package
            assert not re.search(rf"(?<![\w.+-]){re.escape(name)}(?![\w.+-])", ci), f".ci/run names {name}"


@pytest.mark.parametrize("target", TAGS)
def test_make_run_and_make_test_check_the_packages_first(target):
    plan = subprocess.run(["make", "-n", "--no-print-directory", "-C", str(ROOT), target],
                          capture_output=True, text=True, timeout=20, env={**os.environ, "MAKEFLAGS": ""})
    assert plan.returncode == 0, plan.stderr
    commands = plan.stdout.splitlines()
    assert commands[0] == f"bash tools/system-packages.sh {target}"
    if target == "run":  # and name the library Qt misses if the app does not start
        assert "tools/system-packages.sh qt .venv" in commands[-1] and "main.py" in commands[-1]
