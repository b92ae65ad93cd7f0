"""The Model menu: open a Hugging Face-style folder, reopen a recent one, or go back to the toy.

The window makes one :class:`ModelMenu` and knows nothing else about checkpoints. The "Real
model" page is built the first time a model opens; a folder that is refused leaves a message and
the model already shown.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
from PySide6.QtCore import QObject
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QFileDialog, QMenu

from ..real_model import RealModel
from ..subscriptions import Listening
from .settings_store import string_list

if TYPE_CHECKING:
    from ..views.real_model_page import RealModelPage
    from .main_window import MainWindow

MAX_RECENT_MODELS = 8
SETTINGS_KEY = "recent_models"


class ModelMenu(Listening, QObject):
    """The Model menu of one window and the real model it shows."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.real_model = RealModel()
        self.page: RealModelPage | None = None
        self.menu = QMenu(window)
        # Beside the toy's menus, before Help.
        window.menuBar().insertMenu(window.action_table.menus["help"].menuAction(), self.menu)
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
        self.listen(window.appearance.events.language, self.retranslate)
        self.retranslate()

    # ---- commands ----------------------------------------------------------------------------

    def open_folder(self, folder: Path | str) -> bool:
        """Open a model folder and bring its page to the front; False (and a message) if refused."""
        from ..io.checkpoint import CheckpointError

        try:
            self.real_model.open(folder)
        except CheckpointError as error:
            self.window.show_message(self.tr("Cannot open this model: {0}").format(error))
            return False
        page = self._ensure_page()
        index = self.window.tabs.indexOf(page)
        self.window.tabs.setTabVisible(index, True)
        self.window.tabs.setCurrentIndex(index)
        self._remember(str(Path(folder).expanduser().resolve()))
        checkpoint = self.real_model.checkpoint
        assert checkpoint is not None
        self.window.show_message(self.tr("Opened {0}").format(checkpoint.name))
        self.retranslate()
        return True

    def use_toy(self) -> None:
        """Back to the toy vocabulary in one click: the real model closes, Build X comes to the front."""
        self.real_model.use_toy()
        if self.page is not None:
            self.window.tabs.setTabVisible(self.window.tabs.indexOf(self.page), False)
        self.window.tabs.setCurrentIndex(0)
        self.retranslate()

    def export_x(self, path: Path) -> bool:
        """Write the real model's X for the tokens shown (as reordered) to .json .csv .tex .png .svg.

        False, with a message, for a path that cannot be written or tokens past a learned table.
        """
        from ..core import PositionError
        from ..io.checkpoint import Encoding
        from ..io.tables import ExportError, write_data_export

        real, checkpoint = self.real_model, self.real_model.checkpoint
        if checkpoint is None:
            return False
        suffix = path.suffix.lower()
        try:
            if suffix in (".png", ".svg"):
                from ..views.matrix_image import export_matrix_image

                checkpoint.P_rows(real.n)  # the same refusal as the data exports past a learned table
                title = f"{real.x_kind}: {checkpoint.name}, {real.n} tokens"
                export_matrix_image(np.asarray(real.X()), path, title)
            elif suffix in (".json", ".csv", ".tex"):
                write_data_export(checkpoint.export(Encoding(real.ids, real.tokens)), path)
            else:
                raise ExportError(f"cannot export to {suffix or 'a file without extension'}; use .json, .csv, "
                                  ".tex, .png or .svg")
        except (ExportError, PositionError) as error:
            self.window.show_message(self.tr("Cannot export: {0}").format(error))
            return False
        self.window.show_message(self.tr("Wrote {0}").format(path))
        return True

    def recent_models(self) -> list[str]:
        """Folders opened before, newest first."""
        return string_list(self.window.documents.store.value(SETTINGS_KEY, []))

    # ---- internals ---------------------------------------------------------------------------

    def _ensure_page(self) -> RealModelPage:
        if self.page is None:
            from ..views.real_model_page import RealModelPage

            self.page = RealModelPage(self.real_model, self.window.appearance)
            self.window.tabs.addTab(self.page, "")
        return self.page

    def _on_open(self) -> None:
        folder = QFileDialog.getExistingDirectory(self.window, self.tr("Open a model folder (config.json, "
                                                                       "tokenizer.json, model.safetensors)"))
        if folder:
            self.open_folder(folder)

    def _on_export(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self.window, self.tr("Export the model's X"), "x.json",
                                              "X (*.json *.csv *.tex *.png *.svg)")
        if path:
            self.export_x(Path(path))

    def _remember(self, folder: str) -> None:
        recent = ([folder] + [f for f in self.recent_models() if f != folder])[:MAX_RECENT_MODELS]
        self.window.documents.store.set_value(SETTINGS_KEY, recent)
        self._fill_recent()

    def _fill_recent(self) -> None:
        self.recent_menu.clear()
        for folder in self.recent_models():
            self.recent_menu.addAction(folder, partial(self.open_folder, folder))
        self.recent_menu.setEnabled(bool(self.recent_models()))

    def retranslate(self) -> None:
        """Menu texts in the current language."""
        self.menu.setTitle(self.tr("&Model"))
        self.open_action.setText(self.tr("&Open model folder…"))
        self.recent_menu.setTitle(self.tr("&Recent models"))
        self.toy_action.setText(self.tr("&Toy vocabulary"))
        self.toy_action.setEnabled(self.real_model.checkpoint is not None)
        self.export_action.setText(self.tr("&Export the model's X…"))
        self.export_action.setEnabled(self.real_model.checkpoint is not None)
        if self.page is not None:
            self.window.tabs.setTabText(self.window.tabs.indexOf(self.page), self.tr("Real model"))
        self._fill_recent()

    def detach(self) -> None:
        """Disconnect from the window's appearance and the page from the model (idempotent)."""
        self.stop_listening()
        if self.page is not None:
            self.page.detach()
