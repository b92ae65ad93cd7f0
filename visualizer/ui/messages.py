"""Where the shell's parts say what happened: a small sink, not the window."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from PySide6.QtWidgets import QStatusBar

from visualizer.ui.problem_bar import ProblemBar

STATUS_MS = 8000


class MessageSink(Protocol):
    """Something that tells the teacher what was saved, opened, refused and why."""

    def show_message(self, text: str) -> None:
        """Show ``text`` for a while (what was done, a minor refusal)."""

    def show_problem(self, text: str) -> None:
        """Show ``text`` until dismissed: a file (a session, a model folder) was refused or not saved."""


class StatusBarMessages:
    """Messages in a window's status bar, each for a few seconds; problems in a bar that stays.

    ``bar`` gives the status bar when the first message comes (``QMainWindow.statusBar`` makes it
    then: a window that says nothing keeps its height for the views).
    """

    def __init__(self, bar: Callable[[], QStatusBar], problems: ProblemBar) -> None:
        self._bar = bar
        self.problems = problems

    def show_message(self, text: str) -> None:
        """Show ``text`` in the status bar for :data:`STATUS_MS` milliseconds."""
        self._bar().showMessage(text, STATUS_MS)

    def show_problem(self, text: str) -> None:
        """Show ``text`` in the problem bar until the teacher dismisses it."""
        self.problems.show_problem(text)

    def withdraw_message(self, text: str) -> None:
        """``text`` no longer holds (a refused edit, and the next one was taken): gone from the status
        bar if it is still there. A later message, and the problem bar, stay."""
        bar = self._bar()
        if bar.currentMessage() == text:
            bar.clearMessage()


__all__ = ["STATUS_MS", "MessageSink", "StatusBarMessages"]
