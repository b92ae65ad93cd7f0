"""The text box and the strip agree: whatever order the strip reaches, the box shows text that a
person can read and type again to get the same ids (a leading space shows as ␣)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from tests import spec
from tests.conftest import type_text
from visualizer.core import detokenize, shown_text, tokenize, typed_text
from visualizer.model import MAX_TOKENS
from visualizer.ui.rendering import CopiedPanelStyle

ids_the_strip_reaches = st.lists(st.integers(0, len(spec.TOKENS) - 1), max_size=MAX_TOKENS)


@given(ids_the_strip_reaches)
def test_the_shown_text_reads_back_to_the_same_ids(ids):
    shown = shown_text(detokenize(ids, spec.TOKENS))
    assert not shown.startswith(" ")  # nothing invisible at the front
    assert tokenize(typed_text(shown), spec.TOKENS) == ids  # copied as shown (with its ␣)
    assert tokenize(typed_text(shown.replace("␣", " ")), spec.TOKENS) == ids  # ␣ typed as a space


def retype(window, qtbot, text: str) -> None:
    line = window.text_input.line_edit
    line.selectAll()
    qtbot.keyClick(line, Qt.Key.Key_Delete)
    type_text(line, text)
    qtbot.keyClick(line, Qt.Key.Key_Return)


def test_no_dragged_to_the_front_reads_and_retypes(window, qtbot):
    window.model.move_token(4, 0)  # ␣no to the front: " noo gato subiu"
    line = window.text_input.line_edit
    assert line.text() == "␣noo gato subiu"
    ids = window.model.ids
    window.model.set_text("o gato")
    retype(window, qtbot, " noo gato subiu")  # what a person types for what they read
    assert window.model.ids == ids and line.text() == "␣noo gato subiu"  # the typed space shows as ␣
    assert "Press Enter" not in window.text_input.message.text()


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.permutations(spec.IDS), st.booleans())
def test_every_order_of_the_lesson_sentence_retypes_to_its_ids(window, qtbot, order, with_glyph):
    window.model.set_ids(order)
    shown = window.text_input.line_edit.text()
    window.model.set_ids(spec.IDS[::-1] if list(order) != spec.IDS[::-1] else spec.IDS)
    retype(window, qtbot, shown if with_glyph else shown.replace("␣", " "))
    assert list(window.model.ids) == list(order), shown


@pytest.mark.parametrize("focused", [False, True])
def test_the_sentence_box_looks_as_the_style_draws_it(window, qtbot, focused):
    # Its frame is drawn once and copied (it cost half a millisecond of every move): the box must
    # look as the application's own style draws it, in focus or not, after a change of words.
    box = window.text_input.line_edit
    assert isinstance(box.style(), CopiedPanelStyle)
    if focused:
        window.activateWindow()
        box.setFocus()
        qtbot.waitUntil(box.hasFocus)
    window.model.move_token(1, 2)
    QApplication.processEvents()
    copied = box.grab().toImage()
    own = box.style()
    box.setStyle(QApplication.style())
    try:
        drawn = box.grab().toImage()
    finally:
        box.setStyle(own)
    assert copied == drawn


def test_a_scheme_verdict_gets_its_lines_narrow_and_gives_them_back_wide(qtbot, appearance):
    # Narrowed, a verdict wraps onto a fourth line and is given room for it; widened again, its room
    # stayed four lines tall: it was measured with QLabel.heightForWidth, which answers at least the
    # room already taken.
    from visualizer.model import EmbeddingModel
    from visualizer.toy.scheme_selector import SchemeSelector

    selector = SchemeSelector(EmbeddingModel(), appearance)
    qtbot.addWidget(selector)
    selector.resize(1200, 200)
    selector.show()
    qtbot.waitExposed(selector)
    wide = {scheme: label.minimumHeight() for scheme, label in selector.verdicts.items()}
    selector.resize(420, 400)
    QApplication.processEvents()
    narrow = {scheme: label.minimumHeight() for scheme, label in selector.verdicts.items()}
    assert any(narrow[scheme] > wide[scheme] for scheme in wide)  # a verdict needed more lines
    for label in selector.verdicts.values():
        assert label.heightForWidth(label.width()) <= label.minimumHeight()  # none of them cut
    selector.resize(1200, 200)
    QApplication.processEvents()
    assert {scheme: label.minimumHeight() for scheme, label in selector.verdicts.items()} == wide
