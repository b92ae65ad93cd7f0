"""Helpers for views drawn as a stage while presenting (read from the back row of a classroom)."""

from __future__ import annotations

from visualizer.appearance import Appearance
from visualizer.ui.heatmap import Heatmap
from visualizer.ui.palette import STAGE_LABEL_PX

AXIS_LABEL_PX = STAGE_LABEL_PX
"""Type of the row and column names of a stage's matrices, in pixels at 1024 × 768 (see ``stage_px``)."""


def fit_column_names(heatmap: Heatmap, appearance: Appearance) -> None:
    """Make the column names' band as tall as their type (pyqtgraph grows that band only after a
    paint, and drops every name that does not fit the band it has: on a 1920 × 1080 projector the
    names of the columns were not drawn at all). The heatmap now does so itself whenever its names
    or size change (:meth:`Heatmap.fit_labels`); this asks it to, for the views that call it."""
    heatmap.fit_labels()


__all__ = ["AXIS_LABEL_PX", "fit_column_names"]
