"""Classroom use: the guided lesson, presentation keys, zoom, settings and the autosave."""

from pathlib import Path

import numpy as np
import pytest
from PySide6.QtCore import QSettings, Qt

from tests import spec
from visualizer.lesson.run import load_lesson
from visualizer.shell.main_window import MainWindow
from visualizer.shell.presentation import ZOOM_STEP, presentation_scale

LESSON = load_lesson()


@pytest.mark.parametrize("index", range(len(LESSON.steps)), ids=[s.id for s in LESSON.steps])
def test_every_lesson_step_matches_its_data_file(window, index):
    step = LESSON.steps[index]
    window.go_to_step(index)
    assert window.model.text == step.text and window.model.scheme == step.scheme
    assert window.tabs.current_view() is window.view(step.view)
    assert window.lesson_panel.title.text() == step.title["en"]
    assert window.lesson_panel.question_box.isVisibleTo(window.lesson_panel) == step.is_question
    assert "{" not in window.lesson_panel.caption.text()  # every live value was filled in
    if step.view_options.get("lesson_example"):
        assert window.view("rope_clock").lesson_mode


def test_check_yourself_one_reveals_computed_answers(window):
    ids = [s.id for s in LESSON.steps]
    window.go_to_step(ids.index("swap-none"))
    window.lesson_panel.advance()  # the clicker's first press reveals
    assert window.lesson_panel.revealed
    assert window.model.ids == tuple(spec.IDS_SUB_BEFORE_GATO)
    assert "no number changed" in window.lesson_panel.caption.text()
    window.lesson_panel.advance()
    assert window.lesson_panel.index == ids.index("swap-learned")
    window.lesson_panel.reveal()
    x3 = ", ".join(f"{v:g}" for v in spec.GATO_AT_3_LEARNED)
    # A vector never breaks across lines: its spaces are no-break ones.
    assert f"[{x3}]" in window.lesson_panel.caption.text().replace("\u00a0", " ")


def test_check_yourself_two_runs_the_experiment(window, qtbot):
    ids = [s.id for s in LESSON.steps]
    panel = window.view("gradient_lab").real_scale
    panel.vocabulary.setValue(3000)  # keep the test quick; the lesson runs GPT-2 size
    window.go_to_step(ids.index("batch-question"))
    window.lesson_panel.reveal()
    assert panel.is_running()
    qtbot.waitUntil(lambda: panel.result is not None, timeout=30_000)
    # Not "question 2": the lesson page's second question is the app's third (its first is two steps).
    assert panel.answer.text().startswith("The answer, from this run: only the ")
    assert "rows whose ids occur" in panel.answer.text()


def test_presentation_keys_drive_the_lesson(window, qtbot):
    qtbot.keyClick(window, Qt.Key.Key_F5)
    assert window.presentation.presenting
    assert window.appearance.scale >= 1.5 and window.appearance.high_contrast
    assert not window.vocabulary.isVisible() and window.lesson_dock.isVisible()
    assert window.lesson_panel.index is None  # shown, not started: the class's sentence stays
    qtbot.keyClick(window, Qt.Key.Key_Right)
    assert window.lesson_panel.index == 0
    qtbot.keyClick(window, Qt.Key.Key_Right)
    assert window.lesson_panel.index == 1
    qtbot.keyClick(window, Qt.Key.Key_PageDown)
    assert window.lesson_panel.index == 2
    qtbot.keyClick(window, Qt.Key.Key_Left)
    qtbot.keyClick(window, Qt.Key.Key_PageUp)
    assert window.lesson_panel.index == 0
    qtbot.keyClick(window, Qt.Key.Key_B)
    assert window.presentation.is_blank()
    qtbot.keyClick(window, Qt.Key.Key_B)
    assert not window.presentation.is_blank()
    window.tabs.show_view(window.x_panel)
    qtbot.keyClick(window, Qt.Key.Key_Space)
    assert window.x_panel.build_stage() is not None
    qtbot.keyClick(window, Qt.Key.Key_Space)
    assert window.x_panel.build_stage() is None
    qtbot.keyClick(window, Qt.Key.Key_Escape)
    assert not window.presentation.presenting and window.appearance.scale == 1.0
    assert window.vocabulary.isVisible()


def test_entering_presentation_keeps_the_class_sentence(window, qtbot):
    window.model.move_token(2, 1)
    qtbot.keyClick(window, Qt.Key.Key_F5)
    assert window.model.ids == tuple(spec.IDS_SUB_BEFORE_GATO)


def test_clicker_keys_are_off_outside_presentation(window, qtbot):
    window.token_strip.setFocus()
    window.token_strip.select_position(1)
    qtbot.keyClick(window.token_strip, Qt.Key.Key_Right)
    assert window.lesson_panel.index is None
    assert window.token_strip.selected_position() == 2


def test_zoom_keys(window, qtbot):
    qtbot.keyClick(window, Qt.Key.Key_Equal, Qt.KeyboardModifier.ControlModifier)
    assert window.appearance.scale == pytest.approx(ZOOM_STEP)
    qtbot.keyClick(window, Qt.Key.Key_Minus, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClick(window, Qt.Key.Key_Minus, Qt.KeyboardModifier.ControlModifier)
    assert window.appearance.scale < 1.0
    qtbot.keyClick(window, Qt.Key.Key_0, Qt.KeyboardModifier.ControlModifier)
    assert window.appearance.scale == 1.0


def test_presentation_scale_follows_the_screen():
    assert presentation_scale(1024, 768) == 1.5
    assert presentation_scale(1920, 1080) == pytest.approx(2.11)
    assert presentation_scale(3840, 2160) == 2.5


def test_settings_remember_language_zoom_and_recent_files(qtbot, tmp_path, model):
    settings_path = str(tmp_path / "settings.ini")
    first = MainWindow(model, settings=QSettings(settings_path, QSettings.Format.IniFormat))
    qtbot.addWidget(first)
    first.presentation.zoom_in()
    first.set_language("pt")
    first.documents.save_session(tmp_path / "a.json")
    first.close()
    second = MainWindow(settings=QSettings(settings_path, QSettings.Format.IniFormat))
    qtbot.addWidget(second)
    assert second.appearance.scale == pytest.approx(ZOOM_STEP)
    assert second.appearance.language == "pt"
    assert second.documents.recent_files() == [str(tmp_path / "a.json")]
    second.set_language("en")
    second.close()


def test_autosave_is_offered_after_a_crash(qtbot, tmp_path):
    settings_path = str(tmp_path / "settings.ini")
    crashed = MainWindow(settings=QSettings(settings_path, QSettings.Format.IniFormat))
    qtbot.addWidget(crashed)
    crashed.model.move_token(1, 2)
    crashed.documents.autosave()
    autosave = crashed.documents.autosave_path()
    assert autosave is not None and autosave.exists()
    crashed.detach()  # a crash: no closeEvent, the autosave stays
    crashed.hide()
    reopened = MainWindow(settings=QSettings(settings_path, QSettings.Format.IniFormat))
    qtbot.addWidget(reopened)
    reopened.show()
    assert reopened.restore_bar.isVisible()
    assert reopened.model.ids == tuple(spec.IDS)  # offered, not forced
    reopened.restore_bar.restore_button.click()
    assert reopened.model.ids == tuple(spec.IDS_SUB_BEFORE_GATO) and not reopened.restore_bar.isVisible()
    assert reopened.documents.has_unsaved_work()  # back, and still in no file of the teacher's
    reopened.documents.save_session(tmp_path / "restored.json")
    reopened.close()
    assert not Path(autosave).exists()  # a clean exit removes it


def test_session_round_trip_through_the_window(window, tmp_path):
    window.model.set_scheme("alibi")
    window.go_to_step(2)
    window.model.set_embedding(0, 0, 0.25)
    assert window.documents.save_session(tmp_path / "s.json")
    saved = window.model.state()
    window.model.set_text("o muro.")
    assert window.documents.open_session(tmp_path / "s.json")
    assert window.model.ids == saved.ids and window.lesson_panel.index == 2
    np.testing.assert_array_equal(window.model.E, saved.E)


def test_dark_theme_reaches_the_plots_and_follows_settings(qtbot, tmp_path):
    settings_path = str(tmp_path / "settings.ini")
    first = MainWindow(settings=QSettings(settings_path, QSettings.Format.IniFormat))
    qtbot.addWidget(first)
    first.look.set_theme("dark")
    assert first.appearance.dark and first.palette().window().color().lightness() < 80
    assert first.x_panel.graphics.backgroundBrush().color().lightness() < 80
    first.close()
    second = MainWindow(settings=QSettings(settings_path, QSettings.Format.IniFormat))
    qtbot.addWidget(second)
    assert second.look.theme_mode == "dark" and second.appearance.dark
    second.look.set_theme("light")
    assert not second.appearance.dark
    assert second.x_panel.graphics.backgroundBrush().color().lightness() > 200
    with pytest.raises(ValueError, match="unknown theme"):
        second.look.set_theme("sepia")
    second.close()


def test_reveal_runs_on_the_steps_own_sentence_even_after_edits(window):
    ids = [s.id for s in LESSON.steps]
    window.go_to_step(ids.index("swap-none"))
    window.model.set_text("o cão")  # the class played with the sentence meanwhile
    window.lesson_panel.reveal()
    assert window.model.ids == tuple(spec.IDS_SUB_BEFORE_GATO)


def test_a_button_that_cannot_be_used_looks_it_on_the_projector(window, qtbot):
    # High contrast set black text for every colour group: Previous on the first step, disabled,
    # was as black as Next. The pixels of the two buttons' text tell them apart now.
    qtbot.keyClick(window, Qt.Key.Key_F5)
    qtbot.keyClick(window, Qt.Key.Key_Right)
    previous, following = window.lesson_panel.previous_button, window.lesson_panel.next_button
    assert window.lesson_panel.index == 0 and not previous.isEnabled() and following.isEnabled()

    def darkest(button) -> int:
        image = button.grab().toImage()
        return min(image.pixelColor(x, y).lightness() for x in range(image.width()) for y in range(image.height()))

    assert darkest(following) < 60 and darkest(previous) > 100
