"""The gradient lab's left panel: how often each token came up in the batch, against Zipf's law."""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics

from visualizer.appearance import Appearance
from visualizer.core import display_token
from visualizer.lab.state import GradientLab
from visualizer.ui.heatmap import MatrixTitle
from visualizer.ui.palette import MIN_WINDOW_NAME_PX, scaled_font
from visualizer.ui.row_texts import RowTexts

ZIPF_COLOUR = QColor("#C04F00")
LABEL_PX = 20
"""Type of the lab's row names and counts while presenting, in pixels at 1024 × 768 (digits 14 px)."""
NUMBER_PX = 22
"""Type of the counts and expected counts beside the bars while presenting (digits 16 px)."""


def wrap_title(plot: pg.PlotItem) -> None:
    """Give ``plot`` a title that wraps onto more lines rather than widening the plot."""
    old = plot.titleLabel
    plot.layout.removeItem(old)
    old.setParentItem(None)
    title = MatrixTitle("", size="11pt")
    title.setParentItem(plot)
    plot.layout.addItem(title, 0, 1)
    plot.titleLabel = title


class BatchCounts(QObject):
    """Each token's count in the batch as a bar, one row per token by frequency rank, with the Zipf
    law's expected count dashed and both counts printed beside the bars; or, log-log, count
    against rank (the law a straight line).

    Parameters
    ----------
    plots : pg.GraphicsLayoutWidget
        The lab's row of panels: the bars go in its ``column``, the printed counts in ``numbers_column``.
    appearance : Appearance
        Scale, language and whether the stage is presenting.
    parent : QObject
        The lab's view.
    """

    def __init__(self, plots: pg.GraphicsLayoutWidget, column: int, numbers_column: int, appearance: Appearance,
                 parent: QObject) -> None:
        super().__init__(parent)
        self._plots, self._numbers_column, self._appearance = plots, numbers_column, appearance
        self.plot = plots.addPlot(row=0, col=column, enableMenu=False)
        self.bars = pg.BarGraphItem(x0=[], y=[], height=0.7, width=[], brush="#0072B2")
        self.plot.addItem(self.bars)
        self.points = pg.PlotDataItem(symbol="o", pen=None, symbolBrush="#0072B2")
        self.plot.addItem(self.points)
        self.law_curve = pg.PlotDataItem(pen=pg.mkPen(ZIPF_COLOUR, width=2, style=pg.QtCore.Qt.PenStyle.DashLine))
        self.plot.addItem(self.law_curve)
        wrap_title(self.plot)  # its long title wraps (a LabelItem widened the plot past the window's edge)
        # The count of each row and the Zipf law's expected count, printed beside the bars.
        self.count_numbers = RowTexts(Qt.AlignmentFlag.AlignRight, numbers=True)
        self.expected_numbers = RowTexts(Qt.AlignmentFlag.AlignRight, numbers=True)
        self.numbers_layout = pg.GraphicsLayout()
        self.numbers_layout.addItem(self.count_numbers, row=0, col=0)
        self.numbers_layout.addItem(self.expected_numbers, row=0, col=1)
        plots.addItem(self.numbers_layout, row=0, col=numbers_column)

    def draw(self, lab: GradientLab, order: np.ndarray, log: bool) -> None:
        """The counts of ``lab``'s batch, row r for the token ``order[r]`` (bars), or log-log."""
        plot, appearance = self.plot, self._appearance
        counts = lab.counts()[order]
        ranks = np.arange(1, lab.V + 1)
        expected = lab.batch_size * (ranks ** -lab.zipf_exponent) / np.sum(ranks ** -lab.zipf_exponent)
        rows_y = np.arange(lab.V) + 0.5
        plot.invertY(not log)
        plot.showAxis("top", not log)
        plot.showAxis("bottom", log)
        plot.setLogMode(x=log, y=log)
        self.bars.setVisible(not log)
        self.points.setVisible(log)
        if log:
            seen = counts > 0
            self.points.setData(ranks[seen], counts[seen])
            self.law_curve.setData(ranks, expected)
            plot.setTitle(self.tr("count vs rank, log-log (dashed: Zipf law)"))
            plot.getAxis("left").setTicks(None)
            plot.enableAutoRange()
        else:
            self.bars.setOpts(x0=np.zeros(lab.V), y=rows_y, width=counts)
            self.law_curve.setData(expected, rows_y)
            # A plot is at least as wide as its title.
            title = self.tr("count in the batch by Zipf rank, #1 most frequent (dashed: Zipf law)")
            if appearance.presenting:  # the columns of numbers beside the bars say what they are
                plot.setTitle(None)
            else:
                plot.setTitle(title)
            # "#3", not "3": beside the tokens' ids a bare rank reads as an id.
            labels = [f"#{r} {display_token(lab.tokens[i])}" for r, i in enumerate(order, 1)]
            axis = plot.getAxis("left")
            axis.setTicks([list(zip(rows_y.tolist(), labels, strict=True))])
            # pyqtgraph drops a label wider than its axis: size the axis to the widest one. The type
            # shrinks to the row height so that twelve labels never overlap.
            font = scaled_font(appearance, 9)
            row_pixels = plot.getViewBox().height() / max(lab.V, 1)
            if appearance.presenting:  # the back row's size (the stage leaves the rows room)
                font.setPixelSize(appearance.stage_px(LABEL_PX))
            elif row_pixels > 0 and QFontMetrics(font).height() > row_pixels:
                # Never below the window's least type: the lab scrolls before its rows get shorter.
                font.setPixelSize(max(MIN_WINDOW_NAME_PX, int(row_pixels * 0.8)))
            axis.setStyle(tickFont=font)
            # The counts are printed beside the bars: an axis of counts would say it again (and took
            # the room a wrapped title needs in the window).
            plot.showAxis("top", False)
            for side in ("left", "top"):  # black on the projector, pyqtgraph's grey otherwise
                if appearance.presenting:
                    plot.getAxis(side).setTextPen(appearance.foreground)
                else:
                    plot.getAxis(side).setTextPen()
            axis.setWidth(max(QFontMetrics(font).horizontalAdvance(label) for label in labels) + 12)
            plot.setYRange(0, lab.V, padding=0)
            plot.setXRange(0, max(float(counts.max()), float(expected.max())) * 1.1, padding=0)
        self._show_numbers(counts, expected, log)

    def _show_numbers(self, counts: np.ndarray, expected: np.ndarray, log: bool) -> None:
        """Beside the bars, row by row: the batch's count and the Zipf law's expected count."""
        numbers, view = self._appearance.numbers, self.plot.getViewBox()
        shown = not log
        self.numbers_layout.setVisible(shown)
        columns = self._plots.ci.layout
        if not shown:
            columns.setColumnFixedWidth(self._numbers_column, 0)
            return
        foreground = QColor(self._appearance.foreground)
        self.count_numbers.set_texts([self.tr("count"), *(str(int(c)) for c in counts)], view, -1,
                                     [foreground] * (len(counts) + 1))
        # The expected counts in the colour of the dashed Zipf curve they are read from.
        self.expected_numbers.set_texts([self.tr("expected"), *(numbers.fixed(float(e), 1) for e in expected)],
                                        view, -1, [ZIPF_COLOUR] * (len(expected) + 1))
        self.numbers_layout.setContentsMargins(0, 0, 0, 0)
        self.numbers_layout.setSpacing(0)
        width = self.count_numbers.maximumWidth() + self.expected_numbers.maximumWidth()
        columns.setColumnFixedWidth(self._numbers_column, width)

    def texts(self) -> tuple[list[str], list[str]]:
        """The counts and expected counts printed beside the bars, row by row."""
        return self.count_numbers.texts()[1:], self.expected_numbers.texts()[1:]

    def restyle(self) -> None:
        """The printed counts' type: the stage's while presenting, 9 pt at the scale otherwise."""
        numbers = QFont()
        if self._appearance.presenting:
            numbers.setPixelSize(self._appearance.stage_px(NUMBER_PX))
        else:
            numbers = scaled_font(self._appearance, 9)
        for texts in (self.count_numbers, self.expected_numbers):
            texts.set_font(numbers, self._appearance.px(4))

    def detach(self) -> None:
        """Let go of the view the printed counts follow."""
        for texts in (self.count_numbers, self.expected_numbers):
            texts.detach()
