"""A row of matrices that scrolls, in the window, rather than drop the names of its rows."""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtWidgets import QFrame, QScrollArea, QWidget

LEAST_SHOWN = 160
"""The least height (pixels) such an area takes in the window's layout: a window shorter than all it
holds scrolls as a whole (:func:`visualizer.shell.screen_fit.within_screen`) rather than squeeze the
matrices into a slit (zoomed in at 1366 × 768, the attention's scores were 32 px tall)."""


class MatrixScroll(QScrollArea):
    """See :func:`scrolling`."""


    def minimumSizeHint(self) -> QSize:
        hint = super().minimumSizeHint()
        widget = self.widget()
        least = min(widget.minimumHeight(), LEAST_SHOWN) if widget is not None else 0
        return QSize(hint.width(), max(hint.height(), least))


def scrolling(row: QWidget) -> QScrollArea:
    """``row`` (a :class:`~visualizer.ui.matrix_row.MatrixRow`, whose least height keeps every row
    tall enough for its name) in a frameless area as large as the room it is given: it scrolls
    only while the room is shorter than that least height (32 tokens in a 768-line window), and
    asks the window above it for at most :data:`LEAST_SHOWN` pixels. Sideways, the row always fits
    its width."""
    area = MatrixScroll()
    area.setFrameShape(QFrame.Shape.NoFrame)
    area.setWidgetResizable(True)
    area.setFocusPolicy(Qt.FocusPolicy.NoFocus)
    area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    area.setWidget(row)
    return area


def set_least_height(row: QWidget, height: int) -> None:
    """Give ``row`` (in a :func:`scrolling` area) its least height, and tell the layouts above the
    area that its own least height may have changed (Qt tells only the area's inner viewport)."""
    if height == row.minimumHeight():
        return
    row.setMinimumHeight(height)
    parent = row.parentWidget()
    while parent is not None and not isinstance(parent, MatrixScroll):
        parent = parent.parentWidget()
    if parent is not None:
        parent.updateGeometry()


__all__ = ["LEAST_SHOWN", "MatrixScroll", "scrolling", "set_least_height"]
