"""The colour bar's workaround of pyqtgraph's internals still takes: a pyqtgraph upgrade that
breaks it fails here, not silently in a slower start."""

from __future__ import annotations

import pyqtgraph as pg

from visualizer.core.formatting import NUMBER_FORMATS
from visualizer.ui.colour_bar import ColourBar, colour_bar, set_colour_bar_levels
from visualizer.ui.palette import colormap
from visualizer.ui.tick_axis import TickAxis


def test_the_bar_stands_on_the_lighter_plot(qapp):
    # ColorBarItem builds its PlotItem with super().__init__(): the class placed between them in the
    # method order gives it axes of tick labels only. pyqtgraph's own bar has AxisItems.
    ours, theirs = colour_bar(colorMap=colormap(), interactive=False), pg.ColorBarItem(colorMap=colormap())
    assert isinstance(ours, ColourBar) and isinstance(ours, pg.ColorBarItem)
    for side in ("left", "right", "top", "bottom"):
        assert type(ours.getAxis(side)) is TickAxis, side
        assert type(theirs.getAxis(side)) is not TickAxis
    assert ours.getViewBox().menu is None


def test_levels_and_ticks_are_set_once_for_the_same_key(qapp):
    bar = colour_bar(colorMap=colormap(), interactive=False)
    set_colour_bar_levels(bar, 1.5, NUMBER_FORMATS["pt"])
    assert bar.levels() == (-1.5, 1.5)
    assert [label for _, label in bar.axis._tickLevels[0]][:2] == ["−1,5", "−1"]
    bar.axis.setTicks([[(0.0, "changed by hand")]])
    set_colour_bar_levels(bar, 1.5, NUMBER_FORMATS["pt"])  # the same key: nothing is typeset again
    assert bar.axis._tickLevels[0] == [(0.0, "changed by hand")]
    bar.drawn_levels = None  # a new type asks for the ticks again
    set_colour_bar_levels(bar, 1.5, NUMBER_FORMATS["pt"])
    assert len(bar.axis._tickLevels[0]) == 7
