"""Swap two tokens: what happens to X? No Qt.

The step's reveal trades two neighbouring tokens. Without positions (or with schemes that act only
inside attention) their rows only trade places (``moved``); with positions added to X the rows of
the two tokens change (``changed``); two equal tokens leave X as it was (``identical``). Asked where
the sentence is too short for the swap, or where a row has no numbers (past the learned table),
the question cannot be asked.

Values for the texts: ``p``, ``q`` (the two positions, from 1), ``a``, ``b`` (their tokens), and
``with_scheme`` ("With learned positions", in the step's language).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

import numpy as np

from visualizer.lesson.kinds.base import (
    Experiment,
    Found,
    KeyWriter,
    QuestionKind,
    run_moves,
    same_in_every_language,
    shown_token,
)
from visualizer.model import EmbeddingModel

if TYPE_CHECKING:
    from visualizer.lesson.file import LessonStep


class Swap(QuestionKind):
    """Two neighbouring tokens trade places: are X's rows only reordered, changed, or all the same?"""

    name: ClassVar[str] = "swap"
    values: ClassVar[frozenset[str]] = frozenset({"p", "q", "a", "b", "with_scheme"})
    outcomes: ClassVar[frozenset[str]] = frozenset({"moved", "changed", "identical"})
    may_be_unavailable: ClassVar[bool] = True

    def find(self, step: LessonStep, model: EmbeddingModel) -> Found:
        experiment = _swap(step, model)
        if experiment is None:
            return None
        first, second = sorted(experiment.moves[0])
        before = experiment.before
        values = same_in_every_language(p=first + 1, q=second + 1, a=shown_token(before, before.ids[first]),
                                        b=shown_token(before, before.ids[second]))
        assert step.question is not None
        values["with_scheme"] = dict(step.question.scheme_phrases[step.scheme])
        return outcome_of(experiment), values

    def key(self, step: LessonStep, model: EmbeddingModel, writer: KeyWriter) -> str | None:
        experiment = _swap(step, model)
        if experiment is None:
            return None
        before, after = experiment.before, experiment.after
        a, b = sorted(experiment.moves[0])
        x_a, x_b = writer.vector(before.X()[a]), writer.vector(before.X()[b])
        moved, changed = writer.positions(experiment.moved()), writer.positions(experiment.changed())
        outcome = outcome_of(experiment)
        if outcome == "identical":
            return writer.translate("Handout", "Positions {a} and {b} hold the same row ({x_a}), so the swap leaves X "
                                               "exactly as it was.").format(a=a + 1, b=b + 1, x_a=x_a)
        if outcome == "changed":
            return writer.translate("Handout", "X changes, not only its order: rows {a} and {b} trade places and take "
                                               "new numbers, {y_a} and {y_b} instead of {x_a} and {x_b}, because each "
                                               "row also holds the vector of its position. Rows that only moved: "
                                               "{moved}; rows that changed: {changed}.").format(
                a=a + 1, b=b + 1, x_a=x_a, x_b=x_b, y_a=writer.vector(after.X()[a]), y_b=writer.vector(after.X()[b]),
                moved=moved, changed=changed)
        order = " ".join(writer.token(before.tokens[i]) for i in before.ids[a:b + 1])
        swapped = " ".join(writer.token(after.tokens[i]) for i in after.ids[a:b + 1])
        return writer.translate("Handout", "X keeps the same rows in another order: rows {a} and {b} trade places "
                                           "({x_a} and {x_b}) and nothing else changes. Rows that only moved: "
                                           "{moved}; rows that changed: {changed}. Attention without a mask would "
                                           "give the same outputs, swapped: it cannot tell “{order}” from "
                                           "“{swapped}”.").format(
            a=a + 1, b=b + 1, x_a=x_a, x_b=x_b, moved=moved, changed=changed, order=order, swapped=swapped)


def _swap(step: LessonStep, model: EmbeddingModel) -> Experiment | None:
    """The step's experiment if it is one swap of neighbours with every row defined, else None."""
    experiment = run_moves(step, model)
    if experiment is None or len(experiment.moves) != 1:
        return None
    first, second = sorted(experiment.moves[0])
    if second - first != 1:
        return None
    if not (np.all(np.isfinite(experiment.before.X())) and np.all(np.isfinite(experiment.after.X()))):
        return None  # rows past the learned table have no numbers to compare
    return experiment


def outcome_of(experiment: Experiment) -> str:
    """``identical``, ``changed`` (some row's numbers changed) or ``moved`` (rows only traded places)."""
    if np.array_equal(experiment.before.X(), experiment.after.X()):
        return "identical"
    return "changed" if experiment.changed() else "moved"


__all__ = ["Swap", "outcome_of"]
