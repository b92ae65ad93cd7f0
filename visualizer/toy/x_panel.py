"""E[ids] + P = X as three aligned heatmaps, live, with a "build X step by step" player."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QColor, QFont, QFontMetrics, QResizeEvent
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from visualizer.appearance import Appearance
from visualizer.core import ADDITIVE_SCHEMES, RowVerdict, classify_rows, display_token
from visualizer.lesson.cue import Cue, read_options
from visualizer.model import EmbeddingModel
from visualizer.selection import Highlight
from visualizer.toy.attention_preview import change_outlines
from visualizer.toy.before_after_row import BeforeAfterRow
from visualizer.ui.back_row import fit_column_names
from visualizer.ui.heatmap import WINDOW_CELL_FILL, Heatmap
from visualizer.ui.lazy import RefreshWhenShown
from visualizer.ui.matrix_row import MIN_MATRIX_WIDTH, MatrixRow, cell_width_for
from visualizer.ui.palette import MIN_WINDOW_NUMBER_PX, scaled_font, symmetric_limit
from visualizer.ui.player import Player
from visualizer.ui.protocol import ListeningView

BUILD_STEP_MS = 700
STAGE_OPERATOR_WIDTH = 20
STAGE_OPERATOR_POINTS = 18
STAGE_SPACING = 2
"""Presenting, the X panel gives its numbers every pixel: narrower "+" and "=", less space between
columns (unscaled pixels, points)."""
SPARSE_TICKS = 5
"""Presenting, a colour bar short of room for the numbers labels at most this many ticks (every
second one: −2, −1, 0, 1, 2), on purpose."""


def _nothing() -> None:
    """No one listens yet."""


class XPanelRow(MatrixRow):
    """The three matrices of the X panel. Presenting, each gets the width its numbers need and the
    rest is shared in proportion; when the three cannot all print their numbers at the stage's size
    (sinusoidal's three decimals at 1024 × 768), the colour bar labels every second tick and then
    E[ids] steps back to a narrow picture, so that PE and X keep theirs (E's numbers were read on
    the steps before)."""

    resized = Signal()
    """The row changed size (the panel decides again what it has room for)."""

    def __init__(self, appearance: Appearance) -> None:
        super().__init__(appearance, 3, operators=("+", "="), hover_names=("E[ids]", "P", "X"))
        self.needs: list[int] = [0, 0, 0]
        """Width (px) each matrix needs to print its numbers while presenting, set by the panel."""
        self.picture_width = 0
        """Width (px) of a matrix drawn as a picture (its title's)."""
        self.prints = [True, True, True]
        """Whether each matrix has the room to print its numbers (presenting)."""
        self.grows = [True, True, True]
        """Whether each matrix takes a share of the room left over (not "nothing": it has no numbers)."""
        self.prints_changed: Callable[[], None] = _nothing
        self.window_needs: list[int] = [0, 0, 0]
        """Width (px) each matrix needs to print its numbers in the window (at its least type)."""
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

    def matrix_widths(self, free: int) -> list[int]:
        """In the window, equal shares when every matrix prints its numbers in its share; otherwise
        X first, then what is added, then E[ids] get the width their numbers need, as long as each
        fits, and the others share the rest (sinusoidal's three decimals: X kept its numbers)."""
        equal = super().matrix_widths(free)
        needs = self.window_needs
        if all(need <= width for need, width in zip(needs, equal, strict=True)):
            return equal
        granted: list[int] = []
        for index in (2, 1, 0):  # in order, and no further than the first that does not fit
            others = len(needs) - len(granted) - 1
            if not needs[index] or sum(needs[i] for i in granted) + needs[index] + others * MIN_MATRIX_WIDTH > free:
                break
            granted.append(index)
        rest = [i for i in range(len(needs)) if i not in granted]
        left = free - sum(needs[i] for i in granted)
        widths = [0] * len(needs)
        for index in rest:
            widths[index] = max(MIN_MATRIX_WIDTH, left // len(rest))
        for index in granted:
            widths[index] = needs[index] + (0 if rest else left * needs[index] // max(1, sum(needs)))
        return widths

    def resizeEvent(self, event: QResizeEvent | None) -> None:
        super().resizeEvent(event)
        self.resized.emit()

    def tick_cap(self) -> int | None:
        """As :class:`MatrixRow`; at most :data:`SPARSE_TICKS` while the numbers need the bar's room."""
        cap = super().tick_cap()
        if self._sparse_ticks:
            return SPARSE_TICKS if cap is None else min(cap, SPARSE_TICKS)
        return cap

    def _plan(self, bar: int) -> tuple[list[bool], list[int], int]:
        """Which matrices print their numbers beside a colour bar ``bar`` px wide: (prints, the
        width each matrix needs, the width left to share)."""
        px = self._appearance.px
        fixed = 2 * px(STAGE_OPERATOR_WIDTH) + bar
        axes = [h.plot.getAxis("left") for h in self.heatmaps]
        axis_widths = [(axis.fixedWidth or axis.width()) if axis.isVisible() else 0 for axis in axes]
        layout = self.ci.layout
        left, _, right, _ = layout.getContentsMargins()
        spacing = layout.horizontalSpacing() * (len(self.heatmaps) + len(self._operators) + 1)
        free = int(self.width() - left - right - spacing - px(8) - fixed - sum(axis_widths))
        prints = [True, True, True]
        needs = list(self.needs)
        if sum(needs) > free:  # E[ids] becomes a picture first
            prints[0], needs[0] = False, self.picture_width
        if sum(needs) > free:  # nothing fits: equal pictures, as in the window
            prints = [False, False, False]
        return prints, needs, free

    def fit_columns(self) -> None:
        """As :class:`MatrixRow` in the window; presenting, widths by need (see the class)."""
        appearance = self._appearance
        if not appearance.presenting or not any(self.needs):
            self._set_sparse_ticks(False)
            super().fit_columns()
            return
        full = self.colour_bar_width(self.bar_ticks())
        prints, needs, free = self._plan(full)
        sparse = False
        if not all(prints):  # fewer ticks, narrower bar: does another matrix print?
            sparse_bar = self.colour_bar_width(self.bar_ticks(SPARSE_TICKS))
            sparse_plan = self._plan(sparse_bar)
            if sum(sparse_plan[0]) > sum(prints):
                sparse, (prints, needs, free) = True, sparse_plan
        self._set_sparse_ticks(sparse)
        if not any(prints):
            super().fit_columns()
            self._set_prints(prints)
            return
        px = appearance.px
        widths = {2 * index + 1: px(STAGE_OPERATOR_WIDTH) for index in range(len(self._operators))}
        widths[self.colour_bar_column] = self.colour_bar_width(self.bar_ticks(SPARSE_TICKS if sparse else None))
        axes = [h.plot.getAxis("left") for h in self.heatmaps]
        axis_widths = [(axis.fixedWidth or axis.width()) if axis.isVisible() else 0 for axis in axes]
        extra = max(0, free - sum(needs))
        weights = [need if printing and grows else 0 for need, printing, grows in zip(needs, prints, self.grows,
                                                                                      strict=True)]
        total = sum(weights) or 1
        for column, need, weight, axis_width, heatmap in zip(self.matrix_columns, needs, weights, axis_widths,
                                                               self.heatmaps, strict=True):
            matrix = need + extra * weight // total
            widths[column] = matrix + axis_width
            heatmap.fit_caption(matrix)
        self._set_column_widths(widths)
        self._set_prints(prints)

    def set_window_needs(self, matrices: list[np.ndarray | None], d: int) -> None:
        """How wide each matrix (shape (n, d), None for no matrix) must be to print its numbers in
        the window, at the least type the window prints (heatmap.CellLabels: the widest fills 85%
        of its cell)."""
        font = scaled_font(self._appearance, 10, bold=True)
        font.setPixelSize(MIN_WINDOW_NUMBER_PX)
        numbers, metrics = self._appearance.numbers, QFontMetrics(font)

        def need(values: np.ndarray | None) -> int:
            finite = values[np.isfinite(values)] if values is not None else np.array([])
            texts = {numbers.short(float(v)) for v in finite}  # measured once each: the toy's repeat
            widest = max((metrics.horizontalAdvance(text) for text in texts), default=0)
            return d * (math.ceil(widest / WINDOW_CELL_FILL) + 1) if widest else 0

        needs = [need(values) for values in matrices]
        if needs != self.window_needs:
            self.window_needs = needs
            self.fit_columns()

    def _set_sparse_ticks(self, sparse: bool) -> None:
        if sparse != self._sparse_ticks:
            self._sparse_ticks = sparse
            self._fit_colour_bar_ticks()

    def _set_prints(self, prints: list[bool]) -> None:
        if prints != self.prints:
            self.prints = prints
            self.prints_changed()


def build_parts(E_rows: np.ndarray, P_rows: np.ndarray | None, X: np.ndarray, stage: int | None,
                lookup_only: bool) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """E[ids], what is added and X as the panel shows them, each of shape (n, d): the cells the build
    (at ``stage``, None when not building) has not reached yet are blank (NaN), and a lookup-only
    step shows E[ids] alone. ``P_rows`` is None when nothing is added (zeros are shown)."""
    n, d = E_rows.shape
    added = P_rows if P_rows is not None else np.zeros((n, d))
    if stage is None:
        if lookup_only:
            blank = np.full((n, d), np.nan)
            return E_rows, blank, blank
        return E_rows, added, X
    blank = np.full((n, d), np.nan)
    lookup = blank.copy()
    lookup[: min(stage, n)] = E_rows[: min(stage, n)]
    return (lookup, added if stage > n else blank, X if stage > n + 1 else blank)


@dataclass(frozen=True)
class XPanelOptions:
    """What a lesson step may ask of the X panel: the ``view_options`` of a step whose view is ``x_panel``."""

    lookup_only: bool = False
    """Only E[ids], its rows named by their ids: nothing added, no X yet (an id is only a name)."""
    build: bool = False
    """Play "build X step by step" when the step opens."""
    before_after: int | None = None
    """A token id: its row of X before the last change beside its row now, and the rows the change
    moved (dashed blue) or changed (orange) outlined in X (a revealed swap)."""


class XPanel(RefreshWhenShown, ListeningView, QWidget):
    """The lesson's central picture: the lookup E[ids], what the scheme adds, and their sum X.

    Reads the shared model on every ``x_changed``; hovering a row highlights that position in
    every view. While "build step by step" plays (``player``), rows appear one at a time: first
    the lookup, then the positions, then the sum.
    """

    OPTIONS = XPanelOptions

    def __init__(self, model: EmbeddingModel, appearance: Appearance, highlight: Highlight,
                 parent: QWidget | None = None):
        super().__init__(parent)
        self._model = model
        self._appearance = appearance
        self._highlight = highlight
        # How much of the build is visible: None = everything; k = first k stages.
        self._build_stage: int | None = None
        # Only the lookup E[ids], nothing added and no X yet (the lesson's first step).
        self._lookup_only = False
        # The sequence and X before the last change, and what that change did to each row.
        self._last_ids, self._last_X = model.ids, np.array(model.X())
        self._previous: tuple[tuple[int, ...], np.ndarray] | None = None
        self._changes: list[RowVerdict] = []
        self._before_after: int | None = None
        self._limit = 1.0

        self.graphics = XPanelRow(appearance)
        self.graphics.prints_changed = self._on_prints_changed
        self.graphics.resized.connect(self._on_graphics_resized)
        self.lookup, self.added, self.result = self.graphics.heatmaps
        # Whether X's numbers fit its cells is known once they are painted; the summary then says
        # how to read them (queued: the label changes after the paint, not inside it).
        self._x_printed = True
        self.result.labels.printed_changed.connect(self._on_x_printed_changed, Qt.ConnectionType.QueuedConnection)
        self.colour_bar = self.graphics.colour_bar
        self.graphics.hovered.connect(self._on_cell_hovered)
        # One token's row before and after the last change, under P and X: made the first time a
        # step asks for it, so that the window does not build two matrices it hides.
        self.before_after = BeforeAfterRow(self.graphics, appearance)

        self.build_button = QPushButton()
        self.player = Player(self, self.build_button, BUILD_STEP_MS, self._advance_build, "x_panel_build")
        self.player.playing_changed.connect(self._on_playing_changed)
        self.step_caption = QLabel()
        self.step_caption.setWordWrap(True)
        self.formula = QLabel()
        self.formula.setWordWrap(True)
        controls = QHBoxLayout()
        controls.addWidget(self.build_button)
        controls.addWidget(self.step_caption, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.formula)
        layout.addWidget(self.graphics, 1)
        layout.addLayout(controls)

        self.listen(model.events.x_changed, self._on_x_changed)
        self.listen(highlight.changed, self.graphics.highlight_row)
        self.listen(appearance.events.scale, self._on_scale_changed)
        self.listen(appearance.events.look, self._on_look_changed)
        self.listen(appearance.events.language, self.retranslate)
        self._on_scale_changed()
        self.retranslate()

    # ---- model and appearance signals --------------------------------------------------------

    def _on_x_changed(self) -> None:
        X = np.array(self._model.X())
        self._previous = (self._last_ids, self._last_X)
        self._changes = classify_rows(self._last_ids, self._last_X, self._model.ids, X)
        self._last_ids, self._last_X = self._model.ids, X
        # A build in progress stops (the refresh below draws the finished X: the pause redraws nothing).
        self._stop_build()
        self.player.pause()
        # The class changed the sequence: it experiments now, so show the whole E[ids] + P = X.
        self._lookup_only = False
        self.request_refresh()

    def _on_scale_changed(self) -> None:
        self.graphics.restyle()
        for heatmap in self.before_after.made_heatmaps():
            heatmap.restyle()
        self.formula.setFont(scaled_font(self._appearance, 13, bold=True))
        self.step_caption.setFont(scaled_font(self._appearance, 11))
        self.build_button.setFont(scaled_font(self._appearance, 11))
        self.request_refresh()

    def _on_look_changed(self) -> None:
        self.graphics.restyle()
        for heatmap in self.before_after.made_heatmaps():
            heatmap.restyle()
        self.request_refresh()

    def retranslate(self) -> None:
        """Re-read every visible string (language switch)."""
        self.build_button.setText(self.tr("Stop building") if self.player.is_playing()
                                  else self.tr("Build X step by step"))
        self.request_refresh()

    # ---- drawing ------------------------------------------------------------------------------

    def refresh(self) -> None:
        """Redraw the three matrices from the model (respecting the build stage)."""
        model = self._model
        n = model.n
        E_rows, P_rows, X = model.E_rows(), model.P_rows(), model.X()
        if self._lookup_only:  # the ids are the point: each names a row of E
            row_labels = [f"id {i}  {display_token(model.tokens[i])}" for i in model.ids]
        else:
            row_labels = [f"{p + 1}  {display_token(model.tokens[i])}" for p, i in enumerate(model.ids)]
        column_labels = [f"d{c}" for c in range(model.d)]
        # One colour scale whatever the scheme: switching from none to learned (lesson steps 2
        # and 3) must not repaint a cell whose value stayed the same.
        self._limit = symmetric_limit(model.E, P_rows, X, *(model.X_under(scheme) for scheme in ADDITIVE_SCHEMES))
        self.graphics.set_levels(self._limit)

        shown_lookup, shown_added, shown_x = build_parts(E_rows, P_rows, X, self._build_stage, self._lookup_only)
        beyond = model.beyond_trained_length()
        self._set_needs(E_rows, P_rows, X)
        self.lookup.set_title(self._lookup_title(self.graphics.prints[0]))
        prints_lookup = self.graphics.prints[0]
        self.lookup.set_matrix(shown_lookup, row_labels, column_labels if prints_lookup else [""] * model.d,
                               show_values=prints_lookup)
        if P_rows is None:
            self.added.set_title(self._added_title())
            self.added.set_matrix(np.full((n, model.d), np.nan), None, column_labels)
            self.added.set_caption("" if self._lookup_only else self._nothing_added_caption())
        else:
            self.added.set_title(self._added_title())
            self.added.set_matrix(shown_added, None, self._position_columns(column_labels))
            # Over the hatched rows past the table, not over the numbers of the rows before them.
            first_beyond = min(beyond) if beyond else 0
            self.added.set_caption(self.tr("beyond the\ntrained length") if beyond else "",
                                   (first_beyond, n) if beyond else None)
        self.result.set_title(self.tr("X"))
        self.result.set_matrix(shown_x, None, column_labels)
        self.added.set_marked_rows(beyond)
        self.result.set_marked_rows(beyond)
        self.result.set_row_outlines(self._change_outlines())
        for heatmap in self.graphics.heatmaps:
            fit_column_names(heatmap, self._appearance)
        self._show_before_after()
        self.graphics.highlight_row(self._highlight.position)
        self.formula.setText(self._formula_text())
        self.graphics.fit_columns()
        if self._lookup_only:
            self.step_caption.setText(self.tr("Each id picks one row of E. No arithmetic, just a lookup."))
        elif self._build_stage is None:
            self.step_caption.setText(self._summary_text())

    def _position_columns(self, names: list[str]) -> list[str]:
        """Sinusoidal's columns named by their formula (sin t, cos t, sin(t/100), …); d0 … otherwise."""
        d = self._model.d
        if self._model.scheme != "sinusoidal" or d % 2:
            return names
        sine, cosine = self.tr("sin"), self.tr("cos")  # the lesson's Portuguese writes "sen"
        columns = []
        for pair in range(d // 2):
            wavelength = 10000 ** (2 * pair / d)
            if wavelength == 1:
                columns += [f"{sine} t", f"{cosine} t"]
            else:
                columns += [f"{sine}(t/{wavelength:.3g})", f"{cosine}(t/{wavelength:.3g})"]
        return columns

    def _formula_text(self) -> str:
        scheme = self._model.scheme
        if scheme == "learned":
            return self.tr("xₜ = E[iₜ] + Pₜ   (learned positions, t = 1, 2, …)")
        if scheme == "sinusoidal":
            return self.tr("xₜ = E[iₜ] + PE(t − 1)   (sinusoidal: its formula counts from 0)")
        return self.tr("xₜ = E[iₜ]   (no vector is added to X)")

    # ---- presenting: room for the numbers -------------------------------------------------------

    def _set_needs(self, E_rows: np.ndarray, P_rows: np.ndarray | None, X: np.ndarray) -> None:
        """Tell the row how wide each matrix must be to print its numbers at the stage's size (and
        its title: a title wider than its column would push the colour bar off the stage)."""
        appearance = self._appearance
        if not appearance.presenting:
            self.graphics.needs = [0, 0, 0]
            self.graphics.set_window_needs([E_rows, P_rows, X], self._model.d)
            return
        font = QFont()
        font.setPixelSize(appearance.stage_px())
        numbers, d = appearance.numbers, self._model.d
        title = QFont()
        title.setPointSizeF(appearance.pt(13))
        title.setBold(True)
        titles = QFontMetrics(title)
        pad = appearance.px(8)
        lookup = max(d * cell_width_for(E_rows, numbers, font), titles.horizontalAdvance(self.tr("E[ids]")) + pad)
        result = max(d * cell_width_for(X, numbers, font), titles.horizontalAdvance(self.tr("X")) + pad)
        if P_rows is None:  # "nothing": as wide as the sentence written across it, or its title
            caption = QFont()
            caption.setPointSizeF(appearance.pt(11))
            caption.setBold(True)
            lines = self._nothing_added_caption().split("\n")
            added = max([QFontMetrics(caption).horizontalAdvance(line) for line in lines] +
                        [titles.horizontalAdvance(self._added_title())]) + 2 * pad
        else:
            added = max(d * cell_width_for(P_rows, numbers, font),
                        titles.horizontalAdvance(self._added_title()) + pad)
        self.graphics.picture_width = titles.horizontalAdvance(self._lookup_title(False)) + pad
        needs = [lookup, added, result]
        self.graphics.grows = [True, P_rows is not None, True]
        if needs != self.graphics.needs:
            self.graphics.needs = needs
            self.graphics.fit_columns()

    def _added_title(self) -> str:
        scheme = self._model.scheme
        if scheme == "learned":
            return self.tr("P")
        if scheme == "sinusoidal":
            return self.tr("PE(t − 1)")
        return self.tr("nothing")

    def _lookup_title(self, prints: bool) -> str:
        # A picture of E[ids] (no room for its numbers) is as narrow as its title: one letter.
        return self.tr("E[ids]") if prints else self.tr("E")

    def _on_prints_changed(self) -> None:
        # Decided while laying out: draw again once the layout pass is over.
        QTimer.singleShot(0, self, self.request_refresh)

    def prints_numbers(self) -> list[bool]:
        """Whether E[ids], the positions and X each print their numbers (read back by tests)."""
        return list(self.graphics.prints)

    # ---- a change, before and after -------------------------------------------------------------

    def _change_outlines(self) -> dict[int, tuple[QColor, bool]]:
        """Rows of X to outline after the last change, when a step asks: moved (dashed blue), changed (orange)."""
        if self._before_after is None:
            return {}
        return change_outlines(self._changes)

    def before_after_rows(self) -> tuple[int, np.ndarray, int, np.ndarray] | None:
        """The cued token's (old position, old row, new position, new row) across the last change
        (positions 0-based), or None when no step asks or the change did not move it."""
        token, previous, ids = self._before_after, self._previous, self._model.ids
        if token is None or previous is None or token not in previous[0] or token not in ids:
            return None
        old_ids, old_X = previous
        old, new = old_ids.index(token), ids.index(token)
        old_row, new_row = old_X[old], np.array(self._model.X())[new]
        if old == new and np.array_equal(old_row, new_row, equal_nan=True):
            return None
        return old, old_row, new, new_row

    @property
    def before(self) -> Heatmap:
        """The cued token's row before the last change, under P (made on first use)."""
        return self.before_after.heatmaps()[0]

    @property
    def after(self) -> Heatmap:
        """The cued token's row now, under X (made on first use)."""
        return self.before_after.heatmaps()[1]

    def compare_shown(self) -> bool:
        """True while the staged token's rows before and after the last change are shown."""
        return self.before_after.is_shown()

    def _on_graphics_resized(self) -> None:
        if self._before_after is None:
            return  # no step asks for the row
        if self.before_after.fits(self.result, self._model.n) != self.compare_shown():
            self._show_before_after()

    def _show_before_after(self) -> None:
        """The cued token's row before the last change, under P, and now, under X."""
        # Whether the row fits is asked only when there is one to show: measuring it builds its two
        # heatmaps, which a window with nothing cued (every start) would build for nothing.
        rows = self.before_after_rows()
        if rows is None or not self.before_after.fits(self.result, self._model.n):
            self.before_after.hide()
            return
        old, old_row, new, new_row = rows
        token = display_token(self._model.tokens[self._before_after or 0])
        titles = (self.tr("{0} at {1}, before").format(token, old + 1),
                  self.tr("{0} at {1}, now").format(token, new + 1))
        self.before_after.show(titles, old_row, new_row, [f"d{c}" for c in range(self._model.d)], self._limit)

    def _nothing_added_caption(self) -> str:
        scheme = self._model.scheme
        if scheme == "rope":
            return self.tr("RoPE rotates q and k\ninside attention")
        if scheme == "alibi":
            return self.tr("ALiBi biases\nthe attention scores")
        return self.tr("order comes only\nfrom the causal mask")

    def _on_x_printed_changed(self, printed: bool) -> None:
        self._x_printed = printed
        if not self._lookup_only and self._build_stage is None:
            self.step_caption.setText(self._summary_text())

    def _summary_text(self) -> str:
        n, d = self._model.n, self._model.d
        beyond = self._model.beyond_trained_length()
        text = self.tr("X has n × d = {0} × {1} numbers, one row per token.").format(n, d)
        if not self._x_printed and not self._appearance.presenting:  # instead: one line, where X has no room
            text = self.tr("No room for X's numbers: point at a cell, or F5.")
        if beyond:  # one position or several: each language says it in its own number
            listed, stop = ", ".join(str(p + 1) for p in beyond), self._model.trained_length
            text += " " + (self.tr("Position {0} has no row of P: the learned table stops at {1}.") if len(beyond) == 1
                           else self.tr("Positions {0} have no row of P: the learned table stops at {1}.")).format(
                listed, stop)
        return text

    # ---- build step by step -------------------------------------------------------------------

    def _on_playing_changed(self, playing: bool) -> None:
        if playing:
            self._build_stage = 0
            self.refresh()
            self._describe_stage()
        elif self._build_stage is not None:
            self._stop_build()
            self.refresh()
        self.build_button.setText(self.tr("Stop building") if playing else self.tr("Build X step by step"))

    def _stop_build(self) -> None:
        """End a build where it is; the row it lit goes dark (stopped by a step, it stayed lit)."""
        if self._build_stage is not None:
            self._build_stage = None
            self._highlight.set_position(None)

    def _advance_build(self) -> None:
        assert self._build_stage is not None
        self._build_stage += 1
        if self._build_stage > self._model.n + 2:
            self.player.pause()
            return
        self.refresh()
        self._describe_stage()
        highlight = self._build_stage - 1
        self._highlight.set_position(highlight if 0 <= highlight < self._model.n else None)

    def _describe_stage(self) -> None:
        stage, n = self._build_stage or 0, self._model.n
        if stage == 0:
            text = self.tr("Each id picks one row of E. No arithmetic, just a lookup.")
        elif stage <= n:
            token_id = self._model.ids[stage - 1]
            text = self.tr("Position {0}: id {1} ({2}) copies row {1} of E.").format(
                stage, token_id, display_token(self._model.tokens[token_id]))
        elif stage == n + 1:
            text = (self.tr("Now the position vectors are added, one per position.")
                    if self._model.adds_positions
                    else self.tr("This scheme adds nothing here."))
        else:
            text = self.tr("Their sum is X: the matrix every later step reads.")
        self.step_caption.setText(text)

    def finish_build(self) -> None:
        """Jump to the end of the build animation (everything shown)."""
        self.player.pause()

    def take_cue(self, cue: Cue) -> None:
        """A lesson step's X panel: the build finished (or played from the start), E[ids] alone or all of it."""
        options = read_options(XPanelOptions, cue.options)
        # Each step sets the build animation explicitly: one left running would confuse the class.
        self.finish_build()
        self.set_lookup_only(options.lookup_only)
        if options.before_after != self._before_after:
            self._before_after = options.before_after
            self.request_refresh()
        if options.build:
            self.player.play()

    def set_lookup_only(self, on: bool) -> None:
        """Show only E[ids] (ids naming rows of E), or the whole E[ids] + P = X again."""
        if on != self._lookup_only:
            self._lookup_only = on
            self.request_refresh()  # hidden (another step's view in front), when shown

    def lookup_only(self) -> bool:
        """True while only E[ids] is shown."""
        return self._lookup_only

    def build_stage(self) -> int | None:
        """How far the build animation is (None when not building)."""
        return self._build_stage

    # ---- hover ---------------------------------------------------------------------------------

    def _on_cell_hovered(self, row: int, _column: int) -> None:
        # The row's position lights up everywhere (the row has shown the cell's full value).
        self._highlight.set_position(row)

    # ---- lifetime -------------------------------------------------------------------------------

    def detach(self) -> None:
        """Stop the build animation and listening to the model."""
        self.player.pause()
        self.graphics.dispose_menus()
        super().detach()
