"""Swap two tokens: what happens to X? No Qt.

The step's reveal trades two neighbouring tokens. Outcomes, for X and for one head's attention
(q = k = v = x) under the same settings:

- ``identical``: the two tokens have equal rows: X is exactly as it was;
- ``moved``: the rows only trade places and so do attention's outputs (no positions, no mask):
  attention cannot tell the two orders apart;
- ``moved-masked``: the rows only trade places, but the causal mask changes what each token sees:
  attention's outputs change, and the mask tells the orders apart;
- ``moved-in-attention``: the rows only trade places (the scheme adds nothing to X), but the scheme
  acts inside attention (RoPE, ALiBi): its outputs change;
- ``changed``: positions are added to X, so the two rows change too.

A sentence too short for the swap, or a row without numbers (past the learned table), cannot be
asked. Values for the texts: ``p``, ``q`` (the two positions, from 1), ``a``, ``b`` (the tokens
there before the swap), ``outputs`` (the positions whose attention output changed, "2 and 3"), and
``with_scheme`` ("With learned positions", the lesson's phrase for the scheme).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, ClassVar

import numpy as np

from visualizer.lesson.kinds.base import (
    Comparison,
    Explained,
    Found,
    KeyWriter,
    QuestionKind,
    Withdrawn,
    as_asked,
    on_screen,
    positions_in_every_language,
    same_in_every_language,
)
from visualizer.lesson.texts import complete
from visualizer.model import EmbeddingModel

if TYPE_CHECKING:
    from visualizer.lesson.file import LessonStep

ATTENTION_SCHEMES = ("rope", "alibi")
"""Schemes that add nothing to X and act inside attention."""


class Swap(QuestionKind):
    """Two neighbouring tokens trade places: are X's rows only reordered, changed, or all the same?"""

    name: ClassVar[str] = "swap"
    values: ClassVar[frozenset[str]] = frozenset({"p", "q", "a", "b", "outputs", "with_scheme"})
    outcomes: ClassVar[frozenset[str]] = frozenset({"identical", "moved", "moved-masked", "moved-in-attention",
                                                    "changed"})
    may_be_unavailable: ClassVar[bool] = True

    def find(self, step: LessonStep, model: EmbeddingModel) -> Found:
        compared = as_asked(step, model)
        if compared is None or not _is_a_swap(compared) or not compared.defined:
            return None
        return outcome_of(compared), _values(step, compared)

    def explain(self, step: LessonStep, model: EmbeddingModel, measured: Mapping[str, object] | None) -> Explained:
        compared = on_screen(step, model)
        if isinstance(compared, Withdrawn):
            return compared
        if not _is_a_swap(compared):
            return Withdrawn("sentence")
        if not compared.defined:
            return Withdrawn("numbers")
        return outcome_of(compared), _values(step, compared)

    def key(self, step: LessonStep, model: EmbeddingModel, writer: KeyWriter) -> str | None:
        compared = as_asked(step, model)
        if compared is None or not _is_a_swap(compared) or not compared.defined:
            return None
        a, b = sorted(compared.moves[0])
        x_a, x_b = writer.vector(compared.X_before[a]), writer.vector(compared.X_before[b])
        moved, changed = writer.positions(compared.moved_rows()), writer.positions(compared.changed_rows())
        outcome = outcome_of(compared)
        if outcome == "identical":
            return writer.translate("Handout", "Positions {a} and {b} hold the same row ({x_a}), so the swap leaves X "
                                               "exactly as it was.").format(a=a + 1, b=b + 1, x_a=x_a)
        if outcome == "changed":
            return writer.translate("Handout", "X changes, not only its order: rows {a} and {b} trade places and take "
                                               "new numbers, {y_a} and {y_b} instead of {x_a} and {x_b}, because each "
                                               "row also holds the vector of its position. Rows that only moved: "
                                               "{moved}; rows that changed: {changed}.").format(
                a=a + 1, b=b + 1, x_a=x_a, x_b=x_b, y_a=writer.vector(compared.X_after[a]),
                y_b=writer.vector(compared.X_after[b]), moved=moved, changed=changed)
        order = " ".join(writer.token(compared.tokens[i]) for i in compared.before[a:b + 1])
        swapped = " ".join(writer.token(compared.tokens[i]) for i in compared.after[a:b + 1])
        return writer.translate("Handout", "X keeps the same rows in another order: rows {a} and {b} trade places "
                                           "({x_a} and {x_b}) and nothing else changes. Rows that only moved: "
                                           "{moved}; rows that changed: {changed}. Attention without a mask would "
                                           "give the same outputs, swapped: it cannot tell “{order}” from "
                                           "“{swapped}”.").format(
            a=a + 1, b=b + 1, x_a=x_a, x_b=x_b, moved=moved, changed=changed, order=order, swapped=swapped)


def _is_a_swap(compared: Comparison) -> bool:
    """One move, of a token to its neighbour's place."""
    if len(compared.moves) != 1:
        return False
    first, second = sorted(compared.moves[0])
    return second - first == 1


def outcome_of(compared: Comparison) -> str:
    """Which outcome of :class:`Swap` the comparison shows (see the module)."""
    if np.array_equal(compared.X_before, compared.X_after):
        return "identical"
    if compared.changed_rows():
        return "changed"
    if not compared.changed_outputs():
        return "moved"
    return "moved-in-attention" if compared.scheme in ATTENTION_SCHEMES else "moved-masked"


def _values(step: LessonStep, compared: Comparison) -> dict[str, dict[str, str]]:
    first, second = sorted(compared.moves[0])
    values = same_in_every_language(p=first + 1, q=second + 1, a=compared.token(first), b=compared.token(second))
    values["outputs"] = positions_in_every_language(compared.changed_outputs())
    assert step.question is not None
    values["with_scheme"] = complete(step.question.scheme_phrases[compared.scheme])
    return values


__all__ = ["ATTENTION_SCHEMES", "Swap", "outcome_of"]
