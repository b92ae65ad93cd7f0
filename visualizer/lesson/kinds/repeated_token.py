"""One token, twice in the sentence: are its two rows of X the same? No Qt.

Both places look up the same row E[id]. Outcomes, for the first token that occurs twice:

- ``same``: nothing is added to X (no positions, RoPE, ALiBi), so its two rows are equal: X alone
  cannot say which one came first;
- ``different``: positions are added (learned, sinusoidal), so each row also holds the vector of
  its place, and the two rows differ.

A sentence with no token twice, or a row without numbers (past the learned table), cannot be
asked. The revealed answer looks at the sentence on screen: type another sentence with a token
twice and it explains that one; with no token twice it is withdrawn.

Values for the texts: ``token``, ``id``, ``p`` and ``q`` (its two positions, from 1), ``row_p`` and
``row_q`` (its two rows of X), ``own_row`` (E[id]) and ``with_scheme``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, ClassVar

import numpy as np

from visualizer.core import display_token
from visualizer.core.problems import QT_TRANSLATE_NOOP
from visualizer.lesson.kinds.base import (
    Experiment,
    Explained,
    Found,
    KeyWriter,
    QuestionKind,
    Values,
    Withdrawn,
    copy_of,
    row_in_every_language,
    same_in_every_language,
)
from visualizer.lesson.texts import complete
from visualizer.model import EmbeddingModel

if TYPE_CHECKING:
    from visualizer.lesson.file import LessonStep


class RepeatedToken(QuestionKind):
    """The first token that occurs twice: its rows of X at both places, equal or not."""

    name: ClassVar[str] = "repeated_token"
    title: ClassVar[str] = QT_TRANSLATE_NOOP("QuestionKinds", "One token twice: are its two rows the same?")
    values: ClassVar[frozenset[str]] = frozenset({"token", "id", "p", "q", "row_p", "row_q", "own_row",
                                                  "with_scheme"})
    outcomes: ClassVar[frozenset[str]] = frozenset({"same", "different"})
    may_be_unavailable: ClassVar[bool] = True

    def find(self, step: LessonStep, model: EmbeddingModel) -> Found:
        try:
            copy = copy_of(model, step)
        except ValueError:
            return None  # the vocabulary cannot spell the step's sentence
        found = _rows_of_the_repeat(step, copy)
        return found if isinstance(found, tuple) else None

    def explain(self, step: LessonStep, model: EmbeddingModel, measured: Mapping[str, object] | None) -> Explained:
        return _rows_of_the_repeat(step, model)

    def key(self, step: LessonStep, model: EmbeddingModel, writer: KeyWriter) -> str | None:
        try:
            copy = copy_of(model, step)
        except ValueError:
            return None
        places = first_repeat(copy.ids)
        if places is None:
            return None
        p, q = places
        X = np.array(copy.X())
        if not np.all(np.isfinite(X[[p, q]])):
            return None
        token_id = copy.ids[p]
        token = writer.token(copy.tokens[token_id])
        if np.array_equal(X[p], X[q]):
            return writer.translate("Handout", "The same: {token} is E[{id}] = <b>{x}</b> at positions {p} and {q}, "
                                               "because nothing is added for the position. X alone cannot tell "
                                               "which of the two came first.").format(
                token=token, id=token_id, x=writer.vector(X[p]), p=p + 1, q=q + 1)
        return writer.translate("Handout", "Different: both places look up E[{id}] = {E}, but each adds the vector "
                                           "of its position, so {token} is <b>{first}</b> at position {p} and "
                                           "<b>{second}</b> at position {q}.").format(
            id=token_id, E=writer.vector(copy.E[token_id]), token=token, first=writer.vector(X[p]),
            second=writer.vector(X[q]), p=p + 1, q=q + 1)

    def experiment(self, ids: Sequence[int], tokens: Sequence[str], view: str) -> Experiment | None:
        places = first_repeat(ids)
        if places is None:
            return None
        p, q = places
        return Experiment(names={"token": display_token(tokens[ids[p]]), "p": str(p + 1), "q": str(q + 1)})


def first_repeat(ids: Sequence[int]) -> tuple[int, int] | None:
    """The two positions (0-based) of the first token that occurs again, or None if none does."""
    seen: dict[int, int] = {}
    for position, token_id in enumerate(ids):
        if token_id in seen:
            return seen[token_id], position
        seen[token_id] = position
    return None


def _rows_of_the_repeat(step: LessonStep, model: EmbeddingModel) -> tuple[str, Values] | Withdrawn:
    """The outcome and values for ``model``'s sentence as it is, or why there are none."""
    places = first_repeat(model.ids)
    if places is None:
        return Withdrawn("sentence")
    p, q = places
    X = np.array(model.X())
    if not np.all(np.isfinite(X[[p, q]])):
        return Withdrawn("numbers")
    token_id = model.ids[p]
    values = same_in_every_language(token=display_token(model.tokens[token_id]), id=token_id, p=p + 1, q=q + 1)
    values.update({"row_p": row_in_every_language(X[p]), "row_q": row_in_every_language(X[q]),
                   "own_row": row_in_every_language(np.array(model.E)[token_id])})
    assert step.question is not None
    values["with_scheme"] = complete(step.question.scheme_phrases[model.scheme])
    return ("same" if np.array_equal(X[p], X[q]) else "different"), values


__all__ = ["RepeatedToken", "first_repeat"]
