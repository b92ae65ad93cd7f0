"""RoPE, ALiBi and attention scores: the lesson's numbers and the properties behind them."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from tests import spec
from visualizer.core import (
    RopeScaling,
    alibi_bias,
    alibi_slopes,
    attention_scores,
    embed,
    rope_frequencies,
    rope_rotate,
    rope_score,
    sinusoidal,
    toy_vocabulary,
)

finite = st.floats(-10, 10, allow_nan=False, allow_infinity=False)


@pytest.mark.parametrize(("positions", "expected"), list(spec.ROPE_SCORES.items()))
def test_lesson_example_scores(positions, expected):
    q = k = np.array([1.0, 0.0])
    score = rope_score(q, k, *positions, np.array([spec.ROPE_THETA]))
    assert round(score, 3) == expected
    m, n = positions
    assert score == pytest.approx(np.cos((m - n) * spec.ROPE_THETA), abs=1e-12)


def test_frequencies_for_d4_match_the_sinusoidal_speeds():
    np.testing.assert_allclose(rope_frequencies(4), [1.0, 0.01], atol=1e-15)
    # The sinusoidal table turns at the same speeds: PE[t] = [sin t, cos t, sin t/100, cos t/100].
    t = 7
    np.testing.assert_allclose(sinusoidal(8, 4)[t, 0::2], np.sin(t * rope_frequencies(4)), atol=1e-12)


def test_frequencies_follow_base_power():
    theta = rope_frequencies(8, base=500_000)
    np.testing.assert_allclose(theta, 500_000.0 ** (-np.arange(0, 8, 2) / 8), rtol=1e-12)
    with pytest.raises(ValueError, match="even"):
        rope_frequencies(5)


@given(arrays(np.float64, 8, elements=finite), arrays(np.float64, 8, elements=finite),
       st.integers(0, 500), st.integers(0, 500), st.integers(-200, 200))
@settings(max_examples=200)
def test_score_depends_only_on_the_distance(q, k, m, n, shift):
    theta = rope_frequencies(8)
    assert rope_score(q, k, m + shift, n + shift, theta) == pytest.approx(
        rope_score(q, k, m, n, theta), abs=1e-9)
    # ⟨R_m q, R_n k⟩ = ⟨q, R_{n−m} k⟩
    assert rope_score(q, k, m, n, theta) == pytest.approx(
        float(np.dot(q, rope_rotate(k, n - m, theta))), abs=1e-9)


@given(arrays(np.float64, (3, 6), elements=finite), st.integers(0, 50))
def test_rotation_keeps_lengths(x, m):
    rotated = rope_rotate(x, np.full(3, m), rope_frequencies(6))
    np.testing.assert_allclose(np.linalg.norm(rotated, axis=1), np.linalg.norm(x, axis=1), atol=1e-9)


def test_position_interpolation_divides_every_theta():
    for factor in (2.0, 4.0, 8.0):
        np.testing.assert_allclose(rope_frequencies(16, scaling=RopeScaling("pi", factor)),
                                   rope_frequencies(16) / factor, rtol=1e-12)


def test_ntk_keeps_the_fastest_pair_and_slows_the_slowest_by_the_factor():
    theta, ntk = rope_frequencies(16), rope_frequencies(16, scaling=RopeScaling("ntk", 4.0))
    assert ntk[0] == theta[0]
    assert ntk[-1] < theta[-1]
    assert (ntk <= theta).all()


def test_yarn_keeps_fast_pairs_and_interpolates_slow_ones():
    theta = rope_frequencies(64)
    yarn = rope_frequencies(64, scaling=RopeScaling("yarn", 8.0, original_context=2048))
    assert yarn[0] == theta[0]
    assert yarn[-1] == pytest.approx(theta[-1] / 8, rel=1e-12)
    with pytest.raises(ValueError, match="at least 1"):
        rope_frequencies(8, scaling=RopeScaling("pi", 0.5))


def test_alibi_slopes_for_eight_heads_are_powers_of_two():
    np.testing.assert_array_equal(alibi_slopes(8), 2.0 ** -np.arange(1, 9))


def test_alibi_bias_is_minus_slope_times_distance():
    bias = alibi_bias(4, 0.5)
    assert bias[3, 0] == -1.5 and bias[2, 2] == 0 and bias[1, 0] == -0.5
    assert np.isneginf(bias[0, 1])
    distance = np.abs(np.subtract.outer(range(3), range(3)))
    np.testing.assert_array_equal(alibi_bias(3, 1.0, causal=False), -distance)


def test_scores_are_scaled_dot_products_with_a_causal_mask():
    X = embed(spec.IDS, toy_vocabulary().E, "learned")
    scores = attention_scores(X, "learned")
    assert scores[1, 0] == pytest.approx(float(X[1] @ X[0]) / 2, abs=1e-12)
    assert np.isneginf(scores[np.triu_indices(5, 1)]).all()
    assert np.isfinite(attention_scores(X, "learned", causal=False)).all()


def test_without_positions_scores_are_permutation_equivariant():
    E = toy_vocabulary().E
    rng = np.random.default_rng(3)
    for _ in range(20):
        ids = rng.integers(0, 12, size=6)
        order = rng.permutation(6)
        before = attention_scores(embed(ids, E, "none"), "none", causal=False)
        after = attention_scores(embed(ids[order], E, "none"), "none", causal=False)
        np.testing.assert_allclose(after, before[np.ix_(order, order)], atol=1e-12)


def test_rope_scores_of_equal_tokens_depend_only_on_distance():
    X = embed([2] * 6, toy_vocabulary().E, "rope")
    scores = attention_scores(X, "rope", causal=False)
    for distance in range(6):
        diagonal = np.diagonal(scores, offset=-distance)
        np.testing.assert_allclose(diagonal, diagonal[0], atol=1e-12)


def test_alibi_scores_are_plain_scores_plus_the_bias():
    X = embed(spec.IDS, toy_vocabulary().E, "alibi")
    plain = attention_scores(X, "none")
    with_bias = attention_scores(X, "alibi", slope=0.25)
    lower = np.tril_indices(5)
    np.testing.assert_allclose(with_bias[lower], (plain + alibi_bias(5, 0.25))[lower], atol=1e-12)
