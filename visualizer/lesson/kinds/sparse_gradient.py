"""Which rows of E does a batch's gradient reach? No Qt.

At GPT-2 small's scale: a batch of Zipf-distributed token ids over V rows reaches only the rows of
the ids it holds, usually far fewer than the batch (``fewer``), exactly the batch when every id
differs (``exactly``), or every row when the batch holds each id (``all``). The toy model's sentence
and scheme play no part. The question is asked of the lesson's batch, drawn as the real-scale race
draws it (the same seed gives the same rows); the revealed answer is the race's own measurement,
with the V and batch the teacher left on its page.

Values for the texts: ``V``, ``batch`` and ``touched`` (rows reached), grouped in each language.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import TYPE_CHECKING, ClassVar

import numpy as np

from visualizer.core import GPT2_SMALL_VOCAB, embedding_gradient, zipf_batch
from visualizer.lesson.kinds.base import (
    Explained,
    Found,
    KeyWriter,
    QuestionKind,
    Values,
    Waiting,
    integer_in_every_language,
)
from visualizer.model import EmbeddingModel

if TYPE_CHECKING:
    from visualizer.lesson.file import LessonStep

LESSON_BATCH = 4000
"""Tokens in the lesson's batch (the real-scale race's default batch, ``lab.real_scale.DEFAULT_BATCH``)."""
LESSON_ZIPF_EXPONENT = 1.0
LESSON_SEED = 0
"""The race draws its batch with this seed and exponent."""


class SparseGradient(QuestionKind):
    """The lesson's batch at GPT-2 small's scale: which rows of E its gradient reaches."""

    name: ClassVar[str] = "sparse_gradient"
    values: ClassVar[frozenset[str]] = frozenset({"V", "batch", "touched"})
    outcomes: ClassVar[frozenset[str]] = frozenset({"fewer", "exactly", "all"})
    may_be_unavailable: ClassVar[bool] = False

    def find(self, step: LessonStep, model: EmbeddingModel) -> Found:
        return sparse_gradient_outcome(GPT2_SMALL_VOCAB, LESSON_BATCH)

    def explain(self, step: LessonStep, model: EmbeddingModel, measured: Mapping[str, object] | None) -> Explained:
        if measured is None:
            return Waiting()
        V, batch, touched = (measured.get(name) for name in ("V", "batch", "rows_touched"))
        if not all(isinstance(value, int) and not isinstance(value, bool) for value in (V, batch, touched)):
            return Waiting()  # not a measurement of this race
        assert isinstance(V, int) and isinstance(batch, int) and isinstance(touched, int)
        return outcome_for(V, batch, touched)

    def key(self, step: LessonStep, model: EmbeddingModel, writer: KeyWriter) -> str | None:
        touched = rows_touched(GPT2_SMALL_VOCAB, LESSON_BATCH)
        return writer.translate("Handout", "Only the rows of the ids that occur in the batch. A Zipf sample of "
                                           "{batch} tokens over GPT-2's {V} ids (s = 1, seed {seed}, drawn by the "
                                           "app) touches <b>{touched}</b> rows: at most {batch}, and far fewer, "
                                           "because frequent tokens repeat. The other {untouched} rows get exactly 0, "
                                           "which is why the row of a rare token learns slowly.").format(
            batch=writer.integer(LESSON_BATCH), V=writer.integer(GPT2_SMALL_VOCAB), seed=LESSON_SEED,
            touched=writer.integer(touched), untouched=writer.integer(GPT2_SMALL_VOCAB - touched))


def rows_touched(V: int, batch: int, zipf_exponent: float = LESSON_ZIPF_EXPONENT, seed: int = LESSON_SEED) -> int:
    """Rows of E that a Zipf batch of ``batch`` ids over ``V`` rows reaches: the rows the sparse
    backward pass (``embedding_gradient``) returns, for the batch the real-scale race draws."""
    return _rows_touched(int(V), int(batch), float(zipf_exponent), int(seed))


@lru_cache(maxsize=8)
def _rows_touched(V: int, batch: int, zipf_exponent: float, seed: int) -> int:
    ids = zipf_batch(V, batch, zipf_exponent, np.random.default_rng(seed))
    rows, _ = embedding_gradient(ids, np.ones((batch, 1)))
    return len(rows)


def outcome_for(V: int, batch: int, touched: int) -> tuple[str, Values]:
    """The outcome (``all``, ``exactly`` or ``fewer``) of a batch of ``batch`` ids over ``V`` rows
    that reached ``touched`` rows. When both "all V" and "at most the batch" are true, the sharper
    one is right."""
    outcome = "all" if touched == V else "exactly" if touched == batch else "fewer"
    return outcome, {"V": integer_in_every_language(V), "batch": integer_in_every_language(batch),
                     "touched": integer_in_every_language(touched)}


def sparse_gradient_outcome(V: int, batch: int) -> tuple[str, Values]:
    """:func:`outcome_for` the lesson's draw of ``batch`` ids over ``V`` rows."""
    return outcome_for(V, batch, rows_touched(V, batch))


__all__ = ["LESSON_BATCH", "LESSON_SEED", "LESSON_ZIPF_EXPONENT", "SparseGradient", "outcome_for", "rows_touched",
           "sparse_gradient_outcome"]
