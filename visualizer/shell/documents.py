"""The teacher's files: sessions, recent files, and the autosave with the offer to restore it.

A session holds what the teacher had open: the toy's state, the lesson's place, the real model's
folder (its path: the weights are read again) with its sentence and token order, and the page in
front. Its work is two documents, the toy's and the Real model page's, each with its undo stack;
unsaved work in either is asked about before anything replaces it (quitting, opening a session or
a model, restoring the autosave).

All of it sits over one :class:`~visualizer.ui.settings_store.SettingsStore`: the user's
``QSettings`` when the app runs, a dict in tests and screenshots (which then keep nothing).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

import shiboken6
from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtGui import QUndoStack
from PySide6.QtWidgets import QFileDialog, QMenu, QWidget

from visualizer.i18n import explain
from visualizer.lesson.run import LessonRun
from visualizer.model import EmbeddingModel
from visualizer.shell.autosave_files import AutosaveFiles
from visualizer.shell.model_menu import ModelMenu
from visualizer.shell.quit_question import Purpose, QuitChoice, ask_about_unsaved_work
from visualizer.shell.restore_bar import RestoreBar
from visualizer.shell.view_tabs import ViewTabs
from visualizer.subscriptions import Listening
from visualizer.ui.file_places import start_path
from visualizer.ui.messages import MessageSink
from visualizer.ui.settings_store import SettingsStore, string_list

if TYPE_CHECKING:  # the session files' code loads with the first save, open or autosave: a faster start
    from visualizer.io.session import LessonPlace, Session
    from visualizer.shell.lesson_files import LessonFiles

MAX_RECENT = 8
AUTOSAVE_MS = 3000
SESSION_FILTER = "Sessions (*.json)"


class Documents(Listening, QObject):
    """Open and save sessions, remember recent ones, autosave the work.

    A session keeps the model's state, where the lesson is (the step, and whether its answer is
    revealed), the real model opened and the page in front; opening it puts them back as they were:
    the session's own sentence and scheme, not the step's. A model folder that has gone away is
    said in one message, and the rest of the session opens.

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
        The window the file dialogs and the questions belong to.
    tabs : ViewTabs
        The pages: the one in front is saved, and brought back.
    real : ModelMenu
        The real model shown, its page's own undo stack; asked here before its work goes.
    restore_bar : RestoreBar
        Where the work saved automatically by a run that did not close normally is offered
        (:meth:`offer_autosave`).
    asks : bool
        Ask the teacher (a modal question) before unsaved work would go; off in tests and
        screenshots, which never wait on a question (the work then goes, as the command says).

    Signals
    -------
    modified_changed : (bool)
        Unsaved work appeared (in either document) or is all saved: the title's "*".
    """

    modified_changed = Signal(bool)

    def __init__(self, model: EmbeddingModel, lesson: LessonRun, undo_stack: QUndoStack, messages: MessageSink,
                 recent_menu: QMenu, store: SettingsStore, parent: QWidget, tabs: ViewTabs, real: ModelMenu,
                 restore_bar: RestoreBar, asks: bool = False) -> None:
        super().__init__(parent)
        self._model, self._lesson, self._undo_stack = model, lesson, undo_stack
        self._messages, self._recent_menu, self._parent = messages, recent_menu, parent
        self._tabs, self._real, self._restore_bar, self.asks = tabs, real, restore_bar, asks
        self.store = store
        self.session_path: Path | None = None
        self._lesson_files: LessonFiles | None = None  # see attach_lesson_files
        self._autosave_timer = QTimer(self)
        self._autosave_timer.setObjectName("autosave")
        self._autosave_timer.setSingleShot(True)
        self._autosave_timer.setInterval(AUTOSAVE_MS)
        self._autosave_timer.timeout.connect(self.autosave)
        self.listen(model.events.edited, self.schedule_autosave)
        self.listen(lesson.changed, self._on_lesson_moved)
        undo_stack.cleanChanged.connect(self._on_clean_changed)
        real.clean_changed.connect(self._on_clean_changed)
        self._listening_to_stacks = True
        real.changed.connect(self.schedule_autosave)  # another model, or the page's own edit
        real.may_drop_work = self.may_replace
        restore_bar.restore_requested.connect(self.restore_autosave)
        restore_bar.discard_requested.connect(self.discard_autosave)

    def attach_lesson_files(self, files: LessonFiles) -> None:
        """The lesson in use and its editor's changes: unsaved edits of the lesson are autosaved
        with the rest of the work, and offered back with it."""
        self._lesson_files = files
        files.changes.indexChanged.connect(self.schedule_autosave)
        files.changes.cleanChanged.connect(self.schedule_autosave)  # saved: the autosave drops the copy

    def _lesson_edited(self) -> bool:
        return self._lesson_files is not None and self._lesson_files.has_unsaved_changes()

    # ---- sessions ------------------------------------------------------------------------------

    def open_session(self, path: Path) -> bool:
        """Open a session in place of what is open, without a question (File → Open and Open recent
        ask first: :meth:`ask_open_path`); on any problem say what it is and change nothing."""
        session = self._read(path)
        if session is None or not self._show(session, path.name, self.tr("Opened {0}").format(path)):
            return False
        self.session_path = path
        self._remember_recent(path)
        return True

    def ask_open_path(self, path: Path) -> bool:
        """File → Open and Open recent: a file that can be opened, then, with unsaved work, the
        question (Save, Open without saving, Cancel: nothing changes, the undo history neither)."""
        if self._read(path) is None or not self.may_replace(Purpose.OPEN, path.name):
            return False
        return self.open_session(path)  # read again: Save may have just written this very file

    def _read(self, path: Path) -> Session | None:
        """The session in ``path``, checked; None, and the problem said, if it cannot be opened."""
        from visualizer.io.session import SessionError, load_session

        try:
            return load_session(path, self._model)
        except SessionError as error:
            self._messages.show_problem(self.tr("Could not open the session: {0}").format(explain(error)))
            return None

    def _show(self, session: Session, name: str, opened: str) -> bool:
        """Put ``session`` (from ``name``) in place of what is open, each document's undo history
        afresh: the toy's state (then the message ``opened``), the lesson's place, the real model, the
        page in front. A model folder that cannot be opened is one message; the rest is shown. False
        (nothing changed) if the state is refused."""
        try:
            self._model.restore(session.state)
        except ValueError as error:
            self._messages.show_problem(self.tr("Could not open the session: {0}").format(explain(error)))
            return False
        self._undo_stack.clear()
        self._messages.show_message(opened)
        self._show_the_rest(session, name)
        return True

    def resume_session(self, path: Path, session: Session, where: bool = True) -> None:
        """``--session FILE`` at start: the toy's state is already restored; the rest of the session
        (the real model, and with ``where`` the lesson's place and the page in front) comes back here,
        and Save writes to ``path``."""
        self.session_path = path
        self._show_the_rest(session, path.name, where)

    def _show_the_rest(self, session: Session, name: str, where: bool = True) -> None:
        """What a session holds besides the toy's state: the real model (or the toy alone) and, with
        ``where``, the lesson's place and the page in front. A model folder that cannot be opened is
        one problem, naming the session ``name``; everything else is shown."""
        if where:
            self.resume_lesson(session)
        problem = self._real.show_place(session.real_model)
        if where:
            self._show_page(session.page)  # last: the lesson's step and the model bring their own pages
        if problem is not None:
            self._messages.show_problem(self.tr(
                "{0} opened without its real model, which cannot be opened: {1}").format(name, problem))

    def page_in_front(self) -> str | None:
        """The name of the page in front (``x_panel``, ``real_model``, …), as a session keeps it."""
        front = self._tabs.current_view()
        return next((name for name, view in self._tabs.built_named().items() if view is front), None)

    def _show_page(self, name: str | None) -> None:
        """Bring forward the page a session had in front (the Real model page only with its model)."""
        if name is None or (name == "real_model" and self._real.place() is None):
            return
        try:
            view = self._tabs.view_named(name)
        except KeyError:
            self._messages.show_message(self.tr(
                "The session's page '{0}' is not in this window; the page in front stays.").format(name))
            return
        self._tabs.show_view(view)

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
            save_session(path, self._model, self.lesson_place(), self._real.place(), self.page_in_front())
        except SessionError as error:
            self._messages.show_problem(explain(error))
            return False
        self._messages.show_message(self.tr("Saved {0}").format(path))
        self.session_path = path
        self._undo_stack.setClean()
        self._real.set_saved()
        self._remember_recent(path)
        return True

    def has_unsaved_work(self) -> bool:
        """True when the toy's state, or the real model page's sentence or token order, changed since
        it was opened, started or last saved."""
        return not self._undo_stack.isClean() or self._real.has_unsaved_work()

    def _on_clean_changed(self, *_: object) -> None:
        # A window never closed (a script's, at interpreter exit) is torn down by Qt without
        # detach(): its stacks then announce their last state from their destructors.
        if not shiboken6.isValid(self._undo_stack):
            return
        self.modified_changed.emit(self.has_unsaved_work())

    def _on_lesson_moved(self) -> None:
        """A lesson step's own state (its sentence and scheme, its experiment once revealed) is
        nobody's unsaved work: the lesson gives it back any time. With the teacher's own changes in
        it (an edit of E, say), it stays unsaved."""
        if not self._undo_stack.isClean() and self._lesson.holds_the_steps_own_state():
            self._undo_stack.setClean()

    def may_quit(self, ask: Callable[[], QuitChoice] | None = None) -> bool:
        """Before the window closes: with unsaved work, ``ask`` what to do (by default the modal
        question, whatever :attr:`asks`: the window calls this only when it asks). *Save* saves (to
        the session's file, or where the teacher picks), *Quit without saving* drops the work,
        *Cancel* keeps the window; True when the window may close (saved, dropped, or nothing to lose)."""
        return self.may_replace(Purpose.QUIT, "", ask, modal=True)

    def may_replace(self, purpose: Purpose, name: str = "", ask: Callable[[], QuitChoice] | None = None,
                    modal: bool | None = None) -> bool:
        """Before unsaved work would go (``purpose``: quitting, opening the session or model ``name``,
        closing the real model, restoring the autosave): with unsaved work, ask what to do. True to go
        on: saved (Save, to the session's own file or where the teacher picks), or dropped on the
        teacher's word; False to leave everything as it is (Cancel, or a save cancelled or failed).

        Opening another model or closing it drops only the real model page's work; everything else
        replaces both documents. ``ask`` stands for the question (tests); without it, the modal
        question if ``modal`` (by default :attr:`asks`), else the work goes."""
        page_only = purpose in (Purpose.MODEL, Purpose.TOY)
        toy_work = not page_only and not self._undo_stack.isClean()
        real_work = self._real.has_unsaved_work()
        if not (toy_work or real_work):
            return True
        if ask is not None:
            choice = ask()
        elif self.asks if modal is None else modal:
            choice = ask_about_unsaved_work(self._parent, purpose, name, toy_work, real_work)
        else:
            choice = QuitChoice.DISCARD
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
            self.ask_open_path(Path(path_text))

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
        """Sessions opened or saved lately, newest first (never the autosave: an earlier version
        listed it after a restore)."""
        autosave = self.autosave_path()
        return [path for path in string_list(self.store.value("recent", []))
                if autosave is None or Path(path) != autosave]

    def _remember_recent(self, path: Path) -> None:
        recent = [str(path)] + [p for p in self.recent_files() if p != str(path)]
        self.store.set_value("recent", recent[:MAX_RECENT])
        self.fill_recent_menu()

    def fill_recent_menu(self) -> None:
        """List the recent sessions under File → Open recent."""
        menu = self._recent_menu
        menu.clear()
        for path in self.recent_files():
            menu.addAction(path, partial(self.ask_open_path, Path(path)))
        menu.setEnabled(bool(self.recent_files()))

    # ---- autosave ------------------------------------------------------------------------------

    def autosave_path(self) -> Path | None:
        """Where the autosave lives (None when nothing persists)."""
        return self.store.autosave_path()

    def _autosave_files(self) -> AutosaveFiles | None:
        path = self.autosave_path()
        return None if path is None else AutosaveFiles(path)

    def offer_autosave(self) -> None:
        """At start: offer (never force) the work a previous run saved automatically. It is set aside
        until the teacher answers, across runs if need be: this run's autosave goes to its own file."""
        files = self._autosave_files()
        if files is None or not self.store.persistent:
            return
        try:
            offered = files.set_aside()
        except OSError:
            return  # left where it is: offered at the next start that can move it
        if offered:
            self._restore_bar.show()

    def autosave(self) -> None:
        """Save the work where a crash cannot lose it (offered back at the next start): the session,
        and the lesson in use while its edits are unsaved (:mod:`visualizer.shell.autosave_files`)."""
        from visualizer.io.session import SessionError, save_session

        files = self._autosave_files()
        if files is None:
            return
        lessons = self._lesson_files
        edited = lessons.lesson if lessons is not None and self._lesson_edited() else None
        # The files the work belongs to come back with it: Save after a restore writes there.
        session_file, lesson_file = (None if path is None else str(path.expanduser().absolute()) for path in (
            self.session_path, None if lessons is None or edited is None else lessons.path))
        try:
            files.write(lambda path: save_session(path, self._model, self.lesson_place(), self._real.place(),
                                                  self.page_in_front(), session_file, lesson_file), edited)
        except (OSError, SessionError):
            pass  # the autosave is a safety net; the work itself is still in memory

    def schedule_autosave(self, *_: object) -> None:
        """An edit happened: autosave a few seconds later (edits in a burst save once)."""
        if self.store.persistent:
            self._autosave_timer.start()

    def restore_autosave(self) -> bool:
        """The teacher asked for the work saved automatically: it comes back as it was, with the
        edits of the lesson that was being edited, the files they belong to too (Save writes there),
        and stays unsaved work until saved. With unsaved work of this run, ask first (Cancel: the
        offer stands). False if not restored."""
        files = self._autosave_files()
        if files is None or self._read(files.offered) is None:
            return False
        lessons = self._lesson_files if files.offers_a_lesson() else None  # the lesson's edits come too
        if not self.may_replace(Purpose.RESTORE) or (lessons is not None and not lessons.may_drop_changes()):
            self._restore_bar.show()  # still offered
            return False
        session = self._read(files.offered)
        if session is None:
            return False
        # First the lesson (the session's step is one of its steps); unreadable, it is one message.
        edited = lessons is not None and lessons.restore_offered(files, session.lesson_file)
        if not self._show(session, self.tr("The work saved automatically"),
                          self.tr("Restored the work saved automatically")):
            return False  # (a state the file's own check let through: not seen)
        files.close_offer()  # in the window now, and in this run's autosave from here on
        self.session_path = None if session.session_file is None else Path(session.session_file)
        if not edited or not self._lesson.holds_the_steps_own_state():
            self._undo_stack.resetClean()  # the work is back, and still saved in no file of the teacher's
        if session.real_model is not None:
            self._real.set_unsaved()
        self.schedule_autosave()
        return True

    def discard_autosave(self) -> None:
        """The teacher declined the work saved automatically."""
        files = self._autosave_files()
        if files is not None:
            files.close_offer()

    def close(self, keep_unsaved_work: bool = False) -> None:
        """The window closes: drop the autosave (nothing to offer next time), or, with
        ``keep_unsaved_work`` and work not saved, autosave it now and keep it to offer next time
        (the app ended without the teacher deciding: nothing is dropped silently)."""
        self._autosave_timer.stop()
        files = self._autosave_files()
        if not self.store.persistent or files is None:
            return
        if keep_unsaved_work and (self.has_unsaved_work() or self._lesson_edited()):
            self.autosave()
        else:
            files.drop()

    def detach(self) -> None:
        """Stop listening to the model, the undo stacks and the pending autosave (teardown, normal exit
        or not; idempotent)."""
        if self._listening_to_stacks:
            # The stacks announce their last state while Qt destroys them: nothing left to ask then.
            self._undo_stack.cleanChanged.disconnect(self._on_clean_changed)
            self._real.clean_changed.disconnect(self._on_clean_changed)
            if self._lesson_files is not None:  # nor an autosave to start once the window has closed
                self._lesson_files.changes.indexChanged.disconnect(self.schedule_autosave)
                self._lesson_files.changes.cleanChanged.disconnect(self.schedule_autosave)
            self._listening_to_stacks = False
        self.stop_listening()
        self._autosave_timer.stop()


__all__ = ["MAX_RECENT", "Documents"]
