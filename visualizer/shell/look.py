"""Language and theme of the window: translators, locales, the system's light or dark scheme."""

from __future__ import annotations

from PySide6.QtCore import QLocale, QObject, Qt
from PySide6.QtWidgets import QApplication, QWidget

from visualizer.appearance import Appearance
from visualizer.i18n import LANGUAGES, install_language, locale_for
from visualizer.shell.themes import window_palette
from visualizer.subscriptions import Listening
from visualizer.ui.messages import MessageSink

THEMES = ("system", "light", "dark")


class Look(Listening, QObject):
    """Switches the language (live) and the theme (following the system's scheme if asked), and
    colours the window as the appearance says.

    Parameters
    ----------
    appearance : Appearance
        Whose language and theme change; every view hears it.
    root : QWidget
        The window: its palette, and the locale of every widget in it.
    messages : MessageSink
        Where a translation that cannot be loaded is reported.
    """

    def __init__(self, appearance: Appearance, root: QWidget, messages: MessageSink) -> None:
        super().__init__(root)
        self._appearance, self._root, self._messages = appearance, root, messages
        self.theme_mode = "system"
        # Dropped by detach() (Listening): the system's colour scheme and the appearance.
        self.listen(QApplication.styleHints().colorSchemeChanged, self._on_system_colours_changed)
        self.listen(appearance.events.look, self._on_look_changed)

    def apply(self) -> None:
        """Colour the window as the appearance is now (at start)."""
        self._on_look_changed()

    def _on_look_changed(self) -> None:
        self._root.setPalette(window_palette(self._appearance))

    def set_language(self, language: str) -> None:
        """Switch every visible string and number format, live."""
        if not install_language(language):
            self._messages.show_message(
                self.tr("The translation {0} could not be loaded.").format(LANGUAGES[language]))
            return
        # Spin boxes and other Qt number fields take their format from a QLocale.
        locale = locale_for(language)
        QLocale.setDefault(locale)
        for widget in [self._root, *self._root.findChildren(QWidget)]:
            widget.setLocale(locale)
        self._appearance.set_language(language)

    def set_theme(self, mode: str) -> None:
        """``system`` (follow the desktop's light or dark scheme), ``light`` or ``dark``."""
        if mode not in THEMES:
            raise ValueError(f"unknown theme {mode!r}; choose {', '.join(THEMES)}")
        self.theme_mode = mode
        system_dark = QApplication.styleHints().colorScheme() == Qt.ColorScheme.Dark
        self._appearance.set_dark(mode == "dark" or (mode == "system" and system_dark))

    def _on_system_colours_changed(self, *_: object) -> None:
        if self.theme_mode == "system":
            self.set_theme("system")


__all__ = ["THEMES", "Look"]
