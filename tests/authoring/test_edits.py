"""The lesson editor's changes, without Qt: each returns a lesson the file format accepts (it
writes and reads back to the same lesson), a change the file would refuse is refused with the
file's own message, and every kind drafts a question that its kind then answers."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from visualizer.authoring.drafts import DraftError, draft_texts
from visualizer.authoring.edits import (
    Moment,
    duplicate_step,
    insert_step,
    moment_step,
    move_step,
    remove_step,
    with_kind,
    with_moment,
    with_text,
)
from visualizer.core import display_token, toy_vocabulary
from visualizer.languages import LANGUAGES
from visualizer.lesson.file import BUILT_IN_LESSON, LessonError, lesson_text, parse_lesson, read_lesson
from visualizer.lesson.kinds import KINDS
from visualizer.model import EmbeddingModel
from visualizer.shell.lesson_director import check_view_options

LESSON = read_lesson(BUILT_IN_LESSON)
TOKENS = toy_vocabulary().tokens
TWICE = "o gato no muro. no gato"  # ␣no at 3 and 6, ␣gato at 2 and 7


def reread(lesson):
    """The lesson its own file gives back."""
    import json

    return parse_lesson(json.loads(lesson_text(lesson)))


def moment(text="o gato subiu no", scheme="learned", causal=True, view="x_panel", edits=()):
    return Moment(text, scheme, causal, (8, 1), tuple(edits), view, {})


def with_new_step(lesson=LESSON, at=2, **state):
    return insert_step(lesson, at, moment_step(lesson, moment(**state), {"en": "New"}, {"en": "A caption."}))


def test_a_moment_becomes_a_step_that_the_file_reads_back():
    edits = ((2, 0, 1.25), (4, 3, -0.5))
    lesson = with_new_step(at=3, text=TWICE, scheme="sinusoidal", causal=False, view="attention", edits=edits)
    step = lesson.steps[3]
    assert (step.text, step.scheme, step.causal, step.view, step.edits) == (TWICE, "sinusoidal", False,
                                                                              "attention", edits)
    assert step.id not in {other.id for other in LESSON.steps}
    assert [s.id for s in lesson.steps[:3]] == [s.id for s in LESSON.steps[:3]]
    assert reread(lesson) == lesson
    assert lesson_text(reread(lesson)) == lesson_text(lesson)


@pytest.mark.parametrize("text, field", [("zz", "state.text"), ("", "state.text"),
                                         (" gato" * 33, "state.text")])
def test_a_moment_the_file_would_refuse_is_refused_naming_the_field(text, field):
    with pytest.raises(LessonError, match=rf"step 3 \('step-14'\), field '{field}'"):
        with_new_step(text=text)


def test_a_text_is_written_per_language_and_blank_means_the_other_language_shows():
    lesson = with_new_step()
    lesson = with_text(lesson, 2, "title", "pt", "Novo passo")
    assert lesson.steps[2].title == {"en": "New", "pt": "Novo passo"}
    lesson = with_text(lesson, 2, "title", "en", "   ")
    assert lesson.steps[2].title == {"pt": "Novo passo"}
    assert "pt" not in lesson.languages and "en" not in lesson.languages  # one step in Portuguese only
    with pytest.raises(LessonError, match=r"step 3 \('step-14'\), field 'title': needs a text"):
        with_text(lesson, 2, "title", "pt", "")
    markup = "<b>bold</b> & <img src=x>"
    assert with_text(lesson, 2, "caption", "en", markup).steps[2].caption["en"] == markup  # kept as typed


def test_braces_the_kind_does_not_fill_are_refused_with_the_file_s_message():
    lesson = with_kind(with_new_step(), 2, "swap", TOKENS)
    with pytest.raises(LessonError, match=r"field 'question.choices\[0\].text.en': \{zz\} is not a value here"):
        with_text(lesson, 2, "choices.0", "en", "{zz} rows")
    with pytest.raises(LessonError, match=r"field 'question.prompt.pt': \{p\} is not a value here"):
        with_text(lesson, 2, "prompt", "pt", "E as linhas {p}?")
    changed = with_text(lesson, 2, "outcomes.changed", "en", "Rows {p} and {q} change ({with_scheme}).")
    assert changed.steps[2].question.outcomes["changed"]["en"] == "Rows {p} and {q} change ({with_scheme})."
    with pytest.raises(LessonError, match=r"has no text 'outcomes\.nope'"):
        with_text(lesson, 2, "outcomes.nope", "en", "x")


def test_steps_move_duplicate_and_delete_and_a_lesson_keeps_one():
    ids = [step.id for step in LESSON.steps]
    moved = move_step(LESSON, 0, 3)
    assert [step.id for step in moved.steps] == ids[1:4] + ids[:1] + ids[4:]
    doubled = duplicate_step(LESSON, 5)
    copy = doubled.steps[6]
    assert copy.id not in ids and dataclasses.replace(copy, id=LESSON.steps[5].id) == LESSON.steps[5]
    assert remove_step(doubled, 6) == LESSON
    single = dataclasses.replace(LESSON, steps=LESSON.steps[:1])
    with pytest.raises(LessonError, match="at least one step"):
        remove_step(single, 0)
    with pytest.raises(LessonError, match=r"steps 1 \.\. 13, not 14"):
        move_step(LESSON, 13, 0)


# ---- every kind drafts a question its kind answers -----------------------------------------------


SENTENCE_OF = {"swap": "o gato subiu no", "moved_row": "o gato subiu no", "repeated_token": TWICE,
               "sparse_gradient": "o gato"}


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_every_kind_has_a_draft_in_every_language_that_its_views_can_show(kind):
    draft = draft_texts(kind)
    assert set(draft["prompt"]) == set(LANGUAGES)
    for scheme in ("none", "learned", "sinusoidal", "rope", "alibi"):
        for view in ("x_panel", "attention", "lookup_table"):
            lesson = with_kind(with_new_step(text=SENTENCE_OF[kind], scheme=scheme, view=view), 2, kind, TOKENS)
            step = lesson.steps[2]
            assert step.is_question and step.question.kind == kind
            assert all("{" not in prompt for prompt in step.question.prompt.values())  # filled once, now plain
            check_view_options(lesson)  # the view takes the options the draft gave it
            assert reread(lesson) == lesson


@pytest.mark.parametrize("kind, scheme, outcome", [
    ("swap", "none", "moved"), ("swap", "learned", "changed"), ("swap", "rope", "moved-in-attention"),
    ("moved_row", "learned", "added"), ("moved_row", "sinusoidal", "added"), ("moved_row", "none", None),
    ("repeated_token", "none", "same"), ("repeated_token", "learned", "different"),
    ("repeated_token", "alibi", "same"), ("sparse_gradient", "learned", "fewer"),
])
def test_the_kind_answers_the_question_it_drafted(kind, scheme, outcome):
    lesson = with_kind(with_new_step(text=SENTENCE_OF[kind], scheme=scheme, causal=False), 2, kind, TOKENS)
    found = KINDS[kind].find(lesson.steps[2], EmbeddingModel())
    if outcome is None:  # asked so, the choices would print the same numbers: the step says why
        assert found is None and lesson.steps[2].question.unavailable
    else:
        assert found is not None and found[0] == outcome
        right = [c for c in lesson.steps[2].question.choices if outcome in c.right_when]
        assert len(right) == 1


def test_the_prompt_names_the_tokens_on_screen():
    lesson = with_kind(with_new_step(text=TWICE, scheme="learned"), 2, "repeated_token", TOKENS)
    ids = [TOKENS.index(" no")]
    assert lesson.steps[2].question.prompt["en"] == (
        f"With learned positions, {display_token(TOKENS[ids[0]])} stands at positions 3 and 6. "
        "Are its two rows of X the same?")
    swap = with_kind(with_new_step(text="o gato subiu no"), 2, "swap", TOKENS).steps[2]
    assert "␣gato and ␣sub trade places" in swap.question.prompt["en"]
    assert "␣gato e ␣sub trocam de lugar" in swap.question.prompt["pt"]
    assert [(move.source, move.target) for move in swap.reveal.moves] == [(2, 1)]


def test_a_sentence_that_cannot_hold_the_kind_is_refused_with_the_kind_s_reason():
    with pytest.raises(DraftError) as refused:
        with_kind(with_new_step(text="o gato subiu"), 2, "repeated_token", TOKENS)
    assert refused.value.reason == draft_texts("repeated_token")["unavailable"]
    with pytest.raises(DraftError):
        with_kind(with_new_step(text="o"), 2, "swap", TOKENS)
    assert with_kind(with_new_step(text="o"), 2, "sparse_gradient", TOKENS).steps[2].view == "gradient_lab"


def test_a_question_retaken_on_another_moment_keeps_its_texts_and_runs_there():
    lesson = with_kind(with_new_step(text=TWICE), 2, "repeated_token", TOKENS)
    lesson = with_text(lesson, 2, "prompt", "en", "Same rows?")
    retaken = with_moment(lesson, 2, moment(text="o gato no sofá. no", scheme="none"), TOKENS)
    step = retaken.steps[2]
    assert step.question.prompt["en"] == "Same rows?" and step.text == "o gato no sofá. no"
    assert KINDS["repeated_token"].find(step, EmbeddingModel())[0] == "same"
    with pytest.raises(DraftError):
        with_moment(lesson, 2, moment(text="o gato"), TOKENS)
    assert with_kind(retaken, 2, None, TOKENS).steps[2].question is None


# ---- any sequence of changes keeps a lesson the file format accepts ----------------------------------


CHANGES = st.one_of(
    st.tuples(st.just("insert"), st.integers(0, 20), st.sampled_from(["o gato", TWICE, "no sofá.", "zz"]),
              st.sampled_from(["none", "learned", "rope"])),
    st.tuples(st.just("remove"), st.integers(0, 20)),
    st.tuples(st.just("move"), st.integers(0, 20), st.integers(0, 20)),
    st.tuples(st.just("duplicate"), st.integers(0, 20)),
    st.tuples(st.just("text"), st.integers(0, 20), st.sampled_from(["title", "caption", "prompt", "choices.1"]),
              st.sampled_from(list(LANGUAGES)), st.text(max_size=30)),
    st.tuples(st.just("kind"), st.integers(0, 20), st.sampled_from([None, *KINDS])),
)


@settings(max_examples=60)
@given(st.lists(CHANGES, max_size=12))
def test_any_changes_keep_a_lesson_that_writes_and_reads_back(changes):
    lesson = LESSON
    for change in changes:
        name, index, *rest = change
        try:
            if name == "insert":
                text, scheme = rest
                lesson = insert_step(lesson, index, moment_step(lesson, moment(text, scheme), {"pt": "t"}, {"en": "c"}))
            elif name == "remove":
                lesson = remove_step(lesson, index)
            elif name == "move":
                lesson = move_step(lesson, index, rest[0])
            elif name == "duplicate":
                lesson = duplicate_step(lesson, index)
            elif name == "text":
                lesson = with_text(lesson, index, *rest)
            else:
                lesson = with_kind(lesson, index, rest[0], TOKENS)
        except (LessonError, DraftError) as refused:
            assert str(refused)  # a refusal says why; the lesson stays as it was
        assert len(lesson.steps) >= 1
        assert len({step.id for step in lesson.steps}) == len(lesson.steps)
    assert reread(lesson) == lesson
    check_view_options(lesson)


def test_edits_to_E_are_the_step_s_and_its_table_is_the_toy_s_with_them():
    from visualizer.lesson.run import LessonRun

    lesson = with_new_step(edits=((3, 2, 1.75),))
    model = EmbeddingModel()
    model.set_embedding(5, 0, 2.0)  # an edit the class made before: the step's table drops it
    run = LessonRun(lesson, model)
    run.go_to(2)
    expected = np.array(toy_vocabulary().E, dtype=float)
    expected[3, 2] = 1.75
    np.testing.assert_array_equal(model.E, expected)
    run.close()
