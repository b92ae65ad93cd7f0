"""Colours and fonts shared by the views (Qt side of :mod:`visualizer.appearance`)."""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtGui import QColor, QFont

from ..appearance import Appearance
from ..core.formatting import NumberFormat

COLORMAP_NAME = "CET-CBD1"
"""One diverging, colour-blind-safe map (blue … grey … yellow) for every heatmap."""

# Okabe–Ito: a qualitative palette that stays distinct for colour-blind viewers.
_TOKEN_COLOURS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#7A5C00",
                  "#000000")

HIGHLIGHT = QColor("#D55E00")
BEYOND_TRAINED = QColor("#B00020")


def colormap() -> pg.ColorMap:
    """The shared diverging colormap."""
    return pg.colormap.get(COLORMAP_NAME)


def token_colour(position: int) -> QColor:
    """The colour of the token at ``position`` (0-based), the same in chips and clock hands."""
    return QColor(_TOKEN_COLOURS[position % len(_TOKEN_COLOURS)])


def symmetric_limit(*arrays: np.ndarray | None, floor: float = 1.0) -> float:
    """Colour levels ±L with L the largest finite |value|, rounded up to 0.5, at least ``floor``."""
    largest = floor
    for array in arrays:
        if array is not None and array.size:
            finite = np.abs(array[np.isfinite(array)])
            if finite.size:
                largest = max(largest, float(finite.max()))
    return float(np.ceil(largest * 2) / 2)


def set_colour_bar_levels(bar: pg.ColorBarItem, limit: float, numbers: NumberFormat) -> None:
    """Levels ±limit and ticks written in the language's number format (−0,5 in Portuguese)."""
    key = (limit, numbers)
    if getattr(bar, "_drawn_levels_key", None) == key:
        return
    bar._drawn_levels_key = key
    bar.setLevels(low=-limit, high=limit)
    if limit <= 3:
        values = np.arange(-limit, limit + 0.25, 0.5)
    else:  # multiples of a round step (2, 5, 2e5 …) through 0, at most about a dozen of them
        step = tick_step(limit / 6)
        count = int(limit // step)
        values = step * np.arange(-count, count + 1)
    bar.axis.setTicks([[(float(v), numbers.short(float(v))) for v in values]])


def tick_step(at_least: float) -> float:
    """The smallest of 1, 2, 5 × 10^k that is at least ``at_least`` (> 0)."""
    power = 10.0 ** np.floor(np.log10(at_least))
    return float(next(m * power for m in (1, 2, 5, 10) if m * power >= at_least))


def scaled_font(appearance: Appearance, points: float, bold: bool = False,
                family: str | None = None) -> QFont:
    """A font of ``points`` at the app-wide scale."""
    font = QFont(family) if family else QFont()
    font.setPointSizeF(appearance.pt(points))
    font.setBold(bold)
    return font


def text_colour_on(rgba: tuple[float, float, float, float] | QColor) -> QColor:
    """Black or white, whichever reads better on the given background."""
    colour = rgba if isinstance(rgba, QColor) else QColor.fromRgbF(*rgba)
    luminance = 0.2126 * colour.redF() + 0.7152 * colour.greenF() + 0.0722 * colour.blueF()
    return QColor("black") if luminance > 0.5 else QColor("white")
