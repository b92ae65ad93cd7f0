"""θ_i of every rope_scaling type, each against a per-pair reference written out in plain Python."""

import math

import numpy as np
import pytest

from tests import spec
from visualizer.core import (
    rope_default,
    rope_dynamic,
    rope_linear,
    rope_llama3,
    rope_longrope,
    rope_score,
    rope_yarn,
)


def default_reference(dim, base):
    return [base ** (-(2 * i) / dim) for i in range(dim // 2)]


def test_rope_score_takes_one_theta_as_a_number():
    for (m, n), score in spec.ROPE_SCORES.items():
        assert round(rope_score([1, 0], [1, 0], m, n, spec.ROPE_THETA), 3) == score
    assert rope_score([1, 0], [1, 0], 4, 1, spec.ROPE_THETA) == pytest.approx(math.cos(1.5), abs=1e-15)


def test_default_and_linear():
    np.testing.assert_allclose(rope_default(16, 10_000.0), default_reference(16, 10_000.0), rtol=1e-14)
    np.testing.assert_allclose(rope_linear(16, 10_000.0, 4.0), np.array(default_reference(16, 10_000.0)) / 4,
                               rtol=1e-14)


def test_dynamic_changes_only_past_the_trained_context():
    np.testing.assert_allclose(rope_dynamic(16, 10_000.0, 2.0, 64, seq_len=64), default_reference(16, 10_000.0))
    grown = 10_000.0 * ((2.0 * 100 / 64) - 1.0) ** (16 / 14)
    np.testing.assert_allclose(rope_dynamic(16, 10_000.0, 2.0, 64, seq_len=100), default_reference(16, grown),
                               rtol=1e-13)


def test_llama3_against_the_per_pair_rule():
    dim, base, factor, low, high, context = 128, 500_000.0, 8.0, 1.0, 4.0, 8192
    expected = []
    for theta in default_reference(dim, base):
        wavelength = 2 * math.pi / theta
        if wavelength < context / high:
            expected.append(theta)  # fast pairs are kept
        elif wavelength > context / low:
            expected.append(theta / factor)  # slow pairs are interpolated
        else:
            s = (context / wavelength - low) / (high - low)
            expected.append((1 - s) * theta / factor + s * theta)
    got = rope_llama3(dim, base, factor, low, high, context)
    np.testing.assert_allclose(got, expected, rtol=1e-13)
    assert got[0] == expected[0] and got[-1] == pytest.approx(expected[-1])
    assert got[-1] < default_reference(dim, base)[-1]  # the slowest pair really was rescaled


def test_yarn_against_the_ramp_written_out():
    dim, base, factor, context = 64, 10_000.0, 4.0, 2048

    def correction(rotations):
        return dim * math.log(context / (rotations * 2 * math.pi)) / (2 * math.log(base))

    low, high = max(math.floor(correction(32)), 0), min(math.ceil(correction(1)), dim - 1)
    expected = []
    for i, theta in enumerate(default_reference(dim, base)):
        ramp = min(max((i - low) / (high - low), 0.0), 1.0)
        expected.append(theta / factor * ramp + theta * (1 - ramp))
    np.testing.assert_allclose(rope_yarn(dim, base, factor, context), expected, rtol=1e-13)


def test_longrope_picks_short_or_long_factors_by_length():
    dim, base = 8, 10_000.0
    short, long = [1.0, 1.5, 2.0, 2.5], [1.0, 3.0, 5.0, 7.0]
    reference = default_reference(dim, base)
    np.testing.assert_allclose(rope_longrope(dim, base, short, long, 32, seq_len=10),
                               [t / f for t, f in zip(reference, short, strict=True)], rtol=1e-14)
    np.testing.assert_allclose(rope_longrope(dim, base, short, long, 32, seq_len=33),
                               [t / f for t, f in zip(reference, long, strict=True)], rtol=1e-14)


@pytest.mark.parametrize("call", [lambda: rope_default(7, 10_000.0), lambda: rope_default(8, 1.0),
                                  lambda: rope_linear(8, 10_000.0, 0.5),
                                  lambda: rope_llama3(8, 10_000.0, 8.0, 4.0, 1.0, 8192),
                                  lambda: rope_longrope(8, 10_000.0, [1.0], [1.0], 32)])
def test_bad_parameters_are_refused(call):
    with pytest.raises(ValueError):
        call()
