"""Context extension, live: each RoPE pair's wavelength against the trained length, before and after
stretching the frequencies by a factor the teacher drags."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QSlider, QVBoxLayout, QWidget

from visualizer.appearance import Appearance
from visualizer.real.state import RealModel

if TYPE_CHECKING:
    from visualizer.real.rope_config import RopeSettings
from visualizer.ui.heatmap import dispose_plot_item_menus
from visualizer.ui.palette import scaled_font
from visualizer.ui.protocol import ListeningView

SLIDER_STEPS_PER_DOUBLING = 8
MAX_DOUBLINGS = 6
"""The factor runs from 1 to 2^6 = 64 in steps of 2^(1/8)."""

KEPT, BLENDED, INTERPOLATED = "kept", "blended", "interpolated"
_COLOURS = {KEPT: "#009E73", BLENDED: "#E69F00", INTERPOLATED: "#0072B2"}


def classify_pairs(before: np.ndarray, after: np.ndarray, factor: float) -> list[str]:
    """Per pair: ``kept`` (θ unchanged: it extrapolates), ``interpolated`` (θ / factor) or ``blended``."""
    if factor <= 1:
        return [KEPT] * before.size
    ratio = after / before
    return [KEPT if r > 1 - 1e-6 else INTERPOLATED if r < (1 + 1e-6) / factor else BLENDED for r in ratio]


class RealContextExtension(ListeningView, QWidget):
    """λ_i = 2π/θ_i per pair i, trained and stretched, with the trained and the stretched length.

    Pairs whose wavelength is shorter than the trained length turned through whole cycles in
    training: YaRN and llama3 keep them (they extrapolate); the slow pairs never completed a turn
    and are interpolated (θ_i / s, so the longer text maps onto angles seen in training).
    """

    def __init__(self, model: RealModel, appearance: Appearance, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._model = model
        self._appearance = appearance
        self.kind = QComboBox()
        self.kind_caption = QLabel()
        self.factor = QSlider(Qt.Orientation.Horizontal)
        self.factor.setRange(0, SLIDER_STEPS_PER_DOUBLING * MAX_DOUBLINGS)
        self.factor_label = QLabel()
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.plot = pg.PlotWidget()
        self.plot.setBackground(appearance.background)
        self.plot.setMenuEnabled(False)
        self.plot.setLogMode(y=True)
        self.plot.setMinimumHeight(appearance.px(140))
        self.plot.addLegend(offset=(8, 8))
        self.plot.getPlotItem().vb.disableAutoRange()
        self.trained_curve = self.plot.plot([], [], pen=pg.mkPen("#888888", width=2))
        # One item per kind of pair, each of one colour: a drag step redraws three cached symbols,
        # not 64 symbols of their own.
        self.points = {kind: self.plot.plot([], [], pen=None, symbol="o", symbolSize=appearance.px(9),
                                            symbolPen=None, symbolBrush=colour)
                       for kind, colour in _COLOURS.items()}
        # The two lengths carry their own labels (a legend cannot draw an InfiniteLine's sample).
        self.trained_line = pg.InfiniteLine(angle=0, pen=pg.mkPen("#202020", width=2, style=Qt.PenStyle.DashLine),
                                            label="", labelOpts={"position": 0.3, "color": "#202020"})
        self.target_line = pg.InfiniteLine(angle=0, pen=pg.mkPen("#B00020", width=2, style=Qt.PenStyle.DotLine),
                                           label="", labelOpts={"position": 0.75, "color": "#B00020"})
        self.plot.addItem(self.trained_line)
        self.plot.addItem(self.target_line)
        controls = QHBoxLayout()
        controls.addWidget(self.kind_caption)
        controls.addWidget(self.kind)
        controls.addWidget(self.factor, 1)
        controls.addWidget(self.factor_label)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(controls)
        layout.addWidget(self.summary)
        layout.addWidget(self.plot, 1)
        self.before = np.zeros(0)
        self.after = np.zeros(0)
        self.classes: list[str] = []
        self.attention_factor = 1.0
        self._filling = False
        self.kind.currentIndexChanged.connect(self.redraw)
        self.factor.valueChanged.connect(self.redraw)
        self.listen(model.checkpoint_changed, self._on_checkpoint_changed)
        self.listen(appearance.events.language, self.retranslate)
        self.listen(appearance.events.scale, self._restyle)
        self._restyle()
        self._on_checkpoint_changed()

    # ---- state ---------------------------------------------------------------------------------

    @property
    def stretch(self) -> float:
        """The factor s the slider shows (1 … 64)."""
        return float(2 ** (self.factor.value() / SLIDER_STEPS_PER_DOUBLING))

    def set_stretch(self, factor: float) -> None:
        """Move the slider to the step nearest ``factor``."""
        steps = round(math.log2(max(1.0, factor)) * SLIDER_STEPS_PER_DOUBLING)
        self.factor.setValue(max(0, min(self.factor.maximum(), steps)))

    def current_kind(self) -> str:
        """The stretching method chosen (linear, dynamic, yarn, llama3, longrope)."""
        return str(self.kind.currentData() or "linear")

    def _rope(self) -> RopeSettings | None:
        checkpoint = self._model.checkpoint
        return None if checkpoint is None else checkpoint.rope

    def _on_checkpoint_changed(self) -> None:
        from visualizer.real.rope_config import CONTEXT_KINDS

        rope = self._rope()
        self._filling = True  # one redraw below, not one per item
        self.kind.clear()
        if rope is not None:
            for kind in CONTEXT_KINDS:
                if kind != "longrope" or "long_factor" in rope.parameters:
                    self.kind.addItem(kind, kind)
            self.kind.setCurrentIndex(max(0, self.kind.findData(rope.scaling or "yarn")))
        factor = rope.parameters.get("factor") if rope is not None else None
        if rope is not None and rope.scaling == "longrope":
            factor = rope.max_positions / rope.original_max_positions
        self.set_stretch(float(factor) if factor else 4.0)
        self._filling = False
        self.retranslate()

    # ---- drawing -------------------------------------------------------------------------------

    def redraw(self) -> None:
        """Recompute θ for the chosen method and factor and update the curves (one frame)."""
        from visualizer.real.rope_config import stretched

        if self._filling:
            return
        rope = self._rope()
        if rope is None:
            self.before = self.after = np.zeros(0)
            self.trained_curve.setData([], [])
            for item in self.points.values():
                item.setData([], [])
            return
        factor = self.stretch
        before = rope.trained_theta()
        pairs = np.arange(before.size)
        trained = self.trained_length()
        if self.before.shape != before.shape or not np.array_equal(self.before, before):
            self.before = before
            self.trained_curve.setData(pairs, 2 * np.pi / before)
            # A fixed range: a drag moves the points, never the axes.
            low = float(np.log10(2 * np.pi / before.max()))
            high = float(np.log10(2 * np.pi / before.min() * 2 ** MAX_DOUBLINGS))
            self.plot.setYRange(low, max(high, np.log10(trained * 2 ** MAX_DOUBLINGS)), padding=0.05)
            self.plot.setXRange(0, max(1, before.size - 1), padding=0.03)
        self.after, self.attention_factor = stretched(rope, self.current_kind(), factor)
        self.classes = classify_pairs(self.before, self.after, factor)
        kinds = np.asarray(self.classes)
        wavelengths = 2 * np.pi / self.after
        for kind, item in self.points.items():
            chosen = kinds == kind
            item.setData(pairs[chosen], wavelengths[chosen])
        self.trained_line.setValue(math.log10(trained))
        self.target_line.setValue(math.log10(trained * factor))
        numbers = self._appearance.numbers
        self.trained_line.label.setFormat(self.tr("trained length {0}").format(numbers.integer(trained)))
        self.target_line.label.setFormat(self.tr("s × trained = {0}").format(numbers.integer(round(trained * factor))))
        self._write_summary()

    def trained_length(self) -> int:
        """The context the model was trained on (before any extension)."""
        rope = self._rope()
        if rope is None:
            return 1
        return rope.original_max_positions if rope.scaling in ("yarn", "llama3", "longrope") else rope.max_positions

    def _write_summary(self) -> None:
        numbers = self._appearance.numbers
        counts = {name: self.classes.count(name) for name in (KEPT, BLENDED, INTERPOLATED)}
        trained = self.trained_length()
        self.factor_label.setText(self.tr("s = {0}").format(numbers.short(self.stretch, 2)))
        self.summary.setText(self.tr(
            "Trained on {0} tokens, stretched to {1}: {2} pairs kept (their wavelength fits the trained length: "
            "they extrapolate), {3} interpolated (θ ÷ s), {4} in between. Attention factor {5}.").format(
                numbers.integer(trained), numbers.integer(round(trained * self.stretch)), counts[KEPT],
                counts[INTERPOLATED], counts[BLENDED], numbers.short(self.attention_factor, 4)))

    def retranslate(self) -> None:
        """Titles, axis labels and the summary in the current language."""
        self.kind_caption.setText(self.tr("Stretch by"))
        self.plot.setTitle(self.tr("Wavelength 2π/θ_i of each pair (log scale)"))
        self.plot.setLabel("bottom", self.tr("pair i (fast → slow)"))
        legend = self.plot.getPlotItem().legend
        if legend is not None:
            legend.clear()
            legend.addItem(self.trained_curve, self.tr("trained"))
            names = {KEPT: self.tr("kept (extrapolates)"), BLENDED: self.tr("in between"),
                     INTERPOLATED: self.tr("interpolated (θ ÷ s)")}
            for kind, item in self.points.items():
                legend.addItem(item, names[kind])
        self.redraw()

    def _restyle(self) -> None:
        font = scaled_font(self._appearance, 11)
        for widget in (self.kind, self.kind_caption, self.factor_label, self.summary):
            widget.setFont(font)
        for item in self.points.values():
            item.setSymbolSize(self._appearance.px(9))
        self.plot.setMinimumHeight(self._appearance.px(140))

    def detach(self) -> None:
        """Stop listening (idempotent)."""
        self.stop_listening()
        dispose_plot_item_menus([self.plot.getPlotItem()])
