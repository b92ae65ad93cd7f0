"""The real model's RoPE clock: one small face per pair i, every face painted in one paintEvent."""

from __future__ import annotations

import math

import numpy as np
from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QFont, QFontMetrics, QMouseEvent, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from visualizer.appearance import Appearance
from visualizer.ui.palette import HIGHLIGHT, token_colour

MAX_HANDS = 64
"""Hands drawn per face: the first tokens of a long text (more would be an unreadable fan)."""

MIN_TEXT_PX = 14
"""No text on the faces is smaller than this (in pixels, before the app-wide scale)."""


class RealClockFaces(QWidget):
    """A grid of clock faces that fits the widget: face i turns the token at position t (from 1) by (t − 1)·θ_i.

    Hands start at twelve o'clock and turn clockwise, as on the toy's clock. Faces carry a title
    "i = …" only when they are big enough for ``MIN_TEXT_PX`` type; otherwise ``hovered`` tells the
    page which pair the pointer is on (−1 when none) so it can write i and θ_i in a readout line.
    """

    hovered = Signal(int)

    def __init__(self, appearance: Appearance, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._appearance = appearance
        self.theta = np.zeros(0)
        self.tokens = 0
        self.hovered_pair = -1
        self.setMouseTracking(True)
        self.setMinimumSize(appearance.px(120), appearance.px(120))
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)

    def set_state(self, theta: np.ndarray, tokens: int) -> None:
        """θ_i per pair and the sentence's length; repaints."""
        self.theta = np.asarray(theta, dtype=float)
        self.tokens = int(tokens)
        if self.hovered_pair >= self.theta.size:
            self._set_hovered(-1)
        self.update()

    def pairs(self) -> int:
        """Number of faces (one per pair)."""
        return int(self.theta.size)

    def hand_angles(self) -> np.ndarray:
        """(pairs, hands) angles in [0, 2π): hand t − 1 of face i is turned by (t − 1)·θ_i."""
        hands = np.arange(min(self.tokens, MAX_HANDS), dtype=float)
        return np.mod(np.outer(self.theta, hands), 2 * np.pi)

    def grid(self) -> tuple[int, int]:
        """(face side in pixels, faces per row): the largest square faces whose grid fits the widget."""
        pairs = max(1, self.pairs())
        width, height = max(1, self.width()), max(1, self.height())
        side, columns = max((min(width // c, height // math.ceil(pairs / c)), -c) for c in range(1, pairs + 1))
        return max(1, side), -columns

    def title_font(self) -> QFont:
        """The face titles' font: never smaller than ``MIN_TEXT_PX``."""
        font = QFont(self.font())
        font.setPixelSize(max(MIN_TEXT_PX, self._appearance.px(MIN_TEXT_PX)))
        font.setBold(True)
        return font

    def has_titles(self) -> bool:
        """Faces carry their pair index only when the title leaves a readable dial under it."""
        side = self.grid()[0]
        metrics = QFontMetrics(self.title_font())
        widest = metrics.horizontalAdvance(f"i = {max(0, self.pairs() - 1)}")
        return side >= 4 * metrics.lineSpacing() and widest <= side - self._appearance.px(4)

    def face_rects(self) -> list[QRectF]:
        """The square cell of every face, row by row, the grid centred in the widget."""
        side, columns = self.grid()
        pairs = self.pairs()
        rows = math.ceil(max(1, pairs) / columns)
        left = (self.width() - columns * side) / 2
        top = (self.height() - rows * side) / 2
        return [QRectF(left + (i % columns) * side, top + (i // columns) * side, side, side) for i in range(pairs)]

    def dial(self, cell: QRectF, titled: bool) -> tuple[QPointF, float]:
        """Centre and radius of the dial inside ``cell`` (below the title when there is one)."""
        title = QFontMetrics(self.title_font()).lineSpacing() if titled else 0
        margin = max(1.0, min(self._appearance.px(4), cell.width() * 0.08))
        radius = max(1.0, (min(cell.width(), cell.height() - title) - 2 * margin) / 2)
        centre = QPointF(cell.center().x(), cell.top() + title + (cell.height() - title) / 2)
        return centre, radius

    def pair_at(self, point: QPointF) -> int:
        """The pair whose cell holds ``point``, −1 outside every face."""
        for i, cell in enumerate(self.face_rects()):
            if cell.contains(point):
                return i
        return -1

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.fillRect(self.rect(), QColor("white"))
        titled = self.has_titles()
        font = self.title_font()
        painter.setFont(font)
        line = QFontMetrics(font).lineSpacing()
        angles = self.hand_angles()
        side = self.grid()[0]
        hand_width = max(1.0, min(self._appearance.px(3), side / 30))
        dial_pen = QPen(QColor("#888888"), max(1.0, self._appearance.px(1)))
        pens = [QPen(token_colour(p), hand_width, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap)
                for p in range(angles.shape[1])]
        for i, cell in enumerate(self.face_rects()):
            centre, radius = self.dial(cell, titled)
            if i == self.hovered_pair:
                painter.fillRect(cell, QColor("#EEF4FA"))
            painter.setPen(QPen(HIGHLIGHT, dial_pen.widthF() * 2) if i == self.hovered_pair else dial_pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawEllipse(centre, radius, radius)
            if titled:
                painter.setPen(QColor("#202020"))
                painter.drawText(QRectF(cell.left(), cell.top(), cell.width(), line), Qt.AlignmentFlag.AlignCenter,
                                 f"i = {i}")
            for p in range(angles.shape[1] - 1, -1, -1):  # position 1 on top
                angle = float(angles[i, p])
                tip = QPointF(centre.x() + math.sin(angle) * radius * 0.9, centre.y() - math.cos(angle) * radius * 0.9)
                painter.setPen(pens[p])
                painter.drawLine(centre, tip)
        painter.end()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        self._set_hovered(self.pair_at(event.position()))
        super().mouseMoveEvent(event)

    def leaveEvent(self, event: object) -> None:
        self._set_hovered(-1)

    def _set_hovered(self, pair: int) -> None:
        if pair != self.hovered_pair:
            self.hovered_pair = pair
            self.hovered.emit(pair)
            self.update()
