"""Every label the design draws, on every step of the lesson, reaches the back row: presented at
the projectors' sizes in both languages, each step before and (for a question) after its reveal.

A label is any text that names or measures something: row labels (position, token, id), column
headers, colour-bar ticks, axis numbers, titles, the RoPE clock's readouts, the chips' positions,
Qt labels and buttons. Each has digits at least 14 px tall at 768 lines (more on taller screens)
or is not drawn on purpose; none is dropped by an axis for lack of room, none is cut by the
edge of its view, and no two of one axis run into each other (see ``tests/views/stage.py``).
The steps are walked in one window per size and language, as a teacher walks them; a step added
to the lesson is checked without a word here.
"""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication

from tests.views.stage import assert_labels_readable, close_all, min_label_digits, present
from visualizer.views.gradient_lab import GradientLabView

SIZES = ((1024, 768), (1280, 720), (1920, 1080))
QUICK_VOCABULARY = 3000  # the real-scale race's dense product at GPT-2's size takes seconds; the text is the same


def settle(window) -> None:
    for _ in range(2):
        QApplication.processEvents()
        window.grab()


def reveal(qtbot, window) -> None:
    """Reveal the step's answer; the gradient lab's race on a smaller vocabulary, for speed."""
    view = window.current_view()
    panel = view.real_scale if isinstance(view, GradientLabView) else None
    if panel is not None and panel.isVisible():
        panel.vocabulary.setValue(QUICK_VOCABULARY)
    window.lesson_panel.reveal()
    if panel is not None and panel.isVisible():
        qtbot.waitUntil(lambda: panel.result is not None, timeout=60_000)
    settle(window)


@pytest.mark.parametrize("language", ["en", "pt"])
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_every_label_of_every_step_reaches_the_back_row(qtbot, size, language):
    window = present(qtbot, size, language, 0)
    smallest: dict[str, float] = {}
    try:
        for step in range(len(window.lesson_run.lesson.steps)):
            window.go_to_step(step)
            settle(window)
            states = [False, True] if window.lesson_panel.current_step().is_question else [False]
            for revealed in states:
                if revealed:
                    reveal(qtbot, window)
                try:
                    survey = assert_labels_readable(window, min_label_digits(window))
                except AssertionError as error:
                    raise AssertionError(f"step {step + 1}{' revealed' if revealed else ''}: {error}") from None
                for label in survey.labels:
                    smallest[label.kind] = min(smallest.get(label.kind, 1e9), label.digits)
    finally:
        close_all([window])
    print(f"{size} {language}: smallest digits per kind:",
          {kind: round(pixels, 1) for kind, pixels in sorted(smallest.items())})


@pytest.mark.parametrize("language", ["en", "pt"])
def test_a_long_sentence_keeps_every_chip_on_stage(qtbot, language):
    """Ten tokens at 1024 × 768: the chips take a second line rather than hide 8, 9 and 10 below the
    strip (Portuguese, with wider chips, lost two of nine)."""
    window = present(qtbot, (1024, 768), language, 0)
    try:
        window.model.set_ids([0, 2, 4, 5, 1, 7, 1, 6, 1, 8])  # o gato subiu no muro no telhado no sofá
        settle(window)
        strip = window.token_strip
        positions = [text for text in strip.painted_texts() if text.kind == "position"]
        assert [text.text for text in positions] == [str(p) for p in range(1, 11)]
        assert strip.rows_needed() >= 2
        assert_labels_readable(window, min_label_digits(window))  # none cut by the strip's edge
    finally:
        close_all([window])
