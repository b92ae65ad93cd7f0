"""The main window: makes its body and the shell's parts, hands each part what it uses, and
tears them down. Nothing in the shell holds the window.

What the window does lives in the parts (docs/architecture.md draws them): its widgets are laid
out by :mod:`.window_body`, the menus are a table (:mod:`.window_actions`, keys from
:mod:`visualizer.keys`), presentation is :mod:`.presentation`, what sits around the views is
:mod:`.surroundings`, the lesson is run by :mod:`.lesson_director`, sessions and autosave are
:mod:`.documents`. Each part is given its collaborators here, which is the seam for a new part.
"""

from __future__ import annotations

from PySide6.QtCore import QSettings
from PySide6.QtGui import QCloseEvent, QResizeEvent
from PySide6.QtWidgets import QMainWindow, QWidget

from visualizer.appearance import Appearance
from visualizer.authoring.authoring import Authoring
from visualizer.keys import KEYS
from visualizer.lab.state import GradientLab
from visualizer.lesson.band import LessonBand
from visualizer.lesson.panel import LessonPanel
from visualizer.lesson.run import Lesson, LessonRun, load_lesson
from visualizer.model import EmbeddingModel
from visualizer.poll.part import PollPart, poll_actions
from visualizer.selection import Highlight
from visualizer.shell.documents import Documents
from visualizer.shell.exports import Exports
from visualizer.shell.help import Help
from visualizer.shell.lesson_director import LessonDirector, check_view_options
from visualizer.shell.lesson_files import LessonFiles
from visualizer.shell.look import Look
from visualizer.shell.model_menu import ModelMenu
from visualizer.shell.preferences import Preferences
from visualizer.shell.presentation import Presentation
from visualizer.shell.screen_fit import fit_to_screen
from visualizer.shell.surroundings import Surroundings
from visualizer.shell.undo_actions import UndoActions
from visualizer.shell.window_actions import WINDOW_MENUS, WindowParts, window_actions
from visualizer.shell.window_body import WindowBody
from visualizer.ui.actions import ActionTable
from visualizer.ui.messages import StatusBarMessages
from visualizer.ui.problem_bar import ProblemBar
from visualizer.ui.protocol import Detachable
from visualizer.ui.settings_store import SettingsStore, settings_store


class MainWindow(QMainWindow):
    """Text box and token strip on top; vocabulary on the left; the views in tabs; the lesson on
    the right (along the bottom while presenting).

    Every view reads the same :class:`EmbeddingModel`; every model command lands on the toy's
    undo stack, whichever view (or lesson step) issued it; the real model's page has its own.

    Parameters
    ----------
    model, appearance
        The shared state and look (new ones by default).
    settings : QSettings or SettingsStore, optional
        Where geometry, language, zoom and recent files persist, and the autosave lives;
        None (tests, screenshots) keeps everything in memory.
    lesson : Lesson, optional
        The guided lesson (the app's own by default).
    ask_before_quit : bool
        Closing with unsaved work asks to save it, and so does opening a session or model over it
        (the app's own window); off for tests and screenshots, which never wait on a question.
    """

    def __init__(self, model: EmbeddingModel | None = None, appearance: Appearance | None = None,
                 settings: QSettings | SettingsStore | None = None, lesson: Lesson | None = None,
                 ask_before_quit: bool = False):
        lesson = lesson or load_lesson()
        check_view_options(lesson)  # a step no view can stage is refused before anything is built
        super().__init__()
        self.model = model or EmbeddingModel()
        self.appearance = appearance or Appearance()
        # Beside the model, never undone or saved: the position every view highlights, and the
        # lab's batches and its own training copy of E (made on first use: see `lab`).
        self.highlight = Highlight(self.model)
        self.ask_before_quit = ask_before_quit
        self._closed = False
        self._lab: GradientLab | None = None
        self.lesson_run = LessonRun(lesson, self.model)
        self.problem_bar = ProblemBar()
        self.messages = StatusBarMessages(self.statusBar, self.problem_bar)
        self._lay_out()
        self._make_parts(settings_store(settings))
        self._connect()
        self.look.set_theme("system")
        self.look.apply()
        self.surroundings.fit_vocabulary()
        self.retranslate()
        fit_to_screen(self)  # a first launch; remembered geometry (below) wins
        if self.documents.store.persistent:
            self.preferences.restore()
            self.documents.offer_autosave()  # offered, never forced
            self.documents.fill_recent_menu()

    def _lay_out(self) -> None:
        body = WindowBody(self.model, self.appearance, self.highlight, lambda: self.lab, self.problem_bar)
        self.text_input, self.token_strip = body.text_input, body.token_strip
        self.scheme_selector, self.vocabulary = body.scheme_selector, body.vocabulary
        self.tabs, self.x_panel, self.restore_bar = body.tabs, body.x_panel, body.restore_bar
        self.body, self.central_layout = body.splitter, body.layout
        self.lesson_panel = LessonPanel(self.lesson_run, self.appearance)
        self.lesson_dock = LessonBand(self, self.lesson_panel, self.appearance)
        self.setCentralWidget(body.widget)

    def _make_parts(self, store: SettingsStore) -> None:
        """Each part of the shell, given what it uses."""
        model, appearance, messages = self.model, self.appearance, self.messages
        self.action_table = ActionTable(self, WINDOW_MENUS, {"token_strip": self.token_strip}, self.menuBar(), KEYS)
        self.undo = UndoActions(self.tabs)
        self.undo_stack = self.undo.add_document(model.events.edited, model.restore)  # the toy's
        self.presentation = Presentation(self, appearance, messages.show_message, self.lesson_dock.holds_its_text)
        self.surroundings = Surroundings(appearance, self.tabs, self.text_input, self.token_strip,
                                         self.scheme_selector, self.vocabulary, self.body, self.central_layout,
                                         self.menuBar(), self.lesson_dock)
        self.lesson_dock.measure_views_with(self.surroundings.least_height)
        self.look = Look(appearance, self, messages)
        self.exports = Exports(model, appearance, self.highlight, lambda: self.lab, self.tabs.current_view, self,
                               messages, lambda: self.lesson_run.lesson)
        # Real checkpoints: everything lives in that module.
        self.model_menu = ModelMenu(self.menuBar(), self.action_table.menus["help"].menuAction(), self.tabs,
                                    appearance, self.undo, messages, store, self)
        self.documents = Documents(model, self.lesson_run, self.undo_stack, messages, self.action_table.menus[
            "file/recent"], store, self, self.tabs, self.model_menu, self.restore_bar, self.ask_before_quit)
        self.help = Help(self, self.lesson_run, appearance)
        self.authoring = Authoring(self.lesson_run, model, appearance, self, self.tabs.name_in_front,
                                   self.tabs.title_of, messages, lambda: self.lesson_files.ask_save_as())
        self.lesson_files = LessonFiles(self.lesson_run, messages, lambda: appearance.language, self,
                                        self.authoring.stack)
        self.documents.attach_lesson_files(self.lesson_files)
        self.lesson_director = LessonDirector(self.lesson_run, self.tabs, self.lesson_dock)
        for shown in (self.lesson_run.step_shown, self.lesson_run.answer_shown):
            shown.connect(self.presentation.keep_within_window_soon)
        self.preferences = Preferences(store, self, appearance, self.presentation, self.look, self.lesson_run,
                                       self.lesson_dock)
        self.action_table.add(window_actions(), WindowParts(
            self.documents, self.lesson_files, self.authoring, self.exports, self.undo, self.presentation,
            self.lesson_director, self.look, self.help, appearance, self.tabs, self.token_strip, self.x_panel,
            self.close))
        self.undo.show_on(self.action_table["undo"], self.action_table["redo"])
        # The class poll: its button beside Reveal, its menu and F6; the poll itself is made on first use.
        self.class_poll = PollPart(self.lesson_run, model, appearance, self.lesson_panel, self.lesson_dock,
                                   self.surroundings, messages, self, store)
        self.action_table.add(poll_actions(), self.class_poll)

    def _connect(self) -> None:
        self.presentation.presenting_changed.connect(self.action_table.set_presenting)
        self.presentation.presenting_changed.connect(self.lesson_dock.set_presenting)
        self.presentation.presenting_changed.connect(self.class_poll.set_presenting)
        self.presentation.presenting_changed.connect(self.authoring.set_presenting)
        self.authoring.shown_changed.connect(self.surroundings.fit_vocabulary_soon)
        self.documents.modified_changed.connect(self._on_modified_changed)
        self.token_strip.message.connect(self.messages.show_message)
        self.vocabulary.table_model.edit_rejected.connect(self.messages.show_message)
        self.vocabulary.table_model.refusal_ended.connect(self.messages.withdraw_message)  # ends with its cause
        self.vocabulary.insert_requested.connect(self.token_strip.insert_after_selection)
        events = self.appearance.events
        self._listening = [(events.language, self.retranslate), (events.look, self.action_table.refresh_checks),
                           (self.lesson_run.changed, self.action_table.refresh_checks)]
        for signal, slot in self._listening:
            signal.connect(slot)

    # ---- views ------------------------------------------------------------------------------------

    @property
    def lab(self) -> GradientLab:
        """The sparse-gradient lab's state, made on first use (its page or an arrays export): it
        trains a copy of E as E is then, after any edit or session opened since the start."""
        if self._lab is None:
            self._lab = GradientLab(self.model.tokens, self.model.E)
        return self._lab

    def view(self, name: str) -> QWidget:
        """A tab's view by its name in :data:`~visualizer.shell.view_tabs.VIEWS` (``x_panel``,
        ``rope_clock``, …), built now if it was not yet."""
        return self.tabs.view_named(name)

    def go_to_step(self, step: int) -> None:
        """Show lesson step ``step`` (0-based)."""
        self.lesson_run.go_to(step)

    def set_language(self, language: str) -> None:
        """Switch every visible string and number format, live."""
        self.look.set_language(language)

    def retranslate(self, *_: object) -> None:
        """Re-read every visible string of the window itself."""
        self.setWindowTitle("[*]" + self.tr("Embeddings: from token ids to X"))  # "*" while work is unsaved
        self.action_table.retranslate()
        self.action_table.refresh_checks()
        self.presentation.keep_within_window_soon()  # Portuguese words are longer: an English zoom may give way
        self.undo.retranslate()
        self.tabs.retranslate()
        self.restore_bar.retranslate()
        self.problem_bar.retranslate()
        self.documents.fill_recent_menu()

    def _on_modified_changed(self, modified: bool) -> None:  # a method: Qt drops it with the window, not a lambda
        self.setWindowModified(modified)  # the title's "*": unsaved work in the toy or on the Real model page

    # ---- lifetime --------------------------------------------------------------------------------

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.presentation.fit_blank()
        self.lesson_dock.fit()
        self.class_poll.fit()

    def closeEvent(self, event: QCloseEvent) -> None:
        # Ctrl+Q and the window's close button both come here: unsaved work is saved, dropped on
        # the teacher's word, or the window stays.
        if (not self._closed and self.ask_before_quit
                and not (self.documents.may_quit() and self.lesson_files.may_drop_changes())):
            event.ignore()
            self.activateWindow()  # the keyboard back to the window (without a window manager, nobody else does it)
            return
        # Closed without the question (tests, or the app ending under the window): unsaved work
        # stays in the autosave, offered at the next launch.
        keep_unsaved_work = not self._closed and not self.ask_before_quit
        self._closed = True
        if self.documents.store.persistent:
            self.preferences.save()
        self.documents.close(keep_unsaved_work)
        self.detach()
        super().closeEvent(event)

    def close_at_exit(self) -> None:
        """Close without asking (the app's event loop has ended: nobody can answer); unsaved work
        is kept in the autosave and offered at the next launch."""
        self.ask_before_quit = False
        self.close()

    def detach(self) -> None:
        """Disconnect every part and view of the window from the model (idempotent)."""
        if not self.undo.recording:
            return
        for signal, slot in self._listening:
            signal.disconnect(slot)
        for part in (self.class_poll, self.documents, self.undo, self.look, self.help, self.lesson_director,
                     self.model_menu, self.authoring,
                     self.surroundings, self.tabs, self.lesson_dock, self.text_input, self.token_strip,
                     self.scheme_selector, self.vocabulary, self.lesson_panel, *self.tabs.built_views()):
            assert isinstance(part, Detachable)
            part.detach()
        self.highlight.close()
        self.lesson_run.close()
