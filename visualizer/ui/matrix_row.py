"""Matrices side by side under one colour bar: the X panel, the attention preview and the
scheme comparison are each one :class:`MatrixRow`."""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QEvent, QObject, QPointF, Qt, QTimer, Signal
from PySide6.QtGui import QFont, QFontMetrics
from PySide6.QtWidgets import QGraphicsLayoutItem

from visualizer.appearance import Appearance
from visualizer.core.formatting import NumberFormat
from visualizer.ui.colour_bar import align_colour_bar, colour_bar, set_colour_bar_levels
from visualizer.ui.heatmap import (
    OUTLINE_PEN_PX,
    WINDOW_CELL_FILL,
    Heatmap,
    MatrixPlot,
    dispose_plot_item_menus,
    dispose_plot_menus,
    widest_text,
)
from visualizer.ui.matrix_scroll import set_least_height
from visualizer.ui.numbers_hint import numbers_hint, unprinted
from visualizer.ui.palette import MIN_WINDOW_NAME_PX, MIN_WINDOW_NUMBER_PX, colormap, colour_bar_ticks, stage_label_font

CELL_FILL = 0.9
"""A number is drawn when it takes at most this share of its cell's width (heatmap.CellLabels)."""
OPERATOR_WIDTH = 30
OPERATOR_WIDTH_PRESENTING = 26
"""Room for a "+" or "=" between two matrices, in unscaled pixels."""
MARGIN, SPACING = 5, 2
MARGIN_PRESENTING, SPACING_PRESENTING = 2, 1
"""Around and between the row's items, in pixels: presenting, the numbers need every pixel."""
BAR_WIDTH = 14
"""The colour bar's own width, in pixels; its tick labels take what they need beside it."""
MIN_MATRIX_WIDTH = 40
"""The least width of a matrix's cells, in pixels: a picture of its colours."""
TICK_TEXT_OFFSET = 5
"""pyqtgraph's gap between an axis and its tick labels (AxisItem's ``tickTextOffset``), in pixels."""


def cell_width_for(values: np.ndarray, numbers: NumberFormat, font: QFont) -> int:
    """The narrowest cell, in pixels, that prints every finite value of ``values`` in ``font``."""
    finite = values[np.isfinite(values)]
    texts = {numbers.short(float(v)) for v in finite}  # measured once each: the toy's values repeat
    return math.ceil(widest_text(font, texts) / CELL_FILL) + 2


def window_number_font() -> QFont:
    """The least type the window prints a matrix's numbers in (heatmap.CellLabels)."""
    font = QFont()
    font.setBold(True)
    font.setPixelSize(MIN_WINDOW_NUMBER_PX)
    return font


def window_numbers_width(values: np.ndarray | None, appearance: Appearance, font: QFont | None = None) -> int:
    """Pixels a matrix (shape (rows, columns), None for none) needs to print its numbers in the
    window, at the least type the window prints (:func:`window_number_font`: the widest fills 85%
    of its cell); 0 when it has none to print."""
    if values is None:
        return 0
    font = font if font is not None else window_number_font()
    finite = values[np.isfinite(values)]
    texts = {appearance.numbers.short(float(v)) for v in finite}  # measured once each: the toy's repeat
    widest = widest_text(font, texts)
    return values.shape[1] * (math.ceil(widest / WINDOW_CELL_FILL) + 1) if widest else 0


def numbers_width(values: np.ndarray, appearance: Appearance, outlined: bool = False) -> int:
    """Pixels a matrix (``values``, shape (rows, columns)) needs to print every finite value at the
    stage's size, in the app's one number format (−0,375 as the cells print it); ``outlined``: with
    room for a row's outline inside its first and last cells (at 1024 × 768 the outline of the row
    that moved ran over the minus of "-0.5", which the back row then read as "0.5")."""
    font = QFont()
    font.setPixelSize(appearance.stage_px())
    cell = cell_width_for(values, appearance.numbers, font)
    if outlined:
        cell += 2 * (appearance.px(OUTLINE_PEN_PX) + 1)
    return values.shape[1] * cell


@functools.cache
def _least_row_height() -> int:
    """A row's least height in the window: the ink of names at the least type (10 px), and room
    around it (measured once: asked after every change of the matrices)."""
    font = QFont()
    font.setPixelSize(MIN_WINDOW_NAME_PX)
    return QFontMetrics(font).tightBoundingRect("Åg0␣").height() + 3


def make_room(widths: Sequence[int], least: Sequence[int], keep: Sequence[int] | None = None) -> list[int]:
    """``widths`` with each one below its ``least`` raised to it, and what that takes given back by
    the others from what they hold above what they keep (their own least, or more: ``keep``, the
    width a matrix prints its numbers in), the most spare first: the total stays the same while the
    others can spare it (a matrix whose title's longest word was wider than its share grew its
    column, and the colour bar ran past the window's edge)."""
    result = list(widths)
    kept = [max(low, high) for low, high in zip(least, keep if keep is not None else least, strict=True)]
    for index, need in enumerate(least):
        short = need - result[index]
        if short <= 0:
            continue
        result[index] = need
        for other in sorted(range(len(result)), key=lambda j: result[j] - kept[j], reverse=True):
            spare = result[other] - kept[other]
            if other == index or spare <= 0:
                continue
            taken = min(spare, short)
            result[other] -= taken
            short -= taken
            if not short:
                break
    return result


class MatrixRow(pg.GraphicsLayoutWidget):
    """Heatmaps in one row, an operator ("+", "=") between some of them, one colour bar last.

    The colour bar sets the levels of every image in the row (the one place they are set), so
    the same value has the same colour in every matrix. Unless ``stretch`` says otherwise, every
    matrix gets the same width, whatever its row labels take.

    Parameters
    ----------
    appearance : Appearance
        Scale, colours and number format.
    count : int
        How many matrices.
    operators : sequence of str, optional
        ``count - 1`` symbols drawn between the matrices (empty: none).
    hover_names : sequence of str, optional
        Each matrix's name for the full-precision tooltip on hover (empty: no tooltip).
    stretch : sequence of int, optional
        Relative widths of the matrices instead of equal ones.
    reserve : int
        Pixels (unscaled) kept free at the right when sharing out equal widths.
    priority : sequence of int, optional
        In the window, the order in which matrices get the width their numbers need when not all
        of them can (:meth:`matrix_widths`); by default left to right.

    Signals
    -------
    hovered : (int, int)
        The pointer is over cell (row, column) of one of the matrices.
    """

    share_by_need = False
    """In the window, when every matrix's numbers fit an equal share, share the width in proportion
    to what each needs rather than equally (matrices of different widths: the scores and X)."""

    hovered = Signal(int, int)
    printing_changed = Signal()
    """A matrix began or stopped printing its numbers (told after the paint that found out)."""

    def __init__(self, appearance: Appearance, count: int, *, operators: Sequence[str] = (),
                 hover_names: Sequence[str] = (), stretch: Sequence[int] = (), reserve: int = 0,
                 priority: Sequence[int] = ()) -> None:
        super().__init__()
        self._appearance = appearance
        self.priority = tuple(priority) or tuple(range(count))
        self.window_needs: list[int] = [0] * count
        """Width (px) each matrix needs to print its numbers in the window (at its least type)."""
        self._hover_names = tuple(hover_names)
        self._stretch = tuple(stretch)
        self._reserve = reserve
        self._column_widths: tuple[int, ...] = ()
        self._least_height_due = False  # a fit of the least height is scheduled
        self.setBackground(appearance.background)
        step = 2 if operators else 1
        self.matrix_columns = [step * index for index in range(count)]
        # The row places its items in the layout itself (see _place): pyqtgraph's addItem lays out
        # the whole row again after every item it adds, re-fitting every matrix placed before.
        self.heatmaps: list[Heatmap] = []
        for column in self.matrix_columns:
            plot = MatrixPlot()
            self._place(plot, column)
            self.heatmaps.append(Heatmap(plot, appearance))
        for heatmap in self.heatmaps:  # row names sized to their cells change the widths to share
            heatmap.when_row_names_resized(self.fit_columns)
            heatmap.when_name_lines_changed(self._share_header_lines)
        self._operators: list[tuple[pg.LabelItem, str]] = []
        for index, symbol in enumerate(operators):
            label = pg.LabelItem(symbol)
            # A symbol's box is its glyph: Qt's 4 px of document margin each side made "+" wider
            # than its column on stage, and the column grew past the width shared out.
            label.item.document().setDocumentMargin(0)
            self._place(label, 2 * index + 1)
            self._operators.append((label, symbol))
        self.colour_bar_column = self.matrix_columns[-1] + 1
        self._limit = 1.0
        self.colour_bar = colour_bar(colorMap=colormap(), interactive=False, width=BAR_WIDTH)
        self.colour_bar.setImageItem([heatmap.image for heatmap in self.heatmaps])
        self._place(self.colour_bar, self.colour_bar_column)
        for column, factor in zip(self.matrix_columns, self._stretch, strict=False):
            self.ci.layout.setColumnStretchFactor(column, factor)
        self.colour_bar.axis.geometryChanged.connect(self._fit_colour_bar_ticks)  # a short bar labels fewer ticks
        for heatmap in self.heatmaps:  # the bar runs along the matrices' cells
            heatmap.plot.getViewBox().geometryChanged.connect(self._align_colour_bar)
        for heatmap in self.heatmaps:  # queued: whoever says so changes a label after the paint, not in it
            heatmap.labels.printed_changed.connect(self.printing_changed, Qt.ConnectionType.QueuedConnection)
        self.scene().sigMouseMoved.connect(self._on_mouse_moved)
        self.ci.geometryChanged.connect(self._on_central_geometry_changed)
        self.installEventFilter(self)

    def _place(self, item: QGraphicsLayoutItem, column: int) -> None:
        """Put ``item`` in ``column`` of the row's layout, laid out with the others when the row is
        first fitted or shown.

        Not through pyqtgraph's ``GraphicsLayout.addItem``: it lays out the whole row again after
        every item it adds (resizing the titles, names and views of the matrices added before: a
        fifth of building a row) and draws no border here (the row has none). So pyqtgraph's record
        of the layout (``ci.items``) does not list the row's own items: the row keeps them itself.
        """
        self.ci.layout.addItem(item, 0, column)

    def set_levels(self, limit: float) -> None:
        """Colour levels −limit .. +limit for every matrix, ticks in the language's numbers."""
        self._limit = limit
        self._fit_colour_bar_ticks()

    def tick_font(self) -> QFont:
        """The colour bar's numbers: the stage's label type while presenting, the view's otherwise."""
        return stage_label_font(self._appearance) if self._appearance.presenting else self.font()

    def colour_bar_width(self, ticks: Sequence[tuple[float, str]] | None = None) -> int:
        """Room for the colour bar and its widest tick label (of ``ticks``, by default the ones it
        has), in pixels: pyqtgraph drops the labels it finds no room for ("−0,5" and "−1,5" were,
        beside a 58 px bar on a 1080-line projector)."""
        return BAR_WIDTH + self._tick_axis_width(ticks) + 2  # the bar's frame: a pixel each side

    def _tick_axis_width(self, ticks: Sequence[tuple[float, str]] | None = None) -> int:
        """The axis beside the bar: its widest label, pyqtgraph's gap before the labels, a little air."""
        if ticks is None:
            ticks = (self.colour_bar.axis._tickLevels or [self.bar_ticks()])[0]
        metrics = QFontMetrics(self.tick_font())
        widest = max((metrics.horizontalAdvance(text) for _, text in ticks), default=0)
        return widest + TICK_TEXT_OFFSET + self._appearance.px(3)

    def bar_ticks(self, most: int | None = None) -> list[tuple[float, str]]:
        """The ticks for the levels: as many as the bar's height holds with a line's room each, and
        at most ``most``."""
        cap = self._ticks_in_height()
        if most is not None:
            cap = most if cap is None else min(cap, most)
        return colour_bar_ticks(self._limit, self._appearance.numbers, cap)

    def tick_cap(self) -> int | None:
        """How many ticks the bar labels at most (by default a line's room each; None before the
        first layout)."""
        return self._ticks_in_height()

    def _ticks_in_height(self) -> int | None:
        height = self.colour_bar.axis.geometry().height()
        line = QFontMetrics(self.tick_font()).height()
        return max(2, int(height // line)) if height > 0 else None

    def _align_colour_bar(self) -> None:
        """The bar spans the matrices' rows (:func:`~visualizer.ui.palette.align_colour_bar`)."""
        shown = [h for h in self.heatmaps if h.plot.isVisible()]
        if shown:
            align_colour_bar(self.colour_bar, shown[0].plot, self.tick_font())

    def _fit_colour_bar_ticks(self) -> None:
        """Ticks for the levels (:meth:`tick_cap`), and an axis as wide as the widest."""
        set_colour_bar_levels(self.colour_bar, self._limit, self._appearance.numbers, self.tick_cap())
        axis_width = self._tick_axis_width()
        if self.colour_bar.axis.width() != axis_width:
            self.colour_bar.axis.setWidth(axis_width)
            self.fit_columns()  # the bar's column follows its widest tick

    def restyle(self) -> None:
        """Re-read the appearance (scale, colours); the matrices redraw on their next update."""
        self.setBackground(self._appearance.background)
        # Presenting, the symbols are a little smaller: the numbers beside them need the width.
        size = f"{self._appearance.pt(20 if self._appearance.presenting else 22):.0f}pt"
        for label, symbol in self._operators:
            label.setText(symbol, size=size, bold=True, color=self._appearance.foreground)
        for heatmap in self.heatmaps:
            heatmap.restyle()
        margin, spacing = (MARGIN_PRESENTING, SPACING_PRESENTING) if self._appearance.presenting else (MARGIN, SPACING)
        self.ci.layout.setContentsMargins(margin, margin, margin, margin)
        self.ci.layout.setSpacing(spacing)
        if self._appearance.presenting:  # the bar's numbers are read from the back row too
            self.colour_bar.axis.setStyle(tickFont=self.tick_font())
            self.colour_bar.axis.setTextPen(pg.mkPen(self._appearance.foreground))
        else:
            self.colour_bar.axis.setStyle(tickFont=None)
            self.colour_bar.axis.setTextPen()  # back to pyqtgraph's default
        # pyqtgraph drops a tick label that runs past the axis by more than this: the ends' labels
        # run half a line past the bar.
        self.colour_bar.axis.setStyle(hideOverlappingLabels=QFontMetrics(self.tick_font()).height() // 2 + 2)
        self.colour_bar.drawn_levels = None  # the ticks are fitted to the new type
        self._fit_colour_bar_ticks()

    def highlight_row(self, row: int | None) -> None:
        """Outline one row in every matrix, or none."""
        for heatmap in self.heatmaps:
            heatmap.set_highlight_row(row)

    def highlight_cell(self, cell: tuple[int, int] | None) -> None:
        """Outline one cell (row, column) in every matrix, or none."""
        for heatmap in self.heatmaps:
            heatmap.set_highlight_cell(cell)

    def fit_columns(self) -> None:
        """Give every matrix the same width, whatever its left axis takes (unless ``stretch``).

        Called on resize and after the row labels change; nothing is re-applied when the widths
        are unchanged (that would re-lay out the whole scene).
        """
        if self._stretch:  # the matrices share what the bar leaves by their factors
            bar = self.colour_bar_width()
            if self._column_widths != (bar,):
                self._column_widths = (bar,)
                self.ci.layout.setColumnFixedWidth(self.colour_bar_column, bar)
            return
        px = self._appearance.px
        # Presenting, the numbers need every pixel: tighter operators, bar and margin.
        presenting = self._appearance.presenting
        operator = OPERATOR_WIDTH_PRESENTING if presenting else OPERATOR_WIDTH
        fixed = {2 * index + 1: self.operator_width(label, px(operator))
                 for index, (label, _) in enumerate(self._operators)}
        fixed[self.colour_bar_column] = self.colour_bar_width()
        # The width just set for the row labels (the geometry only follows at the next layout pass).
        axis_widths = [(h.plot.getAxis("left").fixedWidth or h.plot.getAxis("left").width())
                       if h.plot.getAxis("left").isVisible() else 0 for h in self.heatmaps]
        # What the layout itself takes: its margins and the spacing between its columns.
        layout = self.ci.layout
        left, _, right, _ = layout.getContentsMargins()
        between = layout.horizontalSpacing() * (len(fixed) + len(self.heatmaps) - 1)
        reserve = 0 if presenting else px(self._reserve)
        free = int(self.width() - left - right - between - reserve - sum(fixed.values()) - sum(axis_widths))
        widths = dict(fixed)
        shares = self.matrix_widths(free)
        # The matrix the row puts first (X) keeps the width its numbers need, if it has it; the
        # others give way to a title's longest word before the colour bar leaves the view.
        first = self.priority[0] if self.priority else None
        keep = [need if index == first and 0 < need <= share else 0
                for index, (share, need) in enumerate(zip(shares, self.window_needs, strict=True))]
        matrix_widths = make_room(shares, self._least_matrix_widths(), keep)
        for column, axis_width, heatmap, matrix_width in zip(self.matrix_columns, axis_widths, self.heatmaps,
                                                             matrix_widths, strict=True):
            widths[column] = matrix_width + axis_width
            heatmap.fit_caption(matrix_width)
        if self._set_column_widths(widths) and self.isVisible():
            # Lay out now, not at the next turn of the event loop: the names fitted to the new
            # widths settle in this pass, and a picture taken right after shows them settled.
            # (Not while hidden: a row not yet shown has no real width to lay out at; its first
            # show fits it again at its size, and lays it out then.)
            self.ci.layout.activate()
        if not self._least_height_due:  # after the event that fitted the columns (often a resize:
            self._least_height_due = True  # a least height set inside it left the view's inside at its old size)
            QTimer.singleShot(0, self, self.fit_least_height)

    @staticmethod
    def operator_width(label: pg.LabelItem, least: int) -> int:
        """The width of an operator's column: ``least`` pixels, or its symbol's if wider (a column
        narrower than its item grows to it, past the width shared out)."""
        return max(least, math.ceil(label.item.boundingRect().width()))

    def _least_matrix_widths(self) -> list[int]:
        """The least width of each matrix beside its row names: its title's longest word (and the
        plot's two pixels of margin), 40 px at least; a hidden matrix none. From the titles' words
        alone, never from the layout of now."""
        return [max(MIN_MATRIX_WIDTH, math.ceil(heatmap.plot.titleLabel.least_width()) + 2)
                if heatmap.plot.isVisible() else 0 for heatmap in self.heatmaps]

    def fit_least_height(self) -> None:
        """Ask for :meth:`least_height` (in a :func:`~visualizer.ui.matrix_scroll.scrolling` area,
        which then scrolls: nothing above it grows)."""
        self._least_height_due = False
        set_least_height(self, self.least_height())

    def unprinted(self) -> list[Heatmap]:
        """The matrices on show that have numbers to print and no room for them (as last painted)."""
        return unprinted(self.heatmaps)

    def numbers_hint(self) -> str:
        """Where the numbers are that a matrix has no room to print (:func:`numbers_hint`)."""
        return numbers_hint(self.heatmaps, presenting=self._appearance.presenting)

    def show_matrices(self, shown: Sequence[bool]) -> None:
        """Show the matrices marked True; the others are hidden and take no width (not even their
        titles': a hidden item's least width still held its column open)."""
        for heatmap, visible in zip(self.heatmaps, shown, strict=True):
            if visible != heatmap.plot.isVisible():
                heatmap.plot.setVisible(visible)
                heatmap.plot.setMinimumWidth(-1 if visible else 0)
                heatmap.plot.setMaximumWidth(-1 if visible else 0)
                self._column_widths = ()

    def _set_column_widths(self, widths: dict[int, int]) -> bool:
        """Fix each layout column (by index) to its width in pixels; True if any width changed."""
        ordered = tuple(widths[c] for c in sorted(widths))
        if ordered == self._column_widths:
            return False
        self._column_widths = ordered
        for column in sorted(widths):
            self.ci.layout.setColumnFixedWidth(column, widths[column])
        return True

    def _share_header_lines(self) -> None:
        """Every matrix's band of column names as tall as the tallest one's: the rows stay level."""
        lines = max((h.name_lines for h in self.heatmaps if h.plot.isVisible()), default=1)
        for heatmap in self.heatmaps:
            heatmap.set_header_lines(lines)

    def set_window_needs(self, matrices: Sequence[np.ndarray | None]) -> None:
        """How wide each matrix (shape (rows, columns), None for none) must be to print its numbers
        in the window (:func:`window_numbers_width`); the widths are shared out again if that changed."""
        font = window_number_font()
        needs = [window_numbers_width(values, self._appearance, font) for values in matrices]
        if needs != self.window_needs:
            self.window_needs = needs
            self.fit_columns()

    def matrix_widths(self, free: int) -> list[int]:
        """The width of each matrix's cells out of ``free`` pixels (40 px at least; a hidden matrix
        none): equal shares when every matrix prints its numbers in its share; otherwise, in the
        order of :attr:`priority`, each gets the width its numbers need while it fits with the
        others' least, and the others share the rest (sinusoidal's three decimals: X kept its
        numbers; the attention's X beside the scores was a strip of colour at 1024 × 768)."""
        shown = [index for index, heatmap in enumerate(self.heatmaps) if heatmap.plot.isVisible()]
        widths = [0] * len(self.heatmaps)
        if not shown:
            return widths
        equal = max(MIN_MATRIX_WIDTH, free // len(shown))
        needs = self.window_needs
        if all(needs[index] <= equal for index in shown):
            total = sum(needs[index] for index in shown)
            for index in shown:  # in proportion to the numbers' needs, or equal shares
                widths[index] = max(MIN_MATRIX_WIDTH, free * needs[index] // total) if self.share_by_need and total \
                    else equal
            return widths
        granted: list[int] = []
        for index in (i for i in self.priority if i in shown):  # no further than the first that does not fit
            others = len(shown) - len(granted) - 1
            if not needs[index] or sum(needs[i] for i in granted) + needs[index] + others * MIN_MATRIX_WIDTH > free:
                break
            granted.append(index)
        rest = [index for index in shown if index not in granted]
        left = free - sum(needs[i] for i in granted)
        for index in rest:
            widths[index] = max(MIN_MATRIX_WIDTH, left // len(rest))
        total = max(1, sum(needs[i] for i in granted))
        for index in granted:
            widths[index] = needs[index] + (0 if rest else left * needs[index] // total)
        return widths

    def least_height(self) -> int:
        """In the window, the height below which a visible matrix's rows would be too short for their
        names at the window's least type (10 px): the view scrolls rather than drop every other
        name. Presenting, 0: a stage is laid out to fit."""
        if self._appearance.presenting:
            return 0
        row = _least_row_height()
        least = 0
        for heatmap in self.heatmaps:
            if not heatmap.plot.isVisible():
                continue
            rows = heatmap.values().shape[0] if heatmap.values().ndim == 2 else 0
            plot, view = heatmap.plot, heatmap.plot.getViewBox()
            above = view.geometry().top() if view.geometry().height() > 0 else 0
            below = plot.geometry().height() - view.geometry().bottom() if view.geometry().height() > 0 else 0
            least = max(least, math.ceil(above + max(0.0, below) + rows * row))
        _, top, _, bottom = self.ci.layout.getContentsMargins()
        # Nor below what the layout's own items need at the least (titles, names, the bar's
        # ticks): a view shorter than that cut the last rows of the scores, zoomed in.
        layout_least = self.ci.effectiveSizeHint(Qt.SizeHint.MinimumSize).height()
        return max(least + math.ceil(top + bottom) + 2 if least else 0, math.ceil(layout_least))

    def dispose_menus(self) -> None:
        """Delete the colour bar's context menus on teardown (a ColorBarItem is a PlotItem, and
        pyqtgraph leaves a PlotItem's menus parentless)."""
        dispose_plot_item_menus([self.colour_bar])  # placed by the row itself (see _place)
        dispose_plot_menus(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        # Fit on resize, before the view hands its new size to the scene: the layout runs once.
        if watched is self and event.type() == QEvent.Type.Resize:
            self.fit_columns()
        return False

    def _on_central_geometry_changed(self) -> None:
        # The layout's least size can grow for a moment (a title measured at the width of a column
        # that was collapsed, the attention preview's hidden side matrix) and hold the matrices
        # taller than the view when the view shrinks; nothing shrinks them back when it settles,
        # and the last rows were cut. Once the layout has settled, fit them to the view again.
        if self.ci.geometry() != self.range:
            QTimer.singleShot(0, self, self._fit_central_to_view)

    def _fit_central_to_view(self) -> None:
        if self.ci.geometry() != self.range:
            self.ci.setGeometry(self.range)

    def _on_mouse_moved(self, scene_pos: QPointF) -> None:
        for index, heatmap in enumerate(self.heatmaps):
            cell = heatmap.cell_at(scene_pos)
            if cell is not None:
                if self._hover_names:
                    heatmap.show_value_at(scene_pos, self._hover_names[index])
                self.hovered.emit(*cell)
                return


__all__ = ["MatrixRow"]
