"""The Model menu: open a Hugging Face-style folder, reopen a recent one, or go back to the toy.

The window makes one :class:`ModelMenu` and knows nothing else about checkpoints. The "Real
model" page is built the first time a model opens; a folder that is refused leaves a message and
the model already shown. The page has its own undo stack: Ctrl+Z there undoes its drags. The menu
asks before its page's unsaved work would go (:attr:`ModelMenu.may_drop_work`), and gives a session
what it shows (:meth:`ModelMenu.place`) and shows what a session had open (:meth:`ModelMenu.show_place`).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np
from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QAction, QUndoStack
from PySide6.QtWidgets import QFileDialog, QMenu, QMenuBar, QWidget

from visualizer.appearance import Appearance
from visualizer.io.tables import EXPORT_FORMATS
from visualizer.shell.exports import patterns
from visualizer.shell.quit_question import Purpose
from visualizer.shell.undo_actions import UndoActions
from visualizer.shell.view_tabs import PageRole, ViewTabs
from visualizer.subscriptions import Listening
from visualizer.ui.file_places import start_path
from visualizer.ui.messages import MessageSink
from visualizer.ui.settings_store import SettingsStore, string_list

if TYPE_CHECKING:
    from visualizer.io.session import RealModelPlace
    from visualizer.real.page import RealModelPage
    from visualizer.real.state import RealModel

MAX_RECENT_MODELS = 8
SETTINGS_KEY = "recent_models"


class ModelMenu(Listening, QObject):
    """The Model menu of one window and the real model it shows.

    Parameters
    ----------
    menu_bar : QMenuBar
        Where the menu goes, before ``before`` (Help's).
    tabs : ViewTabs
        Where the Real model page is added (its strip and text box are its own: the toy's step aside).
    appearance : Appearance
        The look of the page; the menu's language.
    undo : UndoActions
        The page gets its own undo stack there.
    messages : MessageSink
        What was opened, or why not.
    store : SettingsStore
        Where the recent folders persist.
    parent : QWidget
        The window the folder dialogs belong to.

    Attributes
    ----------
    may_drop_work : callable
        Asked, with what is about to happen and the folder's name, before the menu opens another
        model or closes this one: True to go on. The window's documents ask the teacher when the
        page has unsaved work (:meth:`visualizer.shell.documents.Documents.may_replace`); the
        default goes on.

    Signals
    -------
    clean_changed : (bool)
        The page's own undo stack became clean (saved, or back where it was saved) or not.
    changed : ()
        What a session keeps of the page changed: another model, the sentence, the order of the tokens.
    """

    clean_changed = Signal(bool)
    changed = Signal()

    def __init__(self, menu_bar: QMenuBar, before: QAction, tabs: ViewTabs, appearance: Appearance,
                 undo: UndoActions, messages: MessageSink, store: SettingsStore, parent: QWidget) -> None:
        super().__init__(parent)
        self._tabs, self._appearance, self._undo = tabs, appearance, undo
        self._messages, self._store, self._parent = messages, store, parent
        self._real_model: RealModel | None = None  # made on first use: the real model's code loads then
        self.page: RealModelPage | None = None
        self._undo_stack: QUndoStack | None = None  # the page's own, made with it
        self.may_drop_work: Callable[[Purpose, str], bool] = lambda _purpose, _name: True
        self.menu = QMenu(parent)
        menu_bar.insertMenu(before, self.menu)  # beside the toy's menus, before Help
        self.open_action = QAction(self)
        self.open_action.triggered.connect(self._on_open)
        self.recent_menu = QMenu(self.menu)
        self.toy_action = QAction(self)
        self.toy_action.triggered.connect(self._on_use_toy)
        self.export_action = QAction(self)
        self.export_action.triggered.connect(self._on_export)
        self.menu.addAction(self.open_action)
        self.menu.addMenu(self.recent_menu)
        self.menu.addAction(self.export_action)
        self.menu.addSeparator()
        self.menu.addAction(self.toy_action)
        self.listen(appearance.events.language, self.retranslate)
        self.retranslate()

    @property
    def real_model(self) -> RealModel:
        """The real model shown on the page (made on first use: an empty one until a folder opens)."""
        if self._real_model is None:
            from visualizer.real.state import RealModel

            self._real_model = RealModel()
        return self._real_model

    def _has_checkpoint(self) -> bool:
        return self._real_model is not None and self._real_model.checkpoint is not None

    # ---- commands ----------------------------------------------------------------------------

    def open_folder(self, folder: Path | str) -> bool:
        """Open a model folder and bring its page to the front; False (and a message) if refused.

        The page's unsaved work goes without a question: the menu's own entries ask first
        (:meth:`ask_open_folder`)."""
        problem = self._open(folder)
        if problem is not None:
            self._messages.show_problem(self.tr("Cannot open this model: {0}").format(problem))
            return False
        checkpoint = self.real_model.checkpoint
        assert checkpoint is not None
        self._messages.show_message(self.tr("Opened {0}").format(checkpoint.name))
        return True

    def ask_open_folder(self, folder: Path | str) -> bool:
        """Model → Recent models, or the folder picked: with unsaved work on the page, ask first
        (:attr:`may_drop_work`); then open it. False when the teacher cancelled or it was refused."""
        if self.has_unsaved_work() and not self.may_drop_work(Purpose.MODEL, Path(folder).name):
            return False
        return self.open_folder(folder)

    def _open(self, folder: Path | str) -> str | None:
        """Open ``folder`` and show its page in front, its undo history afresh; the problem if it
        is refused (the model shown stays)."""
        from visualizer.real.checkpoint import CheckpointError

        try:
            self.real_model.open(folder)
        except CheckpointError as error:
            return str(error)
        page = self._ensure_page()
        if self._undo_stack is not None:
            self._undo_stack.clear()  # another model: its edits start afresh
        self._tabs.show_view(page)
        self._remember(str(Path(folder).expanduser().resolve()))
        self.retranslate()
        self.changed.emit()
        return None

    def use_toy(self) -> None:
        """Back to the toy vocabulary in one click: the real model closes, Build X comes to the front.

        The page's unsaved work goes without a question: Model → Toy vocabulary asks first."""
        self.real_model.use_toy()
        if self.page is not None:
            self._tabs.setTabVisible(self._tabs.indexOf(self.page), False)
        if self._undo_stack is not None:
            self._undo_stack.clear()
        self._tabs.setCurrentIndex(0)
        self.retranslate()
        self.changed.emit()

    def _on_use_toy(self) -> None:
        if not self.has_unsaved_work() or self.may_drop_work(Purpose.TOY, ""):
            self.use_toy()

    # ---- what a session keeps ----------------------------------------------------------------

    def has_unsaved_work(self) -> bool:
        """True when the page's sentence or token order changed since the model opened or the
        session was saved (its undo stack is not clean)."""
        return self._undo_stack is not None and not self._undo_stack.isClean()

    def set_saved(self) -> None:
        """The session was saved: the page's work is in it."""
        if self._undo_stack is not None:
            self._undo_stack.setClean()

    def set_unsaved(self) -> None:
        """The page's work came back from the autosave and is in no file of the teacher's yet."""
        if self._undo_stack is not None:
            self._undo_stack.resetClean()

    def place(self) -> RealModelPlace | None:
        """What a session keeps of the real model shown: its folder, sentence and token order
        (None while the toy is shown)."""
        from visualizer.io.session import RealModelPlace

        checkpoint = self.real_model.checkpoint if self._real_model is not None else None
        if checkpoint is None:
            return None
        folder = str(Path(checkpoint.folder).expanduser().resolve())
        return RealModelPlace(folder, self.real_model.text, tuple(self.real_model.ids))

    def show_place(self, place: RealModelPlace | None) -> str | None:
        """Show what a session had open: its model folder, the sentence and its tokens in their
        order (or the toy alone, for None), the undo history afresh. Returns the problem when the
        folder cannot be opened (gone, say): the toy alone is shown then, and the rest of the
        session is the caller's to restore."""
        from visualizer.real.state import RealModelState

        if place is None:
            if self._has_checkpoint():
                self.use_toy()
            return None
        problem = self._open(place.folder)
        if problem is not None:
            if self._has_checkpoint():
                self.use_toy()  # not the model the session had: the session's toy alone
            return problem
        checkpoint, real = self.real_model.checkpoint, self.real_model
        assert checkpoint is not None
        if all(0 <= i < checkpoint.vocab_size for i in place.ids):
            # The tokens as they were dragged (the sentence a drag leaves need not tokenize back to them).
            real.restore(RealModelState(place.text, place.ids, tuple(checkpoint.token(i) for i in place.ids)))
        else:  # the folder holds another model now: the sentence as it tokenizes today
            encoding = checkpoint.encode(place.text)
            real.restore(RealModelState(place.text, encoding.ids, encoding.tokens))
            self._messages.show_message(self.tr(
                "The session's tokens are not in this model's vocabulary: its sentence is shown as it tokenizes."))
        if self._undo_stack is not None:
            self._undo_stack.clear()
        return None

    def export_x(self, path: Path) -> bool:
        """Write the real model's X for the tokens shown (as reordered) to .json .csv .tex .png .svg.

        False, with a message, for a path that cannot be written or tokens past a learned table.
        """
        from visualizer.core import PositionError
        from visualizer.io.tables import ExportError, export_x
        from visualizer.real.checkpoint import Encoding

        real, checkpoint = self.real_model, self.real_model.checkpoint
        if checkpoint is None:
            return False

        def draw(_example: dict[str, Any], target: Path) -> None:
            from visualizer.ui.matrix_image import export_matrix_image

            export_matrix_image(np.asarray(real.X()), target, f"{real.x_kind}: {checkpoint.name}, {real.n} tokens")

        try:
            export_x(path, lambda: checkpoint.export(Encoding(real.ids, real.tokens)), draw)
        except (ExportError, PositionError) as error:
            self._messages.show_message(self.tr("Cannot export: {0}").format(error))
            return False
        self._messages.show_message(self.tr("Wrote {0}").format(path))
        return True

    def recent_models(self) -> list[str]:
        """Folders opened before, newest first."""
        return string_list(self._store.value(SETTINGS_KEY, []))

    # ---- internals ---------------------------------------------------------------------------

    def _ensure_page(self) -> RealModelPage:
        if self.page is None:
            from visualizer.real.page import RealModelPage

            self.page = RealModelPage(self.real_model, self._appearance)
            # Its own text box and strip: the toy's step aside while it is in front.
            self._tabs.add_page("real_model", self.page, lambda: self.tr("Real model"),
                                PageRole(toy_sequence=False, text_box=False))
            self._undo_stack = self._undo.add_document(self.real_model.edited, self.real_model.restore, self.page)
            self._undo_stack.cleanChanged.connect(self.clean_changed)
            self._undo_stack.indexChanged.connect(self._on_page_edited)  # an edit, an undo or a redo
        return self.page

    def _on_page_edited(self, *_: object) -> None:
        self.changed.emit()

    def _on_open(self) -> None:
        title = self.tr("Open a model folder (config.json, tokenizer.json, model.safetensors)")
        folder = QFileDialog.getExistingDirectory(self._parent, title, start_path())
        if folder:
            self.ask_open_folder(folder)

    def _on_export(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self._parent, self.tr("Export the model's X"), start_path("x.json"),
                                              f"X ({patterns(EXPORT_FORMATS)})")
        if path:
            self.export_x(Path(path))

    def _remember(self, folder: str) -> None:
        recent = ([folder] + [f for f in self.recent_models() if f != folder])[:MAX_RECENT_MODELS]
        self._store.set_value(SETTINGS_KEY, recent)
        self._fill_recent()

    def _fill_recent(self) -> None:
        self.recent_menu.clear()
        for folder in self.recent_models():
            self.recent_menu.addAction(folder, partial(self.ask_open_folder, folder))
        self.recent_menu.setEnabled(bool(self.recent_models()))

    def retranslate(self, *_: object) -> None:
        """Menu texts in the current language."""
        self.menu.setTitle(self.tr("&Model"))
        self.open_action.setText(self.tr("&Open model folder…"))
        self.recent_menu.setTitle(self.tr("&Recent models"))
        self.toy_action.setText(self.tr("&Toy vocabulary"))
        self.toy_action.setEnabled(self._has_checkpoint())
        self.export_action.setText(self.tr("&Export the model's X…"))
        self.export_action.setEnabled(self._has_checkpoint())
        if self.page is not None:
            self._tabs.setTabText(self._tabs.indexOf(self.page), self.tr("Real model"))
        self._fill_recent()

    def detach(self) -> None:
        """Disconnect from the window's appearance and the page from the model (idempotent)."""
        self.stop_listening()
        if self.page is not None:
            self.page.detach()


__all__ = ["ModelMenu"]
