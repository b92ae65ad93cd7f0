"""The app itself under a window manager (openbox, 1366 × 768), real keys (xdotool): no work is lost
to File → Open, Open recent or a model opened; a session brings back the model folder and the page
in front (``--session FILE`` too); after a kill and a restore, Ctrl+S saves to the session's own
file; a refused edit's message ends with the next edit taken.

One scripted run, made once per test run and read by the tests below (states in ``states.json``).
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest

from tests import spec
from tests.e2e.real_app import RunningApp, display
from tests.e2e.test_window_holds import SCREEN, drag, edit_cell, states_once
from tests.real.test_minilm import minilm_folder
from visualizer.io.session import save_session
from visualizer.model import EmbeddingModel

pytestmark = [pytest.mark.e2e, pytest.mark.slow(seconds=60)]
O_CAO = [0, 3]  # "o cão"


def open_by_dialog(app: RunningApp, path: Path, states: dict[str, Any], name: str) -> None:
    """Ctrl+O, the path typed into the file dialog, Return; the state with the dialog open as ``name``."""
    app.key("ctrl+o", pause=0.8)
    states[name] = app.state()
    app.type(str(path))
    app.key("Return", pause=0.8)


def open_recent(app: RunningApp, menu: str = "alt+f") -> None:
    """File → Open recent (or Model → Recent models with ``alt+m``), its first entry, by keys."""
    app.key(menu, "r", pause=0.4)
    app.key("Return", pause=0.8)


def run_documents(folder: Path) -> None:
    states: dict[str, Any] = {}
    home = folder / "home"
    lesson, other, with_model = folder / "lesson.json", folder / "other.json", folder / "with-model.json"
    save_session(lesson, EmbeddingModel())
    save_session(other, EmbeddingModel(text="o cão", scheme="none"))
    states["paths"] = {"lesson": str(lesson), "other": str(other), "with model": str(with_model),
                       "minilm": str(minilm_folder())}
    with display(*SCREEN, window_manager=True) as screen:
        with screen.running(folder / "first", home, "--session", str(lesson)) as app:
            # A refused edit's message, and the edits after it.
            edit_cell(app, "E[1, 0]", "abc")
            states["abc"] = app.state()
            edit_cell(app, "E[1, 0]", "-0")
            states["-0"] = app.state()
            edit_cell(app, "E[1, 0]", "1,5")
            states["1,5"] = app.state()
            edit_cell(app, "E[1, 0]", "0.5")
            states["0.5"] = app.state()
            # Ctrl+O with unsaved work: Cancel, then Open without saving.
            open_by_dialog(app, other, states, "open dialog")
            states["asked to open"] = app.state()
            app.key("Escape")  # Cancel
            states["open cancelled"] = app.state()
            app.key("ctrl+z")
            states["undone"] = app.state()
            app.key("ctrl+shift+z")
            states["redone"] = app.state()
            open_by_dialog(app, other, states, "open dialog again")
            app.key("alt+w", pause=0.8)  # Open without saving
            states["opened other"] = app.state()
            app.key("ctrl+z")
            states["ctrl+z after opening"] = app.state()
            # Open recent with unsaved work: Save (to the session's own file), then it opens.
            edit_cell(app, "E[2, 1]", "0.75")
            open_recent(app)
            states["asked by recent"] = app.state()
            app.key("Return", pause=0.8)  # Save
            states["reopened by recent"] = app.state()
            app.key("ctrl+q")
            states["first exit"] = app.wait_exit()
        states["other saved"] = json.loads(other.read_text())

        # A real model: its page's work, Recent models, a session holding it.
        with screen.running(folder / "second", home, "--model", str(minilm_folder())) as app:
            states["model"] = app.state()
            drag(app, "real chip 3", "real chip 1")
            states["model dragged"] = app.state()
            open_recent(app, "alt+m")  # the same folder, from Model → Recent models
            states["asked by model"] = app.state()
            app.key("Escape")
            states["model cancelled"] = app.state()
            app.key("ctrl+z")
            states["model undone"] = app.state()
            app.key("ctrl+shift+z")
            app.key("ctrl+s", pause=0.8)  # no session yet: Save asks where
            states["save dialog"] = app.state()
            app.type(str(with_model))
            app.key("Return", pause=0.8)
            states["model saved"] = app.state()
            app.key("ctrl+q")
            states["second exit"] = app.wait_exit()
        states["with model saved"] = json.loads(with_model.read_text())

        # --session FILE brings the model and the page back; a kill, a restore, Ctrl+S.
        with screen.running(folder / "third", home, "--session", str(with_model)) as app:
            states["session with model"] = app.state()
            app.click("tab Build X")
            edit_cell(app, "E[3, 2]", "0.125")
            app.click("tab Real model")
            states["before the kill"] = app.state()
            time.sleep(3.5)  # the autosave follows an edit within 3 s
            app.kill()
        with screen.running(folder / "fourth", home) as app:
            states["after the kill"] = app.state()
            app.click("restore")
            states["restored"] = app.state()
            app.key("ctrl+s", pause=0.8)
            states["saved after restore"] = app.state()
            app.key("ctrl+q")
            states["fourth exit"] = app.wait_exit()
        states["with model after restore"] = json.loads(with_model.read_text())
    (folder / "states.json").write_text(json.dumps(states))


@pytest.fixture(scope="module")
def documents(tmp_path_factory) -> dict[str, Any]:
    return states_once(tmp_path_factory, "window-documents", run_documents)


def test_a_refused_edits_message_ends_with_the_next_edit_taken(documents):
    assert documents["abc"]["vocabulary_message"] == "E[1, 0] kept its value: 'abc' is not a number"
    assert documents["-0"]["vocabulary_message"] == "" and documents["-0"]["E"][1][0] == 0
    comma = documents["1,5"]
    assert comma["vocabulary_message"] == (
        "E[1, 0] kept its value: '1,5' is ambiguous in English: 15 or 1.5? Type it without a comma")
    assert comma["E"][1][0] == 0
    assert documents["0.5"]["vocabulary_message"] == "" and documents["0.5"]["E"][1][0] == 0.5


def test_ctrl_o_with_unsaved_work_asks_and_cancel_keeps_everything(documents):
    assert documents["open dialog"]["file_dialog"] == "Open session"
    assert documents["asked to open"]["question"] == "Save the session before opening other.json?"
    cancelled = documents["open cancelled"]
    assert cancelled["question"] is None and cancelled["file_dialog"] is None and cancelled["modified"]
    assert cancelled["E"][1][0] == 0.5 and cancelled["ids"] == spec.IDS
    assert cancelled["undo"] == "Undo E[1, 0] = 0.5"  # the undo history too
    assert documents["undone"]["E"][1][0] == 0 and documents["redone"]["E"][1][0] == 0.5


def test_open_without_saving_opens_and_the_work_is_gone(documents):
    opened = documents["opened other"]
    assert opened["ids"] == O_CAO and opened["scheme"] == "none" and opened["E"][1][0] == spec.E[1][0]
    assert not opened["modified"] and opened["undo"] == "Undo" and opened["session_path"].endswith("other.json")
    assert documents["ctrl+z after opening"]["E"] == opened["E"] and documents["ctrl+z after opening"]["ids"] == O_CAO


def test_open_recent_asks_and_save_writes_the_sessions_own_file(documents):
    assert documents["asked by recent"]["question"] == "Save the session before opening other.json?"
    reopened = documents["reopened by recent"]
    assert reopened["file_dialog"] is None and not reopened["modified"]
    assert reopened["E"][2][1] == 0.75  # saved into other.json, then read back
    assert [2, 1, 0.75] in documents["other saved"]["E_edits"] and documents["first exit"] == 0


def test_opening_a_model_over_the_pages_work_asks(documents):
    model, dragged = documents["model"], documents["model dragged"]
    assert model["tab"] == "Real model" and dragged["real_ids"] != model["real_ids"] and dragged["modified"]
    assert documents["asked by model"]["question"] == "Save the session before opening the model model?"
    cancelled = documents["model cancelled"]
    assert cancelled["real_ids"] == dragged["real_ids"] and cancelled["question"] is None
    assert documents["model undone"]["real_ids"] == model["real_ids"]  # its undo history kept


def test_a_session_holds_the_model_folder_and_the_page_in_front(documents):
    assert documents["save dialog"]["file_dialog"] == "Save session"
    saved = documents["with model saved"]
    assert saved["version"] == 3 and saved["page"] == "real_model"
    assert saved["real_model"]["folder"] == str(Path(documents["paths"]["minilm"]).resolve())
    assert saved["real_model"]["ids"] == documents["model dragged"]["real_ids"]
    assert not documents["model saved"]["modified"] and documents["second exit"] == 0
    reopened = documents["session with model"]  # --session FILE with a model folder inside
    assert reopened["tab"] == "Real model" and reopened["real_ids"] == documents["model dragged"]["real_ids"]
    assert not reopened["modified"] and reopened["problem"] == ""


def test_after_a_restore_ctrl_s_saves_to_the_sessions_own_file(documents):
    after_kill = documents["after the kill"]
    assert after_kill["restore_bar"] and after_kill["real_ids"] is None  # offered, not forced
    restored = documents["restored"]
    assert restored["tab"] == "Real model" and restored["real_ids"] == documents["before the kill"]["real_ids"]
    assert restored["E"][3][2] == 0.125 and restored["modified"]
    assert restored["session_path"] == documents["paths"]["with model"]
    saved = documents["saved after restore"]
    assert saved["file_dialog"] is None and not saved["modified"]  # no new name asked
    assert [3, 2, 0.125] in documents["with model after restore"]["E_edits"]
    for state in (after_kill, restored, saved):
        assert not any(path.endswith("autosave.json") for path in state["recent"])
    assert documents["fourth exit"] == 0
