"""Helpers for views drawn as a stage while presenting (read from the back row of a classroom)."""

from __future__ import annotations

from PySide6.QtGui import QFont, QFontMetrics

from ..appearance import Appearance
from .heatmap import Heatmap

AXIS_LABEL_PX = 15
"""Type of the row and column names of a stage's matrices, in pixels at 1024 × 768 (see ``stage_px``)."""


def fit_column_names(heatmap: Heatmap, appearance: Appearance) -> None:
    """Presenting, make the column names' band as tall as their type; otherwise leave it to pyqtgraph.

    pyqtgraph grows that band only after a paint, and drops every name that does not fit the
    band it has: on a 1920 × 1080 projector the names of the columns were not drawn at all.
    """
    top = heatmap.plot.getAxis("top")
    if appearance.presenting:
        font = QFont()
        font.setPixelSize(appearance.stage_px(AXIS_LABEL_PX))
        height = QFontMetrics(font).height() + appearance.px(4)
        if top.fixedHeight != height:
            top.setHeight(height)
    elif top.fixedHeight is not None:
        top.setHeight(None)


__all__ = ["AXIS_LABEL_PX", "fit_column_names"]
