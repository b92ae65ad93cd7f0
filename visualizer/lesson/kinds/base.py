"""What every question kind is, and the experiment two of them share. No Qt.

A kind (:class:`QuestionKind`) turns a question step and the model's state into facts: which of its
outcomes happened (that outcome's choice is the right one) and the values the step's texts name in
braces, written in each language. From the same facts it writes the teacher's key for the handout.
The texts themselves (prompt, choices, explanations) are the teacher's, in the lesson file.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, Protocol

import numpy as np

from visualizer.core import NUMBER_FORMATS, Vocabulary, attention_outputs, classify_rows, display_token, tokenize
from visualizer.model import EmbeddingModel

if TYPE_CHECKING:
    from visualizer.lesson.file import LessonStep
    from visualizer.lesson.schema import FieldType

Values = dict[str, dict[str, str]]
"""Value name → language → text (numbers are written in each language's own way)."""
Found = tuple[str, Values] | None
"""(outcome, values), or None when the question cannot be asked on this state."""

OUTPUT_TOLERANCE = 1e-9
"""Attention's outputs of a reordered sequence are sums taken in another order: equal within this."""
VECTOR_SEPARATORS = {"en": ", ", "pt": "; "}
"""How a row is written in each language: [1, 0, 0, -1] / [1; 0; 0; −1] (the lesson's way)."""


class KeyWriter(Protocol):
    """How the handout writes its key in one language (:mod:`visualizer.handout.content`)."""

    language: str

    def translate(self, context: str, text: str) -> str:
        """``text`` in the handout's language (``context``: its Qt Linguist context)."""

    def vector(self, row: np.ndarray | Sequence[float]) -> str:
        """A row as printed: ``[−0,5; 1; 0; −1]``, or a dash when it is not defined."""

    def integer(self, value: int) -> str:
        """A whole number with the language's grouping: 50,257 / 50.257."""

    def positions(self, positions: Sequence[int]) -> str:
        """Positions (0-based) as printed from 1: ``2, 3``, or the language's word for none."""

    def token(self, token: str) -> str:
        """A token as the screen shows it (␣ for a leading space), ready for the page."""


class QuestionKind(ABC):
    """One kind of check-yourself question.

    Attributes
    ----------
    name : str
        How a lesson step names it (``"kind": "swap"``).
    values : frozenset of str
        The names the step's texts may use in braces ({p}, {new_row}, …).
    outcomes : frozenset of str
        What the experiment can find; the step makes exactly one choice right for each.
    may_be_unavailable : bool
        Whether some states cannot ask the question (the step then says why, in ``unavailable``).
    parameters : mapping of str to FieldType
        The kind's own fields in the step's ``question`` (``follow`` for the row that moves).
    """

    name: ClassVar[str]
    values: ClassVar[frozenset[str]]
    outcomes: ClassVar[frozenset[str]]
    may_be_unavailable: ClassVar[bool]
    parameters: ClassVar[Mapping[str, FieldType]] = {}

    @abstractmethod
    def find(self, step: LessonStep, model: EmbeddingModel) -> Found:
        """The outcome and values of ``step``'s experiment on ``model``'s table E, or None if the
        question cannot be asked on this state."""

    @abstractmethod
    def key(self, step: LessonStep, model: EmbeddingModel, writer: KeyWriter) -> str | None:
        """The teacher's answer for the handout, as rich text (None: the experiment cannot run)."""

    def shown(self, step: LessonStep, model: EmbeddingModel) -> ShownFacts:
        """What the state on screen shows once the answer is revealed, compared with the step's own
        sentence before its moves (its ids, under the settings of now): which rows of X, and which
        of attention's outputs, changed rather than only moved. Kinds that move no token show none."""
        if step.reveal is None or not step.reveal.moves:
            return ShownFacts()
        try:
            before = tuple(tokenize(step.text, model.tokens))
        except ValueError:  # a vocabulary edited so that the step's sentence no longer spells
            return ShownFacts()
        X_before, X_now = model.X_for(before), np.array(model.X())
        rows = classify_rows(before, X_before, model.ids, X_now)
        outputs = classify_rows(before, attention_outputs(model.scores_for(before), X_before), model.ids,
                                attention_outputs(model.scores(), X_now), atol=OUTPUT_TOLERANCE)
        return ShownFacts([p for p, (kind, _) in enumerate(rows) if kind == "changed"],
                          [p for p, (kind, _) in enumerate(outputs) if kind == "changed"])


@dataclass(frozen=True)
class ShownFacts:
    """What the state on screen shows under a revealed answer (see :meth:`QuestionKind.shown`).

    Attributes
    ----------
    changed_rows, changed_outputs : list of int or None
        Positions (0-based) whose row of X, or whose attention output, changed rather than only
        moved; None where the kind compares nothing.
    """

    changed_rows: list[int] | None = None
    changed_outputs: list[int] | None = None


# ---- values written in every language ----------------------------------------------------------


def same_in_every_language(**values: object) -> Values:
    """Values that read the same in every language (positions, token names)."""
    return {name: {language: str(value) for language in NUMBER_FORMATS} for name, value in values.items()}


def row_in_every_language(vector: np.ndarray) -> dict[str, str]:
    """A row as each language writes it: ``[1.5, -0.5]`` / ``[1,5; −0,5]``."""
    return {language: "[" + VECTOR_SEPARATORS[language].join(numbers.short(float(v)) for v in vector) + "]"
            for language, numbers in NUMBER_FORMATS.items()}


def integer_in_every_language(value: int) -> dict[str, str]:
    """A whole number as each language groups it: 50,257 / 50.257."""
    return {language: numbers.integer(value) for language, numbers in NUMBER_FORMATS.items()}


# ---- the experiment of a step that moves tokens ------------------------------------------------


@dataclass(frozen=True)
class Experiment:
    """The step's sentence before and after its reveal moves tokens, under the step's scheme, on a
    copy of the model's state (its E, edits included): what the reveal does to the real one.

    Attributes
    ----------
    before, after : EmbeddingModel
        The copy before and after the moves.
    order : list of int
        ``order[p]``: the position (0-based) before the moves of the token now at ``p``.
    moves : list of (int, int)
        The reveal's moves, (from, to), 0-based.
    """

    before: EmbeddingModel
    after: EmbeddingModel
    order: list[int]
    moves: list[tuple[int, int]]

    def verdicts(self) -> list[str]:
        """For each position now: ``moved`` (the row came from elsewhere unchanged), ``changed`` or
        ``same`` (see :func:`visualizer.core.classify_rows`)."""
        return [kind for kind, _ in classify_rows(self.before.ids, np.array(self.before.X()),
                                                  self.after.ids, np.array(self.after.X()))]

    def moved(self) -> list[int]:
        """Positions (0-based) whose row only moved."""
        return [p for p, kind in enumerate(self.verdicts()) if kind == "moved"]

    def changed(self) -> list[int]:
        """Positions (0-based) whose row really changed."""
        return [p for p, kind in enumerate(self.verdicts()) if kind == "changed"]


def copy_of(model: EmbeddingModel, text: str, scheme: str) -> EmbeddingModel:
    """A new model with ``model``'s state (its E, edits included), then ``text`` under ``scheme``.

    Raises ValueError (or a subclass) if the vocabulary cannot spell ``text``."""
    copy = EmbeddingModel(Vocabulary(model.tokens, np.array(model.E)))
    copy.restore(model.state())
    copy.set_text(text)
    copy.set_scheme(scheme)
    return copy


def run_moves(step: LessonStep, model: EmbeddingModel) -> Experiment | None:
    """Run ``step``'s reveal moves on a copy of ``model`` holding the step's sentence and scheme;
    None if there are none, or they cannot run (a sentence the vocabulary cannot spell, a move
    past its end)."""
    moves = [(move.source, move.target) for move in step.reveal.moves] if step.reveal is not None else []
    if not moves:
        return None
    try:
        before = copy_of(model, step.text, step.scheme)
        after = copy_of(model, step.text, step.scheme)
        order = list(range(after.n))
        for source, target in moves:
            after.move_token(source, target)
            order.insert(target, order.pop(source))
    except (ValueError, IndexError):
        return None
    return Experiment(before, after, order, moves)


def shown_token(model: EmbeddingModel, token_id: int) -> str:
    """Token ``token_id`` as the screen shows it (␣ for a leading space)."""
    return display_token(model.tokens[token_id])


__all__ = ["OUTPUT_TOLERANCE", "Experiment", "Found", "KeyWriter", "QuestionKind", "ShownFacts", "Values", "copy_of",
           "integer_in_every_language", "row_in_every_language", "run_moves", "same_in_every_language", "shown_token"]
