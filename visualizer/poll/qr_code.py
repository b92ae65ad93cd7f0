"""A QR code drawn as crisp squares, as large as its widget allows (segno makes the matrix)."""

from __future__ import annotations

import segno
from PySide6.QtCore import QRect, QSize
from PySide6.QtGui import QColor, QPainter, QPaintEvent
from PySide6.QtWidgets import QSizePolicy, QWidget

QUIET_ZONE = 4
"""Light modules around the code: the standard's minimum, which scanners need to find it."""


class QrCode(QWidget):
    """The QR code of a text (the poll's address), black on white whatever the theme.

    Each module is a whole number of pixels, so no module is blurred and a phone's camera reads
    it from the back of the room; the code is centred in the widget, square.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("qr_code")
        self._text = ""
        self._matrix: tuple[tuple[bool, ...], ...] = ()
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumSize(120, 120)

    def text(self) -> str:
        """The encoded text."""
        return self._text

    def set_text(self, text: str) -> None:
        """Encode ``text`` (error correction M: a smudge or glare on the screen is forgiven)."""
        if text == self._text:
            return
        self._text = text
        if text:
            code = segno.make(text, error="m", micro=False, boost_error=False)
            self._matrix = tuple(tuple(bool(module) for module in row) for row in code.matrix)
        else:
            self._matrix = ()
        self.update()

    def modules(self) -> int:
        """Modules along one side, quiet zone included (0 without a text)."""
        return len(self._matrix) + 2 * QUIET_ZONE if self._matrix else 0

    def code_rect(self) -> QRect:
        """Where the code (with its quiet zone) is drawn, in widget pixels."""
        modules = self.modules()
        if not modules:
            return QRect()
        module = max(1, min(self.width(), self.height()) // modules)
        side = module * modules
        return QRect((self.width() - side) // 2, (self.height() - side) // 2, side, side)

    def sizeHint(self) -> QSize:
        return QSize(320, 320)

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        return width

    def paintEvent(self, event: QPaintEvent) -> None:
        rect = self.code_rect()
        if rect.isEmpty():
            return
        painter = QPainter(self)
        painter.fillRect(rect, QColor("white"))
        module = rect.width() // self.modules()
        dark = QColor("black")
        for row_index, row in enumerate(self._matrix):
            y = rect.top() + (row_index + QUIET_ZONE) * module
            column = 0
            while column < len(row):  # one rectangle per run of dark modules
                if not row[column]:
                    column += 1
                    continue
                start = column
                while column < len(row) and row[column]:
                    column += 1
                x = rect.left() + (start + QUIET_ZONE) * module
                painter.fillRect(x, y, (column - start) * module, module, dark)
        painter.end()


__all__ = ["QUIET_ZONE", "QrCode"]
