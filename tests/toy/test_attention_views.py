"""The RoPE clock, the attention preview and the scheme comparison, read back from the widgets."""

import math

import numpy as np
import pytest
from PySide6.QtCore import Qt

from tests import spec
from visualizer.core import RopeScaling, classify_rows, embed, rope_frequencies


@pytest.fixture
def show(window):
    """Bring a tab to the front, as the teacher would before reading it."""

    def bring_to_front(view):
        window.tabs.show_view(view)
        return view

    return bring_to_front


def test_hand_angles_are_position_times_theta(window, show):
    clock = show(window.view("rope_clock"))
    n = window.model.n
    expected = np.mod(np.outer(rope_frequencies(4), np.arange(n)), 2 * np.pi)
    np.testing.assert_allclose(clock.hand_angles(), expected, atol=1e-12)
    clock.set_offset(2.5)
    expected = np.mod(np.outer(rope_frequencies(4), np.arange(n) + 2.5), 2 * np.pi)
    np.testing.assert_allclose(clock.hand_angles(), expected, atol=1e-12)
    assert clock.faces.face_size() > 0 and len(clock.thetas()) == 2


def test_shift_both_keeps_the_score(window, show):
    clock = show(window.view("rope_clock"))
    clock.pick(1, 3)
    start = clock.picked_score()
    assert math.isfinite(start)
    for shift in range(1, 30):
        clock.controls.shift_both.setValue(shift)
        assert clock.offset() == shift
        assert clock.picked_score() == pytest.approx(start, abs=1e-12)
    assert "score" in clock.controls.readout.text()


def test_lesson_example_is_one_click_away(window, show):
    clock = show(window.view("rope_clock"))
    clock.controls.lesson_button.click()
    assert clock.lesson_mode and list(clock.thetas()) == [0.5]
    shown = {}
    choices = clock.controls.lesson_choices
    for button, positions in zip(choices, spec.ROPE_SCORES, strict=True):
        button.click()
        shown[positions] = round(clock.picked_score(), 3)
        assert clock.appearance.numbers.fixed(spec.ROPE_SCORES[positions], 3) in clock.controls.readout.text()
        assert [b.isChecked() for b in choices] == [b is button for b in choices]  # the pair shown, pressed
    assert shown == spec.ROPE_SCORES
    choices[0].click()
    choices[0].click()  # pressed again: still the pair shown
    assert [b.isChecked() for b in choices] == [True, False, False]
    clock.controls.shift_both.setValue(7)
    assert "position 10" in clock.controls.readout.text() and "0.540" in clock.controls.readout.text()
    assert [b.isChecked() for b in choices] == [False, True, False]  # (3, 1) shifted by 7 is (10, 8)
    clock.controls.lesson_button.click()
    assert not clock.lesson_mode


def test_animation_turns_the_hands_and_stops_when_hidden(window, qtbot):
    window.tabs.show_view(window.view("rope_clock"))
    clock = window.view("rope_clock")
    qtbot.waitExposed(clock)
    clock.setFocus()
    qtbot.keyClick(clock, Qt.Key.Key_Space)
    assert clock.player.is_playing()
    qtbot.waitUntil(lambda: clock.offset() > 0.05, timeout=3000)
    window.tabs.show_view(window.x_panel)
    assert not clock.player.is_playing()


def test_base_and_scaling_controls_change_theta(window, show):
    clock = show(window.view("rope_clock"))
    clock.controls.base_choice.setCurrentIndex(clock.controls.base_choice.findData(500_000.0))
    assert window.model.attention.rope_base == 500_000.0
    np.testing.assert_allclose(window.model.theta(), rope_frequencies(4, 500_000.0), rtol=1e-12)
    clock.controls.scaling_kind.setCurrentIndex(clock.controls.scaling_kind.findData("pi"))
    clock.controls.scaling_factor.setValue(4.0)
    assert window.model.attention.rope_scaling == RopeScaling("pi", 4.0)
    np.testing.assert_allclose(window.model.theta(), rope_frequencies(4, 500_000.0) / 4, rtol=1e-12)
    assert "→" in clock.controls.theta_table.text()
    window.action_table["undo"].trigger()
    window.action_table["undo"].trigger()
    window.action_table["undo"].trigger()
    assert window.model.attention.rope_base == 10_000.0 and window.model.attention.rope_scaling is None
    assert clock.controls.base_choice.currentData() == 10_000.0


def test_many_pairs_make_a_scrolling_grid(qtbot):
    from visualizer.appearance import Appearance
    from visualizer.core import Vocabulary
    from visualizer.model import EmbeddingModel
    from visualizer.toy.rope_clock import RopeClock

    rng = np.random.default_rng(0)
    vocabulary = Vocabulary(tuple(f"t{i} " for i in range(12)), rng.normal(size=(12, 128)))
    model = EmbeddingModel(vocabulary, text="t0 t1 t2 ", scheme="rope")
    clock = RopeClock(model, Appearance())
    qtbot.addWidget(clock)
    clock.resize(900, 600)
    clock.show()
    assert clock.hand_angles().shape == (64, 3)
    assert clock.faces.minimumHeight() > clock.faces_scroll.viewport().height()


def test_attention_preview_shows_the_model_scores(window, show):
    preview = show(window.view("attention"))
    shown = preview.scores.values()
    expected = window.model.scores()
    np.testing.assert_allclose(shown[np.isfinite(expected)], expected[np.isfinite(expected)], atol=1e-12)
    assert np.isnan(shown[np.triu_indices(5, 1)]).all()
    preview.causal.click()
    assert np.isfinite(preview.scores.values()).all()


def test_without_positions_a_drag_only_permutes_the_scores(window, show):
    show(window.view("attention"))
    window.model.set_scheme("none")
    window.model.set_causal(False)
    before = window.view("attention").scores.values().copy()
    window.model.move_token(2, 1)
    order = [0, 2, 1, 3, 4]
    np.testing.assert_allclose(window.view("attention").scores.values(), before[np.ix_(order, order)], atol=1e-12)
    assert window.view("attention").change_verdicts() == [("same", None), ("moved", 2), ("moved", 1),
                                                   ("same", None), ("same", None)]
    assert "only moved" in window.view("attention").changes_label.text()
    # What a swap does is step 6's answer: the view describes what it shows, never that.
    note = window.view("attention").note.text()
    assert "permute" not in note and "apart" not in note and "cannot tell" not in note


def test_with_learned_positions_moved_tokens_change_their_rows(window, show):
    show(window.view("attention"))
    window.model.move_token(2, 1)
    verdicts = window.view("attention").change_verdicts()
    assert verdicts[1][0] == "changed" and verdicts[2][0] == "changed"
    assert "values changed" in window.view("attention").changes_label.text()


@pytest.mark.parametrize("coming_from", ["swap-learned", "sinusoidal"])
def test_a_lesson_step_starts_with_no_change_and_its_reveal_shows_the_swap(window, coming_from):
    """Before the class predicts, the line of the last change said what the lesson did to stage
    the step (coming back from the next step, or from the sinusoidal step: "rows whose values
    changed", outlined in orange), as if someone had made a change. Its reveal shows the swap."""
    steps = {step.id: index for index, step in enumerate(window.lesson_run.lesson.steps)}
    preview = window.view("attention")  # built now (a view is built when first shown): it sees every change
    window.go_to_step(steps[coming_from])
    window.go_to_step(steps["swap-none"])
    assert window.tabs.current_view() is preview
    assert preview.change_verdicts() == [] and preview.changes_label.text() == ""
    assert not preview.changes_label.isVisible()
    window.lesson_run.reveal()
    moved = ["same", "moved", "moved", "same", "same"]
    assert [kind for kind, _ in preview.change_verdicts()] == moved
    assert "only moved" in preview.changes_label.text() and preview.changes_label.isVisible()
    # F9 twice (hide the lesson, show it again) keeps the demonstration the caption describes.
    window.lesson_director.show_lesson(False)
    window.lesson_director.show_lesson(True)
    assert [kind for kind, _ in preview.change_verdicts()] == moved


def test_another_steps_reveal_leaves_the_attention_views_last_change(window):
    """The next step's reveal happens on Build X; the attention view, behind, still shows what the
    reveal did (learned positions: the swapped rows changed their values)."""
    steps = {step.id: index for index, step in enumerate(window.lesson_run.lesson.steps)}
    preview = window.view("attention")
    window.go_to_step(steps["swap-learned"])
    assert preview.change_verdicts() == []
    window.lesson_run.reveal()
    assert [kind for kind, _ in preview.change_verdicts()] == ["same", "changed", "changed", "same", "same"]


def test_rope_preview_shows_rotated_q_and_k(window, show):
    show(window.view("attention"))
    window.model.set_scheme("rope")
    X = embed(spec.IDS, window.model.E, "rope")
    np.testing.assert_allclose(window.view("attention").side.values(), window.model.rotated(), atol=1e-12)
    np.testing.assert_allclose(window.view("attention").side.values()[0], X[0], atol=1e-12)


def test_alibi_preview_shows_the_bias_of_the_chosen_head(window, show):
    window.model.set_scheme("alibi")
    preview = show(window.view("attention"))
    assert preview.heads.isVisibleTo(preview)
    preview.head.setValue(3)
    slope = 2.0 ** (-8 * 3 / 8)
    assert window.model.alibi_slope() == slope
    assert preview.side.values()[4, 0] == pytest.approx(-4 * slope, abs=1e-12)
    preview.heads.setValue(2)
    assert window.model.attention.alibi_heads == 2 and preview.head.maximum() == 2


def test_compare_schemes_links_the_hovered_cell(window, show):
    comparison = show(window.view("comparison"))
    comparison._show_cell((3, 1))
    for scheme, heatmap in comparison.heatmaps.items():
        assert heatmap.highlighted_rect().topLeft().toTuple() == (1, 3)
        assert heatmap.values()[3, 1] == pytest.approx(window.model.scores(scheme)[3, 1], abs=1e-12)
    assert "query 4 → key 2" in comparison.readout.text()


def test_classify_rows_detects_moves_and_changes():
    old = np.array([[1.0, 0], [2, 0], [3, 0]])
    assert classify_rows((0, 1, 2), old, (1, 0, 2), old[[1, 0, 2]]) == [
        ("moved", 1), ("moved", 0), ("same", None)]
    assert classify_rows((0, 1), old[:2], (0, 1), old[:2] + 1) == [("changed", None)] * 2


def test_tabs_are_built_when_first_opened(window):
    assert not window.tabs.pages["comparison"].built
    window.tabs.setCurrentIndex(window.tabs.indexOf(window.tabs.pages["comparison"]))
    assert window.tabs.pages["comparison"].built and window.tabs.current_view() is window.view("comparison")


def test_hidden_tabs_defer_their_work_until_shown(window, show):
    show(window.view("comparison"))
    show(window.view("attention"))
    show(window.x_panel)
    window.model.move_token(2, 1)
    assert window.view("comparison").is_stale() and window.view("attention").is_stale()
    show(window.view("comparison"))
    assert not window.view("comparison").is_stale()
    expected = window.model.scores("none")
    shown = window.view("comparison").heatmaps["none"].values()
    np.testing.assert_allclose(shown[np.isfinite(expected)], expected[np.isfinite(expected)], atol=1e-12)


def test_x_rows_are_outlined_as_moved_or_changed_after_a_drag(window, show):
    from visualizer.toy.attention_preview import CHANGED, MOVED

    preview = show(window.view("attention"))
    window.model.set_scheme("none")
    window.model.move_token(2, 1)
    np.testing.assert_array_equal(preview.x_matrix.values(), window.model.X())
    assert preview.x_matrix.outlined_rows() == {1: (MOVED, True), 2: (MOVED, True)}
    assert not preview.side.plot.isVisible()
    window.model.set_scheme("learned")
    window.model.move_token(2, 1)
    assert preview.x_matrix.outlined_rows() == {1: (CHANGED, False), 2: (CHANGED, False)}
    window.model.set_scheme("rope")
    assert preview.side.plot.isVisible()
