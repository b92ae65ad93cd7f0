"""The teacher's files: sessions, recent files, the autosave and the offer to restore it, preferences.

All of it sits over one :class:`~visualizer.shell.settings_store.SettingsStore`: the user's
``QSettings`` when the app runs, a dict in tests and screenshots (which then keep nothing).
"""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QByteArray, QObject, QTimer
from PySide6.QtWidgets import QFileDialog

from ..i18n import LANGUAGES, explain
from ..io.session import SessionError, load_session, save_session
from ..subscriptions import Listening
from .settings_store import SettingsStore, string_list

if TYPE_CHECKING:
    from .main_window import MainWindow

MAX_RECENT = 8
AUTOSAVE_MS = 3000
SESSION_FILTER = "Sessions (*.json)"
THEMES = ("system", "light", "dark")


class Documents(Listening, QObject):
    """Open and save sessions, remember recent ones, autosave the work, restore preferences.

    Parameters
    ----------
    window : MainWindow
        Whose model, lesson and status bar the documents use.
    store : SettingsStore
        Where recent files and preferences persist; a persistent store also enables the autosave.
    """

    def __init__(self, window: MainWindow, store: SettingsStore) -> None:
        super().__init__(window)
        self._window = window
        self.store = store
        self.session_path: Path | None = None
        self._autosave_timer = QTimer(self)
        self._autosave_timer.setObjectName("autosave")
        self._autosave_timer.setSingleShot(True)
        self._autosave_timer.setInterval(AUTOSAVE_MS)
        self._autosave_timer.timeout.connect(self.autosave)
        window.restore_bar.restore_requested.connect(self._restore_autosave)
        window.restore_bar.discard_requested.connect(self._discard_autosave)
        self.listen(window.model.events.edited, self.schedule_autosave)

    # ---- sessions ------------------------------------------------------------------------------

    def open_session(self, path: Path) -> bool:
        """Load a session; on any problem say what it is and change nothing."""
        window = self._window
        try:
            session = load_session(path, window.model)
            window.model.restore(session.state)
        except (SessionError, ValueError) as error:
            window.show_message(self.tr("Could not open the session: {0}").format(explain(error)))
            return False
        window.undo_stack.clear()
        self.session_path = path
        if session.lesson_step is not None and session.lesson_step < len(window.lesson_panel.lesson.steps):
            window.lesson_panel.go_to(session.lesson_step)
            window.undo_stack.clear()
        self._remember_recent(path)
        window.show_message(self.tr("Opened {0}").format(path))
        return True

    def save_session(self, path: Path) -> bool:
        """Save the session atomically; report success or the reason."""
        window = self._window
        try:
            save_session(path, window.model, window.lesson_panel.index)
        except SessionError as error:
            window.show_message(explain(error))
            return False
        window.show_message(self.tr("Saved {0}").format(path))
        self.session_path = path
        window.undo_stack.setClean()
        self._remember_recent(path)
        return True

    def ask_open(self) -> None:
        """File → Open: pick a session and open it."""
        path_text, _ = QFileDialog.getOpenFileName(self._window, self.tr("Open session"), "", SESSION_FILTER)
        if path_text:
            self.open_session(Path(path_text))

    def ask_save(self) -> None:
        """File → Save: to the session's own file, or ask where the first time."""
        if self.session_path is None:
            self.ask_save_as()
        else:
            self.save_session(self.session_path)

    def ask_save_as(self) -> None:
        """File → Save as: ask where, then save."""
        path_text, _ = QFileDialog.getSaveFileName(self._window, self.tr("Save session"), "lesson.json", SESSION_FILTER)
        if path_text:
            self.save_session(Path(path_text))

    # ---- recent files --------------------------------------------------------------------------

    def recent_files(self) -> list[str]:
        """Sessions opened or saved lately, newest first."""
        return string_list(self.store.value("recent", []))

    def _remember_recent(self, path: Path) -> None:
        recent = [str(path)] + [p for p in self.recent_files() if p != str(path)]
        self.store.set_value("recent", recent[:MAX_RECENT])
        self.fill_recent_menu()

    def fill_recent_menu(self) -> None:
        """List the recent sessions under File → Open recent."""
        menu = self._window.action_table.menus["file/recent"]
        menu.clear()
        for path in self.recent_files():
            menu.addAction(path, partial(self.open_session, Path(path)))
        menu.setEnabled(bool(self.recent_files()))

    # ---- autosave ------------------------------------------------------------------------------

    def autosave_path(self) -> Path | None:
        """Where the autosave lives (None when nothing persists)."""
        return self.store.autosave_path()

    def autosave(self) -> None:
        """Save the work where a crash cannot lose it (offered back at the next start)."""
        path = self.autosave_path()
        if path is None:
            return
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            save_session(path, self._window.model, self._window.lesson_panel.index)
        except (OSError, SessionError):
            pass  # the autosave is a safety net; the work itself is still in memory

    def schedule_autosave(self, *_: object) -> None:
        """An edit happened: autosave a few seconds later (edits in a burst save once)."""
        if self.store.persistent:
            self._autosave_timer.start()

    def _restore_autosave(self) -> None:
        path = self.autosave_path()
        if path is not None:
            self.open_session(path)
            self.session_path = None  # Save must not write over the autosave

    def _discard_autosave(self) -> None:
        path = self.autosave_path()
        if path is not None:
            path.unlink(missing_ok=True)

    # ---- preferences ---------------------------------------------------------------------------

    def restore_preferences(self) -> None:
        """Geometry, zoom, contrast, theme and language as the teacher left them; offer the autosave."""
        window, store = self._window, self.store
        geometry = store.value("geometry")
        if isinstance(geometry, QByteArray):
            window.restoreGeometry(geometry)  # Qt brings it back on screen if it no longer fits
        zoom = store.value("zoom", 1.0)
        try:
            window.appearance.set_scale(float(str(zoom)))  # INI files give the number back as text
        except ValueError:
            pass
        window.appearance.set_high_contrast(store.value("high_contrast", False) in (True, "true"))
        theme = store.value("theme", "system")
        window.set_theme(str(theme) if theme in THEMES else "system")
        language = store.value("language")
        if language in LANGUAGES:
            window.set_language(str(language))
        path = self.autosave_path()
        if path is not None and path.exists():
            window.restore_bar.show()  # offered, never forced
        self.fill_recent_menu()

    def save_preferences(self) -> None:
        """Remember the window and the teacher's own look (not presentation mode's)."""
        window, store = self._window, self.store
        store.set_value("geometry", window.saveGeometry())
        store.set_value("zoom", window.presentation.saved_scale())
        store.set_value("high_contrast", window.presentation.saved_contrast())
        store.set_value("language", window.appearance.language)
        store.set_value("theme", window.look.theme_mode)
        store.sync()

    def close(self) -> None:
        """A normal exit: keep the preferences, drop the autosave (nothing to offer next time)."""
        self._autosave_timer.stop()
        if not self.store.persistent:
            return
        self.save_preferences()
        path = self.autosave_path()
        if path is not None:
            path.unlink(missing_ok=True)

    def detach(self) -> None:
        """Stop listening to the model and the pending autosave (teardown, normal exit or not)."""
        self.stop_listening()
        self._autosave_timer.stop()
