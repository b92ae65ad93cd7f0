"""Edit → Undo and Redo: every model command on one QUndoStack, its entries named in the menu."""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QUndoStack

from ..model import EmbeddingModel
from ..undo import UndoRecorder


class UndoActions(QObject):
    """Records the model's commands on ``stack`` and keeps the two actions' state and text.

    "Undo move ␣sub to position 2": the entry's own description, in the current language.
    """

    def __init__(self, model: EmbeddingModel, stack: QUndoStack, undo: QAction, redo: QAction) -> None:
        super().__init__(stack)
        self._stack, self._undo, self._redo = stack, undo, redo
        self.recorder: UndoRecorder | None = UndoRecorder(model, stack)
        stack.canUndoChanged.connect(undo.setEnabled)
        stack.canRedoChanged.connect(redo.setEnabled)
        stack.indexChanged.connect(self.refresh_texts)
        undo.setEnabled(stack.canUndo())
        redo.setEnabled(stack.canRedo())

    def retranslate(self) -> None:
        """The entries' descriptions and the two titles in the current language."""
        if self.recorder is not None:
            self.recorder.retranslate()
        self.refresh_texts()

    def refresh_texts(self, *_: object) -> None:
        """"Undo <what>" / "Redo <what>" for the entries now on top of the stack."""
        undo, redo = self._stack.undoText(), self._stack.redoText()
        self._undo.setText(self.tr("&Undo {0}").format(undo) if undo else self.tr("&Undo"))
        self._redo.setText(self.tr("&Redo {0}").format(redo) if redo else self.tr("&Redo"))

    def detach(self) -> None:
        """Stop recording (idempotent)."""
        if self.recorder is not None:
            self.recorder.detach()
            self.recorder = None
            # The stack announces its last index while Qt destroys it: nothing left to name then.
            self._stack.indexChanged.disconnect(self.refresh_texts)
