"""The yellow bar that offers (never forces) the work saved automatically before a crash."""

from __future__ import annotations

from PySide6.QtCore import Signal, SignalInstance
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QWidget


class RestoreBar(QWidget):
    """"Restore the work saved automatically?" with Restore and Discard.

    Signals
    -------
    restore_requested, discard_requested : ()
        The teacher's answer; the bar hides itself either way.
    """

    restore_requested = Signal()
    discard_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setStyleSheet("background: #FFF3D6;")
        self.label, self.restore_button, self.discard_button = QLabel(), QPushButton(), QPushButton()
        row = QHBoxLayout(self)
        row.addWidget(self.label, 1)
        row.addWidget(self.restore_button)
        row.addWidget(self.discard_button)
        self.restore_button.clicked.connect(self._answer(self.restore_requested))
        self.discard_button.clicked.connect(self._answer(self.discard_requested))
        self.hide()

    def _answer(self, signal: SignalInstance) -> object:
        def answer() -> None:
            self.hide()
            signal.emit()
        return answer

    def retranslate(self) -> None:
        """Re-read the bar's text."""
        self.label.setText(self.tr("The app did not close normally last time. "
                                   "Restore the work it saved automatically?"))
        self.restore_button.setText(self.tr("Restore"))
        self.discard_button.setText(self.tr("Discard"))
