"""The command line: exports carry SPEC's numbers; bad input exits 2 with one line."""

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


def run_cli(*args: str, env_extra: dict | None = None) -> subprocess.CompletedProcess:
    import os

    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", **(env_extra or {}))
    return subprocess.run([sys.executable, str(ROOT / "main.py"), *args], capture_output=True,
                          text=True, timeout=120, env=env, cwd=ROOT)


def test_json_export_is_the_worked_example(tmp_path):
    out = tmp_path / "x.json"
    result = run_cli("--export", str(out))
    assert result.returncode == 0, result.stderr
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["ids"] == spec.IDS
    assert data["tokens"] == [spec.TOKENS[i] for i in spec.IDS]
    assert data["positions"] == [1, 2, 3, 4, 5]
    assert data["scheme"] == "learned"
    np.testing.assert_allclose(data["E_rows"], np.array(spec.E)[spec.IDS], atol=1e-9)
    np.testing.assert_allclose(data["P"], spec.P[:5], atol=1e-9)
    np.testing.assert_allclose(data["X"], spec.X_LEARNED, atol=1e-9)


def test_json_export_of_the_swap_and_of_a_scheme_that_adds_nothing(tmp_path):
    out = tmp_path / "x.json"
    assert run_cli("--text", "o sub gatoiu no", "--export", str(out)).returncode == 0
    np.testing.assert_allclose(json.loads(out.read_text())["X"][2], spec.GATO_AT_3_LEARNED, atol=1e-9)
    assert run_cli("--scheme", "rope", "--export", str(out)).returncode == 0
    data = json.loads(out.read_text())
    assert data["P"] is None
    np.testing.assert_allclose(data["X"], np.array(spec.E)[spec.IDS], atol=1e-9)


def test_sinusoidal_export_rounds_to_spec(tmp_path):
    out = tmp_path / "x.json"
    assert run_cli("--scheme", "sinusoidal", "--export", str(out)).returncode == 0
    P = np.array(json.loads(out.read_text())["P"])
    np.testing.assert_array_equal(np.round(P[:3], 3), np.array(spec.SINUSOIDAL))


def test_csv_and_tex_exports(tmp_path):
    csv_path, tex_path = tmp_path / "x.csv", tmp_path / "x.tex"
    assert run_cli("--export", str(csv_path)).returncode == 0
    rows = list(csv.reader(csv_path.read_text().splitlines()))
    assert rows[0] == ["d0", "d1", "d2", "d3"]
    np.testing.assert_allclose(np.array(rows[1:], dtype=float), spec.X_LEARNED, atol=1e-9)
    assert run_cli("--export", str(tex_path)).returncode == 0
    tex = tex_path.read_text()
    assert "\\begin{bmatrix}" in tex and "\\end{bmatrix}" in tex
    assert "1.5 & -0.5 & -0.5 & -0.5 \\\\" in tex
    assert "-0.5 & -0.5 & -0.5 & 1.5\n" in tex


@pytest.mark.parametrize("suffix", [".png", ".svg"])
def test_image_exports(tmp_path, suffix):
    out = tmp_path / f"x{suffix}"
    result = run_cli("--export", str(out))
    assert result.returncode == 0, result.stderr
    head = out.read_bytes()[:200]
    assert head.startswith(b"\x89PNG") if suffix == ".png" else b"<svg" in out.read_bytes()
    if suffix == ".svg":
        assert b"1.5" in out.read_bytes()


def test_screenshot(tmp_path):
    out = tmp_path / "shot.png"
    result = run_cli("--screenshot", str(out), "--size", "1024x768")
    assert result.returncode == 0, result.stderr
    from PySide6.QtGui import QImage

    image = QImage(str(out))
    assert (image.width(), image.height()) == (1024, 768)
