"""The attention preview's matrices: the scores, X beside them, and RoPE's q = k or ALiBi's bias."""

from __future__ import annotations

from visualizer.appearance import Appearance
from visualizer.ui.matrix_row import MIN_MATRIX_WIDTH, MatrixRow

SCORES, X, SIDE = range(3)


class AttentionRow(MatrixRow):
    """Three matrices under one colour bar. In the window, each gets the width its numbers need
    (X first, then the scores, then the side matrix) and equal shares when all fit. Presenting,
    X and the side matrix take the widths the view sets (:attr:`stage_widths`: their numbers', or
    a picture's) and the scores, the stage's subject, all the rest."""

    share_by_need = True

    def __init__(self, appearance: Appearance) -> None:
        super().__init__(appearance, 3, hover_names=("scores", "X", ""), priority=(X, SCORES, SIDE))
        self.stage_widths = [0, 0, 0]
        """Presenting, the width (px) of X and of the side matrix; the scores' entry is unused."""

    def set_stage(self, scores: int, x: int, side: int) -> None:
        """Presenting, the width the scores' numbers need, and X's and the side matrix's (0: not
        shown); set before :meth:`fit_columns`."""
        self.stage_widths = [scores, x, side]

    def fit_columns(self) -> None:
        """As :class:`MatrixRow`; presenting, X and the side matrix only where the scores keep the
        room for their numbers beside them: first the side matrix (a picture, unless a step asks for
        its numbers) steps aside, then X."""
        if self._appearance.presenting:
            wanted = [True, self.stage_widths[X] > 0, self.stage_widths[SIDE] > 0]
            free = self._free_for_cells()
            for dropped in (SIDE, X):
                if self.stage_widths[SCORES] + sum(self.stage_widths[i] for i in (X, SIDE) if wanted[i]) <= free:
                    break
                wanted[dropped] = False
            self.show_matrices(wanted)
        super().fit_columns()

    def _free_for_cells(self) -> int:
        """Presenting, the width left to the matrices' cells beside the bar and the scores' names."""
        axis = self.heatmaps[SCORES].plot.getAxis("left")
        names = (axis.fixedWidth or axis.width()) if axis.isVisible() else 0
        layout = self.ci.layout
        left, _, right, _ = layout.getContentsMargins()
        between = layout.horizontalSpacing() * len(self.heatmaps)
        return int(self.width() - left - right - between - self.colour_bar_width() - names)

    def shows(self, index: int) -> bool:
        """True when matrix ``index`` (:data:`X`, :data:`SIDE`) is shown."""
        return self.heatmaps[index].plot.isVisible()

    def matrix_widths(self, free: int) -> list[int]:
        """As :class:`MatrixRow` in the window; presenting, see the class."""
        if not self._appearance.presenting:
            return super().matrix_widths(free)
        shown = [heatmap.plot.isVisible() for heatmap in self.heatmaps]
        widths = [self.stage_widths[index] if shown[index] else 0 for index in range(3)]
        widths[SCORES] = max(MIN_MATRIX_WIDTH, free - widths[X] - widths[SIDE])
        return widths


__all__ = ["SCORES", "SIDE", "AttentionRow", "X"]
