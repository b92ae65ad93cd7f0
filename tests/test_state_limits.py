"""One set of limits for edits and files: every state the model accepts is saved and reopened
exactly, and a value the file reader would refuse is refused at the edit, the old value kept."""

from __future__ import annotations

import json
import math
import re
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from visualizer.core import SCHEMES, RopeScaling
from visualizer.core.formatting import CELL_CHARACTERS, ENGLISH, PORTUGUESE
from visualizer.io.session import LessonPlace, SessionError, load_session, parse_session, save_session, session_to_dict
from visualizer.lesson.run import load_lesson
from visualizer.model import (
    E_LIMIT,
    MAX_ALIBI_HEADS,
    MAX_ROPE_FACTOR,
    MAX_TOKENS,
    ROPE_BASE_LIMIT,
    ROPE_SCALINGS,
    EmbeddingModel,
    StateError,
)

STEP_IDS = [step.id for step in load_lesson().steps]
LIMIT_VALUES = [E_LIMIT, -E_LIMIT, np.nextafter(E_LIMIT, 0.0), 5e-324, -5e-324, 2.2250738585072014e-308, -0.0, 0.0,
                1e-300, 0.1, 1 / 3]
# Any float at all, the limits themselves and the values just past them among the examples.
any_float = st.one_of(st.sampled_from([*LIMIT_VALUES, np.nextafter(E_LIMIT, np.inf), 1e98, 2e6, -1e98]),
                      st.floats(allow_nan=True, allow_infinity=True))
entry = st.one_of(st.sampled_from(LIMIT_VALUES), st.floats(-E_LIMIT, E_LIMIT, allow_nan=False))


@st.composite
def commands(draw: st.DrawFn) -> list[tuple[str, tuple[object, ...]]]:
    """What a person can do to the toy model: the window's commands with any arguments (some refused)."""
    steps = []
    for _ in range(draw(st.integers(0, 12))):
        kind = draw(st.sampled_from(["ids", "scheme", "embedding", "base", "scaling", "alibi", "causal"]))
        if kind == "ids":
            args: tuple[object, ...] = (draw(st.lists(st.integers(0, 11), max_size=MAX_TOKENS + 1)),)
        elif kind == "scheme":
            args = (draw(st.sampled_from(SCHEMES)),)
        elif kind == "embedding":
            args = (draw(st.integers(0, 11)), draw(st.integers(0, 3)), draw(st.one_of(entry, any_float)))
        elif kind == "base":
            args = (draw(st.one_of(st.sampled_from([1.0, 10_000.0, 500_000.0, ROPE_BASE_LIMIT, 2 * ROPE_BASE_LIMIT]),
                                   st.floats(0, 2 * ROPE_BASE_LIMIT))),)
        elif kind == "scaling":
            args = (None,) if draw(st.booleans()) else (RopeScaling(
                draw(st.sampled_from(ROPE_SCALINGS)), draw(st.floats(0.5, 2 * MAX_ROPE_FACTOR)),
                draw(st.sampled_from([1, 2048, 10**7]))),)
        elif kind == "alibi":
            heads = draw(st.integers(1, MAX_ALIBI_HEADS + 1))
            args = (heads, draw(st.integers(1, heads + 1)))
        else:
            args = (draw(st.booleans()),)
        steps.append((kind, args))
    return steps


def apply(model: EmbeddingModel, kind: str, args: tuple[object, ...]) -> bool:
    """Run one command; False if the model refused it (then it must have changed nothing)."""
    before = model.state()
    method = {"ids": model.set_ids, "scheme": model.set_scheme, "embedding": model.set_embedding,
              "base": model.set_rope_base, "scaling": model.set_rope_scaling, "alibi": model.set_alibi_heads,
              "causal": model.set_causal}[kind]
    try:
        method(*args)
    except ValueError:
        after = model.state()
        assert (after.ids, after.scheme, after.attention) == (before.ids, before.scheme, before.attention)
        assert after.E is before.E
        return False
    return True


def same_state(a: EmbeddingModel, b: EmbeddingModel) -> None:
    assert (a.ids, a.scheme, a.attention) == (b.ids, b.scheme, b.attention)
    np.testing.assert_array_equal(a.E, b.E)
    assert (np.signbit(a.E) == np.signbit(b.E)).all()  # −0.0 stays −0.0


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(commands(), st.one_of(st.none(), st.builds(LessonPlace, st.sampled_from(STEP_IDS), st.booleans())))
def test_every_state_the_model_accepts_is_saved_and_reopened_exactly(tmp_path_factory, steps, place):
    model = EmbeddingModel()
    for kind, args in steps:
        apply(model, kind, args)
    path = tmp_path_factory.mktemp("round-trip") / "session.json"
    save_session(path, model, place)
    reopened = EmbeddingModel()
    session = load_session(path, reopened)  # never refused
    reopened.restore(session.state)
    same_state(reopened, model)
    assert session.lesson == place
    np.testing.assert_array_equal(reopened.X(), model.X())


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 11), st.integers(0, 3), any_float)
def test_an_edit_is_refused_exactly_when_a_file_would_be(token_id, dim, value):
    model = EmbeddingModel()
    accepted = apply(model, "embedding", (token_id, dim, value))
    data = session_to_dict(EmbeddingModel())
    data["E_edits"] = [[token_id, dim, value]]
    try:
        state = parse_session(json.loads(json.dumps(data)), EmbeddingModel()).state
    except SessionError:
        read = False
    else:
        read = True
        if accepted:
            assert state.E[token_id, dim] == model.E[token_id, dim]
    assert accepted == read == (math.isfinite(value) and abs(value) <= E_LIMIT)


@pytest.mark.parametrize("value, words", [(1e98, "1e+98 is too large"), (2_000_000, "2000000 is too large"),
                                          (float("nan"), "nan is not a finite number"),
                                          (float("-inf"), "-inf is not a finite number")])
def test_a_refused_edit_names_the_value_and_the_limit(value, words):
    model = EmbeddingModel()
    with pytest.raises(StateError, match=re.escape(words)):
        model.set_embedding(1, 0, value)
    assert model.E[1, 0] == model.toy_E[1, 0]


def test_a_file_past_the_limit_says_why(tmp_path):
    path = tmp_path / "s.json"
    data = session_to_dict(EmbeddingModel())
    data["E_edits"] = [[1, 0, 1e98]]
    path.write_text(json.dumps(data))
    with pytest.raises(SessionError, match=r"E\[1, 0\] = 1e\+98 is not a usable number \(1e\+98 is too large"):
        load_session(path, EmbeddingModel())


def test_undo_snapshots_pass_the_same_limits():
    model = EmbeddingModel()
    state = model.state()
    E = np.array(model.E)
    E[0, 0] = 2 * E_LIMIT
    with pytest.raises(StateError, match="too large"):
        model.restore(type(state)(state.ids, state.scheme, E, state.attention))
    assert model.E[0, 0] == model.toy_E[0, 0]


# ---- numbers as a cell shows them ------------------------------------------------------------------


def read_back(text: str) -> float:
    return PORTUGUESE.parse(text) if "," in text or "\u2212" in text else ENGLISH.parse(text)


@settings(max_examples=500, deadline=None)
@given(st.one_of(st.sampled_from([*LIMIT_VALUES, 2_403_830.0, 1e98, 12_345.678, 1234.5678, 999_999.5]),
                 st.floats(-1e300, 1e300)), st.sampled_from([ENGLISH, PORTUGUESE]))
def test_a_cell_prints_any_number_honestly_within_its_width(value, numbers):
    text = numbers.short(value)
    assert len(text.lstrip("-\u2212")) <= CELL_CHARACTERS + 1, text  # never wider than "1,23e−5"
    shown = read_back(text)
    assert (shown == 0) == (value == 0), text  # a value that is not zero never prints as 0
    assert math.isclose(shown, value, rel_tol=0.05, abs_tol=5e-4), text
    assert (shown < 0) == (value < 0) or shown == 0


def test_large_and_small_values_in_scientific_notation():
    assert [ENGLISH.short(v) for v in (1e98, 2e6, 2_403_830, -1e6, 1e-7, 12_345.678)] == [
        "1e98", "2e6", "2.4e6", "-1e6", "1e-7", "1.23e4"]
    assert [PORTUGUESE.short(v) for v in (2_403_830, -1.5e-7)] == ["2,4e6", "\u22121,5e\u22127"]
    assert [ENGLISH.short(v) for v in (123.4567, 1234.5678, 100_000)] == ["123.46", "1234.6", "100000"]
    assert ENGLISH.fixed(4e12, 3) == "4e12" and ENGLISH.fixed(0.54, 3) == "0.540"
    # A cell with the lesson's decimals keeps them while they fit, and is short past that.
    assert [ENGLISH.cell(v, 3) for v in (0.54, 3.14159, 12_345.678, 999_999.841)] == ["0.540", "3.142", "1.23e4", "1e6"]


def test_a_large_edit_shows_in_every_cell_within_its_width(window, qtbot):
    table = window.vocabulary.table_model
    assert table.setData(table.index(1, 2), "1e6")  # E[1, 0]: the limit itself is accepted
    assert table.data(table.index(1, 2)) == "1e6"
    window.x_panel.finish_build()
    texts = [t for row in window.x_panel.lookup.cell_texts() for t in row]
    assert "1e6" in texts and max(len(t) for t in texts) <= CELL_CHARACTERS + 2
    labels = [label for _, label in window.x_panel.colour_bar.axis._tickLevels[0]]
    assert {"-1e6", "0", "1e6"} <= set(labels) and max(map(len, labels)) <= CELL_CHARACTERS + 1


def test_the_session_file_keeps_exact_values(tmp_path: Path):
    model = EmbeddingModel()
    model.set_embedding(1, 0, E_LIMIT)
    model.set_embedding(2, 1, 5e-324)
    path = tmp_path / "s.json"
    save_session(path, model)
    reopened = EmbeddingModel()
    reopened.restore(load_session(path, reopened).state)
    assert reopened.E[1, 0] == E_LIMIT and reopened.E[2, 1] == 5e-324
