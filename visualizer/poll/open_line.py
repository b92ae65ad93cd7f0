"""The class poll on stage while the step asks nothing: one line across the top that says the poll
is open, where phones open it, and that they follow the lesson. The step's view keeps the stage
(the code, a third of the screen's height, shows on the question steps)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QLabel, QSizePolicy, QWidget

from visualizer.appearance import Appearance
from visualizer.poll.join_panel import breakable
from visualizer.ui.palette import scaled_font
from visualizer.ui.protocol import ListeningView

LINE_STAGE_PX = 18
"""The line's type on stage, at 768 lines (the hint's size on the code's band)."""


class OpenLine(ListeningView, QLabel):
    """"Class poll open at http://…/ · phones follow the lesson". A widget of values: the poll's
    address is set by the controller's signals.

    Parameters
    ----------
    appearance : Appearance
        Its language, and its type (``stage_px`` while presenting).
    parent : QWidget, optional
    """

    def __init__(self, appearance: Appearance, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("poll_open_line")
        self._appearance = appearance
        self._url: str | None = None
        self.setWordWrap(True)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        self.setContentsMargins(4, 2, 4, 2)
        self.listen(appearance.events.scale, self._on_scale_changed)
        self.listen(appearance.events.language, self.retranslate)
        self._on_scale_changed()

    def set_address(self, url: str | None) -> None:
        """The poll's address while open (None: closed)."""
        self._url = url
        self.retranslate()

    def retranslate(self) -> None:
        """Re-read its words in the current language."""
        if self._url:
            self.setText(self.tr("Class poll open at {0} · phones follow the lesson").format(breakable(self._url)))
        else:
            self.setText(self.tr("The class poll is closed."))

    def _on_scale_changed(self, *_: object) -> None:
        appearance = self._appearance
        if appearance.presenting:
            font = QFont()
            font.setPixelSize(appearance.stage_px(LINE_STAGE_PX))
            font.setBold(True)
        else:
            font = scaled_font(appearance, 10, bold=True)
        self.setFont(font)


__all__ = ["LINE_STAGE_PX", "OpenLine"]
