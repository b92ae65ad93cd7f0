"""The command line: exports carry SPEC's numbers; bad input exits 2 with one line.

The tests call ``visualizer.app.main`` in this process (the ``cli`` fixture); the last ones launch
``main.py`` for real, where the process boundary (exit status, stderr) is the point.
"""

import csv
import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from tests import spec

ROOT = Path(__file__).resolve().parents[1]
NINE_TOKENS = "o gato subiu no telhado. no gato"


def run_process(*args: str) -> subprocess.CompletedProcess:
    """``python main.py args`` as its own process (it inherits the test's private home)."""
    import os

    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    return subprocess.run([sys.executable, str(ROOT / "main.py"), *args], capture_output=True,
                          text=True, timeout=120, env=env, cwd=ROOT)


def test_json_export_is_the_worked_example(cli, tmp_path):
    out = tmp_path / "x.json"
    result = cli("--export", str(out))
    assert result.returncode == 0, result.stderr
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["ids"] == spec.IDS
    assert data["tokens"] == [spec.TOKENS[i] for i in spec.IDS]
    assert data["positions"] == [1, 2, 3, 4, 5]
    assert data["scheme"] == "learned"
    np.testing.assert_allclose(data["E_rows"], np.array(spec.E)[spec.IDS], atol=1e-9)
    np.testing.assert_allclose(data["P"], spec.P[:5], atol=1e-9)
    np.testing.assert_allclose(data["X"], spec.X_LEARNED, atol=1e-9)


def test_json_export_of_the_swap_and_of_a_scheme_that_adds_nothing(cli, tmp_path):
    out = tmp_path / "x.json"
    assert cli("--text", "o sub gatoiu no", "--export", str(out)).returncode == 0
    np.testing.assert_allclose(json.loads(out.read_text())["X"][2], spec.GATO_AT_3_LEARNED, atol=1e-9)
    assert cli("--scheme", "rope", "--export", str(out)).returncode == 0
    data = json.loads(out.read_text())
    assert data["P"] is None
    np.testing.assert_allclose(data["X"], np.array(spec.E)[spec.IDS], atol=1e-9)


def test_sinusoidal_export_rounds_to_spec(cli, tmp_path):
    out = tmp_path / "x.json"
    assert cli("--scheme", "sinusoidal", "--export", str(out)).returncode == 0
    P = np.array(json.loads(out.read_text())["P"])
    np.testing.assert_array_equal(np.round(P[:3], 3), np.array(spec.SINUSOIDAL))


def test_csv_and_tex_exports(cli, tmp_path):
    csv_path, tex_path = tmp_path / "x.csv", tmp_path / "x.tex"
    assert cli("--export", str(csv_path)).returncode == 0
    rows = list(csv.reader(csv_path.read_text().splitlines()))
    assert rows[0] == ["position", "token", "id", "d0", "d1", "d2", "d3"]
    assert [row[2] for row in rows[1:]] == [str(i) for i in spec.IDS]
    np.testing.assert_allclose(np.array([row[3:] for row in rows[1:]], dtype=float), spec.X_LEARNED, atol=1e-9)
    assert cli("--export", str(tex_path), "--lang", "en").returncode == 0
    tex = tex_path.read_text()
    assert "\\begin{bmatrix}" in tex and "\\end{bmatrix}" in tex
    assert "1.5 & -0.5 & -0.5 & -0.5 \\\\" in tex
    assert "-0.5 & -0.5 & -0.5 & 1.5\n" in tex
    assert cli("--export", str(tex_path), "--lang", "pt").returncode == 0
    assert "1{,}5 & -0{,}5 & -0{,}5 & -0{,}5 \\\\" in tex_path.read_text()


@pytest.mark.parametrize("suffix", [".png", ".svg"])
def test_image_exports(cli, tmp_path, suffix):
    out = tmp_path / f"x{suffix}"
    result = cli("--export", str(out))
    assert result.returncode == 0, result.stderr
    head = out.read_bytes()[:200]
    assert head.startswith(b"\x89PNG") if suffix == ".png" else b"<svg" in out.read_bytes()
    if suffix == ".svg":
        assert b"1.5" in out.read_bytes()


def test_screenshot(cli, tmp_path):
    out = tmp_path / "shot.png"
    result = cli("--screenshot", str(out), "--size", "1024x768")
    assert result.returncode == 0, result.stderr
    from PySide6.QtGui import QImage

    image = QImage(str(out))
    assert (image.width(), image.height()) == (1024, 768)


def test_a_launch_with_bad_input_exits_2_with_one_line_and_no_traceback(tmp_path):
    result = run_process("--text", "o gato voou", "--export", str(tmp_path / "x.json"))
    assert result.returncode == 2
    assert result.stderr.strip().splitlines() == [
        "embedding-visualizer: error: cannot tokenize --text: no token matches ' voou' at character 6"]
    assert result.stdout == "" and list(tmp_path.iterdir()) == []


def test_a_launch_that_exports_exits_0_silently(tmp_path):
    out = tmp_path / "x.json"
    result = run_process("--export", str(out))
    assert (result.returncode, result.stdout, result.stderr) == (0, "", "")
    assert json.loads(out.read_text(encoding="utf-8"))["ids"] == spec.IDS


# main.py as the teacher starts it, its event loop replaced by a probe that reports the collector's
# state once the window is up, then quits (the window, settings and exit are the app's own).
_PROBE_THE_COLLECTOR = """
import gc, runpy, sys
from PySide6.QtWidgets import QApplication

def probe():
    print("collector", gc.isenabled(), gc.get_freeze_count() > 0, flush=True)
    return 0

QApplication.exec = staticmethod(probe)
sys.argv = [sys.argv[1]]
runpy.run_path(sys.argv[0], run_name="__main__")
"""


def test_a_launch_runs_with_the_collector_on_once_the_window_is_up(tmp_path):
    # main.py keeps the garbage collector off while starting (a faster start): left off, a class's
    # hour of work would never have its reference cycles collected.
    import os

    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    result = subprocess.run([sys.executable, "-c", _PROBE_THE_COLLECTOR, str(ROOT / "main.py")], capture_output=True,
                            text=True, timeout=120, env=env, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == ["collector True True"]


def test_a_caller_of_main_keeps_the_collector_as_it_had_it(cli, tmp_path):
    import gc

    frozen = gc.get_freeze_count()
    result = cli("--screenshot", str(tmp_path / "shot.png"))
    assert result.returncode == 0, result.stderr
    assert gc.isenabled() and gc.get_freeze_count() == frozen
