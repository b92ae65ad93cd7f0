"""The same sequence under all five schemes, side by side: scores of one head, linked hover."""

from __future__ import annotations

import numpy as np
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from visualizer.appearance import Appearance
from visualizer.core import SCHEMES
from visualizer.model import EmbeddingModel
from visualizer.ui.heatmap import Heatmap
from visualizer.ui.lazy import RefreshWhenShown
from visualizer.ui.matrix_row import MatrixRow, numbers_width
from visualizer.ui.matrix_scroll import scrolling
from visualizer.ui.numbers_hint import NumbersHintLabel
from visualizer.ui.palette import scaled_font, toy_limit
from visualizer.ui.protocol import ListeningView


class ComparisonRow(MatrixRow):
    """The five score matrices; presenting, only those shown share the width (the others get none),
    each as wide as its numbers need and the rest shared in proportion."""

    needs: dict[int, int] = {}  # noqa: RUF012 (replaced, never mutated)
    """Width (px) each matrix needs to print its numbers while presenting, by column; set by the view."""

    def show_only(self, shown: list[Heatmap]) -> None:
        """Show these matrices; the others are hidden and take no width (not even their titles')."""
        for heatmap in self.heatmaps:
            visible = heatmap in shown
            if visible != heatmap.plot.isVisible():
                heatmap.plot.setVisible(visible)
                # Hidden, its explicit 0 overrides the width its title and axes ask for; -1 unsets it.
                heatmap.plot.setMinimumWidth(-1 if visible else 0)
                heatmap.plot.setMaximumWidth(-1 if visible else 0)
                self._column_widths = ()
        self.fit_columns()

    def fit_columns(self) -> None:
        """Equal widths for the visible matrices while presenting; as :class:`MatrixRow` otherwise."""
        appearance = self._appearance
        if not appearance.presenting:
            super().fit_columns()
            return
        shown = [h for h in self.heatmaps if h.plot.isVisible()]
        axes = [h.plot.getAxis("left") for h in shown]
        axis_widths = [(axis.fixedWidth or axis.width()) if axis.isVisible() else 0 for axis in axes]
        bar = self.colour_bar_width()
        # Every column keeps its spacing, even an empty one.
        layout = self.ci.layout
        left, _, right, _ = layout.getContentsMargins()
        spacing = layout.horizontalSpacing() * len(self.matrix_columns)
        free = int(self.width() - left - right - spacing - appearance.px(8) - bar - sum(axis_widths))
        needs = {column: self.needs.get(column, 0) for column, heatmap in zip(self.matrix_columns, self.heatmaps,
                                                                              strict=True) if heatmap in shown}
        if not all(needs.values()) or sum(needs.values()) > free:
            needs = dict.fromkeys(needs, 1)  # equal widths: the numbers print if they can
        extra = free - sum(needs.values())
        total = sum(needs.values())
        widths = {self.colour_bar_column: bar}
        for column, heatmap in zip(self.matrix_columns, self.heatmaps, strict=True):
            widths[column] = 0
            if heatmap in shown:
                axis_width = axis_widths[shown.index(heatmap)]
                matrix_width = max(40, needs[column] + extra * needs[column] // total)
                widths[column] = matrix_width + axis_width
                heatmap.fit_caption(matrix_width)
        ordered = tuple(widths[c] for c in sorted(widths))
        if ordered != self._column_widths:
            self._column_widths = ordered
            for column in sorted(widths):
                self.ci.layout.setColumnFixedWidth(column, widths[column])


class SchemeComparison(RefreshWhenShown, ListeningView, QWidget):
    """Five score matrices, one per scheme, on the current sequence.

    Presenting, two of them fill the stage, large enough for their numbers to be read from the
    back row: none (no positions) and the scheme chosen above, which the teacher steps through,
    each as wide as its numbers need (printed as everywhere else: −0,375), the colour levels those
    two matrices' own.
    Hovering a cell outlines the same (query, key) cell in all five and lists the five scores,
    so a class can see that only the schemes with positions tell "gato sub" from "sub gato".
    """

    def __init__(self, model: EmbeddingModel, appearance: Appearance, parent: QWidget | None = None):
        super().__init__(parent)
        self._model = model
        self._appearance = appearance
        self._cell: tuple[int, int] | None = None
        self._scores: dict[str, np.ndarray] = {}  # the five score matrices, unrounded
        self.graphics = ComparisonRow(appearance, len(SCHEMES), reserve=30)
        self.heatmaps = dict(zip(SCHEMES, self.graphics.heatmaps, strict=True))
        self.colour_bar = self.graphics.colour_bar
        self.graphics.hovered.connect(self._on_cell_hovered)
        self.caption = QLabel()
        self.caption.setWordWrap(True)
        self.readout = QLabel()
        self.numbers_hint = NumbersHintLabel()  # where the numbers are that a matrix has no room for
        self.graphics.printing_changed.connect(self._show_numbers_hint)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.caption)
        layout.addWidget(scrolling(self.graphics), 1)
        layout.addWidget(self.numbers_hint)
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
        shown = self.shown_schemes()
        self.graphics.set_levels(toy_limit(model))  # one colour scale through the lesson (ui.palette.ToyScale)
        self._scores = matrices
        labels = [str(p + 1) for p in range(model.n)]
        names = self.scheme_names()
        if self._appearance.presenting:
            self.graphics.needs = {column: numbers_width(matrices[scheme], self._appearance)
                                   for column, scheme in zip(self.graphics.matrix_columns, SCHEMES, strict=True)}
        self.graphics.show_only([self.heatmaps[scheme] for scheme in shown])
        for scheme, heatmap in self.heatmaps.items():
            heatmap.set_title(names[scheme])
            heatmap.set_matrix(matrices[scheme], labels if scheme == shown[0] else None, labels)
            heatmap.fit_labels()
        self.caption.setText(self._caption_text())
        self._show_cell(self._cell)
        self.graphics.fit_columns()
        self._show_numbers_hint()

    def _show_numbers_hint(self) -> None:
        """One line where a matrix has no room for its numbers (as last painted), none otherwise."""
        self.numbers_hint.show_hint(self.graphics.numbers_hint(), self._appearance.presenting)

    def _caption_text(self) -> str:
        # With the causal mask on, "without positions only permutes" is not true: say what it changes.
        causal = self._model.attention.causal
        if not self._appearance.presenting:
            if causal:
                return self.tr("One head, q = k = x, scores q·k/√d, on the same sequence under each scheme. The causal "
                               "mask is on, so even without positions (none) a swap changes which scores are hidden.")
            return self.tr(
                "One head, q = k = x, scores q·k/√d, on the same sequence under each scheme. Without positions "
                "(none) swapping two tokens only permutes the matrix; the others see the new order.")
        if self._model.scheme == "none":
            if causal:
                return self.tr("One head, q = k = x, scores q·k/√d, without positions: choose a scheme above to set it "
                               "beside. With the causal mask on, a swap changes which scores are hidden.")
            return self.tr("One head, q = k = x, scores q·k/√d, without positions: choose a scheme above to set it "
                           "beside. Swapping two tokens only permutes this matrix.")
        if causal:
            return self.tr("One head, q = k = x, scores q·k/√d: without positions (left) and with the scheme chosen "
                           "above (right). The causal mask is on: a swap changes which scores the left one hides; the "
                           "right one sees the new order.")
        return self.tr("One head, q = k = x, scores q·k/√d: without positions (left) and with the scheme chosen above "
                       "(right). Swap two tokens: the left one only permutes, the right one sees the new order.")

    def scheme_names(self) -> dict[str, str]:
        """Short titles."""
        return {"none": self.tr("none"), "learned": self.tr("learned"), "sinusoidal": self.tr("sinusoidal"),
                "rope": self.tr("RoPE"), "alibi": self.tr("ALiBi")}

    def shown_schemes(self) -> tuple[str, ...]:
        """The schemes whose matrices are on screen: all five, or presenting none and the chosen one."""
        if not self._appearance.presenting:
            return SCHEMES
        return ("none",) if self._model.scheme == "none" else ("none", self._model.scheme)

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
        values = "   ".join(f"{names[s]} {numbers.fixed(float(m[cell]), 3)}" for s, m in self._scores.items())
        self.readout.setText(self.tr("query {0} → key {1}:   {2}").format(cell[0] + 1, cell[1] + 1, values))

    def _on_cell_hovered(self, row: int, column: int) -> None:
        if (row, column) != self._cell:
            self._show_cell((row, column))

    def _on_scale_changed(self) -> None:
        self.caption.setFont(scaled_font(self._appearance, 11))
        self.numbers_hint.setFont(scaled_font(self._appearance, 11))
        self.readout.setFont(scaled_font(self._appearance, 12, bold=True))
        # Presenting, the five scores of a hovered cell wrap rather than run off the stage.
        self.readout.setWordWrap(self._appearance.presenting)
        self.graphics.restyle()
        self.request_refresh()

    def _on_look_changed(self) -> None:
        self.graphics.restyle()
        self.request_refresh()

    def retranslate(self) -> None:
        """Re-read every visible string."""
        self.caption.setText(self._caption_text())
        self.request_refresh()

    # ---- lifetime -------------------------------------------------------------------------------

    def detach(self) -> None:
        """Stop listening to the model; free the colour bar's menus."""
        self.graphics.dispose_menus()
        super().detach()
