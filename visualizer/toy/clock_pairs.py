"""The lesson's three RoPE pairs beside the clock, one a line: positions, angle, score.

Its own widget so the clock (:class:`~visualizer.toy.rope_clock.RopeClock`) keeps the state and
this label keeps the wording and the type size of the lesson's punchline: the same score for (3, 1)
and (10, 8).
"""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QFontMetrics
from PySide6.QtWidgets import QLabel, QWidget

from visualizer.appearance import Appearance
from visualizer.core import rope_score
from visualizer.toy.clock_controls import LESSON_PAIRS

LESSON_THETA = 0.5
"""θ of the lesson's one-pair example (q = k = [1, 0])."""
PAIRS_PX = 22
"""Type of the lesson pairs' scores while presenting, in pixels at 1024 × 768 (digits 16 px)."""
PAIRS_FILL, PAIRS_GROWTH = 0.92, 2.0
"""Presenting, the pairs' type grows until the widest line takes this share of its column (and its
lines the height the column leaves them), at most this much: the lesson's punchline (same score
for (3, 1) and (10, 8)) where the column had room (it left a quarter of the stage empty)."""


class ClockPairs(QLabel):
    """The lesson's pairs (``LESSON_PAIRS``) at θ = 0.5, each with its angle and its score."""

    def __init__(self, appearance: Appearance, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._appearance = appearance
        self.setWordWrap(True)
        self.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)

    def show_pairs(self) -> None:
        """Write the pairs in the language and numbers of now; presenting, two lines a pair, to
        show that only m − n counts."""
        numbers, lines = self._appearance.numbers, []
        for m, n in LESSON_PAIRS:
            score = rope_score(np.array([1.0, 0.0]), np.array([1.0, 0.0]), m, n, np.array([LESSON_THETA]))
            if self._appearance.presenting:
                lines.append(self.tr("({0}, {1}): m − n = {2}").format(m, n, m - n))
                lines.append("    " + self.tr("cos({0} × {1}) = {2}").format(
                    m - n, numbers.short(LESSON_THETA), numbers.fixed(score, 3)))
            else:
                lines.append(self.tr("({0}, {1}): cos({2}) = {3}").format(
                    m, n, numbers.short((m - n) * LESSON_THETA, 3), numbers.fixed(score, 3)))
        self.setText("\n".join(lines))

    def fit_font(self, column_width: int, free_height: int) -> None:
        """The window's type, or presenting the stage's, larger as the column allows: the widest
        line within ``column_width`` px, the lines within ``free_height`` px (what the controls
        above leave; 0 or less: no growth by height)."""
        font = QFont(self.font())  # bold or not as the window's type is
        if not self._appearance.presenting:
            font.setPointSizeF(self._appearance.pt(11))
        else:
            least = self._appearance.stage_px(PAIRS_PX)
            font.setPixelSize(least)
            lines = self.text().split("\n") if self.text() else []
            room = min(column_width, self.contentsRect().width() or column_width) * PAIRS_FILL
            if lines and room > 0:
                metrics = QFontMetrics(font)
                widest = max(metrics.horizontalAdvance(line) for line in lines)
                tall = free_height * PAIRS_FILL / (len(lines) * metrics.lineSpacing())
                by_height = int(least * tall) if free_height > 0 else least
                font.setPixelSize(max(least, min(int(least * room / widest), by_height, int(least * PAIRS_GROWTH))))
        if font != self.font():
            self.setFont(font)


__all__ = ["LESSON_THETA", "ClockPairs"]
