"""The X panel's matrices: E[ids] + what is added = X, under one colour bar, on one line or two."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import numpy as np
from PySide6.QtCore import Signal
from PySide6.QtGui import QFont, QFontMetrics, QResizeEvent

from visualizer.appearance import Appearance
from visualizer.ui.heatmap import STAGE_ROW_FILL
from visualizer.ui.matrix_row import MatrixRow, cell_width_for
from visualizer.ui.palette import colour_bar_ticks

STAGE_OPERATOR_WIDTH = 20
STAGE_OPERATOR_POINTS = 18
STAGE_SPACING = 2
"""Presenting, the X panel gives its numbers every pixel: narrower "+" and "=", less space between
columns (unscaled pixels, points)."""
SPARSE_TICKS = 5
"""Presenting, a colour bar short of room for the numbers labels at most this many ticks (every
second one: −2, −1, 0, 1, 2), on purpose."""
LOOKUP, ADDED, RESULT = range(3)
ONE_LINE = {"result": (0, 4), "equals": (0, 3)}
TWO_LINES = {"result": (2, 2), "equals": (2, 1)}
"""Where X and its "=" sit in the layout (row, column): beside what is added, or under it. Row 1 is
the before-and-after row's (:mod:`visualizer.toy.before_after_row`)."""


def _nothing() -> None:
    """No one listens yet."""


class XPanelRow(MatrixRow):
    """The three matrices of the X panel. Presenting, each gets the width its numbers need and the
    rest is shared in proportion. When the three cannot all print their numbers side by side at
    the stage's size (sinusoidal's three decimals at 1024 × 768, in Portuguese's "−0,757" all the
    more), X goes on a second line under what is added ("E[ids] + PE(p − 1)", then "= X"), where
    the height holds both lines' rows at the stage's type; only where it does not, the colour
    bar labels every second tick and then E[ids] steps back to a narrow picture, and the panel's
    line says where its numbers are."""

    resized = Signal()
    """The row changed size (the panel decides again what it has room for)."""

    def __init__(self, appearance: Appearance) -> None:
        # In the window, X first, then what is added, then E[ids] get the room their numbers need.
        super().__init__(appearance, 3, operators=("+", "="), hover_names=("E[ids]", "P", "X"), priority=(2, 1, 0))
        self.needs: list[int] = [0, 0, 0]
        """Width (px) each matrix needs to print its numbers while presenting, set by the panel."""
        self.picture_width = 0
        """Width (px) of a matrix drawn as a picture (its title's)."""
        self.prints = [True, True, True]
        """Whether each matrix has the room to print its numbers (presenting)."""
        self.grows = [True, True, True]
        """Whether each matrix takes a share of the room left over (not "nothing": it has no numbers)."""
        self.prints_changed: Callable[[], None] = _nothing
        self.two_lines = False
        """Presenting, X sits on a second line under what is added."""
        self._sparse_ticks = False  # the bar labels every second tick, for the numbers' room

    def restyle(self) -> None:
        """As :class:`MatrixRow`; presenting, smaller operators and spacing (see the class)."""
        super().restyle()
        presenting = self._appearance.presenting
        self.ci.setSpacing(STAGE_SPACING if presenting else 4)
        if presenting:
            size = f"{self._appearance.pt(STAGE_OPERATOR_POINTS):.0f}pt"
            for label, symbol in self._operators:
                label.setText(symbol, size=size, bold=True, color=self._appearance.foreground)

    def set_stage_needs(self, matrices: Sequence[np.ndarray | None], titles: Sequence[str], picture_title: str,
                        nothing: Sequence[str]) -> None:
        """Presenting, how wide each matrix (E[ids], what is added or None for nothing, X) must be to
        print its numbers at the stage's size, and its title (``titles``: a title wider than its
        column would push the colour bar off the stage); nothing added is as wide as the sentence
        written across it (``nothing``, its lines) or its title; a picture as wide as
        ``picture_title``."""
        appearance = self._appearance
        font = QFont()
        font.setPixelSize(appearance.stage_px())
        title = QFont()
        title.setPointSizeF(appearance.pt(13))
        title.setBold(True)
        titles_metrics = QFontMetrics(title)
        pad = appearance.px(8)
        needs = []
        for values, name in zip(matrices, titles, strict=True):
            heading = titles_metrics.horizontalAdvance(name)
            if values is None:  # "nothing": the sentence across it
                caption = QFont()
                caption.setPointSizeF(appearance.pt(11))
                caption.setBold(True)
                needs.append(max([QFontMetrics(caption).horizontalAdvance(line) for line in nothing] + [heading])
                             + 2 * pad)
            else:
                needs.append(max(values.shape[1] * cell_width_for(values, appearance.numbers, font), heading + pad))
        self.picture_width = titles_metrics.horizontalAdvance(picture_title) + pad
        self.grows = [True, matrices[ADDED] is not None, True]
        if needs != self.needs:
            self.needs = needs
            self.fit_columns()

    def resizeEvent(self, event: QResizeEvent | None) -> None:
        super().resizeEvent(event)
        self.resized.emit()

    def tick_cap(self) -> int | None:
        """As :class:`MatrixRow`; at most :data:`SPARSE_TICKS` while the numbers need the bar's room."""
        cap = super().tick_cap()
        if self._sparse_ticks:
            return SPARSE_TICKS if cap is None else min(cap, SPARSE_TICKS)
        return cap

    def _free(self, bar: int, two_lines: bool) -> int:
        """The width left to the matrices' cells beside a colour bar ``bar`` px wide, on one line or two."""
        operators = 1 if two_lines else 2
        # Only E[ids] names its rows beside the others (X names them too on a line of its own, in
        # its own column's width): counting X's names here kept the panel on two lines.
        axis = self.heatmaps[LOOKUP].plot.getAxis("left")
        axis_widths = [(axis.fixedWidth or axis.width()) if axis.isVisible() else 0]
        shown = (LOOKUP, ADDED) if two_lines else (LOOKUP, ADDED, RESULT)
        layout = self.ci.layout
        left, _, right, _ = layout.getContentsMargins()
        spacing = layout.horizontalSpacing() * (len(shown) + operators + 1)
        return int(self.width() - left - right - spacing - self._appearance.px(8) - operators * self._operator_width()
                   - bar - sum(axis_widths))

    def _operator_width(self) -> int:
        """Presenting, the width of the "+" and "=" columns: their symbol's at least (a column narrower
        than its item grows to it, and pushed the colour bar 2 px past the stage's edge)."""
        least = self._appearance.px(STAGE_OPERATOR_WIDTH)
        return max([least] + [self.operator_width(label, least) for label, _ in self._operators])

    def _plan(self, bar: int) -> tuple[list[bool], list[int], int]:
        """Which matrices print their numbers on one line beside a colour bar ``bar`` px wide:
        (prints, the width each matrix needs, the width left to share)."""
        free = self._free(bar, False)
        prints = [True, True, True]
        needs = list(self.needs)
        if sum(needs) > free:  # E[ids] becomes a picture first
            prints[LOOKUP], needs[LOOKUP] = False, self.picture_width
        if sum(needs) > free:  # nothing fits: equal pictures, as in the window
            prints = [False, False, False]
        return prints, needs, free

    def _two_lines_fit(self, bar: int) -> bool:
        """True when E[ids] and what is added print their numbers side by side with X under the
        latter, and the height holds both lines' rows at the stage's type. Measured from the type
        and the widths alone, not from the layout of now (which is one line's or the other's:
        deciding from it, the panel went back and forth between the two)."""
        needs = self.needs
        free = self._free(bar, True)
        if free < needs[LOOKUP] + max(needs[ADDED], needs[RESULT] + self._names_width()):
            return False
        appearance = self._appearance
        rows = max((heatmap.values().shape[0] for heatmap in self.heatmaps if heatmap.values().ndim == 2), default=0)
        least_row = math.ceil(appearance.stage_px() / STAGE_ROW_FILL)
        title = QFont()
        title.setPointSizeF(appearance.pt(self.heatmaps[RESULT].title_points))
        title.setBold(True)
        title_height = QFontMetrics(title).height() + appearance.px(4)
        names = QFontMetrics(self.heatmaps[RESULT].label_font()).height()
        wide = free - needs[LOOKUP]
        top = 1 if self._names_fit(LOOKUP, needs[LOOKUP]) and self._names_fit(ADDED, wide) else 2
        bottom = 1 if self._names_fit(RESULT, wide) else 2
        header = appearance.px(4)
        _, margin_top, _, margin_bottom = self.ci.layout.getContentsMargins()
        room = self.height() - margin_top - margin_bottom - 2 * self.ci.layout.verticalSpacing()
        return room >= 2 * (title_height + header + rows * least_row) + (top + bottom) * names

    def _names_width(self) -> int:
        """The width of the rows' names (E[ids]'s; X takes the same names on a line of its own)."""
        axis = self.heatmaps[LOOKUP].plot.getAxis("left")
        return int(axis.fixedWidth or axis.width()) if axis.isVisible() else 0

    def _names_fit(self, index: int, width: int) -> bool:
        """True when matrix ``index``'s column names fit its columns on one line at ``width`` px."""
        heatmap = self.heatmaps[index]
        names = [name.replace("\n", "") for name in heatmap.column_names()]
        metrics = QFontMetrics(heatmap.label_font())
        room = width / max(1, len(names)) - metrics.horizontalAdvance(" ") / 2 - 1
        return all(metrics.horizontalAdvance(name) <= room for name in names)

    def fit_columns(self) -> None:
        """As :class:`MatrixRow` in the window; presenting, widths by need, on one line or two (see
        the class)."""
        appearance = self._appearance
        if not appearance.presenting or not any(self.needs):
            self._set_two_lines(False)
            self._set_sparse_ticks(False)
            super().fit_columns()
            return
        # The bar as wide as its every tick needs, whatever its height: how many ticks its height
        # holds follows the arrangement (one line or two), and deciding from that sent the panel
        # back and forth between the two inside one layout pass, until the stack overflowed.
        numbers = appearance.numbers
        full = self.colour_bar_width(colour_bar_ticks(self._limit, numbers))
        prints, needs, free = self._plan(full)
        two_lines = not all(prints) and self._two_lines_fit(full)
        sparse = False
        if two_lines:
            prints, needs, free = [True, True, True], list(self.needs), self._free(full, True)
        elif not all(prints):  # fewer ticks, narrower bar: does another matrix print?
            sparse_bar = self.colour_bar_width(colour_bar_ticks(self._limit, numbers, SPARSE_TICKS))
            sparse_plan = self._plan(sparse_bar)
            if sum(sparse_plan[0]) > sum(prints):
                sparse, (prints, needs, free) = True, sparse_plan
        self._set_two_lines(two_lines)
        self._set_sparse_ticks(sparse)
        if not any(prints):
            super().fit_columns()
            self._set_prints(prints)
            return
        self._set_column_widths(self._stage_widths(prints, needs, free, sparse))
        self._set_prints(prints)

    def _stage_widths(self, prints: list[bool], needs: list[int], free: int, sparse: bool) -> dict[int, int]:
        """Every column's width, presenting: each matrix its need and a share of what is left."""
        widths = {2 * index + 1: self._operator_width() for index in range(len(self._operators))}
        widths[self.colour_bar_column] = self.colour_bar_width(self.bar_ticks(SPARSE_TICKS if sparse else None))
        axes = [h.plot.getAxis("left") for h in self.heatmaps]
        axis_widths = [(axis.fixedWidth or axis.width()) if axis.isVisible() and (index != RESULT or self.two_lines)
                       else 0 for index, axis in enumerate(axes)]
        if self.two_lines:  # X under what is added (its rows named too): the column as wide as the wider
            shared = max(needs[ADDED], needs[RESULT] + self._names_width())
            extra = max(0, free - needs[LOOKUP] - shared)
            lookup = needs[LOOKUP] + extra * needs[LOOKUP] // max(1, needs[LOOKUP] + shared)
            widths[self.matrix_columns[LOOKUP]] = lookup + axis_widths[LOOKUP]
            widths[self.matrix_columns[ADDED]] = free - lookup + axis_widths[ADDED]
            widths[self.matrix_columns[RESULT]] = widths[3] = 0  # the columns X and "=" leave empty
            self.heatmaps[LOOKUP].fit_caption(lookup)
            self.heatmaps[ADDED].fit_caption(free - lookup)
            self.heatmaps[RESULT].fit_caption(free - lookup - axis_widths[RESULT])
            return widths
        extra = max(0, free - sum(needs))
        weights = [need if printing and grows else 0 for need, printing, grows in zip(needs, prints, self.grows,
                                                                                      strict=True)]
        total = sum(weights) or 1
        for column, need, weight, axis_width, heatmap in zip(self.matrix_columns, needs, weights, axis_widths,
                                                               self.heatmaps, strict=True):
            matrix = need + extra * weight // total
            widths[column] = matrix + axis_width
            heatmap.fit_caption(matrix)
        return widths

    def _set_two_lines(self, two_lines: bool) -> None:
        """X and its "=" beside what is added, or on a line of their own under it."""
        if two_lines == self.two_lines:
            return
        self.two_lines = two_lines
        layout = self.ci.layout
        places = TWO_LINES if two_lines else ONE_LINE
        for item, (row, column) in ((self.heatmaps[RESULT].plot, places["result"]),
                                    (self._operators[1][0], places["equals"])):
            layout.removeItem(item)
            layout.addItem(item, row, column)
        layout.setRowStretchFactor(2, 1 if two_lines else 0)  # the two lines share the height
        self._column_widths = ()
        self._share_header_lines()
        self.prints_changed()  # the panel names X's rows on a line of its own, and not beside

    def _share_header_lines(self) -> None:
        """As :class:`MatrixRow`; on two lines, each line's matrices level with each other only."""
        if not self.two_lines:
            super()._share_header_lines()
            return
        top = max(self.heatmaps[index].name_lines for index in (LOOKUP, ADDED))
        for index in (LOOKUP, ADDED):
            self.heatmaps[index].set_header_lines(top)
        self.heatmaps[RESULT].set_header_lines(self.heatmaps[RESULT].name_lines)

    def _set_sparse_ticks(self, sparse: bool) -> None:
        if sparse != self._sparse_ticks:
            self._sparse_ticks = sparse
            self._fit_colour_bar_ticks()

    def _set_prints(self, prints: list[bool]) -> None:
        if prints != self.prints:
            self.prints = prints
            self.prints_changed()


__all__ = ["SPARSE_TICKS", "XPanelRow"]
