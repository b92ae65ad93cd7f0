"""Where the real model puts position: its learned table P, or its RoPE frequencies on a grid of clocks."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QRectF, QTimer
from PySide6.QtGui import QFont, QShowEvent
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QSizePolicy, QSpinBox, QVBoxLayout, QWidget

from visualizer.appearance import Appearance
from visualizer.core import alibi_bias, principal_components, singular_values
from visualizer.real.state import RealModel

if TYPE_CHECKING:
    from visualizer.real.rope_config import RopeSettings
from visualizer.real.clock import MIN_TEXT_PX, RealClockFaces
from visualizer.ui.heatmap import dispose_plot_menus
from visualizer.ui.lazy import RefreshWhenShown
from visualizer.ui.palette import HIGHLIGHT, colormap, token_colour
from visualizer.ui.protocol import ListeningView

COMPONENTS = 3
PLOT_MIN_HEIGHT = 120
"""The plots never get less than this (unscaled px): a long caption must not squash them flat."""
_LAYER_TYPE_PENS = {"full_attention": "#0072B2", "sliding_attention": "#D55E00"}


class RealPositions(RefreshWhenShown, ListeningView, QWidget):
    """Learned: P as a heatmap, its cosine similarity beside the sinusoidal one, its first principal
    components and its singular values. RoPE: θ_i per pair (one curve per layer type when they
    differ) and a grid of clocks, one face per pair i, each token's hand turned by (t − 1)·θ_i
    (hover a face for its i and θ_i). ALiBi: the slope of every head and the bias −m·(i − j) that
    the chosen head adds to its scores, as the ALiBi view shows the toy's."""

    def __init__(self, model: RealModel, appearance: Appearance, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._model = model
        self._appearance = appearance
        self.caption = QLabel()
        self.caption.setWordWrap(True)
        self.caption.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
        self.graphics = pg.GraphicsLayoutWidget()
        self.graphics.setBackground(appearance.background)
        self.graphics.setMinimumHeight(appearance.px(PLOT_MIN_HEIGHT))
        # Which layer type's clocks (Gemma 3 turns its local and global layers differently).
        self.layer_type = QComboBox()
        self.layer_type.currentIndexChanged.connect(self.request_refresh)
        # ALiBi: which head's bias is drawn.
        self.head = QSpinBox()
        self.head.setMinimum(1)
        self.head.valueChanged.connect(self._draw_alibi_bias)
        self.head_caption = QLabel()
        # Every pair at once (a real model has 32–64+): no spin box to pick one, hover a face instead.
        self.faces = RealClockFaces(appearance)
        self.readout = QLabel()
        self.readout.setWordWrap(True)
        self.clock_column = QWidget()
        clock_layout = QVBoxLayout(self.clock_column)
        clock_layout.setContentsMargins(0, 0, 0, 0)
        clock_layout.addWidget(self.layer_type)
        clock_layout.addWidget(self.faces, 1)
        clock_layout.addWidget(self.readout)
        body = QHBoxLayout()
        body.setContentsMargins(0, 0, 0, 0)
        body.addWidget(self.graphics, 1)
        body.addWidget(self.clock_column, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        head_row = QHBoxLayout()
        head_row.addWidget(self.head_caption)
        head_row.addWidget(self.head)
        head_row.addStretch(1)
        self.head_row = QWidget()
        self.head_row.setLayout(head_row)
        layout.addWidget(self.caption)
        layout.addWidget(self.head_row)
        layout.addLayout(body, 1)
        self.P_plot: pg.PlotItem | None = None
        self.theta_plot: pg.PlotItem | None = None
        self.slopes_plot: pg.PlotItem | None = None
        self.bias_plot: pg.PlotItem | None = None
        self.bias_image: pg.ImageItem | None = None
        self.theta = np.zeros(0)
        self.theta_mark: pg.PlotDataItem | None = None
        self.faces.hovered.connect(self._show_readout)
        self._style_readout()
        self.listen(model.checkpoint_changed, self._on_checkpoint_changed)
        self.listen(model.tokens_changed, self.request_refresh)
        self.listen(appearance.events.language, self.retranslate)
        self.listen(appearance.events.scale, self._on_scale)
        # Built when first shown: the page opens on another view, and a learned table's two SVDs
        # (~0.2 s for MiniLM's 512 × 384 P) are paid only by whoever chooses Positions.
        self._unbuilt = True

    def _on_checkpoint_changed(self) -> None:
        self._clear()
        self.P_plot = self.theta_plot = None
        self._unbuilt = True
        if self.isVisible():  # after the event loop has painted X: P's decompositions must not delay it
            QTimer.singleShot(0, self, self._build_if_unbuilt)

    def showEvent(self, event: QShowEvent) -> None:
        self._build_if_unbuilt()
        super().showEvent(event)  # then a refresh, if one waits

    def _build_if_unbuilt(self) -> None:
        if self._unbuilt:
            self._build()

    def _build(self) -> None:
        self._unbuilt = False
        checkpoint = self._model.checkpoint
        self._clear()
        self.P_plot = None
        rope = checkpoint.rope if checkpoint is not None else None
        self.slopes_plot = self.bias_image = None
        self.clock_column.setVisible(rope is not None and checkpoint is not None and checkpoint.P is None)
        self.head_row.setVisible(checkpoint is not None and checkpoint.alibi is not None)
        self.layer_type.clear()
        if checkpoint is not None:
            for name in checkpoint.rope_by_layer_type:
                self.layer_type.addItem(name, name)
        self.layer_type.setVisible(self.layer_type.count() > 1)
        if checkpoint is None:
            return
        if checkpoint.P is not None:
            self._build_learned(checkpoint.P)
        elif rope is not None:
            self.theta_plot = self.graphics.addPlot(row=0, col=0)
            self.theta_plot.setLogMode(y=True)
            if checkpoint.rope_by_layer_type:
                self.theta_plot.addLegend(offset=(10, 10))
        elif checkpoint.alibi is not None:
            self._build_alibi(checkpoint.alibi.slopes)
        self.retranslate()
        self.request_refresh()

    def _build_alibi(self, slopes: np.ndarray) -> None:
        self.slopes_plot = self.graphics.addPlot(row=0, col=0)
        self.slopes_plot.addItem(pg.BarGraphItem(x=np.arange(1, slopes.size + 1), height=slopes, width=0.7,
                                                 brush="#0072B2"))
        bias_plot = self.graphics.addPlot(row=1, col=0)
        bias_plot.invertY(True)
        self.bias_plot = bias_plot
        self.bias_image = pg.ImageItem(axisOrder="row-major")
        self.bias_image.setColorMap(colormap())
        bias_plot.addItem(self.bias_image)
        self.head.setMaximum(slopes.size)
        self._draw_alibi_bias()

    def _draw_alibi_bias(self) -> None:
        """The chosen head's bias for the sentence: −m_h · (i − j) at or before the query, −∞ after."""
        checkpoint = self._model.checkpoint
        if self.bias_image is None or self.bias_plot is None or checkpoint is None or checkpoint.alibi is None:
            return
        slope = float(checkpoint.alibi.slopes[self.head.value() - 1])
        n = max(self._model.n, 1)
        bias = alibi_bias(n, slope)
        self.alibi_bias = bias
        shown = np.where(np.isfinite(bias), bias, np.nan)
        limit = max(float(np.nanmax(np.abs(shown))), 1e-6)
        self.bias_image.setImage(shown, levels=(-limit, limit), autoLevels=False)
        self.bias_image.setRect(QRectF(0, 0, n, n))
        self.bias_plot.setRange(xRange=(0, n), yRange=(0, n), padding=0)
        self.retranslate()

    def _build_learned(self, P: np.ndarray) -> None:
        # Fresh items for every model: clearing the layout deletes the old ones.
        self.P_image = pg.ImageItem(axisOrder="row-major")
        self.similarity_image = pg.ImageItem(axisOrder="row-major")
        self.sinusoidal_image = pg.ImageItem(axisOrder="row-major")
        for image in (self.P_image, self.similarity_image, self.sinusoidal_image):
            image.setColorMap(colormap())
        limit = float(np.percentile(np.abs(P), 99)) or 1.0
        self.P_plot = self.graphics.addPlot(row=0, col=0, colspan=2)
        self.P_plot.invertY(True)
        self.P_plot.addItem(self.P_image)
        self.P_image.setImage(P, levels=(-limit, limit), autoLevels=False)
        self.P_image.setRect(QRectF(0, 0, P.shape[1], P.shape[0]))
        self.P_plot.setRange(xRange=(0, P.shape[1]), yRange=(0, P.shape[0]), padding=0)
        self.similarity_plot = self.graphics.addPlot(row=1, col=0)
        self.sinusoidal_plot = self.graphics.addPlot(row=1, col=1)
        for plot, image, matrix in ((self.similarity_plot, self.similarity_image, self._model.P_similarity()),
                                    (self.sinusoidal_plot, self.sinusoidal_image, self._model.sinusoidal_similarity())):
            assert matrix is not None  # a learned table is shown: both similarities exist
            plot.invertY(True)
            plot.addItem(image)
            image.setImage(matrix, levels=(-1.0, 1.0), autoLevels=False)
            plot.setRange(xRange=(0, matrix.shape[1]), yRange=(0, matrix.shape[0]), padding=0)
        self.components_plot = self.graphics.addPlot(row=2, col=0)
        self.components_plot.addLegend(offset=(10, 10))
        scores, self.explained = principal_components(P, COMPONENTS)
        self.component_curves = [self.components_plot.plot(np.arange(1, P.shape[0] + 1), scores[:, j],
                                                           pen=pg.mkPen(token_colour(j), width=2))
                                 for j in range(scores.shape[1])]
        self.singular_plot = self.graphics.addPlot(row=2, col=1)
        self.singular_plot.setLogMode(y=True)
        values = singular_values(P)
        self.singular_values = values
        self.singular_plot.plot(np.arange(1, values.size + 1), np.maximum(values, 1e-12),
                                pen=pg.mkPen("#0072B2", width=2))

    def chosen_rope(self) -> RopeSettings | None:
        """The RoPE whose clocks are drawn: the chosen layer type's, else the model's."""
        checkpoint = self._model.checkpoint
        if checkpoint is None:
            return None
        return checkpoint.rope_by_layer_type.get(str(self.layer_type.currentData()), checkpoint.rope)

    def refresh(self) -> None:
        """Redraw what depends on the sentence (the RoPE clocks' hands, the ALiBi bias)."""
        checkpoint = self._model.checkpoint
        if checkpoint is not None and checkpoint.alibi is not None:
            self._draw_alibi_bias()
        rope = self.chosen_rope()
        if checkpoint is None or rope is None or self.theta_plot is None:
            return
        n = self._model.n or None
        theta = rope.theta(n)
        self.theta = theta
        self.theta_plot.clear()
        if checkpoint.rope_by_layer_type:
            for name, settings in checkpoint.rope_by_layer_type.items():
                values = settings.theta(n)
                self.theta_plot.plot(np.arange(values.size), values, name=self._layer_type_name(name),
                                     pen=pg.mkPen(_LAYER_TYPE_PENS.get(name, "#0072B2"), width=2), symbol="o",
                                     symbolSize=4)
        else:
            self.theta_plot.plot(np.arange(theta.size), theta, pen=pg.mkPen("#0072B2", width=2), symbol="o",
                                 symbolSize=4)
        # The hovered face's pair, marked on the curve.
        self.theta_mark = self.theta_plot.plot([], [], pen=None, symbol="o", symbolSize=self._appearance.px(12),
                                               symbolBrush=HIGHLIGHT, symbolPen=pg.mkPen("w"))
        self.faces.set_state(theta, self._model.n)
        self.retranslate()

    def retranslate(self) -> None:
        """Titles and the caption in the current language."""
        checkpoint = self._model.checkpoint
        numbers = self._appearance.numbers
        if checkpoint is None:
            self.caption.setText("")
            return
        if checkpoint.P is not None and self.P_plot is not None:
            T, d = checkpoint.P.shape
            # Short titles: a title is never narrower than its text, and the panel is narrow.
            self.P_plot.setTitle(self.tr("Learned P: {0} × {1}").format(numbers.integer(T), d))
            self.similarity_plot.setTitle(self.tr("cos(Pₛ, Pₜ)"))
            self.sinusoidal_plot.setTitle(self.tr("sinusoidal, same size"))
            self.components_plot.setTitle(self.tr("Principal components"))
            self.singular_plot.setTitle(self.tr("Singular values"))
            shares = ", ".join(numbers.short(100 * float(e), 1) + "%" for e in self.explained)
            self.caption.setText(self.tr("A bright diagonal band: neighbouring positions have similar rows. "
                                         "The first principal components explain {0} of P's variance.")
                                 .format(shares))
        elif checkpoint.rope is not None and self.theta_plot is not None:
            rope = self.chosen_rope() or checkpoint.rope
            base = numbers.integer(int(rope.base)) if float(rope.base).is_integer() else numbers.full(rope.base)
            if checkpoint.rope_by_layer_type:
                self.theta_plot.setTitle(self.tr("θ_i per pair, per layer type"))
                for index in range(self.layer_type.count()):
                    self.layer_type.setItemText(index, self._layer_type_name(str(self.layer_type.itemData(index))))
            else:
                self.theta_plot.setTitle(self.tr("θ_i per pair (base {0}, {1})").format(
                    base, rope.scaling or self.tr("no scaling")))
            self._show_readout(self.faces.hovered_pair)
            pairing = self.tr("pairs (j, j + {0})").format(rope.rotary_dim // 2) if rope.pairing == "halves" \
                else self.tr("pairs (2i, 2i + 1)")
            self.caption.setText(self.tr("RoPE adds nothing to X: in attention, q and k turn by (t − 1)·θ_i on "
                                         "dimensions {0}–{1} of {2}, {3}.").format(
                                             rope.rotated_from, rope.rotated_from + rope.rotary_dim - 1,
                                             rope.query_width, pairing))
        elif checkpoint.alibi is not None and self.slopes_plot is not None and self.bias_plot is not None:
            self.slopes_plot.setTitle(self.tr("ALiBi slope m of each head"))
            self.bias_plot.setTitle(self.tr("Bias −m·(i − j) of head {0}, m = {1}").format(
                self.head.value(), numbers.short(float(checkpoint.alibi.slopes[self.head.value() - 1]), 4)))
            self.head_caption.setText(self.tr("Head"))
            self.caption.setText(self.tr("ALiBi adds nothing to X: each head subtracts m·(distance) from its "
                                         "attention scores; the future (j > i) is masked."))
        else:
            self.caption.setText(self.tr("This model adds no position to X."))

    def _layer_type_name(self, layer_type: str) -> str:
        return {"full_attention": self.tr("global layers"),
                "sliding_attention": self.tr("local (sliding) layers")}.get(layer_type, layer_type)

    def _show_readout(self, pair: int) -> None:
        """The hovered face's pair index and θ_i, or how to read the grid."""
        if self.theta_mark is not None:
            shown = 0 <= pair < self.theta.size
            self.theta_mark.setData([pair] if shown else [], [float(self.theta[pair])] if shown else [])
        if 0 <= pair < self.theta.size:
            self.readout.setText(self.tr("Pair {0}: θ = {1} rad per position").format(
                pair, self._appearance.numbers.full(float(self.theta[pair]))))
        else:
            self.readout.setText(self.tr("One clock per pair i, one hand per token; point at a clock to read its "
                                         "i and θ_i."))

    def _on_scale(self) -> None:
        self._style_readout()
        self.graphics.setMinimumHeight(self._appearance.px(PLOT_MIN_HEIGHT))
        self.faces.setMinimumSize(self._appearance.px(120), self._appearance.px(120))
        self.faces.update()

    def _style_readout(self) -> None:
        font = QFont(self.readout.font())
        font.setPixelSize(max(MIN_TEXT_PX, self._appearance.px(MIN_TEXT_PX)))
        self.readout.setFont(font)

    def _clear(self) -> None:
        self.theta_mark = None  # goes with the layout
        # Held plots outlive the layout and keep their option widgets alive: drop them too.
        self.slopes_plot = self.bias_plot = self.bias_image = None
        for name in ("similarity_plot", "sinusoidal_plot", "components_plot", "singular_plot", "component_curves"):
            self.__dict__.pop(name, None)  # the learned table's plots (made by _build_learned)
        dispose_plot_menus(self.graphics)  # clearing the layout would leave their menus behind
        self.graphics.clear()

    def detach(self) -> None:
        """Stop listening to the model (idempotent)."""
        self.stop_listening()
        dispose_plot_menus(self.graphics)  # the plots themselves go with the scene
