"""Follow one token as the reveal moves it: what is its row now? No Qt.

The step names the token by its position before the experiment (``"follow": 2``). With positions
added to X, its row at the new place is E[id] plus the new position's vector (``added``), unlike
the row it had, E[id] alone, or the row that stood at the new place. Where nothing is added for the
position the choices would print the same numbers, and the question cannot be asked.

Values for the texts: ``token``, ``id``, ``from``, ``to`` (positions from 1), ``other`` and
``other_id`` (the token that stood at ``to``), the rows ``new_row``, ``old_row``, ``own_row``
(E[id]) and ``place_row`` (the row that stood at ``to``), and ``with_scheme``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, ClassVar

import numpy as np

from visualizer.lesson.kinds.base import (
    Experiment,
    Found,
    KeyWriter,
    QuestionKind,
    row_in_every_language,
    run_moves,
    same_in_every_language,
    shown_token,
)
from visualizer.lesson.schema import FieldType, Whole
from visualizer.model import EmbeddingModel

if TYPE_CHECKING:
    from visualizer.lesson.file import LessonStep


class MovedRow(QuestionKind):
    """The row of the token that stood at position ``follow`` once the reveal has moved it."""

    name: ClassVar[str] = "moved_row"
    values: ClassVar[frozenset[str]] = frozenset({"token", "id", "from", "to", "other", "other_id", "new_row",
                                                  "old_row", "own_row", "place_row", "with_scheme"})
    outcomes: ClassVar[frozenset[str]] = frozenset({"added"})
    may_be_unavailable: ClassVar[bool] = True
    parameters: ClassVar[Mapping[str, FieldType]] = {"follow": Whole(1)}

    def find(self, step: LessonStep, model: EmbeddingModel) -> Found:
        followed = _follow(step, model)
        if followed is None:
            return None
        experiment, start, end, rows = followed
        copy = experiment.before
        token_id, other_id = copy.ids[start], copy.ids[end]
        written = {name: row_in_every_language(vector) for name, vector in rows.items()}
        shown = [text["en"] for text in written.values()]
        if len(set(shown)) < len(shown):
            return None  # nothing added for the position: the choices would print the same numbers
        values = same_in_every_language(token=shown_token(copy, token_id), id=token_id,
                                        other=shown_token(copy, other_id), other_id=other_id,
                                        **{"from": start + 1, "to": end + 1})
        values.update(written)
        assert step.question is not None
        values["with_scheme"] = dict(step.question.scheme_phrases[step.scheme])
        return "added", values

    def key(self, step: LessonStep, model: EmbeddingModel, writer: KeyWriter) -> str | None:
        followed = _follow(step, model)
        if followed is None:
            return None
        experiment, start, end, rows = followed
        copy = experiment.before
        token_id = copy.ids[start]
        added = experiment.after.P_rows()
        P_new = writer.vector(added[end]) if added is not None else writer.vector(np.zeros(copy.d))
        return writer.translate("Handout", "The rows themselves change: {token} at position {new} is E[{id}] + "
                                           "P<sub>{new}</sub> = {E} + {P} = <b>{x}</b>, no longer {old_x}, the row it "
                                           "had at position {old}. Rows that changed: {changed}; so X now tells the "
                                           "two orders apart.").format(
            token=writer.token(copy.tokens[token_id]), new=end + 1, id=token_id, E=writer.vector(copy.E[token_id]),
            P=P_new, x=writer.vector(rows["new_row"]), old_x=writer.vector(rows["old_row"]), old=start + 1,
            changed=writer.positions(experiment.changed()))


def _follow(step: LessonStep, model: EmbeddingModel) -> tuple[Experiment, int, int, dict[str, np.ndarray]] | None:
    """(the experiment, start, end, rows) for the followed token, or None when the
    experiment cannot run, does not move it, or leaves a row without numbers."""
    experiment = run_moves(step, model)
    assert step.question is not None
    follow = step.question.parameters["follow"]
    assert isinstance(follow, int)  # the lesson file was checked: a whole number from 1
    start = follow - 1
    if experiment is None or start >= experiment.before.n:
        return None
    end = experiment.order.index(start)
    if end == start:
        return None  # the experiment does not move this token
    before, after = experiment.before, experiment.after
    token_id = before.ids[start]
    rows = {"new_row": np.array(after.X()[end]), "old_row": np.array(before.X()[start]),
            "own_row": np.array(before.E[token_id]), "place_row": np.array(before.X()[end])}
    if not all(np.all(np.isfinite(vector)) for vector in rows.values()):
        return None
    return experiment, start, end, rows


__all__ = ["MovedRow"]
