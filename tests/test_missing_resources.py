"""A copy of the app whose lesson or translation file is missing says so in one line, never a traceback."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def copy_app(tmp_path: Path, missing: str) -> Path:
    """The package and its resources/ beside it, as in the checkout, less ``missing``."""
    shutil.copytree(ROOT / "visualizer", tmp_path / "visualizer", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(ROOT / "resources", tmp_path / "resources", ignore=shutil.ignore_patterns("screenshots"))
    (tmp_path / "resources" / missing).unlink()
    return tmp_path


def run_copy(folder: Path, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(folder), "LANG": "C.UTF-8"}
    return subprocess.run([sys.executable, "-m", "visualizer", *args], capture_output=True, text=True,
                          timeout=60, env=env, cwd=folder)


def test_a_missing_lesson_is_one_line_and_exit_1(tmp_path):
    folder = copy_app(tmp_path, "lesson/embeddings.json")
    for args in (("--screenshot", "s.png"), ("--step", "2", "--export", "x.json")):
        result = run_copy(folder, *args)
        assert result.returncode == 1, result.stderr
        assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
        assert "cannot read the lesson" in result.stderr and "embeddings.json" in result.stderr
    assert not (folder / "s.png").exists()
    # What needs no lesson still works.
    assert run_copy(folder, "--export", "x.json").returncode == 0


def test_a_missing_translation_is_one_warning_and_the_app_goes_on_in_english(tmp_path):
    folder = copy_app(tmp_path, "i18n/visualizer_pt.qm")
    result = run_copy(folder, "--screenshot", "s.png", "--lang", "pt")
    assert result.returncode == 0
    assert result.stderr.count("\n") == 1 and "visualizer_pt.qm" in result.stderr
    assert "stays in English" in result.stderr
    assert (folder / "s.png").stat().st_size > 10_000
