"""The guided lesson: steps read from the lesson file, and the state machine that walks through
them. No Qt.

A step is data (:mod:`visualizer.lesson.file`): the model's state, the view that shows it with
that view's own options, the texts. The run puts the model in a step's state and says which step
is shown; the shell brings the view forward and lets it take the step's cue. A revealed answer is a state
of the run (``revealed``): a session keeps it, ``--step N --reveal`` starts in it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path

import numpy as np
from psygnal import Signal

from visualizer.core import (
    GPT2_SMALL_VOCAB,
    GPT2_SMALL_WIDTH,
    NumberFormat,
    display_token,
    sinusoidal,
    toy_vocabulary,
)
from visualizer.lesson.file import (
    BUILT_IN_LESSON,
    Lesson,
    LessonError,
    LessonStep,
    Move,
    Reveal,
    in_language,
    read_lesson,
)
from visualizer.lesson.kinds.base import Explained, Withdrawn
from visualizer.model import EmbeddingModel
from visualizer.subscriptions import Listening

NO_BREAK_SPACE = "\u00a0"


def load_lesson(path: Path = BUILT_IN_LESSON) -> Lesson:
    """Read and check the lesson file. Raises ``LessonError`` naming the step and the field."""
    return read_lesson(path)


class LiveValues(dict[str, str]):
    """A caption's values (:meth:`LessonRun.live_values`); ``x1`` … ``xn`` (a row of X) and ``pe1`` …
    ``pen`` (a row of the sinusoidal table) are written the first time they are asked for.

    Parameters
    ----------
    model : EmbeddingModel
        Whose X and sequence length the vectors follow.
    numbers : NumberFormat
        How each number is written.
    glued : str
        The separator between a vector's numbers (its spaces no-break).
    """

    def __init__(self, model: EmbeddingModel, numbers: NumberFormat, glued: str) -> None:
        super().__init__()
        self._model, self._numbers, self._glued = model, numbers, glued

    def __missing__(self, key: str) -> str:
        model = self._model
        for prefix in ("x", "pe"):
            number = key.removeprefix(prefix)
            if number != key and number.isdigit() and 1 <= int(number) <= model.n:
                row = int(number) - 1
                if prefix == "x":
                    values = model.X()[row]
                elif model.d % 2 == 0:
                    values = sinusoidal(model.n, model.d)[row]
                else:
                    values = np.full(model.d, np.nan)
                self[key] = "[" + self._glued.join(self._numbers.short(float(v)) for v in values) + "]"
                return self[key]
        raise KeyError(key)


class LessonRun(Listening):
    """Where the class is in the lesson, and the moves between steps. No Qt.

    Going to a step puts the model in the step's state (sentence, scheme, mask) and announces the
    step (``step_shown``): the shell brings its view forward and the view takes its cue. A question
    step is "predict, then reveal": the first Next runs the experiment (the reveal's model
    commands) and announces the answer (``answer_shown``: the view takes the revealed cue, and may
    report an outcome back through :meth:`outcome_sink`); the second moves on.

    Signals
    -------
    lesson_changed : ()
        Another lesson is run (File → Open lesson, an edit of the lesson): it starts afresh.
    step_shown : (LessonStep)
        A step was entered (or resumed from a session): the shell shows its view as it asks.
    answer_shown : (LessonStep)
        The step's answer is now shown: the view takes the revealed cue.
    changed : ()
        The step, or whether its answer is revealed, changed: the panel re-reads its text.
    values_changed : ()
        The model changed under the step: captions that name live values are filled again.
    """

    lesson_changed = Signal()
    step_shown = Signal(LessonStep)
    answer_shown = Signal(LessonStep)
    changed = Signal()
    values_changed = Signal()

    def __init__(self, lesson: Lesson, model: EmbeddingModel) -> None:
        self.lesson = lesson
        self._model = model
        self._index: int | None = None
        self._revealed = False
        self._outcome: dict[str, object] | None = None
        self._reveal_count = 0  # which reveal an outcome belongs to
        self._before_reveal: list[Callable[[], bool]] = []
        self.listen(model.events.changed, self._on_model_changed)

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

    def set_lesson(self, lesson: Lesson, index: int | None = None) -> None:
        """Run ``lesson`` instead: at step ``index`` (its state put on the model and its view
        brought forward), or not started (None)."""
        self.lesson = lesson
        self._index, self._revealed, self._outcome = None, False, None
        self._reveal_count += 1
        self.lesson_changed.emit()
        if index is None:
            self.changed.emit()
        else:
            self.go_to(index)

    def revise(self, lesson: Lesson, index: int) -> None:
        """Run ``lesson``, an edit of the one in use (the lesson editor), at step ``index``. If that
        step shows what the step shown showed (its state, view and experiment), only its texts
        changed: the model and a revealed answer stay as they are and the panel reads the new
        texts. Otherwise the step is entered afresh, its state put on the model."""
        shown = self.current_step()
        self.lesson = lesson
        self.lesson_changed.emit()
        step = self._step_at(index)
        if shown is not None and _what_it_shows(shown) == _what_it_shows(step):
            self._index = index
            self.changed.emit()
        else:
            self.go_to(index)

    def go_to(self, index: int) -> None:
        """Enter step ``index``: the model takes the step's state, the shell shows its view."""
        step = self._step_at(index)
        self._enter(index)
        self._apply_state(step)
        self.step_shown.emit(step)
        self.changed.emit()

    def resume(self, index: int, revealed: bool = False) -> None:
        """Show step ``index`` over the model as it is (a session's own sentence and scheme), its
        answer revealed if ``revealed`` (the reveal's commands are not run again: the state has them)."""
        step = self._step_at(index)
        self._enter(index)
        self.step_shown.emit(step)
        if revealed and step.is_question:
            self._revealed = True
            self.answer_shown.emit(step)
        self.changed.emit()

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
        """Run the question's experiment and show its answer (unless a part shows something
        first: see :meth:`hold_reveal`). A revealed answer that the state on screen no longer fits
        (:meth:`withdrawn`) may be revealed again: the step's state is put back and the experiment
        runs once more."""
        step = self.current_step()
        if step is None or step.reveal is None or (self._revealed and not self.withdrawn()):
            return
        if any(first() for first in list(self._before_reveal)):
            return  # this ask showed that; the next one reveals
        # The experiment is defined on the step's own state: put it back if the class changed it.
        self._apply_state(step)
        for move in step.reveal.moves:
            self._model.move_token(move.source, move.target)
        if self._revealed:  # revealed again: a new experiment, whose measurement is still to come
            self._outcome = None
            self._reveal_count += 1
        self._revealed = True
        self.answer_shown.emit(step)
        self.changed.emit()

    def hold_reveal(self, first: Callable[[], bool]) -> Callable[[], None]:
        """Let a part show the class something before the answer: ``first()`` is called each time
        the reveal is asked for (Reveal, or Next on a question); if it returns True it showed its
        own beat (the class poll: how the class answered), and the reveal waits for the next ask.
        Returns the function that takes ``first`` away again."""
        self._before_reveal.append(first)

        def release() -> None:
            if first in self._before_reveal:
                self._before_reveal.remove(first)

        return release

    # ---- what a cued experiment reports -------------------------------------------------------

    @property
    def outcome(self) -> dict[str, object] | None:
        """What the current reveal's experiment reported when it finished, or None."""
        return self._outcome

    def outcome_sink(self) -> Callable[[Mapping[str, object]], None]:
        """Where the experiment of the reveal shown now reports its outcome; an outcome that
        arrives after the class moved on (another step, another reveal) is dropped."""
        count = self._reveal_count

        def report(outcome: Mapping[str, object]) -> None:
            if count == self._reveal_count and self._revealed:
                self._outcome = dict(outcome)
                self.changed.emit()

        return report

    # ---- the answer, computed from the state on screen ----------------------------------------

    def explained(self) -> Explained | None:
        """After a reveal, the answer for the state on screen now, as the question's kind explains it
        (:meth:`~visualizer.lesson.kinds.base.QuestionKind.explain`): an outcome and its values, or
        why there is none; None before a reveal. Computed afresh each time: the teacher may have
        changed the sentence, the scheme, the mask or E under the answer."""
        step = self.current_step()
        if step is None or step.question is None or not self._revealed:
            return None
        return step.question.computed_by.explain(step, self._model, self._outcome)

    def answer(self, language: str) -> str | None:
        """The revealed answer's explanation in ``language`` for the state on screen, filled with its
        values; None before a reveal, while the experiment runs, or when the state on screen is not
        the experiment's (see :meth:`explained`: the panel says which)."""
        explained = self.explained()
        step = self.current_step()
        if not isinstance(explained, tuple) or step is None or step.question is None:
            return None
        outcome, values = explained
        return in_language(step.question.outcomes[outcome], language).format(
            **{name: value[language] for name, value in values.items()})

    def withdrawn(self) -> bool:
        """True when a revealed answer no longer fits the state on screen (another sentence): Reveal
        may run the experiment again."""
        return isinstance(self.explained(), Withdrawn)

    def shown_tokens(self) -> list[str]:
        """The tokens of the sequence as the app shows them (␣ for a leading space)."""
        return [display_token(self._model.tokens[i]) for i in self._model.ids]

    def live_values(self, numbers: NumberFormat, separator: str) -> LiveValues:
        """Values a caption may name: {ids}, {V}, {d}, {n}; {x1} … {xn} of the current X and {pe1} …
        {pen} of the sinusoidal table (the token at position t gets PE(t − 1)); ALiBi's {alibi_slope}, {alibi_head},
        {alibi_heads}; GPT-2 small's {gpt2_V} and {gpt2_d}.

        A vector never breaks across lines: its separators keep their numbers together. The vectors
        are written when a caption names them (``str.format_map``): a caption is filled again on
        every change of the model, and most name none of them.
        """
        model = self._model
        values = LiveValues(model, numbers, separator.replace(" ", NO_BREAK_SPACE))
        values.update({"ids": "[" + f",{NO_BREAK_SPACE}".join(str(i) for i in model.ids) + "]",
                       "V": str(model.V), "d": str(model.d), "n": str(model.n),
                       "alibi_slope": numbers.short(model.alibi_slope(), 4),
                       "alibi_head": str(model.attention.alibi_head),
                       "alibi_heads": str(model.attention.alibi_heads),
                       "gpt2_V": numbers.integer(GPT2_SMALL_VOCAB), "gpt2_d": numbers.integer(GPT2_SMALL_WIDTH)})
        return values

    def holds_the_steps_own_state(self) -> bool:
        """True when the model is exactly what the current step makes of the toy (its sentence and
        scheme, its experiment once revealed): nobody's unsaved work, the lesson gives it back."""
        index = self._index
        if index is None:
            return False
        fresh = EmbeddingModel()
        run = LessonRun(self.lesson, fresh)
        try:
            run.go_to(index)
            if self._revealed:
                run.reveal()
        finally:
            run.close()
        lesson, now = fresh.state(), self._model.state()
        return ((lesson.ids, lesson.scheme, lesson.attention) == (now.ids, now.scheme, now.attention)
                and bool(np.array_equal(lesson.E, now.E)))

    def close(self) -> None:
        """Stop following the model (the window calls it on closing; idempotent)."""
        self.stop_listening()

    # ---- internals ------------------------------------------------------------------------------

    def _step_at(self, index: int) -> LessonStep:
        if not 0 <= index < len(self.lesson.steps):
            raise IndexError(f"the lesson has steps 1..{len(self.lesson.steps)}, not {index + 1}")
        return self.lesson.steps[index]

    def _enter(self, index: int) -> None:
        self._index, self._revealed, self._outcome = index, False, None
        self._reveal_count += 1

    def _apply_state(self, step: LessonStep) -> None:
        self._model.set_text(step.text)
        self._model.set_scheme(step.scheme)
        self._model.set_causal(step.causal)
        if step.alibi is not None:
            self._model.set_alibi_heads(*step.alibi)
        if step.edits:  # the step's own table: the toy's with its edits (else E stays as the class left it)
            target = np.array(toy_vocabulary().E, dtype=float)
            for token_id, column, value in step.edits:
                target[token_id, column] = value
            for token_id, column in zip(*np.nonzero(np.asarray(self._model.E) != target), strict=True):
                self._model.set_embedding(int(token_id), int(column), float(target[token_id, column]))

    def _on_model_changed(self) -> None:
        if self._index is not None:
            self.values_changed.emit()


def _what_it_shows(step: LessonStep) -> tuple[object, ...]:
    """Everything of ``step`` but its texts: the state it puts on the model, its view, its experiment."""
    question = step.question
    return (step.text, step.scheme, step.causal, step.alibi, step.edits, step.view, dict(step.view_options),
            step.reveal, None if question is None else (question.kind, dict(question.parameters)))


__all__ = ["BUILT_IN_LESSON", "Lesson", "LessonError", "LessonRun", "LessonStep", "LiveValues", "Move", "Reveal",
           "load_lesson"]
