"""One change to the lesson in use, as an entry of the lesson's undo stack."""

from __future__ import annotations

from PySide6.QtGui import QUndoCommand

from visualizer.lesson.file import Lesson
from visualizer.lesson.run import LessonRun

TYPING = 0x1E550
"""The id of a change that merges with the one before it: typing in one text of one step."""


class LessonChange(QUndoCommand):
    """The lesson before and after one change, and the step shown after each.

    Redone (as it is pushed) and undone, it runs the lesson of that side on ``run``
    (:meth:`~visualizer.lesson.run.LessonRun.revise`): a change of texts leaves the class's state
    as it is, a change of what a step shows enters the step afresh.

    Parameters
    ----------
    run : LessonRun
        The lesson in use.
    before, after : Lesson
        The lesson before and after the change.
    index_before, index_after : int or None
        The step shown before the change (None: the lesson had not started) and after it.
    text : str
        What the change did, for Undo/Redo's titles ("Edit the title of step 3").
    typing : tuple or None
        (step id, text, language) for typing, which merges into one entry while it goes on in
        the same text; None for any other change.
    """

    def __init__(self, run: LessonRun, before: Lesson, after: Lesson, index_before: int | None, index_after: int,
                 text: str, typing: tuple[str, str, str] | None = None) -> None:
        super().__init__(text)
        self._run = run
        self.before, self.after = before, after
        self.index_before, self.index_after = index_before, index_after
        self.typing = typing

    def redo(self) -> None:
        self._run.revise(self.after, self.index_after)

    def undo(self) -> None:
        if self.index_before is None:
            self._run.set_lesson(self.before)
        else:
            self._run.revise(self.before, self.index_before)

    def id(self) -> int:
        return TYPING if self.typing is not None else -1

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, LessonChange) or other.typing != self.typing or self.typing is None:
            return False
        self.after, self.index_after = other.after, other.index_after
        return True


__all__ = ["TYPING", "LessonChange"]
