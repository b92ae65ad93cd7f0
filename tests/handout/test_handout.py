"""The handout's content without Qt: every number computed from the model, the answers from
experiments on a copy of it, the lesson's questions from the lesson file."""

import re
from dataclasses import replace

import numpy as np
import pytest

from tests import spec
from visualizer.handout.content import build_handout, rope_example
from visualizer.handout.paper import default_paper
from visualizer.lesson.kinds.base import as_asked
from visualizer.lesson.kinds.sparse_gradient import LESSON_BATCH, LESSON_SEED
from visualizer.lesson.run import load_lesson
from visualizer.model import EmbeddingModel


def printed(value: float, language: str) -> str:
    """A round number as the handout prints it, written here without the app: −0,5 / −0.5."""
    text = f"{value:g}".replace("-", "−")
    return text.replace(".", ",") if language == "pt" else text


def plain(html: str) -> str:
    """The text of the handout's markup: cells and paragraphs apart, other tags dropped, entities read."""
    import html as markup

    spaced = re.sub(r"</(td|th|p|tr|li)>", " ", html)
    return re.sub(r"\s+", " ", markup.unescape(re.sub(r"<[^>]+>", "", spaced)))


def text_of(handout, part: str = "student") -> str:
    return " ".join(plain(block.html) for block in getattr(handout, part))


@pytest.fixture(scope="module")
def lesson():
    return load_lesson()


@pytest.mark.parametrize("language", ["en", "pt"])
def test_the_student_pages_hold_the_sentence_ids_and_every_number_of_X(language, lesson):
    text = text_of(build_handout(EmbeddingModel(), language, lesson=lesson))
    separator = "; " if language == "pt" else ", "
    assert spec.SENTENCE in text
    assert "[" + ", ".join(map(str, spec.IDS)) + "]" in text
    for row in spec.X_LEARNED:  # each x_t written as a vector in the worked table …
        assert "[" + separator.join(printed(v, language) for v in row) + "]" in text
    for p, i in enumerate(spec.IDS):  # … and the rows of E the ids pick
        assert "[" + separator.join(printed(v, language) for v in spec.E[i]) + "]" in text
        assert "[" + separator.join(printed(v, language) for v in spec.P[p]) + "]" in text
    other = "0.5" if language == "pt" else "0,5"
    assert other not in text and "-0" not in text  # one number format, with a true minus sign


def test_the_matrix_block_holds_X_entry_by_entry_in_the_lesson_s_notation(lesson):
    handout = build_handout(EmbeddingModel(), "pt", lesson=lesson)
    matrix = next(block.html for block in handout.student if "left-bracket" in block.html)
    entries = re.findall(r"<td class='entry'>(.*?)</td>", matrix)
    assert entries == [printed(v, "pt") for row in spec.X_LEARNED for v in row]
    worked = next(block.html for block in handout.student if "<i>P</i><sub>t</sub></th><th>" in block.html)
    assert "<i>x</i><sub>t</sub> = <i>E</i>[<i>i</i><sub>t</sub>] + <i>P</i><sub>t</sub>" in worked


def test_sinusoidal_says_s_from_0_and_prints_the_lesson_s_three_decimals(lesson):
    text = text_of(build_handout(EmbeddingModel(text="o gato subiu", scheme="sinusoidal"), "en", lesson=lesson))
    # One notation, the stage's: the token at position t (from 1) gets PE(s), s = t − 1 counted from 0;
    # no "p" left over, and t never counted from 0.
    assert "s counted from 0" in text and "s = t − 1" in text and "PE(t − 1)" in text and "PE(p" not in text
    assert "t counted from 0" not in text
    for t, row in enumerate(spec.SINUSOIDAL):
        assert "[" + ", ".join(f"{v:.3f}" if t else f"{v:g}" for v in row).replace("-", "−") + "]" in text


@pytest.mark.parametrize("scheme", ["none", "rope", "alibi"])
def test_a_scheme_that_adds_nothing_gives_its_rule_and_X_is_E_of_ids(scheme, lesson):
    handout = build_handout(EmbeddingModel(scheme=scheme), "en", lesson=lesson)
    text = text_of(handout)
    assert "xt = E[it]" in text
    rows = re.findall(r"<b>(\[[^<]*\])</b>", next(b.html for b in handout.student if "4. X, row by row" in b.html))
    assert rows == ["[" + ", ".join(printed(v, "en") for v in spec.E[i]) + "]" for i in spec.IDS]


def test_the_rope_example_is_computed():
    scores = {(m, n): round(score, 3) for m, n, _, score in rope_example()}
    assert scores == spec.ROPE_SCORES
    text = text_of(build_handout(EmbeddingModel(), "en"))
    for (m, n), score in spec.ROPE_SCORES.items():
        assert f"({m}, {n}) {m - n}" in text
        assert f"{score:.3f}" in text
    assert f"θ = {spec.ROPE_THETA:g}" in text


def test_each_question_of_the_lesson_is_asked_and_answered_once(lesson):
    questions = [step for step in lesson.steps if step.question is not None]
    assert questions, "the lesson has check-yourself questions"
    for language in ("en", "pt"):
        handout = build_handout(EmbeddingModel(), language, lesson=lesson)
        asked = [block for block in handout.student if block.kind == "question"]
        assert len(asked) == len(questions)
        teacher = text_of(handout, "teacher")
        for block, step in zip(asked, questions, strict=True):
            assert plain(step.question.prompt[language]) in plain(block.html)
            assert teacher.count(plain(step.question.prompt[language])) == 1
        assert "go to step" not in teacher and "vá à etapa" not in teacher  # every answer computed here


def test_the_swap_answers_come_from_experiments_on_a_copy(lesson):
    model = EmbeddingModel()
    swap = lesson.steps[lesson.index_of("swap-none")]
    assert swap.text == spec.SENTENCE
    without = as_asked(replace(swap, scheme="none"), model)
    assert without is not None and sorted(without.moves[0]) == [1, 2]
    assert without.moved_rows() == [1, 2] and without.changed_rows() == []
    np.testing.assert_array_equal(without.X_after[1], spec.E[spec.IDS[2]])
    learned = as_asked(replace(swap, scheme="learned"), model)
    assert learned is not None
    np.testing.assert_allclose(learned.X_after[2], spec.GATO_AT_3_LEARNED)
    assert learned.changed_rows() == [1, 2]
    assert model.ids == tuple(spec.IDS) and model.scheme == "learned"  # the model itself is untouched
    teacher = text_of(build_handout(model, "pt"), "teacher")
    assert "[" + "; ".join(printed(v, "pt") for v in spec.GATO_AT_3_LEARNED) + "]" in teacher
    assert "[" + "; ".join(printed(v, "pt") for v in spec.X_LEARNED[1]) + "]" in teacher  # its old row


def test_an_edited_E_changes_the_answers():
    model = EmbeddingModel()
    model.set_embedding(2, 0, 3.0)  # ␣gato's first number
    teacher = text_of(build_handout(model, "en"), "teacher")
    gato_at_3 = np.add(spec.GATO_AT_3_LEARNED, [2.0, 0, 0, 0])  # E[2] gained 2 in its first number
    assert "[" + ", ".join(printed(v, "en") for v in gato_at_3) + "]" in teacher


def test_the_batch_count_is_a_seeded_zipf_sample():
    # Independent of the app's functions: the Zipf law p(r) ∝ 1/r drawn with NumPy, counted with unique.
    V = spec.GPT2_V
    weights = 1.0 / np.arange(1, V + 1)
    draws = np.random.default_rng(LESSON_SEED).choice(V, size=LESSON_BATCH, p=weights / weights.sum())
    touched = np.unique(draws).size
    assert 0 < touched < LESSON_BATCH
    teacher = text_of(build_handout(EmbeddingModel(), "en"), "teacher")
    assert f"touches {touched:,} rows" in teacher and f"The other {V - touched:,} rows get exactly 0" in teacher
    assert f"{spec.GPT2_E_PARAMETERS:,}" in teacher and f"{spec.GPT2_SHARE_PERCENT}%" in teacher
    assert f"about {spec.LLAMA3_CLASS_E_MILLIONS} million" in teacher
    pt = text_of(build_handout(EmbeddingModel(), "pt"), "teacher")
    assert f"{spec.GPT2_E_PARAMETERS:,}".replace(",", ".") in pt


def test_a_sentence_past_the_trained_length_says_so_instead_of_inventing_X():
    text = text_of(build_handout(EmbeddingModel(text="o gato subiu no telhado. no gato"), "en"))
    assert "Positions from 9 on have no row of P" in text
    assert "no row: beyond the trained length" in text


@pytest.mark.parametrize(("territory", "paper"), [("US", "letter"), ("CA", "letter"), ("MX", "letter"),
                                                   ("BR", "a4"), ("PT", "a4"), ("GB", "a4"), ("", "a4")])
def test_the_default_paper_follows_the_territory(territory, paper):
    assert default_paper(territory) == paper


def test_an_unknown_language_is_refused():
    with pytest.raises(ValueError, match="unknown language"):
        build_handout(EmbeddingModel(), "de")
