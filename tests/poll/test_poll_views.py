"""The poll's widgets as a class sees them: the stage's QR code scans (read back with zxing-cpp
from the widget's own picture) and fills a third of the stage's height or more, the address and
the count are large; the results chart marks the right choice with digits the back row reads;
offline practice says whether a choice is right, and why. Both languages."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from tests.qr_codes import qr_codes
from tests.stage import (
    MIN_DIGIT_PX,
    MIN_LABEL_PX,
    assert_labels_apart,
    assert_labels_whole,
    digit_height,
    font_px,
    visible_labels,
)
from visualizer.i18n import install_language
from visualizer.lesson.questions import Question, question_for
from visualizer.lesson.run import load_lesson
from visualizer.model import EmbeddingModel
from visualizer.poll.ballot import PollResults
from visualizer.poll.join_panel import JoinPanel
from visualizer.poll.practice_question import PracticeQuestion
from visualizer.poll.results import RIGHT_COLOUR, PollResultsView
from visualizer.poll.web import code_text
from visualizer.shell.presentation import presentation_scale, stage_scale

STEPS = {step.id: step for step in load_lesson().steps}
URL = "http://192.168.0.12:8765/k7q2m4xv5n3wz6ta2hq4rb7ceu/"
# The stage takes at least 60% of a projector's area; at 768 lines the lesson band below it takes
# at most a quarter of the height, the compact lines above about 60 px more.
SCREENS = ((1024, 768), (1280, 720), (1920, 1080), (3840, 2160))
SCREEN_IDS = [f"{w}x{h}" for w, h in SCREENS]


def stage_size(screen: tuple[int, int]) -> tuple[int, int]:
    width, height = screen
    return width, int(height * 0.75) - 60


@pytest.fixture(scope="module")
def questions() -> dict[str, Question]:
    model = EmbeddingModel()
    return {key: question_for(STEPS[key], model) for key in ("swap-none", "swap-learned", "batch-question")}


@pytest.fixture
def projector(appearance):
    """``projector(screen, language)``: the appearance of a presented window on that screen."""

    def set_up(screen: tuple[int, int], language: str) -> None:
        install_language(language)
        appearance.set_language(language)
        appearance.set_scale(presentation_scale(*screen))
        appearance.set_presenting(True, stage_scale(*screen))

    return set_up


def shown(qtbot, widget, size: tuple[int, int]):
    qtbot.addWidget(widget)
    widget.resize(*size)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


@pytest.mark.parametrize("language", ["en", "pt"])
@pytest.mark.parametrize("screen", SCREENS, ids=SCREEN_IDS)
def test_the_stage_shows_a_scannable_code_the_address_and_the_count(qtbot, appearance, projector, screen, language):
    projector(screen, language)
    stage = shown(qtbot, JoinPanel(appearance), stage_size(screen))
    stage.set_address(URL)
    stage.set_count(27)
    qtbot.wait(1)
    picture = stage.grab().toImage()
    assert qr_codes(picture) == [code_text(URL)] == [URL.upper()]  # in capitals: a smaller code
    assert stage.qr.modules() == 29 + 8  # version 3 and its quiet zone (the lower-case address: version 4)
    side = stage.qr.code_rect().height()
    assert side >= stage.height() / 3
    assert stage.address.text().replace("\u200b", "") == URL
    assert stage.count.text() == ("Answered: 27" if language == "en" else "Responderam: 27")
    for label in (stage.address, stage.count):
        assert digit_height(label.font()) >= MIN_DIGIT_PX * screen[1] / 768 - 1
    labels = visible_labels(stage)
    assert {stage.title, stage.hint, stage.address, stage.count} <= set(labels)
    for label in labels:
        assert font_px(label.font()) >= MIN_LABEL_PX
    assert_labels_whole(labels)
    assert_labels_apart(stage, labels)
    qr_box = stage.qr.geometry()
    for label in labels:  # no text on the code
        box = label.geometry().translated(label.parentWidget().mapTo(stage, label.pos()) - label.pos())
        assert not box.intersects(qr_box), label.text()


def test_the_stage_shows_a_problem_instead_of_a_code(qtbot, appearance):
    stage = shown(qtbot, JoinPanel(appearance), (800, 500))
    stage.set_problem("No local network: join the classroom Wi-Fi or start this laptop's hotspot.")
    assert not stage.qr.isVisible() and stage.message.isVisible()
    assert "hotspot" in stage.message.text()
    assert qr_codes(stage.grab().toImage()) == []
    stage.set_address(URL)  # opened after all
    assert stage.qr.isVisible() and not stage.message.isVisible()
    stage.set_address(None)  # closed
    assert not stage.qr.isVisible() and stage.message.text() == "The class poll is closed."


def test_the_stage_never_shows_how_the_class_answered(qtbot, appearance):
    stage = shown(qtbot, JoinPanel(appearance), (1024, 500))
    stage.set_address(URL)
    stage.set_count(12)
    texts = " ".join(label.text() for label in visible_labels(stage))
    assert "12" in texts and "%" not in texts and "A" not in texts.split()


@pytest.mark.parametrize("language", ["en", "pt"])
@pytest.mark.parametrize("screen", SCREENS, ids=SCREEN_IDS)
@pytest.mark.parametrize("key", ["swap-none", "swap-learned", "batch-question"])
def test_the_results_chart_marks_the_right_choice_for_the_back_row(qtbot, appearance, projector, questions, screen,
                                                                    language, key):
    projector(screen, language)
    question = questions[key]
    counts = tuple(3 + 4 * ((index * 5 + 2) % 4) for index in range(len(question.choices)))
    chart = shown(qtbot, PollResultsView(appearance), stage_size(screen))
    chart.set_results(PollResults(question, counts, revealed=True))
    qtbot.wait(1)
    total = sum(counts)
    assert chart.prompt.text() == question.prompt[language]
    for index, choice in enumerate(question.choices):
        right = index == question.right
        assert chart.letters[index].text() == ("✓ " if right else "") + question.letter(index)
        assert (RIGHT_COLOUR in chart.bars[index].styleSheet()) == right
        assert chart.texts[index].text() == choice.text[language]
        count = chart.counts[index].text()
        assert count.startswith(f"{counts[index]} (") and count.endswith(f"{round(100 * counts[index] / total)}%)")
        assert digit_height(chart.counts[index].font()) >= MIN_DIGIT_PX
    widths = [bar.width() for bar in chart.bars]
    for index, count in enumerate(counts):  # bar lengths are shares of the class
        assert abs(widths[index] / max(widths) - count / max(counts)) < 0.03
    labels = visible_labels(chart)
    assert {*chart.letters, *chart.texts, *chart.counts, chart.prompt, chart.footer} <= set(labels)
    for label in labels:
        assert font_px(label.font()) >= MIN_LABEL_PX
    assert_labels_whole(labels)
    assert_labels_apart(chart, labels)
    footer = "Answered: " if language == "en" else "Responderam: "
    assert chart.footer.text().startswith(f"{footer}{total}.")


def test_before_the_reveal_nothing_is_marked(qtbot, appearance, questions):
    chart = shown(qtbot, PollResultsView(appearance), (900, 500))
    question = questions["swap-learned"]
    chart.set_results(PollResults(question, (1, 0, 0, 0), revealed=False))
    assert not any(label.text().startswith("✓") for label in chart.letters)
    assert "not revealed" in chart.footer.text()
    assert chart.bars[0].isVisible() and not chart.bars[1].isVisible()  # no bar for nobody
    chart.set_results(PollResults(question, (0, 0, 0, 0), revealed=False))
    assert not any(bar.isVisible() for bar in chart.bars)
    chart.set_results(None)
    assert "asks no question" in chart.prompt.text()


def test_practice_says_whether_a_choice_is_right_and_why(qtbot, appearance, questions):
    practice = shown(qtbot, PracticeQuestion(appearance), (420, 600))
    question = questions["swap-learned"]
    practice.set_question(question)
    assert practice.prompt.text() == question.prompt["en"]
    assert [b.text() for b in practice.buttons] == ["A", "B", "C", "D"]
    assert [t.text() for t in practice.texts] == [c.text["en"] for c in question.choices]
    assert all(widget.isVisible() for widget in (*practice.buttons, *practice.texts))
    assert practice.feedback.text() == "Pick the answer you predict."
    wrong = next(i for i in range(4) if i != question.right)
    with qtbot.waitSignal(practice.answered) as told:
        qtbot.mouseClick(practice.buttons[wrong], Qt.MouseButton.LeftButton)
    assert told.args == [wrong, False]
    assert practice.feedback.text().startswith(f"✗ Not {question.letter(wrong)}.")
    assert question.choices[wrong].why["en"] in practice.feedback.text()
    practice.choose(question.right)
    assert practice.feedback.text() == f"✓ Right. {question.explanation['en']}"
    assert practice.buttons[question.right].isChecked() and not practice.buttons[wrong].isChecked()
    install_language("pt")
    appearance.set_language("pt")
    assert practice.feedback.text() == f"✓ Certo. {question.explanation['pt']}"
    assert practice.prompt.text() == question.prompt["pt"]
    practice.set_question(question)  # the same question again (E edited elsewhere): the pick stays
    assert practice.picked() == question.right
    practice.set_question(questions["swap-none"])
    assert practice.picked() is None and not any(b.isChecked() for b in practice.buttons)


def test_practice_without_a_question_or_on_a_question_that_cannot_be_asked(qtbot, appearance):
    from dataclasses import replace

    practice = shown(qtbot, PracticeQuestion(appearance), (420, 500))
    practice.set_question(None)
    assert "asks no question" in practice.prompt.text() and not practice.buttons
    unavailable = question_for(replace(STEPS["swap-learned"], scheme="none"), EmbeddingModel())
    practice.set_question(unavailable)
    assert practice.feedback.text() == unavailable.reason["en"] and not practice.buttons
    practice.choose(0)  # nothing to pick: nothing happens
    assert practice.picked() is None
