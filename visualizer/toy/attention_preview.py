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
from visualizer.toy.attention_row import AttentionRow
from visualizer.toy.attention_row import X as X_INDEX
from visualizer.ui.layout_boundary import LayoutBoundary
from visualizer.ui.lazy import RefreshWhenShown
from visualizer.ui.matrix_row import numbers_width
from visualizer.ui.matrix_scroll import scrolling
from visualizer.ui.numbers_hint import NumbersHintLabel
from visualizer.ui.palette import scaled_font, size_indicator, toy_limit
from visualizer.ui.protocol import ListeningView
from visualizer.ui.values import ControlValue

MOVED = QColor("#0072B2")
CHANGED = QColor("#D55E00")


def change_outlines(changes: list[RowVerdict]) -> dict[int, tuple[QColor, bool]]:
    """Outlines of the rows a change touched, by row: (colour, dashed); moved rows dashed blue,
    changed rows solid orange, the rest none."""
    styles = {"moved": (MOVED, True), "changed": (CHANGED, False)}
    return {row: styles[kind] for row, (kind, _) in enumerate(changes) if kind in styles}
SIDE_PICTURE = 170
"""Presenting, the width of the side matrix (q/k or the bias) as a picture, in unscaled pixels."""


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

    Presenting, X is shown only with its numbers, when a lesson step asks for them (a strip of
    its colours beside the scores was decoration), and the side matrix is a picture unless a step
    asks for its numbers (:class:`AttentionOptions`).
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
        self.graphics = AttentionRow(appearance)
        self.scores, self.x_matrix, self.side = self.graphics.heatmaps
        self.colour_bar = self.graphics.colour_bar
        self.graphics.hovered.connect(self._on_cell_hovered)
        self.graphics.printing_changed.connect(self._show_numbers_hint)
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
        self.numbers_hint = NumbersHintLabel()  # where the numbers are that a matrix has no room for
        controls = QHBoxLayout()
        for widget in (self.heads_caption, self.heads, self.head_caption, self.head, self.slope_label):
            controls.addWidget(widget)
        controls.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.note)
        layout.addWidget(scrolling(self.graphics), 1)
        layout.addWidget(self.numbers_hint)
        # Its words change on every drag: its box passes a re-layout on only when its height does.
        layout.addWidget(LayoutBoundary(self.changes_label))
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
        self.graphics.set_levels(toy_limit(model))  # one colour scale through the lesson (ui.palette.ToyScale)
        # Short, on stage and in the window: a title on two lines took a row's height from the scores
        # (the note says which are the queries and which the keys).
        self.scores.set_title(self.tr("scores q·k / √d − m·(i − j)") if scheme == "alibi"
                              else self.tr("scores q·k / √d"))
        self.scores.set_matrix(scores, labels, key_labels)
        self.scores.fit_labels()
        self.x_matrix.set_title(self.tr("X"))
        X = np.asarray(model.X())
        self.x_matrix.set_matrix(X, None, dims)
        self.x_matrix.fit_labels()
        self.x_matrix.set_row_outlines(self._change_outlines())
        presenting = self._appearance.presenting
        # Presenting, X beside the scores only with its numbers (a strip of its colours said nothing),
        # and only where the scores keep their room (AttentionRow.fit_columns).
        self.graphics.show_matrices([True, self.prints_x(), side is not None])
        if side is not None:
            self.side.set_title(side_title)
            # Presenting, a picture unless a step asks: its numbers need room beside the scores.
            self.side.set_matrix(side, None, side_labels, show_values=self.prints_side())
            self.side.fit_labels()
        if presenting:  # X and the side matrix as wide as their numbers (or a picture); the scores the rest
            px = self._appearance.px
            side_width = 0 if side is None else \
                numbers_width(side, self._appearance) if self.prints_side() else px(SIDE_PICTURE)
            self.graphics.set_stage(numbers_width(scores, self._appearance),
                                    numbers_width(X, self._appearance, outlined=True) if self.prints_x() else 0,
                                    side_width)
        else:
            self.graphics.set_window_needs([scores, X, side])
        self.graphics.fit_columns()
        self._set_alibi_controls_visible(scheme == "alibi")
        self.slope_label.setText(self.tr("slope m = {0}").format(
            self._appearance.numbers.short(model.alibi_slope(), 4)))
        self.note.setText(self._note_text())
        self.changes_label.setText(self._changes_text())
        # No room kept for a change not made yet: at 1024 × 700 those 24 px were a fifth of the scores.
        self.changes_label.setVisible(bool(self.changes_label.text()))
        self._show_numbers_hint()
        self.graphics.highlight_row(self._highlight.position)

    def _show_numbers_hint(self) -> None:
        """One line where a matrix has no room for its numbers (as last painted), none otherwise."""
        self.numbers_hint.show_hint(self.graphics.numbers_hint(), self._appearance.presenting)

    def _change_outlines(self) -> dict[int, tuple[QColor, bool]]:
        """Rows of X to outline after the last change: moved (dashed blue), changed (orange)."""
        return change_outlines(self._changes)

    def _note_text(self) -> str:
        text = self._scheme_note()
        if not self._appearance.presenting:
            text = self.tr("Scores: rows are queries, columns keys.") + " " + text
        return text

    def _scheme_note(self) -> str:
        scheme = self._model.scheme
        blank = " " + self.tr("Blank cells are masked (−∞).") if self._model.attention.causal else ""
        # What a swap does to X and to attention is the answer to a question of the lesson (step 6):
        # the view says what it shows, never what a swap would do.
        if scheme == "none" and self._model.attention.causal:
            return self.tr("No positions: X is E[ids]. The causal mask is on: a token sees only itself and "
                           "earlier ones.") + blank
        if scheme == "none":
            return self.tr("No positions and no mask: X is E[ids], and each score compares two of its rows "
                           "(q = k = x).")
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
        outlined = self.graphics.shows(X_INDEX)  # the outlines' colours are named only where X shows them
        if moved:
            parts.append((self.tr("rows that only moved (dashed blue): {0}") if outlined
                          else self.tr("rows that only moved: {0}")).format("; ".join(moved)))
        if changed:
            parts.append((self.tr("rows whose values changed (orange): {0}") if outlined
                          else self.tr("rows whose values changed: {0}")).format(", ".join(changed)))
        return self.tr("Last change in X — ") + " · ".join(parts)  # one colon: the part's

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
        for widget in (self.note, self.changes_label, self.numbers_hint, self.causal, self.heads_caption,
                       self.head_caption, self.slope_label):
            widget.setFont(scaled_font(self._appearance, 11))
        size_indicator(self.causal, self._appearance.presenting)
        # Presenting, the scores take most of the width, so that their numbers fit at 22 px.
        self.side.title_points = 10 if self._appearance.presenting else 13  # 20 px on the stage: still read
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
