"""Exports round-trip the live numbers: PNG at 1×/2×/4×, SVG, CSV, NPY, LaTeX, PDF, clipboard."""

import csv

import numpy as np
import pytest
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication

from tests import spec


@pytest.mark.parametrize("scale", [1, 2, 4])
def test_view_png_at_each_scale(window, tmp_path, scale):
    path = tmp_path / f"view{scale}.png"
    assert window.exports.export_view(path, scale)
    image = QImage(str(path))
    view = window.current_view()
    assert (image.width(), image.height()) == (view.width() * scale, view.height() * scale)


def test_whole_window_png_and_view_svg(window, tmp_path):
    assert window.exports.export_view(tmp_path / "window.png", 2, whole_window=True)
    assert QImage(str(tmp_path / "window.png")).width() == window.width() * 2
    assert window.exports.export_view(tmp_path / "view.svg")
    svg = (tmp_path / "view.svg").read_text()
    assert svg.startswith("<?xml") and "<svg" in svg
    for value in ("1.5", "-0.5"):
        assert f">{value}<" in svg.replace(" ", "") or value in svg


def test_arrays_as_csv_and_npy_round_trip(window, tmp_path):
    window.model.set_causal(False)
    assert window.exports.export_arrays(tmp_path)
    X = np.load(tmp_path / "X.npy", allow_pickle=False)
    np.testing.assert_allclose(X, spec.X_LEARNED, atol=1e-9)
    np.testing.assert_array_equal(np.load(tmp_path / "E.npy"), np.array(spec.E, dtype=float))
    np.testing.assert_array_equal(np.load(tmp_path / "P.npy"), np.array(spec.P[:5], dtype=float))
    np.testing.assert_array_equal(np.load(tmp_path / "scores.npy"), window.model.scores())
    gradient = np.load(tmp_path / "gradient.npy")
    rows, grads = window.lab.gradient()
    np.testing.assert_array_equal(gradient[rows], grads)
    assert (np.delete(gradient, rows, axis=0) == 0).all()
    table = list(csv.reader((tmp_path / "X.csv").read_text().splitlines()))
    assert table[0] == ["d0", "d1", "d2", "d3"]
    np.testing.assert_allclose(np.array(table[1:], dtype=float), spec.X_LEARNED, atol=1e-9)


def test_latex_has_the_live_numbers(window, tmp_path):
    window.model.move_token(1, 2)
    assert window.exports.export_latex(tmp_path / "x.tex")
    assert "1 & 0 & 0 & -1 \\\\" in (tmp_path / "x.tex").read_text()


def test_worked_example_pdf(window, tmp_path):
    window.set_language("pt")
    assert window.exports.print_worked_example(tmp_path / "x.pdf")
    data = (tmp_path / "x.pdf").read_bytes()
    assert data.startswith(b"%PDF") and len(data) > 1000
    window.set_language("en")


def test_copy_puts_the_view_on_the_clipboard(window):
    QApplication.clipboard().clear()
    window.action_table["copy_view"].trigger()
    image = QApplication.clipboard().image()
    assert not image.isNull() and image.width() == window.current_view().width() * 2


def test_exports_to_bad_places_say_so(window, tmp_path):
    assert not window.exports.export_view(tmp_path / "missing" / "v.png")
    assert "does not exist" in window.statusBar().currentMessage()
    assert not window.exports.export_arrays(tmp_path / "nope")
    assert "not a folder" in window.statusBar().currentMessage()


def test_the_exported_picture_shows_the_highlighted_row_as_the_screen_does(window, tmp_path):
    assert window.exports.export(tmp_path / "plain.png")
    window.highlight.set_position(2)
    assert window.exports.export(tmp_path / "marked.png")
    window.highlight.set_position(None)
    assert window.exports.export(tmp_path / "plain-again.png")
    assert (tmp_path / "plain.png").read_bytes() == (tmp_path / "plain-again.png").read_bytes()
    assert (tmp_path / "plain.png").read_bytes() != (tmp_path / "marked.png").read_bytes()
