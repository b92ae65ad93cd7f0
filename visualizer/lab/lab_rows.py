"""The gradient lab's panels share their rows: the bars' rows level with the gradient's, every row
tall enough for its name."""

from __future__ import annotations

import pyqtgraph as pg
from PySide6.QtGui import QFont, QFontMetrics

from visualizer.appearance import Appearance
from visualizer.ui.heatmap import Heatmap
from visualizer.ui.matrix_scroll import set_least_height
from visualizer.ui.palette import MIN_WINDOW_NAME_PX

ALIGN_PASSES = 4


def side_panels(plots: pg.GraphicsLayoutWidget, panels: tuple[pg.PlotItem, ...]) -> list[pg.PlotItem]:
    """Those of ``panels`` laid out and shown in ``plots``."""
    return [panel for panel in panels if panel in plots.ci.items and panel.isVisible()]


def align_rows(plots: pg.GraphicsLayoutWidget, grid: Heatmap, panels: list[pg.PlotItem]) -> None:
    """The bar charts' rows (``panels``) level with the gradient's (``grid``): their title rows as
    tall as the heatmap's title and column names (the row labels name all three panels' rows).
    Measured on the layout's geometry of now (activated here), again until nothing moves."""
    for _ in range(ALIGN_PASSES):
        _settle_layouts(plots, grid, panels)
        grid_top = grid.plot.getViewBox().sceneBoundingRect().top()
        moved = False
        for plot in panels:
            offset = grid_top - plot.getViewBox().sceneBoundingRect().top()
            height = plot.layout.rowMinimumHeight(0) + offset
            if abs(offset) > 0.5 and height >= 0:
                plot.layout.setRowFixedHeight(0, height)
                plot.titleLabel.setMaximumHeight(height)
                moved = True
        if not moved:
            return


def _settle_layouts(plots: pg.GraphicsLayoutWidget, grid: Heatmap, panels: list[pg.PlotItem]) -> None:
    """Lay out the panels now (Qt would at its next pass): their geometry is then the one drawn."""
    plots.ci.layout.activate()
    for plot in panels:
        plot.layout.activate()
    layout = grid.plot.layout()
    if layout is not None:
        layout.activate()


def rows_aligned(grid: Heatmap, panels: list[pg.PlotItem]) -> bool:
    """True when the bars' rows are level with the gradient's."""
    grid_top = grid.plot.getViewBox().sceneBoundingRect().top()
    return all(abs(panel.getViewBox().sceneBoundingRect().top() - grid_top) <= 1 for panel in panels)


def fit_least_height(plots: pg.GraphicsLayoutWidget, grid: Heatmap, rows: int, appearance: Appearance) -> None:
    """In the window, ``rows`` rows tall enough for the tokens' names at the least type (10 px): the
    page scrolls below that (zoomed in, the names of every other row were dropped). Presenting,
    none: the stage is laid out to fit."""
    least = 0
    if not appearance.presenting:
        font = QFont()
        font.setPixelSize(MIN_WINDOW_NAME_PX)
        row = QFontMetrics(font).tightBoundingRect("Åg0␣").height() + 3
        view = grid.plot.getViewBox().sceneBoundingRect()
        top = max(0.0, view.top()) if view.height() > 0 else 0.0
        least = int(top + row * rows + appearance.px(12))
    set_least_height(plots, least)


__all__ = ["align_rows", "fit_least_height", "rows_aligned", "side_panels"]
