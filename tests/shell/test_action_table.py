"""The window's menus and keys come from one table that refuses a key given twice."""

from __future__ import annotations

from dataclasses import replace

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QMainWindow

from tests import spec
from visualizer.keys import KEYS, Binding
from visualizer.poll.part import poll_actions
from visualizer.shell.window_actions import WINDOW_MENUS, window_actions
from visualizer.ui.actions import ActionSpec, ActionTable, ShortcutConflictError, check_shortcuts, key_sequences


def test_the_window_table_gives_no_key_twice(qapp):  # standard keys need a QGuiApplication
    check_shortcuts([*window_actions(), *poll_actions()], KEYS)  # raises on a conflict


def test_a_key_given_to_two_actions_is_refused(qapp):
    rows = (ActionSpec("a", "A"), ActionSpec("b", "B"))
    with pytest.raises(ShortcutConflictError, match="Ctrl\\+K is given to 'b' and to 'a'"):
        check_shortcuts(rows, {"a": Binding(("Ctrl+K",)), "b": Binding(("Ctrl+K",))})


def test_a_key_given_twice_to_one_action_is_refused(qapp):
    rows = (ActionSpec("build", "Build"),)
    with pytest.raises(ShortcutConflictError, match="given to 'build' twice"):
        check_shortcuts(rows, {"build": Binding(("Ctrl+B", "Ctrl+B"))})


def test_the_same_key_in_two_scopes_is_allowed(qapp):
    check_shortcuts((ActionSpec("a", "A"), ActionSpec("b", "B", scope="token_strip")),
                    {"a": Binding(("Del",)), "b": Binding(("Del",))})


def test_redo_keeps_ctrl_shift_z_exactly_once(qapp):
    # The bug this once had: redo had Ctrl+Shift+Z by hand and again through StandardKey.Redo, and
    # Qt called the key ambiguous. A key the standard key already has is now given once.
    assert KEYS["redo"] == Binding(("Ctrl+Shift+Z",), "Redo")
    portable = [s.toString(QKeySequence.SequenceFormat.PortableText) for s in key_sequences(KEYS["redo"])]
    assert portable.count("Ctrl+Shift+Z") == 1 and len(portable) == len(set(portable))


def test_menus_hold_every_row_with_a_menu_in_table_order(qtbot):
    host = QMainWindow()
    qtbot.addWidget(host)
    # No window parts here: the toggles' getters, which read them, are left out.
    rows = tuple(replace(row, checked=None) for row in window_actions())
    poll_rows = tuple(replace(row, checked=None) for row in poll_actions())  # a part's, added after
    table = ActionTable(host, WINDOW_MENUS, {"token_strip": host}, host.menuBar(), KEYS)
    table.add(rows, None)
    table.add(poll_rows, None)
    table.retranslate()
    for row in (*rows, *poll_rows):
        if row.menu is not None:
            assert table[row.id] in table.menus[row.menu].actions(), row.id
    titles = [a.text() for a in host.menuBar().actions()]
    assert titles == ["&File", "&Edit", "&View", "&Lesson", "Class &poll", "&Help"]
    lesson_entries = [a.text() or "—" for a in table.menus["lesson"].actions()]
    assert lesson_entries == ["Guided &lesson", "&Next lesson step", "&Previous lesson step", "—",
                              "Add this moment as a step &after", "Add this moment as a step &before",
                              "&Edit the lesson"]
    poll_entries = [a.text() or "—" for a in table.menus["poll"].actions()]
    assert poll_entries == ["&Ask the class", "Ask a&gain (answers kept)", "&Reset the answers", "&New room code",
                            "—", "&Phones share addresses", "—", "&Save the class's answers…", "—", "&Close the poll"]
    file_entries = [a.text() or "—" for a in table.menus["file"].actions()]
    assert file_entries[:4] == ["&Open session…", "Open &recent", "&Save session", "Save session &as…"]
    assert table["export_png_2"].text() == "Current view as PNG (2×)…"


def test_ctrl_shift_z_redoes_through_the_key_event_path(window, qtbot):
    window.activateWindow()
    window.model.move_token(1, 2)
    moved = window.model.ids
    QTest.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert window.model.ids == tuple(spec.IDS)
    QTest.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert window.model.ids == moved


def test_a_part_added_later_brings_its_own_rows_and_may_not_take_a_key(window, qtbot, monkeypatch):
    # The seam a class poll uses: its rows, its own context, the window's table (the keys' table
    # holds a part's keys too, by the ids of its rows).
    calls = []
    monkeypatch.setitem(KEYS, "poll", Binding(("Ctrl+Shift+P",)))
    monkeypatch.setitem(KEYS, "poll_present", Binding(("F5",)))

    def open_poll(context: list) -> None:
        context.append("poll opened")

    window.action_table.add((ActionSpec("poll", "Class &poll", "view", open_poll),), calls)
    assert [s.toString() for s in window.action_table["poll"].shortcuts()] == ["Ctrl+Shift+P"]
    window.action_table["poll"].trigger()
    assert calls == ["poll opened"]
    assert window.action_table["poll"] in window.action_table.menus["view"].actions()
    with pytest.raises(ShortcutConflictError, match="F5 is given to 'poll_present' and to 'present'"):
        window.action_table.add((ActionSpec("poll_present", "Present the poll", "view", open_poll),), calls)


def test_toggles_read_their_state_from_getters(window):
    lesson = window.action_table["lesson"]
    assert not lesson.isChecked()
    window.go_to_step(0)  # the lesson shows itself: F9's mark follows, set by nobody
    assert lesson.isChecked()
    window.appearance.set_high_contrast(True)
    assert window.action_table["contrast"].isChecked()
    window.set_language("pt")
    assert window.action_table["language_pt"].isChecked() and not window.action_table["language_en"].isChecked()
    window.set_language("en")
