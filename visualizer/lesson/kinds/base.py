"""What every question kind is, and the comparison two of them share. No Qt.

A kind (:class:`QuestionKind`) turns a question step and the model's state into facts: which of its
outcomes happened (that outcome's choice is the right one) and the values the step's texts name in
braces, written in each language. It does so twice: for the question as the class answers it
(:meth:`QuestionKind.find`: the step's own experiment, on a copy of the model), and for the answer
the lesson shows once revealed (:meth:`QuestionKind.explain`: the state on screen now, whatever the
teacher changed under it since). From the same facts it writes the teacher's key for the handout.
The texts themselves (prompt, choices, one explanation per outcome) are the teacher's, in the
lesson file.
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


@dataclass(frozen=True)
class Withdrawn:
    """The revealed answer does not fit the state on screen, and no outcome describes it.

    Attributes
    ----------
    reason : str
        What changed: ``sentence`` (the tokens on screen are not the experiment's, e.g. the teacher
        typed another sentence or dragged a chip), ``numbers`` (a row has no numbers: past the
        learned table).
    """

    reason: str


@dataclass(frozen=True)
class Waiting:
    """The answer waits for an experiment the view runs now (the real-scale race)."""


Explained = tuple[str, Values] | Withdrawn | Waiting
"""The revealed answer for the state on screen: (outcome, values), or why there is none."""

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
        What the experiment can find; the step makes exactly one choice right for each, and explains
        each: the explanation is what the phones show and what the lesson shows once revealed.
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
        """The outcome and values of ``step``'s experiment, as the question asks it: the step's own
        sentence, scheme and mask on ``model``'s table E (a copy: the model is not touched), or None
        if the question cannot be asked on this state."""

    @abstractmethod
    def explain(self, step: LessonStep, model: EmbeddingModel, measured: Mapping[str, object] | None) -> Explained:
        """The revealed answer for the state on screen: ``model`` as it is now (its sentence, scheme,
        mask and E, whatever changed since the reveal), and what the step's view ``measured`` for it
        (the real-scale race's outcome), if anything."""

    @abstractmethod
    def key(self, step: LessonStep, model: EmbeddingModel, writer: KeyWriter) -> str | None:
        """The teacher's answer for the handout, as rich text (None: the experiment cannot run)."""


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


def positions_in_every_language(positions: Sequence[int]) -> dict[str, str]:
    """Positions (0-based) as each language lists them from 1: ``2 and 3`` / ``2 e 3``."""
    shown = [str(p + 1) for p in positions]
    words = {"en": " and ", "pt": " e "}
    return {language: (", ".join(shown[:-1]) + words.get(language, ", ") + shown[-1]) if len(shown) > 1
            else "".join(shown) for language in NUMBER_FORMATS}


# ---- the comparison of two orders of one sentence ------------------------------------------------


@dataclass(frozen=True)
class Comparison:
    """A sentence before and after the reveal's moves, under one model's settings: what the class
    compares, on a copy (the question) or on screen (the revealed answer).

    Attributes
    ----------
    before, after : tuple of int
        The token ids before and after the moves.
    X_before, X_after : ndarray, shape (n, d)
        X of each order under the same scheme and E.
    outputs_before, outputs_after : ndarray, shape (n, d)
        One head's attention outputs (q = k = v = x) of each order under the same mask and scheme.
    order : list of int
        ``order[p]``: the position (0-based) before the moves of the token now at ``p``.
    moves : list of (int, int)
        The reveal's moves, (from, to), 0-based.
    tokens : tuple of str
        The vocabulary.
    E : ndarray, shape (V, d)
        The table the rows were looked up in.
    scheme : str
        The position scheme of both.
    """

    before: tuple[int, ...]
    after: tuple[int, ...]
    X_before: np.ndarray
    X_after: np.ndarray
    outputs_before: np.ndarray
    outputs_after: np.ndarray
    order: list[int]
    moves: list[tuple[int, int]]
    tokens: tuple[str, ...]
    E: np.ndarray
    scheme: str

    @property
    def defined(self) -> bool:
        """Every row of X has numbers (no position past the learned table)."""
        return bool(np.all(np.isfinite(self.X_before)) and np.all(np.isfinite(self.X_after)))

    def changed_rows(self) -> list[int]:
        """Positions (0-based) whose row of X changed rather than only moved."""
        verdicts = classify_rows(self.before, self.X_before, self.after, self.X_after)
        return [p for p, (kind, _) in enumerate(verdicts) if kind == "changed"]

    def moved_rows(self) -> list[int]:
        """Positions (0-based) whose row of X only moved here from another position."""
        verdicts = classify_rows(self.before, self.X_before, self.after, self.X_after)
        return [p for p, (kind, _) in enumerate(verdicts) if kind == "moved"]

    def changed_outputs(self) -> list[int]:
        """Positions (0-based) whose attention output changed rather than only moved: the mask, or a
        scheme acting inside attention, tells the two orders apart there."""
        verdicts = classify_rows(self.before, self.outputs_before, self.after, self.outputs_after,
                                 atol=OUTPUT_TOLERANCE)
        return [p for p, (kind, _) in enumerate(verdicts) if kind == "changed"]

    def token(self, position: int, after: bool = False) -> str:
        """The token at ``position`` (0-based) as the screen shows it, before (or after) the moves."""
        return display_token(self.tokens[(self.after if after else self.before)[position]])


def copy_of(model: EmbeddingModel, step: LessonStep) -> EmbeddingModel:
    """A new model with ``model``'s state (its E, edits included), then the step's state: its
    sentence, scheme, mask and ALiBi heads (what ``LessonRun`` puts back before the reveal).

    Raises ValueError (or a subclass) if the vocabulary cannot spell the step's sentence."""
    copy = EmbeddingModel(Vocabulary(model.tokens, np.array(model.E)))
    copy.restore(model.state())
    copy.set_text(step.text)
    copy.set_scheme(step.scheme)
    copy.set_causal(step.causal)
    if step.alibi is not None:
        copy.set_alibi_heads(*step.alibi)
    return copy


def _moved(ids: Sequence[int], moves: Sequence[tuple[int, int]]) -> tuple[tuple[int, ...], list[int]]:
    """``ids`` after ``moves`` and where each token came from (``order``)."""
    after, order = list(ids), list(range(len(ids)))
    for source, target in moves:
        after.insert(target, after.pop(source))
        order.insert(target, order.pop(source))
    return tuple(after), order


def _compare(model: EmbeddingModel, before: tuple[int, ...], moves: list[tuple[int, int]]) -> Comparison:
    """``before`` and its moved order under ``model``'s settings (the model is only read)."""
    after, order = _moved(before, moves)
    X_before, X_after = np.array(model.X_for(before)), np.array(model.X_for(after))
    return Comparison(before, after, X_before, X_after, attention_outputs(model.scores_for(before), X_before),
                      attention_outputs(model.scores_for(after), X_after), order, moves, model.tokens,
                      np.array(model.E), model.scheme)


def step_moves(step: LessonStep) -> list[tuple[int, int]]:
    """The reveal's moves of ``step``, (from, to), 0-based."""
    return [(move.source, move.target) for move in step.reveal.moves] if step.reveal is not None else []


def as_asked(step: LessonStep, model: EmbeddingModel) -> Comparison | None:
    """The step's experiment as its question asks it: the step's own state on a copy of ``model``;
    None if the step moves nothing or the moves cannot run (a sentence the vocabulary cannot spell,
    a move past its end)."""
    moves = step_moves(step)
    if not moves:
        return None
    try:
        copy = copy_of(model, step)
        if any(not (0 <= source < copy.n and 0 <= target < copy.n) for source, target in moves):
            return None
        return _compare(copy, copy.ids, moves)
    except ValueError:
        return None


def on_screen(step: LessonStep, model: EmbeddingModel) -> Comparison | Withdrawn:
    """The step's experiment as the screen shows it now: the step's sentence before its moves and the
    model's tokens after them, under the model's settings of now (its scheme, mask and E, whatever the
    teacher changed since the reveal). :class:`Withdrawn` if the tokens on screen are not the moved
    sentence (another sentence typed, a chip dragged)."""
    moves = step_moves(step)
    try:
        before = tuple(tokenize(step.text, model.tokens))
    except ValueError:
        return Withdrawn("sentence")
    if any(not (0 <= source < len(before) and 0 <= target < len(before)) for source, target in moves) or \
            _moved(before, moves)[0] != model.ids:
        return Withdrawn("sentence")
    return _compare(model, before, moves)


__all__ = ["OUTPUT_TOLERANCE", "Comparison", "Explained", "Found", "KeyWriter", "QuestionKind", "Values", "Waiting",
           "Withdrawn", "as_asked", "copy_of", "integer_in_every_language", "on_screen",
           "positions_in_every_language", "row_in_every_language", "same_in_every_language", "step_moves"]
