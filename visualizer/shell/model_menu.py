"""The Model menu: open a Hugging Face-style folder, reopen a recent one, or go back to the toy.

The window makes one :class:`ModelMenu` and knows nothing else about checkpoints. The "Real
model" page is built the first time a model opens; a folder that is refused leaves a message and
the model already shown. The page has its own undo stack: Ctrl+Z there undoes its drags.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np
from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QUndoStack
from PySide6.QtWidgets import QFileDialog, QMenu, QMenuBar, QWidget

from visualizer.appearance import Appearance
from visualizer.io.tables import EXPORT_FORMATS
from visualizer.shell.exports import patterns
from visualizer.shell.undo_actions import UndoActions
from visualizer.shell.view_tabs import PageRole, ViewTabs
from visualizer.subscriptions import Listening
from visualizer.ui.file_places import start_path
from visualizer.ui.messages import MessageSink
from visualizer.ui.settings_store import SettingsStore, string_list

if TYPE_CHECKING:
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
    """

    def __init__(self, menu_bar: QMenuBar, before: QAction, tabs: ViewTabs, appearance: Appearance,
                 undo: UndoActions, messages: MessageSink, store: SettingsStore, parent: QWidget) -> None:
        super().__init__(parent)
        self._tabs, self._appearance, self._undo = tabs, appearance, undo
        self._messages, self._store, self._parent = messages, store, parent
        self._real_model: RealModel | None = None  # made on first use: the real model's code loads then
        self.page: RealModelPage | None = None
        self._undo_stack: QUndoStack | None = None  # the page's own, made with it
        self.menu = QMenu(parent)
        menu_bar.insertMenu(before, self.menu)  # beside the toy's menus, before Help
        self.open_action = QAction(self)
        self.open_action.triggered.connect(self._on_open)
        self.recent_menu = QMenu(self.menu)
        self.toy_action = QAction(self)
        self.toy_action.triggered.connect(self.use_toy)
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
        """Open a model folder and bring its page to the front; False (and a message) if refused."""
        from visualizer.real.checkpoint import CheckpointError

        try:
            self.real_model.open(folder)
        except CheckpointError as error:
            self._messages.show_problem(self.tr("Cannot open this model: {0}").format(error))
            return False
        page = self._ensure_page()
        if self._undo_stack is not None:
            self._undo_stack.clear()  # another model: its edits start afresh
        self._tabs.show_view(page)
        self._remember(str(Path(folder).expanduser().resolve()))
        checkpoint = self.real_model.checkpoint
        assert checkpoint is not None
        self._messages.show_message(self.tr("Opened {0}").format(checkpoint.name))
        self.retranslate()
        return True

    def use_toy(self) -> None:
        """Back to the toy vocabulary in one click: the real model closes, Build X comes to the front."""
        self.real_model.use_toy()
        if self.page is not None:
            self._tabs.setTabVisible(self._tabs.indexOf(self.page), False)
        if self._undo_stack is not None:
            self._undo_stack.clear()
        self._tabs.setCurrentIndex(0)
        self.retranslate()

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
        return self.page

    def _on_open(self) -> None:
        title = self.tr("Open a model folder (config.json, tokenizer.json, model.safetensors)")
        folder = QFileDialog.getExistingDirectory(self._parent, title, start_path())
        if folder:
            self.open_folder(folder)

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
            self.recent_menu.addAction(folder, partial(self.open_folder, folder))
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
