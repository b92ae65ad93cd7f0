"""A check-yourself question with its choices, computed from the model's state. No Qt.

The question is asked about the experiment the lesson's reveal will run: the step's own sentence
and scheme (``LessonRun.reveal`` puts them back if the class changed them) on the table E as the
teacher left it (edits of E are kept by the reveal). So the numbers in the choices follow E, and
the right choice follows the step's sentence and scheme: a step whose data asks the swap under
learned positions makes "their numbers change" right; a sentence too short for the swap, or a
scheme under which the choices would print the same numbers, makes the question say that it needs
the lesson's state (:class:`Unavailable`).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from visualizer.core import (
    GPT2_SMALL_VOCAB,
    NUMBER_FORMATS,
    Vocabulary,
    classify_rows,
    display_token,
    zipf_batch,
)
from visualizer.lesson.choices import ChoiceBook, QuestionText, Texts, load_choices
from visualizer.lesson.run import LessonStep
from visualizer.model import EmbeddingModel

LESSON_BATCH = 4000
"""Tokens in the lesson's batch (the real-scale race's default batch, ``views.real_scale.DEFAULT_BATCH``)."""
LESSON_ZIPF_EXPONENT = 1.0
LESSON_SEED = 0
"""The race draws its batch with this seed and exponent: the count of rows the poll quotes is the
one the reveal's experiment reports."""

LETTERS = "ABCDE"
VECTOR_SEPARATORS = {"en": ", ", "pt": "; "}
"""How a row is written in each language: [1, 0, 0, -1] / [1; 0; 0; −1] (the lesson's way)."""


@dataclass(frozen=True)
class Choice:
    """One choice, its numbers filled in.

    Attributes
    ----------
    key : str
        The name the choices file gives it ("new-row").
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


def question_for(step: LessonStep | None, model: EmbeddingModel,
                 book: ChoiceBook | None = None) -> AskedQuestion | None:
    """The question of ``step`` with its choices computed from ``model``'s table E.

    Parameters
    ----------
    step : LessonStep or None
        The lesson's current step; None (or a step that asks nothing) gives None.
    model : EmbeddingModel
        Its tokens and E are read; its sentence and scheme are not (the step's own are used).
    book : ChoiceBook, optional
        The choices; the app's file by default.

    Returns
    -------
    Question, Unavailable or None
    """
    if step is None or step.question is None:
        return None
    book = book or default_choices()
    source = book.questions.get(step.id)
    if source is None:
        return None
    compute = {"swap": _swap, "moved_row": _moved_row, "sparse_gradient": _sparse_gradient}[source.computed_by]
    found = compute(step, model, source, book)
    if found is None:
        assert source.unavailable is not None  # the file is validated: such questions say why
        return Unavailable(step.id, dict(step.question), dict(source.unavailable))
    outcome, values = found
    return _fill(step, source, outcome, values)


@lru_cache(maxsize=1)
def default_choices() -> ChoiceBook:
    """The app's choices file, read once."""
    return load_choices()


# ---- the computations -------------------------------------------------------------------------

Values = dict[str, dict[str, str]]
"""Value name → language → text (numbers are written per language)."""
Found = tuple[str, Values] | None
"""(outcome, values), or None when the question cannot be asked on this state."""


def _same_in_every_language(**values: object) -> Values:
    return {name: {language: str(value) for language in NUMBER_FORMATS} for name, value in values.items()}


def _row(vector: np.ndarray) -> dict[str, str]:
    return {language: "[" + VECTOR_SEPARATORS[language].join(numbers.short(float(v)) for v in vector) + "]"
            for language, numbers in NUMBER_FORMATS.items()}


def _integer(value: int) -> dict[str, str]:
    return {language: numbers.integer(value) for language, numbers in NUMBER_FORMATS.items()}


@dataclass(frozen=True)
class _Experiment:
    """The step's sentence before and after its reveal moves, on the model's E."""

    ids_before: tuple[int, ...]
    X_before: np.ndarray
    ids_after: tuple[int, ...]
    X_after: np.ndarray
    order: list[int]
    """order[p] = the position (0-based) before the experiment of the token now at p."""
    moves: list[tuple[int, int]]
    tokens: tuple[str, ...]
    E: np.ndarray


def _experiment(step: LessonStep, model: EmbeddingModel) -> _Experiment | None:
    """Run the step's reveal moves on a scratch model with the step's sentence and scheme and
    ``model``'s E (what ``LessonRun.reveal`` does to the real one); None if they cannot run."""
    moves = [(move.source, move.target) for move in step.reveal.commands] if step.reveal is not None else []
    try:
        scratch = EmbeddingModel(Vocabulary(model.tokens, model.E), text=step.text, scheme=step.scheme)
        before = (scratch.ids, np.array(scratch.X()))
        order = list(range(scratch.n))
        for source, target in moves:
            scratch.move_token(source, target)
            order.insert(target, order.pop(source))
    except (ValueError, IndexError):  # a sentence the vocabulary cannot spell, a move past its end
        return None
    if not moves:
        return None
    return _Experiment(before[0], before[1], scratch.ids, np.array(scratch.X()), order, moves,
                       model.tokens, model.E)


def _swap(step: LessonStep, model: EmbeddingModel, source: QuestionText, book: ChoiceBook) -> Found:
    """Two neighbouring tokens trade places: are X's rows only reordered, changed, or all the same?"""
    experiment = _experiment(step, model)
    if experiment is None or len(experiment.moves) != 1:
        return None
    first, second = sorted(experiment.moves[0])
    if second - first != 1:
        return None
    before, after = experiment.X_before, experiment.X_after
    if not (np.all(np.isfinite(before)) and np.all(np.isfinite(after))):
        return None  # rows past the learned table have no numbers to compare
    if np.array_equal(before, after):
        outcome = "identical"
    else:
        verdicts = classify_rows(experiment.ids_before, before, experiment.ids_after, after)
        outcome = "changed" if any(kind == "changed" for kind, _ in verdicts) else "moved"
    values = _same_in_every_language(p=first + 1, q=second + 1,
                                     a=display_token(experiment.tokens[experiment.ids_before[first]]),
                                     b=display_token(experiment.tokens[experiment.ids_before[second]]))
    values["with_scheme"] = book.with_scheme[step.scheme]
    return outcome, values


def _moved_row(step: LessonStep, model: EmbeddingModel, source: QuestionText, book: ChoiceBook) -> Found:
    """The row of the token that stood at ``follow_position`` once the reveal has moved it."""
    experiment = _experiment(step, model)
    assert source.follow_position is not None
    start = source.follow_position - 1
    if experiment is None or start >= len(experiment.ids_before):
        return None
    end = experiment.order.index(start)
    if end == start:
        return None  # the experiment does not move this token
    token_id = experiment.ids_before[start]
    other_id = experiment.ids_before[end]
    rows = {"new_row": experiment.X_after[end], "old_row": experiment.X_before[start],
            "own_row": experiment.E[token_id], "place_row": experiment.X_before[end]}
    written = {name: _row(vector) for name, vector in rows.items()}
    shown = [text["en"] for text in written.values()]
    if len(set(shown)) < len(shown) or not all(np.all(np.isfinite(v)) for v in rows.values()):
        return None  # nothing added for the position: the choices would print the same numbers
    values = _same_in_every_language(token=display_token(experiment.tokens[token_id]), id=token_id,
                                     other=display_token(experiment.tokens[other_id]), other_id=other_id,
                                     **{"from": start + 1, "to": end + 1})
    values.update(written)
    values["with_scheme"] = book.with_scheme[step.scheme]
    return "added", values


def _sparse_gradient(step: LessonStep, model: EmbeddingModel, source: QuestionText, book: ChoiceBook) -> Found:
    """The lesson's batch at GPT-2 small's scale: which rows of E its gradient reaches. The toy
    model's sentence and scheme play no part: the question is about the real-scale experiment."""
    return sparse_gradient_outcome(GPT2_SMALL_VOCAB, LESSON_BATCH)


def rows_touched(V: int, batch: int, zipf_exponent: float = LESSON_ZIPF_EXPONENT, seed: int = LESSON_SEED) -> int:
    """Rows of E that a Zipf batch of ``batch`` ids over ``V`` rows reaches, drawn the way the
    real-scale race draws it (the same seed gives the same batch)."""
    return _rows_touched(int(V), int(batch), float(zipf_exponent), int(seed))


@lru_cache(maxsize=8)
def _rows_touched(V: int, batch: int, zipf_exponent: float, seed: int) -> int:
    ids = zipf_batch(V, batch, zipf_exponent, np.random.default_rng(seed))
    return int(np.unique(ids).size)


def sparse_gradient_outcome(V: int, batch: int) -> tuple[str, Values]:
    """The outcome (``all``, ``exactly`` or ``fewer``) and the values of a batch of ``batch`` ids
    over ``V`` rows. When both "all V" and "at most the batch" are true, the sharper one is right."""
    touched = rows_touched(V, batch)
    outcome = "all" if touched == V else "exactly" if touched == batch else "fewer"
    return outcome, {"V": _integer(V), "batch": _integer(batch), "touched": _integer(touched)}


def _fill(step: LessonStep, source: QuestionText, outcome: str, values: Values) -> Question:
    def fill(texts: Texts) -> Texts:
        return {language: text.format(**{name: value[language] for name, value in values.items()})
                for language, text in texts.items()}

    choices = tuple(Choice(choice.key, fill(choice.text), fill(choice.why)) for choice in source.choices)
    right = next(index for index, choice in enumerate(source.choices) if choice.right_when == outcome)
    assert step.question is not None
    return Question(step.id, dict(step.question), choices, right, fill(source.outcomes[outcome]))


__all__ = [
    "LESSON_BATCH",
    "LESSON_SEED",
    "LESSON_ZIPF_EXPONENT",
    "LETTERS",
    "AskedQuestion",
    "Choice",
    "Question",
    "Unavailable",
    "default_choices",
    "question_for",
    "rows_touched",
    "sparse_gradient_outcome",
]
