"""File → Open lesson and Save lesson as: a teacher's own lesson, in a file of its own.

A lesson opened from a file first says whose it is (its title, author, languages and number of
steps) and is opened only on the teacher's word; a file that is not a lesson is refused with one
line naming the step and the field, and the lesson in use stays. Changes made in the lesson editor
and not saved to a file are never dropped without asking: opening another lesson and quitting ask
first (Save, go on without saving, or Cancel).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QObject
from PySide6.QtGui import QUndoStack
from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget

from visualizer.languages import LANGUAGES
from visualizer.lesson.file import Lesson, LessonError, read_lesson, write_lesson
from visualizer.lesson.run import LessonRun
from visualizer.lesson.texts import in_language
from visualizer.shell.autosave_files import AutosaveFiles
from visualizer.shell.lesson_director import check_view_options
from visualizer.shell.quit_question import QuitChoice, save_discard_or_cancel
from visualizer.ui.file_places import start_path
from visualizer.ui.messages import MessageSink

LESSON_FILTER = "Lessons (*.json)"


def describe(lesson: Lesson, language: str, path: Path) -> str:
    """What the teacher reads before opening ``lesson``: its title, author, languages and steps."""
    title = in_language(lesson.title, language) or path.stem
    author = lesson.author or QCoreApplication.translate("LessonFiles", "an author who did not sign it")
    languages = (", ".join(LANGUAGES[code] for code in lesson.languages)
                 or QCoreApplication.translate("LessonFiles", "none whole"))
    template = QCoreApplication.translate("LessonFiles", "“{0}”, by {1}: {2} steps ({3} questions), written in {4}.")
    return template.format(
        title, author, len(lesson.steps), sum(step.is_question for step in lesson.steps), languages)


def ask_to_open(parent: QWidget, lesson: Lesson, language: str, path: Path) -> bool:
    """Ask, in a modal box over ``parent``, whether to run ``lesson`` (Return opens, Escape keeps the
    lesson in use)."""
    box = QMessageBox(parent)
    box.setIcon(QMessageBox.Icon.Question)
    box.setWindowTitle(QCoreApplication.translate("LessonFiles", "Open a lesson"))
    box.setText(describe(lesson, language, path))
    box.setInformativeText(QCoreApplication.translate(
        "LessonFiles",
        "Run this lesson instead of the one in use? The model's sentence and scheme follow its first step."))
    role = QMessageBox.ButtonRole
    opened = box.addButton(QCoreApplication.translate("LessonFiles", "&Open the lesson"), role.AcceptRole)
    cancel = box.addButton(QCoreApplication.translate("LessonFiles", "Cancel"), role.RejectRole)
    box.setDefaultButton(opened)
    box.setEscapeButton(cancel)
    box.exec()
    clicked = box.clickedButton()
    box.deleteLater()
    return clicked is opened


def ask_about_the_lesson(parent: QWidget, name: str = "") -> QuitChoice:
    """Ask, in a modal box over ``parent``, what to do with changes to the lesson not saved to a file,
    before quitting (``name`` empty) or opening the lesson ``name`` (Return saves, Escape cancels)."""
    box = QMessageBox(parent)
    box.setIcon(QMessageBox.Icon.Question)
    box.setWindowTitle(QCoreApplication.translate("LessonFiles", "Unsaved lesson"))
    opening = QCoreApplication.translate("LessonFiles", "Save the changes to the lesson before opening {0}?")
    quitting = QCoreApplication.translate("LessonFiles", "Save the changes to the lesson before quitting?")
    box.setText(opening.format(name) if name else quitting)
    box.setInformativeText(QCoreApplication.translate(
        "LessonFiles", "The steps added, moved or deleted and the texts written in the lesson editor since the "
                       "lesson was last saved would be lost."))
    go_on = (QCoreApplication.translate("LessonFiles", "Open &without saving") if name
             else QCoreApplication.translate("LessonFiles", "Quit &without saving"))
    return save_discard_or_cancel(box, QCoreApplication.translate("LessonFiles", "&Save the lesson…"), go_on,
                                  QCoreApplication.translate("LessonFiles", "Cancel"))


class LessonFiles(QObject):
    """Open and save the lesson in use.

    Parameters
    ----------
    run : LessonRun
        The lesson run in the window: a lesson opened replaces its lesson.
    messages : MessageSink
        What was opened or saved, or why not.
    language : callable returning str
        The app's language (the description of a lesson is written in it).
    parent : QWidget
        The window the dialogs belong to.
    changes : QUndoStack
        The lesson editor's changes: clean when the lesson in use is saved (or untouched).
    confirm : callable, optional
        ``confirm(lesson, path)``: whether to open ``lesson`` (the modal question by default; tests
        pass their own answer).
    ask_unsaved : callable, optional
        ``ask_unsaved(name)``: what to do with unsaved changes before opening the lesson ``name``
        (or quitting: ``""``); the modal question by default.
    """

    def __init__(self, run: LessonRun, messages: MessageSink, language: Callable[[], str], parent: QWidget,
                 changes: QUndoStack, confirm: Callable[[Lesson, Path], bool] | None = None,
                 ask_unsaved: Callable[[str], QuitChoice] | None = None) -> None:
        super().__init__(parent)
        self._run, self._messages, self._language, self._parent = run, messages, language, parent
        self.changes = changes
        self._confirm = confirm or (lambda lesson, path: ask_to_open(parent, lesson, language(), path))
        self._ask_unsaved = ask_unsaved or (lambda name: ask_about_the_lesson(parent, name))
        self.path: Path | None = None
        """The file of the lesson in use, if it came from one."""

    @property
    def lesson(self) -> Lesson:
        """The lesson in use (as the editor left it)."""
        return self._run.lesson

    def has_unsaved_changes(self) -> bool:
        """True when the lesson editor changed the lesson since it was opened or saved."""
        return not self.changes.isClean()

    def may_drop_changes(self, name: str = "") -> bool:
        """Before the lesson's unsaved changes would go (opening the lesson ``name``, or quitting):
        ask. True to go on (saved, or dropped on the teacher's word), False to keep everything."""
        if not self.has_unsaved_changes():
            return True
        choice = self._ask_unsaved(name)
        if choice is QuitChoice.SAVE:
            if self.path is not None:
                self.save_as(self.path)
            else:
                self.ask_save_as()  # the teacher may still cancel the dialog, or the save may fail
            return not self.has_unsaved_changes()
        return choice is QuitChoice.DISCARD

    def open(self, path: Path) -> bool:
        """Run the lesson of ``path`` from its first step, if it is one and the teacher says so."""
        try:
            lesson = read_lesson(path)
            check_view_options(lesson)  # a view that cannot show a step: refused now, not mid-class
        except LessonError as error:
            refused = QCoreApplication.translate("LessonFiles", "Not opened, the lesson in use stays: {0}")
            self._messages.show_problem(refused.format(error))
            return False
        if not self._confirm(lesson, path) or not self.may_drop_changes(path.name):
            return False
        self._run.set_lesson(lesson, 0)
        self.changes.clear()  # another lesson: the last one's changes cannot be undone into it
        self.path = path
        self._messages.show_message(QCoreApplication.translate("LessonFiles", "Opened the lesson {0}").format(path))
        return True

    def restore_offered(self, files: AutosaveFiles, path: str | None) -> bool:
        """The lesson the teacher was editing when the app ended, as the autosave offers it: in use
        from its first step, still unsaved (Save writes to ``path``, its file, if it had one). One
        message, and the lesson in use stays, if it does not read as a lesson the views can show.
        True if restored."""
        try:
            lesson = files.offered_lesson()
            check_view_options(lesson)
        except LessonError as error:
            self._messages.show_problem(QCoreApplication.translate(
                "LessonFiles", "The lesson's edits saved automatically cannot be read, the lesson in use stays: {0}"
            ).format(error))
            return False
        self._run.set_lesson(lesson, 0)
        self.changes.clear()  # the edits themselves cannot be undone: they are the lesson now
        self.changes.resetClean()
        self.path = None if path is None else Path(path)
        return True

    def save_as(self, path: Path) -> bool:
        """Write the lesson in use to ``path`` (a lesson file another teacher can open)."""
        try:
            write_lesson(self._run.lesson, path)
        except OSError as error:
            self._messages.show_problem(QCoreApplication.translate("LessonFiles", "Cannot write {0}: {1}").format(path,
                                                                                           error.strerror or error))
            return False
        self.path = path
        self.changes.setClean()
        self._messages.show_message(QCoreApplication.translate("LessonFiles", "Saved the lesson {0}").format(path))
        return True

    def ask_open(self) -> None:
        """File → Open lesson…: a file dialog, then :meth:`open`."""
        path_text, _ = QFileDialog.getOpenFileName(self._parent, QCoreApplication.translate("LessonFiles",
                                                                                            "Open a lesson"),
                                                   start_path(), LESSON_FILTER)
        if path_text:
            self.open(Path(path_text))

    def ask_save_as(self) -> None:
        """File → Save lesson as…: a save dialog, then :meth:`save_as`."""
        suggested = self.path.name if self.path is not None else "lesson.json"
        path_text, _ = QFileDialog.getSaveFileName(self._parent, QCoreApplication.translate("LessonFiles",
                                                                                            "Save the lesson as"),
                                                   start_path(suggested), LESSON_FILTER)
        if path_text:
            path = Path(path_text)
            self.save_as(path if path.suffix else path.with_suffix(".json"))


__all__ = ["LESSON_FILTER", "LessonFiles", "ask_about_the_lesson", "ask_to_open", "describe"]
