"""The shared model: commands validate, change, then emit; failures change nothing."""

import numpy as np
import pytest

from tests import spec
from visualizer.core import TokenizeError, embed
from visualizer.model import MAX_TOKENS, EmbeddingModel


def test_starts_on_the_lesson_sentence_with_learned_positions(model):
    assert model.ids == tuple(spec.IDS)
    assert model.scheme == "learned"
    np.testing.assert_allclose(model.X(), np.array(spec.X_LEARNED), atol=1e-9)
    np.testing.assert_array_equal(model.P_rows(), np.array(spec.P[:5]))
    np.testing.assert_array_equal(model.E_rows(), np.array(spec.E)[spec.IDS])


def test_arrays_handed_out_are_read_only(model):
    for array in (model.E, model.P, model.X(), model.E_rows(), model.P_rows()):
        with pytest.raises(ValueError):
            array[0, 0] = 1.0


def test_move_token_swaps_and_emits_once(model):
    events = []
    model.events.x_changed.connect(lambda: events.append("x"))
    model.events.tokens_changed.connect(lambda: events.append("tokens"))
    model.move_token(1, 2)
    assert model.ids == tuple(spec.IDS_SUB_BEFORE_GATO)
    assert events == ["tokens", "x"]
    np.testing.assert_allclose(model.X()[2], spec.GATO_AT_3_LEARNED, atol=1e-9)


def test_swap_without_positions_only_swaps_rows(model):
    model.set_scheme("none")
    before = model.X().copy()
    model.move_token(1, 2)
    np.testing.assert_array_equal(model.X(), before[[0, 2, 1, 3, 4]])


def test_insert_and_remove(model):
    model.insert_token(5, 10)
    assert model.ids == (0, 2, 4, 5, 1, 10)
    model.remove_token(0)
    assert model.ids == (2, 4, 5, 1, 10)
    assert model.text == " gato subiu no."


def test_set_embedding_changes_X_and_only_E(model):
    model.set_embedding(2, 0, 2.0)
    assert model.E[2, 0] == 2.0
    assert model.X()[1, 0] == 2.5
    np.testing.assert_allclose(model.X(), embed(model.ids, model.E, "learned"), atol=1e-12)


@pytest.mark.parametrize(
    ("command", "error"),
    [
        (lambda m: m.set_text("o gato voou"), TokenizeError),
        (lambda m: m.set_scheme("absolute"), ValueError),
        (lambda m: m.set_embedding(0, 0, float("nan")), ValueError),
        (lambda m: m.set_embedding(0, 0, float("inf")), ValueError),
        (lambda m: m.set_embedding(0, 0, "abc"), ValueError),
        (lambda m: m.set_embedding(12, 0, 1.0), ValueError),
        (lambda m: m.set_embedding(0, 4, 1.0), ValueError),
        (lambda m: m.move_token(0, 5), IndexError),
        (lambda m: m.remove_token(7), IndexError),
        (lambda m: m.insert_token(0, 12), ValueError),
        (lambda m: m.insert_token(9, 0), IndexError),
        (lambda m: m.set_ids([0] * (MAX_TOKENS + 1)), ValueError),
    ],
)
def test_a_refused_command_changes_nothing_and_emits_nothing(model, command, error):
    before = model.state()
    emitted = []
    model.events.x_changed.connect(lambda: emitted.append(1))
    model.events.edited.connect(lambda *a: emitted.append(2))
    with pytest.raises(error):
        command(model)
    after = model.state()
    assert (after.ids, after.scheme) == (before.ids, before.scheme)
    np.testing.assert_array_equal(after.E, before.E)
    assert emitted == []


def test_ninth_token_under_learned_has_no_P_row_and_is_marked(model):
    model.set_ids([0, 2, 4, 5, 1, 10, 3, 7, 9])
    assert model.beyond_trained_length() == [8]
    assert np.isnan(model.P_rows()[8]).all() and np.isnan(model.X()[8]).all()
    np.testing.assert_allclose(model.X()[:8], embed(model.ids[:8], model.E, "learned"), atol=1e-12)
    model.set_scheme("sinusoidal")
    assert model.beyond_trained_length() == []
    assert np.isfinite(model.X()).all()


def test_restore_puts_back_a_snapshot_without_recording_an_edit(model):
    start = model.state()
    edits = []
    model.events.edited.connect(lambda *a: edits.append(a))
    model.move_token(0, 4)
    model.set_scheme("rope")
    assert len(edits) == 2
    model.restore(start)
    assert model.ids == tuple(spec.IDS) and model.scheme == "learned"
    assert len(edits) == 2


def test_highlight_is_shared_state_and_clears_when_position_disappears(model, highlight):
    seen = []
    highlight.changed.connect(seen.append)
    highlight.set_position(4)
    model.remove_token(4)
    assert highlight.position is None
    assert seen == [4, None]


def test_a_closed_highlight_no_longer_follows_the_model(model, highlight):
    highlight.set_position(4)
    highlight.close()
    highlight.close()  # idempotent, as the window's teardown may run twice
    model.remove_token(4)
    assert highlight.position == 4 and len(model.events.tokens_changed) == 0


def test_empty_sentence_is_allowed():
    model = EmbeddingModel(text="")
    assert model.n == 0 and model.X().shape == (0, 4)
