"""No answer before its reveal: for every check-yourself question of the lesson, the stage as the
class sees it before Reveal (both languages, a small and a large projector) holds none of the
answer's facts: not the explanation, not why the right choice is right, and not the right choice's
own words outside the question itself (the memory bars of step 13 once said "at most 4,000 rows").

So that the test can fail, the same facts are looked for after the reveal, where the answer shows.
"""

from __future__ import annotations

import re

import pytest

from tests.stage import drawn_labels, reveal_and_wait, settle, step_index
from visualizer.lesson.questions import Question, question_for
from visualizer.lesson.run import load_lesson

QUESTIONS = [step.id for step in load_lesson().steps if step.is_question]
SIZES = ((1024, 768), (1920, 1080))
GIVEAWAYS = {
    # The answer in other words than the explanation's: a view's caption may paraphrase it.
    "swap-none": {"en": r"cannot tell .{0,20}orders? apart|just permute|only permute",
                  "pt": r"não distingue|só permuta|apenas permuta"},
    "swap-learned": {"en": r"vector (?:of|for) (?:its|the) (?:new )?position travels|no longer",
                     "pt": r"não mais|não viaja"},
    "batch-question": {"en": r"at most [\d,]+ rows", "pt": r"no máximo [\d.]+ linhas"},
}


def words(text: str) -> str:
    """``text`` as compared: one kind of space, one kind of minus, no line breaks."""
    return re.sub(r"\s+", " ", text.replace("\u00a0", " ").replace("\u2212", "-")).strip()


def facts_of(question: Question, language: str) -> list[str]:
    """What gives the answer away: each clause of the explanation and of why the right choice is
    right (long enough to be the answer's, not a common phrase), and the right choice's words."""
    right = question.choices[question.right]
    clauses = re.split(r"(?<=[.:;])\s+|,\s+(?=so |then |então |e )", words(question.explanation[language]))
    clauses += re.split(r"(?<=[.:;])\s+", words(right.why[language]))
    return [clause for clause in clauses if len(clause) >= 30] + [words(right.text[language])]


def stage_texts(window, question: Question, language: str) -> list[str]:
    """Every text drawn on the stage but the question's own prompt and choices."""
    own = {words(question.prompt[language]), *(words(choice.text[language]) for choice in question.choices)}
    return [text for label in drawn_labels(window).labels if (text := words(label.text)) not in own]


def given_away(texts: list[str], facts: list[str], pattern: str = "$^") -> list[str]:
    """The facts (and the texts matching ``pattern``) found in ``texts``."""
    return [fact for fact in facts if any(fact in text for text in texts)] + \
        [text for text in texts if re.search(pattern, text, re.IGNORECASE)]


def touched_rows(language: str) -> list[str]:
    """The batch question's measured number, as the lab writes it (3,131 rows / 3.131 linhas)."""
    from visualizer.core import GPT2_SMALL_VOCAB, NUMBER_FORMATS
    from visualizer.lesson.kinds.sparse_gradient import LESSON_BATCH, rows_touched

    return [NUMBER_FORMATS[language].integer(rows_touched(GPT2_SMALL_VOCAB, LESSON_BATCH))]


@pytest.mark.slow(seconds=12)
@pytest.mark.parametrize("language", ["en", "pt"])
@pytest.mark.parametrize("step_id", QUESTIONS)
def test_the_stage_gives_nothing_of_the_answer_before_its_reveal(presenting, qtbot, step_id, language):
    for size in SIZES:
        window = presenting(size, language, step_index(step_id))
        question = question_for(window.lesson_run.current_step(), window.model)
        assert isinstance(question, Question)
        facts = facts_of(question, language) + (touched_rows(language) if step_id == "batch-question" else [])
        pattern = GIVEAWAYS[step_id][language]
        assert given_away(stage_texts(window, question, language), facts, pattern) == [], (size, language)
        if size == SIZES[0]:  # revealed, the answer shows: the facts are there to be found
            reveal_and_wait(qtbot, window)
            settle(window)
            revealed = question_for(window.lesson_run.current_step(), window.model)
            answer = words(window.lesson_run.answer(language) or "")
            assert answer and any(fact in answer for fact in facts_of(revealed, language)), answer
            assert given_away(stage_texts(window, question, language), [answer[:60]]) != []


def test_a_teacher_who_presses_measure_first_still_reveals_the_batch_answer_once(window, qtbot):
    # Before the reveal, Measure on step 13 showed "The answer, from this run: only the 1,870 rows
    # …" while the lesson still said "predict first", and so did a race the teacher ran before the
    # step. Once revealed, the same answer stood twice: in the panel and in the lesson.
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    from tests.stage import QUICK_VOCABULARY
    from visualizer.core import NUMBER_FORMATS

    window.go_to_step(step_index("batch-question"))
    panel = window.view("gradient_lab").real_scale
    window.lesson_director.show_lesson(False)  # the teacher's own run, the lesson hidden (F9)
    window.view("gradient_lab").pages.setCurrentWidget(panel)  # its tab: "Real scale"
    panel.vocabulary.setValue(QUICK_VOCABULARY)
    QTest.mouseClick(panel.run_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: panel.result is not None, timeout=60_000)
    rows = NUMBER_FORMATS["en"].integer(panel.result["rows_touched"])
    assert panel.answer.isVisible() and rows in panel.answer.text()  # outside the lesson, the panel says it

    window.lesson_director.show_lesson(True)  # F9: the question again, not revealed
    assert not window.lesson_run.revealed
    QTest.mouseClick(panel.run_button, Qt.MouseButton.LeftButton)  # Measure waits for the reveal
    panel.start()  # nor does any other way of starting it
    assert not panel.is_running() and not panel.run_button.isEnabled()
    assert panel.run_button.toolTip().startswith("Predict first")
    settle(window)
    shown = [words(label.text) for label in drawn_labels(window).labels]
    assert [text for text in shown if rows in text] == []

    window.lesson_run.reveal()  # this V, d and batch were measured: the answer is that run's
    settle(window)
    answer = words(window.lesson_run.answer("en") or "")
    assert rows in answer
    shown = [words(label.text) for label in drawn_labels(window).labels]
    assert answer in shown  # said once, by the lesson; the panel keeps its report and its bars
    assert [text for text in shown if text.startswith("The answer, from this run")] == []
    assert not panel.answer.isVisible()
    assert panel.run_button.isEnabled()


def test_f9_on_another_tab_holds_the_batch_answer_again(window):
    # F9 hid the lesson (the views let go of its cues), the teacher chose another tab, F9 again: only
    # a view in front took the step's cue back, and the Gradient lab's tab then offered Measure (and
    # any earlier result) while the question was still open.
    window.go_to_step(step_index("batch-question"))
    panel = window.view("gradient_lab").real_scale
    assert not panel.run_button.isEnabled()
    window.lesson_director.show_lesson(False)
    assert panel.run_button.isEnabled()  # the lesson hidden: the lab is the teacher's
    window.tabs.show_view(window.x_panel)
    window.lesson_director.show_lesson(True)
    assert window.tabs.current_view() is window.x_panel  # the teacher stays on the tab chosen
    assert not panel.run_button.isEnabled() and not window.lesson_run.revealed
