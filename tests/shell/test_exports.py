"""Exports round-trip the live numbers: PNG at 1×/2×/4×, SVG, CSV, NPY, LaTeX, clipboard (the PDF
handout has its own file, test_handout_pdf.py)."""

import csv
import re

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
    view = window.tabs.current_view()
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
    assert table[0] == ["position", "token", "id", "d0", "d1", "d2", "d3"]
    assert [row[:3] for row in table[1:]] == [[str(p + 1), spec.TOKENS[i], str(i)] for p, i in enumerate(spec.IDS)]
    np.testing.assert_allclose(np.array([row[3:] for row in table[1:]], dtype=float), spec.X_LEARNED, atol=1e-9)
    scores = list(csv.reader((tmp_path / "scores.csv").read_text().splitlines()))
    # The screen labels the scores' key columns 1 … n, as it numbers positions.
    assert scores[0] == ["position", "token", "id", *(str(p) for p in range(1, len(spec.IDS) + 1))]
    E = list(csv.reader((tmp_path / "E.csv").read_text().splitlines()))
    assert E[0] == ["id", "token", "d0", "d1", "d2", "d3"] and [row[1] for row in E[1:]] == spec.TOKENS


def test_latex_has_the_live_numbers(window, tmp_path):
    window.model.move_token(1, 2)
    assert window.exports.export_latex(tmp_path / "x.tex")
    assert "1 & 0 & 0 & -1 \\\\" in (tmp_path / "x.tex").read_text()


def test_latex_follows_the_language_on_screen(window, tmp_path):
    window.set_language("pt")
    try:
        assert window.exports.export_latex(tmp_path / "x.tex")
        assert window.exports.export(tmp_path / "y.tex")
    finally:
        window.set_language("en")
    for name in ("x.tex", "y.tex"):
        tex = (tmp_path / name).read_text()
        assert "1{,}5 & -0{,}5 & -0{,}5 & -0{,}5 \\\\" in tex and "0.5" not in tex


def svg_canvas(path) -> tuple[float, float, list[float], str]:
    """The SVG's width and height (mm), its viewBox and its title."""
    head = path.read_text(encoding="utf-8")[:2000]
    width, height = (float(v) for v in re.search(r'width="([\d.]+)mm" height="([\d.]+)mm"', head).groups())
    box = [float(v) for v in re.search(r'viewBox="([^"]+)"', head).group(1).split()]
    return width, height, box, re.search(r"<title>(.*)</title>", head).group(1)


def test_the_x_svg_is_the_size_of_its_figure_and_titled_in_the_language(window, tmp_path):
    from visualizer.toy.x_picture import export_x_panel_image

    path = tmp_path / "x.svg"
    export_x_panel_image(window.model, path, window.appearance, width=1200, height=520)
    width, height, box, title = svg_canvas(path)
    # The figure is the panel's plot, 1200 px wide, drawn 1 px to 1 CSS px (96 per inch).
    assert box[:2] == [0, 0] and box[2] == 1200 and 300 < box[3] < 520
    assert (width, height) == pytest.approx((box[2] / 96 * 25.4, box[3] / 96 * 25.4), abs=0.1)
    svg = path.read_text(encoding="utf-8")
    assert ">1.5<" in svg.replace(" ", "") or "1.5" in svg
    assert title == "X = E[ids] + P (positions: Learned)"
    export_x_panel_image(window.model, tmp_path / "x.png", window.appearance, width=1200, height=520)
    png = QImage(str(tmp_path / "x.png"))
    assert (png.width(), png.height()) == (2 * 1200, 2 * box[3])  # the same figure, drawn at 2×
    window.set_language("pt")
    try:
        window.model.set_scheme("sinusoidal")
        export_x_panel_image(window.model, path, window.appearance)
    finally:
        window.set_language("en")
    assert svg_canvas(path)[3] == "X = E[ids] + PE (posições: Senoidal)"


def test_copy_puts_the_view_on_the_clipboard(window):
    QApplication.clipboard().clear()
    window.action_table["copy_view"].trigger()
    image = QApplication.clipboard().image()
    assert not image.isNull() and image.width() == window.tabs.current_view().width() * 2


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
