"""E[ids] + P = X as three aligned heatmaps, live, with a "build X step by step" player."""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QEvent, QObject, QPointF, QTimer
from PySide6.QtGui import QHideEvent
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from ..appearance import Appearance
from ..core import display_token
from ..model import EmbeddingModel
from .heatmap import add_heatmap, dispose_plot_menus, fit_equal_matrices, hover
from .lazy import RefreshWhenShown
from .lifetime import DetachOnClose
from .palette import colormap, scaled_font, set_colour_bar_levels, symmetric_limit

BUILD_STEP_MS = 700


class XPanel(RefreshWhenShown, DetachOnClose, QWidget):
    """The lesson's central picture: the lookup E[ids], what the scheme adds, and their sum X.

    Reads the shared model on every ``x_changed``; hovering a row highlights that position in
    every view. While "build step by step" plays, rows appear one at a time: first the lookup,
    then the positions, then the sum.
    """

    def __init__(self, model: EmbeddingModel, appearance: Appearance, parent: QWidget | None = None):
        super().__init__(parent)
        self._model = model
        self._appearance = appearance
        # How much of the build is visible: None = everything; k = first k stages.
        self._build_stage: int | None = None
        self._column_widths: tuple[int, ...] = ()
        self._build_timer = QTimer(self)
        self._build_timer.setInterval(BUILD_STEP_MS)
        self._build_timer.timeout.connect(self._advance_build)

        self.graphics = pg.GraphicsLayoutWidget()
        self.graphics.setBackground(appearance.background)
        self.graphics.ci.setSpacing(4)
        self.lookup = add_heatmap(self.graphics, 0, 0, appearance)
        self._plus = self.graphics.addLabel("+", row=0, col=1)
        self.added = add_heatmap(self.graphics, 0, 2, appearance)
        self._equals = self.graphics.addLabel("=", row=0, col=3)
        self.result = add_heatmap(self.graphics, 0, 4, appearance)
        self.colour_bar = pg.ColorBarItem(colorMap=colormap(), interactive=False, width=14)
        self.colour_bar.setImageItem([self.lookup.image, self.added.image, self.result.image])
        self.graphics.addItem(self.colour_bar, row=0, col=5)

        self.graphics.installEventFilter(self)
        self.graphics.scene().sigMouseMoved.connect(self._on_mouse_moved)

        self.build_button = QPushButton()
        self.build_button.setCheckable(True)
        self.build_button.toggled.connect(self._on_build_toggled)
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

        model.x_changed.connect(self._on_x_changed)
        model.highlight_changed.connect(self._on_highlight_changed)
        appearance.changed.connect(self._on_appearance_changed)
        self._on_appearance_changed()

    # ---- model signals ------------------------------------------------------------------------

    def _on_x_changed(self) -> None:
        self._stop_build()
        self.request_refresh()

    def _on_highlight_changed(self, position: object) -> None:
        row = position if isinstance(position, int) else None
        for heatmap in (self.lookup, self.added, self.result):
            heatmap.set_highlight_row(row)

    def _on_appearance_changed(self) -> None:
        self.graphics.setBackground(self._appearance.background)
        label_font = f"{self._appearance.pt(26):.0f}pt"
        self._plus.setText("+", size=label_font, bold=True, color=self._appearance.foreground)
        self._equals.setText("=", size=label_font, bold=True, color=self._appearance.foreground)
        self.formula.setFont(scaled_font(self._appearance, 13, bold=True))
        self.step_caption.setFont(scaled_font(self._appearance, 11))
        self.build_button.setFont(scaled_font(self._appearance, 11))
        for heatmap in (self.lookup, self.added, self.result):
            heatmap.restyle()
        self.retranslate()

    def retranslate(self) -> None:
        """Re-read every visible string (language switch)."""
        self.build_button.setText(self.tr("Stop building") if self.build_button.isChecked()
                                  else self.tr("Build X step by step"))
        self.request_refresh()

    def _fit_columns(self) -> None:
        """Give the three matrices the same width, whatever the row labels take on the left."""
        px = self._appearance.px
        self._column_widths = fit_equal_matrices(
            self.graphics.ci.layout, [self.lookup, self.added, self.result], [0, 2, 4],
            {1: px(36), 3: px(36), 5: px(70)}, self.graphics.width() - px(24),
            self._column_widths)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        # The graphics view learns its new width after this widget's resizeEvent: fit then.
        if watched is self.graphics and event.type() == QEvent.Type.Resize:
            self._fit_columns()
        return False

    # ---- drawing ------------------------------------------------------------------------------

    def refresh(self) -> None:
        """Redraw the three matrices from the model (respecting the build stage)."""
        model = self._model
        n = model.n
        E_rows, P_rows, X = model.E_rows(), model.P_rows(), model.X()
        row_labels = [f"{p + 1}  {display_token(model.tokens[i])}" for p, i in enumerate(model.ids)]
        column_labels = [f"d{c}" for c in range(model.d)]
        limit = symmetric_limit(model.E, P_rows, X)
        for heatmap in (self.lookup, self.added, self.result):
            heatmap.set_levels(limit)
        set_colour_bar_levels(self.colour_bar, limit, self._appearance.numbers)

        shown_lookup, shown_added, shown_x = self._visible_parts(E_rows, P_rows, X)
        beyond = model.beyond_trained_length()
        self.lookup.set_title(self.tr("E[ids]"))
        self.lookup.set_matrix(shown_lookup, row_labels, column_labels)
        if P_rows is None:
            self.added.set_title(self.tr("nothing"))
            self.added.set_matrix(np.full((n, model.d), np.nan), None, column_labels)
            self.added.set_caption(self._nothing_added_caption())
        else:
            title = self.tr("P") if model.scheme == "learned" else self.tr("PE")
            self.added.set_title(title)
            self.added.set_matrix(shown_added, None, column_labels)
            self.added.set_caption(self.tr("beyond the\ntrained length") if beyond else "")
        self.result.set_title(self.tr("X"))
        self.result.set_matrix(shown_x, None, column_labels)
        self.added.set_marked_rows(beyond)
        self.result.set_marked_rows(beyond)
        self._on_highlight_changed(model.highlight)
        self.formula.setText(self._formula_text())
        self._fit_columns()
        if self._build_stage is None:
            self.step_caption.setText(self._summary_text())

    def _visible_parts(self, E_rows: np.ndarray, P_rows: np.ndarray | None,
                       X: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Blank (NaN) the cells the build animation has not reached yet."""
        n, d = E_rows.shape
        added = P_rows if P_rows is not None else np.zeros((n, d))
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
        if beyond:
            text += " " + self.tr(
                "Positions {0} have no row of P: the learned table stops at {1}.").format(
                ", ".join(str(p + 1) for p in beyond), self._model.trained_length)
        return text

    # ---- build step by step -------------------------------------------------------------------

    def _on_build_toggled(self, playing: bool) -> None:
        if playing:
            self._build_stage = 0
            self._build_timer.start()
            self.refresh()
            self._describe_stage()
        else:
            self._stop_build()
        self.build_button.setText(self.tr("Stop building") if playing else self.tr("Build X step by step"))

    def _advance_build(self) -> None:
        assert self._build_stage is not None
        self._build_stage += 1
        if self._build_stage > self._model.n + 2:
            self._stop_build()
            return
        self.refresh()
        self._describe_stage()
        highlight = self._build_stage - 1
        self._model.set_highlight(highlight if 0 <= highlight < self._model.n else None)

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
        self._stop_build()

    def build_stage(self) -> int | None:
        """How far the build animation is (None when not building)."""
        return self._build_stage

    def _stop_build(self) -> None:
        was_building = self._build_stage is not None
        self._build_timer.stop()
        self._build_stage = None
        if self.build_button.isChecked():
            self.build_button.blockSignals(True)
            self.build_button.setChecked(False)
            self.build_button.blockSignals(False)
            self.build_button.setText(self.tr("Build X step by step"))
        if was_building:
            self.refresh()

    # ---- hover ---------------------------------------------------------------------------------

    def _on_mouse_moved(self, scene_pos: QPointF) -> None:
        # Hover: highlight the position everywhere and show the cell's value at full precision.
        row = hover(((self.lookup, "E[ids]"), (self.added, "P"), (self.result, "X")), scene_pos)
        if row is not None:
            self._model.set_highlight(row)

    # ---- lifetime -------------------------------------------------------------------------------

    def hideEvent(self, event: QHideEvent) -> None:
        self._stop_build()
        super().hideEvent(event)

    def detach(self) -> None:
        """Stop timers and listening to the model."""
        dispose_plot_menus(self.graphics)
        self._build_timer.stop()
        self._model.x_changed.disconnect(self._on_x_changed)
        self._model.highlight_changed.disconnect(self._on_highlight_changed)
        self._appearance.changed.disconnect(self._on_appearance_changed)
