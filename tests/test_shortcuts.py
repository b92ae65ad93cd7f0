"""The one table of keys: what --shortcuts prints, what the cheat sheet shows, what the window binds."""

import importlib.metadata
import os
import subprocess
import sys
from pathlib import Path

from PySide6.QtGui import QKeySequence

from visualizer.keys import CHEAT_SHEET, KEYS, cheat_sheet_text, key_label, sheet_keys

ROOT = Path(__file__).resolve().parents[1]


def run_app(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(ROOT / "main.py"), *args], capture_output=True, text=True,
                          timeout=60, env={**os.environ, "QT_QPA_PLATFORM": "offscreen"}, cwd=ROOT)


def test_keys_are_spelled_out():
    assert key_label("PgDown") == "Page Down"
    assert key_label("Alt+Left") == "Alt+Left arrow"
    assert key_label("Ctrl+Shift+Z") == "Ctrl+Shift+Z"
    text = cheat_sheet_text()
    for expected in ("Page Down or Right arrow", "Page Up or Left arrow", "F5", "F9", "Esc", "Space", "Delete"):
        assert expected in text
    assert "PgDown" not in text


def test_every_key_is_a_key_qt_understands_and_none_is_listed_twice():
    keys = [key for binding in KEYS.values() for key in binding.keys]
    assert len(keys) == len(set(keys))
    for key in keys:
        sequence = QKeySequence(key)
        assert sequence.count() == 1 and sequence.toString() == key, key
    for binding in KEYS.values():  # a standard key is one of Qt's
        assert binding.standard is None or hasattr(QKeySequence.StandardKey, binding.standard)


def test_the_cheat_sheet_lists_every_command_of_the_table_once():
    listed = [command for row in CHEAT_SHEET for command in row.commands]
    assert sorted(listed) == sorted(command for command, binding in KEYS.items() if binding.keys)


def test_every_listed_key_does_something_in_the_window(window):
    """The cheat sheet may not promise a key the window does not bind."""
    from PySide6.QtGui import QAction

    bound = {sequence.toString() for action in window.findChildren(QAction) for sequence in action.shortcuts()}
    # Insert is read by the vocabulary table itself (keyPressEvent).
    handled_by_widgets = {"Ins"}
    missing = [key for row in CHEAT_SHEET for key in sheet_keys(row)
               if key not in bound and key not in handled_by_widgets]
    assert missing == []
    # Each command of the table is an action of the window under its id, with at least its keys.
    actions = {action.objectName(): action for action in window.findChildren(QAction)}
    for command, binding in KEYS.items():
        if command == "insert_token":
            continue
        assert command in actions, command
        keys = {sequence.toString() for sequence in actions[command].shortcuts()}
        assert set(binding.keys) <= keys, command


def test_command_line_prints_the_sheet_in_either_language():
    english = run_app("--shortcuts", "--lang", "en")
    assert english.returncode == 0, english.stderr
    assert english.stdout == cheat_sheet_text()
    portuguese = run_app("--shortcuts", "--lang", "pt")
    assert portuguese.returncode == 0, portuguese.stderr
    assert "Próxima etapa da aula" in portuguese.stdout and "Seta para a direita" in portuguese.stdout
    # Key names in Portuguese too (no English on a Portuguese screen).
    assert "Avançar Página" in portuguese.stdout and "Page Down" not in portuguese.stdout and "F5" in portuguese.stdout
    assert len(portuguese.stdout.splitlines()) == len(english.stdout.splitlines())


def test_version_is_the_package_metadata():
    result = run_app("--version")
    assert result.returncode == 0
    assert result.stdout.strip() == f"embedding-visualizer {importlib.metadata.version('embedding-visualizer')}"
