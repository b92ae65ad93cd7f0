"""Colours and fonts shared by the views (Qt side of :mod:`visualizer.appearance`)."""

from __future__ import annotations

import math

import numpy as np
import pyqtgraph as pg
from PySide6.QtGui import QColor, QFont, QFontMetrics
from PySide6.QtWidgets import QCheckBox, QRadioButton

from visualizer.appearance import Appearance
from visualizer.core import ADDITIVE_SCHEMES
from visualizer.core.formatting import NumberFormat
from visualizer.model import EmbeddingModel

COLORMAP_NAME = "CET-CBD1"
"""One diverging, colour-blind-safe map (blue … grey … yellow) for every heatmap."""

# Okabe–Ito: a qualitative palette that stays distinct for colour-blind viewers.
_TOKEN_COLOURS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#7A5C00",
                  "#000000")

MIN_WINDOW_NUMBER_PX = MIN_WINDOW_NAME_PX = 10
"""The smallest type a cell's number, or a row or column name, is drawn in, in the window (digits
8 px): smaller ones are not drawn (hover and the readouts still give a value)."""
STAGE_LABEL_PX = 20
"""Type of every label on stage (row and column names, colour-bar ticks, axis numbers, titles of
a clock face), in pixels at 768 lines and growing with the screen (``Appearance.stage_px``): its
digits are 14 px tall, the least a back row reads."""

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


class ToyScale:
    """The colour levels ±L every toy view draws with, through the whole lesson: E's 1 was dark on
    the table of steps 1 and 2 (levels ±1) and pale in step 3's X panel (±2).

    L covers every vector the toy can show of the model as it is, under any scheme: E, X under each
    scheme, RoPE's rotated rows (no entry longer than its pair). Scores are products of two such
    vectors and can reach further (sinusoidal's 3.1 for "o gato subiu no"): their colour stops at
    ±L, and their printed numbers say the rest. Taking them in paled every step (±3.5): a 0.5 was
    nearly white. L changes only when the model does (an edit of E, a longer sentence), and then in
    every view at once.

    Worked out once per state of the model, whichever view asks first.
    """

    def __init__(self) -> None:
        self._key: tuple[object, ...] = ()
        self._held: object = None  # the E the key names by identity, kept so that the identity is not reused
        self._limit = 1.0

    def limit(self, model: EmbeddingModel) -> float:
        """L for ``model`` as it is now."""
        key = (id(model.E), model.ids)
        if key != self._key:
            self._key, self._held = key, model.E
            E_rows = model.E_rows()
            # RoPE turns each pair of a row: no entry past the pair's length.
            pairs = np.hypot(E_rows[:, 0::2], E_rows[:, 1::2]) if E_rows.shape[1] % 2 == 0 else E_rows
            self._limit = symmetric_limit(model.E, pairs, *(model.X_under(scheme) for scheme in ADDITIVE_SCHEMES))
        return self._limit


TOY_SCALE = ToyScale()
"""The app's one scale (a single toy model per window; a second model just recomputes it)."""


def toy_limit(model: EmbeddingModel) -> float:
    """The colour levels ±L every toy view draws ``model`` with (:class:`ToyScale`)."""
    return TOY_SCALE.limit(model)


def colour_bar_ticks(limit: float, numbers: NumberFormat, most: int | None = None) -> list[tuple[float, str]]:
    """Ticks of a colour bar running −limit .. +limit, written in the language's number format
    (−0,5 in Portuguese): every 0.5 up to ±3; past that, multiples of a round step (2, 5, 2e5 …)
    through 0, about six a side. ``most`` caps how many there are: a short bar
    labels every second or fourth of them (both ends kept when the step allows, always symmetric
    about 0) rather than labels on top of each other."""

    def ticks(factor: int) -> np.ndarray:
        step = 0.5 * factor if limit <= 3 else tick_step(limit / 6) * factor
        if limit <= 3 and math.isclose(2 * limit / step, round(2 * limit / step)):
            return np.arange(-limit, limit + step / 2, step)  # both ends labelled
        count = int(limit // step)
        return step * np.arange(-count, count + 1)

    values = ticks(1)
    for factor in (2, 4, 8):
        if most is None or len(values) <= most:
            break
        values = ticks(factor)
    return [(float(v), numbers.short(float(v))) for v in values]


def stage_label_font(appearance: Appearance, bold: bool = False) -> QFont:
    """The type of labels on stage (:data:`STAGE_LABEL_PX` at 768 lines, growing with the screen)."""
    font = QFont()
    font.setPixelSize(appearance.stage_px(STAGE_LABEL_PX))
    font.setBold(bold)
    return font


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


def size_indicator(button: QCheckBox | QRadioButton, presenting: bool) -> None:
    """On stage, a check box's square or a radio button's circle as tall as its text's capitals,
    filled once ticked or chosen: Qt draws them 13 px whatever the type, and beside 22 px words
    nobody in the room saw whether the causal mask was on, or which scheme was. Qt's own elsewhere."""
    side = QFontMetrics(button.font()).capHeight() + 4
    kind, corners = ("QRadioButton", f"border-radius: {side // 2 + 2}px; ") if isinstance(button, QRadioButton) \
        else ("QCheckBox", "")
    # Drawn by the style sheet: empty, filled once on (the theme's text and highlight).
    button.setStyleSheet(
        f"{kind}::indicator {{ width: {side}px; height: {side}px; border: 2px solid palette(text); {corners}"
        f"background: palette(base); }} {kind}::indicator:checked {{ background: palette(highlight); }}"
        if presenting else "")


def text_colour_on(rgba: tuple[float, float, float, float] | QColor) -> QColor:
    """Black or white, whichever reads better on the given background."""
    colour = rgba if isinstance(rgba, QColor) else QColor.fromRgbF(*rgba)
    luminance = 0.2126 * colour.redF() + 0.7152 * colour.greenF() + 0.0722 * colour.blueF()
    return QColor("black") if luminance > 0.5 else QColor("white")
