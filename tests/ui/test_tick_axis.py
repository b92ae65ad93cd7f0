"""The names an axis draws itself land on the very pixels pyqtgraph's own drawing gives them."""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QFont, QImage, QPainter, QPen, QPicture
from PySide6.QtWidgets import QApplication, QWidget

from tests.stage import close_all, ordinary
from visualizer.ui.tick_axis import TickAxis


def axes_in(widget: QWidget) -> list[TickAxis]:
    """Every :class:`TickAxis` in the graphics views inside ``widget``."""
    return [item for view in widget.findChildren(pg.GraphicsView) if view.scene() is not None
            for item in view.scene().items() if isinstance(item, TickAxis)]


def pixels(widget: QWidget) -> np.ndarray:
    """``widget`` painted afresh, as an (height, width, 4) array of bytes."""
    image = widget.grab().toImage().convertToFormat(QImage.Format.Format_RGBA8888)
    return np.frombuffer(image.constBits(), np.uint8).reshape(image.height(), image.width(), 4).copy()


def as_pyqtgraph_draws(widget: QWidget, monkeypatch) -> np.ndarray:
    """``widget`` painted with every axis drawn by pyqtgraph's own picture, less its tick marks.

    A name axis's marks are 0 px long and have no pen: drawn, they are nothing. Played back from a QPicture,
    each became a grey dot on the edge of the matrix (Qt 6.8; see the last test).
    """
    draw_picture = pg.AxisItem.drawPicture
    monkeypatch.setattr(pg.AxisItem, "drawPicture",
                        lambda self, painter, line, marks, names: draw_picture(
                            self, painter, line, [mark for mark in marks if mark[0].style() != Qt.PenStyle.NoPen],
                            names))
    monkeypatch.setattr(TickAxis, "_names_only", lambda self: None)
    for axis in axes_in(widget):
        axis.picture = None
    drawn = pixels(widget)
    monkeypatch.undo()
    for axis in axes_in(widget):
        axis.picture = None
    return drawn


def assert_same_pixels(widget: QWidget, monkeypatch) -> None:
    ours = pixels(widget)
    assert any(axis._names for axis in axes_in(widget)), "no axis drew its names itself"
    theirs = as_pyqtgraph_draws(widget, monkeypatch)
    differing = np.argwhere((ours != theirs).any(axis=2))
    assert differing.size == 0, f"{len(differing)} pixels differ, first at (y, x) {differing[0].tolist()}"


@pytest.mark.parametrize("view", ["x_panel", "lookup_table", "attention", "comparison", "gradient_lab"])
def test_the_window_s_names_are_pyqtgraph_s(window, view, monkeypatch):
    window.tabs.show_view(window.view(view))
    window.model.set_text("o gato subiu no telhado no muro no sofá.")
    window.model.set_scheme("sinusoidal")
    QApplication.processEvents()
    assert_same_pixels(window, monkeypatch)


@pytest.mark.parametrize("language", ["en", "pt"])
def test_the_small_window_s_names_are_pyqtgraph_s(qtbot, language, monkeypatch):
    window = ordinary(qtbot, language)
    try:
        window.model.set_scheme("rope")
        QApplication.processEvents()
        assert_same_pixels(window, monkeypatch)
    finally:
        close_all([window])


@pytest.mark.parametrize("step", [2, 3, 6])  # E alone; sinusoidal P (names on two lines); X beside scores
def test_the_stage_s_names_are_pyqtgraph_s(presenting, step, monkeypatch):
    window = presenting((1024, 768), "pt", step)
    window.model.set_scheme("sinusoidal")
    QApplication.processEvents()
    assert_same_pixels(window, monkeypatch)


@pytest.mark.parametrize("orientation", ["left", "right", "top", "bottom"])
def test_every_side_places_names_as_pyqtgraph(qtbot, orientation, monkeypatch):
    font = QFont()
    font.setPixelSize(15)
    axis = TickAxis(orientation)
    axis.setStyle(tickLength=0, tickFont=font)
    axis.setPen(pg.mkPen(None))
    if orientation in ("left", "right"):
        axis.setWidth(80)
    else:
        axis.setHeight(30)
    # the last name lies past the range, and a long one runs past its band: both are left out
    axis.setTicks([[(0.5, "␣gato"), (1.5, "subiu"), (2.5, "d2"), (9.5, "beyond"),
                    (3.5, "a name far too long for its place at the end")]])
    plot = pg.PlotWidget(axisItems={orientation: axis})
    qtbot.addWidget(plot)
    plot.showAxis(orientation)
    plot.setRange(xRange=(0, 4), yRange=(0, 4), padding=0)
    plot.resize(320, 240)
    plot.show()
    qtbot.waitExposed(plot)
    ours = pixels(plot)
    assert axis._names is not None and [name for _, _, name in axis._names] == ["␣gato", "subiu", "d2"]
    assert np.array_equal(ours, as_pyqtgraph_draws(plot, monkeypatch))
    plot.close()


def test_an_axis_with_more_than_names_is_pyqtgraph_s(qtbot):
    axis = TickAxis("left")  # its line, tick marks and automatic ticks
    plot = pg.PlotWidget(axisItems={"left": axis})
    qtbot.addWidget(plot)
    plot.resize(320, 240)
    plot.show()
    qtbot.waitExposed(plot)
    plot.grab()
    assert axis._names is None and axis.picture is not None
    plot.close()


def test_a_picture_plays_a_mark_with_no_pen_as_a_dot(qapp):
    # Why the names are compared without pyqtgraph's marks, and why drawing them directly is not
    # only faster: the old drawing left a grey dot under every column's name.
    def drawn(through_picture: bool) -> QColor:
        image = QImage(10, 10, QImage.Format.Format_RGB32)
        image.fill(Qt.GlobalColor.white)
        pen = QPen(Qt.PenStyle.NoPen)
        pen.setColor(QColor(200, 200, 200))
        picture = QPicture()
        target = QPainter(image)
        painter = QPainter(picture) if through_picture else target
        painter.setPen(pen)
        painter.drawLine(QPointF(5, 5), QPointF(5, 5))
        if through_picture:
            painter.end()
            picture.play(target)
        target.end()
        return QColor(image.pixel(5, 5))

    assert drawn(through_picture=False) == QColor(Qt.GlobalColor.white)
    assert drawn(through_picture=True) == QColor(200, 200, 200)
