"""Toy vocabulary, tokenizer, position tables and X = E[ids] + positions, against SPEC."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests import spec
from visualizer.core import (
    PositionError,
    TokenizeError,
    detokenize,
    display_token,
    embed,
    learned_positions,
    padded_positions,
    positions,
    sinusoidal,
    tokenize,
    toy_vocabulary,
)


def test_toy_vocabulary_is_the_spec_table():
    vocabulary = toy_vocabulary()
    assert list(vocabulary.tokens) == spec.TOKENS
    np.testing.assert_array_equal(vocabulary.E, np.array(spec.E, dtype=float))
    assert (vocabulary.size, vocabulary.dim) == (12, 4)


def test_every_row_of_E_and_P_sums_to_zero():
    np.testing.assert_allclose(toy_vocabulary().E.sum(axis=1), 0, atol=1e-12)
    np.testing.assert_allclose(learned_positions().sum(axis=1), 0, atol=1e-12)


def test_learned_table_is_the_spec_table_with_distinct_rows():
    P = learned_positions()
    np.testing.assert_array_equal(P, np.array(spec.P, dtype=float))
    assert len({tuple(row) for row in P}) == 8


def test_tables_are_read_only():
    with pytest.raises(ValueError):
        toy_vocabulary().E[0, 0] = 9
    with pytest.raises(ValueError):
        learned_positions()[0, 0] = 9


def test_display_token_shows_leading_space():
    assert display_token(" gato") == "␣gato"
    assert display_token("iu") == "iu"


def test_lesson_sentence_tokenizes_to_spec_ids():
    assert tokenize(spec.SENTENCE, spec.TOKENS) == spec.IDS


@pytest.mark.parametrize(
    ("text", "unmatched", "offset"),
    [("o gato voou", " voou", 6), ("o gato. o", " o", 7), ("xyz", "xyz", 0), ("o  gato", " ", 1)],
)
def test_untokenizable_text_names_the_text_and_its_offset(text, unmatched, offset):
    with pytest.raises(TokenizeError) as caught:
        tokenize(text, spec.TOKENS)
    assert (caught.value.unmatched, caught.value.offset) == (unmatched, offset)
    assert repr(unmatched) in str(caught.value) and str(offset) in str(caught.value)
    assert isinstance(caught.value, ValueError)


def test_empty_text_is_no_tokens():
    assert tokenize("", spec.TOKENS) == []


@given(st.lists(st.integers(0, 11), max_size=20))
def test_tokenizing_joined_tokens_gives_back_the_same_text(ids):
    text = detokenize(ids, spec.TOKENS)
    assert detokenize(tokenize(text, spec.TOKENS), spec.TOKENS) == text


def test_sinusoidal_rows_match_spec_to_three_decimals():
    np.testing.assert_array_equal(np.round(sinusoidal(3, 4), 3), np.array(spec.SINUSOIDAL))


def test_sinusoidal_is_sin_cos_of_t_over_base_power():
    pe = sinusoidal(5, 8)
    t, i = 3, 2
    assert pe[t, 2 * i] == pytest.approx(np.sin(t / 10000 ** (2 * i / 8)), abs=1e-12)
    assert pe[t, 2 * i + 1] == pytest.approx(np.cos(t / 10000 ** (2 * i / 8)), abs=1e-12)
    with pytest.raises(ValueError, match="even"):
        sinusoidal(3, 5)


def test_worked_example_under_learned_positions():
    X = embed(spec.IDS, toy_vocabulary().E, "learned")
    np.testing.assert_allclose(X, np.array(spec.X_LEARNED), atol=1e-9)
    np.testing.assert_allclose(X.mean(axis=1), 0, atol=1e-12)


def test_swap_gato_and_sub():
    E = toy_vocabulary().E
    swapped = spec.IDS_SUB_BEFORE_GATO
    none_before, none_after = embed(spec.IDS, E, "none"), embed(swapped, E, "none")
    np.testing.assert_array_equal(none_after[[0, 3, 4]], none_before[[0, 3, 4]])
    np.testing.assert_array_equal(none_after[1], none_before[2])
    np.testing.assert_array_equal(none_after[2], none_before[1])
    learned = embed(swapped, E, "learned")
    np.testing.assert_allclose(learned[2], spec.GATO_AT_3_LEARNED, atol=1e-9)


@pytest.mark.parametrize("scheme", ["none", "rope", "alibi"])
def test_schemes_that_add_nothing_leave_X_equal_to_the_lookup(scheme):
    E = toy_vocabulary().E
    assert positions(scheme, 5, 4) is None
    np.testing.assert_array_equal(embed(spec.IDS, E, scheme), E[spec.IDS])


def test_sinusoidal_scheme_adds_pe_of_t_equal_p_minus_one():
    E = toy_vocabulary().E
    X = embed(spec.IDS, E, "sinusoidal")
    np.testing.assert_array_equal(np.round(X[:3] - E[spec.IDS[:3]], 3), np.array(spec.SINUSOIDAL))


def test_ninth_position_under_learned_is_a_clear_error():
    with pytest.raises(PositionError, match="beyond the trained length"):
        positions("learned", 9, 4)
    with pytest.raises(PositionError):
        embed([0] * 9, toy_vocabulary().E, "learned")
    assert embed([0] * 40, toy_vocabulary().E, "sinusoidal").shape == (40, 4)


def test_unknown_scheme_and_bad_ids_are_refused():
    with pytest.raises(ValueError, match="unknown position scheme 'absolute'"):
        embed([0], toy_vocabulary().E, "absolute")
    with pytest.raises(ValueError, match=r"0\.\.11"):
        embed([12], toy_vocabulary().E, "none")


def test_embed_returns_new_array_and_leaves_E_alone():
    E = np.array(spec.E, dtype=float)
    X = embed([0, 0], E, "learned")
    X[0, 0] = 99
    np.testing.assert_array_equal(E, np.array(spec.E, dtype=float))


def test_numbers_print_as_the_lesson_writes_them():
    from visualizer.core import ENGLISH, PORTUGUESE

    # Hand-picked values stay short; computed ones keep three places, zeros included.
    assert [ENGLISH.short(v) for v in (-0.5, 1.0, 0.0, 1.5, -1.0)] == ["-0.5", "1", "0", "1.5", "-1"]
    assert [ENGLISH.short(v) for v in sinusoidal(2, 4)[1]] == ["0.841", "0.540", "0.010", "1.000"]
    assert [ENGLISH.short(v) for v in sinusoidal(3, 4)[2]] == ["0.909", "-0.416", "0.020", "1.000"]
    assert PORTUGUESE.short(float(np.cos(0.01))) == "1,000"
    assert PORTUGUESE.short(-0.375) == "\u22120,375"


@given(st.integers(min_value=0, max_value=20))
def test_padded_positions_copy_the_table_then_leave_nan(n):
    table = learned_positions()
    rows = padded_positions(table, n)
    known = min(n, table.shape[0])
    assert rows.shape == (n, table.shape[1])
    np.testing.assert_array_equal(rows[:known], table[:known])
    assert np.isnan(rows[known:]).all()
