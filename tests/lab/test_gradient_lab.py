"""The sparse-gradient lab: a step moves only touched rows; tying touches them all."""

import numpy as np
import pytest
from PySide6.QtGui import QFontInfo
from PySide6.QtWidgets import QApplication

from tests import spec
from tests.stage import drawn_labels, settle, step_index
from visualizer.core import TOY_FREQUENCY_ORDER, toy_vocabulary
from visualizer.lab.gradient_lab import DISTANCE_COLUMN
from visualizer.lab.state import GradientLab


@pytest.fixture
def lab():
    vocabulary = toy_vocabulary()
    return GradientLab(vocabulary.tokens, vocabulary.E, seed=3)


def test_a_step_changes_only_the_rows_in_the_batch(lab):
    for optimizer in ("sgd", "adam"):
        lab.set_optimizer(optimizer)
        for _ in range(20):
            present = set(lab.batch.tolist())
            before = lab.E.copy()
            lab.step()
            moved = set(np.flatnonzero(np.any(lab.E != before, axis=1)).tolist())
            assert moved and moved <= present


def test_untouched_rows_have_exactly_zero_gradient(lab):
    rows, _ = lab.gradient()
    assert set(rows.tolist()) == set(lab.batch.tolist())
    assert len(rows) < lab.V  # 16 Zipf tokens over 12 ids usually miss some; seed 3 does


def test_tying_gives_every_row_a_gradient(lab):
    assert len(lab.touched_rows()) < lab.V
    lab.set_tied(True)
    assert len(lab.touched_rows()) == lab.V
    before = lab.E.copy()
    lab.step()
    assert np.all(np.any(lab.E != before, axis=1))


def test_frequent_tokens_learn_faster_than_rare_ones(lab):
    lab.set_batch(16, 1.2, 11)
    start_gap = np.linalg.norm(lab.E_start - lab.targets, axis=1)
    for _ in range(20):
        lab.step()
    progress = 1 - np.linalg.norm(lab.E - lab.targets, axis=1) / start_gap
    head, tail = TOY_FREQUENCY_ORDER[0], TOY_FREQUENCY_ORDER[-1]  # rank 1 and rank 12
    assert progress[head] > 0.5 > progress[tail]


def test_reset_starts_again(lab):
    lab.step()
    lab.reset()
    assert lab.steps == 0 and (lab.distance_travelled() == 0).all()


def test_bad_settings_are_refused_and_change_nothing(lab):
    batch = lab.batch.copy()
    for bad in (lambda: lab.set_batch(0, 1.0, 0), lambda: lab.set_batch(10, float("nan"), 0),
                lambda: lab.set_batch(10, -1.0, 0), lambda: lab.set_optimizer("rmsprop"),
                lambda: lab.set_optimizer("sgd", float("inf"))):
        with pytest.raises(ValueError):
            bad()
    np.testing.assert_array_equal(lab.batch, batch)
    assert lab.optimizer == "sgd"


def test_lab_view_shows_touched_rows_and_tying(window, qtbot):
    view = window.view("gradient_lab")
    window.tabs.show_view(view)
    assert not window.scheme_selector.isVisible()
    lab = window.lab
    lab.set_batch(16, 1.0, 3)
    zero = view.zero_gradient_ids()
    assert zero == sorted(set(range(12)) - set(lab.batch.tolist()))
    assert f"rows touched: {12 - len(zero)} of 12" == view.touched_label.text()
    view.tied.click()
    assert view.zero_gradient_ids() == [] and view.touched_label.text() == "rows touched: 12 of 12"
    view.step_button.click()
    assert lab.steps == 1 and view.E_map.title() == "E, step\u00a01"  # never "E, step / 1" in a narrow column
    view.play_button.click()
    qtbot.waitUntil(lambda: lab.steps >= 3, timeout=3000)
    window.tabs.show_view(window.x_panel)
    assert not view.player.is_playing()
    assert window.scheme_selector.isVisible()


def test_the_lab_starts_from_E_as_it_is_when_first_used(window):
    window.model.set_embedding(3, 1, 2.5)  # an edit (or a session opened) before the lab is opened
    np.testing.assert_array_equal(window.lab.E, window.model.E)
    assert window.lab.E[3, 1] == 2.5


def test_real_scale_panel_measures_off_the_gui_thread(window, qtbot):
    panel = window.view("gradient_lab").real_scale
    window.tabs.show_view(window.view("gradient_lab"))
    panel.vocabulary.setValue(3000)
    panel.width_d.setValue(64)
    panel.batch.setValue(500)
    panel.run_button.click()
    assert panel.is_running() and not panel.run_button.isEnabled()
    qtbot.waitUntil(lambda: panel.result is not None, timeout=20_000)
    result = panel.result
    assert result["same"] and result["max_other"] == 0.0
    assert 0 < result["rows_touched"] <= 500
    assert f"{result['rows_touched']:,} rows" in panel.answer.text()  # English thousands separator
    assert panel.report.text().count("\u00a0ms") == 2  # each time beside its number ("48.8 / ms" broke on stage)
    assert not panel.is_running() and panel.run_button.isEnabled()
    sparse = panel.bars.figures()[0].text  # the rows it counted, no longer the most there could be
    assert sparse.startswith(f"sparse: {result['rows_touched']:,} rows × 64 = ") and "at most" not in sparse
    window.set_language("pt")  # the measured result is written again in the new language
    try:
        assert panel.answer.text().startswith(f"A resposta, por esta medição: só as {result['rows_touched']} linhas ")
        assert panel.report.text().startswith(f"Linhas que receberam gradiente: {result['rows_touched']} de 3.000.")
        assert panel.report.text().endswith("Mesmos números: sim.")
    finally:
        window.set_language("en")
    assert panel.answer.text().startswith(f"The answer, from this run: only the {result['rows_touched']} rows ")


def test_before_the_race_the_sparse_gradient_shows_neither_a_count_nor_its_bound(window):
    # "at most 4,000 rows × 768" under the batch question's Reveal was half its answer: until the race
    # has counted the rows, the sparse gradient's size is the question, and no bar is drawn for it.
    panel = window.view("gradient_lab").real_scale
    assert panel.result is None
    batch, d = 4_000, spec.GPT2_D
    sparse = panel.bars.figures()[0]
    assert sparse.parts == () and f"{batch:,}" not in sparse.text and "at most" not in sparse.text
    assert sparse.text == f"sparse: ? rows × {d}, counted by Measure"  # nothing of which rows either
    assert f"{batch:,} rows" not in panel.memory.text() and "at most" not in panel.memory.text()
    # The dense figures are computed all the same: V × d, batch × V.
    assert panel.bars.figures()[1].text == f"dense: V × d = 50,257 × {d} = {50_257 * d * 4 / 1e6:.1f} MB"


def test_real_scale_can_be_cancelled(window, qtbot):
    panel = window.view("gradient_lab").real_scale
    window.tabs.show_view(window.view("gradient_lab"))
    window.view("gradient_lab").pages.setCurrentWidget(panel)
    for spin, value in ((panel.vocabulary, 3000), (panel.width_d, 64), (panel.batch, 500)):
        spin.setValue(value)
    panel.start()  # a first race measures: its answer is shown
    qtbot.waitUntil(lambda: panel.result is not None, timeout=20_000)
    assert panel.answer.isVisible()
    panel.vocabulary.setValue(200_000)
    panel.width_d.setValue(256)
    panel.batch.setValue(2000)
    panel.start()
    panel.cancel()
    qtbot.waitUntil(lambda: not panel.is_running(), timeout=20_000)
    assert panel.result is None and panel.report.text() == "Cancelled."
    assert not panel.answer.isVisible()  # the first race's answer went with its result
    window.set_language("pt")
    try:
        assert panel.report.text() == "Cancelado." and not panel.answer.isVisible()
    finally:
        window.set_language("en")


def test_the_distances_numbers_follow_their_axis_width(window):
    # The numbers were chosen for the axis's width at the refresh; the column was refitted after it
    # (seen leaving presentation at another zoom, then back on the lab) and "0.20.40.6" ran together.
    window.resize(1600, 900)
    window.go_to_step(step_index("gradient"))
    settle(window)
    lab = window.view("gradient_lab")
    layout = lab.plots.ci.layout
    layout.setColumnFixedWidth(DISTANCE_COLUMN, 260)  # a wide column at the refresh …
    layout.activate()
    QApplication.processEvents()
    lab.refresh()
    layout.setColumnFixedWidth(DISTANCE_COLUMN, 70)  # … narrowed after it, with no refresh
    layout.activate()
    QApplication.processEvents()
    window.grab()
    axis = lab.distance_plot.getAxis("top")
    assert axis._tickLevels and axis._tickLevels[0], "the distances lost their numbers"
    assert [crowded for crowded in drawn_labels(window).crowded if "'0" in crowded] == []


def test_counts_never_print_on_top_of_each_other(qtbot):
    # A 1008 × 720 window zoomed in twice: the lab's rows are 12 px apart and the counts, at their
    # 17 px type, ran into each other (seen on Xvfb). Smaller type where the rows are short, down to
    # the window's least; below it, none.
    from itertools import pairwise

    from tests.stage import close_all, ordinary
    from visualizer.ui.palette import MIN_WINDOW_NUMBER_PX

    window = ordinary(qtbot, "en", (1008, 720))
    try:
        window.go_to_step(step_index("gradient"))
        for _zoom in range(4):
            window.presentation.zoom_in()
            settle(window)
            counts = window.view("gradient_lab").counts
            for column in (counts.count_numbers, counts.expected_numbers):
                painted = column.painted_texts()
                assert not painted or min(QFontInfo(text.font).pixelSize() for text in painted) >= MIN_WINDOW_NUMBER_PX
                for above, below in pairwise(painted):
                    assert above.rect.bottom() <= below.rect.top() + 1, (above.text, below.text)
    finally:
        close_all([window])


def test_squeezed_in_a_small_zoomed_window_the_loss_note_keeps_its_lines_and_gives_them_back(window):
    # 1350 × 720 (1366 × 768 under openbox), zoomed to 1.52 on the lab's step: the note on the loss
    # lost its last line ("… starts nearer (0.80 against 2.09).") where the views could scroll.
    from tests.stage import assert_labels_whole

    window.resize(1350, 720)
    window.go_to_step(step_index("gradient"))
    note = window.view("gradient_lab").loss_label
    settle(window)
    unzoomed = note.minimumHeight()
    window.appearance.set_scale(1.52)
    settle(window)
    assert note.isVisible() and "starts nearer" in note.text()
    assert_labels_whole([note])
    window.appearance.set_scale(1.0)  # zoomed back: no more room kept than its lines need
    settle(window)
    assert_labels_whole([note])
    assert note.minimumHeight() == unzoomed
