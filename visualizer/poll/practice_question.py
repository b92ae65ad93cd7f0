"""Offline practice: a student alone at home answers the lesson's check-yourself question inside
the app and is told whether the choice is right, and why."""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QButtonGroup, QGridLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from visualizer.appearance import Appearance
from visualizer.lesson.questions import AskedQuestion, Question, Unavailable
from visualizer.ui.palette import scaled_font
from visualizer.ui.protocol import ListeningView


class PracticeQuestion(ListeningView, QWidget):
    """The current question with one button per choice, and feedback on the choice picked.

    A widget of values: :meth:`set_question` gives it the question (the poll's controller
    computes it from the model), :attr:`answered` tells what the student picked.

    Signals
    -------
    answered : (int, bool)
        The choice picked (0-based) and whether it is the right one.
    """

    answered = Signal(int, bool)

    def __init__(self, appearance: Appearance, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("practice_question")
        self._appearance = appearance
        self._question: AskedQuestion | None = None
        self._picked: int | None = None
        self.heading = QLabel()
        self.prompt = QLabel()
        self.prompt.setWordWrap(True)
        self.feedback = QLabel()
        self.feedback.setObjectName("practice_feedback")
        self.feedback.setWordWrap(True)
        self._choices = QWidget()
        self._grid = QGridLayout(self._choices)
        self._grid.setContentsMargins(0, 0, 0, 0)
        self._grid.setColumnStretch(1, 1)
        self._group = QButtonGroup(self)
        self._group.setExclusive(True)
        self._group.idClicked.connect(self.choose)
        self.buttons: list[QPushButton] = []
        self.texts: list[QLabel] = []
        layout = QVBoxLayout(self)
        for widget in (self.heading, self.prompt, self._choices, self.feedback):
            layout.addWidget(widget)
        layout.addStretch(1)
        self.listen(appearance.events.scale, self._on_scale_changed)
        self.listen(appearance.events.language, self.retranslate)
        self._on_scale_changed()
        self.retranslate()

    def sizeHint(self) -> QSize:
        # As tall as its text needs at its width (word-wrapped labels): in a scroll area, it then
        # asks for all of its height and scrolls only when the window has less.
        hint = super().sizeHint()
        if self.width() > 0:
            hint.setHeight(max(hint.height(), self.heightForWidth(self.width())))
        return hint

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            self.updateGeometry()  # another width, another height: tell whoever holds it

    def question(self) -> AskedQuestion | None:
        """The question shown."""
        return self._question

    def picked(self) -> int | None:
        """The choice picked (0-based), if any."""
        return self._picked

    def set_question(self, question: AskedQuestion | None) -> None:
        """Show ``question``; the choice picked stays if it is the same question."""
        same = (isinstance(question, Question) and isinstance(self._question, Question)
                and question.step_id == self._question.step_id
                and [c.key for c in question.choices] == [c.key for c in self._question.choices])
        self._question = question
        if not same:
            self._picked = None
        count = len(question.choices) if isinstance(question, Question) else 0
        if count != len(self.buttons):
            self._make_choices(count)
        self.retranslate()

    def set_prompt_shown(self, shown: bool) -> None:
        """Show the heading and the question above the choices, or not (inside the lesson's own
        question box, which shows the question already)."""
        self.heading.setVisible(shown)
        self.prompt.setVisible(shown)

    def choose(self, index: int) -> None:
        """Pick choice ``index``: the feedback says whether it is right, and why."""
        question = self._question
        if not isinstance(question, Question) or not 0 <= index < len(question.choices):
            return
        self._picked = index
        self.buttons[index].setChecked(True)
        self.retranslate()
        self.answered.emit(index, index == question.right)

    def _make_choices(self, count: int) -> None:
        for button in self.buttons:
            self._group.removeButton(button)
            button.deleteLater()
        for label in self.texts:
            label.deleteLater()
        self.buttons, self.texts = [], []
        for index in range(count):
            button = QPushButton()
            button.setObjectName(f"practice_choice_{index}")
            button.setCheckable(True)
            text = QLabel()
            text.setWordWrap(True)
            text.setBuddy(button)
            self._group.addButton(button, index)
            self._grid.addWidget(button, index, 0, Qt.AlignmentFlag.AlignTop)
            self._grid.addWidget(text, index, 1)
            button.show()  # children added to a shown widget stay hidden until told
            text.show()
            self.buttons.append(button)
            self.texts.append(text)
        self._on_scale_changed()

    def retranslate(self) -> None:
        """Re-read every text in the current language."""
        language = self._appearance.language
        question = self._question
        self.heading.setText(self.tr("Practice on your own"))
        if question is None:
            self.prompt.setText(self.tr("This step asks no question. The check-yourself steps of the lesson do: "
                                        "go to one of them to practise."))
            self.feedback.setText("")
            return
        self.prompt.setText(question.prompt[language])
        if isinstance(question, Unavailable):
            self.feedback.setText(question.reason[language])
            return
        for index, choice in enumerate(question.choices):
            self.buttons[index].setText(question.letter(index))
            self.texts[index].setText(choice.text[language])
        picked = self._picked
        if picked is None:
            self.feedback.setText(self.tr("Pick the answer you predict."))
            self._group.setExclusive(False)  # an exclusive group never lets its last button go
            for button in self.buttons:
                button.setChecked(False)
            self._group.setExclusive(True)
        elif picked == question.right:
            self.feedback.setText(self.tr("✓ Right. {0}").format(question.explanation[language]))
        else:
            self.feedback.setText(self.tr("✗ Not {0}. {1} Try another choice.")
                                  .format(question.letter(picked), question.choices[picked].why[language]))

    def _on_scale_changed(self, *_: object) -> None:
        appearance = self._appearance
        self.heading.setFont(scaled_font(appearance, 12, bold=True))
        self.prompt.setFont(scaled_font(appearance, 11, bold=True))
        self.feedback.setFont(scaled_font(appearance, 11))
        for button, text in zip(self.buttons, self.texts, strict=True):
            button.setFont(scaled_font(appearance, 11, bold=True))
            button.setFixedWidth(appearance.px(44))
            text.setFont(scaled_font(appearance, 11))


__all__ = ["PracticeQuestion"]
