"""The window as a user meets it: SPEC's numbers on screen, live updates, undo, bad input."""

import numpy as np
import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QApplication

from tests import spec
from tests.conftest import type_text

LEARNED_X = np.array(spec.X_LEARNED, dtype=float)


def shown_numbers(heatmap) -> np.ndarray:
    """Read the printed cell labels back as numbers."""
    return np.array([[float(t.replace("−", "-").replace(",", ".")) for t in row]
                     for row in heatmap.cell_texts()])


def test_worked_example_is_on_screen(window):
    panel = window.x_panel
    np.testing.assert_allclose(panel.lookup.values(), np.array(spec.E)[spec.IDS], atol=1e-9)
    np.testing.assert_allclose(panel.added.values(), np.array(spec.P[:5]), atol=1e-9)
    np.testing.assert_allclose(panel.result.values(), LEARNED_X, atol=1e-9)
    np.testing.assert_allclose(shown_numbers(panel.result), LEARNED_X, atol=1e-9)
    np.testing.assert_allclose(shown_numbers(panel.added), np.array(spec.P[:5]), atol=1e-9)
    assert panel.result.cell_texts()[1] == ["1.5", "-0.5", "-0.5", "-0.5"]
    assert window.text_input.line_edit.text() == spec.SENTENCE
    assert window.scheme_selector.buttons["learned"].isChecked()


def test_portuguese_numbers_use_a_decimal_comma(window, appearance):
    appearance.set_language("pt")
    assert window.x_panel.result.cell_texts()[1] == ["1,5", "−0,5", "−0,5", "−0,5"]
    assert window.vocabulary.table_model.index(0, 2).data() == "−0,5"


def test_sinusoidal_rows_on_screen(window):
    window.scheme_selector.buttons["sinusoidal"].click()
    assert window.model.scheme == "sinusoidal"
    np.testing.assert_array_equal(np.round(window.x_panel.added.values()[:3], 3),
                                  np.array(spec.SINUSOIDAL))
    # The lesson's three decimals: cos(0.01) = 0.99995 is 1.000, not "1" (exactly one).
    assert window.x_panel.added.cell_texts()[1] == ["0.841", "0.540", "0.010", "1.000"]


@pytest.mark.parametrize("scheme", ["none", "rope", "alibi"])
def test_schemes_that_add_nothing_say_so_everywhere(window, scheme):
    window.scheme_selector.buttons[scheme].click()
    panel = window.x_panel
    assert np.isnan(panel.added.values()).all()
    assert panel.added.caption.isVisible()
    np.testing.assert_allclose(panel.result.values(), np.array(spec.E)[spec.IDS], atol=1e-9)
    assert "Nothing is added to X" in window.scheme_selector.note.text()
    assert "no vector is added" in panel.formula.text()


@pytest.mark.parametrize("language", ["en", "pt"])
@pytest.mark.parametrize("scheme", ["none", "rope", "alibi"])
def test_what_adds_nothing_says_why_at_its_own_type_in_a_narrow_window(window, appearance, scheme, language):
    """In a 1024 px window the empty matrix is narrow: "order comes only / from the causal mask"
    shrank to 9 px on its two lines; its words now take more lines at the caption's own type,
    each inside the matrix."""
    from PySide6.QtGui import QFontMetrics

    from visualizer.ui.palette import scaled_font

    window.resize(1024, 768)
    window.set_language(language)
    try:
        window.model.set_scheme(scheme)
        for _ in range(2):
            QApplication.processEvents()
            window.grab()
        caption, matrix = window.x_panel.added.caption, window.x_panel.added
        assert caption.isVisible()
        assert caption.textItem.font().pointSizeF() == scaled_font(appearance, 11, bold=True).pointSizeF()
        metrics = QFontMetrics(caption.textItem.font())
        cells = matrix.plot.getViewBox().sceneBoundingRect()
        assert max(metrics.horizontalAdvance(line) for line in caption.toPlainText().split("\n")) < cells.width()
        assert caption.sceneBoundingRect().height() < cells.height()
    finally:
        window.set_language("en")


def test_scheme_switch_from_the_model_updates_the_selector(window):
    window.model.set_scheme("rope")
    assert window.scheme_selector.buttons["rope"].isChecked()


def test_swap_with_keyboard_updates_every_view(window, qtbot):
    strip = window.token_strip
    strip.setFocus()
    strip.select_position(1)
    qtbot.keyClick(strip, Qt.Key.Key_Right, Qt.KeyboardModifier.AltModifier)
    assert window.model.ids == tuple(spec.IDS_SUB_BEFORE_GATO)
    assert strip.selected_position() == 2
    np.testing.assert_allclose(window.x_panel.result.values()[2], spec.GATO_AT_3_LEARNED, atol=1e-9)
    assert window.text_input.line_edit.text() == "o sub gatoiu no"
    assert window.vocabulary.table_model.index(2, 6).data() == "3"
    qtbot.keyClick(strip, Qt.Key.Key_Left, Qt.KeyboardModifier.AltModifier)
    assert window.model.ids == tuple(spec.IDS)


def test_swap_without_positions_only_swaps_rows_on_screen(window):
    window.model.set_scheme("none")
    before = window.x_panel.result.values().copy()
    window.model.move_token(2, 1)
    np.testing.assert_array_equal(window.x_panel.result.values(), before[[0, 2, 1, 3, 4]])


def test_delete_removes_the_selected_chip(window, qtbot):
    strip = window.token_strip
    strip.setFocus()
    strip.select_position(4)
    qtbot.keyClick(strip, Qt.Key.Key_Delete)
    assert window.model.ids == (0, 2, 4, 5)
    assert window.x_panel.result.values().shape == (4, 4)


def test_undo_and_redo_round_trip_every_command(window):
    model, stack = window.model, window.undo_stack
    start = model.state()
    model.move_token(2, 1)
    model.set_scheme("sinusoidal")
    model.insert_token(5, 10)
    model.remove_token(0)
    model.set_embedding(3, 1, 0.25)
    model.set_text("o cão subiu no muro.")
    assert stack.count() == 6
    end = model.state()
    for _ in range(6):
        window.action_table["undo"].trigger()
    assert model.ids == start.ids and model.scheme == start.scheme
    np.testing.assert_array_equal(model.E, start.E)
    np.testing.assert_allclose(window.x_panel.result.values(), LEARNED_X, atol=1e-9)
    for _ in range(6):
        window.action_table["redo"].trigger()
    assert model.ids == end.ids and model.scheme == end.scheme
    np.testing.assert_array_equal(model.E, end.E)


def test_undo_redo_shortcuts(window):
    assert QKeySequence("Ctrl+Z") in window.action_table["undo"].shortcuts()
    assert QKeySequence("Ctrl+Shift+Z") in window.action_table["redo"].shortcuts()


def test_bad_text_keeps_the_last_good_sequence(window, qtbot):
    line = window.text_input.line_edit
    line.clear()
    qtbot.keyClicks(line, "o gato voou")
    message = window.text_input.message.text()
    assert "“ voou”" in message and "character 6" in message
    qtbot.keyClick(line, Qt.Key.Key_Return)
    assert window.model.ids == tuple(spec.IDS)
    assert window.token_strip.strip_model.rowCount() == 5
    assert window.undo_stack.count() == 0


def test_good_text_applies_on_enter(window, qtbot):
    line = window.text_input.line_edit
    line.clear()
    type_text(line, "o cão subiu no sofá")
    qtbot.keyClick(line, Qt.Key.Key_Return)
    assert window.model.ids == (0, 3, 4, 5, 1, 8)
    assert window.token_strip.strip_model.index(5).data() == "␣sofá"


def test_nan_typed_into_a_cell_is_refused_with_a_message(window):
    table = window.vocabulary.table_model
    assert not table.setData(table.index(4, 3), "NaN")
    assert window.model.E[4, 1] == 1.0
    assert "kept its value" in window.vocabulary.message.text()
    assert "kept its value" in window.statusBar().currentMessage()


def test_ninth_token_under_learned_is_marked_beyond_the_trained_length(window):
    window.model.set_text("o gato subiu no telhado. no gato")
    panel = window.x_panel
    assert window.model.n == 9
    assert panel.added.marked_rows() == [8] and panel.result.marked_rows() == [8]
    assert np.isnan(panel.result.values()[8]).all()
    assert panel.result.cell_texts()[8] == ["", "", "", ""]
    np.testing.assert_allclose(panel.result.values()[:5], LEARNED_X, atol=1e-9)
    assert "Position 9 has no row of P" in panel.step_caption.text()
    strip_model = window.token_strip.strip_model
    from visualizer.toy.token_strip_model import BeyondTrainedRole

    assert strip_model.index(8).data(BeyondTrainedRole) is True
    assert strip_model.index(7).data(BeyondTrainedRole) is False
    window.model.set_scheme("sinusoidal")
    assert panel.result.marked_rows() == [] and np.isfinite(panel.result.values()).all()


def test_highlight_links_strip_table_and_heatmaps(window):
    window.token_strip.select_position(2)
    assert window.highlight.position == 2
    for heatmap in (window.x_panel.lookup, window.x_panel.added, window.x_panel.result):
        assert heatmap.highlighted_rect().top() == 2
    from visualizer.toy.vocabulary_table_model import HIGHLIGHTED_ROW

    brush = window.vocabulary.table_model.index(4, 0).data(Qt.ItemDataRole.BackgroundRole)
    assert brush.color() == HIGHLIGHTED_ROW


def test_the_vocabulary_columns_fit_what_they_show_after_every_edit(window):
    """Only the columns whose contents changed are refitted: never stale."""
    vocabulary, model = window.vocabulary, window.model
    header = vocabulary.view.horizontalHeader()

    def widths() -> list[int]:
        return [header.sectionSize(c) for c in range(header.count())]

    def fresh_widths() -> list[int]:
        """The widths a whole refit gives now: Qt's fit, each column at least its texts in bold (a
        row turns bold when the sentence uses its token)."""
        before = widths()
        vocabulary._refit_columns()
        fresh = widths()
        for column, width in enumerate(before):
            header.resizeSection(column, width)
        return fresh

    model.set_embedding(3, 1, 123456.5)  # a wider number: its column widens
    assert widths() == fresh_widths() and widths()[3] > header.sectionSize(2)
    model.set_ids([7] * 9)  # the "at" column's text, and the rows in bold, change with no refit
    model.set_embedding(5, 0, 0.75)  # an edit in another column: the ids' columns refit too
    assert widths() == fresh_widths()
    model.set_embedding(3, 1, 0.5)  # narrower again
    assert widths() == fresh_widths()


def test_inserting_from_the_vocabulary_with_the_keyboard(window, qtbot):
    view = window.vocabulary.view
    window.token_strip.select_position(4)
    view.setFocus()
    view.setCurrentIndex(window.vocabulary.table_model.index(10, 1))
    qtbot.keyClick(view, Qt.Key.Key_Insert)
    assert window.model.ids == (0, 2, 4, 5, 1, 10)
    assert window.token_strip.selected_position() == 5


def test_build_x_step_by_step_reveals_lookup_then_positions_then_sum(window, qtbot):
    panel = window.x_panel
    panel.build_button.click()
    assert panel.build_stage() == 0
    assert np.isnan(panel.lookup.values()).all()
    panel._advance_build()
    panel._advance_build()
    shown = panel.lookup.values()
    np.testing.assert_array_equal(shown[:2], np.array(spec.E)[spec.IDS[:2]])
    assert np.isnan(shown[2:]).all() and np.isnan(panel.result.values()).all()
    for _ in range(4):
        panel._advance_build()
    assert np.isfinite(panel.added.values()).all() and np.isnan(panel.result.values()).all()
    panel._advance_build()
    np.testing.assert_allclose(panel.result.values(), LEARNED_X, atol=1e-9)
    panel._advance_build()
    assert panel.build_stage() is None and not panel.build_button.isChecked()


def test_build_stops_when_the_sequence_changes(window):
    panel = window.x_panel
    panel.build_button.click()
    panel._advance_build()
    window.model.move_token(0, 1)
    assert panel.build_stage() is None
    assert not panel.player.is_playing() and not panel.build_button.isChecked()
    # Drawn once, finished: the whole of the new X, and the summary instead of the build's step.
    np.testing.assert_array_equal(panel.result.values(), window.model.X())
    np.testing.assert_array_equal(panel.lookup.values(), window.model.E_rows())
    assert panel.step_caption.text().startswith("X has n × d")


def test_hiding_the_lesson_with_the_focus_on_next_leaves_the_sentence_alone(window, qtbot):
    """F9 with the focus on Next: Qt gave it to the text box with the sentence selected, and the
    next key typed replaced the sentence (seen with real input)."""
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    window.go_to_step(2)
    qtbot.mouseClick(window.lesson_panel.next_button, Qt.MouseButton.LeftButton)
    assert QApplication.focusWidget() is window.lesson_panel.next_button
    window.lesson_director.show_lesson(False)  # F9
    assert not window.lesson_dock.isVisible()
    assert QApplication.focusWidget() is not window.text_input.line_edit
    assert window.text_input.line_edit.selectedText() == ""


def test_f9_twice_gives_the_views_their_room_back(qtbot):
    """In a short window with the lesson along the bottom, the scheme's note steps aside; after F9
    twice it came back and took 60 px of the step's scores (seen with real input)."""
    from tests.stage import close_all, ordinary, step_index

    window = ordinary(qtbot, "en", (1024, 768))

    def scores_height() -> float:
        for _ in range(2):
            QApplication.processEvents()
            window.grab()
        return window.view("attention").scores.plot.getViewBox().sceneBoundingRect().height()

    try:
        for step in (step_index("schemes"), step_index("swap-none")):  # to the swap question, on attention
            window.go_to_step(step)
            scores_height()
        window.lesson_run.reveal()
        before = scores_height()
        assert not window.scheme_selector.note.isVisible()
        window.lesson_director.show_lesson(False)
        assert scores_height() > before and window.scheme_selector.note.isVisible()  # the room goes back
        window.lesson_director.show_lesson(True)
        assert scores_height() == before and not window.scheme_selector.note.isVisible()
    finally:
        close_all([window])


def test_a_build_stopped_halfway_leaves_no_row_lit(window):
    """Leaving step 3 while Build X played, the build's row stayed lit on every view, through the
    next steps' question."""
    panel, steps = window.x_panel, {step.id: index for index, step in enumerate(window.lesson_run.lesson.steps)}
    window.go_to_step(steps["positions"])  # plays the build
    assert panel.player.is_playing()
    panel._advance_build()
    panel._advance_build()
    assert window.highlight.position == 1
    window.go_to_step(steps["swap-none"])
    assert panel.build_stage() is None and window.highlight.position is None


def test_export_from_the_window_reports_in_the_status_bar(window, tmp_path):
    assert window.exports.export(tmp_path / "x.csv")
    assert "Saved" in window.statusBar().currentMessage()
    window.model.set_text("o gato subiu no telhado. no gato")
    assert not window.exports.export(tmp_path / "y.json")
    assert "beyond the trained length" in window.statusBar().currentMessage()
    assert not (tmp_path / "y.json").exists()


def test_hovering_a_cell_gives_its_full_precision_value(window, appearance):
    window.model.set_scheme("sinusoidal")
    text = window.x_panel.added.value_text((1, 0), "P")
    assert text == f"P[2, d0] = {float(np.sin(1.0))!r}"
    appearance.set_language("pt")
    assert window.x_panel.added.value_text((1, 0), "P") == "P[2, d0] = " + repr(float(np.sin(1.0))).replace(".", ",")


def test_hover_over_a_heatmap_highlights_its_row(window):
    from PySide6.QtCore import QPointF

    heatmap = window.x_panel.result
    scene_pos = heatmap.plot.getViewBox().mapViewToScene(QPointF(2.5, 3.5))
    window.x_panel.graphics.scene().sigMouseMoved.emit(scene_pos)
    assert window.highlight.position == 3
    assert heatmap.cell_at(scene_pos) == (3, 2)


def test_x_too_small_to_print_its_numbers_says_how_to_read_them(window, qtbot):
    panel = window.x_panel

    def printed_size() -> int:
        window.grab()  # the cells decide their type while painting
        return panel.result.labels.drawn_pixel_size

    window.resize(1008, 480)  # far smaller than the app is made for: X's cells cannot hold 10 px type
    qtbot.waitUntil(lambda: printed_size() == 0, timeout=5000)
    qtbot.waitUntil(lambda: "No room for the numbers of" in panel.step_caption.text()
                    and "X: point at a cell, or F5." in panel.step_caption.text(), timeout=5000)
    window.resize(1400, 900)  # room again: the numbers print and the hint goes
    qtbot.waitUntil(lambda: printed_size() > 0, timeout=5000)
    qtbot.waitUntil(lambda: panel.step_caption.text().startswith("X has n × d = 5 × 4 numbers"), timeout=5000)


def test_a_button_the_lesson_disables_hands_the_focus_to_the_other(window, qtbot):
    """Clicked on the last step, Next reveals the answer and is disabled; Previous likewise on the
    first step. Qt gave the focus to the next widget of the window, the sentence's text box, with
    its text selected: the next key typed replaced the sentence (seen with real input)."""
    from tests.stage import QUICK_VOCABULARY

    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    panel, steps = window.lesson_panel, window.lesson_run.lesson.steps
    window.go_to_step(1)
    qtbot.mouseClick(panel.previous_button, Qt.MouseButton.LeftButton)
    assert window.lesson_run.index == 0 and not panel.previous_button.isEnabled()
    assert QApplication.focusWidget() is panel.next_button
    window.go_to_step(len(steps) - 1)
    window.view("gradient_lab").real_scale.vocabulary.setValue(QUICK_VOCABULARY)  # the answer's race, quick
    qtbot.mouseClick(panel.next_button, Qt.MouseButton.LeftButton)
    assert window.lesson_run.revealed and not panel.next_button.isEnabled()
    assert QApplication.focusWidget() is panel.previous_button
    assert window.text_input.line_edit.selectedText() == ""
    qtbot.waitUntil(lambda: window.view("gradient_lab").real_scale.result is not None, timeout=60_000)
