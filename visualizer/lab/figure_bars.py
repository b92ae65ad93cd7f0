"""Figures as lines of text, each with a bar under it, all bars to one scale.

What the stage shows where a number's size is the point: the parameters of E at GPT-2's and
Llama 3's scale, the memory of the sparse and the dense gradient. Drawn for the back row while
presenting (22 px type, digits 16 px tall at 768 lines).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtCore import QRectF, QSizeF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from visualizer.appearance import Appearance
from visualizer.ui.painted_text import PaintedText
from visualizer.ui.palette import scaled_font

NUMBER_PX = 22
"""Type of the figures while presenting, in pixels at 1024 × 768 (digits 16 px)."""
FILL, MAX_GROWTH = 0.92, 1.6
"""Presenting, the type grows until the widest line takes this share of the width, at most this much."""
BAR_HEIGHT, MAX_BAR_HEIGHT = 1.2, 3.0
"""A bar's height, in lines of its text: at least, and at most when the stage has room."""


@dataclass(frozen=True)
class Figure:
    """One line: its text and, under it, a bar of ``parts`` (value, colour) laid end to end."""

    text: str
    parts: tuple[tuple[float, QColor], ...] = ()


class FigureBars(QWidget):
    """A heading, then each figure's text with its bar; the bars share one scale (the longest).

    Parameters
    ----------
    appearance : Appearance
        Sizes, colours; the owner calls :meth:`set_figures` again when the language changes.
    """

    def __init__(self, appearance: Appearance, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._appearance = appearance
        self._title = ""
        self._figures: list[Figure] = []
        self._drawn: list[tuple[QRectF, str, QFont]] = []
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)

    def set_figures(self, title: str, figures: Sequence[Figure]) -> None:
        """Show ``figures`` under ``title``."""
        self._title, self._figures = title, list(figures)
        self.setMinimumHeight(self._least_height())
        self.update()

    def _least_height(self) -> int:
        font = scaled_font(self._appearance, 11)
        if self._appearance.presenting:
            font = QFont()
            font.setPixelSize(self._appearance.stage_px(NUMBER_PX))
        line = QFontMetrics(font).height()
        bars = sum(1 for f in self._figures if f.parts)
        # Bars may shrink to a thick line where the stage is short: the texts are the figures.
        return (1 + len(self._figures)) * line + bars * self._appearance.px(6) + 2 * self._margin()

    def figures(self) -> list[Figure]:
        """The figures shown."""
        return list(self._figures)

    def drawn_texts(self) -> list[tuple[QRectF, str, QFont]]:
        """Every text of the last paint: where, what and in which type (read back by tests)."""
        return list(self._drawn)

    def painted_texts(self) -> list[PaintedText]:
        """The heading and every figure as last painted, each as wide as its text (the label survey)."""
        return [PaintedText(text, font, QRectF(rect.topLeft(), QSizeF(QFontMetrics(font).horizontalAdvance(text),
                                                                        rect.height())), "figure")
                for rect, text, font in self._drawn]

    def fonts(self) -> tuple[QFont, QFont]:
        """The type of the figures and of the heading: presenting, the stage's size or larger, as
        large as the widest line and the lines' height leave room for (a wide screen fills)."""
        appearance = self._appearance
        if not appearance.presenting:
            return scaled_font(appearance, 11, bold=False), scaled_font(appearance, 11, bold=True)
        least = appearance.stage_px(NUMBER_PX)
        body, heading = QFont(), QFont()
        body.setBold(False)  # the window's own type is bold while presenting
        heading.setBold(True)
        body.setPixelSize(least)
        heading.setPixelSize(least)
        texts = [f.text for f in self._figures]
        if texts and self.width() > 0 and self.height() > 0:
            widest = max(QFontMetrics(body).horizontalAdvance(t) for t in texts)
            widest = max(widest, QFontMetrics(heading).horizontalAdvance(self._title))
            by_width = least * (self.width() - 2 * self._margin()) * FILL / max(1, widest)
            lines = (1 if self._title else 0) + len(texts)
            bars = sum(1 for f in self._figures if f.parts)
            per_px = (lines * (1 + 0.4) + bars * (BAR_HEIGHT + 0.2)) * QFontMetrics(body).height() / least
            by_height = (self.height() - 2 * self._margin()) / max(1.0, per_px)
            size = max(least, int(min(by_width, by_height, least * MAX_GROWTH)))
            body.setPixelSize(size)
            heading.setPixelSize(size)
        return body, heading

    def text_width(self) -> int:
        """The width the longest line needs."""
        body, heading = self.fonts()
        widths = [QFontMetrics(body).horizontalAdvance(f.text) for f in self._figures]
        return max([*widths, QFontMetrics(heading).horizontalAdvance(self._title)]) + 2 * self._margin()

    def _margin(self) -> int:
        return self._appearance.px(8)

    def paintEvent(self, event: QPaintEvent) -> None:
        appearance = self._appearance
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        foreground = QColor(appearance.foreground)
        painter.fillRect(self.rect(), QColor(appearance.background))
        body, heading = self.fonts()
        line = QFontMetrics(body).height()
        bar = round(line * BAR_HEIGHT)
        figures = self._figures
        lines = (1 if self._title else 0) + len(figures)
        bars = sum(1 for f in figures if f.parts)
        margin = self._margin()
        # Share the height out: the bars grow first (up to three lines: they are what the eye
        # compares), then the gaps, a full one after each line or bar and half of one between a line
        # and its bar.
        least_gap = line * 0.4
        free = self.height() - 2 * margin - lines * line - bars * bar - (lines + bars / 2) * least_gap
        if bars and free > 0:
            bar = min(round(line * MAX_BAR_HEIGHT), bar + int(free / bars))
        free = self.height() - 2 * margin - lines * line - bars * bar
        if free < 0:
            bar = max(4, round(bar + free / max(1, bars)))
            free = 0
        gap = free / max(1.0, lines + bars / 2)
        largest = max((sum(value for value, _ in f.parts) for f in figures if f.parts), default=1.0) or 1.0
        width = self.width() - 2 * margin
        self._drawn = []
        y = float(margin)
        if self._title:
            self._draw_text(painter, QRectF(margin, y, width, line), self._title, heading, foreground)
            y += line + gap
        for figure in figures:
            self._draw_text(painter, QRectF(margin, y, width, line), figure.text, body, foreground)
            if not figure.parts:
                y += line + gap
                continue
            y += line + gap / 2
            x = float(margin)
            for value, colour in figure.parts:
                length = width * value / largest
                painter.fillRect(QRectF(x, y, max(1.0, length), bar), colour)
                x += length
            painter.setPen(QPen(foreground, 1))
            painter.drawLine(margin, round(y), margin, round(y + bar))
            y += bar + gap
        painter.end()

    def _draw_text(self, painter: QPainter, rect: QRectF, text: str, font: QFont, colour: QColor) -> None:
        painter.setFont(font)
        painter.setPen(colour)
        painter.drawText(rect, int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter), text)
        self._drawn.append((rect, text, font))


__all__ = ["NUMBER_PX", "Figure", "FigureBars"]
