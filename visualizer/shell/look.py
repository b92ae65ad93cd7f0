"""Language and theme of the window: translators, locales, the system's light or dark scheme."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QLocale, QObject, Qt
from PySide6.QtWidgets import QApplication, QWidget

from ..i18n import LANGUAGES, install_language, locale_for
from ..subscriptions import Listening
from ..views.palette import scaled_font
from .documents import THEMES
from .palette import window_palette

if TYPE_CHECKING:
    from .main_window import MainWindow


class Look(Listening, QObject):
    """Switches the language (live) and the theme (following the system's scheme if asked), and
    applies the appearance's changes to the window itself: a zoom step re-fonts, a theme change
    re-colours, only a change of language retranslates."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self._window = window
        self.theme_mode = "system"
        # Dropped by detach() (Listening): the system's colour scheme and the appearance.
        self.listen(QApplication.styleHints().colorSchemeChanged, self._on_system_colours_changed)
        events = window.appearance.events
        self.listen(events.scale, self._on_scale_changed)
        self.listen(events.look, self._on_look_changed)
        self.listen(events.language, self._on_language_changed)

    def apply(self) -> None:
        """Size, colour and text of the window as the appearance is now (at start)."""
        self._on_scale_changed()
        self._on_look_changed()
        self._window.retranslate()

    def _on_scale_changed(self, *_: object) -> None:
        self.fit_vocabulary()
        window = self._window
        window.tabs.setFont(scaled_font(window.appearance, 12, bold=True))
        window.lesson_dock.setMinimumWidth(min(window.appearance.px(200), 320))
        window.presentation.size_lesson_dock()  # its text took another size

    def _on_look_changed(self) -> None:
        window = self._window
        window.action_table["contrast"].setChecked(window.appearance.high_contrast)
        window.setPalette(window_palette(window.appearance))

    def fit_vocabulary(self) -> None:
        """Give the vocabulary the width its columns need (the numbers are wider in Portuguese)."""
        body = self._window.body
        if self._window.vocabulary.isHidden():  # presenting or in the lab: sized when it comes back
            return
        total = sum(body.sizes())
        wanted = self._window.vocabulary.sizeHint().width()
        if total > 0:
            body.setSizes([wanted, max(1, total - wanted)])

    def _on_language_changed(self, *_: object) -> None:
        self.fit_vocabulary()
        self._window.retranslate()
        self._window.help.retranslate()
        self._window.presentation.size_lesson_dock()  # its text took another language

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
