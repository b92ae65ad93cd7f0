"""Where the shell's parts say what happened: a small sink, not the window."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from PySide6.QtWidgets import QStatusBar

STATUS_MS = 8000


class MessageSink(Protocol):
    """Something that shows the teacher one line: what was saved, opened, refused and why."""

    def show_message(self, text: str) -> None:
        """Show ``text`` for a while."""


class StatusBarMessages:
    """Messages in a window's status bar, each for a few seconds.

    ``bar`` gives the status bar when the first message comes (``QMainWindow.statusBar`` makes it
    then: a window that says nothing keeps its height for the views).
    """

    def __init__(self, bar: Callable[[], QStatusBar]) -> None:
        self._bar = bar

    def show_message(self, text: str) -> None:
        """Show ``text`` in the status bar for :data:`STATUS_MS` milliseconds."""
        self._bar().showMessage(text, STATUS_MS)


__all__ = ["STATUS_MS", "MessageSink", "StatusBarMessages"]
