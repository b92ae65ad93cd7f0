"""A column of texts beside a matrix, one per row, at the height of that matrix's rows.

pyqtgraph's axis drops a tick label that does not fit its band and sizes its type to the axis;
a stage needs labels of a chosen size that are never dropped (tokens, ids, expected counts), so
this item draws them itself, row by row, where the rows of a view are on screen.
"""

from __future__ import annotations

from collections.abc import Sequence

import pyqtgraph as pg
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontInfo, QFontMetrics, QPainter

from visualizer.ui.painted_text import PaintedText
from visualizer.ui.palette import MIN_WINDOW_NUMBER_PX


class RowTexts(pg.GraphicsWidget):
    """Texts drawn at the vertical centres of rows of a :class:`pyqtgraph.ViewBox`.

    Placed in a cell of a ``GraphicsLayout`` beside the view whose rows it names; the row ``k``
    of the texts sits at view coordinate ``y = first_row + k + 0.5`` (rows run down, as in the
    heatmaps). The item asks for the width of its widest text. Where the rows are shorter than its
    type (a small window zoomed in), the texts take smaller type, down to the window's least
    (:data:`MIN_WINDOW_NUMBER_PX`), and below it none is drawn: texts on top of each other read as
    nothing, and each row's bar or colour still shows it.

    Parameters
    ----------
    align : Qt.AlignmentFlag
        ``AlignLeft`` or ``AlignRight`` (the side of the column the texts keep to).
    numbers : bool
        The texts are values read from the back row (counts), not names (ids, tokens): they take
        the stage's number size.
    """

    def __init__(self, align: Qt.AlignmentFlag = Qt.AlignmentFlag.AlignRight, numbers: bool = False) -> None:
        super().__init__()
        self._align = align
        self.numbers = numbers
        self._texts: list[str] = []
        self._colours: list[QColor] = []
        self._bold: list[bool] = []
        self._font = QFont()
        self._view: pg.ViewBox | None = None
        self._first_row = 0.0
        self._padding = 6

    def set_texts(self, texts: Sequence[str], view: pg.ViewBox, first_row: float = 0.0,
                  colours: Sequence[QColor] | None = None, bold: Sequence[bool] | None = None) -> None:
        """Show ``texts`` beside the rows of ``view``, the first at row ``first_row``."""
        if self._view is not view:
            self.detach()
            view.sigResized.connect(self._repaint)
            view.sigRangeChanged.connect(self._repaint)
            self._view = view
        self._texts, self._first_row = list(texts), first_row
        self._colours = list(colours) if colours is not None else [QColor("#282828")] * len(self._texts)
        self._bold = list(bold) if bold is not None else [False] * len(self._texts)
        self._fit_width()
        self.update()

    def set_font(self, font: QFont, padding: int = 6) -> None:
        """The type of every text, and the room kept on each side."""
        self._font, self._padding = QFont(font), padding
        self._fit_width()
        self.update()

    def font(self) -> QFont:
        """The type the texts are drawn in."""
        return QFont(self._font)

    def texts(self) -> list[str]:
        """The texts, row by row."""
        return list(self._texts)

    def row_rect(self, row: int) -> QRectF:
        """Where text ``row`` is drawn, in this item's coordinates (for tests and OCR)."""
        if self._view is None:
            return QRectF()
        return self._row_box(row, QFontMetrics(self.drawn_font() or self._font).height())

    def _row_box(self, row: int, height: float) -> QRectF:
        """The box of text ``row``, ``height`` px tall (the drawn type's line), centred on its row."""
        return QRectF(0, self._row_centre(row) - height / 2, self.width(), height)

    def drawn_font(self) -> QFont | None:
        """The type the texts are drawn in now: :meth:`font`, or smaller where the rows are shorter
        than its lines, or None where even the window's least type would not fit a row (or the view
        has no height yet)."""
        if self._view is None or len(self._texts) < 2:
            return self._font
        pitch = abs(self._row_centre(1) - self._row_centre(0))
        if QFontMetrics(self._font).height() <= pitch:
            return self._font
        smaller = QFont(self._font)
        for px in range(QFontInfo(self._font).pixelSize() - 1, MIN_WINDOW_NUMBER_PX - 1, -1):
            smaller.setPixelSize(px)
            if QFontMetrics(smaller).height() <= pitch:
                return smaller
        return None

    def _row_centre(self, row: int) -> float:
        assert self._view is not None
        return self.mapFromScene(self._view.mapViewToScene(QPointF(0, self._first_row + row + 0.5))).y()

    def painted_texts(self) -> list[PaintedText]:
        """Every text as it is painted, in this item's coordinates (the label survey measures them)."""
        drawn = self.drawn_font() if self._view is not None else None
        if drawn is None:
            return []
        kind = "row number" if self.numbers else "row label"
        line = QFontMetrics(drawn).height()  # the type is chosen once, not again for every row
        texts = []
        for row, text in enumerate(self._texts):
            if not text:
                continue
            font = QFont(drawn)
            font.setBold(self._bold[row])
            metrics = QFontMetrics(font)
            box = self._row_box(row, line).adjusted(self._padding, 0, -self._padding, 0)
            width = metrics.horizontalAdvance(text)
            left = box.left() if self._align & Qt.AlignmentFlag.AlignLeft else box.right() - width
            texts.append(PaintedText(text, font, QRectF(left, box.top(), width, box.height()), kind))
        return texts

    def _fit_width(self) -> None:
        bold = QFont(self._font)
        bold.setBold(True)
        widths = [QFontMetrics(bold if b else self._font).horizontalAdvance(text)
                  for text, b in zip(self._texts, self._bold, strict=True)]
        width = max(widths, default=0) + 2 * self._padding
        self.setMinimumWidth(width)
        self.setMaximumWidth(width)

    def _repaint(self, *_: object) -> None:
        self.update()

    def paint(self, painter: QPainter, *_: object) -> None:
        drawn = self.drawn_font() if self._view is not None and self._texts else None
        if drawn is None:
            return
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        line = QFontMetrics(drawn).height()  # the type is chosen once a paint, not for every row
        for row, text in enumerate(self._texts):
            font = QFont(drawn)
            font.setBold(self._bold[row])
            painter.setFont(font)
            painter.setPen(self._colours[row])
            box = self._row_box(row, line).adjusted(self._padding, 0, -self._padding, 0)
            painter.drawText(box, int(self._align | Qt.AlignmentFlag.AlignVCenter), text)

    def detach(self) -> None:
        """Stop following the view's size."""
        if self._view is not None:
            self._view.sigResized.disconnect(self._repaint)
            self._view.sigRangeChanged.disconnect(self._repaint)
            self._view = None


__all__ = ["RowTexts"]
