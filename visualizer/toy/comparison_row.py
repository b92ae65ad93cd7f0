"""The scheme comparison's five matrices of scores, side by side under one colour bar."""

from __future__ import annotations

from visualizer.ui.heatmap import Heatmap
from visualizer.ui.matrix_row import MatrixRow


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


__all__ = ["ComparisonRow"]
