"""A heatmap for real sizes (hundreds to thousands of columns): zoom, pan, value on hover.

One ImageItem in a ViewBox: panning a 1024 × 768 table moves one texture, it redraws nothing.
Per-cell numbers appear only where a cell is large enough on screen to read them.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QFontMetrics, QPainter
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from visualizer.appearance import Appearance
from visualizer.ui.heatmap import dispose_plot_item_menus
from visualizer.ui.palette import BEYOND_TRAINED, colormap, scaled_font, stage_label_font, symmetric_limit

MIN_CELL_WIDTH_PX = 40
"""Numbers are drawn only in cells at least this wide (and 14 px tall) on screen."""
MAX_NUMBERS = 3000
"""Never more numbers than this in one frame, however large the window."""


def robust_limit(values: np.ndarray) -> float:
    """Colour levels ±L: the 99th percentile of |value| (a few outliers would wash out the rest)."""
    finite = np.abs(values[np.isfinite(values)])
    if not finite.size:
        return 1.0
    limit = float(np.percentile(finite, 99))
    return limit if limit > 0 else symmetric_limit(values, floor=1e-9)


class _CellNumbers(pg.GraphicsObject):
    """The value of each visible cell, drawn in screen pixels when cells are large enough."""

    def __init__(self, view: LargeMatrix) -> None:
        super().__init__()
        self._view = view
        self.drawn = 0

    def boundingRect(self) -> QRectF:
        rows, columns = self._view.values.shape
        return QRectF(0, 0, columns, rows)

    def paint(self, painter: QPainter, *_: object) -> None:
        values = self._view.values
        self.drawn = 0
        if values.size == 0:
            return
        transform = painter.worldTransform()
        cell_w, cell_h = abs(transform.m11()), abs(transform.m22())
        if cell_w < MIN_CELL_WIDTH_PX or cell_h < 14:
            return
        box = self.getViewBox()
        if box is None:
            return
        shown = box.viewRect()
        rows, columns = values.shape
        r0, r1 = max(0, int(shown.top())), min(rows, int(np.ceil(shown.bottom())))
        c0, c1 = max(0, int(shown.left())), min(columns, int(np.ceil(shown.right())))
        if (r1 - r0) * (c1 - c0) > MAX_NUMBERS:
            return
        painter.save()
        painter.resetTransform()
        painter.setFont(scaled_font(self._view.appearance, 8))
        numbers = self._view.appearance.numbers
        limit = self._view.limit
        for r in range(r0, r1):
            for c in range(c0, c1):
                value = float(values[r, c])
                if not np.isfinite(value):
                    continue
                rect = transform.mapRect(QRectF(c, r, 1, 1))
                painter.setPen(QColor("black") if abs(value) < 0.6 * limit else QColor("white"))
                painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, numbers.short(value))
                self.drawn += 1
        painter.restore()


class LargeMatrix(QWidget):
    """A matrix of any size as a zoomable heatmap with a readout line.

    Signals
    -------
    row_hovered : (object)
        The row under the pointer (int) or None.
    """

    row_hovered = Signal(object)

    def __init__(self, appearance: Appearance, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.appearance = appearance
        self.values = np.zeros((0, 0))
        self.limit = 1.0
        self.row_labels: list[str] = []
        self.name = "X"
        self.plot = pg.PlotWidget()
        self.plot.setBackground(appearance.background)
        self.plot.setMenuEnabled(False)
        self.plot.invertY(True)
        self.plot.setAspectLocked(False)
        self.plot.getPlotItem().hideButtons()
        self.image = pg.ImageItem(axisOrder="row-major")
        self.image.setColorMap(colormap())
        self.plot.addItem(self.image)
        # The first and last rows' labels sit at the axis' ends: keep them.
        self.plot.getAxis("left").setStyle(hideOverlappingLabels=False)
        self.numbers = _CellNumbers(self)
        self.plot.addItem(self.numbers)
        self.marks: list[pg.LinearRegionItem] = []
        self.readout = QLabel()
        self.readout.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.plot, 1)
        layout.addWidget(self.readout)
        self.plot.scene().sigMouseMoved.connect(self._on_mouse_moved)

    def set_matrix(self, values: np.ndarray, row_labels: Sequence[str], name: str,
                   marked_rows: Sequence[int] = (), keep_view: bool = False) -> None:
        """Show ``values`` (shape (n, d)); ``marked_rows`` are outlined as beyond the trained length."""
        self.values = values
        self.row_labels = list(row_labels)
        self.name = name
        self.limit = robust_limit(values) if values.size else 1.0
        self._style_axes()
        for item in self.marks:
            self.plot.removeItem(item)
        self.marks = []
        if values.size:
            self.image.setImage(values, levels=(-self.limit, self.limit), autoLevels=False)
            self.image.setRect(QRectF(0, 0, values.shape[1], values.shape[0]))
            for row in marked_rows:
                region = pg.LinearRegionItem((row, row + 1), orientation="horizontal", movable=False,
                                             brush=pg.mkBrush(BEYOND_TRAINED.red(), 0, 32, 60),
                                             pen=pg.mkPen(BEYOND_TRAINED))
                self.plot.addItem(region)
                self.marks.append(region)
        else:
            self.image.clear()
        left = self.plot.getAxis("left")
        if len(self.row_labels) <= 64:
            left.setTicks([[(i + 0.5, label) for i, label in enumerate(self.row_labels)]])
            # Reserve the labels' width now: the axis would widen only after a first paint
            # had dropped the widest labels.
            metrics = QFontMetrics(left.style.get("tickFont") or self.plot.font())
            widest = max((metrics.horizontalAdvance(label) for label in self.row_labels), default=0)
            left.setWidth(widest + 16)
        else:
            left.setTicks(None)
            left.setWidth(None)
        if not keep_view and values.size:
            self.plot.setRange(xRange=(0, values.shape[1]), yRange=(0, values.shape[0]), padding=0)
        self.numbers.update()

    def _style_axes(self) -> None:
        """Row names and column numbers at the stage's label type while presenting (pyqtgraph's
        own, about 10 px, is lost past the first rows of a classroom), the window's otherwise."""
        appearance = self.appearance
        font = stage_label_font(appearance) if appearance.presenting else scaled_font(appearance, 9)
        for name in ("left", "bottom"):
            axis = self.plot.getAxis(name)
            if axis.style.get("tickFont") != font:
                axis.setStyle(tickFont=font)

    def show_cells(self, rows: tuple[int, int], columns: tuple[int, int]) -> None:
        """Zoom to a block of cells (rows and columns as half-open ranges)."""
        self.plot.setRange(xRange=columns, yRange=rows, padding=0)

    def cell_at(self, scene_pos: QPointF) -> tuple[int, int] | None:
        """The (row, column) under a scene position, or None."""
        if not self.values.size:
            return None
        point = self.plot.getPlotItem().vb.mapSceneToView(scene_pos)
        row, column = int(np.floor(point.y())), int(np.floor(point.x()))
        if 0 <= row < self.values.shape[0] and 0 <= column < self.values.shape[1]:
            return row, column
        return None

    def describe(self, cell: tuple[int, int]) -> str:
        """The hover readout of one cell, its value written as the cells write it (0,841; 1,23e6)."""
        row, column = cell
        value = float(self.values[row, column])
        label = self.row_labels[row] if row < len(self.row_labels) else str(row + 1)
        shown = self.appearance.numbers.short(value) if np.isfinite(value) else self.tr("no value")
        return self.tr("{0} at position {1}, dimension {2}: {3}").format(label, row + 1, column, shown)

    def _on_mouse_moved(self, scene_pos: QPointF) -> None:
        cell = self.cell_at(scene_pos)
        self.readout.setText(f"{self.name}: {self.describe(cell)}" if cell else "")
        self.row_hovered.emit(None if cell is None else cell[0])

    def detach(self) -> None:
        """Free pyqtgraph's context menus of the plot (parentless: they would outlive the view)."""
        dispose_plot_item_menus([self.plot.getPlotItem()])
