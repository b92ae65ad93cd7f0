"""Work is never lost: File → Open, Open recent, a model opened or closed and a restore ask first
with unsaved work (Cancel changes nothing, the undo history neither); a session holds what the
teacher opened (the real model's folder, sentence and token order, the page in front) and the
autosave the same, with the session file it belongs to.

The question is the real modal box, answered by pressing its button (``answer_with``). The
end-to-end tests press the same keys on a real X server (tests/e2e/test_documents.py).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtCore import QSettings, Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QFileDialog, QMenu, QMessageBox

from tests import spec
from tests.real.folders import gpt2_folder
from visualizer.app import open_window, parse_arguments
from visualizer.appearance import Appearance
from visualizer.io.session import LessonPlace, RealModelPlace, load_session, save_session
from visualizer.model import EmbeddingModel
from visualizer.shell.main_window import MainWindow


@pytest.fixture
def asking(window):
    """The window, asking before unsaved work goes, as the app's own window does."""
    window.documents.asks = True
    return window


def answer_with(button_text: str) -> list[tuple[str, str]]:
    """When the question opens, press the button whose text starts with ``button_text``; returns the
    (question, what would be lost) seen, one per question asked."""
    seen: list[tuple[str, str]] = []

    def press() -> None:
        box = QApplication.activeModalWidget()
        if not isinstance(box, QMessageBox):
            QTimer.singleShot(20, press)
            return
        seen.append((box.text(), box.informativeText()))
        next(b for b in box.buttons() if b.text().replace("&", "").startswith(button_text)).click()

    QTimer.singleShot(0, press)
    return seen


def no_dialog(monkeypatch) -> None:
    """Fail the test if a file dialog opens (Save must go to the session's own file)."""
    def refuse(*_args, **_kwargs):
        raise AssertionError("a file dialog opened")

    for name in ("getOpenFileName", "getSaveFileName", "getExistingDirectory"):
        monkeypatch.setattr(QFileDialog, name, refuse)


def other_session(tmp_path: Path) -> Path:
    path = tmp_path / "other.json"
    save_session(path, EmbeddingModel(text="o cão", scheme="none"))
    return path


def with_some_work(window) -> None:
    window.model.set_embedding(1, 0, 0.5)
    window.model.move_token(1, 2)
    assert window.isWindowModified()


def work_kept(window) -> None:
    """The work of :func:`with_some_work`, its undo history and the title's "*" untouched."""
    assert window.model.E[1, 0] == 0.5 and window.model.ids == tuple(spec.IDS_SUB_BEFORE_GATO)
    assert window.undo_stack.count() == 2 and window.isWindowModified()
    window.action_table["undo"].trigger()
    assert window.model.ids == tuple(spec.IDS) and window.model.E[1, 0] == 0.5


# ---- File → Open and Open recent ---------------------------------------------------------------------


def test_ctrl_o_with_unsaved_work_asks_and_cancel_changes_nothing(asking, monkeypatch, tmp_path, qtbot):
    window, other = asking, other_session(tmp_path)
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *_a, **_k: (str(other), ""))
    with_some_work(window)
    seen = answer_with("Cancel")
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    QTest.keyClick(window, Qt.Key.Key_O, Qt.KeyboardModifier.ControlModifier)  # File → Open
    assert seen == [("Save the session before opening other.json?",
                     "The sentence, the scheme and the edits to E since the last save would be lost.")]
    assert window.documents.session_path is None and window.documents.recent_files() == []
    work_kept(window)


def test_open_without_saving_really_discards(asking, monkeypatch, tmp_path):
    window, other = asking, other_session(tmp_path)
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *_a, **_k: (str(other), ""))
    with_some_work(window)
    seen = answer_with("Open without saving")
    window.action_table["open"].trigger()
    assert len(seen) == 1
    assert window.model.text == "o cão" and window.model.scheme == "none"
    assert window.model.E[1, 0] == spec.E[1][0]  # the edit is gone ...
    assert window.undo_stack.count() == 0 and not window.isWindowModified()  # ... and so is its undo
    assert window.documents.session_path == other


def test_the_question_speaks_portuguese(asking, tmp_path):
    window, other = asking, other_session(tmp_path)
    window.set_language("pt")
    with_some_work(window)
    seen = answer_with("Abrir sem salvar")
    assert window.documents.ask_open_path(other)
    assert seen == [("Salvar a sessão antes de abrir other.json?", "A frase, o esquema e as edições de E desde a "
                     "última vez que a sessão foi salva seriam perdidos.")]
    window.set_language("en")


def test_save_saves_then_opens(asking, tmp_path):
    window, other = asking, other_session(tmp_path)
    mine = tmp_path / "mine.json"
    window.documents.save_session(mine)
    with_some_work(window)
    seen = answer_with("Save")
    assert window.documents.ask_open_path(other)
    assert len(seen) == 1 and window.model.text == "o cão" and window.documents.session_path == other
    saved = load_session(mine, EmbeddingModel()).state
    assert saved.ids == tuple(spec.IDS_SUB_BEFORE_GATO) and saved.E[1, 0] == 0.5


def test_save_whose_file_dialog_is_cancelled_opens_nothing(asking, monkeypatch, tmp_path):
    window, other = asking, other_session(tmp_path)
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *_a, **_k: ("", ""))
    with_some_work(window)
    answer_with("Save")
    assert not window.documents.ask_open_path(other)
    work_kept(window)


def test_open_recent_asks_too_and_reopening_the_same_file_reads_what_save_wrote(asking, tmp_path):
    window = asking
    mine = tmp_path / "mine.json"
    window.documents.save_session(mine)
    with_some_work(window)
    recent = window.action_table.menus["file/recent"].actions()
    assert [action.text() for action in recent] == [str(mine)]
    seen = answer_with("Save")
    recent[0].trigger()  # the very file just saved: read after the save
    assert len(seen) == 1 and window.model.E[1, 0] == 0.5 and window.model.ids == tuple(spec.IDS_SUB_BEFORE_GATO)
    assert not window.isWindowModified() and window.undo_stack.count() == 0


def test_a_file_that_cannot_be_opened_asks_nothing(asking, tmp_path):
    window = asking
    broken = tmp_path / "broken.json"
    broken.write_text("{")
    with_some_work(window)
    assert not window.documents.ask_open_path(broken)  # no question: a modal box would hang the test
    assert "broken.json is not valid JSON" in window.problem_bar.text()
    work_kept(window)


def test_nothing_unsaved_opens_without_a_question(asking, tmp_path):
    assert asking.documents.ask_open_path(other_session(tmp_path))
    assert asking.model.text == "o cão"


# ---- a real model: its work, the question, the session ---------------------------------------------


@pytest.fixture
def gpt2(tmp_path) -> Path:
    return gpt2_folder(tmp_path / "gpt2")[0]


def test_a_drag_on_the_real_model_page_is_unsaved_work(window, gpt2, tmp_path):
    assert window.model_menu.open_folder(gpt2)
    assert not window.isWindowModified()  # a model opened is not work yet
    window.model_menu.real_model.move_token(0, 2)
    assert window.isWindowModified() and window.documents.has_unsaved_work()
    assert window.documents.save_session(tmp_path / "s.json")
    assert not window.isWindowModified()
    window.action_table["undo"].trigger()  # back before the save: unsaved again
    assert window.isWindowModified()


def test_opening_another_model_asks_only_for_the_pages_work(asking, gpt2, tmp_path):
    window, menu = asking, asking.model_menu
    assert menu.open_folder(gpt2)
    window.model.set_embedding(1, 0, 0.5)  # the toy's work: another model does not touch it
    second = shutil.copytree(gpt2, tmp_path / "second")
    assert menu.ask_open_folder(second)  # no question (a modal box would hang the test)
    assert window.model.E[1, 0] == 0.5 and window.documents.has_unsaved_work()
    real = menu.real_model
    real.move_token(0, 2)
    dragged = real.ids
    seen = answer_with("Cancel")
    assert not menu.ask_open_folder(gpt2)
    assert seen == [("Save the session before opening the model gpt2?",
                     "The changes on the Real model page since the last save would be lost.")]
    assert real.ids == dragged and real.checkpoint.folder == second
    window.action_table["undo"].trigger()  # the page's undo history is intact
    assert real.ids != dragged
    window.action_table["redo"].trigger()
    seen = answer_with("Open without saving")
    assert menu.ask_open_folder(gpt2) and len(seen) == 1
    assert real.checkpoint.folder == gpt2 and not menu.has_unsaved_work()
    assert not window.undo.group.canUndo()  # the page's history afresh (its sentence carries over to the model)
    assert window.model.E[1, 0] == 0.5  # the toy's edit stays, still unsaved
    real.move_token(0, 2)
    seen = answer_with("Cancel")
    window.model_menu.toy_action.trigger()  # Model → Toy vocabulary drops the page's work too
    assert seen[0][0] == "Save the session before closing the real model?" and real.checkpoint is not None


def test_a_session_holds_the_real_model_and_the_page_in_front(window, gpt2, tmp_path, qtbot):
    menu = window.model_menu
    menu.real_model.set_text("the dog ran")
    assert menu.open_folder(gpt2)
    menu.real_model.move_token(0, 2)
    shown = menu.real_model.ids
    window.model.set_scheme("rope")
    window.go_to_step(2)
    window.tabs.show_view(menu.page)
    path = tmp_path / "s.json"
    assert window.documents.save_session(path)
    data = json.loads(path.read_text())
    assert data["real_model"] == {"folder": str(gpt2.resolve()), "text": menu.real_model.text, "ids": list(shown)}
    assert data["page"] == "real_model" and data["lesson"] == {"step": "positions", "revealed": False}

    again = MainWindow()  # another window: nothing of the first but the file
    qtbot.addWidget(again)
    again.show()
    assert again.documents.open_session(path)
    real = again.model_menu.real_model
    assert real.checkpoint is not None and real.checkpoint.folder == gpt2 and real.ids == shown
    assert again.tabs.current_view() is again.model_menu.page and again.lesson_panel.index == 2
    assert not again.isWindowModified() and not again.undo.group.canUndo()
    assert again.model.scheme == window.model.scheme
    again.tabs.show_view(again.x_panel)
    assert not again.undo.group.canUndo()  # the toy's history is empty too
    again.close()


def test_a_session_without_a_model_closes_the_one_shown(window, gpt2, tmp_path):
    save_session(tmp_path / "toy.json", EmbeddingModel(), page="rope_clock")
    assert window.model_menu.open_folder(gpt2)
    assert window.documents.open_session(tmp_path / "toy.json")
    assert window.model_menu.real_model.checkpoint is None and window.tabs.current_view() is window.view("rope_clock")


def test_a_model_folder_gone_at_restore_is_one_message_and_the_rest_opens(window, gpt2, tmp_path):
    path = tmp_path / "s.json"
    model = EmbeddingModel(text="o cão", scheme="sinusoidal")
    model.set_embedding(3, 1, 0.125)
    gone = str(tmp_path / "gone")
    save_session(path, model, LessonPlace("rope", revealed=False), RealModelPlace(gone, "hi", (1, 2)), "real_model")
    assert window.model_menu.open_folder(gpt2)  # another model shown before: the session's toy replaces it
    window.problem_bar.dismiss()
    assert window.documents.open_session(path)
    assert window.problem_bar.text() == (  # one message, naming the session and the folder
        f"s.json opened without its real model, which cannot be opened: {gone} is not a folder")
    assert window.model.text == "o cão" and window.model.scheme == "sinusoidal" and window.model.E[3, 1] == 0.125
    assert window.lesson_run.current_step().id == "rope"
    assert window.model_menu.real_model.checkpoint is None
    assert window.documents.session_path == path and not window.isWindowModified()


def test_a_page_this_window_lacks_is_said_and_the_rest_opens(window, tmp_path):
    save_session(tmp_path / "s.json", EmbeddingModel(text="o cão"), page="a_view_of_a_newer_app")
    assert window.documents.open_session(tmp_path / "s.json")
    assert window.model.text == "o cão" and window.tabs.current_view() is window.x_panel
    assert "page 'a_view_of_a_newer_app' is not in this window" in window.statusBar().currentMessage()


def test_the_command_line_session_brings_its_model_and_page(qtbot, gpt2, tmp_path):
    path = tmp_path / "s.json"
    model = EmbeddingModel(scheme="alibi")
    save_session(path, model, None, RealModelPlace(str(gpt2), "the dog", (10, 4)), "real_model")  # dragged
    args = parse_arguments(["--session", str(path)])
    args.session_data = load_session(path, model)  # as main() reads it
    model.restore(args.session_data.state)
    window = open_window(model, Appearance(), QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat), args)
    qtbot.addWidget(window)
    real = window.model_menu.real_model
    assert real.checkpoint is not None and real.ids == (10, 4) and window.tabs.current_view() is window.model_menu.page
    assert window.documents.session_path == path and not window.isWindowModified()
    window.close()


# ---- the autosave ----------------------------------------------------------------------------------


def settings_at(tmp_path) -> QSettings:
    return QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)


def crash(window) -> None:
    """No closeEvent: the autosave stays, as after a crash."""
    window.detach()
    window.hide()


def test_after_a_restore_ctrl_s_saves_to_the_sessions_own_file(qtbot, gpt2, tmp_path, monkeypatch):
    lesson_file = tmp_path / "lesson.json"
    save_session(lesson_file, EmbeddingModel())
    first = MainWindow(settings=settings_at(tmp_path))
    qtbot.addWidget(first)
    assert first.documents.open_session(lesson_file) and first.model_menu.open_folder(gpt2)
    first.model_menu.real_model.move_token(0, 1)
    first.model.set_embedding(2, 1, 0.75)
    first.tabs.show_view(first.model_menu.page)
    first.documents.autosave()
    data = json.loads(first.documents.autosave_path().read_text())
    assert data["session_file"] == str(lesson_file) and data["page"] == "real_model"
    assert data["real_model"]["folder"] == str(gpt2.resolve())
    dragged = first.model_menu.real_model.ids
    crash(first)

    second = MainWindow(settings=settings_at(tmp_path))
    qtbot.addWidget(second)
    second.show()
    assert second.restore_bar.isVisible()
    second.model.set_embedding(0, 0, 0.25)  # this run's own work: autosaved beside the offer, not over it
    second.documents.autosave()
    second.restore_bar.restore_button.click()  # no question: its asks is off, the work goes
    assert second.model.E[2, 1] == 0.75 and second.model_menu.real_model.ids == dragged
    assert second.tabs.current_view() is second.model_menu.page
    assert second.isWindowModified() and second.documents.session_path == lesson_file
    assert "Restored the work saved automatically" in second.statusBar().currentMessage()
    no_dialog(monkeypatch)
    second.activateWindow()
    qtbot.waitUntil(second.isActiveWindow)
    QTest.keyClick(second, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    assert not second.isWindowModified()
    saved = load_session(lesson_file, EmbeddingModel())
    assert saved.state.E[2, 1] == 0.75 and saved.real_model.ids == dragged
    assert str(second.documents.autosave_path()) not in second.documents.recent_files()
    assert second.documents.recent_files() == [str(lesson_file)]
    second.close()


def test_open_recent_never_lists_the_autosave(qtbot, tmp_path):
    window = MainWindow(settings=settings_at(tmp_path))
    qtbot.addWidget(window)
    autosave = window.documents.autosave_path()
    window.documents.store.set_value("recent", [str(autosave), str(tmp_path / "a.json")])  # an earlier version's
    window.documents.fill_recent_menu()
    assert [a.text() for a in window.action_table.menus["file/recent"].actions()] == [str(tmp_path / "a.json")]
    window.close()


def test_a_cancelled_restore_keeps_the_offer(qtbot, tmp_path):
    first = MainWindow(settings=settings_at(tmp_path))
    qtbot.addWidget(first)
    first.model.move_token(1, 2)
    first.documents.autosave()
    crash(first)
    second = MainWindow(settings=settings_at(tmp_path), ask_before_quit=True)
    qtbot.addWidget(second)
    second.show()
    second.model.set_embedding(0, 0, 0.25)  # work of this run
    seen = answer_with("Cancel")
    second.restore_bar.restore_button.click()
    assert seen[0][0] == "Save the session before restoring the work saved automatically?"
    assert second.restore_bar.isVisible() and second.model.E[0, 0] == 0.25  # still offered; nothing changed
    assert second.model.ids == tuple(spec.IDS)
    second.ask_before_quit = False
    second.close()  # this run's work goes to the autosave; the offer stays for the next start
    third = MainWindow(settings=settings_at(tmp_path))
    qtbot.addWidget(third)
    third.show()
    assert third.restore_bar.isVisible()
    third.restore_bar.restore_button.click()
    assert third.model.E[0, 0] == 0.25  # the newest work is offered
    np.testing.assert_array_equal(third.model.ids, spec.IDS)
    third.close()


def test_a_window_torn_down_without_closing_raises_nothing(qtbot):
    # A script's window never closed is destroyed by Qt without detach(): the undo stack then
    # announced "clean" from its destructor, and asking it whether it was clean raised
    # "Internal C++ object (QUndoStack) already deleted" (pytest-qt fails on such an exception).
    import shiboken6

    window = MainWindow()
    window.model.move_token(1, 2)  # unsaved work: the stack is not clean
    assert window.documents.has_unsaved_work()
    shiboken6.delete(window)
    QApplication.processEvents()
    # Closing disposes of pyqtgraph's plot menus (parentless); this window was never closed, on purpose.
    for widget in QApplication.topLevelWidgets():
        if isinstance(widget, QMenu):
            widget.deleteLater()
    QApplication.processEvents()


# ---- the lesson's edits, autosaved with the work --------------------------------------------------


def edited_lesson(window, tmp_path) -> Path:
    """The teacher saved the lesson as their own file, then edited step 2's title (not saved)."""
    window.go_to_step(1)
    mine = tmp_path / "my-lesson.json"
    assert window.lesson_files.save_as(mine)
    assert window.authoring.set_text("title", "en", "Our own title")
    assert window.lesson_files.has_unsaved_changes()
    return mine


def test_a_killed_app_gives_back_the_lessons_unsaved_edits(qtbot, tmp_path):
    # The autosave kept the toy's work but not the lesson's: a crash while editing a lesson lost it.
    from visualizer.lesson.file import read_lesson

    first = MainWindow(settings=settings_at(tmp_path))
    qtbot.addWidget(first)
    mine = edited_lesson(first, tmp_path)
    assert first.documents.has_unsaved_work() is False  # the toy itself is as the lesson left it
    first.documents.autosave()
    crash(first)

    second = MainWindow(settings=settings_at(tmp_path))
    qtbot.addWidget(second)
    second.show()
    assert second.restore_bar.isVisible()
    second.restore_bar.restore_button.click()
    assert second.lesson_run.lesson.steps[1].title["en"] == "Our own title"
    assert second.lesson_run.index == 1  # where the class was
    assert second.lesson_files.has_unsaved_changes() and second.lesson_files.path == mine
    assert not second.documents.has_unsaved_work()  # the toy is the step's own: nothing of it to save
    assert read_lesson(mine).steps[1].title["en"] != "Our own title"  # the file still holds what was saved
    assert second.lesson_files.save_as(second.lesson_files.path)  # Save lesson: to its own file
    assert read_lesson(mine).steps[1].title["en"] == "Our own title"
    second.close()


def test_lesson_edits_alone_are_kept_when_the_app_ends_without_asking(qtbot, tmp_path):
    first = MainWindow(settings=settings_at(tmp_path))
    qtbot.addWidget(first)
    edited_lesson(first, tmp_path)
    first.close_at_exit()  # the event loop ended: nobody to ask; before, only the toy's work was kept
    second = MainWindow(settings=settings_at(tmp_path))
    qtbot.addWidget(second)
    second.show()
    assert second.restore_bar.isVisible()
    second.restore_bar.discard_button.click()  # declined: nothing of it is offered again
    assert [path.name for path in second.documents.autosave_path().parent.glob("autosave*")] == []
    assert second.lesson_run.lesson.steps[1].title["en"] != "Our own title"
    second.close()


def test_a_lesson_copy_that_cannot_be_read_is_one_message_and_the_rest_comes_back(qtbot, tmp_path):
    first = MainWindow(settings=settings_at(tmp_path))
    qtbot.addWidget(first)
    edited_lesson(first, tmp_path)
    first.model.set_embedding(2, 1, 0.75)
    first.documents.autosave()
    copy = first.documents.autosave_path().with_name("autosave-lesson.json")
    copy.write_text('{"format": "not a lesson"', encoding="utf-8")
    crash(first)
    second = MainWindow(settings=settings_at(tmp_path))
    qtbot.addWidget(second)
    second.show()
    second.restore_bar.restore_button.click()
    assert second.model.E[2, 1] == 0.75  # the toy's work is back
    assert "cannot be read" in second.problem_bar.text() and "autosave-offered-lesson.json" in second.problem_bar.text()
    assert second.lesson_run.lesson.steps[1].title["en"] != "Our own title"
    assert not second.lesson_files.has_unsaved_changes()
    second.close()
