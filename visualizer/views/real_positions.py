"""Where the real model puts position: its learned table P, or its RoPE frequencies on a grid of clocks."""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QRectF, QTimer
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QHBoxLayout, QLabel, QVBoxLayout, QWidget

from ..appearance import Appearance
from ..core import principal_components, singular_values
from ..real_model import RealModel
from .heatmap import dispose_plot_menus
from .lazy import RefreshWhenShown
from .palette import HIGHLIGHT, colormap, token_colour
from .protocol import ListeningView
from .real_clock import MIN_TEXT_PX, RealClockFaces

COMPONENTS = 3


class RealPositions(RefreshWhenShown, ListeningView, QWidget):
    """Learned: P as a heatmap, its cosine similarity beside the sinusoidal one, its first principal
    components and its singular values. RoPE: θ_i per pair and a grid of clocks, one face per pair i,
    each token's hand turned by (p − 1)·θ_i (hover a face for its i and θ_i)."""

    def __init__(self, model: RealModel, appearance: Appearance, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._model = model
        self._appearance = appearance
        self.caption = QLabel()
        self.caption.setWordWrap(True)
        self.graphics = pg.GraphicsLayoutWidget()
        self.graphics.setBackground(appearance.background)
        # Every pair at once (a real model has 32–64+): no spin box to pick one, hover a face instead.
        self.faces = RealClockFaces(appearance)
        self.readout = QLabel()
        self.readout.setWordWrap(True)
        self.clock_column = QWidget()
        clock_layout = QVBoxLayout(self.clock_column)
        clock_layout.setContentsMargins(0, 0, 0, 0)
        clock_layout.addWidget(self.faces, 1)
        clock_layout.addWidget(self.readout)
        body = QHBoxLayout()
        body.setContentsMargins(0, 0, 0, 0)
        body.addWidget(self.graphics, 1)
        body.addWidget(self.clock_column, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.caption)
        layout.addLayout(body, 1)
        self.P_plot: pg.PlotItem | None = None
        self.theta_plot: pg.PlotItem | None = None
        self.theta = np.zeros(0)
        self.theta_mark: pg.PlotDataItem | None = None
        self.faces.hovered.connect(self._show_readout)
        self._style_readout()
        self.listen(model.checkpoint_changed, self._on_checkpoint_changed)
        self.listen(model.tokens_changed, self.request_refresh)
        self.listen(appearance.events.language, self.retranslate)
        self.listen(appearance.events.scale, self._on_scale)
        self._build()

    def _on_checkpoint_changed(self) -> None:
        # After the event loop has painted X: P's decompositions must not delay the first X.
        self._clear()
        self.P_plot = self.theta_plot = None
        QTimer.singleShot(0, self, self._build)

    def _build(self) -> None:
        checkpoint = self._model.checkpoint
        self._clear()
        self.P_plot = None
        rope = checkpoint.rope if checkpoint is not None else None
        self.clock_column.setVisible(rope is not None and checkpoint is not None and checkpoint.P is None)
        if checkpoint is None:
            return
        if checkpoint.P is not None:
            self._build_learned(checkpoint.P)
        elif rope is not None:
            self.theta_plot = self.graphics.addPlot(row=0, col=0)
            self.theta_plot.setLogMode(y=True)
        self.retranslate()
        self.request_refresh()

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

    def refresh(self) -> None:
        """Redraw what depends on the sentence (the RoPE clocks' hands)."""
        checkpoint = self._model.checkpoint
        if checkpoint is None or checkpoint.rope is None or self.theta_plot is None:
            return
        theta = checkpoint.rope.theta(self._model.n or None)
        self.theta = theta
        self.theta_plot.clear()
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
            self.similarity_plot.setTitle(self.tr("cos(P_s, P_t)"))
            self.sinusoidal_plot.setTitle(self.tr("sinusoidal, same size"))
            self.components_plot.setTitle(self.tr("Principal components"))
            self.singular_plot.setTitle(self.tr("Singular values"))
            shares = ", ".join(numbers.short(100 * float(e), 1) + "%" for e in self.explained)
            self.caption.setText(self.tr("Drag to pan, wheel to zoom. Compare the two similarity maps: a bright band "
                                         "along the diagonal means that neighbouring positions have similar vectors. "
                                         "The first principal components of P explain {0} of its variance.")
                                 .format(shares))
        elif checkpoint.rope is not None and self.theta_plot is not None:
            rope = checkpoint.rope
            base = numbers.integer(int(rope.base)) if float(rope.base).is_integer() else numbers.full(rope.base)
            self.theta_plot.setTitle(self.tr("θ_i per pair (base {0}, {1})").format(
                base, rope.scaling or self.tr("no scaling")))
            self._show_readout(self.faces.hovered_pair)
            self.caption.setText(self.tr("RoPE adds nothing to X: each pair of q and k turns by (p − 1)·θ_i inside "
                                         "attention. Head width {0}, {1} of its dimensions rotated.").format(
                                             rope.head_dim, rope.rotary_dim))
        else:
            self.caption.setText(self.tr("This model adds no position to X."))

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
        self.faces.setMinimumSize(self._appearance.px(120), self._appearance.px(120))
        self.faces.update()

    def _style_readout(self) -> None:
        font = QFont(self.readout.font())
        font.setPixelSize(max(MIN_TEXT_PX, self._appearance.px(MIN_TEXT_PX)))
        self.readout.setFont(font)

    def _clear(self) -> None:
        self.theta_mark = None  # goes with the layout
        dispose_plot_menus(self.graphics)  # clearing the layout would leave their menus behind
        self.graphics.clear()

    def detach(self) -> None:
        """Stop listening to the model (idempotent)."""
        self.stop_listening()
        dispose_plot_menus(self.graphics)  # the plots themselves go with the scene
