"""The lesson editor: the steps in order, the buttons that change them, and the form of the step
shown. The stage beside it is the live preview: choosing a step shows it there, and every edit
shows there as it is typed.

A container of values: :meth:`LessonEditor.show_lesson` sets what it shows and the teacher's
requests leave as signals; :class:`~visualizer.authoring.authoring.Authoring` makes the changes.
"""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from visualizer.authoring.step_form import StepForm
from visualizer.lesson.file import Lesson, in_language

PROBLEM_COLOUR = "#D55E00"  # Okabe–Ito vermillion: readable on the light and the dark theme
LIST_ROWS = 7
"""Steps the list shows before it scrolls."""


class LessonEditor(QWidget):
    """The lesson's steps and the form of the one shown.

    Signals
    -------
    step_chosen : (int)
        The teacher chose a step in the list (0-based): the stage shows it.
    add_requested : (bool)
        Add this moment as a step after (True) or before (False) the step shown.
    retake_requested : ()
        The step shown takes this moment instead (its texts kept).
    duplicate_requested, delete_requested : ()
    move_requested : (int)
        Move the step shown up (−1) or down (+1).
    undo_requested, redo_requested, save_requested : ()
    text_edited : (str, str, str)
        (text, language, new text): see :class:`~visualizer.authoring.step_form.StepForm`.
    kind_chosen : (str)
        The step shown becomes a question of this kind ("" : no question).
    """

    step_chosen = Signal(int)
    add_requested = Signal(bool)
    retake_requested = Signal()
    duplicate_requested = Signal()
    delete_requested = Signal()
    move_requested = Signal(int)
    undo_requested = Signal()
    redo_requested = Signal()
    save_requested = Signal()
    text_edited = Signal(str, str, str)
    kind_chosen = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("lesson_editor")
        self._filling = False
        self.undo_button = self._button("lesson_undo", self.undo_requested.emit)
        self.redo_button = self._button("lesson_redo", self.redo_requested.emit)
        self.save_button = self._button("lesson_save", self.save_requested.emit)
        self.add_before = self._button("add_before", lambda: self.add_requested.emit(False))
        self.add_after = self._button("add_after", lambda: self.add_requested.emit(True))
        self.retake = self._button("retake", self.retake_requested.emit)
        self.duplicate = self._button("duplicate", self.duplicate_requested.emit)
        self.move_up = self._button("move_up", lambda: self.move_requested.emit(-1))
        self.move_down = self._button("move_down", lambda: self.move_requested.emit(+1))
        self.delete = self._button("delete_step", self.delete_requested.emit)
        buttons = QVBoxLayout()
        for line in ((self.undo_button, self.redo_button, self.save_button), (self.add_before, self.add_after),
                     (self.retake, self.duplicate), (self.move_up, self.move_down, self.delete)):
            row = QHBoxLayout()
            for button in line:
                row.addWidget(button)
            buttons.addLayout(row)
        self.steps = QListWidget()
        self.steps.setObjectName("lesson_steps")
        self.steps.currentRowChanged.connect(self._on_row_changed)
        self.steps.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.steps.setTextElideMode(Qt.TextElideMode.ElideRight)
        rows = self.fontMetrics().lineSpacing() + 4
        self.steps.setMinimumHeight(3 * rows)
        self.steps.setMaximumHeight(LIST_ROWS * rows + 2 * self.steps.frameWidth())
        self.form = StepForm()
        self.form.text_edited.connect(self.text_edited)
        self.form.kind_chosen.connect(self.kind_chosen)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(self.form)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.problem = QLabel()
        self.problem.setObjectName("lesson_editor_problem")
        self.problem.setWordWrap(True)
        self.problem.setTextFormat(Qt.TextFormat.PlainText)
        self.problem.setStyleSheet(f"color: {PROBLEM_COLOUR};")
        self.problem.hide()
        column = QVBoxLayout(self)
        column.addLayout(buttons)
        column.addWidget(self.steps)
        column.addWidget(self.problem)
        column.addWidget(scroll, 1)
        self.retranslate()

    def sizeHint(self) -> QSize:
        """Narrow: the stage beside it is the preview, and keeps the rest of the window."""
        return QSize(self.minimumWidth(), super().sizeHint().height())

    def _button(self, name: str, clicked: object) -> QPushButton:
        button = QPushButton()
        button.setObjectName(name)
        button.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)  # the dock's width decides
        button.clicked.connect(clicked)
        return button

    # ---- what it shows -------------------------------------------------------------------------

    def show_lesson(self, lesson: Lesson, index: int | None, language: str, shows: str, now: str) -> None:
        """The steps of ``lesson`` in ``language``, step ``index`` chosen and in the form."""
        self._filling = True
        try:
            if self.steps.count() != len(lesson.steps):
                self.steps.clear()
                for _ in lesson.steps:
                    QListWidgetItem(self.steps)
            for number, step in enumerate(lesson.steps):
                title = in_language(step.title, language)
                marked = self.tr("{0}. {1} (question)") if step.is_question else self.tr("{0}. {1}")
                self.steps.item(number).setText(marked.format(number + 1, title))
            self.steps.setCurrentRow(-1 if index is None else index)
        finally:
            self._filling = False
        shown = None if index is None else lesson.steps[index]
        self.form.setEnabled(shown is not None)
        if shown is not None:
            self.form.show_step(shown, shows, now)
        count = len(lesson.steps)
        for button in (self.retake, self.duplicate, self.delete):
            button.setEnabled(shown is not None)
        self.delete.setEnabled(shown is not None and count > 1)
        self.move_up.setEnabled(index is not None and index > 0)
        self.move_down.setEnabled(index is not None and index < count - 1)

    def set_undo_state(self, can_undo: bool, can_redo: bool, undo_text: str, redo_text: str) -> None:
        """Whether Undo and Redo can act, and what they would do (their tooltips)."""
        self.undo_button.setEnabled(can_undo)
        self.redo_button.setEnabled(can_redo)
        self.undo_button.setToolTip(undo_text)
        self.redo_button.setToolTip(redo_text)

    def show_problem(self, text: str) -> None:
        """Say why the last edit was refused (shown until the next accepted change)."""
        self.problem.setText(text)
        self.problem.setVisible(bool(text))

    # ---- language --------------------------------------------------------------------------------

    def retranslate(self) -> None:
        """Re-read every visible string in the current language."""
        texts = {
            self.undo_button: (self.tr("Undo"), self.tr("Undo the last change to the lesson")),
            self.redo_button: (self.tr("Redo"), self.tr("Redo the change undone")),
            self.save_button: (self.tr("Save as…"), self.tr("Save the lesson as a file")),
            self.add_before: (self.tr("Add before"), self.tr("Add what the screen shows now as a step before "
                                                             "this one")),
            self.add_after: (self.tr("Add after"), self.tr("Add what the screen shows now as a step after this one")),
            self.retake: (self.tr("Retake"), self.tr("This step shows what the screen shows now (its texts stay)")),
            self.duplicate: (self.tr("Duplicate"), self.tr("Add a copy of this step after it")),
            self.move_up: (self.tr("Up"), self.tr("Move this step one place earlier")),
            self.move_down: (self.tr("Down"), self.tr("Move this step one place later")),
            self.delete: (self.tr("Delete"), self.tr("Delete this step")),
        }
        for button, (text, tip) in texts.items():
            button.setText(text)
            if button not in (self.undo_button, self.redo_button):
                button.setToolTip(tip)
            button.setAccessibleDescription(tip)
        self.form.retranslate()

    def _on_row_changed(self, row: int) -> None:
        if not self._filling and row >= 0:
            self.step_chosen.emit(row)


__all__ = ["LessonEditor"]
