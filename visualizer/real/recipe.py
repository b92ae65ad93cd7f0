"""Where position enters this model: its embedding recipe, step by step, drawn from its config."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QLabel, QScrollArea, QVBoxLayout, QWidget

from visualizer.appearance import Appearance
from visualizer.real.state import RealModel
from visualizer.ui.palette import scaled_font
from visualizer.ui.protocol import ListeningView

if TYPE_CHECKING:
    from visualizer.real.checkpoint import Checkpoint
    from visualizer.real.rope_config import RopeSettings

SHOWN_SLOPES = 4
"""ALiBi slopes written out (the rest are on the Positions view)."""


class RealPositionRecipe(ListeningView, QWidget):
    """The lesson's five schemes located in a real architecture: what X is made of, then what
    attention does with position (RoPE on which dimensions, with which θ and pairing; ALiBi's
    slopes; or nothing)."""

    def __init__(self, model: RealModel, appearance: Appearance, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._model = model
        self._appearance = appearance
        self.recipe = QLabel()
        self.recipe.setWordWrap(True)
        self.recipe.setTextFormat(Qt.TextFormat.RichText)
        self.recipe.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.recipe.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.keys = QLabel()
        self.keys.setWordWrap(True)
        self.keys.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        body = QWidget()
        column = QVBoxLayout(body)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.recipe)
        column.addWidget(self.keys)
        column.addStretch(1)
        # On a small projector the steps may outgrow the panel: they scroll rather than being cut.
        self.scroller = QScrollArea()
        self.scroller.setWidget(body)
        self.scroller.setWidgetResizable(True)
        self.scroller.setFrameShape(QFrame.Shape.NoFrame)
        self.scroller.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.scroller)
        self.steps: list[str] = []
        self.listen(model.checkpoint_changed, self.retranslate)
        self.listen(appearance.events.language, self.retranslate)
        self.listen(appearance.events.scale, self._restyle)
        self._restyle()
        self.retranslate()

    def refresh(self) -> None:
        """Rewrite the recipe (it depends only on the checkpoint and the language)."""
        self.retranslate()

    def retranslate(self) -> None:
        """The steps in the current language."""
        checkpoint = self._model.checkpoint
        if checkpoint is None:
            self.steps = []
            self.recipe.setText("")
            self.keys.setText("")
            return
        self.steps = self._steps(checkpoint)
        items = "".join(f"<li>{step}</li>" for step in self.steps)
        self.recipe.setText(f"<ol style='margin-left: 0px; -qt-list-indent: 1'>{items}</ol>")
        keys = ", ".join(f"{key} = {value}" for key, value in checkpoint.keys.items())
        self.keys.setText(self.tr("Config keys used: {0}.").format(keys))

    def _steps(self, checkpoint: Checkpoint) -> list[str]:
        numbers = self._appearance.numbers
        n = self._model.n
        steps = [self.tr("<b>E[ids]</b>: each token takes its row of E ({0} × {1}).").format(
            numbers.integer(checkpoint.vocab_size), checkpoint.d)]
        if checkpoint.project_in is not None:
            steps.append(self.tr("<b>× W_inᵀ</b>: project_in widens each row from {0} to {1}.").format(
                checkpoint.d, checkpoint.width()))
        if checkpoint.P is not None:
            first = checkpoint.first_position_row
            T = checkpoint.P.shape[0]
            if first == 0:
                where = self.tr("counted from 0")
            elif checkpoint.spec.position_offset == "opt":
                where = self.tr("offset by 2, as OPT numbers them")
            else:
                where = self.tr("counted from pad_token_id + 1 = {0}; padding tokens take row {1}").format(
                    first, checkpoint.pad_id)
            steps.append(self.tr("<b>+ P</b>: learned absolute positions, rows {0}–{1} of its {2} ({3}). "
                                 "The lesson's <i>learned</i> scheme: no row past {4} tokens.").format(
                first, first + max(n, 1) - 1, numbers.integer(T), where, numbers.integer(T - first)))
        if checkpoint.token_type_row is not None:
            steps.append(self.tr("<b>+ token type 0</b>: one segment, the same row for every token."))
        if checkpoint.norm is not None:
            steps.append(self.tr("<b>LayerNorm</b> over each row, ε = {0}.").format(numbers.full(checkpoint.norm[2])))
        if checkpoint.project_after is not None:
            steps.append(self.tr("<b>× W_projᵀ + b</b>: embeddings_project widens each row from {0} to {1}.").format(
                checkpoint.d, checkpoint.width("X_model")))
        if checkpoint.embed_scale is not None:
            steps.append(self.tr("<b>× √{0}</b> = {1}, rounded to the table's {2} as the model does.").format(
                checkpoint.hidden or checkpoint.d, numbers.full(checkpoint.embed_scale), checkpoint.E.dtype))
        steps.append(self.tr("The rows now enter the first block: that is X_model."))
        if checkpoint.rope is not None:
            if checkpoint.rope_by_layer_type:
                for layer_type, settings in checkpoint.rope_by_layer_type.items():
                    count = sum(1 for kind in checkpoint.layer_types if kind == layer_type)
                    steps.append(self.tr("In the {0} layers ({1} of them): {2}").format(
                        self._layer_type_name(layer_type), count, self._rope_step(settings)))
            else:
                steps.append(self.tr("In every attention layer: {0}").format(self._rope_step(checkpoint.rope)))
            steps.append(self.tr("The lesson's <i>RoPE</i> scheme: nothing is added to X."))
        elif checkpoint.alibi is not None:
            slopes = ", ".join(numbers.full(round(float(s), 4)) for s in checkpoint.alibi.slopes[:SHOWN_SLOPES])
            more = "…" if checkpoint.alibi.heads > SHOWN_SLOPES else ""
            steps.append(self.tr("In attention: <b>ALiBi</b>, each of the {0} heads adds −m·(distance) to its "
                                 "scores, slopes m = {1}{2}. The lesson's <i>ALiBi</i> scheme: nothing is "
                                 "added to X.").format(checkpoint.alibi.heads, slopes, more))
        elif checkpoint.P is None:
            steps.append(self.tr("In attention: <b>no position at all</b>; order reaches the model only through "
                                 "the causal mask. The lesson's <i>none</i> scheme."))
        return steps

    def _rope_step(self, rope: RopeSettings) -> str:
        numbers = self._appearance.numbers
        start, stop = rope.rotated_from, rope.rotated_from + rope.rotary_dim
        if rope.pairing == "halves":
            pairing = self.tr("pairs (j, j + {0}), the halves of the rotated part").format(rope.rotary_dim // 2)
        else:
            pairing = self.tr("pairs (2i, 2i + 1), neighbours")
        scaling = self.tr("no scaling") if rope.scaling is None else self.tr("{0} scaling, factor {1}").format(
            rope.scaling, numbers.short(float(rope.parameters.get("factor") or 1.0), 4))
        base = numbers.integer(int(rope.base)) if float(rope.base).is_integer() else numbers.full(rope.base)
        return self.tr("<b>RoPE</b> turns q and k on dimensions {0}–{1} of each head of {2}, {3}; "
                       "θ_i = {4}^(−2i/{5}), {6}; attention factor {7}.").format(
            start, stop - 1, rope.query_width, pairing, base, rope.rotary_dim, scaling,
            numbers.short(rope.attention_factor, 4))

    def _layer_type_name(self, layer_type: str) -> str:
        return {"full_attention": self.tr("global (full attention)"),
                "sliding_attention": self.tr("local (sliding window)")}.get(layer_type, layer_type)

    def _restyle(self) -> None:
        self.recipe.setFont(scaled_font(self._appearance, 12))
        self.keys.setFont(scaled_font(self._appearance, 9))

    def detach(self) -> None:
        """Stop listening (idempotent)."""
        self.stop_listening()
