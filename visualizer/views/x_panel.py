"""E[ids] + P = X as three aligned heatmaps, live, with a "build X step by step" player."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from ..appearance import Appearance
from ..core import ADDITIVE_SCHEMES, display_token
from ..model import EmbeddingModel
from ..selection import Highlight
from .lazy import RefreshWhenShown
from .matrix_row import MatrixRow
from .palette import scaled_font, symmetric_limit
from .player import Player
from .protocol import ListeningView
from .staging import Staging, read_options

BUILD_STEP_MS = 700


@dataclass(frozen=True)
class XPanelStaging:
    """What a lesson step may ask of the X panel (the ``staging`` of a step whose view is ``x_panel``)."""

    lookup_only: bool = False
    """Only E[ids], its rows named by their ids: nothing added, no X yet (an id is only a name)."""
    build: bool = False
    """Play "build X step by step" when the step opens."""


class XPanel(RefreshWhenShown, ListeningView, QWidget):
    """The lesson's central picture: the lookup E[ids], what the scheme adds, and their sum X.

    Reads the shared model on every ``x_changed``; hovering a row highlights that position in
    every view. While "build step by step" plays (``player``), rows appear one at a time: first
    the lookup, then the positions, then the sum.
    """

    STAGING = XPanelStaging

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

        self.graphics = MatrixRow(appearance, 3, operators=("+", "="), hover_names=("E[ids]", "P", "X"))
        self.graphics.ci.setSpacing(4)
        self.lookup, self.added, self.result = self.graphics.heatmaps
        self.colour_bar = self.graphics.colour_bar
        self.graphics.hovered.connect(self._on_cell_hovered)

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
        self.player.pause()
        # The class changed the sequence: it experiments now, so show the whole E[ids] + P = X.
        self._lookup_only = False
        self.request_refresh()

    def _on_scale_changed(self) -> None:
        self.graphics.restyle()
        self.formula.setFont(scaled_font(self._appearance, 13, bold=True))
        self.step_caption.setFont(scaled_font(self._appearance, 11))
        self.build_button.setFont(scaled_font(self._appearance, 11))
        self.request_refresh()

    def _on_look_changed(self) -> None:
        self.graphics.restyle()
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
        self.graphics.set_levels(symmetric_limit(model.E, P_rows, X,
                                                 *(model.X_under(scheme) for scheme in ADDITIVE_SCHEMES)))

        shown_lookup, shown_added, shown_x = self._visible_parts(E_rows, P_rows, X)
        beyond = model.beyond_trained_length()
        self.lookup.set_title(self.tr("E[ids]"))
        self.lookup.set_matrix(shown_lookup, row_labels, column_labels)
        if P_rows is None:
            self.added.set_title(self.tr("nothing"))
            self.added.set_matrix(np.full((n, model.d), np.nan), None, column_labels)
            self.added.set_caption("" if self._lookup_only else self._nothing_added_caption())
        else:
            title = self.tr("P") if model.scheme == "learned" else self.tr("PE")
            self.added.set_title(title)
            self.added.set_matrix(shown_added, None, column_labels)
            # Over the hatched rows past the table, not over the numbers of the rows before them.
            first_beyond = min(beyond) if beyond else 0
            self.added.set_caption(self.tr("beyond the\ntrained length") if beyond else "",
                                   (first_beyond, n) if beyond else None)
        self.result.set_title(self.tr("X"))
        self.result.set_matrix(shown_x, None, column_labels)
        self.added.set_marked_rows(beyond)
        self.result.set_marked_rows(beyond)
        self.graphics.highlight_row(self._highlight.position)
        self.formula.setText(self._formula_text())
        self.graphics.fit_columns()
        if self._lookup_only:
            self.step_caption.setText(self.tr("Each id picks one row of E. No arithmetic, just a lookup."))
        elif self._build_stage is None:
            self.step_caption.setText(self._summary_text())

    def _visible_parts(self, E_rows: np.ndarray, P_rows: np.ndarray | None,
                       X: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Blank (NaN) the cells the build animation has not reached yet."""
        n, d = E_rows.shape
        added = P_rows if P_rows is not None else np.zeros((n, d))
        if self._lookup_only and self._build_stage is None:
            blank = np.full((n, d), np.nan)
            return E_rows, blank, blank
        if self._build_stage is None:
            return E_rows, added, X
        stage = self._build_stage
        blank = np.full((n, d), np.nan)
        lookup = blank.copy()
        lookup[: min(stage, n)] = E_rows[: min(stage, n)]
        return (lookup, added if stage > n else blank, X if stage > n + 1 else blank)

    def _formula_text(self) -> str:
        scheme = self._model.scheme
        if scheme == "learned":
            return self.tr("x_p = E[id_p] + P_p   (learned absolute positions)")
        if scheme == "sinusoidal":
            return self.tr("x_p = E[id_p] + PE(t = p − 1)   (sinusoidal positions)")
        return self.tr("x_p = E[id_p]   (no vector is added to X)")

    def _nothing_added_caption(self) -> str:
        scheme = self._model.scheme
        if scheme == "rope":
            return self.tr("RoPE rotates q and k\ninside attention")
        if scheme == "alibi":
            return self.tr("ALiBi biases\nthe attention scores")
        return self.tr("order comes only\nfrom the causal mask")

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
            self._build_stage = None
            self.refresh()
        self.build_button.setText(self.tr("Stop building") if playing else self.tr("Build X step by step"))

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

    def stage(self, staging: Staging) -> None:
        """A lesson step's X panel: the build finished (or played from the start), E[ids] alone or all of it."""
        options = read_options(XPanelStaging, staging.options)
        # Each step sets the build animation explicitly: one left running would confuse the class.
        self.finish_build()
        self.set_lookup_only(options.lookup_only)
        if options.build:
            self.player.play()

    def set_lookup_only(self, on: bool) -> None:
        """Show only E[ids] (ids naming rows of E), or the whole E[ids] + P = X again."""
        if on != self._lookup_only:
            self._lookup_only = on
            self.refresh()

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
