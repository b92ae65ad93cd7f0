"""Where position enters attention: the score matrix of one head, live, beside what feeds it."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QCheckBox, QHBoxLayout, QLabel, QSpinBox, QVBoxLayout, QWidget

from visualizer.appearance import Appearance
from visualizer.core import RowVerdict, classify_rows, display_token
from visualizer.lesson.cue import Cue, read_options
from visualizer.model import MAX_ALIBI_HEADS, EmbeddingModel
from visualizer.selection import Highlight
from visualizer.ui.back_row import fit_column_names
from visualizer.ui.lazy import RefreshWhenShown
from visualizer.ui.matrix_row import MatrixRow, numbers_width
from visualizer.ui.palette import scaled_font, size_indicator, symmetric_limit
from visualizer.ui.protocol import ListeningView
from visualizer.ui.values import ControlValue

MOVED = QColor("#0072B2")
CHANGED = QColor("#D55E00")


def change_outlines(changes: list[RowVerdict]) -> dict[int, tuple[QColor, bool]]:
    """Outlines of the rows a change touched, by row: (colour, dashed); moved rows dashed blue,
    changed rows solid orange, the rest none."""
    styles = {"moved": (MOVED, True), "changed": (CHANGED, False)}
    return {row: styles[kind] for row, (kind, _) in enumerate(changes) if kind in styles}
NARROW_PRESENTING = (50, 170)
"""Widest X and side matrix (q/k or the bias) while presenting, in unscaled pixels: pictures beside the scores."""
SIDE_STRETCH = 2
"""In the window, the side matrix's share of the width (the scores 3, X 2), when there is one."""


@dataclass(frozen=True)
class AttentionOptions:
    """What a lesson step may ask of the attention preview: the ``view_options`` of a step whose view
    is ``attention``."""

    x_numbers: bool = False
    """Presenting, X beside the scores prints its numbers (a revealed swap is about X)."""
    side_numbers: bool = False
    """Presenting, the matrix beside X prints its numbers: ALiBi's bias −m·(i − j), RoPE's rotated q = k."""


class AttentionPreview(RefreshWhenShown, ListeningView, QWidget):
    """Scores of one head with q = k = x, for the current sequence and scheme.

    Beside the scores: X itself (none, learned, sinusoidal), the rotated q/k (RoPE) or the
    ALiBi bias of the chosen head. After each change a line says which rows of X merely moved
    and which changed, which is the whole difference between the schemes.

    Presenting, X and the side matrix are small pictures beside the scores unless a lesson step
    asks for their numbers (:class:`AttentionOptions`).
    """

    OPTIONS = AttentionOptions

    def __init__(self, model: EmbeddingModel, appearance: Appearance, highlight: Highlight,
                 parent: QWidget | None = None):
        super().__init__(parent)
        self._model = model
        self._appearance = appearance
        self._highlight = highlight
        self._last_ids, self._last_X = model.ids, np.array(model.X())
        self._changes: list[RowVerdict] = []
        self._options = AttentionOptions()
        # The scores; X itself, rows outlined after a change; RoPE's q/k or ALiBi's bias.
        self.graphics = MatrixRow(appearance, 3, hover_names=("scores", "X", ""), stretch=(3, 2, SIDE_STRETCH))
        self.scores, self.x_matrix, self.side = self.graphics.heatmaps
        self.colour_bar = self.graphics.colour_bar
        # Qt's own maximum width of the X and side columns, and theirs while presenting (unscaled px).
        self._column_limits = [(self.graphics.ci.layout.columnMaximumWidth(column), narrow)
                               for column, narrow in zip(self.graphics.matrix_columns[1:], NARROW_PRESENTING,
                                                         strict=True)]
        self.graphics.hovered.connect(self._on_cell_hovered)
        self.causal = QCheckBox()
        self.heads, self.head = QSpinBox(), QSpinBox()
        self.heads.setRange(1, MAX_ALIBI_HEADS)
        # Each control is a value kept equal to the model, and a signal of the person's changes.
        self.causal_value = ControlValue.check(self.causal)
        self.heads_value, self.head_value = ControlValue.number(self.heads), ControlValue.number(self.head)
        self._show_settings()
        self.causal_value.changed.connect(self._on_causal_changed)
        self.heads_value.changed.connect(self._on_heads_changed)
        self.head_value.changed.connect(self._on_heads_changed)
        self.heads_caption, self.head_caption, self.slope_label = QLabel(), QLabel(), QLabel()
        self.note = QLabel()
        self.note.setWordWrap(True)
        self.changes_label = QLabel()
        self.changes_label.setWordWrap(True)
        controls = QHBoxLayout()
        for widget in (self.heads_caption, self.heads, self.head_caption, self.head, self.slope_label):
            controls.addWidget(widget)
        controls.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.note)
        layout.addWidget(self.graphics, 1)
        layout.addWidget(self.changes_label)
        layout.addWidget(self.causal)
        layout.addLayout(controls)
        self.listen(model.events.x_changed, self._on_x_changed)
        # Scores depend on X and on the attention settings: redraw after any change.
        self.listen(model.events.changed, self.request_refresh)
        # The controls follow the model at once, hidden or not (undo, a lesson step, a session).
        self.listen(model.events.attention_changed, self._show_settings)
        self.listen(highlight.changed, self.graphics.highlight_row)
        self.listen(appearance.events.scale, self._on_scale_changed)
        self.listen(appearance.events.look, self._on_look_changed)
        self.listen(appearance.events.language, self.retranslate)
        self._on_scale_changed()
        self.retranslate()

    def take_cue(self, cue: Cue) -> None:
        """A lesson step's preview: X's numbers (a revealed swap), the bias's or q/k's numbers (ALiBi, RoPE)."""
        if cue.begins:
            self._forget_changes()
        options = read_options(AttentionOptions, cue.options)
        if options != self._options:
            self._options = options
            self._on_scale_changed()

    def prints_x(self) -> bool:
        """True when X beside the scores prints its numbers (always in the window; presenting if cued)."""
        return not self._appearance.presenting or self._options.x_numbers

    def prints_side(self) -> bool:
        """True when the matrix beside X prints its numbers (always in the window; presenting if cued)."""
        return not self._appearance.presenting or self._options.side_numbers

    def change_verdicts(self) -> list[RowVerdict]:
        """What the last change did to each row of X (see :func:`classify_rows`)."""
        return self._changes

    # ---- drawing --------------------------------------------------------------------------------

    def refresh(self) -> None:
        """Redraw from the model."""
        model = self._model
        scheme, n = model.scheme, model.n
        labels = [f"{p + 1} {display_token(model.tokens[i])}" for p, i in enumerate(model.ids)]
        key_labels = [str(p + 1) for p in range(n)]
        scores = np.where(np.isneginf(model.scores()), np.nan, model.scores())
        dims = [f"d{c}" for c in range(model.d)]
        side: np.ndarray | None = None
        if scheme == "rope":
            side, side_labels, side_title = model.rotated(), dims, self.tr("q = k = R(t−1) xₜ")
        elif scheme == "alibi":
            bias = model.alibi_bias_matrix()
            side, side_labels, side_title = np.where(np.isneginf(bias), np.nan, bias), key_labels, \
                self.tr("bias −m·(i − j)") if self._appearance.presenting else self.tr("ALiBi bias −m·(i − j)")
        self.graphics.set_levels(symmetric_limit(scores, model.X(), side))
        if self._appearance.presenting:  # short: a long title would push the other matrices off the stage
            self.scores.set_title(self.tr("scores q·k / √d − m·(i − j)") if scheme == "alibi"
                                  else self.tr("scores q·k / √d"))
        elif scheme == "alibi":  # the bias is part of the score: say so in the title
            self.scores.set_title(self.tr("scores q·k / √d − m·(i − j) (rows: queries, columns: keys)"))
        else:
            self.scores.set_title(self.tr("scores q·k / √d (rows: queries, columns: keys)"))
        self.scores.set_matrix(scores, labels, key_labels)
        fit_column_names(self.scores, self._appearance)
        self.x_matrix.set_title(self.tr("X"))
        if self.prints_x():
            self.x_matrix.set_matrix(model.X(), None, dims)
            fit_column_names(self.x_matrix, self._appearance)
        else:
            # On a projector the scores are the stage: X stays a small picture, without numbers
            # or column names (too small to read from the back row), for the outlined rows.
            self.x_matrix.set_matrix(model.X(), None, [""] * model.d, show_values=False)
        self.x_matrix.set_row_outlines(self._change_outlines())
        self.side.plot.setVisible(side is not None)
        layout = self.graphics.ci.layout
        if self._appearance.presenting:  # X and the side matrix: as wide as their numbers, or pictures
            x_column, side_column = self.graphics.matrix_columns[1:]
            x_width = numbers_width(np.asarray(model.X()), self._appearance) if self._options.x_numbers \
                else self._appearance.px(self._column_limits[0][1])
            # Numbers a little roomier than they need, when the scores leave the room.
            layout.setColumnMaximumWidth(x_column, x_width * 4 // 3 if self._options.x_numbers else x_width)
            layout.setColumnMinimumWidth(x_column, x_width if self._options.x_numbers else 0)
            narrow = 0
            if side is not None:
                narrow = numbers_width(side, self._appearance) if self._options.side_numbers \
                    else self._appearance.px(self._column_limits[1][1])
            layout.setColumnMaximumWidth(side_column, narrow)
            layout.setColumnMinimumWidth(side_column, narrow if self._options.side_numbers else 0)
        else:  # a hidden side matrix takes no share of the width (it left a blank beside X)
            layout.setColumnMaximumWidth(self.graphics.matrix_columns[2],
                                         self._column_limits[1][0] if side is not None else 0)
        layout.setColumnStretchFactor(self.graphics.matrix_columns[2], SIDE_STRETCH if side is not None else 0)
        if side is not None:
            self.side.set_title(side_title)
            # Presenting, a picture unless a step asks: its numbers need room beside the scores.
            self.side.set_matrix(side, None, side_labels, show_values=self.prints_side())
            fit_column_names(self.side, self._appearance)
        self._set_alibi_controls_visible(scheme == "alibi")
        self.slope_label.setText(self.tr("slope m = {0}").format(
            self._appearance.numbers.short(model.alibi_slope(), 4)))
        self.note.setText(self._note_text())
        self.changes_label.setText(self._changes_text())
        # No room kept for a change not made yet: at 1024 × 700 those 24 px were a fifth of the scores.
        self.changes_label.setVisible(bool(self.changes_label.text()))
        self.graphics.highlight_row(self._highlight.position)

    def _change_outlines(self) -> dict[int, tuple[QColor, bool]]:
        """Rows of X to outline after the last change: moved (dashed blue), changed (orange)."""
        return change_outlines(self._changes)

    def _note_text(self) -> str:
        scheme = self._model.scheme
        blank = " " + self.tr("Blank cells are masked (−∞).") if self._model.attention.causal else ""
        if scheme == "none" and self._model.attention.causal:
            # The lesson's "attention cannot tell the orders apart" holds without the mask only.
            return self.tr("No positions, but the causal mask is on: a token sees only itself and earlier "
                           "ones, so swapping two tokens changes which scores are hidden. The mask alone "
                           "carries the order; untick it to see attention without it.") + blank
        if scheme == "none":
            return self.tr("No positions and no mask: drag a chip and the rows and columns of the scores "
                           "just permute; attention alone cannot tell the orders apart.")
        if scheme == "rope":
            return self.tr("RoPE: X is unchanged; q and k are rotated by (t − 1)·θ_i, so a score "
                           "depends on the two tokens and their distance only.") + blank
        if scheme == "alibi":
            return self.tr("ALiBi: X is unchanged; each score loses slope × distance, so far keys "
                           "count less. Each head has its own slope.") + blank
        return self.tr("Positions were added to X, so the scores already carry them.") + blank

    def _changes_text(self) -> str:
        if not self._changes:
            return ""
        tokens, ids = self._model.tokens, self._model.ids
        moved = [self.tr("{0} {1} moved from {2}").format(p + 1, display_token(tokens[ids[p]]), q + 1)
                 for p, (kind, q) in enumerate(self._changes) if kind == "moved" and q is not None]
        changed = [f"{p + 1} {display_token(tokens[ids[p]])}"
                   for p, (kind, _) in enumerate(self._changes) if kind == "changed"]
        if not moved and not changed:
            return self.tr("Last change: no row of X changed.")
        parts = []
        if moved:
            parts.append(self.tr("rows that only moved (dashed blue): {0}").format("; ".join(moved)))
        if changed:
            parts.append(self.tr("rows whose values changed (orange): {0}").format(", ".join(changed)))
        return self.tr("Last change in X: ") + " · ".join(parts)

    def _set_alibi_controls_visible(self, visible: bool) -> None:
        for widget in (self.heads_caption, self.heads, self.head_caption, self.head, self.slope_label):
            widget.setVisible(visible)

    # ---- signals --------------------------------------------------------------------------------

    def _on_x_changed(self) -> None:
        X = np.array(self._model.X())
        self._changes = classify_rows(self._last_ids, self._last_X, self._model.ids, X)
        self._last_ids, self._last_X = self._model.ids, X

    def _forget_changes(self) -> None:
        """X as it is now is where changes count from: a lesson step begins. Its cue changed X
        (the sentence put back, the step's scheme), and before the class predicted, the line
        described that change and X's rows were outlined as if someone had made it."""
        if self._changes:
            self._changes = []
            self.request_refresh()
        self._last_ids, self._last_X = self._model.ids, np.array(self._model.X())

    def _show_settings(self) -> None:
        """The mask box and the ALiBi spin boxes as the model has them."""
        settings = self._model.attention
        self.causal_value.value = settings.causal
        self.heads_value.value = settings.alibi_heads
        with self.head_value.quietly():
            self.head.setMaximum(settings.alibi_heads)
        self.head_value.value = settings.alibi_head

    def _on_causal_changed(self, on: bool) -> None:
        self._model.set_causal(on)

    def _on_heads_changed(self, _value: int) -> None:
        heads = self.heads_value.value
        with self.head_value.quietly():  # a smaller H takes the head shown down with it
            self.head.setMaximum(heads)
        self._model.set_alibi_heads(heads, self.head_value.value)

    def _on_cell_hovered(self, row: int, _column: int) -> None:
        self._highlight.set_position(row)

    def _on_scale_changed(self) -> None:
        for widget in (self.note, self.changes_label, self.causal, self.heads_caption, self.head_caption,
                       self.slope_label):
            widget.setFont(scaled_font(self._appearance, 11))
        size_indicator(self.causal, self._appearance.presenting)
        # Presenting, the scores take most of the width, so that their numbers fit at 22 px:
        # X and the side matrix (RoPE's q/k, ALiBi's bias) are small pictures beside them.
        layout = self.graphics.ci.layout
        self.side.title_points = 10 if self._appearance.presenting else 13  # 20 px on the stage: still read
        for column, (default, narrow) in zip(self.graphics.matrix_columns[1:], self._column_limits, strict=True):
            layout.setColumnMaximumWidth(column, self._appearance.px(narrow) if self._appearance.presenting
                                         else default)
            if not self._appearance.presenting:
                layout.setColumnMinimumWidth(column, 0)
        self.graphics.restyle()
        self.request_refresh()

    def _on_look_changed(self) -> None:
        self.graphics.restyle()
        self.request_refresh()

    def retranslate(self) -> None:
        """Re-read every visible string."""
        self.causal.setText(self.tr("causal mask (a token sees only itself and earlier ones)"))
        self.heads_caption.setText(self.tr("ALiBi heads H:"))
        self.head_caption.setText(self.tr("head shown:"))
        self.request_refresh()

    # ---- lifetime -------------------------------------------------------------------------------

    def detach(self) -> None:
        """Stop listening to the model; free the colour bar's menus."""
        self.graphics.dispose_menus()
        super().detach()
