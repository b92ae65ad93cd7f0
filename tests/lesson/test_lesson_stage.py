"""Every part of the lesson reaches the stage with the lesson's own numbers (issue 16).

The table E with the looked-up rows; each scheme's own numbers (sinusoidal's rows with three
decimals and t counted from 0, ALiBi's slope and bias, RoPE's pairs, NoPE's nothing added); the X a
revealed swap is about, with ␣gato's row before and after; a seeded Zipf batch whose head and tail
show, with the expected counts and how far one step moves each row; the scale facts computed; one
notation. Numbers come from tests/spec.py (SPEC.md) or are computed here independently.
"""

from __future__ import annotations

import json
import math
from itertools import pairwise

import numpy as np
import pytest
from PySide6.QtWidgets import QApplication

from tests import spec
from tests.stage import STEPS, step_index
from visualizer.core import display_token
from visualizer.lesson.run import BUILT_IN_LESSON


def paint(window) -> None:
    window.x_panel.finish_build()
    for _ in range(2):
        QApplication.processEvents()
        window.grab()


# ---- the table E ---------------------------------------------------------------------------------


def test_the_table_e_names_all_twelve_rows_and_marks_the_sentences(presenting):
    window = presenting((1024, 768), "en", step_index("name"))
    table = window.view("lookup_table")
    np.testing.assert_array_equal(table.table.values(), spec.E)
    assert table.ids.texts()[1:] == [str(i) for i in range(len(spec.TOKENS))]
    assert table.tokens.texts()[1:] == [display_token(token) for token in spec.TOKENS]
    assert table.marked_rows() == sorted(set(spec.IDS))
    # Each position's id points at its row of E (the arrows run back to E: a name, not a copy).
    assert [(source, target) for source, target, _ in table.copies.links()] == list(zip(spec.IDS, range(5),
                                                                                         strict=True))
    assert table.positions.texts()[1:] == [f"id {i}   ({p} {display_token(spec.TOKENS[i])})"
                                           for p, i in enumerate(spec.IDS, 1)]


def test_the_table_follows_the_sentence(window):
    window.go_to_step(step_index("lookup"))
    table = window.view("lookup_table")
    window.model.set_text("o gato gato")  # the same id twice: one row of E, two copies
    ids = window.model.ids
    assert table.marked_rows() == sorted(set(ids))
    np.testing.assert_array_equal(table.lookup.values(), [spec.E[i] for i in ids])


# ---- sinusoidal ----------------------------------------------------------------------------------


def test_sinusoidal_has_its_own_step_with_three_decimals_and_t_from_0(presenting):
    window = presenting((1024, 768), "en", step_index("sinusoidal"))
    panel = window.x_panel
    assert window.model.scheme == "sinusoidal"
    texts = panel.added.cell_texts()
    assert texts[:3] == [["0", "1", "0", "1"]] + [[f"{v:.3f}" for v in row] for row in spec.SINUSOIDAL[1:]]
    # One letter, one meaning: t the position from 1 (xₜ, the rows), s the formula's variable from 0.
    assert panel.added.title() == "PE(s)" and "s = t − 1" in panel.formula.text()
    # Every column named (a name too wide for its column takes two lines: "sin" over "(s/100)").
    columns = [label.replace("\n", "") for _, label in panel.added.plot.getAxis("top")._tickLevels[0]]
    assert columns == ["sin s", "cos s", "sin(s/100)", "cos(s/100)"]
    # At 1024 × 768 all three print their numbers, E[ids] too (nobody could check E + PE = X with
    # E a strip of colour): X goes under what is added, its rows named.
    assert panel.prints_numbers() == [True, True, True] and panel.graphics.two_lines
    assert all(h.labels.drawn_pixel_size for h in panel.graphics.heatmaps)
    assert panel.result.plot.getAxis("left").isVisible()
    caption = window.lesson_panel.caption.text().replace("\u00a0", " ")
    assert "[0.841, 0.540, 0.010, 1.000]" in caption and "counted from 0" in caption
    # One meaning of t on the picture: the heading counts t from 1, so the caption's 0-based index is s.
    assert "Position 2 (s = 1)" in caption and "(t = 1)" not in caption and "t counted from 0" not in caption


def test_sinusoidal_speaks_portuguese_on_stage(presenting):
    window = presenting((1024, 768), "pt", step_index("sinusoidal"))
    panel = window.x_panel
    assert panel.added.cell_texts()[1] == ["0,841", "0,540", "0,010", "1,000"]
    columns = [label.replace("\n", "") for _, label in panel.added.plot.getAxis("top")._tickLevels[0]]
    assert columns == ["sen s", "cos s", "sen(s/100)", "cos(s/100)"]
    assert all(h.labels.drawn_pixel_size for h in panel.graphics.heatmaps)


def test_wherever_all_three_fit_the_x_panel_prints_all_three(presenting):
    window = presenting((1280, 720), "pt", step_index("sinusoidal"))
    assert window.x_panel.prints_numbers() == [True, True, True]
    assert all(h.labels.drawn_pixel_size for h in window.x_panel.graphics.heatmaps)


# ---- five ways, one format -----------------------------------------------------------------------


def test_five_ways_prints_the_scores_as_the_swap_step_does_and_its_levels_fit(presenting):
    window = presenting((1024, 768), "en", step_index("schemes"))
    table = window.view("comparison").query_table  # query 5's scores under each scheme, printed
    assert table.cell_texts()[0] == ["0.625", "-0.5", "-0.125", "0.125", "0.75"]  # none: as the preview prints
    # One colour scale through the lesson: ±2, X's largest under any scheme (1.999, sinusoidal).
    largest = max(float(np.nanmax(np.abs(window.model.X_under(s)))) for s in ("none", "learned", "sinusoidal"))
    assert table.levels() == (-math.ceil(largest * 2) / 2, math.ceil(largest * 2) / 2) == (-2.0, 2.0)
    window.lesson_panel.advance()  # the swap step: the same numbers, the same text
    assert window.view("attention").scores.cell_texts()[4][:2] == ["0.625", "-0.5"]


# ---- the swaps, revealed -------------------------------------------------------------------------


def test_the_swap_without_positions_shows_x_with_numbers_once_revealed(presenting):
    window = presenting((1024, 768), "en", step_index("swap-none"))
    preview = window.view("attention")
    # The question is about X: its numbers before the reveal too (they were a strip of colours).
    assert preview.x_matrix.cell_texts()[1] == ["1", "-0.5", "0", "-0.5"] and preview.x_matrix.labels.drawn_pixel_size
    window.lesson_run.reveal()
    paint(window)
    np.testing.assert_array_equal(preview.x_matrix.values(), [spec.E[i] for i in spec.IDS_SUB_BEFORE_GATO])
    assert preview.x_matrix.cell_texts()[1] == ["-0.5", "1", "0", "-0.5"]
    assert preview.x_matrix.labels.drawn_pixel_size
    # Rows 2 and 3 only moved: dashed outlines.
    assert {row: dashed for row, (_, dashed) in preview.x_matrix.outlined_rows().items()} == {1: True, 2: True}


def test_the_swap_with_positions_sets_gatos_old_and_new_row_side_by_side(presenting):
    window = presenting((1024, 768), "pt", step_index("swap-learned"))
    panel = window.x_panel
    assert not panel.compare_shown()  # predict first
    window.lesson_run.reveal()
    paint(window)
    assert panel.compare_shown()
    old, old_row, new, new_row = panel.before_after_rows()
    assert (old, new) == (1, 2)
    np.testing.assert_array_equal(old_row, spec.X_LEARNED[1])
    np.testing.assert_array_equal(new_row, spec.GATO_AT_3_LEARNED)
    assert panel.before.cell_texts() == [["1,5", "−0,5", "−0,5", "−0,5"]]
    assert panel.after.cell_texts() == [["1", "0", "0", "−1"]]
    assert panel.before.title() == "␣gato na 2, antes" and panel.after.title() == "␣gato na 3, agora"
    # Rows 2 and 3 of X changed (positions were added): solid outlines, row 3 among them.
    assert {row: dashed for row, (_, dashed) in panel.result.outlined_rows().items()} == {1: False, 2: False}
    # Each vector is one unbreakable piece of the caption, in the lesson's notation (E[2] + P₃, the
    # lesson page's sum).
    caption = window.lesson_panel.caption.text()
    glued = "\u00a0"
    assert (f"E[2] + P₃ = [1;{glued}−0,5;{glued}0;{glued}−0,5] + [0;{glued}0,5;{glued}0;{glued}−0,5] "
            f"= [1;{glued}0;{glued}0;{glued}−1]") in caption
    assert all(h.labels.drawn_pixel_size for h in (panel.before, panel.after, panel.result))


def test_leaving_the_answer_takes_the_comparison_away(window):
    window.go_to_step(step_index("swap-learned"))
    window.lesson_run.reveal()
    assert window.x_panel.compare_shown()
    window.go_to_step(step_index("positions"))
    assert not window.x_panel.compare_shown() and not window.x_panel.result.outlined_rows()


# ---- ALiBi, RoPE, NoPE ---------------------------------------------------------------------------


def test_alibi_has_its_own_step_with_its_slope_and_bias(presenting):
    window = presenting((1024, 768), "en", step_index("alibi"))
    window.model.set_alibi_heads(4, 2)  # the class played with the heads; the step puts the lesson's back
    window.go_to_step(step_index("alibi"))
    paint(window)
    preview = window.view("attention")
    heads = window.model.attention.alibi_heads
    slope = 2 ** (-8 * window.model.attention.alibi_head / heads)
    assert (heads, window.model.attention.alibi_head, slope) == (8, 1, 0.5)
    n = len(spec.IDS)
    expected = [[-slope * (i - j) if j <= i else np.nan for j in range(n)] for i in range(n)]
    np.testing.assert_array_equal(preview.side.values(), expected)
    assert preview.side.cell_texts()[4] == ["-2", "-1.5", "-1", "-0.5", "0"]
    assert preview.side.labels.drawn_pixel_size and preview.scores.labels.drawn_pixel_size
    assert "m = 0.5" in window.lesson_panel.caption.text()


def test_the_rope_step_lists_the_lessons_three_pairs(presenting):
    # On stage each pair says its m − n too (only the distance counts), filling the column beside
    # the clock that was a quarter of the screen empty.
    window = presenting((1024, 768), "pt", step_index("rope"))
    lines = window.view("rope_clock").pairs.text().splitlines()
    theta = f"{spec.ROPE_THETA:g}".replace(".", ",")
    assert lines == [line for m, n in spec.ROPE_SCORES for line in (
        f"({m}, {n}): m − n = {m - n}",
        f"    cos({m - n} × {theta}) = {spec.ROPE_SCORES[(m, n)]:.3f}".replace(".", ","))]


def test_nope_has_its_own_step_where_nothing_is_added(window):
    window.go_to_step(step_index("nope"))
    paint(window)
    panel = window.x_panel
    assert window.model.scheme == "none" and window.model.attention.causal
    np.testing.assert_array_equal(panel.result.values(), [spec.E[i] for i in spec.IDS])
    assert panel.added.title() == "nothing" and "causal mask" in panel.added.caption.text()
    assert panel.formula.text().startswith("xₜ = E[iₜ]")


# ---- the way back ----------------------------------------------------------------------------------


def test_the_way_back_shows_a_seeded_zipf_batch_its_expected_counts_and_rows_moving(presenting):
    window = presenting((1024, 768), "en", step_index("gradient"))
    view = window.view("gradient_lab")
    lab = view.lab
    options = STEPS[step_index("gradient")].view_options
    assert (lab.batch_size, lab.seed, lab.zipf_exponent) == (options["batch"], options["seed"], 1.0)
    order = list(view.row_order())
    counts = lab.counts()[order]
    # The head and the tail: counts never rise with the rank, #1 has at least twice #2, the tail gets 0.
    assert all(a >= b for a, b in pairwise(counts))
    assert counts[0] >= 2 * counts[1] and counts[-1] == counts[-2] == 0
    shown, expected = view.count_texts()
    assert shown == [str(int(c)) for c in counts]
    weights = 1 / np.arange(1, lab.V + 1)
    assert expected == [f"{value:.1f}" for value in lab.batch_size * weights / weights.sum()]
    # Rows no token of the batch names get exactly 0 and do not move; the head moves far more than the tail.
    absent = [order[r] for r in range(lab.V) if counts[r] == 0]
    assert view.zero_gradient_ids() == sorted(absent)
    moves = lab.step_distances()[order]
    assert all(moves[r] == 0 for r in range(lab.V) if counts[r] == 0)
    assert moves[:3].mean() > 3 * moves[5:10].mean()
    # One step really moves them so: the lab trains, and the rows moved that far.
    before = np.array(lab.E)
    lab.step()
    np.testing.assert_allclose(np.linalg.norm(lab.E - before, axis=1)[order], moves)


# ---- the scale facts -------------------------------------------------------------------------------


@pytest.mark.parametrize("language", ["en", "pt"])
def test_the_scale_facts_are_computed_figures_on_stage(presenting, language):
    window = presenting((1024, 768), language, step_index("scale"))
    texts = [figure.text for figure in window.view("table_scale").bars.figures()]
    gpt2_total_millions = 124  # GPT-2 small, as the lesson and the model card count it
    llama = 128_256 * 4_096

    def grouped(number: int) -> str:
        return f"{number:,}".replace(",", "." if language == "pt" else ",")

    million = "milhões" if language == "pt" else "million"
    gpt2_millions = f"{spec.GPT2_E_PARAMETERS / 1e6:.1f}".replace(".", "," if language == "pt" else ".")
    assert (f"{grouped(spec.GPT2_V)} × {spec.GPT2_D} = {grouped(spec.GPT2_E_PARAMETERS)} ≈ {gpt2_millions} "
            f"{million}") in texts[0]
    assert f"{spec.GPT2_SHARE_PERCENT}%" in texts[1] and f"{gpt2_total_millions} {million}" in texts[1]
    assert f"{grouped(llama)} ≈ {spec.LLAMA3_CLASS_E_MILLIONS} {million}" in texts[2]
    # Untied, past a thousand million: in billions, "≈ 1,05 bilhão" (not "≈ 1.051 milhões").
    billion = "bilhão" if language == "pt" else "billion"
    billions = f"{2 * llama / 1e9:.2f}".replace(".", "," if language == "pt" else ".")
    assert f"{grouped(2 * llama)} ≈ {billions} {billion}" in texts[3] and billions == ("1,05" if language == "pt"
                                                                                     else "1.05")
    assert f"{grouped(llama)} ≈ {spec.LLAMA3_CLASS_E_MILLIONS} {million}" in texts[4]  # tied: one table
    assert "12 × 4 = 48" in texts[5]


# ---- one notation ----------------------------------------------------------------------------------


def texts_of(value) -> list[str]:
    """Every text a class reads in a step of the lesson file (titles, captions, questions, answers)."""
    if isinstance(value, dict):
        names = ("view", "view_options", "state", "id", "kind", "key", "right_when")  # not read by the class
        return [text for key, item in value.items() if key not in names for text in texts_of(item)]
    if isinstance(value, list):
        return [text for item in value for text in texts_of(item)]
    return [value] if isinstance(value, str) else []


def test_one_notation_the_lessons(window):
    window.go_to_step(step_index("positions"))
    assert window.x_panel.formula.text().startswith("xₜ = E[iₜ] + Pₜ")
    assert "t = 1, 2" in window.x_panel.formula.text()
    data = json.loads(BUILT_IN_LESSON.read_text(encoding="utf-8"))
    everything = " ".join(text for step in data["steps"] for text in texts_of(step))
    # One way of writing it: subscripts as the lesson prints them (xₜ, P₃), never x_p, id_p or x_t.
    assert not [old for old in ("x_p ", "id_p", "x_t", "P_t", "P_3") if old in everything]
    assert "xₜ = E[iₜ] + Pₜ" in everything
    window.go_to_step(step_index("swap-learned"))
    window.lesson_run.reveal()
    answer = window.lesson_panel.caption.text()
    assert "E[2] + P₃" in answer and not [old for old in ("x_p ", "P_3", "P3") if old in answer]
    for scheme in ("learned", "sinusoidal", "none", "rope", "alibi"):
        window.model.set_scheme(scheme)
        assert "x_p" not in window.x_panel.formula.text() and "id_p" not in window.x_panel.formula.text()
    window.tabs.show_view(window.view("attention"))
    window.model.set_scheme("rope")
    assert window.view("attention").side.title() == "q = k = R(t−1) xₜ"


@pytest.mark.parametrize("size", [(1024, 768), (1920, 1080)], ids=["1024x768", "1920x1080"])
def test_the_tables_colour_bar_keeps_every_number(presenting, size):
    # pyqtgraph drops a tick label wider than its axis: at 1920 × 1080 the ±0,5 went missing.
    from PySide6.QtGui import QFontMetrics

    window = presenting(size, "pt", step_index("lookup"))
    axis = window.view("lookup_table").colour_bar.axis
    labels = [label for _, label in axis._tickLevels[0]]
    # One colour scale through the lesson (±2: X's largest under any scheme), E's table too.
    assert labels == ["−2", "−1,5", "−1", "−0,5", "0", "0,5", "1", "1,5", "2"]
    font = axis.style["tickFont"]
    assert axis.width() >= max(QFontMetrics(font).horizontalAdvance(label) for label in labels) + axis.style[
        "tickTextOffset"][0]


@pytest.mark.parametrize("language", ["en", "pt"])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (3840, 2160)], ids=["1280x720", "1920x1080", "3840x2160"])
def test_sinusoidal_names_every_column_of_PE_at_every_projector_size(presenting, size, language):
    # At 1280 × 720 "cos t" and "cos(t/100)" were left out: "sin(t/100)" was a few pixels short
    # of its column, too wide for one line beside its neighbours and not broken onto two.
    window = presenting(size, language, step_index("sinusoidal"))
    sine = "sin" if language == "en" else "sen"
    columns = [label.replace("\n", "") for _, label in window.x_panel.added.plot.getAxis("top")._tickLevels[0]]
    assert columns == [f"{sine} s", "cos s", f"{sine}(s/100)", "cos(s/100)"]
