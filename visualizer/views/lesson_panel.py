"""The guided lesson beside the views: where this step sits in the course, a caption, and
"predict, then reveal" questions that the app answers by running the experiment."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QFrame, QGridLayout, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from ..appearance import Appearance
from ..lesson import Lesson, LessonStep
from ..model import EmbeddingModel
from .attention_preview import classify_rows
from .lifetime import DetachOnClose
from .palette import scaled_font


class LessonPanel(DetachOnClose, QWidget):
    """Steps of the lesson, one at a time.

    ``show_step(step)`` is called back so the window can bring the step's view forward; reveal
    actions other than moving a token (e.g. the real-scale measurement) go to ``run_action``.

    Signals
    -------
    step_changed : (int)
        The index of the step now shown.
    """

    step_changed = Signal(int)

    def __init__(self, lesson: Lesson, model: EmbeddingModel, appearance: Appearance,
                 show_step: Callable[[LessonStep], None], run_action: Callable[[dict[str, Any]], None],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.lesson = lesson
        self._model = model
        self._appearance = appearance
        self._show_step = show_step
        self._run_action = run_action
        self._index: int | None = None
        self._revealed = False
        self._before_reveal: tuple[tuple[int, ...], np.ndarray] | None = None
        self.path = QLabel()
        self.path.setWordWrap(True)
        self.path.setTextFormat(Qt.TextFormat.RichText)
        self.counter = QLabel()
        self.title = QLabel()
        self.title.setWordWrap(True)
        self.caption = QLabel()
        self.caption.setWordWrap(True)
        self.caption.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.question_box = QFrame()
        self.question_box.setFrameShape(QFrame.Shape.StyledPanel)
        self.question_box.setStyleSheet("QFrame { background: #E8F1FA; border: 2px solid #0072B2; }")
        self.question = QLabel()
        self.question.setWordWrap(True)
        self.reveal_button = QPushButton()
        self.reveal_button.clicked.connect(self.reveal)
        box = QVBoxLayout(self.question_box)
        box.addWidget(self.question)
        box.addWidget(self.reveal_button)
        self.previous_button, self.next_button = QPushButton(), QPushButton()
        self.previous_button.clicked.connect(self.previous)
        self.next_button.clicked.connect(self.advance)
        self.buttons = QWidget()
        buttons = QHBoxLayout(self.buttons)
        buttons.setContentsMargins(0, 0, 0, 0)
        buttons.addWidget(self.previous_button)
        buttons.addWidget(self.counter, 1, Qt.AlignmentFlag.AlignCenter)
        buttons.addWidget(self.next_button)
        self._grid = QGridLayout(self)
        self._grid.setContentsMargins(6, 2, 6, 2)
        self._wide = True
        self.set_wide(False)
        appearance.changed.connect(self._on_appearance_changed)
        self._on_appearance_changed()

    def set_wide(self, wide: bool) -> None:
        """Wide (along the bottom, presenting): caption left, question and buttons right.
        Tall (beside the views): everything stacked."""
        if wide == self._wide:
            return
        self._wide = wide
        for widget in (self.path, self.title, self.caption, self.question_box, self.buttons):
            self._grid.removeWidget(widget)
        if wide:
            self._grid.addWidget(self.path, 0, 0, 1, 2)
            self._grid.addWidget(self.title, 1, 0)
            self._grid.addWidget(self.buttons, 1, 1)
            self._grid.addWidget(self.caption, 2, 0)
            self._grid.addWidget(self.question_box, 2, 1)
            self._grid.setColumnStretch(0, 7)
            self._grid.setColumnStretch(1, 3)
            self._grid.setRowStretch(2, 1)
            self._grid.setRowStretch(3, 0)
        else:
            for row, widget in enumerate((self.path, self.title, self.caption, self.question_box, self.buttons)):
                self._grid.addWidget(widget, row, 0, 1, 2)
            self._grid.setColumnStretch(1, 0)
            self._grid.setRowStretch(2, 1)
        self._on_appearance_changed()

    # ---- state ---------------------------------------------------------------------------------

    @property
    def index(self) -> int | None:
        """The step shown (0-based), or None before the lesson starts."""
        return self._index

    @property
    def revealed(self) -> bool:
        """True once the current question's answer is shown."""
        return self._revealed

    def current_step(self) -> LessonStep | None:
        """The step shown."""
        return None if self._index is None else self.lesson.steps[self._index]

    # ---- commands ------------------------------------------------------------------------------

    def go_to(self, index: int) -> None:
        """Show step ``index``: put the model in the step's state and bring its view forward."""
        if not 0 <= index < len(self.lesson.steps):
            raise IndexError(f"the lesson has steps 1..{len(self.lesson.steps)}, not {index + 1}")
        step = self.lesson.steps[index]
        self._index, self._revealed, self._before_reveal = index, False, None
        self._model.set_text(step.text)
        self._model.set_scheme(step.scheme)
        self._show_step(step)
        self.retranslate()
        self.step_changed.emit(index)

    def advance(self) -> None:
        """Next (clicker): reveal the answer of an unrevealed question first, then move on."""
        step = self.current_step()
        if step is None:
            self.go_to(0)
        elif step.is_question and not self._revealed:
            self.reveal()
        elif self._index is not None and self._index + 1 < len(self.lesson.steps):
            self.go_to(self._index + 1)

    def previous(self) -> None:
        """Previous step (clicker)."""
        if self._index is None:
            self.go_to(0)
        elif self._index > 0:
            self.go_to(self._index - 1)

    def reveal(self) -> None:
        """Perform the question's experiment and show its answer."""
        step = self.current_step()
        if step is None or not step.is_question or self._revealed:
            return
        # The experiment is defined on the step's own sentence: put it back if the class changed it.
        self._model.set_text(step.text)
        self._model.set_scheme(step.scheme)
        self._before_reveal = (self._model.ids, np.array(self._model.X()))
        for action in step.reveal_actions:
            if "move" in action:
                source, target = action["move"]
                self._model.move_token(int(source), int(target))
            else:
                self._run_action(action)
        self._revealed = True
        self.retranslate()

    # ---- text ----------------------------------------------------------------------------------

    def fill(self, text: str) -> str:
        """Replace {ids}, {V}, {d}, {n}, {x1} … {xn} and {changed} with live values."""
        model, numbers = self._model, self._appearance.numbers
        values: dict[str, str] = {
            "ids": "[" + ", ".join(str(i) for i in model.ids) + "]",
            "V": str(model.V), "d": str(model.d), "n": str(model.n), "changed": self._changed_text(),
        }
        X = model.X()
        separator = "; " if self._appearance.language == "pt" else ", "
        for p in range(model.n):
            values[f"x{p + 1}"] = "[" + separator.join(numbers.short(float(v)) for v in X[p]) + "]"
        try:
            return text.format(**values)
        except (KeyError, IndexError, ValueError):
            return text

    def _changed_text(self) -> str:
        if self._before_reveal is None:
            return ""
        old_ids, old_X = self._before_reveal
        verdicts = classify_rows(old_ids, old_X, self._model.ids, np.array(self._model.X()))
        changed = [p for p, (kind, _) in enumerate(verdicts) if kind == "changed"]
        if not changed:
            return self.tr("no row's values changed")
        return self.tr("rows whose values changed: {0}").format(", ".join(str(p + 1) for p in changed))

    def retranslate(self) -> None:
        """Re-read every visible string (and refill live values)."""
        language = self._appearance.language
        stages = []
        for index, stage in enumerate(self.lesson.stages):
            name = stage[language]
            if index == self.lesson.current_stage:
                name = f"<b><u>{name}</u></b> ◀ " + self.tr("you are here")
            stages.append(name)
        self.path.setText(" → ".join(stages))
        self.previous_button.setText(self.tr("◀ Previous"))
        self.next_button.setText(self.tr("Next ▶"))
        self.reveal_button.setText(self.tr("Reveal"))
        step = self.current_step()
        total = len(self.lesson.steps)
        if step is None:
            self.counter.setText(self.tr("{0} steps").format(total))
            self.title.setText(self.tr("Guided lesson"))
            self.caption.setText(self.tr("Press Next (or Page Down) to start."))
            self.question_box.hide()
            return
        assert self._index is not None
        self.counter.setText(self.tr("step {0} of {1}").format(self._index + 1, total))
        self.title.setText(step.title[language])
        caption = step.caption[language]
        if self._revealed and step.reveal_caption:
            caption = step.reveal_caption[language]
        self.caption.setText(self.fill(caption))
        self.question_box.setVisible(step.is_question)
        if step.question:
            self.question.setText(step.question[language])
            self.reveal_button.setEnabled(not self._revealed)

    def _on_appearance_changed(self) -> None:
        # Along the bottom (wide) the type is a little smaller: the views need the height.
        size = 11 if self._wide else 13
        self.path.setFont(scaled_font(self._appearance, 9 if self._wide else 10))
        self.title.setFont(scaled_font(self._appearance, size + 2, bold=True))
        self.caption.setFont(scaled_font(self._appearance, size))
        self.question.setFont(scaled_font(self._appearance, size, bold=True))
        for widget in (self.reveal_button, self.previous_button, self.next_button, self.counter):
            widget.setFont(scaled_font(self._appearance, 11))
        self.retranslate()

    def detach(self) -> None:
        """Stop listening."""
        self._appearance.changed.disconnect(self._on_appearance_changed)
