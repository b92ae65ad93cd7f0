"""E[ids] + P = X as three aligned heatmaps, live, with a "build X step by step" player."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from PySide6.QtCore import QTimer
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from visualizer.appearance import Appearance
from visualizer.core import RowVerdict, classify_rows, display_token
from visualizer.lesson.cue import Cue, read_options
from visualizer.model import EmbeddingModel
from visualizer.selection import Highlight
from visualizer.toy.attention_preview import change_outlines
from visualizer.toy.before_after_row import BeforeAfterRow
from visualizer.toy.x_panel_row import XPanelRow
from visualizer.ui.heatmap import Heatmap
from visualizer.ui.lazy import RefreshWhenShown
from visualizer.ui.matrix_scroll import scrolling
from visualizer.ui.palette import scaled_font, toy_limit
from visualizer.ui.player import Player
from visualizer.ui.protocol import ListeningView

BUILD_STEP_MS = 700


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
        # Whether the numbers fit their cells is known once they are painted; the summary then says
        # where to read those that do not (told after the paint, not inside it).
        self.graphics.printing_changed.connect(self._on_printing_changed)
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
        self._caption_text = ""  # what the line says, before where the numbers are (see _set_caption)
        self.formula = QLabel()
        self.formula.setWordWrap(True)
        controls = QHBoxLayout()
        controls.addWidget(self.build_button)
        controls.addWidget(self.step_caption, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.formula)
        layout.addWidget(scrolling(self.graphics), 1)
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
        # In the window, two lines kept for what it says and where the numbers are: a line coming
        # and going would take a line from the matrices and give it back.
        self.step_caption.setMinimumHeight(0 if self._appearance.presenting else
                                           2 * self.step_caption.fontMetrics().lineSpacing())
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
        # One colour scale through the lesson, whatever the scheme or the view (ui.palette.ToyScale).
        self._limit = toy_limit(model)
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
        # On a line of its own (the stage's two lines), X names its rows too.
        self.result.set_matrix(shown_x, row_labels if self.graphics.two_lines else None, column_labels)
        self.added.set_marked_rows(beyond)
        self.result.set_marked_rows(beyond)
        self.result.set_row_outlines(self._change_outlines())
        for heatmap in self.graphics.heatmaps:
            heatmap.fit_labels()
        self._show_before_after()
        self.graphics.highlight_row(self._highlight.position)
        self.formula.setText(self._formula_text())
        self.graphics.fit_columns()
        if self._lookup_only:
            self._set_caption(self.tr("Each id picks one row of E. No arithmetic, just a lookup."))
        elif self._build_stage is None:
            self._set_caption(self._summary_text())

    def _position_columns(self, names: list[str]) -> list[str]:
        """Sinusoidal's columns named by their formula (sin s, cos s, sin(s/100), …, its variable s
        counting from 0, where t counts positions from 1); d0 … otherwise."""
        d = self._model.d
        if self._model.scheme != "sinusoidal" or d % 2:
            return names
        sine, cosine = self.tr("sin"), self.tr("cos")  # the lesson's Portuguese writes "sen"
        columns = []
        for pair in range(d // 2):
            wavelength = 10000 ** (2 * pair / d)
            if wavelength == 1:
                columns += [f"{sine} s", f"{cosine} s"]
            else:
                columns += [f"{sine}(s/{wavelength:.3g})", f"{cosine}(s/{wavelength:.3g})"]
        return columns

    def _formula_text(self) -> str:
        scheme = self._model.scheme
        if scheme == "learned":
            return self.tr("xₜ = E[iₜ] + Pₜ   (learned positions, t = 1, 2, …)")
        if scheme == "sinusoidal":
            # One letter, one meaning: t counts positions from 1, the formula's own s from 0.
            return self.tr("xₜ = E[iₜ] + PE(s),  s = t − 1   (t counts from 1, s from 0)")
        return self.tr("xₜ = E[iₜ]   (no vector is added to X)")

    # ---- presenting: room for the numbers -------------------------------------------------------

    def _set_needs(self, E_rows: np.ndarray, P_rows: np.ndarray | None, X: np.ndarray) -> None:
        """Tell the row how wide each matrix must be to print its numbers: at the stage's size
        presenting, at the window's least type otherwise."""
        if not self._appearance.presenting:
            self.graphics.needs = [0, 0, 0]
            self.graphics.set_window_needs([E_rows, P_rows, X])
            return
        self.graphics.set_stage_needs([E_rows, P_rows, X], [self.tr("E[ids]"), self._added_title(), self.tr("X")],
                                      self._lookup_title(False), self._nothing_added_caption().split("\n"))

    def _added_title(self) -> str:
        scheme = self._model.scheme
        if scheme == "learned":
            return self.tr("P")
        if scheme == "sinusoidal":
            return self.tr("PE(s)")
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

    def _on_printing_changed(self) -> None:
        self._set_caption(self._caption_text)

    def _set_caption(self, text: str) -> None:
        """The line under the matrices: ``text``, and where the numbers are that a matrix has no
        room for (as last painted), whatever the line says (a build's stage, the summary)."""
        self._caption_text = text
        hint = self.graphics.numbers_hint()
        self.step_caption.setText(f"{text} {hint}" if hint else text)

    def _summary_text(self) -> str:
        n, d = self._model.n, self._model.d
        beyond = self._model.beyond_trained_length()
        text = self.tr("X has n × d = {0} × {1} numbers, one row per token.").format(n, d)
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
        self._set_caption(text)

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
