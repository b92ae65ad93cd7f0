"""The shell's parts as the issue asks them: undo belongs to what you see, F9 leaves X showing, a
revealed answer is a state (sessions, --reveal), a reveal's caption follows the state under it,
and X is exported by one function everywhere."""

from __future__ import annotations

import json

import numpy as np
import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from tests import spec
from tests.real.folders import gpt2_folder
from tests.stage import STEPS, step_index
from visualizer.core import attention_scores, classify_rows, embed

SWAP_NONE = step_index("swap-none")  # swap ␣gato and ␣sub without positions
SWAP_LEARNED = step_index("swap-learned")  # the same swap, with learned positions
BATCH_QUESTION = step_index("batch-question")
QUESTIONS = ", ".join(str(number) for number, step in enumerate(STEPS, 1) if step.is_question)


# ---- undo belongs to what you see -------------------------------------------------------------


def test_ctrl_z_on_the_real_model_page_undoes_its_drag_not_the_toys_edit(window, qtbot, tmp_path):
    window.model.set_scheme("sinusoidal")  # an edit of the hidden toy
    folder, _ = gpt2_folder(tmp_path / "gpt2")
    menu = window.model_menu
    assert menu.open_folder(folder)
    real = menu.real_model
    before = real.ids
    real.move_token(0, 2)  # what a drag on the page does
    assert real.ids != before
    window.activateWindow()
    qtbot.waitUntil(lambda: window.isActiveWindow(), timeout=3000)
    QTest.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert real.ids == before
    assert window.model.scheme == "sinusoidal"  # the toy kept its edit
    assert "move" in window.action_table["redo"].text().lower()
    QTest.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)  # nothing more on this page
    assert window.model.scheme == "sinusoidal"
    window.tabs.show_view(window.x_panel)  # the toy in front: its own history
    QTest.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert window.model.scheme == "learned" and real.ids == before


# ---- F9 ------------------------------------------------------------------------------------------


def test_hiding_the_lesson_on_step_1_leaves_the_lookup_showing(window, qtbot):
    window.go_to_step(0)  # an id is only a name: the ids point at their rows, no E[ids] yet
    table = window.view("lookup_table")
    assert not table.shows_copies() and not table.lookup.plot.isVisible()
    window.activateWindow()
    QTest.keyClick(window, Qt.Key.Key_F9)
    assert not window.lesson_dock.isVisible() and not window.action_table["lesson"].isChecked()
    assert table.shows_copies() and table.lookup.plot.isVisible()
    np.testing.assert_array_equal(table.lookup.values(), window.model.E_rows())


def test_showing_the_lesson_again_stages_its_step_and_answer_again(window, qtbot):
    # Step 7 answered sets ␣gato's row before and after the swap under X; F9 twice dropped it.
    window.go_to_step(SWAP_LEARNED)
    window.lesson_panel.reveal()
    assert window.x_panel.compare_shown()
    window.activateWindow()
    QTest.keyClick(window, Qt.Key.Key_F9)
    assert not window.x_panel.compare_shown()  # hidden with the lesson that staged it
    QTest.keyClick(window, Qt.Key.Key_F9)
    assert window.lesson_dock.isVisible() and window.lesson_panel.revealed
    assert window.x_panel.compare_shown()


# ---- a revealed answer is a state ----------------------------------------------------------------


def test_a_session_keeps_its_step_its_reveal_and_its_own_sentence(window, tmp_path):
    window.go_to_step(SWAP_NONE)
    window.lesson_panel.reveal()
    window.model.set_scheme("learned")  # the class went on experimenting under the answer
    window.model.insert_token(5, 10)
    saved = window.model.state()
    assert window.documents.save_session(tmp_path / "s.json")
    data = json.loads((tmp_path / "s.json").read_text())
    assert data["lesson"] == {"step": "swap-none", "revealed": True}
    window.go_to_step(0)
    assert window.documents.open_session(tmp_path / "s.json")
    assert window.model.ids == saved.ids and window.model.scheme == "learned"  # its own, not the step's
    assert window.lesson_panel.index == SWAP_NONE and window.lesson_panel.revealed
    assert window.undo_stack.count() == 0


def test_a_session_naming_a_step_this_lesson_lacks_still_opens(window, tmp_path):
    from visualizer.io.session import LessonPlace, save_session
    from visualizer.model import EmbeddingModel

    save_session(tmp_path / "s.json", EmbeddingModel(text="o cão"), LessonPlace("sinusoidal-rows", True))
    assert window.documents.open_session(tmp_path / "s.json")
    assert window.model.text == "o cão"
    assert "'sinusoidal-rows' is not in this lesson" in window.statusBar().currentMessage()


def test_reveal_on_the_command_line_exports_the_answers_state(cli, tmp_path):
    out = tmp_path / "x.json"
    assert cli("--step", str(SWAP_NONE + 1), "--reveal", "--export", str(out)).returncode == 0
    assert json.loads(out.read_text())["ids"] == list(spec.IDS_SUB_BEFORE_GATO)
    assert cli("--step", str(SWAP_NONE + 1), "--export", str(out)).returncode == 0
    assert json.loads(out.read_text())["ids"] == list(spec.IDS)


@pytest.mark.parametrize(("args", "message"), [
    (("--step", "1", "--reveal"), f"--reveal: step 1 asks no question; the questions are steps {QUESTIONS}"),
    (("--reveal",), "--reveal needs --step N (the question whose answer to show)"),
])
def test_reveal_of_a_step_without_a_question_is_one_line_and_exit_2(cli, tmp_path, args, message):
    result = cli(*args, "--export", str(tmp_path / "x.json"))
    assert result.returncode == 2
    assert result.stderr.strip().splitlines() == [f"embedding-visualizer: error: {message}"]
    assert not (tmp_path / "x.json").exists()


def test_a_screenshot_after_the_reveal_shows_the_answer(cli, tmp_path):
    from PySide6.QtGui import QImage

    before, after = tmp_path / "before.png", tmp_path / "after.png"
    step = str(SWAP_NONE + 1)
    assert cli("--screenshot", str(before), "--size", "1024x768", "--step", step).returncode == 0
    assert cli("--screenshot", str(after), "--size", "1024x768", "--step", step, "--reveal").returncode == 0
    assert QImage(str(before)) != QImage(str(after))


# ---- the caption follows the state under it --------------------------------------------------------


def outputs(ids: list[int], causal: bool) -> np.ndarray:
    """One head's outputs with q = k = v = x under no positions, computed here from SPEC's E."""
    X = embed(ids, np.array(spec.E), "none")
    scores = attention_scores(X, "none", causal=causal)
    weights = np.exp(scores - scores.max(axis=1, keepdims=True))
    return (weights / weights.sum(axis=1, keepdims=True)) @ X


def test_ticking_the_mask_under_the_answer_changes_what_it_says(window):
    window.go_to_step(SWAP_NONE)
    window.lesson_panel.reveal()
    caption = window.lesson_panel.caption.text()
    assert "gives the same outputs, swapped" in caption
    window.view("attention").causal.click()  # the mask on, under the revealed answer
    caption = window.lesson_panel.caption.text()
    assert "same outputs, swapped" not in caption and "the causal mask is on" in caption
    verdicts = classify_rows(tuple(spec.IDS), outputs(spec.IDS, True), tuple(spec.IDS_SUB_BEFORE_GATO),
                             outputs(spec.IDS_SUB_BEFORE_GATO, True), atol=1e-9)
    changed = [str(p + 1) for p, (kind, _) in enumerate(verdicts) if kind == "changed"]
    assert changed and f"the tokens at positions {' and '.join(changed)} now see a different set" in caption
    window.set_language("pt")
    assert "máscara causal está ligada" in window.lesson_panel.caption.text()
    window.set_language("en")
    window.view("attention").causal.click()  # off again: the first answer holds again
    assert "gives the same outputs, swapped" in window.lesson_panel.caption.text()


# ---- X is exported once ------------------------------------------------------------------------------


def test_the_command_line_and_file_export_write_the_same_x(window, cli, tmp_path):
    for suffix in (".json", ".csv", ".tex"):
        assert window.exports.export(tmp_path / f"window{suffix}")
        assert cli("--export", str(tmp_path / f"cli{suffix}")).returncode == 0
        assert (tmp_path / f"window{suffix}").read_text() == (tmp_path / f"cli{suffix}").read_text()


def test_an_unknown_format_is_refused_alike_everywhere(window, cli, tmp_path):
    from visualizer.io.tables import EXPORT_FORMATS

    formats = ", ".join(EXPORT_FORMATS)
    assert not window.exports.export(tmp_path / "x.xlsx")
    assert f"cannot export to .xlsx; use one of {formats}" in window.statusBar().currentMessage()
    folder, _ = gpt2_folder(tmp_path / "gpt2")
    assert window.model_menu.open_folder(folder)
    assert not window.model_menu.export_x(tmp_path / "x.xlsx")
    assert f"cannot export to .xlsx; use one of {formats}" in window.statusBar().currentMessage()
    result = cli("--export", str(tmp_path / "x.xlsx"))
    assert f"cannot export to .xlsx; use one of {formats}" in result.stderr


# ---- the seams a new part uses ---------------------------------------------------------------------


def test_a_panel_beside_the_lesson_goes_where_the_lesson_goes(window):
    from PySide6.QtWidgets import QLabel

    results = QLabel("poll results")  # what a class poll would show beside the question
    window.lesson_dock.add_beside(results)
    window.go_to_step(SWAP_NONE)
    assert results.isVisible() and window.lesson_panel.isVisible()
    assert window.lesson_dock.isAncestorOf(results)
    window.presentation.set_presenting(True, full_screen=False)
    try:
        assert window.dockWidgetArea(window.lesson_dock) == Qt.DockWidgetArea.BottomDockWidgetArea
        assert results.isVisible()
    finally:
        window.presentation.set_presenting(False)


def test_f9_hides_the_lesson_in_a_narrow_window_too(window, qtbot):
    # Along the bottom of a window narrower than 1320 px the lesson stayed after F9 (the first-run
    # hint says F9 shows or hides it).
    window.resize(1024, 768)
    window.go_to_step(2)
    qtbot.waitUntil(lambda: window.lesson_dock.at_bottom and window.lesson_dock.isVisible(), timeout=2000)
    window.activateWindow()
    QTest.keyClick(window, Qt.Key.Key_F9)
    assert not window.lesson_dock.isVisible()
    QTest.keyClick(window, Qt.Key.Key_F9)
    assert window.lesson_dock.isVisible() and window.lesson_dock.at_bottom


def test_f9_on_stage_hides_the_lesson_with_what_it_staged(window, qtbot):
    # Presenting, F9 left the band showing step 13's question while the lab went back from GPT-2's
    # scale to its toy page (seen on Xvfb): the lesson hides with what it staged, comes back with F9
    # or the next step, and leaving presentation gives the window the lesson as it had it.
    window.resize(1024, 768)
    window.go_to_step(step_index("batch-question"))
    window.presentation.set_presenting(True, full_screen=False)
    qtbot.waitUntil(lambda: window.lesson_dock.isVisible(), timeout=2000)
    lab, lesson = window.view("gradient_lab"), window.action_table["lesson"]
    assert lab.pages.currentWidget() is lab.real_scale and lesson.isChecked()
    window.activateWindow()
    QTest.keyClick(window, Qt.Key.Key_F9)
    assert not window.lesson_dock.isVisible() and lab.pages.currentWidget() is not lab.real_scale
    assert not lesson.isChecked() and window.tabs.current_view() is lab
    QTest.keyClick(window, Qt.Key.Key_F9)
    assert window.lesson_dock.isVisible() and lab.pages.currentWidget() is lab.real_scale and lesson.isChecked()
    QTest.keyClick(window, Qt.Key.Key_F9)
    window.lesson_panel.previous()  # another step shows the lesson again
    assert window.lesson_dock.isVisible()
    QTest.keyClick(window, Qt.Key.Key_F9)
    window.presentation.set_presenting(False, full_screen=False)
    qtbot.waitUntil(lambda: window.lesson_dock.isVisible(), timeout=2000)  # as the window had it


def test_presenting_begins_or_ends_with_the_staging_of_the_lesson_as_shown(window, qtbot):
    # Hidden on stage with F9, then presenting left: the window showed step 13's question over the
    # lab's toy page; hidden in the window, then F5: the stage showed it over the toy page too.
    window.resize(1024, 768)
    window.go_to_step(step_index("batch-question"))
    lab, band = window.view("gradient_lab"), window.lesson_dock

    def staged() -> bool:
        return lab.pages.currentWidget() is lab.real_scale

    window.presentation.set_presenting(True, full_screen=False)
    window.lesson_director.show_lesson(False)  # F9 on stage
    assert not band.isVisible() and not staged()
    window.presentation.set_presenting(False, full_screen=False)  # the window still wants the lesson
    qtbot.waitUntil(band.isVisible, timeout=2000)
    assert staged()
    window.lesson_director.show_lesson(False)  # F9 in the window
    assert not staged()
    window.presentation.set_presenting(True, full_screen=False)  # the stage shows the lesson
    qtbot.waitUntil(band.isVisible, timeout=2000)
    assert staged()
    window.presentation.set_presenting(False, full_screen=False)  # and the window hides it again
    qtbot.waitUntil(lambda: not band.isVisible(), timeout=2000)
    assert not staged() and not window.action_table["lesson"].isChecked()
