"""The same sequence under all five schemes, side by side: scores of one head, linked hover."""

from __future__ import annotations

import numpy as np
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from ..appearance import Appearance
from ..core import SCHEMES
from ..model import EmbeddingModel
from .lazy import RefreshWhenShown
from .listening import ListeningView
from .matrix_row import MatrixRow
from .palette import scaled_font, symmetric_limit


class SchemeComparison(RefreshWhenShown, ListeningView, QWidget):
    """Five score matrices, one per scheme, on the current sequence.

    Hovering a cell outlines the same (query, key) cell in all five and lists the five scores,
    so a class can see that only the schemes with positions tell "gato sub" from "sub gato".
    """

    def __init__(self, model: EmbeddingModel, appearance: Appearance, parent: QWidget | None = None):
        super().__init__(parent)
        self._model = model
        self._appearance = appearance
        self._cell: tuple[int, int] | None = None
        self.graphics = MatrixRow(appearance, len(SCHEMES), reserve=30)
        self.heatmaps = dict(zip(SCHEMES, self.graphics.heatmaps, strict=True))
        self.colour_bar = self.graphics.colour_bar
        self.graphics.hovered.connect(self._on_cell_hovered)
        self.caption = QLabel()
        self.caption.setWordWrap(True)
        self.readout = QLabel()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.caption)
        layout.addWidget(self.graphics, 1)
        layout.addWidget(self.readout)
        # Scores depend on X and on the attention settings: redraw after any change.
        self.listen(model.events.changed, self.request_refresh)
        self.listen(appearance.events.scale, self._on_scale_changed)
        self.listen(appearance.events.look, self._on_look_changed)
        self.listen(appearance.events.language, self.retranslate)
        self._on_scale_changed()
        self.retranslate()

    def refresh(self) -> None:
        """Recompute the five score matrices."""
        model = self._model
        matrices = {s: np.where(np.isneginf(model.scores(s)), np.nan, model.scores(s)) for s in SCHEMES}
        self.graphics.set_levels(symmetric_limit(*matrices.values()))
        labels = [str(p + 1) for p in range(model.n)]
        names = self.scheme_names()
        for index, (scheme, heatmap) in enumerate(self.heatmaps.items()):
            heatmap.set_title(names[scheme])
            heatmap.set_matrix(matrices[scheme], labels if index == 0 else None, labels)
        self._show_cell(self._cell)
        self.graphics.fit_columns()

    def scheme_names(self) -> dict[str, str]:
        """Short titles."""
        return {"none": self.tr("none"), "learned": self.tr("learned"), "sinusoidal": self.tr("sinusoidal"),
                "rope": self.tr("RoPE"), "alibi": self.tr("ALiBi")}

    def highlighted_cell(self) -> tuple[int, int] | None:
        """The (query, key) cell outlined in all five, or None."""
        return self._cell

    def _show_cell(self, cell: tuple[int, int] | None) -> None:
        self._cell = cell
        self.graphics.highlight_cell(cell)
        if cell is None:
            self.readout.setText(self.tr("Hover a cell to compare the five scores."))
            return
        numbers, names = self._appearance.numbers, self.scheme_names()
        values = "   ".join(f"{names[s]} {numbers.fixed(float(h.values()[cell]), 3)}"
                           for s, h in self.heatmaps.items())
        self.readout.setText(self.tr("query {0} → key {1}:   {2}").format(cell[0] + 1, cell[1] + 1, values))

    def _on_cell_hovered(self, row: int, column: int) -> None:
        if (row, column) != self._cell:
            self._show_cell((row, column))

    def _on_scale_changed(self) -> None:
        self.caption.setFont(scaled_font(self._appearance, 11))
        self.readout.setFont(scaled_font(self._appearance, 12, bold=True))
        self.graphics.restyle()
        self.request_refresh()

    def _on_look_changed(self) -> None:
        self.graphics.restyle()
        self.request_refresh()

    def retranslate(self) -> None:
        """Re-read every visible string."""
        self.caption.setText(self.tr(
            "One head, q = k = x, on the same sequence under each scheme. Without positions "
            "(none) swapping two tokens only permutes the matrix; the others see the new order."))
        self.request_refresh()

    # ---- lifetime -------------------------------------------------------------------------------

    def detach(self) -> None:
        """Stop listening to the model; free the colour bar's menus."""
        self.graphics.dispose_menus()
        super().detach()
