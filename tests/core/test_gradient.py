"""The way back through the lookup: sparse gradient, Zipf sampling, table sizes (SPEC numbers)."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from tests import spec
from visualizer.core import (
    GPT2_SMALL_PARAMETERS,
    LLAMA3_VOCAB,
    LLAMA3_WIDTH,
    dense_embedding_gradient,
    embedding_gradient,
    iter_dense_embedding_gradient,
    parameter_count,
    toy_zipf_ids,
    zipf_batch,
    zipf_probabilities,
)

V, D = 12, 4


@st.composite
def batches(draw):
    n = draw(st.integers(0, 60))
    ids = draw(arrays(np.int64, n, elements=st.integers(0, V - 1)))
    upstream = draw(arrays(np.float64, (n, D), elements=st.floats(-100, 100, allow_nan=False)))
    return ids, upstream


@given(batches())
@settings(max_examples=300)
def test_sparse_gradient_equals_the_one_hot_product(batch):
    ids, upstream = batch
    rows, grads = embedding_gradient(ids, upstream)
    dense = dense_embedding_gradient(ids, upstream, V)
    assert list(rows) == sorted(set(ids.tolist()))
    np.testing.assert_allclose(grads, dense[rows], atol=1e-9)
    untouched = np.setdiff1d(np.arange(V), rows)
    assert (dense[untouched] == 0).all()
    np.testing.assert_allclose(grads.sum(axis=0), upstream.sum(axis=0), atol=1e-8)


@pytest.mark.parametrize("ids", [[], [7], [3, 3, 3, 3], [11, 0, 11, 5, 0]])
def test_edge_batches(ids):
    ids = np.array(ids, dtype=np.int64)
    upstream = np.arange(len(ids) * D, dtype=float).reshape(len(ids), D)
    rows, grads = embedding_gradient(ids, upstream)
    np.testing.assert_allclose(grads, dense_embedding_gradient(ids, upstream, V)[rows])
    assert grads.shape == (len(set(ids.tolist())), D)


def test_repeats_add_up():
    rows, grads = embedding_gradient(np.array([4, 2, 4]), np.array([[1.0, 0], [5, 5], [2, 1]]))
    assert list(rows) == [2, 4]
    np.testing.assert_array_equal(grads, [[5, 5], [3, 1]])


def test_chunked_dense_product_equals_the_reference():
    rng = np.random.default_rng(1)
    ids = rng.integers(0, 500, size=200)
    upstream = rng.normal(size=(200, 8))
    *_, (done, result) = iter_dense_embedding_gradient(ids, upstream, 500, block=64)
    assert done == 500
    np.testing.assert_allclose(result, dense_embedding_gradient(ids, upstream, 500), atol=1e-12)


def test_zipf_probabilities_follow_one_over_rank_power():
    p = zipf_probabilities(100, 1.2)
    assert p.sum() == pytest.approx(1.0, abs=1e-12)
    assert p[0] / p[9] == pytest.approx(10**1.2, rel=1e-12)
    with pytest.raises(ValueError):
        zipf_probabilities(0, 1.0)
    with pytest.raises(ValueError):
        zipf_probabilities(10, float("nan"))


def test_zipf_frequencies_match_the_law_within_sampling_error():
    n, V_big, s = 200_000, 50, 1.0
    counts = np.bincount(zipf_batch(V_big, n, s, np.random.default_rng(2024)), minlength=V_big)
    expected = n * zipf_probabilities(V_big, s)
    # Within 4 binomial standard deviations for every rank.
    sigma = np.sqrt(expected * (1 - expected / n))
    assert (np.abs(counts - expected) < 4 * sigma + 1).all()


def test_same_seed_same_batch():
    a = toy_zipf_ids(100, 1.0, np.random.default_rng(7))
    b = toy_zipf_ids(100, 1.0, np.random.default_rng(7))
    np.testing.assert_array_equal(a, b)
    assert not np.array_equal(a, toy_zipf_ids(100, 1.0, np.random.default_rng(8)))


def test_parameter_counts_are_spec_numbers():
    assert parameter_count(spec.GPT2_V, spec.GPT2_D, tied=True) == spec.GPT2_E_PARAMETERS
    assert parameter_count(spec.GPT2_V, spec.GPT2_D) == 2 * spec.GPT2_E_PARAMETERS
    share = parameter_count(spec.GPT2_V, spec.GPT2_D, tied=True) / GPT2_SMALL_PARAMETERS
    assert round(100 * share) == spec.GPT2_SHARE_PERCENT
    assert round(parameter_count(LLAMA3_VOCAB, LLAMA3_WIDTH, tied=True) / 1e6) == spec.LLAMA3_CLASS_E_MILLIONS
