"""A first launch (no settings yet) opens on the guided lesson's first step, with a one-line hint."""

from __future__ import annotations

from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QUndoStack
from PySide6.QtWidgets import QMainWindow

from visualizer.lesson.first_run_hint import FirstRunHint, is_dismissed
from visualizer.lesson.run import LessonRun


def start_first_run(host: QMainWindow, lesson: LessonRun, undo_stack: QUndoStack, settings: QSettings,
                    first_run: bool) -> FirstRunHint | None:
    """On the first run, open the lesson's first step; show the hint (on ``host``) until dismissed.

    Call only when no command-line option says where to start: those always win.

    Parameters
    ----------
    host : QMainWindow
        The main window, not shown yet: the hint is its tool bar.
    lesson : LessonRun
        The lesson, started at its first step on a first run.
    undo_stack : QUndoStack
        The toy's edits: the lesson's first state is where the teacher starts, not an edit.
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
        lesson.go_to(0)
        undo_stack.clear()
    if is_dismissed(settings):
        return None
    hint = FirstRunHint(settings, host)
    host.addToolBar(Qt.ToolBarArea.TopToolBarArea, hint)
    host.installEventFilter(hint)
    return hint
