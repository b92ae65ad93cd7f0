"""The real table seen from one token: its nearest neighbours by cosine, and every row's norm."""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtWidgets import QLabel, QTableWidget, QTableWidgetItem, QVBoxLayout, QWidget

from visualizer.appearance import Appearance
from visualizer.core import nearest_neighbours
from visualizer.real.state import RealModel
from visualizer.ui.heatmap import dispose_plot_item_menus
from visualizer.ui.lazy import RefreshWhenShown
from visualizer.ui.protocol import ListeningView

NEIGHBOURS = 10


class RealNeighbours(RefreshWhenShown, ListeningView, QWidget):
    """Top 10 rows of E closest to the selected token's row, and ‖E[i]‖ against the id i."""

    def __init__(self, model: RealModel, appearance: Appearance, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._model = model
        self._appearance = appearance
        self._norms: np.ndarray | None = None
        self.neighbour_ids = np.empty(0, dtype=np.int64)
        self.scores = np.empty(0)
        self.title = QLabel()
        self.title.setWordWrap(True)
        self.table = QTableWidget(0, 3)
        self.norms_plot = pg.PlotWidget()
        self.norms_plot.setBackground(appearance.background)
        self.norms_plot.setMenuEnabled(False)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.title)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.norms_plot, 1)
        self.listen(model.checkpoint_changed, self._on_checkpoint_changed)
        self.listen(model.selection_changed, self.request_refresh)
        self.listen(model.tokens_changed, self.request_refresh)
        self.listen(appearance.events.language, self.retranslate)
        self.retranslate()
        self._on_checkpoint_changed()  # built when first chosen: a model is open already

    def _on_checkpoint_changed(self) -> None:
        self._norms = None
        self.norms_plot.clear()
        self.request_refresh()

    def query_position(self) -> int | None:
        """The position whose token is looked up: the selected one, else the first."""
        model = self._model
        if model.checkpoint is None or not model.n:
            return None
        return model.selected if model.selected is not None else 0

    def refresh(self) -> None:
        """Recompute the neighbours (one chunked pass over E) and, once per model, the norms."""
        checkpoint = self._model.checkpoint
        position = self.query_position()
        self.table.setRowCount(0)
        if checkpoint is None or position is None:
            self.retranslate()
            return
        token_id = self._model.ids[position]
        query = checkpoint.E_rows([token_id])[0]
        first = self._norms is None
        # The first query also measures every row (one pass); later ones reuse the norms.
        norms_out = np.zeros(checkpoint.vocab_size) if first else None
        self.neighbour_ids, self.scores = nearest_neighbours(query, checkpoint.E.chunks(), NEIGHBOURS,
                                                             exclude=token_id, norms=self._norms,
                                                             norms_out=norms_out)
        if norms_out is not None:
            self._norms = norms_out
            self.norms_plot.plot(np.arange(norms_out.size), norms_out, pen=None, symbol="o", symbolSize=2,
                                 symbolPen=None, symbolBrush=pg.mkBrush(0, 114, 178, 90))
        numbers = self._appearance.numbers
        self.table.setRowCount(len(self.neighbour_ids))
        for row, (other, score) in enumerate(zip(self.neighbour_ids, self.scores, strict=True)):
            for column, text in enumerate((checkpoint.token(int(other)), numbers.integer(int(other)),
                                           numbers.fixed(float(score), 3))):
                self.table.setItem(row, column, QTableWidgetItem(text))
        self.retranslate()

    @property
    def norms(self) -> np.ndarray | None:
        """‖E[i]‖ for every id, once computed; shape (V,)."""
        return self._norms

    def retranslate(self) -> None:
        """Headers and title in the current language."""
        self.table.setHorizontalHeaderLabels([self.tr("token"), self.tr("id"), self.tr("cosine")])
        self.norms_plot.setTitle(self.tr("Row norms ‖E[i]‖ against the token id i"))
        checkpoint = self._model.checkpoint
        position = self.query_position()
        if checkpoint is None or position is None:
            self.title.setText(self.tr("Open a model to see a token's nearest neighbours."))
            return
        token_id = self._model.ids[position]
        tied = self.tr("tied to E: the output layer reuses these rows") if checkpoint.tied else \
            self.tr("not tied: the output layer has its own table")
        self.title.setText(self.tr("The {0} rows of E closest to “{1}” (id {2}) by cosine similarity; {3}.").format(
            NEIGHBOURS, checkpoint.token(token_id), token_id, tied))

    def detach(self) -> None:
        """Stop listening to the model (idempotent)."""
        self.stop_listening()
        dispose_plot_item_menus([self.norms_plot.getPlotItem()])
