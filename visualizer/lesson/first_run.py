"""Where a launch without a command line of its own starts: a first launch (no settings yet) on the guided
lesson's first step, with a one-line hint; a later one on the lesson shown when the app last quit."""

from __future__ import annotations

from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QUndoStack
from PySide6.QtWidgets import QMainWindow

from visualizer.lesson.first_run_hint import FirstRunHint, is_dismissed
from visualizer.lesson.run import LessonRun

SHOWN_STEP_KEY = "lesson/shown_step"
"""The id of the lesson's step shown when the app quit ("" when the lesson was hidden)."""
REVEALED_KEY = "lesson/revealed"
"""Whether that step's answer was revealed."""


def start_first_run(host: QMainWindow, lesson: LessonRun, undo_stack: QUndoStack, settings: QSettings,
                    first_run: bool) -> FirstRunHint | None:
    """On the first run, open the lesson's first step; later, the step shown when the app quit (its
    answer revealed if it was), or no lesson if it was hidden. Show the hint (on ``host``) until
    dismissed.

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
    else:
        resume_shown_lesson(lesson, undo_stack, settings)
    if is_dismissed(settings):
        return None
    hint = FirstRunHint(settings, host)
    host.addToolBar(Qt.ToolBarArea.TopToolBarArea, hint)
    host.installEventFilter(hint)
    return hint


def resume_shown_lesson(lesson: LessonRun, undo_stack: QUndoStack, settings: QSettings) -> bool:
    """Show the lesson's step that was shown when the app quit, in the step's own state (and its
    answer, if it was revealed then); True if there was one. A step this lesson no longer has, or
    settings written by hand, start without the lesson, as before."""
    step_id = settings.value(SHOWN_STEP_KEY, "")
    index = lesson.lesson.index_of(step_id) if isinstance(step_id, str) and step_id else None
    if index is None:
        return False
    lesson.go_to(index)
    if settings.value(REVEALED_KEY, False) in (True, "true") and lesson.lesson.steps[index].is_question:
        lesson.reveal()
    undo_stack.clear()  # the lesson's own state is where the teacher starts, not an edit
    return True
