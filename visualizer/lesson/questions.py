"""A check-yourself question as the class answers it: the step's texts, filled by its kind. No Qt.

The question is asked about the experiment the lesson's reveal will run: the step's own sentence
and scheme (``LessonRun.reveal`` puts them back if the class changed them) on the table E as the
teacher left it (edits of E are kept by the reveal). So the numbers in the choices follow E, and
the right choice follows the step's sentence and scheme; a state the kind cannot ask the question
on (a sentence too short for the swap, a scheme under which the choices would print the same
numbers) makes the question say so (:class:`Unavailable`, with the step's reason).

The stage, the class poll, practice mode and the handout all ask :func:`question_for`.
"""

from __future__ import annotations

from dataclasses import dataclass

from visualizer.lesson.file import LessonQuestion, LessonStep, Texts, complete
from visualizer.lesson.kinds import KINDS, Values
from visualizer.model import EmbeddingModel

LETTERS = "ABCDE"


@dataclass(frozen=True)
class Choice:
    """One choice, its numbers filled in.

    Attributes
    ----------
    key : str
        The name the lesson file gives it ("new-row").
    text, why : Texts
        Language code → text.
    """

    key: str
    text: Texts
    why: Texts


@dataclass(frozen=True)
class Question:
    """A question the class can answer now.

    Attributes
    ----------
    step_id : str
        The lesson step that asks it.
    prompt : Texts
        The question, as the lesson asks it.
    choices : tuple of Choice
        3–5 choices, lettered A, B, … in this order.
    right : int
        Index of the right choice, computed from the state.
    explanation : Texts
        What actually happens, with the computed numbers.
    """

    step_id: str
    prompt: Texts
    choices: tuple[Choice, ...]
    right: int
    explanation: Texts

    def letter(self, index: int) -> str:
        """The letter of choice ``index`` (A for 0)."""
        return LETTERS[index]


@dataclass(frozen=True)
class Unavailable:
    """A question step whose question cannot be asked on this state; ``reason`` says why."""

    step_id: str
    prompt: Texts
    reason: Texts


AskedQuestion = Question | Unavailable


def question_for(step: LessonStep | None, model: EmbeddingModel) -> AskedQuestion | None:
    """The question of ``step`` with its choices computed by its kind from ``model``'s table E.

    Parameters
    ----------
    step : LessonStep or None
        The lesson's current step; None (or a step that asks nothing) gives None.
    model : EmbeddingModel
        Its tokens and E are read; its sentence and scheme are not (the step's own are used).

    Returns
    -------
    Question, Unavailable or None
    """
    if step is None or step.question is None:
        return None
    written = step.question
    found = KINDS[written.kind].find(step, model)
    if found is None:
        assert written.unavailable is not None  # the lesson file was checked: such questions say why
        return Unavailable(step.id, complete(written.prompt), complete(written.unavailable))
    outcome, values = found
    return _fill(step.id, written, outcome, values)


def _fill(step_id: str, written: LessonQuestion, outcome: str, values: Values) -> Question:
    def fill(texts: Texts) -> Texts:  # in every language: one the teacher did not write shows another
        return {language: text.format(**{name: value[language] for name, value in values.items()})
                for language, text in complete(texts).items()}

    choices = tuple(Choice(choice.key, fill(choice.text), fill(choice.why)) for choice in written.choices)
    right = next(index for index, choice in enumerate(written.choices) if outcome in choice.right_when)
    return Question(step_id, complete(written.prompt), choices, right, fill(written.outcomes[outcome]))


__all__ = ["LETTERS", "AskedQuestion", "Choice", "Question", "Unavailable", "question_for"]
