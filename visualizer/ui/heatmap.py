"""A labelled heatmap on a pyqtgraph PlotItem: one matrix, every value printed in its cell.

Not a widget of its own: a :class:`~visualizer.ui.matrix_row.MatrixRow` places several side
by side under one colour bar; the gradient lab places two beside its bar charts.
"""

from __future__ import annotations

import functools
import math
import weakref
from collections.abc import Callable, Iterable, Sequence
from typing import Any, TypeVar

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontInfo,
    QFontMetrics,
    QPainter,
    QPen,
    QStaticText,
    QTextOption,
    QTransform,
)
from PySide6.QtWidgets import QGraphicsGridLayout, QGraphicsItem, QGraphicsRectItem, QToolTip, QWidgetAction

from visualizer.appearance import Appearance
from visualizer.ui.matrix_caption import MatrixCaption
from visualizer.ui.palette import (
    BEYOND_TRAINED,
    HIGHLIGHT,
    MIN_WINDOW_NAME_PX,
    MIN_WINDOW_NUMBER_PX,
    STAGE_LABEL_PX,
    colormap,
    scaled_font,
    stage_label_font,
)
from visualizer.ui.tick_axis import unlabelled_axis

STAGE_CELL_FILL, STAGE_ROW_FILL = 0.9, 0.85
"""On stage a matrix prints its numbers at the stage's size when the widest takes at most this share
of its cell's width and the type this share of its height (22 px type in rows of 26 px)."""
OUTLINE_PEN_PX = 3
"""Width of a row's outline (a row that moved or changed), in pixels at the window's size; it runs
inside the row's first and last cells (:func:`~visualizer.ui.matrix_row.numbers_width` makes room)."""
WINDOW_CELL_FILL, WINDOW_ROW_FILL = 0.85, 0.62
"""In the window a matrix's widest number fills this share of its cell's width, its type at most
this share of the cell's height (10 px type in rows of 16 px: 7 tokens' scores at 1024 × 768)."""


_WIDTHS: dict[tuple[str, str], int] = {}
_STATIC_TEXTS: dict[tuple[str, str], QStaticText] = {}
_FITTED_NAMES: dict[tuple[object, ...], tuple[QFont, int]] = {}
_CACHED = 4096
"""How many texts' widths, laid-out texts and fitted sets of names are kept (the toy's numbers repeat
from one change to the next: a drag measured and laid out the same sixty numbers again)."""


Kept = TypeVar("Kept")


def _keep(cache: dict[Any, Kept], key: object, value: Kept) -> Kept:
    """``value``, kept under ``key`` in one of the caches above (emptied once past :data:`_CACHED`)."""
    if len(cache) > _CACHED:
        cache.clear()
    cache[key] = value
    return value


def text_width(font: QFont, text: str) -> int:
    """``text``'s advance in ``font``, remembered by the font's key."""
    return widest_text(font, (text,))


def widest_text(font: QFont, texts: Iterable[str]) -> int:
    """The widest advance of ``texts`` in ``font`` (0 for none), each remembered by the font's key
    (asked for once: a font's key is itself a little costly)."""
    font_key = font.key()
    widest = 0
    metrics: QFontMetrics | None = None
    for text in texts:
        key = (font_key, text)
        width = _WIDTHS.get(key)
        if width is None:
            metrics = metrics or QFontMetrics(font)
            width = _keep(_WIDTHS, key, metrics.horizontalAdvance(text))
        widest = max(widest, width)
    return widest


def _static_text(font: QFont, font_key: str, text: str) -> QStaticText:
    """``text`` laid out once in ``font`` (of key ``font_key``): QPainter lays a plain drawText out
    on every paint."""
    key = (font_key, text)
    static = _STATIC_TEXTS.get(key)
    if static is None:
        static = _keep(_STATIC_TEXTS, key, QStaticText(text))
        static.setTextFormat(Qt.TextFormat.PlainText)
        static.prepare(QTransform(), font)
    return static


def changed_spans(changed: np.ndarray) -> list[QRectF]:
    """One rectangle per row of ``changed`` (shape (rows, columns), True where a cell changed),
    from its first changed cell to its last, in cell units: what a repaint of those cells covers."""
    spans = []
    for row in np.flatnonzero(changed.any(axis=1)).tolist():
        columns = np.flatnonzero(changed[row])
        first, last = int(columns[0]), int(columns[-1])
        spans.append(QRectF(first, row, last - first + 1, 1))
    return spans


def exposed_cells(option: object, rows: int, columns: int) -> tuple[range, range]:
    """The rows and columns of a matrix's cells (one unit each) that a paint's exposed rectangle
    touches: every cell when the option carries none."""
    exposed = getattr(option, "exposedRect", None)
    if exposed is None or exposed.isEmpty():
        return range(rows), range(columns)
    return (range(max(0, math.floor(exposed.top())), min(rows, math.ceil(exposed.bottom()))),
            range(max(0, math.floor(exposed.left())), min(columns, math.ceil(exposed.right()))))


MAX_FILLED_CELLS = 2048
"""A matrix up to this many cells is painted a filled rectangle a cell (:class:`CellImage`)."""


class CellImage(pg.ImageItem):
    """pyqtgraph's ImageItem (levels, colour map, the colour bar's link: all its own), painted as a
    filled rectangle a cell rather than one image stretched over them: drawing a 5 × 4 image at 60
    times its size cost a millisecond a matrix (the raster engine fetches every device pixel through
    the transform), twenty rectangles a tenth of that. A larger matrix is drawn as pyqtgraph does.

    The cells' colours are looked up as pyqtgraph's own rendering does (``try_make_qimage``: the
    value less the low level, times the table's length over the levels' span, clipped into the
    table and truncated; a NaN cell blank), in one numpy step: its QImage, then read back pixel by
    pixel, cost 0.4 ms a matrix on every drag.
    """

    _cells: list[tuple[QRectF, QColor]] | None = None
    """The cells to fill, once looked up; None when pyqtgraph paints this image itself."""
    _made_table: tuple[np.ndarray, list[QColor]] | None = None
    """The colour table last looked up in, and its entries as QColors."""
    _made_rects: tuple[tuple[int, ...], list[QRectF]] | None = None
    """The image's shape last drawn, and its cells' rectangles row by row."""
    _holding_updates = False
    """True while :meth:`replace_cells` lets pyqtgraph take the new values without repainting it all."""

    def __init__(self, *args: object, **options: object) -> None:
        super().__init__(*args, **options)
        # A paint is told which part of the image to draw (a change of two rows repaints two rows).
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption)

    def update(self, *area: object) -> None:
        if not self._holding_updates:
            super().update(*area)

    def replace_cells(self, values: np.ndarray, spans: list[QRectF]) -> None:
        """Show ``values`` (the shape shown already) and repaint only ``spans`` (:func:`changed_spans`,
        the cells whose colour may differ): a drag that swaps two tokens repainted the whole matrix
        for two rows."""
        self._holding_updates = True
        try:
            self.setImage(values, autoLevels=False)
        finally:
            self._holding_updates = False
        for span in spans:
            super().update(span)  # the image's pixels are its cells (setRect(0, 0, columns, rows))

    def render(self) -> None:
        cells = self._look_up_cells()
        if cells is None:
            super().render()
        else:
            self._renderRequired = False
            self._unrenderable = False
        self._cells = cells

    def _look_up_cells(self) -> list[tuple[QRectF, QColor]] | None:
        """Each cell's rectangle and colour (blank cells left out), or None where pyqtgraph must
        render (a large image, no levels or no table of colours, a table made per image)."""
        image, levels, lut = self.image, self.levels, self.lut
        if (image is None or image.ndim != 2 or image.dtype.kind != "f" or image.size > MAX_FILLED_CELLS
                or self.axisOrder != "row-major" or self.paintMode is not None or self.autoDownsample
                or levels is None or np.ndim(levels) != 1 or not np.all(np.isfinite(levels))
                or not isinstance(lut, np.ndarray) or lut.dtype != np.uint8 or lut.ndim != 2
                or lut.shape[1] not in (3, 4)):
            return None  # not the heatmaps' own kind of image: pyqtgraph renders it
        low, high = float(levels[0]), float(levels[1])
        span = (high - low) or 1.0
        blank = np.isnan(image)
        scaled = (np.where(blank, low, image).astype(np.float64) - low) * (lut.shape[0] / span)
        index = np.clip(scaled, 0, lut.shape[0] - 1).astype(np.intp)
        index[blank] = -1
        colours, rects = self._table_colours(lut), self._cell_rects(image.shape)
        return [(rect, colours[entry]) for rect, entry in zip(rects, index.ravel().tolist(), strict=True)
                if entry >= 0]

    def _table_colours(self, lut: np.ndarray) -> list[QColor]:
        """The colour table as QColors, made once per table (a drag changes the values, not the table)."""
        if self._made_table is None or self._made_table[0] is not lut:
            self._made_table = (lut, [QColor(*entry) for entry in lut.tolist()])
        return self._made_table[1]

    def _cell_rects(self, shape: tuple[int, ...]) -> list[QRectF]:
        """Each cell's rectangle, row by row, made once per shape."""
        if self._made_rects is None or self._made_rects[0] != shape:
            rows, columns = shape
            self._made_rects = (shape, [QRectF(column, row, 1, 1) for row in range(rows) for column in range(columns)])
        return self._made_rects[1]

    def paint(self, painter: QPainter, *args: object) -> None:
        if self.image is None:
            return
        if self._renderRequired:
            self.render()
            if self._unrenderable:
                return
        if self._cells is None:
            super().paint(painter, *args)
            return
        exposed = getattr(args[0], "exposedRect", None) if args else None
        for rect, colour in self._cells:
            if exposed is None or exposed.intersects(rect):
                painter.fillRect(rect, colour)


class CellLabels(pg.GraphicsObject):
    """Draws every cell's value centred in it, in screen pixels (one paint call for all cells).

    Text is drawn after undoing the plot's transform so it is never stretched or flipped.

    Signals
    -------
    printed_changed : (bool)
        A paint drew the numbers where the one before could not (True), or the other way round.
    """

    printed_changed = Signal(bool)

    def __init__(self, appearance: Appearance) -> None:
        super().__init__()
        self._appearance = appearance
        self._values = np.zeros((0, 0))
        self._texts: list[list[str]] = []
        self._colours: list[list[QColor]] = []
        self.drawn_pixel_size = 0
        """Pixel size of the numbers at the last paint, 0 when they were too small to draw."""
        self._printed = True  # as far as anyone was told (printed_changed): until a paint says not
        self._widest: tuple[str, int] = ("", 0)  # font key → width of the widest text, per set_cells
        self._measured_in: QFont | None = None  # the font the last paint measured the widest text in
        self._row_widths: list[int] = []  # each row's widest text in that font
        # A paint is told which cells to draw (a change of two rows repaints two rows).
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption)

    def colours(self) -> list[list[QColor]]:
        """Each cell's number colour, row by row, as set."""
        return self._colours

    @property
    def printed(self) -> bool:
        """False once a paint found the cells too small for their numbers (until one draws them)."""
        return self._printed

    def set_cells(self, values: np.ndarray, texts: list[list[str]], colours: list[list[QColor]],
                  spans: list[QRectF] | None = None) -> None:
        """Replace the labels; ``values`` has shape (rows, columns) and sets the item's extent.

        ``spans`` (:func:`changed_spans`, for values of the shape shown) repaints only the cells
        whose text or colour may differ, unless the widest text changed: every number's size
        follows it.
        """
        measured_key, widest_before, shape_before = self._widest[0], self._widest[1], self._values.shape
        self._values, self._texts, self._colours = values, texts, colours
        self._widest = ("", 0)
        measured_in = self._measured_in
        if spans is not None and measured_key and measured_in is not None and shape_before == values.shape:
            # The widths measured are the texts' before (a paint since the last change measured
            # them), and only the rows in ``spans`` have new texts: those are measured again.
            row_widths = list(self._row_widths)
            for row in {int(span.top()) for span in spans}:
                row_widths[row] = widest_text(measured_in, texts[row])
            if max(row_widths, default=0) == widest_before:
                self._row_widths, self._widest = row_widths, (measured_key, widest_before)
                for span in spans:
                    self.update(span)
                return
        self.prepareGeometryChange()
        self.update()

    def _widest_text(self, font: QFont) -> int:
        """Width of the widest cell text in ``font``, measured once per set of texts and font (not
        on every repaint: a hover repaints the cells)."""
        key = font.key()
        if self._widest[0] != key:
            self._row_widths = [widest_text(font, row) for row in self._texts]
            self._widest = (key, max(self._row_widths, default=0))
            self._measured_in = QFont(font)
        return self._widest[1]

    def boundingRect(self) -> QRectF:
        rows, columns = self._values.shape if self._values.ndim == 2 else (0, 0)
        return QRectF(0, 0, columns, rows)

    def paint(self, painter: QPainter, option: object = None, *_: object) -> None:
        if not self._texts:
            return
        transform = painter.transform()
        cell = transform.map(QPointF(1, 1)) - transform.map(QPointF(0, 0))
        cell_w, cell_h = abs(cell.x()), abs(cell.y())
        # Bold in the window; regular on the stage, where bold "-0.5" at 22 px filled its cell.
        font = scaled_font(self._appearance, 10, bold=not self._appearance.presenting)
        if self._appearance.presenting:
            # For the back row: the lesson's size or nothing (hover and readouts keep the value).
            pixels = self._appearance.stage_px()
            font.setPixelSize(pixels)
            widest = self._widest_text(font)
            fits = widest <= cell_w * STAGE_CELL_FILL and pixels <= cell_h * STAGE_ROW_FILL
            self.drawn_pixel_size = pixels if fits else 0
        else:
            # In the window the numbers take the size their cells give them: the widest fills 85%
            # of a cell's width, the type at most 55% of its height. Below 10 px nobody reads them
            # (hover and the readouts still give the value).
            reference = 20
            font.setPixelSize(reference)
            widest = max(1, self._widest_text(font))
            pixels = int(min(cell_h * WINDOW_ROW_FILL, reference * cell_w * WINDOW_CELL_FILL / widest))
            self.drawn_pixel_size = pixels if pixels >= MIN_WINDOW_NUMBER_PX else 0
        if bool(self.drawn_pixel_size) != self._printed:
            self._printed = bool(self.drawn_pixel_size)
            self.printed_changed.emit(self._printed)
        if not self.drawn_pixel_size:
            return
        font.setPixelSize(pixels)
        painter.save()
        painter.resetTransform()
        painter.setFont(font)
        font_key = font.key()
        rows, columns = exposed_cells(option, len(self._texts), len(self._texts[0]))
        for row in rows:
            row_texts = self._texts[row]
            for column in columns:
                text = row_texts[column]
                if not text:
                    continue
                centre = transform.map(QPointF(column + 0.5, row + 0.5))
                static = _static_text(font, font_key, text)
                size = static.size()  # centred in its cell, as drawText's AlignCenter placed it
                painter.setPen(self._colours[row][column])
                painter.drawStaticText(QPointF(centre.x() - size.width() / 2, centre.y() - size.height() / 2), static)
        painter.restore()


_BLACK, _WHITE = QColor("black"), QColor("white")


def label_colours(values: np.ndarray, levels: tuple[float, float]) -> list[list[QColor]]:
    """Black on a light cell, white on a dark one, from the colormap at each value of ``values``
    (shape (rows, columns); a blank cell as 0): the relative luminance of its colour over 0.5."""
    low, high = levels
    fraction = (np.clip(np.where(np.isfinite(values), values, 0.0), low, high) - low) / (high - low)
    positions, luminance = _stop_luminance()
    light = np.interp(fraction, positions, luminance) > 0.5
    return [[_BLACK if is_light else _WHITE for is_light in row] for row in light.tolist()]


@functools.cache
def _stop_luminance() -> tuple[np.ndarray, np.ndarray]:
    """The colormap's stops (positions 0..1) and each stop's relative luminance (WCAG's weights).

    The map blends its stops' components linearly, and luminance is a weighted sum of them: the
    luminance of a blend is the blend of the stops' luminances. One interpolation, not the colour
    of every cell (pyqtgraph's ``map``, three interpolations and its own checks: half the time).
    """
    positions, colours = colormap().getStops("float")
    return np.asarray(positions, dtype=np.float64), colours[:, :3] @ np.array([0.2126, 0.7152, 0.0722])


class MatrixTitle(pg.LabelItem):
    """A matrix's title: as wide as its text when there is room, and wrapped onto more lines when
    there is not. (pyqtgraph's LabelItem asks for its whole text's width as its least: a long
    title widened its matrix and pushed the colour bar out of the window.)"""

    _widths: tuple[float, float] | None = None
    """(natural, narrowest) width of the text, measured once per text: every layout pass resizes
    the title and asks again, and the narrowest took a clone of the whole document to measure."""

    def __init__(self, text: str = "", **style: object) -> None:
        super().__init__(text, **style)
        # Lines break between words only: Qt's default also breaks inside a word that does not fit,
        # so the narrowest measured one letter and a 1024 px window printed "aprendid / a".
        option = self.item.document().defaultTextOption()
        option.setWrapMode(QTextOption.WrapMode.WordWrap)
        self.item.document().setDefaultTextOption(option)

    def setText(self, text: str, **style: object) -> None:
        self._widths = None  # before pyqtgraph's setText, which measures the new text
        super().setText(text, **style)

    def _measured(self) -> tuple[float, float]:
        """(natural, narrowest) width of the text: on one line, and wrapped at its longest word."""
        if self._widths is None:
            item = self.item
            wrap = item.textWidth()
            item.setTextWidth(-1)
            natural = narrowest = item.document().idealWidth()
            item.setTextWidth(wrap)
            if self.text:  # an empty title (every plot's first) has no word to wrap: no clone to measure
                probe = item.document().clone()
                probe.setTextWidth(1)  # the widest word: the least a title can be
                narrowest = probe.idealWidth()
            self._widths = (natural, narrowest)
        return self._widths

    def least_width(self) -> float:
        """The title's longest word: the least width it takes, whatever room it is given (from the
        text alone, not from the wrapping of now)."""
        return self._measured()[1]

    def updateMin(self) -> None:
        item = self.item
        natural, narrowest = self._measured()
        room = self.size().width()
        wrap = max(room, narrowest) if 0 < room < natural else -1.0
        if item.textWidth() != wrap:  # re-wrapping lays the document out again
            item.setTextWidth(wrap)
        bounds = self.itemRect()
        self.setMinimumWidth(min(narrowest, bounds.width()))
        self.setMinimumHeight(bounds.height())
        self._sizeHint = {
            Qt.SizeHint.MinimumSize: (min(narrowest, bounds.width()), bounds.height()),
            Qt.SizeHint.PreferredSize: (natural, bounds.height()),
            Qt.SizeHint.MaximumSize: (-1, -1),
            Qt.SizeHint.MinimumDescent: (0, 0),
        }
        self.updateGeometry()


class MatrixPlot(pg.GraphicsWidget):
    """A light plot for a matrix: title, column labels on top, row labels on the left, a view.

    pyqtgraph's PlotItem builds a control panel and menus for every plot (about 6 ms each);
    a heatmap needs none of them, so this assembles just a ViewBox and two AxisItems.
    """

    def __init__(self) -> None:
        super().__init__()
        grid = QGraphicsGridLayout()
        grid.setContentsMargins(1, 1, 1, 1)
        grid.setSpacing(0)
        self.setLayout(grid)
        self.titleLabel = MatrixTitle("")
        self.vb = pg.ViewBox(enableMouse=False, enableMenu=False, invertY=True, defaultPadding=0.0)
        self.axes = {"left": unlabelled_axis("left", self.vb), "top": unlabelled_axis("top", self.vb)}
        grid.addItem(self.titleLabel, 0, 1)
        grid.addItem(self.axes["top"], 1, 1)
        grid.addItem(self.axes["left"], 2, 0)
        grid.addItem(self.vb, 2, 1)

    def getAxis(self, name: str) -> pg.AxisItem:
        """The ``left`` or ``top`` axis."""
        return self.axes[name]

    def getViewBox(self) -> pg.ViewBox:
        """The view the matrix is drawn in."""
        return self.vb

    def showAxis(self, name: str, show: bool = True) -> None:
        """Show (or hide) an axis; a hidden axis takes no room."""
        self.axes[name].setVisible(show)

    def hideAxis(self, name: str) -> None:
        """Hide an axis."""
        self.showAxis(name, False)

    def setTitle(self, text: str, **style: object) -> None:
        """The title above the matrix (LabelItem style keywords: size, bold, color)."""
        self.titleLabel.setText(text, **style)

    def addItem(self, item: QGraphicsItem) -> None:
        """Add an item in data coordinates."""
        self.vb.addItem(item)

    def removeItem(self, item: QGraphicsItem) -> None:
        """Remove an item added with ``addItem``."""
        self.vb.removeItem(item)

    def setRange(self, xRange: tuple[float, float], yRange: tuple[float, float], padding: float = 0.0) -> None:
        """Visible columns and rows at once (the view updates once, not once per axis)."""
        self.vb.setRange(xRange=xRange, yRange=yRange, padding=padding)

    def setXRange(self, low: float, high: float, padding: float = 0.0) -> None:
        """Visible columns."""
        self.vb.setXRange(low, high, padding=padding)

    def setYRange(self, low: float, high: float, padding: float = 0.0) -> None:
        """Visible rows."""
        self.vb.setYRange(low, high, padding=padding)


def add_heatmap(graphics: pg.GraphicsLayoutWidget, row: int, column: int, appearance: Appearance,
                title_points: float = 13) -> Heatmap:
    """A :class:`Heatmap` on a new :class:`MatrixPlot` placed at (row, column) of ``graphics``."""
    plot = MatrixPlot()
    graphics.addItem(plot, row=row, col=column)
    return Heatmap(plot, appearance, title_points)


class Heatmap:
    """A titled matrix heatmap with row/column labels, printed values and a row highlight.

    Parameters
    ----------
    plot : MatrixPlot
        Where to draw (rows run downwards, no mouse zoom).
    appearance : Appearance
        Scale and number format.
    """

    def __init__(self, plot: MatrixPlot, appearance: Appearance, title_points: float = 13) -> None:
        self.plot = plot
        self._appearance = appearance
        self.title_points = title_points  # smaller where several heatmaps share a narrow row
        self._values = np.zeros((0, 0))
        self._texts: list[list[str]] = []
        self._marked_rows: list[int] = []
        self._title = ""
        self._show_values = True
        self._decimals: int | None = None
        self._drawn_levels: tuple[float, float] | None = None
        self._drawn_numbers: object = None
        self._range_shape: tuple[int, int] | None = None
        self._axis_style: tuple[float, str] | None = None
        self._axis_labels: tuple[tuple[str, ...] | None, tuple[str, ...], float] | None = None
        self._names: tuple[tuple[str, ...] | None, tuple[str, ...]] = (None, ())
        self._fitted: tuple[object, ...] | None = None  # what the names were last fitted to
        self._fitted_columns: tuple[object, ...] | None = None  # what the column names were fitted to
        self._row_names_resized: list[weakref.WeakMethod[Callable[[], None]]] = []
        self._header_lines = 1  # lines of the column names' band, at least (a row of matrices shares it)
        self._name_lines_changed: list[weakref.WeakMethod[Callable[[], None]]] = []
        self.name_lines = 1
        """Lines the column names take (a name too wide for its column breaks onto two)."""
        self.image = CellImage(axisOrder="row-major")
        self.image.setColorMap(colormap())
        plot.addItem(self.image)
        self.labels = CellLabels(appearance)
        plot.addItem(self.labels)
        self._highlight = QGraphicsRectItem()
        self._highlight.setBrush(QBrush(Qt.BrushStyle.NoBrush))
        self._highlight.setVisible(False)
        plot.addItem(self._highlight)
        self._marks: list[QGraphicsRectItem] = []
        self._outlines: list[QGraphicsRectItem] = []
        self._outlined: dict[int, tuple[QColor, bool]] = {}
        self._outlines_key: tuple[object, ...] = ()  # what the outline items in the scene show
        self.caption = MatrixCaption(appearance)
        plot.addItem(self.caption)
        plot.geometryChanged.connect(self.fit_labels)  # the names follow the cells' size

    # ---- what tests and exports read back ------------------------------------------------------

    def values(self) -> np.ndarray:
        """The matrix shown, shape (rows, columns); NaN where a cell is blank."""
        return self._values

    def cell_texts(self) -> list[list[str]]:
        """The text printed in each cell, row by row."""
        return self._texts

    def title(self) -> str:
        """The title drawn above the matrix."""
        return self._title

    def column_names(self) -> tuple[str, ...]:
        """The names of the columns, as set (before any is broken onto two lines or left out)."""
        return self._names[1]

    # ---- updates ------------------------------------------------------------------------------

    def set_title(self, title: str) -> None:
        """Set the title drawn above the matrix."""
        if title != self._title:
            self._title = title
            self.plot.setTitle(title, size=f"{self._appearance.pt(self.title_points):.0f}pt", bold=True,
                               color=self._appearance.foreground)

    def restyle(self) -> None:
        """Re-read the appearance (scale, language) on the next update."""
        self._axis_labels = None
        self._fitted = self._fitted_columns = None
        self._range_shape = None
        self._axis_style = None
        self.caption.setColor(self._appearance.foreground)
        title, self._title = self._title, ""
        self.set_title(title)

    def levels(self) -> tuple[float, float]:
        """The colour levels (low, high) the image is drawn with."""
        levels = self.image.getLevels()
        return (-1.0, 1.0) if levels is None else (float(levels[0]), float(levels[1]))

    def set_levels(self, limit: float) -> None:
        """Colour levels −limit .. +limit, for a heatmap on its own: in a MatrixRow the colour bar
        sets them, for every heatmap of the row at once."""
        if (-limit, limit) != self.levels():  # pyqtgraph re-renders the image on every setLevels
            self.image.setLevels((-limit, limit))

    def set_matrix(self, values: np.ndarray, row_labels: Sequence[str] | None,
                   column_labels: Sequence[str], show_values: bool = True, decimals: int | None = None) -> None:
        """Show ``values`` (shape (rows, columns)); NaN cells stay blank.

        Row and column labels become the left and top axis ticks; ``row_labels=None`` hides the
        left axis (a matrix placed right of another that already names the rows). Cells print the
        lesson's short numbers, or every value with exactly ``decimals`` places when given.
        """
        values = np.asarray(values, dtype=np.float64)
        rows, columns = values.shape
        labels_key = (tuple(row_labels) if row_labels is not None else None, tuple(column_labels),
                      self._appearance.scale)
        levels = self.levels()
        same_look = (show_values == self._show_values and self._drawn_levels == levels
                     and self._drawn_numbers == self._appearance.numbers and decimals == self._decimals)
        if same_look and values.shape == self._values.shape:
            # Only the cells whose value changed look different (a drag that swaps two tokens: two rows).
            changed = ~((values == self._values) | (np.isnan(values) & np.isnan(self._values)))
            if changed.all():
                changed = None  # every cell: drawn whole (a switch of scheme), in one go
        else:
            changed = None
        if labels_key == self._axis_labels and changed is not None and not changed.any():
            return  # nothing visible changed: keep the cached image and labels
        self._show_values, self._drawn_levels, self._decimals = show_values, levels, decimals
        self._drawn_numbers = self._appearance.numbers
        self._values = values
        numbers = self._appearance.numbers

        def written(row: np.ndarray) -> list[str]:
            # Never wider than a cell: 1,23e6 past what the lesson's decimals can hold.
            return [numbers.cell(v, decimals) if show_values and np.isfinite(v) else "" for v in row]

        if changed is None:
            self._texts = [written(row) for row in values]
            colours = label_colours(values, levels)
        else:  # the rows that changed are written again, the others kept
            changed_rows = np.flatnonzero(changed.any(axis=1)).tolist()
            self._texts, colours = list(self._texts), list(self.labels.colours())
            for row, row_colours in zip(changed_rows, label_colours(values[changed_rows], levels), strict=True):
                self._texts[row], colours[row] = written(values[row]), row_colours
        spans = None if changed is None else changed_spans(changed)  # what both the cells and numbers repaint
        if rows and columns:
            if spans is not None and self.image.isVisible():
                self.image.replace_cells(values, spans)
            else:
                self.image.setImage(values, autoLevels=False)  # drawn with the levels already set
                self.image.setRect(QRectF(0, 0, columns, rows))
                self.image.setVisible(True)
        else:
            self.image.setVisible(False)
        self.labels.set_cells(values, self._texts, colours, spans)
        self._set_axis_labels(row_labels, column_labels)
        self.fit_caption()

    def _set_axis_labels(self, row_labels: Sequence[str] | None, column_labels: Sequence[str]) -> None:
        """Axis ticks and styles; skipped when unchanged so pyqtgraph keeps its cached picture."""
        rows = len(row_labels) if row_labels is not None else len(self._texts)
        columns = len(column_labels)
        key = (tuple(row_labels) if row_labels is not None else None, tuple(column_labels),
               self._appearance.scale)
        shape = (rows, columns)
        if shape != self._range_shape:
            # Whatever the names: a matrix without row names (X beside E[ids]) that grew from 5 rows
            # to 7 kept its view on the first 5, and rows 6 and 7 were cut.
            self._range_shape = shape
            self.plot.setRange(xRange=(0, max(columns, 1)), yRange=(0, max(rows, 1)), padding=0)
            self._fitted = None
        if key == self._axis_labels:
            return
        self._axis_labels = key
        self._names = (key[0], key[1])
        left, top = self.plot.getAxis("left"), self.plot.getAxis("top")
        style = (self._appearance.scale, self._appearance.foreground)
        if style != self._axis_style:  # styling re-lays out the labels: only when the look changes
            self._axis_style = style
            for axis in (left, top):
                axis.setStyle(tickLength=0)
                axis.setTextPen(pg.mkPen(self._appearance.foreground))
                axis.setPen(pg.mkPen(None))
        self.plot.showAxis("left", row_labels is not None)
        self._fitted = None
        self.fit_labels()

    def set_header_lines(self, lines: int) -> None:
        """Make the column names' band at least ``lines`` lines tall: matrices side by side share
        their rows, so they share the band's height (one matrix's names on two lines)."""
        if lines != self._header_lines:
            self._header_lines = lines
            self.fit_labels()

    def when_name_lines_changed(self, listener: Callable[[], None]) -> None:
        """Call the method ``listener`` when the column names take another number of lines (held
        weakly, as :meth:`when_row_names_resized`)."""
        self._name_lines_changed.append(weakref.WeakMethod(listener))

    def when_row_names_resized(self, listener: Callable[[], None]) -> None:
        """Call the method ``listener`` when the band of row names changes width (a MatrixRow then
        shares out the widths again); held weakly, so the heatmap keeps nothing of its row alive."""
        self._row_names_resized.append(weakref.WeakMethod(listener))

    def label_font(self) -> QFont:
        """The row and column names' type, before it gives way to small cells: on a projector the
        stage's (:data:`~visualizer.ui.palette.STAGE_LABEL_PX`), 11 pt at the scale otherwise."""
        if self._appearance.presenting:
            return stage_label_font(self._appearance)
        return scaled_font(self._appearance, 11)

    def fit_labels(self) -> None:
        """Size the row and column names to the cells they name (after a change of names or size).

        Each name gets the full type if its cell has room; otherwise, in the window, smaller type
        down to 10 px (digits 8 px); past that (and on a projector, where type never shrinks below what the back
        row reads) every second, third, … name is drawn, on purpose: names that would run into
        each other ("d0d1d2d3") or lie on each other are not names. The band of column names is
        as tall as their type, and the row names' band as wide as the widest: pyqtgraph drops any
        name that does not fit its band.
        """
        row_names, column_names = self._names
        appearance = self._appearance
        size = self.plot.size()
        title = self.plot.titleLabel.size().height() if self._title else 0.0
        key = (self._names, self._range_shape, round(size.width()), round(size.height()), round(title),
               appearance.scale, appearance.presenting, appearance.stage_px(STAGE_LABEL_PX), self._header_lines)
        if key == self._fitted or size.width() <= 0 or size.height() <= 0:
            return
        self._fitted = key
        base = self.label_font()
        sizes = [base.pixelSize() if base.pixelSize() > 0 else QFontInfo(base).pixelSize()]
        if not appearance.presenting:  # the window may shrink the names to the cells, to 10 px
            sizes += list(range(sizes[0] - 1, MIN_WINDOW_NAME_PX - 1, -1))
        left, top = self.plot.getAxis("left"), self.plot.getAxis("top")
        band = QFontMetrics(base).height() + appearance.px(4)
        rows = len(row_names) if row_names is not None else max(len(self._texts), 1)
        row_height = max(1.0, (size.height() - title - band - 2) / max(rows, 1))
        left_width = 0
        if row_names is not None:
            row_font, every = _fit_names(base, sizes, row_names, row_height, along_rows=True)
            left_width = widest_text(row_font, row_names) + appearance.px(12)
            _set_axis(left, row_font, [(r + 0.5, name) for r, name in enumerate(row_names) if r % every == 0])
            if left.fixedWidth != left_width:
                left.setWidth(left_width)
                for reference in self._row_names_resized:
                    listener = reference()
                    if listener is not None:
                        listener()
        # The column names need fitting again only if their room did (a move reorders the rows' names).
        columns_key = (base.key(), column_names, round(size.width()), left_width, appearance.presenting,
                       self._header_lines)
        if columns_key == self._fitted_columns:
            return
        self._fitted_columns = columns_key
        columns = max(len(column_names), 1)
        column_width = max(1.0, (size.width() - left_width - 2) / columns)
        names = list(column_names)
        column_font, every = _fit_names(base, sizes, names, column_width, along_rows=False)
        # On a projector a name too wide for its column breaks onto two lines before any is left out.
        # (Not in the window: its names shrink with the rows, and two lines there would shrink the
        # rows, their names, and widen the columns again, round and round.)
        if every > 1 and appearance.presenting:
            metrics = QFontMetrics(column_font)
            gap = metrics.horizontalAdvance(" ") / 2 + 1  # as _fit_names asks between two names
            broken = [_two_lines(name) if _name_width(metrics, name) + gap > column_width else name
                      for name in names]
            broken_font, broken_every = _fit_names(base, sizes, broken, column_width, along_rows=False)
            if broken_every == 1:
                names, column_font, every = broken, broken_font, 1
        # A name wider than the band around its column's centre would be dropped by pyqtgraph: a
        # matrix too narrow for any (X beside the scores) names none, on purpose.
        metrics = QFontMetrics(column_font)
        ticks = [(c + 0.5, name) for c, name in enumerate(names) if c % every == 0
                 and _name_width(metrics, name) / 2 <= min(c + 0.5, columns - c - 0.5) * column_width]
        if every > 1 and len(ticks) < 2:  # one stray name among unnamed columns says nothing
            ticks = []
        _set_axis(top, column_font, ticks)
        name_lines = max((name.count("\n") + 1 for _, name in ticks), default=1)
        if name_lines != self.name_lines:
            self.name_lines = name_lines
            for reference in self._name_lines_changed:
                listener = reference()
                if listener is not None:
                    listener()
        lines = max(self.name_lines, self._header_lines)
        height = lines * QFontMetrics(column_font).height() + appearance.px(4)
        if top.fixedHeight != height:
            top.setHeight(height)

    def set_caption(self, text: str, rows: tuple[int, int] | None = None) -> None:
        """Text across the matrix (e.g. "nothing is added"), or none.

        ``rows`` (first, end) centres it on those rows (the ones past a learned table), not on
        numbers it would cover; by default it sits in the middle.
        """
        self.caption.set_caption(text, rows, self._shape(), again=self._axis_labels is None)

    def fit_caption(self, width: float | None = None) -> None:
        """Size the caption to the matrix's ``width`` in pixels (the last known one by default)."""
        self.caption.fit(self._shape(), width)

    def _shape(self) -> tuple[int, int]:
        """(rows, columns) of the matrix shown; (0, 0) before the first."""
        rows, columns = self._values.shape if self._values.ndim == 2 else (0, 0)
        return rows, columns

    def set_highlight_row(self, row: int | None) -> None:
        """Outline one row, or none."""
        rows, columns = self._values.shape if self._values.ndim == 2 else (0, 0)
        if row is None or not 0 <= row < rows:
            self._highlight.setVisible(False)
            return
        pen = QPen(HIGHLIGHT, self._appearance.px(3))
        pen.setCosmetic(True)
        self._highlight.setPen(pen)
        self._highlight.setRect(QRectF(0, row, columns, 1))
        self._highlight.setVisible(True)

    def set_highlight_cell(self, cell: tuple[int, int] | None) -> None:
        """Outline one cell (row, column), or none."""
        rows, columns = self._values.shape if self._values.ndim == 2 else (0, 0)
        if cell is None or not (0 <= cell[0] < rows and 0 <= cell[1] < columns):
            self._highlight.setVisible(False)
            return
        pen = QPen(HIGHLIGHT, self._appearance.px(3))
        pen.setCosmetic(True)
        self._highlight.setPen(pen)
        self._highlight.setRect(QRectF(cell[1], cell[0], 1, 1))
        self._highlight.setVisible(True)

    def highlighted_rect(self) -> QRectF | None:
        """The outlined row or cell in data coordinates, or None."""
        return self._highlight.rect() if self._highlight.isVisible() else None

    def cell_at(self, scene_pos: QPointF) -> tuple[int, int] | None:
        """The (row, column) under a scene position, or None outside the matrix."""
        if not self.plot.sceneBoundingRect().contains(scene_pos):
            return None
        point = self.plot.getViewBox().mapSceneToView(scene_pos)
        rows, columns = self._values.shape if self._values.ndim == 2 else (0, 0)
        if 0 <= point.x() < columns and 0 <= point.y() < rows:
            return int(point.y()), int(point.x())
        return None

    def set_marked_rows(self, rows: Sequence[int], colour: QColor = BEYOND_TRAINED) -> None:
        """Hatch rows that have no value (positions beyond the trained length, zero gradients)."""
        for mark in self._marks:
            self.plot.removeItem(mark)
        self._marks = []
        self._marked_rows = list(rows)
        columns = self._values.shape[1] if self._values.ndim == 2 else 0
        for row in rows:
            mark = QGraphicsRectItem(QRectF(0, row, columns, 1))
            pen = QPen(colour, self._appearance.px(2))
            pen.setCosmetic(True)
            mark.setPen(pen)
            mark.setBrush(QBrush(colour, Qt.BrushStyle.BDiagPattern))
            self.plot.addItem(mark)
            self._marks.append(mark)

    def marked_rows(self) -> list[int]:
        """Rows currently hatched."""
        return self._marked_rows

    def set_row_outlines(self, outlines: dict[int, tuple[QColor, bool]]) -> None:
        """Outline rows: ``{row: (colour, dashed)}`` (e.g. rows that moved vs rows that changed)."""
        columns = self._values.shape[1] if self._values.ndim == 2 else 0
        key = (tuple((row, colour.rgba(), dashed) for row, (colour, dashed) in sorted(outlines.items())),
               columns, self._appearance.px(OUTLINE_PEN_PX))
        if key == self._outlines_key:
            return  # the same outlines (a drag back and forth): the scene keeps its items
        self._outlines_key = key
        for item in self._outlines:
            self.plot.removeItem(item)
        self._outlines = []
        self._outlined = dict(outlines)
        for row, (colour, dashed) in sorted(outlines.items()):
            item = QGraphicsRectItem(QRectF(0.04, row + 0.06, columns - 0.08, 0.88))
            style = Qt.PenStyle.DashLine if dashed else Qt.PenStyle.SolidLine
            pen = QPen(colour, self._appearance.px(OUTLINE_PEN_PX), style)
            pen.setCosmetic(True)
            item.setPen(pen)
            self.plot.addItem(item)
            self._outlines.append(item)

    def outlined_rows(self) -> dict[int, tuple[QColor, bool]]:
        """Rows currently outlined, with their colour and dash."""
        return self._outlined

    def value_text(self, cell: tuple[int, int], name: str) -> str:
        """``name[row, column] = value`` at full precision (what hovering a cell shows)."""
        row, column = cell
        value = float(self._values[row, column])
        return f"{name}[{row + 1}, d{column}] = {self._appearance.numbers.full(value)}"

    def show_value_at(self, scene_pos: QPointF, name: str) -> bool:
        """Show the full-precision value under the pointer as a tooltip; False outside the matrix."""
        cell = self.cell_at(scene_pos)
        if cell is None:
            return False
        view = self.plot.scene().views()[0]
        QToolTip.showText(view.mapToGlobal(view.mapFromScene(scene_pos)), self.value_text(cell, name), view)
        return True


def _fit_names(base: QFont, sizes: Sequence[int], names: Sequence[str], room: float,
               along_rows: bool) -> tuple[QFont, int]:
    """The largest of ``sizes`` (pixels) at which ``names`` fit cells ``room`` pixels apart, and
    which of them to draw (every ``n``-th): rows need their ink a pixel apart, columns half a
    space between names.

    Remembered, whatever the names' order: the answer does not depend on it, and a moved token
    only reorders the rows' names (measuring them at every size took a quarter of a move's fitting).
    """
    key = (base.key(), tuple(sizes), tuple(sorted(names)), room, along_rows)
    fitted = _FITTED_NAMES.get(key)
    if fitted is None:
        fitted = _keep(_FITTED_NAMES, key, _measure_names(base, sizes, names, room, along_rows))
    return QFont(fitted[0]), fitted[1]


def _measure_names(base: QFont, sizes: Sequence[int], names: Sequence[str], room: float,
                   along_rows: bool) -> tuple[QFont, int]:
    """:func:`_fit_names`, measured."""
    font = QFont(base)
    needed = 0.0
    for pixels in sizes:
        font.setPixelSize(pixels)
        metrics = QFontMetrics(font)
        if along_rows:
            needed = max((metrics.tightBoundingRect(name).height() for name in names if name), default=0) + 2.0
        else:
            needed = max((_name_width(metrics, name) for name in names), default=0) \
                + metrics.horizontalAdvance(" ") / 2 + 1
        if needed <= room:
            return font, 1
    return font, max(1, math.ceil(needed / room))


def _name_width(metrics: QFontMetrics, name: str) -> int:
    """The width of a column's name: of its longest line."""
    return max(metrics.horizontalAdvance(line) for line in name.split("\n"))


def _two_lines(name: str) -> str:
    """``name`` on two lines: before its bracket ("sin" over "(t/100)"), else at its first space."""
    bracket = name.find("(")
    if bracket > 0:
        return name[:bracket].rstrip() + "\n" + name[bracket:]
    return name.replace(" ", "\n", 1)


def _set_axis(axis: pg.AxisItem, font: QFont, ticks: list[tuple[float, str]]) -> None:
    """Give ``axis`` these ticks in ``font``; nothing is re-laid out when neither changed."""
    if axis.style["tickFont"] is None or axis.style["tickFont"] != font:
        axis.setStyle(tickFont=font)
    if axis._tickLevels != [ticks]:
        axis.setTicks([ticks])


def dispose_plot_menus(graphics: pg.GraphicsLayoutWidget) -> None:
    """Delete the context menus pyqtgraph gives every plot and view box of ``graphics``.

    They are parentless and held in reference cycles, so without this each closed view leaves
    a dozen QMenus behind.
    """
    dispose_plot_item_menus(item for item in graphics.ci.items if isinstance(item, pg.PlotItem))


def dispose_plot_item_menus(items: Iterable[pg.PlotItem]) -> None:
    """Delete the context menus of these plots (see :func:`dispose_plot_menus`)."""
    for item in items:
        for menu in (item.ctrlMenu, item.getViewBox().menu):
            if menu is not None:
                menu.deleteLater()
        # The plot options' group boxes belong to actions of the plot item, not to its menu.
        for action in item.findChildren(QWidgetAction):
            action.deleteLater()
