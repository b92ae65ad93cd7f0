"""The launcher-menu entry: written under XDG_DATA_HOME (never the real home), removed again."""

import configparser
import os
import subprocess
import sys
from pathlib import Path

import pytest

from visualizer.io.desktop import (
    DesktopError,
    data_home,
    desktop_entry,
    desktop_paths,
    install_desktop,
    launch_command,
    uninstall_desktop,
)

ROOT = Path(__file__).resolve().parents[1]


def read_entry(path: Path) -> configparser.SectionProxy:
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str  # keys are case-sensitive in desktop entries
    parser.read_string(path.read_text(encoding="utf-8"))
    return parser["Desktop Entry"]


def test_xdg_data_home_wins_and_a_relative_one_is_ignored(tmp_path):
    assert data_home({"XDG_DATA_HOME": str(tmp_path / "data"), "HOME": "/nowhere"}) == tmp_path / "data"
    assert data_home({"XDG_DATA_HOME": "relative/dir", "HOME": str(tmp_path)}) == tmp_path / ".local" / "share"
    assert data_home({"HOME": str(tmp_path)}) == tmp_path / ".local" / "share"
    paths = desktop_paths({"XDG_DATA_HOME": str(tmp_path)})
    assert paths.entry == tmp_path / "applications" / "embedding-visualizer.desktop"
    assert paths.icon == tmp_path / "icons" / "hicolor" / "scalable" / "apps" / "embedding-visualizer.svg"


def test_install_writes_a_valid_entry_that_runs_this_app_and_uninstall_removes_it(tmp_path):
    env = {"XDG_DATA_HOME": str(tmp_path), "HOME": "/nonexistent-home"}
    paths = install_desktop(env)
    entry = read_entry(paths.entry)
    assert entry["Type"] == "Application" and entry["Name"] == "Embeddings Visualizer"
    assert entry["Icon"] == paths.icon.stem  # found by name in the hicolor theme
    assert entry["Exec"].split() == launch_command()  # this Python, -m visualizer
    assert entry["TryExec"] == launch_command()[0]
    assert paths.icon.read_bytes() == (ROOT / "resources" / "icons" / "embedding-visualizer.svg").read_bytes()
    assert not list(tmp_path.rglob("*.partial"))
    assert install_desktop(env) == paths  # a second install replaces, never duplicates
    assert sorted(uninstall_desktop(env)) == sorted([paths.entry, paths.icon])
    assert not paths.entry.exists() and not paths.icon.exists()
    assert uninstall_desktop(env) == []  # nothing left to remove


def test_exec_quotes_a_path_with_spaces_as_the_spec_asks():
    text = desktop_entry(["/opt/My Apps/embedding-visualizer"])
    assert 'Exec="/opt/My Apps/embedding-visualizer"' in text.splitlines()
    assert desktop_entry(['/a/b"c$d']).count('Exec="/a/b\\"c\\$d"') == 1


def test_an_unwritable_place_is_one_clear_error(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    with pytest.raises(DesktopError, match=r"cannot write .*file/icons"):
        install_desktop({"XDG_DATA_HOME": str(blocker)})


def run_app(*args: str, **env: str) -> subprocess.CompletedProcess:
    environ = {key: value for key, value in os.environ.items() if key not in ("XDG_DATA_HOME",)}
    return subprocess.run([sys.executable, str(ROOT / "main.py"), *args], capture_output=True, text=True,
                          timeout=60, env={**environ, "QT_QPA_PLATFORM": "offscreen", **env}, cwd=ROOT)


def test_command_line_install_and_uninstall(tmp_path):
    result = run_app("--install-desktop", XDG_DATA_HOME=str(tmp_path), HOME=str(tmp_path / "home"))
    assert result.returncode == 0, result.stderr
    assert str(tmp_path / "applications" / "embedding-visualizer.desktop") in result.stdout
    assert (tmp_path / "icons" / "hicolor" / "scalable" / "apps" / "embedding-visualizer.svg").exists()
    assert not (tmp_path / "home").exists()  # XDG_DATA_HOME given: the home is not touched
    result = run_app("--uninstall-desktop", XDG_DATA_HOME=str(tmp_path))
    assert result.returncode == 0 and "removed" in result.stdout
    assert not list((tmp_path / "applications").iterdir())


def test_command_line_failure_is_one_line_without_traceback(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("")
    result = run_app("--install-desktop", XDG_DATA_HOME=str(blocker))
    assert result.returncode == 1
    assert result.stderr.count("\n") == 1 and "cannot write" in result.stderr and "Traceback" not in result.stderr
