"""One token's row before the last change and now, side by side under the X panel's matrices."""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtGui import QFont, QFontMetrics

from visualizer.appearance import Appearance
from visualizer.toy.attention_preview import CHANGED, MOVED
from visualizer.toy.x_panel_row import XPanelRow
from visualizer.ui.heatmap import WINDOW_ROW_FILL, Heatmap, add_heatmap
from visualizer.ui.palette import MIN_WINDOW_NUMBER_PX

ROW = 1
"""The row of the matrices' layout it takes (the matrices themselves are row 0)."""


class BeforeAfterRow:
    """A cued token's row before the last change, under P, an arrow, and its row now, under X.

    Its two heatmaps and the arrow are made the first time they are asked for (a window with
    nothing cued never needs them); until then, and while hidden, the row takes no height.

    Parameters
    ----------
    graphics : XPanelRow
        The X panel's matrices: the row goes under its second and third matrix.
    appearance : Appearance
        Scale, look and whether the stage is presenting.
    """

    def __init__(self, graphics: XPanelRow, appearance: Appearance) -> None:
        self._graphics = graphics
        self._appearance = appearance
        self._items: tuple[Heatmap, Heatmap, pg.LabelItem] | None = None
        # Held at no height from the start: the spacing above it, and with it every matrix's
        # height, is then the same before and after the row is made.
        graphics.ci.layout.setRowFixedHeight(ROW, 0)

    def heatmaps(self) -> tuple[Heatmap, Heatmap]:
        """The before and after heatmaps (made, hidden, on first use)."""
        before, after, _ = self._made()
        return before, after

    def made_heatmaps(self) -> tuple[Heatmap, ...]:
        """The before and after heatmaps if they were made (nothing to restyle otherwise)."""
        return self._items[:2] if self._items is not None else ()

    def _made(self) -> tuple[Heatmap, Heatmap, pg.LabelItem]:
        if self._items is None:
            columns = self._graphics.matrix_columns
            before = add_heatmap(self._graphics, ROW, columns[1], self._appearance)
            after = add_heatmap(self._graphics, ROW, columns[2], self._appearance)
            arrow = self._graphics.addLabel("→", row=ROW, col=columns[1] + 1)
            for heatmap in (before, after):
                heatmap.title_points = 11
                heatmap.restyle()  # as the window's scale and look are now
            self._items = (before, after, arrow)
            self.hide()
        return self._items

    def is_shown(self) -> bool:
        """True while the row is shown."""
        return self._items is not None and self._items[0].plot.isVisible()

    def hide(self) -> None:
        """Take no room at all (nothing is made for it)."""
        if self._items is None:
            return
        self._set_shown(self._items, False)
        self._graphics.ci.layout.setRowFixedHeight(ROW, 0)

    @staticmethod
    def _set_shown(items: tuple[Heatmap, Heatmap, pg.LabelItem], shown: bool) -> None:
        before, after, arrow = items
        for item in (before.plot, after.plot, arrow):
            item.setVisible(shown)
            item.setMaximumHeight(-1 if shown else 0)

    def height(self) -> int:
        """Its height when shown: a title, the column names and one row as tall as X's rows."""
        appearance = self._appearance
        before, after = self.heatmaps()
        row_height = max(appearance.px(34), appearance.stage_px(22) * 3 // 2)
        title = QFont()
        title.setPointSizeF(appearance.pt(11))
        # A title wrapped onto two lines (a narrow window) is as tall as it has become.
        titles = max(QFontMetrics(title).height(),
                     *(heatmap.plot.titleLabel.minimumHeight() for heatmap in (before, after)))
        return titles + QFontMetrics(before.label_font()).height() + row_height + appearance.px(12)

    def fits(self, x: Heatmap, rows: int) -> bool:
        """In the window, the row shows only where X (``x``, of ``rows`` rows) keeps its rows tall
        enough for their numbers under it (the answer's caption says the old and the new row in
        words too); presenting, the stage is laid out for it."""
        graphics = self._graphics
        if graphics.two_lines:  # X on a line of its own: no room under it for the row
            return False
        if self._appearance.presenting or graphics.height() <= 0:
            return True
        header = x.plot.size().height() - x.plot.getViewBox().size().height()
        room = graphics.height() - self.height() - header - self._appearance.px(8)
        return room / max(1, rows) >= MIN_WINDOW_NUMBER_PX / WINDOW_ROW_FILL

    def show(self, titles: tuple[str, str], old_row: np.ndarray, new_row: np.ndarray, column_labels: list[str],
             limit: float) -> None:
        """Show ``old_row`` and ``new_row`` (shape (d,)) under ``titles``, coloured with levels
        −limit .. +limit (the matrices' colour bar); the new one outlined as changed (orange) or,
        the same numbers elsewhere, as moved (dashed blue)."""
        before, after, arrow = items = self._made()
        self._set_shown(items, True)
        for heatmap, title, row in ((before, titles[0], old_row), (after, titles[1], new_row)):
            heatmap.set_title(title)
            heatmap.set_levels(limit)  # the row's colours: its bar's levels, set here
            heatmap.set_matrix(row[np.newaxis, :], None, column_labels)
        changed = not np.array_equal(old_row, new_row, equal_nan=True)
        after.set_row_outlines({0: (CHANGED, False)} if changed else {0: (MOVED, True)})
        for heatmap in (before, after):
            heatmap.fit_labels()
        appearance = self._appearance
        arrow.setText("→", size=f"{appearance.pt(20):.0f}pt", bold=True, color=appearance.foreground)
        self._graphics.ci.layout.setRowFixedHeight(ROW, self.height())
