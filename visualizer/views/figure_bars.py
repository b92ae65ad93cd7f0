"""Figures as lines of text, each with a bar under it, all bars to one scale.

What the stage shows where a number's size is the point: the parameters of E at GPT-2's and
Llama 3's scale, the memory of the sparse and the dense gradient. Drawn for the back row while
presenting (22 px type, digits 16 px tall at 768 lines).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from ..appearance import Appearance
from .palette import scaled_font

NUMBER_PX = 22
"""Type of the figures while presenting, in pixels at 1024 × 768 (digits 16 px)."""


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

    def figures(self) -> list[Figure]:
        """The figures shown."""
        return list(self._figures)

    def drawn_texts(self) -> list[tuple[QRectF, str, QFont]]:
        """Every text of the last paint: where, what and in which type (read back by tests)."""
        return list(self._drawn)

    def fonts(self) -> tuple[QFont, QFont]:
        """The type of the figures and of the heading."""
        appearance = self._appearance
        if appearance.presenting:
            body, heading = QFont(), QFont()
            body.setPixelSize(appearance.stage_px(NUMBER_PX))
            body.setBold(False)  # the window's own type is bold while presenting
            heading.setPixelSize(appearance.stage_px(NUMBER_PX))
            heading.setBold(True)
            return body, heading
        return scaled_font(appearance, 11, bold=False), scaled_font(appearance, 11, bold=True)

    def text_width(self) -> int:
        """The width the longest line needs."""
        body, heading = self.fonts()
        widths = [QFontMetrics(body).horizontalAdvance(f.text) for f in self._figures]
        return max([*widths, QFontMetrics(heading).horizontalAdvance(self._title)]) + 2 * self._margin()

    def _margin(self) -> int:
        return self._appearance.px(8)

    def _least_height(self) -> int:
        body, _ = self.fonts()
        line = QFontMetrics(body).height()
        bars = sum(1 for f in self._figures if f.parts)
        return (1 + len(self._figures)) * line + bars * round(line * 0.8) + 2 * self._margin()

    def paintEvent(self, event: QPaintEvent) -> None:
        appearance = self._appearance
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        foreground = QColor(appearance.foreground)
        painter.fillRect(self.rect(), QColor(appearance.background))
        body, heading = self.fonts()
        line = QFontMetrics(body).height()
        bar = round(line * 1.2)
        figures = self._figures
        lines = (1 if self._title else 0) + len(figures)
        bars = sum(1 for f in figures if f.parts)
        margin = self._margin()
        # Share the height out: a full gap after each line or bar, half a gap between a line and
        # its bar; bars no taller than their line's type allows.
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
