"""The same sequence under all five schemes, side by side: scores of one head, linked hover; on
stage, one query's scores under each scheme printed for the back row."""

from __future__ import annotations

import numpy as np
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from visualizer.appearance import Appearance
from visualizer.core import SCHEMES
from visualizer.model import EmbeddingModel
from visualizer.toy.comparison_row import ComparisonRow
from visualizer.ui.lazy import RefreshWhenShown
from visualizer.ui.matrix_row import MatrixRow
from visualizer.ui.matrix_scroll import scrolling
from visualizer.ui.numbers_hint import NumbersHintLabel
from visualizer.ui.palette import scaled_font, toy_limit
from visualizer.ui.protocol import ListeningView

PICTURES_SHARE, TABLE_SHARE = 1, 1
"""Presenting, the height shared by the five pictures and the table of one query's scores."""


class SchemeComparison(RefreshWhenShown, ListeningView, QWidget):
    """Five score matrices, one per scheme, on the current sequence.

    In the window, the five side by side with their numbers where the width lets them; hovering a
    cell outlines the same (query, key) cell in all five and lists the five scores.

    Presenting, a projector cannot hover: the five are pictures of their colours, the query chosen
    outlined in each (the last by default, the one that sees every key under the causal mask; a
    click or a hover on a row chooses another), and under them that query's scores under each of
    the five schemes, printed for the back row (−0.375 as everywhere else): every scheme's numbers
    on stage, where it showed two.
    """

    def __init__(self, model: EmbeddingModel, appearance: Appearance, parent: QWidget | None = None):
        super().__init__(parent)
        self._model = model
        self._appearance = appearance
        self._cell: tuple[int, int] | None = None
        self._query: int | None = None  # presenting, the query whose scores the table prints (None: the last)
        self._scores: dict[str, np.ndarray] = {}  # the five score matrices, unrounded
        self.graphics = ComparisonRow(appearance, len(SCHEMES), reserve=30)
        self.heatmaps = dict(zip(SCHEMES, self.graphics.heatmaps, strict=True))
        self.colour_bar = self.graphics.colour_bar
        self.graphics.hovered.connect(self._on_cell_hovered)
        # Presenting: one query's scores under each scheme, a row each (schemes down, keys across).
        self.table_row = MatrixRow(appearance, 1)
        self.query_table = self.table_row.heatmaps[0]
        self.caption = QLabel()
        self.caption.setWordWrap(True)
        self.readout = QLabel()
        self.numbers_hint = NumbersHintLabel()  # where the numbers are that a matrix has no room for
        self.graphics.printing_changed.connect(self._show_numbers_hint)
        self._pictures = scrolling(self.graphics)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.caption)
        layout.addWidget(self._pictures, PICTURES_SHARE)
        layout.addWidget(self.table_row, TABLE_SHARE)
        layout.addWidget(self.numbers_hint)
        layout.addWidget(self.readout)
        self._layout = layout
        # Scores depend on X and on the attention settings: redraw after any change.
        self.listen(model.events.changed, self.request_refresh)
        self.listen(appearance.events.scale, self._on_scale_changed)
        self.listen(appearance.events.look, self._on_look_changed)
        self.listen(appearance.events.language, self.retranslate)
        self._on_scale_changed()
        self.retranslate()

    def refresh(self) -> None:
        """Recompute the five score matrices (and, presenting, the chosen query's row of each)."""
        model = self._model
        presenting = self._appearance.presenting
        matrices = {s: np.where(np.isneginf(model.scores(s)), np.nan, model.scores(s)) for s in SCHEMES}
        limit = toy_limit(model)  # one colour scale through the lesson (ui.palette.ToyScale)
        self.graphics.set_levels(limit)
        self._scores = matrices
        labels = [str(p + 1) for p in range(model.n)]
        names = self.scheme_names()
        self.graphics.needs = {}  # presenting, pictures of equal widths; the table prints the numbers
        self.graphics.show_only(list(self.heatmaps.values()))
        for scheme, heatmap in self.heatmaps.items():
            heatmap.set_title(names[scheme])
            # Presenting, pictures: the numbers are the table's, large enough for the back row.
            heatmap.set_matrix(matrices[scheme], labels if scheme == SCHEMES[0] else None,
                               labels, show_values=not presenting)
            heatmap.fit_labels()
        self.table_row.setVisible(presenting and model.n > 0)
        if presenting and model.n:
            query = self.query()
            self.table_row.set_levels(limit)
            self.query_table.set_title(self.tr("query {0}: its score with each key, under each scheme").format(
                query + 1))
            self.query_table.set_matrix(self.query_scores(), [names[s] for s in SCHEMES], labels)
            self.query_table.fit_labels()
            self.table_row.fit_columns()
        self.caption.setText(self._caption_text())
        self._show_cell(self._cell)
        self.graphics.fit_columns()
        self._show_numbers_hint()

    def query(self) -> int:
        """Presenting, the query (0-based) whose scores the table prints."""
        last = max(0, self._model.n - 1)
        return last if self._query is None else min(self._query, last)

    def query_scores(self) -> np.ndarray:
        """The chosen query's scores under each scheme, shape (5, n): a row per scheme of
        :data:`SCHEMES`; NaN where the mask hides a key."""
        query = self.query()
        return np.array([self._scores[scheme][query] for scheme in SCHEMES])

    def _show_numbers_hint(self) -> None:
        """One line where a matrix has no room for its numbers (as last painted), none otherwise."""
        self.numbers_hint.show_hint(self.graphics.numbers_hint(), self._appearance.presenting)

    def _caption_text(self) -> str:
        # What a swap does to the scores is the answer of step 6's question: the caption says what
        # is shown, never what a swap would do.
        causal = self._model.attention.causal
        if self._appearance.presenting:
            text = self.tr("One head, q = k = x, scores q·k/√d, under each of the five schemes; below, one query's "
                           "scores under each.")
        else:
            text = self.tr("One head, q = k = x, scores q·k/√d, on the same sequence under each scheme.")
        if causal:
            text += " " + self.tr("The causal mask is on: blank cells are hidden.")
        return text

    def scheme_names(self) -> dict[str, str]:
        """Short titles."""
        return {"none": self.tr("none"), "learned": self.tr("learned"), "sinusoidal": self.tr("sinusoidal"),
                "rope": self.tr("RoPE"), "alibi": self.tr("ALiBi")}

    def shown_schemes(self) -> tuple[str, ...]:
        """The schemes whose matrices are on screen: all five (presenting too, as pictures)."""
        return SCHEMES

    def highlighted_cell(self) -> tuple[int, int] | None:
        """The (query, key) cell outlined in all five, or None."""
        return self._cell

    def _show_cell(self, cell: tuple[int, int] | None) -> None:
        self._cell = cell
        if self._appearance.presenting:  # the chosen query's row, outlined in every picture
            self.graphics.highlight_row(self.query() if self._model.n else None)
            self.readout.setText("")
            return
        self.graphics.highlight_cell(cell)
        if cell is None:
            self.readout.setText(self.tr("Hover a cell to compare the five scores."))
            return
        numbers, names = self._appearance.numbers, self.scheme_names()
        values = "   ".join(f"{names[s]} {numbers.fixed(float(m[cell]), 3)}" for s, m in self._scores.items())
        self.readout.setText(self.tr("query {0} → key {1}:   {2}").format(cell[0] + 1, cell[1] + 1, values))

    def _on_cell_hovered(self, row: int, column: int) -> None:
        if self._appearance.presenting:  # a row pointed at (or clicked) is the query the table prints
            if row != self.query():
                self._query = row
                self.request_refresh()
            return
        if (row, column) != self._cell:
            self._show_cell((row, column))

    def _on_scale_changed(self) -> None:
        self.caption.setFont(scaled_font(self._appearance, 11))
        self.numbers_hint.setFont(scaled_font(self._appearance, 11))
        self.readout.setFont(scaled_font(self._appearance, 12, bold=True))
        self.readout.setVisible(not self._appearance.presenting)  # the table says it on stage
        self._query = None
        self.graphics.restyle()
        self.table_row.restyle()
        self.request_refresh()

    def _on_look_changed(self) -> None:
        self.graphics.restyle()
        self.table_row.restyle()
        self.request_refresh()

    def retranslate(self) -> None:
        """Re-read every visible string."""
        self.caption.setText(self._caption_text())
        self.request_refresh()

    # ---- lifetime -------------------------------------------------------------------------------

    def detach(self) -> None:
        """Stop listening to the model; free the colour bars' menus."""
        self.graphics.dispose_menus()
        self.table_row.dispose_menus()
        super().detach()
