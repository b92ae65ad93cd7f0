"""The check-yourself questions' choices: the right one and every number computed from the state.

Numbers come from SPEC.md (tests/spec.py); the states are the lesson's, an edited E, and steps
whose data ask the experiment on another sentence or scheme.
"""

from __future__ import annotations

import re
from dataclasses import replace

import numpy as np
import pytest

from tests import spec
from visualizer.lesson.kinds.sparse_gradient import LESSON_BATCH, LESSON_SEED, rows_touched, sparse_gradient_outcome
from visualizer.lesson.questions import Question, Unavailable, question_for
from visualizer.lesson.run import LessonRun, load_lesson
from visualizer.model import EmbeddingModel

LESSON = load_lesson()
STEPS = {step.id: step for step in LESSON.steps}


def row_text(vector, language: str = "en") -> str:
    """A row as the lesson writes it: [1.5, -0.5, …] / [1,5; −0,5; …] (round values short)."""
    def number(value: float) -> str:
        text = f"{value:g}"
        return text if language == "en" else text.replace("-", "\u2212").replace(".", ",")

    return "[" + ("; " if language == "pt" else ", ").join(number(v) for v in vector) + "]"


def numbers_in(text: str) -> list[float]:
    return [float(n) for n in re.findall(r"-?\d+(?:\.\d+)?", text)]


def by_key(question: Question) -> dict[str, int]:
    return {choice.key: index for index, choice in enumerate(question.choices)}


def right_key(question: Question) -> str:
    return question.choices[question.right].key


def test_every_question_step_of_the_lesson_has_three_to_five_choices_in_both_languages():
    asked = [step for step in LESSON.steps if step.is_question]
    assert {s.id for s in asked} == {"swap-none", "swap-learned", "batch-question"}
    for step in asked:
        question = question_for(step, EmbeddingModel())
        assert isinstance(question, Question), step.id
        assert 3 <= len(question.choices) <= 5
        assert question.prompt == step.question.prompt
        for choice in question.choices:
            for language in ("en", "pt"):
                assert choice.text[language] and choice.why[language] and "{" not in choice.text[language]
        texts = [choice.text["en"] for choice in question.choices]
        assert len(set(texts)) == len(texts)  # no two choices read the same


def test_steps_without_a_question_have_no_choices():
    for step in LESSON.steps:
        if not step.is_question:
            assert question_for(step, EmbeddingModel()) is None
    assert question_for(None, EmbeddingModel()) is None


def test_swap_without_positions_rows_only_trade_places():
    question = question_for(STEPS["swap-none"], EmbeddingModel())
    assert isinstance(question, Question)
    assert right_key(question) == "rows-trade"
    assert "Rows 2 and 3" in question.choices[question.right].text["en"]
    assert "As linhas 2 e 3" in question.choices[question.right].text["pt"]


def test_swap_with_learned_positions_the_choices_are_the_lessons_rows():
    question = question_for(STEPS["swap-learned"], EmbeddingModel())
    assert isinstance(question, Question)
    keys = by_key(question)
    gato = spec.IDS.index(2)  # ␣gato's position (0-based) in the worked example
    for language in ("en", "pt"):
        texts = {key: question.choices[index].text[language] for key, index in keys.items()}
        assert texts["new-row"] == row_text(spec.GATO_AT_3_LEARNED, language)
        assert texts["old-row"] == row_text(spec.X_LEARNED[gato], language)
        assert texts["own-row"] == row_text(spec.E[2], language)
        assert texts["place-row"] == row_text(spec.X_LEARNED[gato + 1], language)
    assert right_key(question) == "new-row"
    assert row_text(spec.GATO_AT_3_LEARNED) in question.explanation["en"]
    assert "␣gato" in question.choices[keys["old-row"]].why["en"]


def test_the_right_choice_is_what_the_reveal_then_shows_even_after_the_class_changed_the_sentence():
    """The reveal runs the step's own experiment (LessonRun puts the step's sentence and scheme
    back): the poll asks about that, so its right choice is what the class then sees."""
    model = EmbeddingModel()
    run = LessonRun(LESSON, model)
    index = [s.id for s in LESSON.steps].index("swap-learned")
    run.go_to(index)
    model.set_text("o cão subiu no telhado")  # the class played with the sentence and scheme
    model.set_scheme("sinusoidal")
    question = question_for(run.current_step(), model)
    assert isinstance(question, Question)
    run.reveal()
    gato_now = model.ids.index(2)
    assert question.choices[question.right].text["en"] == row_text(model.X()[gato_now])

    run.go_to(index - 1)  # swap-none
    model.set_scheme("learned")
    question = question_for(run.current_step(), model)
    run.reveal()
    explained = run.explained()
    assert isinstance(explained, tuple)
    assert explained[0].startswith("moved") == (right_key(question) == "rows-trade")


def test_an_edited_embedding_row_changes_the_numbers_of_the_choices():
    model = EmbeddingModel()
    model.set_embedding(2, 0, 2.0)  # ␣gato's first number: 1 → 2
    question = question_for(STEPS["swap-learned"], model)
    assert isinstance(question, Question)
    keys = by_key(question)
    P = np.array(spec.P)
    E_gato = np.array(spec.E[2], dtype=float)
    E_gato[0] = 2.0
    assert question.choices[keys["new-row"]].text["en"] == row_text(E_gato + P[2])
    assert question.choices[keys["old-row"]].text["en"] == row_text(E_gato + P[1])
    assert question.choices[keys["own-row"]].text["en"] == row_text(E_gato)
    assert right_key(question) == "new-row"


def test_the_swap_asked_under_learned_positions_makes_their_numbers_change_right():
    step = replace(STEPS["swap-none"], scheme="learned")
    question = question_for(step, EmbeddingModel())
    assert isinstance(question, Question) and right_key(question) == "rows-change"
    assert "With learned positions" in question.explanation["en"]
    assert "Com posições aprendidas" in question.explanation["pt"]


@pytest.mark.parametrize("scheme", ["none", "learned", "rope"])
def test_swapping_two_equal_tokens_changes_nothing(scheme):
    step = replace(STEPS["swap-none"], text="o gato gato no", scheme=scheme)
    question = question_for(step, EmbeddingModel())
    assert isinstance(question, Question) and right_key(question) == "nothing"


@pytest.mark.parametrize("scheme", ["rope", "alibi"])
def test_schemes_that_add_nothing_to_x_keep_the_rows(scheme):
    question = question_for(replace(STEPS["swap-none"], scheme=scheme), EmbeddingModel())
    assert isinstance(question, Question) and right_key(question) == "rows-trade"


def test_a_sentence_too_short_for_the_swap_says_it_needs_the_lessons_sentence():
    step = replace(STEPS["swap-none"], text="o gato")
    question = question_for(step, EmbeddingModel())
    assert isinstance(question, Unavailable)
    assert "lesson's sentence" in question.reason["en"] and "frase da lição" in question.reason["pt"]
    assert question.prompt == step.question.prompt


def test_the_row_question_without_positions_says_it_needs_them():
    """With nothing added, the new row, the old row and E[2] are one vector: no choice to make."""
    for scheme in ("none", "rope", "alibi"):
        question = question_for(replace(STEPS["swap-learned"], scheme=scheme), EmbeddingModel())
        assert isinstance(question, Unavailable), scheme
        assert "needs positions added" in question.reason["en"]


def test_the_row_question_under_sinusoidal_positions_quotes_the_sinusoidal_rows():
    question = question_for(replace(STEPS["swap-learned"], scheme="sinusoidal"), EmbeddingModel())
    assert isinstance(question, Question) and right_key(question) == "new-row"
    expected = np.array(spec.E[2]) + np.array(spec.SINUSOIDAL[2])  # position 3 is t = 2
    got = numbers_in(question.choices[question.right].text["en"])
    assert np.allclose(got, expected, atol=1.5e-3)
    assert "With sinusoidal positions" in question.explanation["en"]


def test_the_batch_question_at_the_lessons_scale():
    question = question_for(STEPS["batch-question"], EmbeddingModel())
    assert isinstance(question, Question)
    assert right_key(question) == "at-most"
    texts = {choice.key: choice.text for choice in question.choices}
    assert f"{spec.GPT2_V:,}" in texts["all"]["en"] and f"{spec.GPT2_V:,}".replace(",", ".") in texts["all"]["pt"]
    assert f"{LESSON_BATCH:,}" in texts["exactly"]["en"] and f"{LESSON_BATCH:,}" in texts["at-most"]["en"]
    touched = rows_touched(spec.GPT2_V, LESSON_BATCH)
    assert 0 < touched < LESSON_BATCH
    assert f"touches {touched:,} of the {spec.GPT2_V:,} rows" in question.explanation["en"]


def test_the_batch_question_ignores_the_toy_sentence_and_scheme():
    model = EmbeddingModel()
    before = question_for(STEPS["batch-question"], model)
    model.set_text("o cão")
    model.set_scheme("none")
    assert question_for(STEPS["batch-question"], model) == before


def test_rows_touched_is_the_count_the_reveals_race_reports(qapp):
    """The real-scale race (the batch question's reveal) draws its batch the same way."""
    from visualizer.lab.real_scale import DEFAULT_BATCH, GradientRace

    assert DEFAULT_BATCH == LESSON_BATCH
    race = GradientRace(V=3000, d=4, batch=LESSON_BATCH, seed=LESSON_SEED)
    reported = []
    race.finished.connect(reported.append)
    race.run()
    assert reported[0]["rows_touched"] == rows_touched(3000, LESSON_BATCH)


@pytest.mark.parametrize(("V", "batch", "outcome"), [(12, LESSON_BATCH, "all"), (50_257, 1, "exactly"),
                                                     (3000, LESSON_BATCH, "fewer"), (50_257, 4000, "fewer")])
def test_the_batch_outcome_follows_the_sizes(V, batch, outcome):
    found, values = sparse_gradient_outcome(V, batch)
    assert found == outcome
    assert values["V"]["en"] == f"{V:,}" and values["batch"]["en"] == f"{batch:,}"
    touched = int(values["touched"]["en"].replace(",", ""))
    assert touched <= min(V, batch)


# ---- one token twice (a kind the lesson editor offers; the app's lesson asks none) ----------------


def repeated_token_step(text: str, scheme: str):
    """A step of the app's lesson made a question of kind ``repeated_token`` by its draft."""
    from visualizer.authoring.edits import with_kind

    index = [step.id for step in LESSON.steps].index("positions")
    step = replace(LESSON.steps[index], text=text, scheme=scheme)
    lesson = replace(LESSON, steps=(*LESSON.steps[:index], step, *LESSON.steps[index + 1:]))
    return with_kind(lesson, index, "repeated_token", EmbeddingModel().tokens).steps[index]


@pytest.mark.parametrize("scheme, outcome", [("none", "same"), ("rope", "same"), ("alibi", "same"),
                                             ("learned", "different"), ("sinusoidal", "different")])
def test_one_token_twice_has_equal_rows_only_when_nothing_is_added(scheme, outcome):
    step = repeated_token_step("o gato no muro. no gato", scheme)
    question = question_for(step, EmbeddingModel())
    assert isinstance(question, Question)
    assert right_key(question) == outcome
    model = EmbeddingModel(text="o gato no muro. no gato", scheme=scheme)
    X = np.array(model.X())
    assert np.array_equal(X[2], X[5]) == (outcome == "same")  # ␣no at positions 3 and 6
    if scheme == "learned":  # the row at each place is E[1] + that place's vector: the choice quotes both
        why = question.choices[question.right].why["en"]
        assert row_text(X[2]) in why and row_text(X[5]) in why


def test_one_token_twice_explains_the_sentence_on_screen_and_withdraws_without_a_repeat():
    from visualizer.lesson.kinds import KINDS
    from visualizer.lesson.kinds.base import Withdrawn

    kind = KINDS["repeated_token"]
    step = repeated_token_step("o gato no muro. no gato", "learned")
    model = EmbeddingModel(text="o gato no muro. no gato", scheme="learned")
    assert kind.explain(step, model, None)[0] == "different"
    model.set_scheme("none")  # the teacher changes the scheme under the answer: it follows
    outcome, values = kind.explain(step, model, None)
    assert outcome == "same" and values["p"]["en"] == "3" and values["q"]["en"] == "6"
    model.set_text("o gato subiu no telhado. no gato")  # another sentence, ␣no twice first: explained too
    outcome, values = kind.explain(step, model, None)
    assert (outcome, values["token"]["en"], values["p"]["en"], values["q"]["en"]) == ("same", "␣no", "5", "8")
    model.set_text("o gato subiu")
    assert kind.explain(step, model, None) == Withdrawn("sentence")
    assert question_for(replace(step, text="o gato subiu"), EmbeddingModel()).__class__ is Unavailable


def test_one_token_twice_in_the_handout_key(qapp):
    from visualizer.handout.content import _Writer
    from visualizer.lesson.kinds import KINDS

    writer = _Writer(lambda context, text: text, "en")
    model = EmbeddingModel()
    different = KINDS["repeated_token"].key(repeated_token_step("o gato no muro. no gato", "learned"), model, writer)
    X = np.array(EmbeddingModel(text="o gato no muro. no gato", scheme="learned").X())

    def printed(row):  # the handout prints a minus sign
        return row_text(row).replace("-", "\u2212")

    assert different.startswith("Different:") and printed(X[2]) in different and printed(X[5]) in different
    same = KINDS["repeated_token"].key(repeated_token_step("o gato no muro. no gato", "none"), model, writer)
    assert same.startswith("The same:") and printed(model.E[1]) in same
