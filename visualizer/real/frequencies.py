"""Which RoPE frequencies a layer uses: per head, the size of its q and k weights in each pair."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pyqtgraph as pg
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from visualizer.appearance import Appearance
from visualizer.real.state import RealModel

if TYPE_CHECKING:
    from visualizer.real.attention_weights import PairNorms
from visualizer.ui.heatmap import dispose_plot_item_menus, dispose_plot_menus
from visualizer.ui.lazy import RefreshWhenShown
from visualizer.ui.palette import scaled_font
from visualizer.ui.protocol import ListeningView

MAGNITUDE_MAP = "cividis"
"""Norms are sizes (≥ 0), not signed values: a sequential, colour-blind-safe map."""


class RealFrequencyUsage(RefreshWhenShown, ListeningView, QWidget):
    """Two heat maps, q heads × pairs and k heads × pairs, of ‖W[rows of pair i]‖ for one layer.

    Barbero et al. (2024): heads that attend by position load the fast pairs (left), the slow
    pairs (right) carry meaning. The weights are read memory-mapped when the layer is chosen.
    """

    def __init__(self, model: RealModel, appearance: Appearance, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._model = model
        self._appearance = appearance
        self.layer = QComboBox()
        self.layer_caption = QLabel()
        self.caption = QLabel()
        self.caption.setWordWrap(True)
        self.graphics = pg.GraphicsLayoutWidget()
        self.graphics.setBackground(appearance.background)
        self.graphics.setMinimumHeight(appearance.px(140))
        self.q_plot = self.graphics.addPlot(row=0, col=0)
        self.k_plot = self.graphics.addPlot(row=0, col=1)
        self.q_image = pg.ImageItem(axisOrder="row-major")
        self.k_image = pg.ImageItem(axisOrder="row-major")
        for plot, image in ((self.q_plot, self.q_image), (self.k_plot, self.k_image)):
            image.setColorMap(pg.colormap.get(MAGNITUDE_MAP))
            plot.addItem(image)
            plot.invertY(True)
        self.colour_bar = pg.ColorBarItem(colorMap=pg.colormap.get(MAGNITUDE_MAP), interactive=False)
        self.colour_bar.setImageItem([self.q_image, self.k_image], insert_in=self.k_plot)
        top = QHBoxLayout()
        top.addWidget(self.layer_caption)
        top.addWidget(self.layer, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(top)
        layout.addWidget(self.caption)
        layout.addWidget(self.graphics, 1)
        self.norms: PairNorms | None = None
        self.error = ""
        self.layer.currentIndexChanged.connect(self.request_refresh)
        self.listen(model.checkpoint_changed, self._on_checkpoint_changed)
        self.listen(appearance.events.language, self.retranslate)
        self.listen(appearance.events.scale, self._restyle)
        self._restyle()
        self._on_checkpoint_changed()

    def _on_checkpoint_changed(self) -> None:
        from visualizer.real.attention_weights import attention_layers

        checkpoint = self._model.checkpoint
        layers = [] if checkpoint is None else attention_layers(checkpoint)
        self.norms = None
        self.layer.clear()  # its signal asks for a refresh of the new first layer
        for layer in layers:
            kind = checkpoint.layer_types[layer] if checkpoint is not None and layer < len(checkpoint.layer_types) \
                else ""
            self.layer.addItem(str(layer) if not kind else f"{layer} ({kind})", layer)
        self.retranslate()
        self.request_refresh()

    def refresh(self) -> None:
        """Read the chosen layer's weights (memory-mapped) and draw both maps."""
        from visualizer.real.attention_weights import rope_pair_norms
        from visualizer.real.checkpoint import CheckpointError

        checkpoint = self._model.checkpoint
        layer = self.layer.currentData()
        self.norms, self.error = None, ""
        if checkpoint is None or layer is None:
            self.q_image.clear()
            self.k_image.clear()
            self.retranslate()
            return
        QGuiApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
        try:
            self.norms = rope_pair_norms(checkpoint, int(layer))
        except CheckpointError as error:
            self.error = str(error)
        finally:
            QGuiApplication.restoreOverrideCursor()
        if self.norms is not None:
            high = float(max(self.norms.q.max(), self.norms.k.max())) or 1.0
            for plot, image, values in ((self.q_plot, self.q_image, self.norms.q),
                                        (self.k_plot, self.k_image, self.norms.k)):
                image.setImage(values, levels=(0.0, high), autoLevels=False)
                image.setRect(QRectF(0, 0, values.shape[1], values.shape[0]))
                plot.setRange(xRange=(0, values.shape[1]), yRange=(0, values.shape[0]), padding=0)
            self.colour_bar.setLevels(low=0.0, high=high)
        self.retranslate()

    def retranslate(self) -> None:
        """Titles and the caption in the current language."""
        self.layer_caption.setText(self.tr("Layer"))
        self.q_plot.setTitle(self.tr("q heads"))
        self.k_plot.setTitle(self.tr("k heads"))
        for plot in (self.q_plot, self.k_plot):
            plot.setLabel("bottom", self.tr("pair i (fast → slow)"))
        checkpoint = self._model.checkpoint
        if checkpoint is None or checkpoint.rope is None:
            self.caption.setText(self.tr("This model does not use RoPE: no frequencies to read."))
        elif self.error:
            self.caption.setText(self.tr("Cannot read this layer: {0}").format(self.error))
        elif self.layer.count() == 0:
            self.caption.setText(self.tr("This file has no attention weights this app can read."))
        else:
            self.caption.setText(self.tr(
                "Size of the q and k weights that feed each pair, per head: bright on the left, a head that "
                "attends by position (fast pairs); on the right, slow pairs that carry meaning (Barbero et al., "
                "2024)."))

    def _restyle(self) -> None:
        font = scaled_font(self._appearance, 11)
        for widget in (self.layer, self.layer_caption, self.caption):
            widget.setFont(font)
        self.graphics.setMinimumHeight(self._appearance.px(140))

    def detach(self) -> None:
        """Stop listening (idempotent)."""
        self.stop_listening()
        dispose_plot_menus(self.graphics)
        dispose_plot_item_menus([self.colour_bar])  # a PlotItem itself, inside the k plot
