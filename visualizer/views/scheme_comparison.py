"""The same sequence under all five schemes, side by side: scores of one head, linked hover."""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QEvent, QObject, QPointF
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from ..appearance import Appearance
from ..core import SCHEMES
from ..model import EmbeddingModel
from .heatmap import add_heatmap, dispose_plot_menus, fit_equal_matrices
from .lazy import RefreshWhenShown
from .lifetime import DetachOnClose
from .palette import colormap, scaled_font, set_colour_bar_levels, symmetric_limit


class SchemeComparison(RefreshWhenShown, DetachOnClose, QWidget):
    """Five score matrices, one per scheme, on the current sequence.

    Hovering a cell outlines the same (query, key) cell in all five and lists the five scores,
    so a class can see that only the schemes with positions tell "gato sub" from "sub gato".
    """

    def __init__(self, model: EmbeddingModel, appearance: Appearance, parent: QWidget | None = None):
        super().__init__(parent)
        self._model = model
        self._appearance = appearance
        self._cell: tuple[int, int] | None = None
        self._column_widths: tuple[int, ...] = ()
        self.graphics = pg.GraphicsLayoutWidget()
        self.graphics.setBackground(appearance.background)
        self.heatmaps = {scheme: add_heatmap(self.graphics, 0, c, appearance)
                         for c, scheme in enumerate(SCHEMES)}
        self.colour_bar = pg.ColorBarItem(colorMap=colormap(), interactive=False, width=14)
        self.colour_bar.setImageItem([h.image for h in self.heatmaps.values()])
        self.graphics.addItem(self.colour_bar, row=0, col=len(SCHEMES))
        self.graphics.installEventFilter(self)
        self.graphics.scene().sigMouseMoved.connect(self._on_mouse_moved)
        self.caption = QLabel()
        self.caption.setWordWrap(True)
        self.readout = QLabel()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.caption)
        layout.addWidget(self.graphics, 1)
        layout.addWidget(self.readout)
        # attention_changed follows every change of X too.
        model.attention_changed.connect(self.request_refresh)
        appearance.changed.connect(self._on_appearance_changed)
        self._on_appearance_changed()

    def refresh(self) -> None:
        """Recompute the five score matrices."""
        model = self._model
        matrices = {s: np.where(np.isneginf(model.scores(s)), np.nan, model.scores(s)) for s in SCHEMES}
        limit = symmetric_limit(*matrices.values())
        set_colour_bar_levels(self.colour_bar, limit, self._appearance.numbers)
        labels = [str(p + 1) for p in range(model.n)]
        names = self.scheme_names()
        for index, (scheme, heatmap) in enumerate(self.heatmaps.items()):
            heatmap.set_levels(limit)
            heatmap.set_title(names[scheme])
            heatmap.set_matrix(matrices[scheme], labels if index == 0 else None, labels)
        self._show_cell(self._cell)
        self._fit_columns()

    def _fit_columns(self) -> None:
        px = self._appearance.px
        self._column_widths = fit_equal_matrices(
            self.graphics.ci.layout, list(self.heatmaps.values()), list(range(len(SCHEMES))),
            {len(SCHEMES): px(70)}, self.graphics.width() - px(30), self._column_widths)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        # The graphics view learns its new width after this widget's resizeEvent: fit then.
        if watched is self.graphics and event.type() == QEvent.Type.Resize:
            self._fit_columns()
        return False

    def scheme_names(self) -> dict[str, str]:
        """Short titles."""
        return {"none": self.tr("none"), "learned": self.tr("learned"), "sinusoidal": self.tr("sinusoidal"),
                "rope": self.tr("RoPE"), "alibi": self.tr("ALiBi")}

    def highlighted_cell(self) -> tuple[int, int] | None:
        """The (query, key) cell outlined in all five, or None."""
        return self._cell

    def _show_cell(self, cell: tuple[int, int] | None) -> None:
        self._cell = cell
        for heatmap in self.heatmaps.values():
            heatmap.set_highlight_cell(cell)
        if cell is None:
            self.readout.setText(self.tr("Hover a cell to compare the five scores."))
            return
        numbers, names = self._appearance.numbers, self.scheme_names()
        values = "   ".join(f"{names[s]} {numbers.fixed(float(h.values()[cell]), 3)}"
                           for s, h in self.heatmaps.items())
        self.readout.setText(self.tr("query {0} → key {1}:   {2}").format(cell[0] + 1, cell[1] + 1, values))

    def _on_mouse_moved(self, scene_pos: QPointF) -> None:
        for heatmap in self.heatmaps.values():
            cell = heatmap.cell_at(scene_pos)
            if cell is not None:
                if cell != self._cell:
                    self._show_cell(cell)
                return

    def _on_appearance_changed(self) -> None:
        self.graphics.setBackground(self._appearance.background)
        self.caption.setFont(scaled_font(self._appearance, 11))
        self.readout.setFont(scaled_font(self._appearance, 12, bold=True))
        for heatmap in self.heatmaps.values():
            heatmap.restyle()
        self.retranslate()

    def retranslate(self) -> None:
        """Re-read every visible string."""
        self.caption.setText(self.tr(
            "One head, q = k = x, on the same sequence under each scheme. Without positions "
            "(none) swapping two tokens only permutes the matrix; the others see the new order."))
        self.request_refresh()

    def detach(self) -> None:
        """Stop listening to the model."""
        dispose_plot_menus(self.graphics)
        self._model.attention_changed.disconnect(self.request_refresh)
        self._appearance.changed.disconnect(self._on_appearance_changed)
