"""Language and theme of the window: translators, locales, the system's light or dark scheme."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QLocale, QObject, Qt
from PySide6.QtWidgets import QApplication, QWidget

from ..i18n import LANGUAGES, install_language, locale_for
from .documents import THEMES

if TYPE_CHECKING:
    from .main_window import MainWindow


class Look(QObject):
    """Switches the language (live) and the theme (following the system's scheme if asked)."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self._window = window
        self.theme_mode = "system"
        QApplication.styleHints().colorSchemeChanged.connect(self._on_system_colours_changed)

    def detach(self) -> None:
        """Stop following the system's colour scheme."""
        QApplication.styleHints().colorSchemeChanged.disconnect(self._on_system_colours_changed)

    def set_language(self, language: str) -> None:
        """Switch every visible string and number format, live."""
        window = self._window
        if not install_language(language):
            window.show_message(self.tr("The translation {0} could not be loaded.").format(LANGUAGES[language]))
            return
        # Spin boxes and other Qt number fields take their format from a QLocale.
        locale = locale_for(language)
        QLocale.setDefault(locale)
        for widget in [window, *window.findChildren(QWidget)]:
            widget.setLocale(locale)
        window.appearance.set_language(language)
        window.action_table[f"language_{language}"].setChecked(True)

    def set_theme(self, mode: str) -> None:
        """``system`` (follow the desktop's light or dark scheme), ``light`` or ``dark``."""
        if mode not in THEMES:
            raise ValueError(f"unknown theme {mode!r}; choose {', '.join(THEMES)}")
        self.theme_mode = mode
        self._window.action_table[f"theme_{mode}"].setChecked(True)
        system_dark = QApplication.styleHints().colorScheme() == Qt.ColorScheme.Dark
        self._window.appearance.set_dark(mode == "dark" or (mode == "system" and system_dark))

    def _on_system_colours_changed(self, *_: object) -> None:
        if self.theme_mode == "system":
            self.set_theme("system")
