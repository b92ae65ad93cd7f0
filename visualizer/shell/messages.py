"""Where the shell's parts say what happened: a small sink, not the window."""

from __future__ import annotations

from typing import Protocol

from PySide6.QtWidgets import QStatusBar

STATUS_MS = 8000


class MessageSink(Protocol):
    """Something that shows the teacher one line: what was saved, opened, refused and why."""

    def show_message(self, text: str) -> None:
        """Show ``text`` for a while."""


class StatusBarMessages:
    """Messages in a window's status bar, each for a few seconds."""

    def __init__(self, bar: QStatusBar) -> None:
        self._bar = bar

    def show_message(self, text: str) -> None:
        """Show ``text`` in the status bar for :data:`STATUS_MS` milliseconds."""
        self._bar.showMessage(text, STATUS_MS)


__all__ = ["STATUS_MS", "MessageSink", "StatusBarMessages"]
