"""Edit → Undo and Redo: one undo stack per document, and the keys act on the one you see.

The toy's model and the real model's page each have their own ``QUndoStack`` in one
``QUndoGroup``; the stack of the page in front is the active one, so Ctrl+Z on the Real model
page undoes its drags, never the hidden toy's edits.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QUndoGroup, QUndoStack
from PySide6.QtWidgets import QTabWidget, QWidget

from visualizer.shell.undo import UndoRecorder
from visualizer.subscriptions import Connectable


class UndoActions(QObject):
    """The documents' stacks, which one the keys act on, and the two actions' state and text.

    "Undo move ␣sub to position 2": the entry's own description, in the current language.

    Parameters
    ----------
    tabs : QTabWidget
        The pages: the one in front picks the active stack (the toy's unless a page has its own).
    """

    def __init__(self, tabs: QTabWidget) -> None:
        super().__init__(tabs)
        self._tabs = tabs
        self._undo: QAction | None = None
        self._redo: QAction | None = None
        self._named: tuple[object, ...] | None = None  # what the two entries were last named for
        self.group = QUndoGroup(self)
        self._recorders: list[UndoRecorder] = []
        self._pages: dict[int, QUndoStack] = {}  # a page with its own document, by id()
        self._default: QUndoStack | None = None
        self.group.indexChanged.connect(self.refresh_texts)
        self.group.activeStackChanged.connect(self.refresh_texts)
        self.group.canUndoChanged.connect(self.refresh_texts)
        self.group.canRedoChanged.connect(self.refresh_texts)
        tabs.currentChanged.connect(self._follow_page)

    def show_on(self, undo: QAction, redo: QAction) -> None:
        """Keep Edit → Undo and Redo enabled and named for the document in front."""
        self._undo, self._redo = undo, redo
        self._named = None
        self.refresh_texts()

    def add_document(self, edited: Connectable, restore: Callable[[Any], object],
                     page: QWidget | None = None) -> QUndoStack:
        """A stack for a document's edits (see :class:`~visualizer.undo.UndoRecorder`), active while
        ``page`` is in front; without a page, it is the stack of every other page (the toy's)."""
        stack = QUndoStack(self)
        self.group.addStack(stack)
        self._recorders.append(UndoRecorder(edited, restore, stack))
        if page is None:
            self._default = stack
        else:
            self._pages[id(page)] = stack
        self._follow_page()
        return stack

    def undo(self) -> None:
        """Undo the last edit of the document in front."""
        self.group.undo()

    def redo(self) -> None:
        """Redo the last edit undone of the document in front."""
        self.group.redo()

    def _follow_page(self, *_: object) -> None:
        stack = self._pages.get(id(self._tabs.currentWidget()), self._default)
        if stack is not None and stack is not self.group.activeStack():
            self.group.setActiveStack(stack)

    def retranslate(self) -> None:
        """The entries' descriptions and the two titles in the current language."""
        for recorder in self._recorders:
            recorder.retranslate()
        self._named = None  # the same entries, in other words
        self.refresh_texts()

    def refresh_texts(self, *_: object) -> None:
        """"Undo <what>" / "Redo <what>" for the entries now on top of the active stack."""
        if self._undo is None or self._redo is None:
            return
        undo, redo = self.group.undoText(), self.group.redoText()
        named = (undo, redo, self.group.canUndo(), self.group.canRedo())
        if named == self._named:  # an edit announces itself up to four times (index, can undo, …)
            return
        self._named = named
        self._undo.setText(self.tr("&Undo {0}").format(undo) if undo else self.tr("&Undo"))
        self._redo.setText(self.tr("&Redo {0}").format(redo) if redo else self.tr("&Redo"))
        self._undo.setEnabled(named[2])
        self._redo.setEnabled(named[3])

    @property
    def recording(self) -> bool:
        """True until :meth:`detach`."""
        return bool(self._recorders)

    def detach(self) -> None:
        """Stop recording (idempotent)."""
        for recorder in self._recorders:
            recorder.detach()
        if self._recorders:
            # The group announces its last index while Qt destroys it: nothing left to name then.
            for signal in (self.group.indexChanged, self.group.activeStackChanged, self.group.canUndoChanged,
                           self.group.canRedoChanged):
                signal.disconnect(self.refresh_texts)
            self._tabs.currentChanged.disconnect(self._follow_page)
        self._recorders = []


__all__ = ["UndoActions"]
