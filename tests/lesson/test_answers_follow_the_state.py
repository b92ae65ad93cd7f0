"""Whatever the teacher does under a revealed answer, the answer tells the truth about the state on
screen (issue 29): random states (scheme, mask, edits of E, another sentence, a dragged token) are
put under every revealed answer of the lesson, and each claim of its text is checked against a
computation of this file's own, from SPEC.md's tables: which outcome, which rows and positions, which
numbers. Where the tokens on screen are not the experiment's, the answer must be withdrawn.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from tests import spec
from visualizer.appearance import NUMBER_FORMATS
from visualizer.lesson.kinds.base import Waiting, Withdrawn
from visualizer.lesson.run import LessonRun, load_lesson
from visualizer.model import EmbeddingModel

LESSON = load_lesson()
QUESTIONS = {step.id: index for index, step in enumerate(LESSON.steps) if step.is_question}
SCHEMES = ("none", "learned", "sinusoidal", "rope", "alibi")
HALVES = (-1.5, -1.0, -0.5, 0.0, 0.5, 1.0, 1.5, 2.0)
"""Edits of E in halves: sums of the toy's tables stay exact, as the lesson writes them."""
TOLERANCE = 1e-9


# ---- this file's own computation, from SPEC.md ----------------------------------------------------


def positions_added(scheme: str, n: int, d: int) -> np.ndarray | None:
    """What the scheme adds to row t (t from 1): P_t (learned), PE(t − 1) (sinusoidal), or nothing."""
    if scheme == "learned":
        table = np.array(spec.P, dtype=float)
        return np.vstack([table, np.full((max(0, n - len(table)), d), np.nan)])[:n]
    if scheme == "sinusoidal":
        t = np.arange(n)[:, None]
        rates = 10000.0 ** (-(np.arange(0, d, 2)) / d)
        table = np.empty((n, d))
        table[:, 0::2], table[:, 1::2] = np.sin(t * rates), np.cos(t * rates)
        return table
    return None


def x_of(E: np.ndarray, ids: list[int], scheme: str) -> np.ndarray:
    rows = E[ids]
    added = positions_added(scheme, len(ids), E.shape[1])
    return rows if added is None else rows + added


def head_outputs(X: np.ndarray, scheme: str, causal: bool) -> np.ndarray:
    """One head with q = k = v = x: RoPE turns position t (from 1) by (t − 1)·θ_i on pairs (2i, 2i+1);
    ALiBi adds −m·|i − j| with m = 2^(−8h/H), h = 1 of H = 8; the mask hides later keys."""
    n, d = X.shape
    q = X.copy()
    if scheme == "rope":
        theta = 10000.0 ** (-np.arange(0, d, 2) / d)
        angles = np.arange(n)[:, None] * theta
        even, odd = X[:, 0::2], X[:, 1::2]
        q[:, 0::2] = even * np.cos(angles) - odd * np.sin(angles)
        q[:, 1::2] = even * np.sin(angles) + odd * np.cos(angles)
    scores = q @ q.T / math.sqrt(d)
    if scheme == "alibi":
        i, j = np.indices((n, n))
        scores = scores - 2.0 ** (-8 * 1 / 8) * np.abs(i - j)
    if causal:
        scores = np.where(np.triu(np.ones((n, n), dtype=bool), 1), -np.inf, scores)
    weights = np.exp(scores - scores.max(axis=1, keepdims=True))
    return (weights / weights.sum(axis=1, keepdims=True)) @ X


def number(value: float, language: str) -> str:
    """A number as the lesson writes it: short when it is round at two places, else three places."""
    fmt = NUMBER_FORMATS[language]
    if value != 0 and abs(value) < 0.0005:
        # Too small for three places: never "-0.000", a 0 that claims it is zero, but the notation
        # the app writes such values in (docs/features.md: 1e-7). Hypothesis found it: E[2, 3] = −1 under PE(2).
        return fmt.scientific(value)
    text = f"{value:g}" if abs(value - round(value, 2)) <= TOLERANCE else f"{value:.3f}"
    return text.replace("-", fmt.minus).replace(".", fmt.decimal)


def row(vector: np.ndarray, language: str) -> str:
    return "[" + ("; " if language == "pt" else ", ").join(number(float(v), language) for v in vector) + "]"


def shown(token_id: int) -> str:
    return spec.TOKENS[token_id].replace(" ", "␣", 1) if spec.TOKENS[token_id].startswith(" ") else spec.TOKENS[
        token_id]


def listed(positions: list[int], language: str) -> str:
    names = [str(p + 1) for p in positions]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + (" e " if language == "pt" else " and ") + names[-1]


# ---- the random states ------------------------------------------------------------------------------

STATES = st.fixed_dictionaries({
    "scheme": st.sampled_from(SCHEMES),
    "causal": st.booleans(),
    "edits": st.lists(st.tuples(st.integers(0, 11), st.integers(0, 3), st.sampled_from(HALVES)), max_size=4),
    "sentence": st.one_of(st.none(), st.lists(st.integers(0, 11), min_size=3, max_size=9)),
    "drag": st.one_of(st.none(), st.tuples(st.integers(0, 4), st.integers(0, 4))),
})


def revealed_under(step_id: str, state: dict) -> tuple[LessonRun, EmbeddingModel]:
    model = EmbeddingModel()
    run = LessonRun(LESSON, model)
    run.go_to(QUESTIONS[step_id])
    run.reveal()
    model.set_scheme(state["scheme"])
    model.set_causal(state["causal"])
    for token_id, column, value in state["edits"]:
        model.set_embedding(token_id, column, value)
    if state["sentence"] is not None:
        model.set_ids(state["sentence"])
    if state["drag"] is not None and max(state["drag"]) < model.n:
        model.move_token(*state["drag"])
    return run, model


def expected_text(step_id: str, outcome: str, values: dict[str, str], language: str) -> str:
    question = LESSON.steps[QUESTIONS[step_id]].question
    assert question is not None
    return question.outcomes[outcome][language].format(**values)


def phrase(scheme: str, language: str) -> str:
    return LESSON.scheme_phrases[scheme][language]


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(state=STATES)
# ␣sub's row made ␣gato's: the swap leaves X as it was (the one outcome random edits rarely reach).
@example(state={"scheme": "learned", "causal": True, "edits": [(4, 0, 1.0), (4, 1, -0.5)], "sentence": None,
                "drag": None})
@example(state={"scheme": "none", "causal": True, "edits": [], "sentence": None, "drag": None})  # the mask
def test_the_swap_answer_follows_the_state_on_screen(state):
    run, model = revealed_under("swap-none", state)
    step = run.current_step()
    assert step is not None and step.text == spec.SENTENCE
    before = list(spec.IDS)
    after = [*before[:1], before[2], before[1], *before[3:]]  # the reveal trades positions 2 and 3
    explained = run.explained()
    if list(model.ids) != after:
        assert explained == Withdrawn("sentence") and run.answer("en") is None and run.withdrawn()
        return
    E = np.array(model.E)
    X_before, X_after = x_of(E, before, model.scheme), x_of(E, after, model.scheme)
    order = [0, 2, 1, 3, 4]
    changed_rows = [p for p in range(len(after)) if not any(
        before[q] == after[p] and np.array_equal(X_before[q], X_after[p]) for q in range(len(before)))]
    out_before = head_outputs(X_before, model.scheme, model.attention.causal)
    out_after = head_outputs(X_after, model.scheme, model.attention.causal)
    changed_outputs = [p for p in range(len(after)) if not np.allclose(out_after[p], out_before[order[p]],
                                                                       atol=TOLERANCE, rtol=0)]
    if np.array_equal(X_before, X_after):
        outcome = "identical"
    elif changed_rows:
        outcome = "changed"
    elif not changed_outputs:
        outcome = "moved"
    else:
        outcome = "moved-in-attention" if model.scheme in ("rope", "alibi") else "moved-masked"
    assert isinstance(explained, tuple) and explained[0] == outcome
    for language in ("en", "pt"):
        values = {"p": "2", "q": "3", "a": shown(before[1]), "b": shown(before[2]),
                  "outputs": listed(changed_outputs, language) if changed_outputs else "",
                  "with_scheme": phrase(model.scheme, language)}
        assert run.answer(language) == expected_text("swap-none", outcome, values, language)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(state=STATES)
@example(state={"scheme": "sinusoidal", "causal": False, "edits": [(2, 3, -1.0)], "sentence": None, "drag": None})
def test_the_moved_row_answer_follows_the_state_on_screen(state):
    run, model = revealed_under("swap-learned", state)
    before = list(spec.IDS)
    after = [*before[:1], before[2], before[1], *before[3:]]  # ␣gato moves from position 2 to 3
    explained = run.explained()
    if list(model.ids) != after:
        assert explained == Withdrawn("sentence") and run.answer("pt") is None
        return
    E = np.array(model.E)
    X_before, X_after = x_of(E, before, model.scheme), x_of(E, after, model.scheme)
    gato = before[1]
    own, new_row = E[gato], X_after[2]
    outcome = "carried" if np.array_equal(new_row, own) else "added"
    assert isinstance(explained, tuple) and explained[0] == outcome
    added_name = {"sinusoidal": "PE(2)"}.get(model.scheme, "P₃")
    for language in ("en", "pt"):
        values = {"token": shown(gato), "id": str(gato), "from": "2", "to": "3", "other": shown(before[2]),
                  "other_id": str(before[2]), "new_row": row(new_row, language), "old_row": row(X_before[1], language),
                  "own_row": row(own, language), "place_row": row(X_before[2], language),
                  "added_row": row(new_row - own, language), "added_name": added_name,
                  "with_scheme": phrase(model.scheme, language)}
        assert run.answer(language) == expected_text("swap-learned", outcome, values, language)


@settings(max_examples=60, deadline=None)
@given(V=st.integers(2, 60_000), batch=st.integers(1, 5_000), touched=st.integers(1, 5_000))
def test_the_batch_answer_is_the_measurement_on_screen(V, batch, touched):
    touched = min(touched, V, batch)
    model = EmbeddingModel()
    run = LessonRun(LESSON, model)
    run.go_to(QUESTIONS["batch-question"])
    run.reveal()
    assert isinstance(run.explained(), Waiting) and run.answer("en") is None  # measuring: no answer yet
    run.outcome_sink()({"V": V, "d": 64, "batch": batch, "rows_touched": touched})
    outcome = "all" if touched == V else "exactly" if touched == batch else "fewer"
    for language in ("en", "pt"):
        grouped = NUMBER_FORMATS[language].thousands
        values = {name: f"{value:,}".replace(",", grouped) for name, value in
                  (("V", V), ("batch", batch), ("touched", touched))}
        assert run.answer(language) == expected_text("batch-question", outcome, values, language)


@pytest.mark.parametrize("step_id", sorted(QUESTIONS))
def test_withdrawn_answer_comes_back_with_a_second_reveal(step_id):
    run, _ = revealed_under(step_id, {"scheme": LESSON.steps[QUESTIONS[step_id]].scheme, "causal": True,
                                      "edits": [], "sentence": [0, 2, 4, 5, 6], "drag": None})
    if step_id == "batch-question":  # its answer is the race's, not the sentence's
        assert not run.withdrawn()
        return
    assert run.withdrawn() and run.answer("en") is None
    run.reveal()  # the step's sentence put back, the experiment run again
    assert not run.withdrawn() and run.answer("en")
