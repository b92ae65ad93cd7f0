"""Undo/redo for every model command, whoever issued it (view, keyboard, drop, lesson step).

A document (the toy's :class:`~visualizer.model.EmbeddingModel`, the real model's page) reports
each command as (state before, state after, description); this module turns that into a
``QUndoCommand`` on the document's own ``QUndoStack``. Undo and redo put a snapshot back with the
document's ``restore``, which does not report an edit, so nothing is recorded twice.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QUndoCommand, QUndoStack

from visualizer.core.problems import QT_TRANSLATE_NOOP
from visualizer.model import Edit
from visualizer.subscriptions import Connectable, Listening

# Listed here so that pyside6-lupdate finds them; translated when the menu shows them.
_DESCRIPTIONS = {
    "text": QT_TRANSLATE_NOOP("Edit", "type a sentence"),
    "tokens": QT_TRANSLATE_NOOP("Edit", "set the tokens"),
    "move": QT_TRANSLATE_NOOP("Edit", "move {0} to position {1}"),
    "insert": QT_TRANSLATE_NOOP("Edit", "insert {0} at position {1}"),
    "remove": QT_TRANSLATE_NOOP("Edit", "remove {0} from position {1}"),
    "scheme": QT_TRANSLATE_NOOP("Edit", "position scheme {0}"),
    "embedding": QT_TRANSLATE_NOOP("Edit", "E[{0}, {1}] = {2}"),
    "rope_base": QT_TRANSLATE_NOOP("Edit", "RoPE base {0}"),
    "rope_scaling": QT_TRANSLATE_NOOP("Edit", "context extension {0} × {1}"),
    "alibi": QT_TRANSLATE_NOOP("Edit", "ALiBi head {0} of {1}"),
    "causal": QT_TRANSLATE_NOOP("Edit", "causal mask {0}"),
}


def describe(edit: Edit) -> str:
    """The edit in the current language, for the Edit menu."""
    template = QCoreApplication.translate("Edit", _DESCRIPTIONS.get(edit.kind, edit.kind))
    args = [QCoreApplication.translate("Edit", "on") if a is True else
            QCoreApplication.translate("Edit", "off") if a is False else
            QCoreApplication.translate("Edit", "none") if a is None else f"{a:g}" if isinstance(a, float) else a
            for a in edit.args]
    return template.format(*args)


class ModelStateCommand(QUndoCommand):
    """One command of a document, already applied when pushed."""

    def __init__(self, restore: Callable[[Any], object], before: object, after: object, edit: Edit):
        super().__init__(describe(edit))
        self._restore, self._before, self._after, self.edit = restore, before, after, edit
        self._applied = True

    def redo(self) -> None:
        # QUndoStack.push calls redo() at once; the document already did the work.
        if self._applied:
            self._applied = False
            return
        self._restore(self._after)

    def undo(self) -> None:
        self._restore(self._before)


class UndoRecorder(Listening):
    """Pushes every edit a document reports onto ``stack`` until ``detach()``.

    Parameters
    ----------
    edited : signal
        Emitted after each command with (state before, state after, :class:`Edit`).
    restore : callable
        Puts a state back without emitting ``edited`` (``EmbeddingModel.restore``, ``RealModel.restore``).
    stack : QUndoStack
        The document's own stack.
    """

    def __init__(self, edited: Connectable, restore: Callable[[Any], object], stack: QUndoStack) -> None:
        self._restore, self._stack = restore, stack
        self.listen(edited, self._on_edited)

    def _on_edited(self, before: object, after: object, edit: Edit) -> None:
        self._stack.push(ModelStateCommand(self._restore, before, after, edit))

    def retranslate(self) -> None:
        """Re-describe every command in the current language."""
        for index in range(self._stack.count()):
            command = self._stack.command(index)
            if isinstance(command, ModelStateCommand):
                command.setText(describe(command.edit))
