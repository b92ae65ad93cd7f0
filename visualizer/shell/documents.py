"""The teacher's files: sessions, recent files, and the autosave with the offer to restore it.

All of it sits over one :class:`~visualizer.ui.settings_store.SettingsStore`: the user's
``QSettings`` when the app runs, a dict in tests and screenshots (which then keep nothing).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
from PySide6.QtCore import QObject, QTimer
from PySide6.QtGui import QUndoStack
from PySide6.QtWidgets import QFileDialog, QMenu, QWidget

from visualizer.i18n import explain
from visualizer.lesson.run import LessonRun
from visualizer.model import EmbeddingModel
from visualizer.shell.quit_question import QuitChoice
from visualizer.subscriptions import Listening
from visualizer.ui.file_places import start_path
from visualizer.ui.messages import MessageSink
from visualizer.ui.settings_store import SettingsStore, string_list

if TYPE_CHECKING:  # the session files' code loads with the first save, open or autosave: a faster start
    from visualizer.io.session import LessonPlace, Session

MAX_RECENT = 8
AUTOSAVE_MS = 3000
SESSION_FILTER = "Sessions (*.json)"


class Documents(Listening, QObject):
    """Open and save sessions, remember recent ones, autosave the work.

    A session keeps the model's state and where the lesson is (the step, and whether its answer
    is revealed); opening it puts both back as they were: the session's own sentence and scheme,
    not the step's.

    Parameters
    ----------
    model : EmbeddingModel
        The toy's state, saved and restored.
    lesson : LessonRun
        Where the class is in the lesson.
    undo_stack : QUndoStack
        The toy's edits: cleared by opening a session, marked clean by saving one.
    messages : MessageSink
        What was saved or opened, or why not.
    recent_menu : QMenu
        File → Open recent, filled here.
    store : SettingsStore
        Where recent files persist; a persistent store also enables the autosave.
    parent : QWidget
        The window the file dialogs belong to.
    """

    def __init__(self, model: EmbeddingModel, lesson: LessonRun, undo_stack: QUndoStack, messages: MessageSink,
                 recent_menu: QMenu, store: SettingsStore, parent: QWidget) -> None:
        super().__init__(parent)
        self._model, self._lesson, self._undo_stack = model, lesson, undo_stack
        self._messages, self._recent_menu, self._parent = messages, recent_menu, parent
        self.store = store
        self.session_path: Path | None = None
        self._autosave_timer = QTimer(self)
        self._autosave_timer.setObjectName("autosave")
        self._autosave_timer.setSingleShot(True)
        self._autosave_timer.setInterval(AUTOSAVE_MS)
        self._autosave_timer.timeout.connect(self.autosave)
        self.listen(model.events.edited, self.schedule_autosave)
        self.listen(lesson.changed, self._on_lesson_moved)

    # ---- sessions ------------------------------------------------------------------------------

    def open_session(self, path: Path) -> bool:
        """Load a session; on any problem say what it is and change nothing."""
        from visualizer.io.session import SessionError, load_session

        try:
            session = load_session(path, self._model)
            self._model.restore(session.state)
        except (SessionError, ValueError) as error:
            self._messages.show_problem(self.tr("Could not open the session: {0}").format(explain(error)))
            return False
        self._undo_stack.clear()
        self.session_path = path
        self._remember_recent(path)
        self._messages.show_message(self.tr("Opened {0}").format(path))
        self.resume_lesson(session)
        return True

    def resume_lesson(self, session: Session) -> None:
        """Put the lesson where ``session`` left it, over the session's own state."""
        place = session.lesson
        if place is None:
            return
        index = self._lesson.lesson.index_of(place.step) if isinstance(place.step, str) else place.step
        if index is None or not 0 <= index < len(self._lesson.lesson.steps):
            self._messages.show_message(self.tr(
                "The session's lesson step '{0}' is not in this lesson; the lesson stays where it was.").format(
                place.step if isinstance(place.step, str) else place.step + 1))
            return
        self._lesson.resume(index, place.revealed)
        self._undo_stack.clear()

    def save_session(self, path: Path) -> bool:
        """Save the session atomically; report success or the reason."""
        from visualizer.io.session import SessionError, save_session

        try:
            save_session(path, self._model, self.lesson_place())
        except SessionError as error:
            self._messages.show_problem(explain(error))
            return False
        self._messages.show_message(self.tr("Saved {0}").format(path))
        self.session_path = path
        self._undo_stack.setClean()
        self._remember_recent(path)
        return True

    def has_unsaved_work(self) -> bool:
        """True when the toy's state changed since it was opened, started or last saved."""
        return not self._undo_stack.isClean()

    def _on_lesson_moved(self) -> None:
        """A lesson step's own state (its sentence and scheme, its experiment once revealed) is
        nobody's unsaved work: the lesson gives it back any time. With the teacher's own changes in
        it (an edit of E, say), it stays unsaved."""
        if not self._undo_stack.isClean() and self._is_the_lessons_own_state():
            self._undo_stack.setClean()

    def _is_the_lessons_own_state(self) -> bool:
        """True when the model is exactly what the lesson's current step makes of the toy."""
        index = self._lesson.index
        if index is None:
            return False
        fresh = EmbeddingModel()
        run = LessonRun(self._lesson.lesson, fresh)
        try:
            run.go_to(index)
            if self._lesson.revealed:
                run.reveal()
        finally:
            run.close()
        lesson, now = fresh.state(), self._model.state()
        return ((lesson.ids, lesson.scheme, lesson.attention) == (now.ids, now.scheme, now.attention)
                and bool(np.array_equal(lesson.E, now.E)))

    def may_quit(self, ask: Callable[[], QuitChoice]) -> bool:
        """Before the window closes: with unsaved work, ``ask`` what to do. *Save* saves (to the
        session's file, or where the teacher picks), *Quit without saving* drops the work, *Cancel*
        keeps the window; True when the window may close (saved, dropped, or nothing to lose)."""
        if not self.has_unsaved_work():
            return True
        choice = ask()
        if choice is QuitChoice.SAVE:
            self.ask_save()  # the teacher may still cancel the file dialog, or the save may fail
            return not self.has_unsaved_work()
        return choice is QuitChoice.DISCARD

    def lesson_place(self) -> LessonPlace | None:
        """Where the lesson is, as a session keeps it (the step's id, and whether it is revealed)."""
        from visualizer.io.session import LessonPlace

        step = self._lesson.current_step()
        return None if step is None else LessonPlace(step.id, self._lesson.revealed)

    def ask_open(self) -> None:
        """File → Open: pick a session and open it."""
        path_text, _ = QFileDialog.getOpenFileName(self._parent, self.tr("Open session"), start_path(), SESSION_FILTER)
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
        path_text, _ = QFileDialog.getSaveFileName(self._parent, self.tr("Save session"), start_path("lesson.json"),
                                                   SESSION_FILTER)
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
        menu = self._recent_menu
        menu.clear()
        for path in self.recent_files():
            menu.addAction(path, partial(self.open_session, Path(path)))
        menu.setEnabled(bool(self.recent_files()))

    # ---- autosave ------------------------------------------------------------------------------

    def autosave_path(self) -> Path | None:
        """Where the autosave lives (None when nothing persists)."""
        return self.store.autosave_path()

    def has_autosave(self) -> bool:
        """True if a previous run left work saved automatically (it did not close normally)."""
        path = self.autosave_path()
        return path is not None and path.exists()

    def autosave(self) -> None:
        """Save the work where a crash cannot lose it (offered back at the next start)."""
        from visualizer.io.session import SessionError, save_session

        path = self.autosave_path()
        if path is None:
            return
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            save_session(path, self._model, self.lesson_place())
        except (OSError, SessionError):
            pass  # the autosave is a safety net; the work itself is still in memory

    def schedule_autosave(self, *_: object) -> None:
        """An edit happened: autosave a few seconds later (edits in a burst save once)."""
        if self.store.persistent:
            self._autosave_timer.start()

    def restore_autosave(self) -> None:
        """The teacher asked for the work saved automatically."""
        path = self.autosave_path()
        if path is not None and self.open_session(path):
            self.session_path = None  # Save must not write over the autosave
            self._undo_stack.resetClean()  # the work is back, and still saved in no file of the teacher's

    def discard_autosave(self) -> None:
        """The teacher declined the work saved automatically."""
        path = self.autosave_path()
        if path is not None:
            path.unlink(missing_ok=True)

    def close(self, keep_unsaved_work: bool = False) -> None:
        """The window closes: drop the autosave (nothing to offer next time), or, with
        ``keep_unsaved_work`` and work not saved, autosave it now and keep it to offer next time
        (the app ended without the teacher deciding: nothing is dropped silently)."""
        self._autosave_timer.stop()
        path = self.autosave_path()
        if not self.store.persistent or path is None:
            return
        if keep_unsaved_work and self.has_unsaved_work():
            self.autosave()
        else:
            path.unlink(missing_ok=True)

    def detach(self) -> None:
        """Stop listening to the model and the pending autosave (teardown, normal exit or not)."""
        self.stop_listening()
        self._autosave_timer.stop()


__all__ = ["MAX_RECENT", "Documents"]
