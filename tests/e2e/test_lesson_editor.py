"""The lesson editor under a window manager (openbox, 1366 × 768), real pointer and keys (xdotool):
a step added after the one shown, its title typed into the editor and shown on the stage as typed,
both undone and redone with the editor's own buttons, and quitting with the lesson unsaved asks
first (Escape keeps the window, "Quit without saving" quits).

One scripted run, made once per test run and read by the tests below (states in ``states.json``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.real_app import display
from tests.e2e.test_window_holds import SCREEN, states_once
from visualizer.lesson.run import load_lesson

pytestmark = [pytest.mark.e2e, pytest.mark.slow(seconds=30)]
TYPED = "<b>Our own step</b>"  # markup: shown as typed, never as bold
STEP = 7  # 1-based, as --step counts


def run_editor(folder: Path) -> None:
    states: dict[str, Any] = {}
    with display(*SCREEN, window_manager=True) as screen:
        with screen.running(folder / "app", folder / "home", "--edit-lesson", "--step", str(STEP)) as app:
            states["start"] = app.state()
            app.click("editor add_after")
            states["added"] = app.state()
            app.click("editor title en")
            app.key("ctrl+a")
            app.type(TYPED)
            states["typed"] = app.state()
            app.click("editor undo_button")  # the typing, as one change
            states["undo typing"] = app.state()
            app.click("editor undo_button")  # the step added
            states["undo adding"] = app.state()
            app.click("editor redo_button")
            app.click("editor redo_button")
            states["redone"] = app.state()
            app.key("ctrl+q", pause=0.8)
            states["asked"] = app.state()
            app.key("Escape", pause=0.5)  # Cancel
            states["cancelled"] = app.state()
            app.key("ctrl+q", pause=0.8)
            app.key("alt+w", pause=0.5)  # Quit without saving
            states["exit"] = app.wait_exit()
    (folder / "states.json").write_text(json.dumps(states))


@pytest.fixture(scope="module")
def editor_run(tmp_path_factory) -> dict[str, Any]:
    return states_once(tmp_path_factory, "lesson-editor", run_editor)


def test_a_step_added_after_the_one_shown_takes_the_title_typed_as_plain_text(editor_run):
    steps = len(load_lesson().steps)
    start, added, typed = editor_run["start"], editor_run["added"], editor_run["typed"]
    assert start["lesson"]["steps"] == steps and start["lesson"]["step"] == STEP - 1
    assert added["lesson"]["steps"] == steps + 1 and added["lesson"]["step"] == STEP  # the new step, shown
    assert typed["lesson"]["title"] == TYPED  # on the stage (drawn as plain text: tests/authoring/test_editor.py)
    assert typed["lesson"]["steps"] == steps + 1


def test_the_editors_buttons_undo_the_typing_then_the_step_and_redo_both(editor_run):
    steps = len(load_lesson().steps)
    assert editor_run["undo typing"]["lesson"]["steps"] == steps + 1
    assert editor_run["undo typing"]["lesson"]["title"] != TYPED
    assert editor_run["undo adding"]["lesson"]["steps"] == steps
    assert editor_run["redone"]["lesson"]["steps"] == steps + 1 and editor_run["redone"]["lesson"]["title"] == TYPED


def test_quitting_with_the_lesson_unsaved_asks_and_escape_keeps_the_window(editor_run):
    assert editor_run["asked"]["question"] == "Save the changes to the lesson before quitting?"
    assert editor_run["cancelled"]["question"] is None and editor_run["cancelled"]["lesson"]["steps"] == \
        len(load_lesson().steps) + 1
    assert editor_run["exit"] == 0
