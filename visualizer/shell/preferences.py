"""What the teacher's own look and window are between runs: geometry, zoom, contrast, theme, language."""

from __future__ import annotations

from PySide6.QtCore import QByteArray
from PySide6.QtWidgets import QWidget

from ..appearance import Appearance
from ..i18n import LANGUAGES
from .look import THEMES, Look
from .presentation import Presentation
from .settings_store import SettingsStore


class Preferences:
    """Restores the teacher's preferences at start and keeps them at a normal exit.

    Parameters
    ----------
    store : SettingsStore
        Where they persist.
    window : QWidget
        Whose geometry is kept.
    appearance, presentation, look
        The zoom and contrast (the teacher's own, not presentation mode's), the theme and language.
    """

    def __init__(self, store: SettingsStore, window: QWidget, appearance: Appearance, presentation: Presentation,
                 look: Look) -> None:
        self._store, self._window, self._appearance = store, window, appearance
        self._presentation, self._look = presentation, look

    def restore(self) -> None:
        """Geometry, zoom, contrast, theme and language as the teacher left them."""
        store = self._store
        geometry = store.value("geometry")
        if isinstance(geometry, QByteArray):
            self._window.restoreGeometry(geometry)  # Qt brings it back on screen if it no longer fits
        zoom = store.value("zoom", 1.0)
        try:
            self._appearance.set_scale(float(str(zoom)))  # INI files give the number back as text
        except ValueError:
            pass
        self._appearance.set_high_contrast(store.value("high_contrast", False) in (True, "true"))
        theme = store.value("theme", "system")
        self._look.set_theme(str(theme) if theme in THEMES else "system")
        language = store.value("language")
        if language in LANGUAGES:
            self._look.set_language(str(language))

    def save(self) -> None:
        """Remember the window and the teacher's own look (not presentation mode's)."""
        store = self._store
        store.set_value("geometry", self._window.saveGeometry())
        store.set_value("zoom", self._presentation.saved_scale())
        store.set_value("high_contrast", self._presentation.saved_contrast())
        store.set_value("language", self._appearance.language)
        store.set_value("theme", self._look.theme_mode)
        store.sync()


__all__ = ["Preferences"]
