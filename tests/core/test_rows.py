"""A row of X is "same", "moved" or "changed" by its numbers, whatever bits spell them."""

from __future__ import annotations

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from visualizer.core import classify_rows

# Numbers that are equal with other bits (0.0 and -0.0, NaNs of another payload) and ones that differ.
NUMBERS = [0.0, -0.0, 1.5, -1.5, float("nan"), np.frombuffer(b"\x01\x00\x00\x00\x00\x00\xf8\x7f")[0]]


def verdicts_by_value(old_ids, old_X, new_ids, new_X):
    """The rule, written out with numbers compared as numbers (NaN equal to NaN)."""
    def same(a, b):
        return all(x == y or (np.isnan(x) and np.isnan(y)) for x, y in zip(a.tolist(), b.tolist(), strict=True))

    verdicts = []
    for p, token in enumerate(new_ids):
        if p < len(old_ids) and old_ids[p] == token and same(old_X[p], new_X[p]):
            verdicts.append(("same", None))
            continue
        origins = [q for q, old in enumerate(old_ids) if old == token and same(old_X[q], new_X[p])]
        verdicts.append(("moved", origins[0]) if origins else ("changed", None))
    return verdicts


rows = st.lists(st.tuples(st.integers(0, 2), st.lists(st.sampled_from(NUMBERS), min_size=2, max_size=2)),
                min_size=1, max_size=5)


@given(old=rows, new=rows)
def test_rows_are_compared_by_their_numbers(old, new):
    old_ids, old_X = tuple(token for token, _ in old), np.array([row for _, row in old])
    new_ids, new_X = tuple(token for token, _ in new), np.array([row for _, row in new])
    assert classify_rows(old_ids, old_X, new_ids, new_X) == verdicts_by_value(old_ids, old_X, new_ids, new_X)


def test_a_row_of_minus_zero_is_the_row_of_zero_moved():
    old = np.array([[0.0, 1.0], [2.0, 3.0]])
    new = np.array([[2.0, 3.0], [-0.0, 1.0]])
    assert classify_rows((7, 8), old, (8, 7), new) == [("moved", 1), ("moved", 0)]
