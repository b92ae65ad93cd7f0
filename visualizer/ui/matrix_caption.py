"""Text across a matrix ("nothing is added", "beyond the trained length"), fitted to its width."""

from __future__ import annotations

import pyqtgraph as pg
from PySide6.QtGui import QFontInfo, QFontMetrics

from visualizer.appearance import Appearance
from visualizer.ui.palette import MIN_WINDOW_NAME_PX, STAGE_LABEL_PX, scaled_font


class MatrixCaption(pg.TextItem):
    """A caption in a matrix's data coordinates, centred on chosen rows (all by default).

    It keeps its own type if it fits the matrix's width; across the whole matrix it first puts its
    words on more lines (an empty matrix has the height); then smaller type, so that no line is cut
    at the edges; never smaller than a label's least type (10 px in the window, the stage's label
    type while presenting): a matrix too narrow even for that shows no caption, on purpose.
    """

    def __init__(self, appearance: Appearance) -> None:
        super().__init__(anchor=(0.5, 0.5), color=(90, 90, 90))
        self._appearance = appearance
        self._text = ""  # as set; shown with its words on more lines where the matrix is narrow
        self._rows: tuple[int, int] | None = None
        self._width = 0.0
        self._key: tuple[object, ...] = ()
        self._fits = True
        self.setVisible(False)

    def text(self) -> str:
        """The caption as set (``toPlainText`` gives it as shown, its words maybe on more lines)."""
        return self._text

    def set_caption(self, text: str, rows: tuple[int, int] | None, shape: tuple[int, int],
                    again: bool = False) -> None:
        """Show ``text`` (none if empty) over ``rows`` (first, end) of a matrix of ``shape`` (rows,
        columns); ``again`` fits it even if nothing changed (the matrix's names were just set)."""
        if again or text != self._text or rows != self._rows:
            self._text, self._rows = text, rows
            self.fit(shape)
        self.setVisible(bool(text) and self._fits)

    def fit(self, shape: tuple[int, int], width: float | None = None) -> None:
        """Size the caption to a matrix of ``shape`` (rows, columns), ``width`` pixels wide (the
        last known width by default)."""
        if width is not None:
            self._width = width
        rows, columns = shape
        key = (self._text, self._width, self._rows, rows, columns, self._appearance.scale)
        if key == self._key:
            return  # called on every refresh and resize: only a change is worth measuring again
        self._key = key
        appearance = self._appearance
        font = scaled_font(appearance, 11, bold=True)
        lines = self._text.split("\n")
        room = self._width * 0.92
        fits = True
        if self._width > 0 and lines:
            metrics = QFontMetrics(font)
            if self._rows is None and max(metrics.horizontalAdvance(line) for line in lines) > room:
                # Across the whole matrix: the words on more lines, at the caption's own type (in a
                # 1024 px window, "order comes only / from the causal mask" was 9 px on two lines).
                lines = wrapped(" ".join(lines), metrics, room)
            widest = max(metrics.horizontalAdvance(line) for line in lines)
            if widest > room:
                pixels = QFontInfo(font).pixelSize() * room / widest
                least = appearance.stage_px(STAGE_LABEL_PX) if appearance.presenting else MIN_WINDOW_NAME_PX
                fits = pixels >= least
                font.setPixelSize(max(least, int(pixels)))
        self.setText("\n".join(lines))
        self.setFont(font)
        self._fits = fits
        self.setVisible(fits and bool(self._text))
        first, end = self._rows if self._rows is not None else (0, max(rows, 1))
        self.setPos(max(columns, 1) / 2, (first + end) / 2)


def wrapped(text: str, metrics: QFontMetrics, width: float) -> list[str]:
    """``text``'s words in lines no wider than ``width`` px where they can be (a word wider than
    that keeps a line of its own)."""
    lines: list[str] = []
    for word in text.split():
        if lines and metrics.horizontalAdvance(f"{lines[-1]} {word}") <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines or [""]
