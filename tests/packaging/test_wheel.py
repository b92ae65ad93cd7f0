"""`python -m build` gives an sdist and a wheel; the wheel, alone in a fresh virtualenv, runs headless in
both languages with its lesson and translations found inside the installed package.

The fresh venv has no pip and no access to the checkout. Its third-party libraries (PySide6, pyqtgraph,
NumPy, psygnal) come from the development venv through a .pth line, so that the test does not download
and install 200 MB of Qt; the app itself comes only from the wheel, and the test asserts so.
"""

import json
import re
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

from tests import spec
from tests.conftest import made_once_per_run
from visualizer import __version__

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.slow


def build(out: Path) -> None:
    # Default build: the sdist first, then the wheel built from the unpacked sdist (so the sdist is complete).
    result = subprocess.run([sys.executable, "-m", "build", "--outdir", str(out), str(ROOT)],
                            capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> tuple[Path, Path]:
    out = made_once_per_run(tmp_path_factory, "dist", build)
    (wheel,) = out.glob("*.whl")
    (sdist,) = out.glob("*.tar.gz")
    return wheel, sdist


def test_build_makes_a_wheel_and_an_sdist_with_the_metadata(built):
    wheel, sdist = built
    assert wheel.name == f"embedding_visualizer-{__version__}-py3-none-any.whl"
    assert sdist.name == f"embedding_visualizer-{__version__}.tar.gz"
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        metadata = archive.read(f"embedding_visualizer-{__version__}.dist-info/METADATA").decode()
    for data in ("lesson/embeddings.json", "i18n/visualizer_pt.qm", "icons/embedding-visualizer.svg",
                 "embedding-visualizer.desktop", "classroom/index.html",
                 "classroom/poll.js", "classroom/poll.css", "classroom/text.json"):
        assert f"visualizer/_resources/{data}" in names
    assert f"embedding_visualizer-{__version__}.dist-info/licenses/LICENSE" in names
    assert not any(name.startswith(("tests/", "resources/screenshots")) for name in names)
    assert "License-Expression: MIT" in metadata
    assert "Requires-Python: >=3.10" in metadata
    assert "Classifier: Programming Language :: Python :: 3.11" in metadata
    assert "Classifier: Intended Audience :: Education" in metadata
    assert re.search(r"^Requires-Dist: PySide6-Essentials==", metadata, re.M)


@pytest.fixture(scope="module")
def fresh_venv(built, tmp_path_factory) -> Path:
    wheel, _ = built

    def install(venv: Path) -> None:
        subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=120)
        python = venv / "bin" / "python"
        result = subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "--no-deps",
                                 "--no-index", "--quiet", str(wheel)], capture_output=True, text=True, timeout=300)
        assert result.returncode == 0, result.stderr
        site = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
                              capture_output=True, text=True, check=True).stdout.strip()
        # A plain path line: the dev venv's own .pth files (the editable install of the checkout) are not run.
        Path(site, "dev-libraries.pth").write_text(sysconfig.get_path("purelib") + "\n", encoding="utf-8")

    return made_once_per_run(tmp_path_factory, "venv", install)


def run_installed(venv: Path, tmp_path: Path, *args: str) -> subprocess.CompletedProcess:
    env = {"PATH": f"{venv / 'bin'}:/usr/bin:/bin", "HOME": str(tmp_path), "QT_QPA_PLATFORM": "offscreen",
           "LANG": "C.UTF-8"}  # nothing else: no PYTHONPATH, no VIRTUAL_ENV of the checkout
    return subprocess.run([str(venv / "bin" / args[0]), *args[1:]], capture_output=True, text=True, timeout=120,
                          env=env, cwd=tmp_path)


def test_the_app_is_imported_from_the_wheel_not_the_checkout(fresh_venv, tmp_path):
    code = ("import visualizer, visualizer.resources as r; print(visualizer.__file__); "
            "print(r.resource('lesson', 'embeddings.json'))")
    result = run_installed(fresh_venv, tmp_path, "python", "-c", code)
    assert result.returncode == 0, result.stderr
    package, lesson = result.stdout.split()
    assert Path(package).is_relative_to(fresh_venv) and not Path(package).is_relative_to(ROOT)
    assert Path(lesson).is_relative_to(fresh_venv) and Path(lesson).is_file()


def test_the_installed_command_runs_headless_in_both_languages(fresh_venv, tmp_path):
    result = run_installed(fresh_venv, tmp_path, "embedding-visualizer", "--export", "x.json")
    assert result.returncode == 0, result.stderr
    assert json.loads((tmp_path / "x.json").read_text(encoding="utf-8"))["ids"] == spec.IDS
    for language in ("en", "pt"):
        shot = f"{language}.png"
        result = run_installed(fresh_venv, tmp_path, "embedding-visualizer", "--screenshot", shot, "--lang", language,
                               "--step", "2", "--size", "1024x768")
        assert result.returncode == 0, result.stderr
        assert result.stderr == ""  # a translation that was not found would warn here
        assert (tmp_path / shot).read_bytes().startswith(b"\x89PNG")
    assert (tmp_path / "en.png").read_bytes() != (tmp_path / "pt.png").read_bytes()
    shortcuts = run_installed(fresh_venv, tmp_path, "embedding-visualizer", "--shortcuts", "--lang", "pt")
    assert "Próxima etapa da aula" in shortcuts.stdout


def test_installed_version_is_the_wheel_metadata(fresh_venv, tmp_path):
    metadata = run_installed(fresh_venv, tmp_path, "python", "-c",
                             "import importlib.metadata as m; print(m.version('embedding-visualizer'))")
    version = run_installed(fresh_venv, tmp_path, "embedding-visualizer", "--version")
    assert version.stdout.strip() == f"embedding-visualizer {metadata.stdout.strip()}" == \
        f"embedding-visualizer {__version__}"


def test_the_class_poll_finds_its_page_and_choices_in_the_wheel(fresh_venv, tmp_path):
    code = ("from visualizer.poll.web import load_page; from visualizer.lesson.run import load_lesson; "
            "print(sorted(load_page())); print(sorted(s.id for s in load_lesson().steps if s.question))")
    result = run_installed(fresh_venv, tmp_path, "python", "-c", code)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split("\n")[:2] == ["['index.html', 'poll.css', 'poll.js', 'text.json']",
                                              "['batch-question', 'swap-learned', 'swap-none']"]
