"""Undo/redo for every model command, whoever issued it (view, keyboard, drop, lesson step).

The model reports each command as (state before, state after, description); this module turns
that into a ``QUndoCommand`` on a ``QUndoStack``. Undo and redo put a snapshot back with
``EmbeddingModel.restore``, which does not report an edit, so nothing is recorded twice.
"""

from __future__ import annotations

from PySide6.QtGui import QUndoCommand, QUndoStack

from .model import EmbeddingModel, ModelState


class ModelStateCommand(QUndoCommand):
    """One model command, already applied when pushed."""

    def __init__(self, model: EmbeddingModel, before: ModelState, after: ModelState, text: str):
        super().__init__(text)
        self._model, self._before, self._after = model, before, after
        self._applied = True

    def redo(self) -> None:
        # QUndoStack.push calls redo() at once; the model already did the work.
        if self._applied:
            self._applied = False
            return
        self._model.restore(self._after)

    def undo(self) -> None:
        self._model.restore(self._before)


class UndoRecorder:
    """Pushes every edit of ``model`` onto ``stack``."""

    def __init__(self, model: EmbeddingModel, stack: QUndoStack) -> None:
        self._model, self._stack = model, stack
        model.edited.connect(self._on_edited)

    def _on_edited(self, before: ModelState, after: ModelState, description: str) -> None:
        self._stack.push(ModelStateCommand(self._model, before, after, description))

    def detach(self) -> None:
        """Stop recording."""
        self._model.edited.disconnect(self._on_edited)
