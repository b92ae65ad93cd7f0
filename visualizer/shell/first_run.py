"""A first launch (no settings yet) opens on the guided lesson's first step, with a one-line hint."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QSettings, Qt

from ..views.first_run_hint import FirstRunHint, is_dismissed

if TYPE_CHECKING:
    from .main_window import MainWindow


def start_first_run(window: MainWindow, settings: QSettings, first_run: bool) -> FirstRunHint | None:
    """On the first run, open ``window`` on the lesson's first step; show the hint until dismissed.

    Call only when no command-line option says where to start: those always win.

    Parameters
    ----------
    window : MainWindow
        The main window, not shown yet.
    settings : QSettings
        The user's settings (checked for the dismissal, written when the hint is dismissed).
    first_run : bool
        True when the settings held nothing before this launch.

    Returns
    -------
    FirstRunHint or None
        The hint bar, or None when it was dismissed before.
    """
    if first_run:
        window.go_to_step(0)
        window.undo_stack.clear()  # the lesson's first state is where the teacher starts, not an edit
    if is_dismissed(settings):
        return None
    hint = FirstRunHint(settings, window)
    window.addToolBar(Qt.ToolBarArea.TopToolBarArea, hint)
    window.installEventFilter(hint)
    return hint
