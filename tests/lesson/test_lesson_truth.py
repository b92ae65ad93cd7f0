"""What the lesson says on screen matches what the screen shows."""

from __future__ import annotations

import numpy as np
import pytest

from tests import spec
from tests.stage import step_index

SWAP_NONE = step_index("swap-none")  # swap ␣gato and ␣sub without positions


def test_the_swap_without_positions_is_shown_without_the_mask(window):
    window.go_to_step(SWAP_NONE)
    attention = window.view("attention")
    assert window.tabs.current_view() is attention
    assert not window.model.attention.causal and not attention.causal.isChecked()
    note = attention.note.text()
    # The note says what is shown (no mask), never what a swap does: that is the question's answer.
    assert "no mask" in note and "masked" not in note and "permute" not in note and "apart" not in note
    before = np.array(window.model.scores())
    assert np.isfinite(before).all()  # nothing hidden: every query sees every key
    window.lesson_panel.advance()  # reveal: ␣gato and ␣sub trade places
    after = np.array(window.model.scores())
    order = [spec.IDS.index(i) for i in spec.IDS_SUB_BEFORE_GATO]  # where each row came from
    np.testing.assert_allclose(after, before[np.ix_(order, order)])  # the scores only permute
    assert "gives the same outputs, swapped: it cannot tell the two orders apart" in window.lesson_panel.caption.text()


def test_with_the_mask_on_the_view_never_says_the_scores_just_permute(window):
    window.go_to_step(SWAP_NONE)
    window.view("attention").causal.setChecked(True)
    note = window.view("attention").note.text()
    assert "just permute" not in note and "mask" in note


def test_leaving_the_swap_step_brings_the_mask_back(window):
    window.go_to_step(SWAP_NONE)
    window.lesson_panel.advance()
    window.lesson_panel.advance()  # the same swap, with positions
    assert window.model.attention.causal


def test_alibi_scores_are_titled_as_scores_plus_bias(window):
    window.model.set_scheme("alibi")
    window.tabs.show_view(window.view("attention"))
    assert window.view("attention").scores.title() == "scores q·k / √d − m·(i − j)"
    assert "rows are queries, columns keys" in window.view("attention").note.text()
    window.model.set_scheme("none")
    assert window.view("attention").scores.title() == "scores q·k / √d"


def test_the_clock_turns_hands_by_p_minus_1_theta_in_the_lesson_example_too(window):
    clock = window.view("rope_clock")
    window.tabs.show_view(clock)
    clock.show_lesson_positions(3, 1)
    theta = spec.ROPE_THETA
    np.testing.assert_allclose(clock.hand_angles()[0], [(3 - 1) * theta, (1 - 1) * theta])
    assert f"{clock.picked_score():.3f}" == f"{spec.ROPE_SCORES[(3, 1)]:.3f}"


def test_the_clock_says_why_its_score_differs_from_the_attention_view(window):
    clock = window.view("rope_clock")
    window.tabs.show_view(clock)
    assert "divides it by √d = 2" in clock.controls.scheme_note.text()


def test_the_lab_labels_zipf_ranks_so_they_cannot_pass_for_ids(window):
    lab = window.view("gradient_lab")
    window.tabs.show_view(lab)
    ticks = lab.counts_plot.getAxis("left")._tickLevels[0]
    labels = [label for _, label in ticks]
    assert labels[0].startswith("#1 ") and all(label.startswith("#") for label in labels)
    assert "Zipf rank" in lab.counts_plot.titleLabel.text


@pytest.mark.slow(seconds=5)  # the real-scale race at GPT-2's 50,257 rows: started early
def test_after_the_batch_question_is_answered_the_caption_gives_the_answer(window, qtbot):
    window.go_to_step(step_index("batch-question"))  # which rows of E get a gradient in a batch of 4,000 tokens?
    window.lesson_panel.advance()  # reveal: the real-scale race starts
    assert "measuring it now, on this laptop" in window.lesson_panel.caption.text()
    qtbot.waitUntil(lambda: window.lesson_run.outcome is not None, timeout=120_000)
    caption = window.lesson_panel.caption.text()
    touched = window.view("gradient_lab").real_scale.result["rows_touched"]
    assert "measuring" not in caption
    assert f"the app's draw of 4,000 Zipf tokens touches {touched:,} of the 50,257 rows" in caption


def test_one_colour_scale_from_no_positions_to_learned_ones(window):
    window.go_to_step(step_index("nope"))  # nothing added
    window.x_panel.finish_build()
    before = window.x_panel.result.levels()
    window.go_to_step(step_index("positions"))  # adding learned positions
    window.x_panel.finish_build()
    assert window.x_panel.result.levels() == before
    assert window.x_panel.lookup.levels() == before


def test_steps_1_and_2_look_different(window):
    window.go_to_step(step_index("name"))  # an id is only a name: the ids point at their rows of E
    table = window.view("lookup_table")
    assert window.tabs.current_view() is table
    assert not table.shows_copies() and not table.lookup.plot.isVisible()
    np.testing.assert_array_equal(table.table.values(), spec.E)
    assert table.marked_rows() == sorted(set(spec.IDS))
    window.go_to_step(step_index("lookup"))  # the lookup: each id's row copied, in order
    assert table.shows_copies() and table.lookup.plot.isVisible()
    np.testing.assert_array_equal(table.lookup.values(), [spec.E[i] for i in spec.IDS])
    assert [(source, target) for source, target, _ in table.copies.links()] == list(zip(spec.IDS, range(5),
                                                                                         strict=True))


def test_the_batch_question_opens_on_gpt2_scale_and_the_way_back_on_the_toy(window):
    window.go_to_step(step_index("batch-question"))  # a batch of 4,000 tokens of GPT-2: the real-scale page
    lab = window.view("gradient_lab")
    assert lab.pages.currentWidget() is lab.real_scale
    window.go_to_step(step_index("gradient"))  # the sparse gradient on the toy
    assert lab.pages.currentWidget() is not lab.real_scale


def test_next_is_greyed_once_the_last_step_has_nothing_more(window):
    window.go_to_step(step_index("batch-question"))
    panel = window.lesson_panel
    assert panel.next_button.isEnabled()  # it still reveals the answer
    window.view("gradient_lab").real_scale.vocabulary.setValue(3000)  # the same question, a quicker race
    panel.advance()
    assert not panel.next_button.isEnabled()
    window.view("gradient_lab").real_scale.cancel()


def test_leaving_the_batch_question_cancels_its_race_and_coming_back_runs_it_again(window, qtbot):
    panel = window.view("gradient_lab").real_scale
    window.go_to_step(step_index("batch-question"))
    panel.vocabulary.setValue(200_000)  # a race that is still running when the class moves on
    window.lesson_panel.advance()  # reveal: the race starts
    assert panel.is_running()
    window.lesson_panel.previous()
    assert panel.is_running()  # still finishing its block: the window never waits for it
    window.go_to_step(step_index("batch-question"))
    panel.vocabulary.setValue(3000)  # the same question, a quicker race
    window.lesson_panel.advance()  # back before the cancelled race wound down: it runs again
    qtbot.waitUntil(lambda: window.lesson_run.outcome is not None, timeout=60_000)
    assert panel.result is not None and panel.result["V"] == 3000
    assert not panel.is_running()


def test_the_lesson_shown_again_gives_the_answer_already_measured(window, qtbot):
    # F9 twice (hide, show) on the revealed batch question, or Previous then Next back to it: the race
    # for this V, d and batch has run, and a second one would keep a core busy for seconds.
    panel = window.view("gradient_lab").real_scale
    window.go_to_step(step_index("batch-question"))
    panel.vocabulary.setValue(3000)  # the same question, a quicker race
    window.lesson_panel.advance()
    qtbot.waitUntil(lambda: window.lesson_run.outcome is not None, timeout=60_000)
    measured, caption = panel.result, window.lesson_panel.caption.text()
    window.lesson_director.show_lesson(False)
    window.lesson_director.show_lesson(True)
    assert not panel.is_running() and panel.result is measured
    assert window.lesson_run.outcome is not None and window.lesson_panel.caption.text() == caption
    window.lesson_panel.previous()
    window.lesson_panel.advance()  # the question again
    window.lesson_panel.advance()  # and its answer: the same numbers at once
    assert not panel.is_running() and panel.result is measured
    assert window.lesson_panel.caption.text() == caption
    panel.batch.setValue(2000)  # another batch: another race
    window.lesson_panel.previous()
    window.lesson_panel.advance()
    window.lesson_panel.advance()
    assert panel.is_running()
    qtbot.waitUntil(lambda: window.lesson_run.outcome is not None, timeout=60_000)
    assert panel.result["batch"] == 2000


def measure_by_hand(window) -> None:
    """On the lab's step before the batch question, the teacher opens the lab's real-scale page and
    presses Measure (on the question itself, Measure waits for the lesson's Reveal)."""
    lab = window.view("gradient_lab")
    window.go_to_step(step_index("gradient"))
    lab.pages.setCurrentWidget(lab.real_scale)
    lab.real_scale.vocabulary.setValue(200_000)
    lab.real_scale.run_button.click()
    assert lab.real_scale.is_running()


def test_a_lesson_step_leaves_the_teachers_own_race_running(window, qtbot):
    panel = window.view("gradient_lab").real_scale
    measure_by_hand(window)
    window.go_to_step(step_index("batch-question"))  # its answer waits, the race runs on
    window.lesson_panel.previous()
    assert panel.is_running() and panel.result is None
    panel.cancel()
    qtbot.waitUntil(lambda: not panel.is_running(), timeout=60_000)


def test_a_teachers_race_answers_the_revealed_step_and_is_not_cancelled_after(window, qtbot):
    panel = window.view("gradient_lab").real_scale
    measure_by_hand(window)
    window.go_to_step(step_index("batch-question"))
    window.lesson_panel.advance()  # revealed while the teacher's race runs: that race answers it
    assert window.lesson_run.revealed
    assert panel.is_running() and not panel.is_cancelling()
    window.go_to_step(step_index("gradient"))  # the class moves on: the teacher's race goes on
    assert panel.is_running() and not panel.is_cancelling()
    panel.cancel()
    qtbot.waitUntil(lambda: not panel.is_running(), timeout=60_000)


def test_a_race_left_behind_is_cancelled(window, qtbot):
    panel = window.view("gradient_lab").real_scale
    window.go_to_step(step_index("batch-question"))
    panel.vocabulary.setValue(200_000)
    window.lesson_panel.advance()
    window.go_to_step(step_index("gradient"))
    qtbot.waitUntil(lambda: not panel.is_running(), timeout=60_000)
    assert panel.result is None and panel.report.text() == "Cancelled."
    assert window.lesson_run.outcome is None


def test_the_clock_names_the_lessons_pair_as_the_lessons_example(window):
    clock = window.view("rope_clock")
    window.tabs.show_view(clock)
    clock.show_lesson_positions(3, 1)
    assert clock.face_label(0, 0.5, small=False).startswith("the lesson's example: one pair, θ = 0.5")


def test_the_comparison_says_the_mask_it_shows_and_never_what_a_swap_does(window):
    # What a swap does under each scheme is step 6's answer: the caption tells what is drawn.
    comparison = window.view("comparison")
    window.tabs.show_view(comparison)
    window.model.set_causal(True)
    assert "causal mask is on" in comparison._caption_text()
    window.model.set_causal(False)
    assert "causal mask" not in comparison._caption_text()
    for causal in (True, False):
        window.model.set_causal(causal)
        assert "permute" not in comparison._caption_text() and "swap" not in comparison._caption_text()


def test_the_lesson_says_where_its_step_is_when_another_page_is_in_front(window):
    """A real model opened (or another tab chosen) hides the toy's views: the lesson says which page
    its step is on, and one click brings that page back with the step's cue."""
    from tests.real.test_minilm import minilm_folder

    window.go_to_step(step_index("positions"))  # Build X, with the build played
    panel = window.lesson_panel
    assert panel.elsewhere() is None and not panel.back_button.isVisible()
    assert window.model_menu.open_folder(minilm_folder())  # the Real model page comes forward
    assert window.tabs.current_view() is not window.x_panel
    assert panel.elsewhere() == "Build X" and panel.back_button.isVisible()
    assert "Build X" in panel.caption.text() and "xₜ = E[iₜ] + Pₜ" not in panel.caption.text()
    window.set_language("pt")
    assert panel.elsewhere() == "Montar X" and "Montar X" in panel.caption.text()
    panel.back_button.click()
    assert window.tabs.current_view() is window.x_panel and panel.elsewhere() is None
    assert not panel.back_button.isVisible() and "xₜ = E[iₜ] + Pₜ" in panel.caption.text()
    window.tabs.show_view(window.view("attention"))  # the teacher picks another tab
    assert panel.elsewhere() == "Montar X"
    window.lesson_panel.advance()  # the next step's own page comes forward with it
    assert panel.elsewhere() is None
