"""What the teacher's own look and window are between runs: geometry, zoom, contrast, theme, language,
and the lesson shown when the app quit (shown again at the next start: :mod:`visualizer.lesson.first_run`)."""

from __future__ import annotations

from PySide6.QtCore import QByteArray, QEvent, QObject, Qt
from PySide6.QtWidgets import QWidget

from visualizer.appearance import Appearance
from visualizer.i18n import LANGUAGES
from visualizer.lesson.band import LessonBand
from visualizer.lesson.first_run import REVEALED_KEY, SHOWN_STEP_KEY
from visualizer.lesson.run import LessonRun
from visualizer.shell.look import THEMES, Look
from visualizer.shell.presentation import Presentation
from visualizer.shell.screen_fit import WindowPlace, remembered_geometry, restore_geometry
from visualizer.ui.settings_store import SettingsStore

PLACE_KEY = "window/place"
"""The window's frame and size (:class:`~.screen_fit.WindowPlace`); ``geometry`` (Qt's saveGeometry) of
earlier versions is read when there is no place yet."""


class Preferences(QObject):
    """Restores the teacher's preferences at start and keeps them at a normal exit.

    Parameters
    ----------
    store : SettingsStore
        Where they persist.
    window : QWidget
        Whose geometry is kept.
    appearance, presentation, look
        The zoom and contrast (the teacher's own, not presentation mode's), the theme and language.
    lesson, band
        The lesson's step (and whether its answer is revealed), and whether the lesson is shown.
    """

    def __init__(self, store: SettingsStore, window: QWidget, appearance: Appearance, presentation: Presentation,
                 look: Look, lesson: LessonRun, band: LessonBand) -> None:
        super().__init__(window)
        self._store, self._window, self._appearance = store, window, appearance
        self._presentation, self._look, self._lesson, self._band = presentation, look, lesson, band
        self._last_normal: WindowPlace | None = None  # where the window was before maximized or full screen
        window.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Follow the window's place while it is neither maximized nor full screen."""
        if (watched is self._window and event.type() in (QEvent.Type.Move, QEvent.Type.Resize)
                and self._window.isVisible() and self._window.windowState() == Qt.WindowState.WindowNoState):
            self._last_normal = remembered_geometry(self._window)
        return False

    def restore(self) -> None:
        """Geometry, zoom, contrast, theme and language as the teacher left them."""
        store = self._store
        place = WindowPlace.from_value(store.value(PLACE_KEY))
        geometry = store.value("geometry")
        if place is not None:
            restore_geometry(self._window, place)  # exactly as it was, on screen
        elif isinstance(geometry, QByteArray):
            self._window.restoreGeometry(geometry)  # an earlier version's; Qt brings it back on screen
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
        """Remember the window, the teacher's own look (not presentation mode's) and the lesson's step
        if it is shown (its dock closed, or hidden by F9, it is not)."""
        store = self._store
        step = self._lesson.current_step()
        shown = step is not None and self._band.wanted and not self._band.isHidden()
        store.set_value(SHOWN_STEP_KEY, step.id if shown and step is not None else "")
        store.set_value(REVEALED_KEY, shown and self._lesson.revealed)
        store.set_value(PLACE_KEY, remembered_geometry(self._window, self._last_normal).to_list())
        store.set_value("zoom", self._presentation.saved_scale())
        store.set_value("high_contrast", self._presentation.saved_contrast())
        store.set_value("language", self._appearance.language)
        store.set_value("theme", self._look.theme_mode)
        store.sync()


__all__ = ["Preferences"]
