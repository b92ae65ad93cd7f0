"""Every keyboard shortcut of the main window, pressed the way a person presses it.

The keys go through Qt's real key-event path (QTest sends a spontaneous key press to the focus
widget of the shown, active window; Qt's shortcut map picks the action, or reports an ambiguity)
rather than ``action.trigger()``, which would skip exactly the part that breaks. Actions are
found by their keys, not by attribute names, so the table survives a rewrite of the window.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QFileDialog

from tests import spec
from visualizer.io.session import save_session
from visualizer.model import EmbeddingModel
from visualizer.shell.presentation import ZOOM_STEP

MOVED = tuple(spec.IDS_SUB_BEFORE_GATO)
PORTABLE = QKeySequence.SequenceFormat.PortableText


def nothing(*_: object) -> None:
    pass


@dataclass
class Shortcut:
    """An action's keys on this platform and what pressing any of them must do.

    ``setup(window, tmp_path, monkeypatch)`` makes the state before each press, ``check(window,
    tmp_path)`` asserts the effect, ``cleanup(window)`` stops what the press started.
    """

    keys: tuple[str, ...]
    setup: Callable[..., None]
    check: Callable[..., None]
    cleanup: Callable[..., None] = nothing


def ids_are(expected: tuple[int, ...]) -> Callable[..., None]:
    def check(window, tmp_path) -> None:
        assert window.model.ids == expected

    return check


def holds(condition: Callable[..., bool], what: str) -> Callable[..., None]:
    """A check that ``condition(window)`` is true; ``what`` says what should have happened."""

    def check(window, tmp_path) -> None:
        assert condition(window), what

    return check


def moved_then_undone(window, *_: object) -> None:
    window.model.move_token(1, 2)
    window.undo_stack.undo()


def fake_dialog(monkeypatch, name: str, path: Path) -> None:
    """The file dialog the action opens answers ``path`` (a real one would wait for a person)."""
    monkeypatch.setattr(QFileDialog, name, staticmethod(lambda *args, **kwargs: (str(path), "")))


def open_setup(window, tmp_path, monkeypatch) -> None:
    save_session(tmp_path / "other.json", EmbeddingModel(text="o cão"))
    fake_dialog(monkeypatch, "getOpenFileName", tmp_path / "other.json")


def save_setup(window, tmp_path, monkeypatch) -> None:
    window.model.move_token(1, 2)
    window.documents.session_path = tmp_path / "saved.json"
    (tmp_path / "saved.json").unlink(missing_ok=True)


def saved_as(name: str) -> Callable[..., None]:
    def setup(window, tmp_path, monkeypatch) -> None:
        (tmp_path / name).unlink(missing_ok=True)
        fake_dialog(monkeypatch, "getSaveFileName", tmp_path / name)

    return setup


def written(name: str) -> Callable[..., None]:
    def check(window, tmp_path) -> None:
        assert (tmp_path / name).is_file() and (tmp_path / name).stat().st_size > 0

    return check


def select(position: int) -> Callable[..., None]:
    def setup(window, *_: object) -> None:
        window.token_strip.setFocus()
        window.token_strip.select_position(position)

    return setup


def step(index: int | None, presenting: bool = False) -> Callable[..., None]:
    def setup(window, *_: object) -> None:
        if presenting:
            window.presentation.set_presenting(True, full_screen=False)
        if index is not None:
            window.go_to_step(index)
        window.token_strip.setFocus()

    return setup


def lesson_at(index: int) -> Callable[..., None]:
    def check(window, tmp_path) -> None:
        assert window.lesson_panel.index == index

    return check


def scale_from(scale: float) -> Callable[..., None]:
    def setup(window, *_: object) -> None:
        window.appearance.set_scale(scale)

    return setup


def scale_is(scale: float) -> Callable[..., None]:
    def check(window, tmp_path) -> None:
        assert window.appearance.scale == pytest.approx(scale, abs=0.01)

    return check


def stop_presenting(window) -> None:
    window.x_panel.finish_build()
    window.presentation.set_presenting(False)


def poll_at(step_id: str, opened: bool = False, revealed: int = 0) -> Callable[..., None]:
    """On the lesson step ``step_id`` with the class poll on loopback; ``opened``, and ``revealed``
    beats of the reveal (1: the class's answers, 2: the demonstration) taken."""

    def setup(window, *_: object) -> None:
        window.class_poll.listen_on("127.0.0.1", 0)
        window.go_to_step([step.id for step in window.lesson_run.lesson.steps].index(step_id))
        if opened:
            assert window.class_poll.ask()
        for _ in range(revealed):
            window.lesson_run.reveal()
        window.token_strip.setFocus()

    return setup


def asked_again(window, *_: object) -> None:
    poll = window.class_poll.poll
    assert poll.is_open and not window.lesson_run.revealed and not poll.results().revealed


def close_poll(window) -> None:
    window.class_poll.close()


def copy_setup(window, *_: object) -> None:
    QApplication.clipboard().clear()
    window.token_strip.setFocus()  # a text box would copy its own text instead


SHORTCUTS: dict[str, Shortcut] = {
    "undo": Shortcut(("Ctrl+Z", "Alt+Backspace", "Undo"), lambda w, *_: w.model.move_token(1, 2),
                     ids_are(tuple(spec.IDS))),
    "redo": Shortcut(("Ctrl+Shift+Z",), moved_then_undone,
                     ids_are(MOVED)),
    "redo, other keys": Shortcut(("Ctrl+Y", "Alt+Shift+Backspace", "Redo"), moved_then_undone,
                                 ids_are(MOVED)),
    "open session": Shortcut(("Ctrl+O", "Open"), open_setup,
                             ids_are(EmbeddingModel(text="o cão").ids)),
    "save session": Shortcut(("Ctrl+S", "Save"), save_setup, written("saved.json")),
    "save session as": Shortcut(("Ctrl+Shift+S",), saved_as("as.json"), written("as.json")),
    "export X": Shortcut(("Ctrl+E",), saved_as("x.csv"), written("x.csv")),
    "export handout": Shortcut(("Ctrl+P",), saved_as("w.pdf"), written("w.pdf")),
    "copy view": Shortcut(("Ctrl+C", "Ctrl+Ins", "Copy"), copy_setup,
                          holds(lambda w: not QApplication.clipboard().image().isNull(), "an image copied")),
    "delete token": Shortcut(("Del",), select(4),
                             ids_are(tuple(spec.IDS[:4]))),
    "move token left": Shortcut(("Alt+Left",), select(2),
                                ids_are(MOVED)),
    "move token right": Shortcut(("Alt+Right",), select(1),
                                 ids_are(MOVED)),
    "ask the class": Shortcut(("F6",), poll_at("swap-none"), holds(lambda w: w.class_poll.is_open(), "the poll open"),
                              close_poll),
    "ask the class again": Shortcut(("Shift+F6",), poll_at("swap-none", opened=True, revealed=2), asked_again,
                                    close_poll),
    "build X step by step": Shortcut(("Ctrl+B",), nothing,
                                     holds(lambda w: w.x_panel.build_stage() is not None, "the build playing"),
                                     lambda w: w.x_panel.finish_build()),
    "guided lesson": Shortcut(("F9",), nothing,
                              holds(lambda w: w.lesson_dock.isVisible() and w.lesson_panel.index == 0,
                                    "the lesson shown at its first step")),
    "next lesson step": Shortcut(("PgDown",), step(1), lesson_at(2)),
    "previous lesson step": Shortcut(("PgUp",), step(1), lesson_at(0)),
    "presentation mode": Shortcut(("F5",), nothing, holds(lambda w: w.presentation.presenting, "presenting"),
                                  stop_presenting),
    "leave presentation": Shortcut(("Esc",), step(None, presenting=True),
                                   holds(lambda w: not w.presentation.presenting, "not presenting"),
                                   stop_presenting),
    "zoom in": Shortcut(("Ctrl+=", "Ctrl++", "Zoom In"), scale_from(1.0), scale_is(ZOOM_STEP)),
    "zoom out": Shortcut(("Ctrl+-", "Zoom Out"), scale_from(1.0), scale_is(1 / ZOOM_STEP)),
    "reset zoom": Shortcut(("Ctrl+0",), scale_from(2.0), scale_is(1.0)),
    "keyboard shortcuts (help)": Shortcut(("F1",), nothing,
                                          holds(lambda w: w.help.shortcuts_dialog is not None
                                                and w.help.shortcuts_dialog.isVisible(), "the cheat sheet shown"),
                                          lambda w: w.help.shortcuts_dialog.close()),
    "clicker: next": Shortcut(("Right",), step(1, presenting=True), lesson_at(2), stop_presenting),
    "clicker: previous": Shortcut(("Left",), step(1, presenting=True), lesson_at(0), stop_presenting),
    "clicker: blank": Shortcut(("B",), step(None, presenting=True),
                               holds(lambda w: w.presentation.is_blank(), "a blank screen"), stop_presenting),
    "clicker: play": Shortcut(("Space",), step(None, presenting=True),
                              holds(lambda w: w.x_panel.build_stage() is not None, "the build playing"),
                              stop_presenting),
}


def window_actions(window) -> list[QAction]:
    """Every action of the window with a key (menus, hidden clicker keys, the strip's Delete)."""
    return [action for action in window.findChildren(QAction) if action.shortcuts()]


def keys_of(action: QAction) -> list[str]:
    return [sequence.toString(PORTABLE) for sequence in action.shortcuts()]


def activate(window, qtbot) -> None:
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window, timeout=3000)


def press(key: str) -> None:
    """One press of ``key`` on the widget with the keyboard focus, as the keyboard delivers it."""
    receiver = QApplication.focusWidget() or QApplication.activeWindow()
    QTest.keySequence(receiver, QKeySequence(key, PORTABLE))
    QApplication.processEvents()


@pytest.mark.parametrize("name", list(SHORTCUTS))
def test_each_shortcut_does_its_job_through_the_keyboard(window, qtbot, tmp_path, monkeypatch, name):
    shortcut = SHORTCUTS[name]
    activate(window, qtbot)
    window.token_strip.setFocus()
    for key in shortcut.keys:
        if window.model.ids != tuple(spec.IDS):  # every press starts from the lesson's sentence
            window.model.set_ids(spec.IDS)
        shortcut.setup(window, tmp_path, monkeypatch)
        try:
            press(key)
            try:
                shortcut.check(window, tmp_path)
            except AssertionError as error:
                raise AssertionError(f"{key}: {error}") from None
        finally:
            shortcut.cleanup(window)


def test_the_table_covers_every_shortcut_of_the_window(window):
    in_window = sorted(key for action in window_actions(window) for key in set(keys_of(action)))
    in_table = sorted(key for shortcut in SHORTCUTS.values() for key in shortcut.keys)
    assert in_table == in_window
    # Each row of the table is one action: its keys all belong to the same one.
    for name, shortcut in SHORTCUTS.items():
        owners = {id(action) for action in window_actions(window) if set(shortcut.keys) & set(keys_of(action))}
        assert len(owners) == 1, name


def clashes(window) -> list[str]:
    """Key sequences listed twice by one action, or shared by two enabled actions."""
    found = [f"{action.text() or '?'} lists {key} {count} times"
             for action in window_actions(window) for key, count in Counter(keys_of(action)).items() if count > 1]
    owners: dict[str, list[str]] = {}
    for action in window_actions(window):
        if action.isEnabled():
            for key in set(keys_of(action)):
                owners.setdefault(key, []).append(action.text() or "?")
    found += [f"{key} is on {names}" for key, names in owners.items() if len(names) > 1]
    return found


def test_no_key_is_listed_twice_or_shared_by_two_enabled_actions(window):
    window.model.move_token(1, 2)
    window.undo_stack.undo()  # undo and redo both enabled
    assert clashes(window) == []
    window.presentation.set_presenting(True, full_screen=False)  # the clicker keys come on
    try:
        assert clashes(window) == []
    finally:
        window.presentation.set_presenting(False)


def test_the_clash_check_can_see_a_clash(window):
    # Proves the check above can fail.
    twin = QAction("twin", window)
    twin.setShortcut(QKeySequence("F5"))
    window.addAction(twin)
    try:
        assert "F5 is on ['&Presentation mode', 'twin']" in clashes(window)
    finally:
        window.removeAction(twin)
        twin.deleteLater()
