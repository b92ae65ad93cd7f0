"""Follow one token as the reveal moves it: what is its row now? No Qt.

The step names the token by its position before the experiment (``"follow": 2``). Outcomes:

- ``added``: positions are added to X (learned, sinusoidal): its row at the new place is E[id] plus
  the new position's vector, unlike the row it had and unlike E[id] alone;
- ``carried``: nothing is added to X (none, RoPE, ALiBi): the token carries E[id] to its new place
  unchanged. Asked so, the choices would print the same numbers: the question cannot be asked then
  (the step says why, in ``unavailable``), but the revealed answer explains it.

Values for the texts: ``token``, ``id``, ``from``, ``to`` (positions from 1), ``other`` and
``other_id`` (the token that stood at ``to``), the rows ``new_row``, ``old_row``, ``own_row``
(E[id]), ``place_row`` (the row that stood at ``to``) and ``added_row`` (the vector added at ``to``),
``added_name`` (P₃ for learned positions, PE(2) for sinusoidal ones: the sinusoidal formula counts
from 0), and ``with_scheme``.
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
    row_in_every_language,
    same_in_every_language,
)
from visualizer.lesson.schema import FieldType, Whole
from visualizer.lesson.texts import complete
from visualizer.model import EmbeddingModel

if TYPE_CHECKING:
    from visualizer.lesson.file import LessonStep

SUBSCRIPTS = str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")


class MovedRow(QuestionKind):
    """The row of the token that stood at position ``follow`` once the reveal has moved it."""

    name: ClassVar[str] = "moved_row"
    values: ClassVar[frozenset[str]] = frozenset({"token", "id", "from", "to", "other", "other_id", "new_row",
                                                  "old_row", "own_row", "place_row", "added_row", "added_name",
                                                  "with_scheme"})
    outcomes: ClassVar[frozenset[str]] = frozenset({"added", "carried"})
    may_be_unavailable: ClassVar[bool] = True
    parameters: ClassVar[Mapping[str, FieldType]] = {"follow": Whole(1)}

    def find(self, step: LessonStep, model: EmbeddingModel) -> Found:
        compared = as_asked(step, model)
        if compared is None or not compared.defined:
            return None
        followed = _follow(step, compared)
        if followed is None:
            return None
        outcome, values = followed
        if outcome == "carried":
            return None  # nothing added for the position: the choices would print the same numbers
        return outcome, values

    def explain(self, step: LessonStep, model: EmbeddingModel, measured: Mapping[str, object] | None) -> Explained:
        compared = on_screen(step, model)
        if isinstance(compared, Withdrawn):
            return compared
        if not compared.defined:
            return Withdrawn("numbers")
        return _follow(step, compared) or Withdrawn("sentence")

    def key(self, step: LessonStep, model: EmbeddingModel, writer: KeyWriter) -> str | None:
        compared = as_asked(step, model)
        if compared is None or not compared.defined or self.find(step, model) is None:
            return None
        start, end = _ends(step, compared)
        token_id = compared.before[start]
        added = compared.X_after[end] - compared.E[token_id]
        return writer.translate("Handout", "The rows themselves change: {token} at position {new} is E[{id}] + "
                                           "{added} = {E} + {P} = <b>{x}</b>, no longer {old_x}, the row it had at "
                                           "position {old}. Rows that changed: {changed}; so X now tells the two "
                                           "orders apart.").format(
            token=writer.token(compared.tokens[token_id]), new=end + 1, id=token_id,
            added=_added_name(compared.scheme, end),
            E=writer.vector(compared.E[token_id]), P=writer.vector(added), x=writer.vector(compared.X_after[end]),
            old_x=writer.vector(compared.X_before[start]), old=start + 1,
            changed=writer.positions(compared.changed_rows()))


def _ends(step: LessonStep, compared: Comparison) -> tuple[int, int]:
    """Where the followed token stood before the moves and where it stands after (0-based)."""
    assert step.question is not None
    follow = step.question.parameters["follow"]
    assert isinstance(follow, int)  # the lesson file was checked: a whole number from 1
    start = follow - 1
    end = compared.order.index(start) if start < len(compared.order) else start
    return start, end


def _follow(step: LessonStep, compared: Comparison) -> tuple[str, dict[str, dict[str, str]]] | None:
    """The outcome and values of the followed token; None if the moves do not move it."""
    start, end = _ends(step, compared)
    if start >= len(compared.before) or end == start:
        return None
    token_id, other_id = compared.before[start], compared.before[end]
    own = compared.E[token_id]
    rows = {"new_row": compared.X_after[end], "old_row": compared.X_before[start], "own_row": own,
            "place_row": compared.X_before[end], "added_row": compared.X_after[end] - own}
    outcome = "carried" if np.array_equal(compared.X_after[end], own) else "added"
    values = same_in_every_language(token=compared.token(start), id=token_id, other=compared.token(end),
                                    other_id=other_id, **{"from": start + 1, "to": end + 1},
                                    added_name=_added_name(compared.scheme, end))
    values.update({name: row_in_every_language(vector) for name, vector in rows.items()})
    assert step.question is not None
    values["with_scheme"] = complete(step.question.scheme_phrases[compared.scheme])
    return outcome, values


def _added_name(scheme: str, position: int) -> str:
    """The vector added at ``position`` (0-based), named as the lesson writes it: P₃ (learned, counted
    from 1) or PE(2) (sinusoidal: its formula counts from 0); nothing is added otherwise."""
    if scheme == "sinusoidal":
        return f"PE({position})"
    return "P" + str(position + 1).translate(SUBSCRIPTS)


__all__ = ["MovedRow"]
