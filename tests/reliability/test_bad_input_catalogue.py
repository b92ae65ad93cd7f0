"""Every bad input the app accepts from a person or a file, with the message it must give.

Each case runs on the live window (or the command line) and checks that the message names the
problem and that the state is exactly what it was. docs/errors.md's "Errors" section lists the
same cases (a test below keeps the two in step).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtCore import QMimeData, QModelIndex, Qt

from tests.conftest import type_text
from visualizer.io.session import MAX_BYTES

ROOT = Path(__file__).resolve().parents[2]
NINE_TOKENS = "o gato subiu no telhado. no gato"


@dataclass(frozen=True)
class Case:
    """A bad input: where it comes from, what it is, and words its message must contain."""

    source: str
    what: str
    message: str
    run: Callable[..., str] | None = None  # (window, tmp_path) -> the message shown
    cli: tuple[str, ...] = ()  # or: command-line arguments ({tmp} is a scratch folder)
    setup: Callable[..., None] | None = None  # (window) -> the state the case starts from


def typed(text: str) -> Callable[..., str]:
    def run(window, tmp_path) -> str:
        line = window.text_input.line_edit
        line.clear()
        type_text(line, text)
        line.returnPressed.emit()
        return window.text_input.message.text()

    return run


def cell(value: str) -> Callable[..., str]:
    def run(window, tmp_path) -> str:
        table = window.vocabulary.table_model
        table.setData(table.index(4, 3), value)
        return window.vocabulary.message.text()

    return run


def key_on_strip(key: Qt.Key, modifier=Qt.KeyboardModifier.NoModifier) -> Callable[..., str]:
    def run(window, tmp_path) -> str:
        from PySide6.QtTest import QTest

        window.token_strip.clearSelection()
        window.token_strip.setCurrentIndex(QModelIndex())
        QTest.keyClick(window.token_strip, key, modifier)
        return window.statusBar().currentMessage()

    return run


def drop(payload_type: str, payload: bytes) -> Callable[..., str]:
    def run(window, tmp_path) -> str:
        mime = QMimeData()
        mime.setData(payload_type, payload)
        strip = window.token_strip.strip_model
        strip.dropMimeData(mime, Qt.DropAction.CopyAction, 0, 0, QModelIndex())
        return window.statusBar().currentMessage()

    return run


def session(content: str | bytes) -> Callable[..., str]:
    def run(window, tmp_path) -> str:
        path = tmp_path / "bad.json"
        path.write_bytes(content.encode() if isinstance(content, str) else content)
        window.documents.open_session(path)
        return window.problem_bar.text()  # a refused file's problem stays until dismissed

    return run


def good_session(**changes) -> str:
    data = {"format": "embedding-visualizer-session", "version": 1, "ids": [0, 2], "scheme": "none",
            "attention": {}, "E_edits": [], "lesson_step": None}
    data.update(changes)
    return json.dumps(data)


def window_call(method: str, *args: str) -> Callable[..., str]:
    def run(window, tmp_path) -> str:
        target = window
        for name in method.split("."):
            target = getattr(target, name)
        target(*[Path(a.replace("{tmp}", str(tmp_path))) for a in args])
        # A session not saved is a problem that stays; an export's refusal is a status-bar line.
        return window.problem_bar.text() if method.startswith("documents.") else window.statusBar().currentMessage()

    return run


def thirty_two_tokens(window) -> None:
    window.model.set_ids([0] * 32)


def nine_tokens(window) -> None:
    window.model.set_text(NINE_TOKENS)


CATALOGUE = [
    # The text box
    Case("text box", "a word the vocabulary cannot spell", "“ voou” at character 6", typed("o gato voou")),
    Case("text box", "letters no token starts with", "“xyz” at character 0", typed("xyz")),
    Case("text box", "a double space", "“ ” at character 1", typed("o  gato")),
    Case("text box", "a space-led token after a period", "“ o” at character 7", typed("o gato. o")),
    Case("text box", "more than 32 tokens", "more than this app shows (32 at most)", typed("o" * 33)),
    # Cells of E
    Case("cell of E", "NaN", "'nan' is not a finite number", cell("nan")),
    Case("cell of E", "infinity", "'inf' is not a finite number", cell("inf")),
    Case("cell of E", "minus infinity", "'-inf' is not a finite number", cell("-inf")),
    Case("cell of E", "a number too large for a float", "'1e999' is not a finite number", cell("1e999")),
    Case("cell of E", "a value too large to save", "1e+98 is too large", cell("1e98")),
    Case("cell of E", "a value past the limit", "2000000 is too large: an entry of E lies between", cell("2000000")),
    Case("cell of E", "text", "'abc' is not a number", cell("abc")),
    Case("cell of E", "an empty cell", "an empty cell is not a number", cell("")),
    Case("cell of E", "a comma in English (1,5)",
         "'1,5' is ambiguous in English: 15 or 1.5? Type it without a comma", cell("1,5")),
    # The token strip
    Case("token strip", "Delete with no token selected", "Select a token first, then press Delete",
         key_on_strip(Qt.Key.Key_Delete)),
    Case("token strip", "Alt+arrow with no token selected", "Select a token first, then press Alt+arrow",
         key_on_strip(Qt.Key.Key_Left, Qt.KeyboardModifier.AltModifier)),
    Case("token strip", "dropping a 33rd token", "more than this app shows",
         drop("application/x-embedding-visualizer-token-id", b"3"), setup=thirty_two_tokens),
    Case("token strip", "dropping an unknown token id", "token id 99 is outside 0..11",
         drop("application/x-embedding-visualizer-token-id", b"99")),
    # Session files
    Case("session file", "a missing file", "cannot open", window_call("documents.open_session", "{tmp}/none.json")),
    Case("session file", "an empty file", "not valid JSON", session("")),
    Case("session file", "a truncated file", "may be truncated", session(good_session()[:40])),
    Case("session file", "a binary file", "not text", session(b"\x89PNG\r\n\x1a\n\x00\x00")),
    Case("session file", "a file larger than 1 MB", "a session is at most", session(b" " * (MAX_BYTES + 1))),
    Case("session file", "JSON nested 100,000 deep", "nested too deeply", session("[" * 100_000 + "]" * 100_000)),
    Case("session file", "a JSON list", "expected a JSON object", session("[1, 2, 3]")),
    Case("session file", "another app's JSON", "not a session of this app", session('{"format": "other"}')),
    Case("session file", "a newer version", "made by a newer version", session(good_session(version=7))),
    Case("session file", "a version that is text", "no valid version", session(good_session(version="1"))),
    Case("session file", "ids that are not a list", "'ids' must be a list", session(good_session(ids="0 2"))),
    Case("session file", "a token id out of range", "outside 0..11", session(good_session(ids=[0, 99]))),
    Case("session file", "a boolean token id", "'ids' must be a list", session(good_session(ids=[True]))),
    Case("session file", "33 tokens", "more than 32", session(good_session(ids=[0] * 33))),
    Case("session file", "an unknown scheme", "unknown position scheme", session(good_session(scheme="abs"))),
    Case("session file", "NaN in E", "not a usable number", session(good_session(E_edits=[[0, 0, float("nan")]]))),
    Case("session file", "a huge value in E", "not a usable number", session(good_session(E_edits=[[0, 0, 1e300]]))),
    Case("session file", "an edit outside E", "outside the 12 × 4 table", session(good_session(E_edits=[[12, 0, 1]]))),
    Case("session file", "an edit of the wrong shape", "[id, dimension, value]",
         session(good_session(E_edits=[[0, 1]]))),
    Case("session file", "a negative RoPE base", "RoPE base", session(good_session(attention={"rope_base": -3}))),
    Case("session file", "an unknown RoPE scaling", "RoPE scaling",
         session(good_session(attention={"rope_scaling": {"kind": "magic", "factor": 2}}))),
    Case("session file", "an ALiBi head beyond H", "ALiBi heads",
         session(good_session(attention={"alibi_heads": 4, "alibi_head": 9}))),
    Case("session file", "a mask that is not true/false", "'causal' must be true or false",
         session(good_session(attention={"causal": "yes"}))),
    Case("session file", "a negative lesson step", "'lesson_step'", session(good_session(lesson_step=-1))),
    Case("session file", "a lesson place that is not {step, revealed}", "'lesson' must be null or",
         session(good_session(version=2, lesson={"step": 4}))),
    Case("session file", "a real model that is not {folder, text, ids}", "'real_model' must be null or",
         session(good_session(version=3, real_model={"folder": "models/gpt2", "text": "hi", "ids": []}))),
    Case("session file", "a page in front that is not a page's name", "'page' must be null or a page's name",
         session(good_session(version=3, page="../x"))),
    Case("session file", "an autosave's session file that is not a full path", "'session_file' must be null or",
         session(good_session(version=3, session_file="lesson.json"))),
    # Saving and exporting from the window
    Case("saving", "a session into a missing folder", "cannot save",
         window_call("documents.save_session", "{tmp}/no/s.json")),
    Case("exporting", "a view into a missing folder", "does not exist",
         window_call("exports.export_view", "{tmp}/no/v.png")),
    Case("exporting", "arrays into a file, not a folder", "not a folder",
         window_call("exports.export_arrays", "{tmp}/x.txt")),
    Case("exporting", "X as an unknown format", "cannot export to .xlsx",
         window_call("exports.export", "{tmp}/x.xlsx")),
    Case("exporting", "X of 9 tokens under learned positions", "beyond the trained length",
         window_call("exports.export", "{tmp}/x.json"), setup=nine_tokens),
    Case("exporting", "a handout into a missing folder", "does not exist",
         window_call("exports.export_handout", "{tmp}/no/h.pdf")),
    Case("exporting", "a handout not named .pdf", "a handout is a PDF: name it h.pdf",
         window_call("exports.export_handout", "{tmp}/h.png")),
    # The command line
    Case("command line", "untokenizable --text", "no token matches ' voou' at character 6",
         cli=("--text", "o gato voou")),
    Case("command line", "an unknown --scheme", "unknown position scheme 'absolute'", cli=("--scheme", "absolute")),
    Case("command line", "--export of 9 tokens under learned", "beyond the trained length",
         cli=("--text", NINE_TOKENS, "--export", "{tmp}/x.json")),
    Case("command line", "--export image of 9 tokens under learned", "beyond the trained length",
         cli=("--text", NINE_TOKENS, "--export", "{tmp}/x.png")),
    Case("command line", "--export into a missing folder", "cannot write /nonexistent-folder/x.json",
         cli=("--export", "/nonexistent-folder/x.json")),
    Case("command line", "--export with an unknown extension", "cannot export to .xlsx",
         cli=("--export", "{tmp}/x.xlsx")),
    Case("command line", "--screenshot into a missing folder", "cannot write /nonexistent-folder/s.png",
         cli=("--screenshot", "/nonexistent-folder/s.png")),
    Case("command line", "a malformed --size", "size must look like 1400x900",
         cli=("--size", "huge", "--screenshot", "{tmp}/s.png")),
    Case("command line", "a --size too small", "outside 200x200 .. 8000x8000",
         cli=("--size", "10x10", "--screenshot", "{tmp}/s.png")),
    Case("command line", "an unknown --lang", "invalid choice: 'fr'", cli=("--lang", "fr")),
    Case("command line", "a --step out of range", "--step must be 1 .. 13",
         cli=("--step", "99", "--export", "{tmp}/x.json")),
    Case("command line", "--reveal of a step that asks nothing", "step 1 asks no question",
         cli=("--step", "1", "--reveal", "--export", "{tmp}/x.json")),
    Case("command line", "a broken --session", "not valid JSON", cli=("--session", "{tmp}/broken.json", "--export",
                                                                      "{tmp}/x.json")),
    Case("command line", "an unknown option", "unrecognized arguments: --bogus", cli=("--bogus",)),
    Case("command line", "--paper without a .pdf handout", "--paper is the paper of a handout",
         cli=("--paper", "letter", "--export", "{tmp}/x.png")),
    Case("command line", "an unknown --paper", "invalid choice: 'a3'",
         cli=("--paper", "a3", "--export", "{tmp}/h.pdf")),
    Case("command line", "--export handout into a missing folder", "cannot write /nonexistent-folder/h.pdf",
         cli=("--export", "/nonexistent-folder/h.pdf")),
]
APP_CASES = [c for c in CATALOGUE if c.run is not None]
CLI_CASES = [c for c in CATALOGUE if c.cli]


def test_the_catalogue_is_complete():
    assert len(CATALOGUE) >= 25 and len(APP_CASES) + len(CLI_CASES) == len(CATALOGUE)


@pytest.mark.parametrize("case", APP_CASES, ids=[f"{c.source}: {c.what}" for c in APP_CASES])
def test_bad_input_in_the_app(window, tmp_path, case):
    (tmp_path / "x.txt").write_text("not a folder")
    window.model.move_token(1, 2)  # some work to lose
    if case.setup is not None:
        case.setup(window)
    before = window.model.state()
    undo_count = window.undo_stack.count()
    message = case.run(window, tmp_path)
    assert case.message in message, message
    after = window.model.state()
    assert (after.ids, after.scheme, after.attention) == (before.ids, before.scheme, before.attention)
    np.testing.assert_array_equal(after.E, before.E)
    assert window.undo_stack.count() == undo_count
    assert not list(tmp_path.glob("*.partial")) and not list(tmp_path.glob(".*.saving"))


@pytest.mark.parametrize("case", CLI_CASES, ids=[c.what for c in CLI_CASES])
def test_bad_input_on_the_command_line(cli, tmp_path, case):
    # In this process (tests/test_cli.py launches main.py once with bad input for the exit status).
    (tmp_path / "broken.json").write_text('{"format": ')
    args = [a.replace("{tmp}", str(tmp_path)) for a in case.cli]
    result = cli(*args)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.stderr, result.stderr
    assert case.message in lines[0]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["broken.json"]  # nothing written


def test_readme_lists_every_bad_input():
    readme = (ROOT / "docs" / "errors.md").read_text(encoding="utf-8")
    section = readme.split("## Errors", 1)[1].split("\n## ", 1)[0]
    missing = [f"{c.source}: {c.what}" for c in CATALOGUE if c.what not in section]
    assert missing == []
