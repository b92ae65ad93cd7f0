"""The table E, all of it, with the rows the sentence's ids look up marked, and their copies E[ids].

The lesson's first table: V rows of d numbers, one per token of the vocabulary. An id names a
row (step "an id is only a name": the ids point at their rows); the lookup copies each named row,
in the sentence's order (step "the lookup": E[ids] beside E, a line from each row to its copy).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pyqtgraph as pg
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QLabel, QToolTip, QVBoxLayout, QWidget

from visualizer.appearance import Appearance
from visualizer.core import display_token
from visualizer.lesson.cue import Cue, read_options
from visualizer.model import EmbeddingModel
from visualizer.selection import Highlight
from visualizer.ui.colour_bar import align_colour_bar, colour_bar, set_colour_bar_levels
from visualizer.ui.heatmap import Heatmap, add_heatmap, dispose_plot_menus
from visualizer.ui.lazy import RefreshWhenShown
from visualizer.ui.matrix_row import CELL_FILL
from visualizer.ui.matrix_scroll import scrolling, set_least_height
from visualizer.ui.numbers_hint import NumbersHintLabel, numbers_hint
from visualizer.ui.palette import MIN_WINDOW_NAME_PX, colormap, scaled_font, token_colour, toy_limit
from visualizer.ui.protocol import ListeningView
from visualizer.ui.row_texts import RowTexts

LABEL_PX = 20
"""Type of the ids, tokens and positions beside the matrices, in pixels at 1024 × 768 (digits 14 px)."""
UNUSED = QColor("#6E6E6E")
COPIES_WIDTH = 90
"""Room for the lines from E to E[ids], in unscaled pixels."""
BAR_WIDTH = 62


@dataclass(frozen=True)
class LookupTableOptions:
    """What a lesson step may ask of the table E: the ``view_options`` of a step whose view is ``lookup_table``."""

    copies: bool = True
    """Draw the lookup: E[ids] beside E, each row copied from its id (false: the ids only point at their rows)."""


class Copies(pg.GraphicsWidget):
    """Lines from rows of one view (their right edge) to rows of another (their left edge), with arrow heads.

    Spans the column between the two: a line leaves its left edge at the height of the source row
    and reaches its right edge at the height of the target row, in that row's colour.
    """

    def __init__(self) -> None:
        super().__init__()
        self._links: list[tuple[int, int, QColor]] = []
        self._source: pg.ViewBox | None = None
        self._target: pg.ViewBox | None = None
        self._target_first_row = 0.0
        self._pen_width = 3.0
        self._towards_source = False

    def set_links(self, links: list[tuple[int, int, QColor]], source: pg.ViewBox, target: pg.ViewBox,
                  target_first_row: float = 0.0, pen_width: float = 3.0, towards_source: bool = False) -> None:
        """``links`` are (source row, target row, colour); the target's rows start at ``target_first_row``;
        the arrow heads point at the target (a copy) or back at the source (``towards_source``: a name)."""
        self._towards_source = towards_source
        for view in {source, target} - {self._source, self._target}:
            view.sigResized.connect(self._repaint)
            view.sigRangeChanged.connect(self._repaint)
        self._links, self._source, self._target = links, source, target
        self._target_first_row, self._pen_width = target_first_row, pen_width
        self.update()

    def links(self) -> list[tuple[int, int, QColor]]:
        """The lines drawn: (source row, target row, colour)."""
        return list(self._links)

    def _row_y(self, view: pg.ViewBox, row: float) -> float:
        return self.mapFromScene(view.mapViewToScene(QPointF(0, row + 0.5))).y()

    def _repaint(self, *_: object) -> None:
        self.update()

    def paint(self, painter: QPainter, *_: object) -> None:
        if self._source is None or self._target is None:
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        width = self.width()
        head = 3.5 * self._pen_width
        for source, target, colour in self._links:
            start = QPointF(2, self._row_y(self._source, source))
            end = QPointF(width - 2, self._row_y(self._target, self._target_first_row + target))
            pen = QPen(colour, self._pen_width)
            pen.setCapStyle(Qt.PenCapStyle.RoundCap)
            painter.setPen(pen)
            # Level at both ends, curving between: which row each line leaves and reaches stays clear.
            tip, tail, direction = (start, end, -1.0) if self._towards_source else (end, start, 1.0)
            path = QPainterPath(tail)
            path.cubicTo(QPointF(width * 0.5, tail.y()), QPointF(width * 0.5, tip.y()),
                         tip - QPointF(direction * head, 0))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawPath(path)
            arrow = QPainterPath(tip)
            arrow.lineTo(tip + QPointF(-2 * head * direction, -head))
            arrow.lineTo(tip + QPointF(-2 * head * direction, head))
            arrow.closeSubpath()
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(colour)
            painter.drawPath(arrow)

    def boundingRect(self) -> QRectF:
        return QRectF(0, 0, self.width(), self.height())

    def detach(self) -> None:
        """Stop following the views' sizes."""
        for view in {self._source, self._target} - {None}:
            assert view is not None
            view.sigResized.disconnect(self._repaint)
            view.sigRangeChanged.disconnect(self._repaint)
        self._source = self._target = None


class LookupTable(RefreshWhenShown, ListeningView, QWidget):
    """E whole (ids and tokens beside its rows), the rows of the sentence's ids marked in the colours
    of their chips, and the lookup E[ids] they are copied into.

    Reads the shared model on every change; a highlighted position outlines its row of E and its copy.
    """

    OPTIONS = LookupTableOptions

    def __init__(self, model: EmbeddingModel, appearance: Appearance, highlight: Highlight,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._model, self._appearance, self._highlight = model, appearance, highlight
        self._copies = True
        self.header = QLabel()
        self.header.setWordWrap(True)
        self.graphics = pg.GraphicsLayoutWidget()
        self.graphics.setBackground(appearance.background)
        self.graphics.ci.setSpacing(0)
        self.ids = RowTexts(Qt.AlignmentFlag.AlignRight)
        self.tokens = RowTexts(Qt.AlignmentFlag.AlignLeft)
        self.graphics.addItem(self.ids, row=0, col=0)
        self.graphics.addItem(self.tokens, row=0, col=1)
        self.table: Heatmap = add_heatmap(self.graphics, 0, 2, appearance)
        self.copies = Copies()
        self.graphics.addItem(self.copies, row=0, col=3)
        self.lookup: Heatmap = add_heatmap(self.graphics, 0, 4, appearance)
        self.positions = RowTexts(Qt.AlignmentFlag.AlignLeft)
        self.graphics.addItem(self.positions, row=0, col=5)
        self.colour_bar = colour_bar(colorMap=colormap(), interactive=False, width=14)
        self.colour_bar.setImageItem([self.table.image, self.lookup.image])
        self.graphics.addItem(self.colour_bar, row=0, col=6)
        self.table.plot.getViewBox().geometryChanged.connect(self._align_colour_bar)  # the bar runs along E's rows
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.numbers_hint = NumbersHintLabel()  # where the numbers are that a matrix has no room for
        for heatmap in (self.table, self.lookup):
            heatmap.labels.printed_changed.connect(self._show_numbers_hint, Qt.ConnectionType.QueuedConnection)
        self.graphics.scene().sigMouseMoved.connect(self._on_mouse_moved)  # a cell's value, pointed at
        layout.addWidget(self.header)
        layout.addWidget(scrolling(self.graphics), 1)
        layout.addWidget(self.numbers_hint)
        self.listen(model.events.x_changed, self.request_refresh)  # not the attention settings: none shows here
        self.listen(highlight.changed, self._on_highlight)
        self.listen(appearance.events.scale, self._on_scale_changed)
        self.listen(appearance.events.look, self._on_look_changed)
        self.listen(appearance.events.language, self.retranslate)
        self._on_scale_changed()
        self.retranslate()

    # ---- the lesson's cue ------------------------------------------------------------------------------

    def take_cue(self, cue: Cue) -> None:
        """A lesson step's table: the ids pointing at their rows, or the lookup E[ids] drawn too."""
        self.set_copies(read_options(LookupTableOptions, cue.options).copies)

    def set_copies(self, on: bool) -> None:
        """Show E[ids] beside E (the lookup), or only where each id points."""
        if on != self._copies:
            self._copies = on
            self.request_refresh()

    def shows_copies(self) -> bool:
        """True while E[ids] is drawn beside E."""
        return self._copies

    # ---- drawing ------------------------------------------------------------------------------

    def refresh(self) -> None:
        """Redraw E, the marks of the looked-up rows, and E[ids], from the model."""
        model, appearance = self._model, self._appearance
        V, n = model.V, model.n
        columns = [f"d{c}" for c in range(model.d)]
        limit = toy_limit(model)  # one colour scale through the lesson (ui.palette.ToyScale)
        set_colour_bar_levels(self.colour_bar, limit, appearance.numbers)
        self.table.set_title(self.tr("E ({0} × {1})").format(V, model.d))
        self.table.set_matrix(model.E, None, columns)
        self.table.fit_labels()
        first_position: dict[int, int] = {}
        for position, token_id in enumerate(model.ids):
            first_position.setdefault(token_id, position)
        self.table.set_row_outlines({row: (token_colour(p), False) for row, p in first_position.items()})
        used = [i in first_position for i in range(V)]
        colours = [token_colour(first_position[i]) if used[i] else self._unused_colour() for i in range(V)]
        header_colour = QColor(appearance.foreground)
        self.ids.set_texts([self.tr("id"), *(str(i) for i in range(V))], self.table.plot.getViewBox(), -1,
                           [header_colour, *colours], [False, *used])
        self.tokens.set_texts([self.tr("token"), *(display_token(t) for t in model.tokens)],
                              self.table.plot.getViewBox(), -1, [header_colour, *colours], [False, *used])
        # The copies sit level with the middle of E, rows as tall as E's (more tokens than rows of E:
        # as tall as E, rows shorter, every copy in sight).
        offset = (V - n) / 2
        lookup_view = self.lookup.plot.getViewBox()
        links = [(token_id, position, token_colour(position)) for position, token_id in enumerate(model.ids)]
        position_colours = [token_colour(p) for p in range(n)]
        self.lookup.plot.setVisible(self._copies)
        self.lookup.plot.setMaximumWidth(-1 if self._copies else 0)
        if self._copies:
            self.lookup.set_title(self.tr("E[ids]"))
            self.lookup.set_matrix(model.E_rows(), None, columns)
            self.lookup.fit_labels()
            lookup_view.setYRange(min(0.0, -offset), max(float(n), n + offset), padding=0)
            self.lookup.set_row_outlines({p: (token_colour(p), False) for p in range(n)})
            texts = [f"{p + 1}  {display_token(model.tokens[i])}" for p, i in enumerate(model.ids)]
            if not appearance.presenting or n > V:  # the window's page is narrow, or more copies than rows
                texts = []  # of E to set them beside: the chips above say the positions
            self.positions.set_texts([self.tr("position"), *texts] if texts else [], self.table.plot.getViewBox(),
                                     offset - 1, [header_colour, *position_colours][:len(texts) + 1 if texts else 0],
                                     ([False] + [True] * n)[:len(texts) + 1 if texts else 0])
            self.copies.set_links(links, self.table.plot.getViewBox(), lookup_view, 0.0, appearance.px(2),
                                  towards_source=False)
        else:
            texts = [self.tr("id {0}   ({1} {2})").format(i, p + 1, display_token(model.tokens[i]))
                     for p, i in enumerate(model.ids)]
            header = self.tr("id   (position token)")
            if not appearance.presenting:  # the window's page is narrow; the chips above say the positions
                texts, header = [f"id {i}" for i in model.ids], self.tr("id")
            self.positions.set_texts([header, *texts], self.table.plot.getViewBox(),
                                     offset - 1, [header_colour, *position_colours], [False] + [True] * n)
            # The ids point at their rows: the arrows run back to E.
            self.copies.set_links(links, self.table.plot.getViewBox(), self.table.plot.getViewBox(), offset,
                                  appearance.px(2), towards_source=True)
        self.header.setText(self._header_text())
        self._fit_matrices()
        self._fit_least_height()
        self._on_highlight(self._highlight.position)
        self._show_numbers_hint()

    def _fit_least_height(self) -> None:
        """In the window, rows of E (and of E[ids]) at least tall enough for their names at the least
        type: the view scrolls below that. Presenting, none: the stage is laid out to fit."""
        least = 0
        if not self._appearance.presenting:
            font = QFont()
            font.setPixelSize(MIN_WINDOW_NAME_PX)
            row = QFontMetrics(font).tightBoundingRect("Åg0␣").height() + 3
            view = self.table.plot.getViewBox().geometry()
            above = view.top() if view.height() > 0 else 0
            least = math.ceil(above + row * (max(self._model.V + 1, self._model.n) + 1))
        set_least_height(self.graphics, least)

    def _show_numbers_hint(self) -> None:
        """One line where a matrix has no room for its numbers (as last painted), none otherwise."""
        hint = numbers_hint([self.table, self.lookup], presenting=self._appearance.presenting)
        self.numbers_hint.show_hint(hint, self._appearance.presenting)

    def _on_mouse_moved(self, scene_pos: QPointF) -> None:
        """The value under the pointer: E's rows by id, E[ids]'s by position."""
        for heatmap, name, first in ((self.table, "E", 0), (self.lookup, "E[ids]", 1)):
            cell = heatmap.cell_at(scene_pos) if heatmap.plot.isVisible() else None
            if cell is not None:
                value = self._appearance.numbers.full(float(heatmap.values()[cell]))
                QToolTip.showText(self.graphics.mapToGlobal(self.graphics.mapFromScene(scene_pos)),
                                  f"{name}[{cell[0] + first}, d{cell[1]}] = {value}", self.graphics)
                return

    def _fit_matrices(self) -> None:
        """Presenting, each matrix at least as wide as its numbers at the stage's size need."""
        layout = self.graphics.ci.layout
        for column, heatmap in ((2, self.table), (4, self.lookup)):
            least = 0
            if self._appearance.presenting and heatmap.plot.isVisible():
                font = QFont()
                font.setPixelSize(self._appearance.stage_px())
                metrics = QFontMetrics(font)
                widest = max((metrics.horizontalAdvance(text) for row in heatmap.cell_texts() for text in row),
                             default=0)
                least = heatmap.values().shape[1] * (math.ceil(widest / CELL_FILL) + 2)
            layout.setColumnMinimumWidth(column, least)

    def _header_text(self) -> str:
        model = self._model
        ids = "[" + ", ".join(str(i) for i in model.ids) + "]"
        if self._copies:
            return self.tr("E[ids]: each id copies its row of E, in order")
        return self.tr("The ids {0} only name rows of E").format(ids)

    def _on_highlight(self, position: int | None) -> None:
        ids = self._model.ids
        if position is None or not 0 <= position < len(ids):
            self.table.set_highlight_row(None)
            self.lookup.set_highlight_row(None)
            return
        self.table.set_highlight_row(ids[position])
        self.lookup.set_highlight_row(position if self._copies else None)

    def _unused_colour(self) -> QColor:
        """The ids and tokens of rows the sentence does not use: the foreground, softened."""
        return QColor("#9A9A9A") if self._appearance.dark else UNUSED

    def marked_rows(self) -> list[int]:
        """Rows of E outlined as looked up (read back by tests)."""
        return sorted(self.table.outlined_rows())

    # ---- appearance ---------------------------------------------------------------------------

    def _label_font(self) -> QFont:
        if self._appearance.presenting:
            font = QFont()
            font.setPixelSize(self._appearance.stage_px(LABEL_PX))
            return font
        return scaled_font(self._appearance, 9)  # the window's page is narrow: the names first

    def _on_scale_changed(self) -> None:
        appearance = self._appearance
        self.header.setFont(scaled_font(appearance, 13, bold=True))
        self.numbers_hint.setFont(scaled_font(appearance, 11))
        font = self._label_font()
        for texts in (self.ids, self.tokens, self.positions):
            texts.set_font(font, appearance.px(4 if appearance.presenting else 2))
        for heatmap in (self.table, self.lookup):
            heatmap.title_points = 13 if appearance.presenting else 9  # the window's page is narrow
            heatmap.restyle()
        layout = self.graphics.ci.layout
        presenting = appearance.presenting
        layout.setColumnFixedWidth(3, appearance.px(COPIES_WIDTH if presenting else COPIES_WIDTH // 4))
        layout.setColumnFixedWidth(6, appearance.px(BAR_WIDTH if presenting else BAR_WIDTH * 5 // 6))
        layout.setColumnStretchFactor(2, 1)
        layout.setColumnStretchFactor(4, 1)
        ticks = QFont()
        ticks.setPixelSize(appearance.stage_px(LABEL_PX) if appearance.presenting else appearance.px(10))
        self.colour_bar.axis.setStyle(tickFont=ticks)
        self.colour_bar.axis.setTextPen(pg.mkPen(appearance.foreground))
        # pyqtgraph drops a tick label wider than its axis: make room for the widest (−0,5).
        widest = QFontMetrics(ticks).horizontalAdvance(appearance.numbers.short(-0.5))
        self.colour_bar.axis.setWidth(widest + appearance.px(10))
        self._align_colour_bar()
        self.request_refresh()

    def _align_colour_bar(self) -> None:
        align_colour_bar(self.colour_bar, self.table.plot, self.colour_bar.axis.style["tickFont"] or self.font())

    def _on_look_changed(self) -> None:
        self.graphics.setBackground(self._appearance.background)
        self._on_scale_changed()

    def retranslate(self) -> None:
        """Re-read every visible string."""
        self.request_refresh()

    # ---- lifetime -----------------------------------------------------------------------------

    def detach(self) -> None:
        """Stop listening; free the plots' menus."""
        for item in (self.ids, self.tokens, self.positions, self.copies):
            item.detach()
        dispose_plot_menus(self.graphics)
        super().detach()


__all__ = ["Copies", "LookupTable", "LookupTableOptions"]
