"""Rows that barely learned: the rows of E with the smallest norms, and the tokens they belong to."""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtWidgets import QLabel, QTableWidget, QTableWidgetItem, QVBoxLayout, QWidget

from visualizer.appearance import Appearance
from visualizer.real.state import RealModel
from visualizer.ui.heatmap import dispose_plot_item_menus
from visualizer.ui.lazy import RefreshWhenShown
from visualizer.ui.palette import scaled_font
from visualizer.ui.protocol import ListeningView

RARE_ROWS = 12
HISTOGRAM_BINS = 60


class RealRareRows(RefreshWhenShown, ListeningView, QWidget):
    """The lowest-norm rows of E with their tokens, and where they sit in the histogram of ‖E[i]‖.

    A row moves only when its token is in a batch (the lesson's sparse gradient): tokens that are
    rare, or never seen in training, keep rows close to their initial values (Land & Bartolo,
    "Fishing for Magikarp", 2024, find under-trained tokens this way).
    """

    def __init__(self, model: RealModel, appearance: Appearance, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._model = model
        self._appearance = appearance
        self.caption = QLabel()
        self.caption.setWordWrap(True)
        self.table = QTableWidget(0, 3)
        self.table.verticalHeader().setVisible(False)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.histogram = pg.PlotWidget()
        self.histogram.setBackground(appearance.background)
        self.histogram.setMenuEnabled(False)
        self.histogram.setMinimumHeight(appearance.px(100))
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.caption)
        layout.addWidget(self.table, 3)
        layout.addWidget(self.histogram, 2)
        self.rare_ids = np.empty(0, dtype=np.int64)
        self.listen(model.checkpoint_changed, self._on_checkpoint_changed)
        self.listen(appearance.events.language, self.retranslate)
        self.listen(appearance.events.scale, self._restyle)
        self._restyle()
        self._on_checkpoint_changed()  # the page is made after the first model opens

    def _on_checkpoint_changed(self) -> None:
        self.rare_ids = np.empty(0, dtype=np.int64)
        self.table.setRowCount(0)
        self.histogram.clear()
        self.request_refresh()

    def refresh(self) -> None:
        """Measure every row once (one chunked pass over E, shared with the model) and list the lowest."""
        checkpoint = self._model.checkpoint
        self.histogram.clear()
        if checkpoint is None:
            self.table.setRowCount(0)
            self.retranslate()
            return
        norms = self._model.row_norms()
        order = np.argsort(norms, kind="stable")
        self.rare_ids = order[:RARE_ROWS]
        numbers = self._appearance.numbers
        self.table.setRowCount(self.rare_ids.size)
        for row, token_id in enumerate(self.rare_ids):
            for column, text in enumerate((checkpoint.token(int(token_id)), numbers.integer(int(token_id)),
                                           numbers.short(float(norms[token_id]), 3))):
                self.table.setItem(row, column, QTableWidgetItem(text))
        counts, edges = np.histogram(norms, bins=HISTOGRAM_BINS)
        self.histogram.plot(edges, counts, stepMode="center", fillLevel=0, brush=pg.mkBrush(0, 114, 178, 120),
                            pen=pg.mkPen("#0072B2"))
        lowest = float(norms[self.rare_ids[-1]]) if self.rare_ids.size else 0.0
        self.histogram.addItem(pg.InfiniteLine(lowest, angle=90, pen=pg.mkPen("#D55E00", width=2)))
        self.table.resizeColumnsToContents()
        self.retranslate()

    def retranslate(self) -> None:
        """Headers, titles and the caption in the current language."""
        self.table.setHorizontalHeaderLabels([self.tr("token"), self.tr("id"), self.tr("‖E[i]‖")])
        self.histogram.setTitle(self.tr("How many rows have each norm"))
        self.histogram.setLabel("bottom", self.tr("‖E[i]‖"))
        checkpoint = self._model.checkpoint
        if checkpoint is None:
            self.caption.setText("")
            return
        self.caption.setText(self.tr(
            "The {0} rows of E with the smallest norm. A row moves only when its token is in a batch: a rare "
            "token learns slowly, one never seen keeps its initial row (under-trained tokens).").format(RARE_ROWS))

    def _restyle(self) -> None:
        font = scaled_font(self._appearance, 11)
        for widget in (self.caption, self.table):
            widget.setFont(font)
        self.histogram.setMinimumHeight(self._appearance.px(100))

    def detach(self) -> None:
        """Stop listening (idempotent)."""
        self.stop_listening()
        dispose_plot_item_menus([self.histogram.getPlotItem()])
