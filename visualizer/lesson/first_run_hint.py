"""The first run: open on the guided lesson, with a one-line hint of F5 and F9 until it is dismissed."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QSettings
from PySide6.QtWidgets import QLabel, QPushButton, QSizePolicy, QToolBar, QWidget

DISMISSED_KEY = "first_run_hint_dismissed"


class FirstRunHint(QToolBar):
    """A bar along the top: "F5 presents, F9 shows the lesson", and a button that hides it for good.

    Parameters
    ----------
    settings : QSettings
        Where the dismissal is remembered.
    parent : QWidget, optional
        The main window.
    """

    def __init__(self, settings: QSettings, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("first_run_hint")
        self.setMovable(False)
        self.setFloatable(False)
        self.settings = settings
        self.label = QLabel()
        self.label.setWordWrap(True)
        self.label.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.button = QPushButton()
        self.button.setObjectName("dismiss_hint")
        self.button.clicked.connect(self.dismiss)
        self.addWidget(self.label)
        self.addWidget(self.button)
        self.retranslate()

    def retranslate(self) -> None:
        """Re-read the visible strings in the current language."""
        self.setWindowTitle(self.tr("Getting started"))
        self.label.setText(self.tr("Press F5 to present to the class and F9 to show or hide the guided lesson "
                                   "(Help → Keyboard shortcuts lists every key)."))
        self.button.setText(self.tr("Got it"))

    def changeEvent(self, event: QEvent) -> None:
        # Qt sends LanguageChange to every widget when the app's translator changes.
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def dismiss(self) -> None:
        """Hide the hint and never show it again for this user."""
        self.settings.setValue(DISMISSED_KEY, True)
        self.settings.sync()
        self.hide()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        # Presenting (full screen), the class should not read the hint: step aside until F5 again.
        if event.type() == QEvent.Type.WindowStateChange and isinstance(watched, QWidget) and watched is self.parent():
            self.setVisible(not watched.isFullScreen() and not is_dismissed(self.settings))
        return False


def is_dismissed(settings: QSettings) -> bool:
    """True once the user has dismissed the hint (QSettings gives back "true" from INI files)."""
    return settings.value(DISMISSED_KEY, False) in (True, "true")
