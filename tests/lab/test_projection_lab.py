"""On a projector the gradient lab's steps (8 and 9) are a stage readable from the back row.

Rendered offscreen at the sizes of classroom projectors, in both languages, the way
``--presentation --size WxH --step N`` shows them: the lab takes most of the screen and fits its
width, the sparse gradient prints its numbers at 22 px type (digits 16 px tall at 768 lines) or
not at all, what the step does not need steps aside, and no label is cut or lies on another.
Step 9 is also checked after its reveal, with the real-scale panel's answer on screen.
"""

from __future__ import annotations

import pyqtgraph as pg
import pytest
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QApplication

from tests.stage import (
    MIN_DIGIT_PX,
    MIN_LABEL_PX,
    MIN_SHARE,
    SIZE_IDS,
    SIZES,
    assert_labels_apart,
    assert_labels_readable,
    assert_labels_whole,
    digit_height,
    font_px,
    min_label_digits,
    share,
    step_index,
    visible_labels,
)
from visualizer.shell.main_window import MainWindow

# 0-based: the way back (a sparse gradient, on the toy). Step 9 (a batch of 4,000 GPT-2 tokens) opens on
# the real-scale page: it is checked below, before and after its reveal.
LAB_STEPS = (step_index("gradient"),)
BATCH_QUESTION = step_index("batch-question")
QUICK_VOCABULARY = 3000  # the race's dense product at GPT-2 size takes seconds; the text is the same


@pytest.fixture
def reveal_quickly(qtbot):
    """Step 9's reveal, with a smaller vocabulary for a quicker race (the text is the same)."""

    def reveal(window: MainWindow) -> None:
        panel = window.view("gradient_lab").real_scale
        panel.vocabulary.setValue(QUICK_VOCABULARY)
        window.lesson_panel.reveal()
        qtbot.waitUntil(lambda: panel.result is not None, timeout=60_000)

    return reveal


def assert_a_stage(window: MainWindow, size: tuple[int, int]) -> None:
    """The lab takes most of the screen, fits its width, no label of the window is cut and none of
    the lab lies on another."""
    view = window.tabs.current_view()
    assert view is window.view("gradient_lab")
    width, height = window.width(), window.height()
    assert (width, height) == size
    assert share(view, window) >= MIN_SHARE, f"the stage has {share(view, window):.0%} of the screen"
    assert view.minimumSizeHint().width() <= width, "the lab is wider than the screen"
    assert view.mapTo(window, view.rect().topLeft()).x() >= 0
    assert view.mapTo(window, view.rect().topRight()).x() <= width
    assert_labels_whole(visible_labels(window))
    assert_labels_apart(window, visible_labels(view))
    assert_labels_readable(window, min_label_digits(window))


@pytest.mark.parametrize("language", ["en", "pt"])
@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
@pytest.mark.parametrize("step", LAB_STEPS, ids=[f"step{s + 1}" for s in LAB_STEPS])
def test_the_gradient_lab_is_a_stage_readable_from_the_back_row(presenting, step, size, language):
    window = presenting(size, language, step)
    lab = window.view("gradient_lab")
    assert lab.pages.currentIndex() == 0  # the toy vocabulary, before any reveal
    assert_a_stage(window, size)
    height = window.height()
    # Fewer things, larger: the training loop, E, the distances and log-log step aside.
    assert lab.is_cued()
    for widget in (lab.optimizer, lab.learning_rate, lab.step_button, lab.log_log):
        assert not widget.isVisible()
    # L is defined on stage too, and the bars have their scale (numbers along the top).
    assert lab.loss_label.isVisible() and "L = ½ Σₜ ‖E[iₜ] − T[iₜ]‖²" in lab.loss_label.text()
    assert lab.distance_plot.getAxis("top").isVisible() and lab.distance_plot.getAxis("top")._tickLevels[0]
    assert lab.touched_label.isVisible()
    # The sparse gradient prints its numbers, each digit at least 16 px tall; its zero rows hatched.
    gradient = lab.gradient_map
    assert gradient.marked_rows()
    drawn = gradient.labels.drawn_pixel_size
    assert drawn, "the gradient's numbers are too small to draw"
    assert digit_height(drawn) >= MIN_DIGIT_PX * max(1.0, height / 768) - 1
    assert digit_height(drawn) >= MIN_DIGIT_PX
    assert gradient.plot.sceneBoundingRect().right() <= lab.plots.width() + 1, "the gradient is cut at the right"
    # The counts' rank labels: at least 14 px, one per row without overlapping.
    axis = lab.counts_plot.getAxis("left")
    font = axis.style["tickFont"]
    assert font_px(font) >= MIN_LABEL_PX
    row_pixels = lab.counts_plot.getViewBox().height() / lab.lab.V
    assert QFontMetrics(font).height() <= row_pixels, "the rank labels overlap"
    # Beside the bars, each rank's count and the Zipf law's expected count, 22 px type; the bars'
    # rows level with the gradient's.
    counts, expected = lab.count_texts()
    assert len(counts) == len(expected) == lab.lab.V
    for texts in (lab.counts.count_numbers, lab.counts.expected_numbers):
        assert digit_height(texts.font()) >= MIN_DIGIT_PX * max(1.0, height / 768) - 1
    assert lab.rows_aligned()
    # Presenting, the counts are printed: the counts' own axis of numbers is not drawn, nor a title.
    assert not lab.counts_plot.getAxis("top").isVisible()
    assert not lab.counts_plot.titleLabel.isVisible() or not lab.counts_plot.titleLabel.text


@pytest.mark.parametrize("language", ["en", "pt"])
@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_the_answer_of_check_yourself_is_read_from_the_back_row(presenting, reveal_quickly, size, language):
    window = presenting(size, language, BATCH_QUESTION, reveal_quickly)
    panel = window.view("gradient_lab").real_scale
    assert panel.isVisible()
    # The whole window: the lesson band's answer too (it was cut at 1024 × 768 before an answered
    # question gave its caption two thirds of the band).
    assert_a_stage(window, size)
    label = panel.report
    assert label.isVisible() and label.text()
    assert font_px(label.font()) >= MIN_LABEL_PX
    assert label.mapTo(window, label.rect().bottomLeft()).y() <= window.height()
    # The answer itself is the lesson's caption (checked with the whole window above): the panel's
    # own paragraph said it a second time.
    assert not panel.answer.isVisible()
    # The memory, presenting, is the three bars with their figures (the line of text steps aside).
    assert not panel.memory.isVisible() and panel.bars.isVisible()
    assert [figure.parts[0][0] for figure in panel.bars.figures()] == sorted(f.parts[0][0]
                                                                           for f in panel.bars.figures())


def test_after_presenting_the_lab_is_the_ordinary_one_again(presenting):
    window = presenting((1024, 768), "en", LAB_STEPS[0])
    lab = window.view("gradient_lab")
    assert not lab.counts_plot.titleLabel.text  # presenting, the printed counts say what the bars are
    window.presentation.set_presenting(False)
    QApplication.processEvents()
    assert not lab.is_cued()
    assert lab.distance_plot in lab.plots.ci.items and lab.E_map.plot in lab.plots.ci.items
    for widget in (lab.optimizer, lab.learning_rate, lab.step_button, lab.log_log, lab.loss_label):
        assert widget.isVisible()
    assert lab.counts_plot.titleLabel.text == "count in the batch by Zipf rank, #1 most frequent (dashed: Zipf law)"
    # The distances' title goes back to pyqtgraph's own size and colour (it kept the stage's 22 px).
    ordinary = pg.PlotItem().titleLabel.opts
    assert {key: lab.distance_plot.titleLabel.opts.get(key) for key in ("size", "color")} == \
        {"size": ordinary["size"], "color": ordinary.get("color")}
    reference = pg.PlotItem()
    reference.setTitle(lab.distance_plot.titleLabel.text)
    assert lab.distance_plot.titleLabel.item.boundingRect() == reference.titleLabel.item.boundingRect()
