"""The lesson's titles and questions wrap into even lines: no word left alone on a last line, never
a line more than filling each line would take."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PySide6.QtGui import QFont, QFontMetrics
from PySide6.QtWidgets import QLabel

from tests.stage import step_index
from visualizer.lesson.run import load_lesson
from visualizer.ui.balanced_label import BalancedLabel, LineMeasure, balanced_lines, fits_as_qt_wraps, greedy_lines

TITLE = "Check yourself: swap \u2423gato and \u2423sub"


def font(px: int) -> QFont:
    bold = QFont()
    bold.setPixelSize(px)
    bold.setBold(True)
    return bold


def width_leaving_one_word_alone(text: str, metrics: QFontMetrics) -> int:
    """A width at which filling each line leaves the last word on a line of its own."""
    words = text.split(" ")
    return metrics.horizontalAdvance(" ".join(words[:-1])) + 1


def test_filling_lines_leaves_a_word_alone_and_balancing_does_not(qapp):
    metrics = QFontMetrics(font(24))
    width = width_leaving_one_word_alone(TITLE, metrics)
    filled = greedy_lines(TITLE.split(" "), metrics, width)
    assert filled == [TITLE.rsplit(" ", 1)[0], "\u2423sub"]
    even = balanced_lines(TITLE, metrics, width)
    assert len(even) == len(filled) and " ".join(even) == TITLE
    assert even == ["Check yourself: swap", "\u2423gato and \u2423sub"]
    assert all(metrics.horizontalAdvance(line) <= width for line in even)


def test_the_evenest_lines_ending_in_one_word_take_the_word_before_it_down(qapp):
    text = "Posi\u00e7\u00f5es senoidais, calculadas"  # its evenest two lines leave "calculadas" alone
    metrics = QFontMetrics(font(20))
    width = metrics.horizontalAdvance(text) - 1
    assert greedy_lines(text.split(" "), metrics, width) == ["Posi\u00e7\u00f5es senoidais,", "calculadas"]
    assert balanced_lines(text, metrics, width) == ["Posi\u00e7\u00f5es", "senoidais, calculadas"]
    narrow = metrics.horizontalAdvance("senoidais, calculadas") - 1  # where both cannot share a line
    assert balanced_lines(text, metrics, narrow) == greedy_lines(text.split(" "), metrics, narrow)


@pytest.mark.parametrize("width", range(60, 700, 29))
def test_never_a_line_more_and_every_line_fits(qapp, width):
    text = "With learned positions, what is the row of \u2423gato at position 3? A\u00a0no-break\u00a0run stays whole"
    metrics = QFontMetrics(font(20))
    filled, even = greedy_lines(text.split(" "), metrics, width), balanced_lines(text, metrics, width)
    assert len(even) == len(filled)
    assert " ".join(even) == text  # every word, in order, no-break spaces kept
    longest_word = max(metrics.horizontalAdvance(word) for word in text.split(" "))
    assert all(metrics.horizontalAdvance(line) <= max(width, longest_word) for line in even)


def test_the_label_shows_even_lines_keeps_its_text_and_asks_their_height(qtbot):
    label = BalancedLabel()
    qtbot.addWidget(label)
    label.setFont(font(24))
    label.setText(TITLE)
    width = width_leaving_one_word_alone(TITLE, label.fontMetrics()) + 1  # the label keeps a pixel spare
    label.resize(width, label.heightForWidth(width))
    assert label.text() == TITLE
    shown = label.grab()  # painted as the class would see it
    assert not shown.isNull()
    lines = super(BalancedLabel, label).text().split("\n")
    assert lines == ["Check yourself: swap", "\u2423gato and \u2423sub"]
    plain = QLabel(TITLE)  # Qt's own wrapping of the same text: two lines as well, one word on the second
    qtbot.addWidget(plain)
    plain.setWordWrap(True)
    plain.setFont(font(24))
    assert label.heightForWidth(width) == plain.heightForWidth(width)


def test_on_stage_no_lesson_title_or_question_ends_in_one_word(presenting):
    window = presenting((1024, 768), "en", step_index("swap-none"))
    panel = window.lesson_panel
    for label in (panel.title, panel.question):
        lines = super(BalancedLabel, label).text().split("\n")
        assert " ".join(lines) == label.text()
        assert len(lines) == 1 or " " in lines[-1], lines


def test_no_width_cuts_a_line_qt_wraps_again(qtbot):
    # "clock" in bold ends in a glyph that overhangs its advance: at a width its advance fitted, Qt
    # wrapped the line again and the label, one line tall, cut "clock" (261 px at 20 px type).
    label = BalancedLabel()
    qtbot.addWidget(label)
    label.setFont(font(20))
    label.setText("RoPE: hands on a clock")
    plain, usual = QLabel(), QLabel(label.text())  # Qt's own measures: of what the label paints, and as usual
    for qt_label in (plain, usual):
        qtbot.addWidget(qt_label)
        qt_label.setWordWrap(True)
        qt_label.setFont(font(20))
    for width in range(120, 420):
        label.resize(width, label.heightForWidth(width))
        plain.setText(super(BalancedLabel, label).text())
        assert plain.heightForWidth(width) <= label.height(), (width, plain.text())
        assert label.height() <= usual.heightForWidth(width), f"a line more at {width} px"


LESSON_WORDS = sorted({word for step in load_lesson().steps
                       for texts in (step.title, step.question.prompt if step.question else {})
                       for text in texts.values() for word in text.split(" ") if word})


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
# With words a teacher's lesson file may hold too: a line break, a tab, a Unicode line separator.
@given(words=st.lists(st.sampled_from([*LESSON_WORDS, "l\nm", "x\ty", "p\u2028q"]), min_size=2, max_size=6),
       px=st.integers(12, 40),
       bold=st.booleans(), italic=st.booleans(), offset=st.integers(-8, 8))
def test_the_quick_measure_agrees_with_qt_laying_the_line_out(qapp, words, px, bold, italic, offset):
    # The advance decides a line far from the width; Qt's own layout decides the lines near it. Both
    # must answer as Qt alone would, at widths around the line's advance (where a last glyph's
    # overhang decides) and far from it.
    typeface = font(px)
    typeface.setBold(bold)
    typeface.setItalic(italic)
    metrics, line = QFontMetrics(typeface), " ".join(words)
    advance = metrics.horizontalAdvance(line)
    for width in (advance + offset, advance // 2 + offset, advance * 2 + offset):
        assert LineMeasure(metrics).fits(line, width) == fits_as_qt_wraps(metrics, line, width), (line, width)
