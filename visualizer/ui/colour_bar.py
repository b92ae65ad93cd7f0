"""The colour bar beside every heatmap: pyqtgraph's ColorBarItem on a lighter plot, its levels
and ticks in the language's numbers, run along the cells of the plot it scales.

The one workaround of pyqtgraph's internals among the views lives here (:class:`ColourBar`), with
its reason; ``tests/ui/test_colour_bar.py`` fails if a pyqtgraph upgrade breaks it.
"""

from __future__ import annotations

import math

import pyqtgraph as pg
from PySide6.QtGui import QFont, QFontMetrics

from visualizer.core.formatting import NumberFormat
from visualizer.ui.palette import colour_bar_ticks
from visualizer.ui.tick_axis import unlinked_axis


class _ColourBarPlot(pg.PlotItem):
    """The PlotItem under a :class:`ColourBar`, built as the bar ends up.

    pyqtgraph's ColorBarItem builds its PlotItem with the defaults (``super().__init__()`` in
    ``ColorBarItem.__init__``, pyqtgraph 0.14.0): a view whose context menu it switches off at once
    (building that menu was a third of a bar's cost), and four axes that typeset their hidden unit
    labels some thirty times. Placed between ColorBarItem and PlotItem in the bar's method order,
    this passes PlotItem the view without a menu and axes of tick labels only (whose SI prefix stays
    1: none shows a unit label).
    """

    def __init__(self, *args: object, **options: object) -> None:
        options.setdefault("enableMenu", False)
        options.setdefault("axisItems", {name: unlinked_axis(name) for name in ("left", "right", "top", "bottom")})
        super().__init__(*args, **options)


class ColourBar(pg.ColorBarItem, _ColourBarPlot):
    """pyqtgraph's ColorBarItem, on a lighter PlotItem (:class:`_ColourBarPlot`); drawn the same.

    Attributes
    ----------
    drawn_levels : tuple or None
        The (limit, number format, most ticks) its levels and ticks were last set for: the same
        again is skipped; None asks for them to be set again (a new type, say).
    """

    drawn_levels: tuple[float, NumberFormat, int | None] | None = None


def colour_bar(**options: object) -> ColourBar:
    """pyqtgraph's ColorBarItem (``options`` as its own) as a :class:`ColourBar`: its axes keep their
    SI prefix at 1, so a change of the bar's range does not typeset their hidden labels again."""
    return ColourBar(**options)


def set_colour_bar_levels(bar: ColourBar, limit: float, numbers: NumberFormat, most: int | None = None) -> None:
    """Levels ±limit and ticks written in the language's number format (see
    :func:`~visualizer.ui.palette.colour_bar_ticks`)."""
    key = (limit, numbers, most)
    if bar.drawn_levels == key:
        return
    bar.drawn_levels = key
    if bar.levels() != (-limit, limit):
        bar.setLevels(low=-limit, high=limit)
    bar.axis.setTicks([colour_bar_ticks(limit, numbers, most)])


def align_colour_bar(bar: ColourBar, plot: pg.PlotItem, tick_font: QFont) -> None:
    """Run ``bar`` along the cells of ``plot`` (not its title and column names), with room above
    and below for half a tick label: the labels at the bar's ends were cut by the edge of the view."""
    half = math.ceil(QFontMetrics(tick_font).height() / 2)
    cells = plot.getViewBox().sceneBoundingRect()
    top = max(half, round(cells.top() - plot.sceneBoundingRect().top()))
    bottom = max(half, round(plot.sceneBoundingRect().bottom() - cells.bottom()))
    margins = (1.0, float(top), 1.0, float(bottom))
    if bar.layout.getContentsMargins() != margins:
        bar.layout.setContentsMargins(*margins)


__all__ = ["ColourBar", "align_colour_bar", "colour_bar", "set_colour_bar_levels"]
