"""The way back: which rows of E a batch's gradient touches, and a toy loop that trains them."""

from __future__ import annotations

import html
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QEvent, QObject, QPointF, Qt, QTimer
from PySide6.QtGui import QColor, QFont, QFontMetrics
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QTabWidget,
    QToolTip,
    QVBoxLayout,
    QWidget,
)

from visualizer.appearance import Appearance
from visualizer.core import TOY_FREQUENCY_ORDER, NumberFormat
from visualizer.lab.batch_counts import LABEL_PX, BatchCounts
from visualizer.lab.lab_rows import align_rows, fit_least_height, rows_aligned, side_panels
from visualizer.lab.loss_note import LossNote
from visualizer.lab.real_scale import RealScalePanel
from visualizer.lab.state import MAX_BATCH, GradientLab
from visualizer.lesson.cue import NO_CUE, Cue, OptionError, Outcome, read_options
from visualizer.model import EmbeddingModel
from visualizer.ui.heatmap import WINDOW_CELL_FILL, add_heatmap, dispose_plot_menus
from visualizer.ui.layout_boundary import FrontPageSizes
from visualizer.ui.lazy import RefreshWhenShown
from visualizer.ui.matrix_scroll import scrolling
from visualizer.ui.numbers_hint import NumbersHintLabel, numbers_hint
from visualizer.ui.palette import (
    MIN_WINDOW_NUMBER_PX,
    scaled_font,
    size_indicator,
    stage_label_font,
    symmetric_limit,
)
from visualizer.ui.player import Player
from visualizer.ui.protocol import ListeningView
from visualizer.ui.values import ControlValue

PLAY_STEP_MS = 150
LAB_PAGES = ("toy", "real_scale")
MAX_SEED = 1_000_000


@dataclass(frozen=True)
class GradientLabOptions:
    """What a lesson step may ask of the gradient lab: the ``view_options`` of a step whose view is ``gradient_lab``."""

    page: str = "toy"
    """``toy`` (the 12-token lab) or ``real_scale`` (GPT-2's size, for a question about it)."""
    measure: bool = False
    """Run the real-scale race now, and report its outcome to the lesson (a revealed answer)."""
    batch: int | None = None
    """Draw a batch of this many tokens (Zipf s = 1, ``seed``) over E as it started, when the step
    opens; None: keep the lab as it is."""
    seed: int = 0
    """The seed of that batch: the same batch every time the step opens."""

    def __post_init__(self) -> None:
        if self.page not in LAB_PAGES:
            raise OptionError("page", f"{self.page!r} is not one of {', '.join(LAB_PAGES)}")
        if self.batch is not None and not 1 <= self.batch <= MAX_BATCH:
            raise OptionError("batch", f"must be 1 .. {MAX_BATCH}, not {self.batch}")
        if not 0 <= self.seed <= MAX_SEED:
            raise OptionError("seed", f"must be 0 .. {MAX_SEED}, not {self.seed}")

ZERO_ROW = QColor(140, 140, 140)
"""The Zipf law's expected counts: the dashed curve and the numbers read from it."""
COUNTS_COLUMN, NUMBERS_COLUMN, GRADIENT_COLUMN, E_COLUMN, DISTANCE_COLUMN = range(5)
COLUMN_STRETCH = (3, 0, 4, 3, 3)  # counts, their numbers, gradient, E, distance
STAGE_COLUMN_STRETCH = (3, 0, 5, 0, 2)  # presenting: the gradient's four columns wide enough for 22 px numbers
STAGE_DECIMALS = 2
STAGED_ZIPF_S = 1.0
"""The Zipf exponent of a batch a lesson step draws (the lesson's law, s = 1)."""
WINDOW_BARS_LEAST = 320
"""In the window, the room (unscaled pixels) the gradient leaves the bars, E and the distances
before it takes the width its numbers need."""


def _nice_steps(high: float) -> list[float]:
    """Steps of 1, 2, 5 × 10ᵏ from about a tenth of ``high`` up."""
    exponent = int(np.floor(np.log10(max(high, 1e-9) / 10)))
    return [m * 10.0 ** e for e in range(exponent, exponent + 4) for m in (1, 2, 5)]


def set_value_ticks(plot: pg.PlotItem, high: float, numbers: NumberFormat, fallback_width: float) -> None:
    """Numbers along a bar chart's top axis in the language's format (0,2 in Portuguese), as
    many as its width holds apart (pyqtgraph ran 0.2 0.4 0.6 into each other and dropped the
    ends); not 0, where every bar starts and its label would be cut by the axis's edge.
    ``fallback_width`` stands for the axis's width before it has one."""
    axis = plot.getAxis("top")
    if not axis.isVisible():
        return
    metrics = QFontMetrics(axis.style["tickFont"] or axis.font())
    width = axis.width() if axis.width() > 0 else fallback_width
    for step in _nice_steps(high):
        values = np.arange(step, high * 0.999, step)
        texts = [numbers.short(float(v)) for v in values]
        room = width * step / high  # pixels between two ticks
        if not texts or max(metrics.horizontalAdvance(t) for t in texts) + metrics.horizontalAdvance("  ") <= room:
            break
    # The last label must not run past the axis's end either.
    ticks = [(float(v), t) for v, t in zip(values, texts, strict=True)
             if (high - v) / high * width >= metrics.horizontalAdvance(t) / 2 + 1]
    axis.setTicks([ticks])


class GradientLabView(RefreshWhenShown, ListeningView, QWidget):
    """Sample a Zipf batch, see the sparse gradient, step a toy optimiser, then go to real scale.

    Left: counts per token (most frequent first; log-log on request) and "k of V rows touched".
    Middle: the gradient (rows that get exactly 0 are greyed), E being trained, and how far each
    row has moved. Bottom: GPT-2-sized timing of the sparse path against the dense product.
    """

    OPTIONS = GradientLabOptions

    def __init__(self, model: EmbeddingModel, appearance: Appearance, lab: GradientLab,
                 parent: QWidget | None = None):
        super().__init__(parent)
        self._model = model
        self._appearance = appearance
        self.lab = lab
        self._rank_order = np.asarray(TOY_FREQUENCY_ORDER)

        self.batch_size = QSpinBox()
        self.batch_size.setRange(1, MAX_BATCH)
        self.batch_size.setValue(self.lab.batch_size)
        self.exponent = QDoubleSpinBox()
        self.exponent.setRange(0.0, 5.0)
        self.exponent.setSingleStep(0.1)
        self.exponent.setValue(self.lab.zipf_exponent)
        self.seed = QSpinBox()
        self.seed.setRange(0, MAX_SEED)
        self.sample_button = QPushButton()
        self.log_log = QCheckBox()
        self.touched_label = QLabel()
        self.step_button, self.play_button, self.reset_button = QPushButton(), QPushButton(), QPushButton()
        self.player = Player(self, self.play_button, PLAY_STEP_MS, self.step, "gradient_lab_training")
        self.player.playing_changed.connect(self._on_playing_changed)
        self.optimizer = QComboBox()
        self.learning_rate = QDoubleSpinBox()
        self.learning_rate.setRange(0.001, 2.0)
        self.learning_rate.setDecimals(3)
        self.learning_rate.setSingleStep(0.01)
        self.learning_rate.setValue(self.lab.learning_rate)
        self.tied = QCheckBox()
        self.loss_label = LossNote(appearance)  # what L is, and why the bars are as long as they are
        self._captions = {key: QLabel() for key in ("batch", "s", "seed", "optimizer", "rate")}

        self.plots = pg.GraphicsLayoutWidget()
        self.plots.setBackground(appearance.background)
        self.counts = BatchCounts(self.plots, 0, NUMBERS_COLUMN, appearance, self)
        self.counts_plot = self.counts.plot  # one of the row's panels, aligned with the others below
        self.gradient_map = add_heatmap(self.plots, 0, GRADIENT_COLUMN, appearance, title_points=10)
        self.E_map = add_heatmap(self.plots, 0, E_COLUMN, appearance, title_points=10)
        self.distance_plot = self.plots.addPlot(row=0, col=DISTANCE_COLUMN, enableMenu=False)
        self.distance_bars = pg.BarGraphItem(x0=[], y=[], height=0.7, width=[], brush="#009E73")
        self.distance_plot.addItem(self.distance_bars)
        self._distance_high = 0.5  # the distances' axis runs 0 .. this (set by refresh)
        # Its numbers as many as its width holds, whenever the width changes (a column refitted
        # after the refresh, presenting left at another zoom): 0.2, 0.4, 0.6 ran into each other.
        self.distance_plot.getAxis("top").geometryChanged.connect(self._fit_distance_ticks)
        title_style = self.distance_plot.titleLabel.opts
        self._ordinary_title_style = {key: title_style.get(key) for key in ("size", "color")}
        for plot in (self.counts_plot, self.distance_plot):
            plot.invertY(True)
            # Values on top, like the heatmaps' column labels, so all four panels share rows.
            plot.showAxis("top")
            plot.hideAxis("bottom")
            plot.setMouseEnabled(x=False, y=False)
            plot.setMenuEnabled(False)
            plot.hideButtons()
        # Pointing at a cell gives its value (where a cell has no room to print it, a line says so).
        self.plots.scene().sigMouseMoved.connect(self._on_mouse_moved)
        self.numbers_hint = NumbersHintLabel()
        for heatmap in (self.gradient_map, self.E_map):
            heatmap.labels.printed_changed.connect(self._show_numbers_hint, Qt.ConnectionType.QueuedConnection)
        self.real_scale = RealScalePanel(appearance)
        self._report: Callable[[Outcome], None] = NO_CUE.report  # where a cued race reports
        self.real_scale.measured.connect(self._on_measured)
        self.plots.installEventFilter(self)  # row labels fit the row height: refit on resize
        self._build_layout()

        self.sample_button.clicked.connect(self._on_sample_clicked)
        self.log_log.toggled.connect(self.request_refresh)
        self.step_button.clicked.connect(self.player.step)
        self.reset_button.clicked.connect(self._on_reset)
        self.optimizer_value = ControlValue.choice(self.optimizer)
        self.optimizer_value.changed.connect(self._on_optimizer_changed)
        self.learning_rate.valueChanged.connect(self._on_optimizer_changed)
        self.tied.toggled.connect(self._on_tied_toggled)
        self.listen(self.lab.changed, self.request_refresh)
        self.listen(appearance.events.scale, self._on_scale_changed)
        self.listen(appearance.events.look, self._on_look_changed)
        self.listen(appearance.events.language, self.retranslate)
        self._on_scale_changed()
        self.retranslate()

    def _build_layout(self) -> None:
        c = self._captions
        # Three short rows rather than two long ones: they must fit 1024 px at presentation size.
        rows = ((c["batch"], self.batch_size, c["s"], self.exponent, c["seed"], self.seed, self.sample_button),
                (self.step_button, self.play_button, self.reset_button, c["optimizer"], self.optimizer,
                 c["rate"], self.learning_rate),
                (self.log_log, self.tied))
        self._toy_page = toy = QWidget()
        toy_layout = QVBoxLayout(toy)
        toy_layout.setContentsMargins(0, 0, 0, 0)
        for index, widgets in enumerate(rows):
            line = QHBoxLayout()
            for widget in widgets:
                line.addWidget(widget)
            line.addStretch(1)
            if index == len(rows) - 1:
                line.addWidget(self.touched_label)
            toy_layout.addLayout(line)
        toy_layout.addWidget(self.loss_label)
        toy_layout.addWidget(scrolling(self.plots), 1)
        toy_layout.addWidget(self.numbers_hint)
        # What the lesson's steps do not need while presenting: the training loop and its options.
        self._trainer = (self.step_button, self.play_button, self.reset_button, c["optimizer"], self.optimizer,
                         c["rate"], self.learning_rate, self.log_log, self.tied)
        # Two pages: the toy vocabulary to play with, and GPT-2 scale to measure.
        self.pages = QTabWidget()
        self.pages.setTabPosition(QTabWidget.TabPosition.South)
        self.pages.addTab(toy, "")
        self.pages.addTab(self.real_scale, "")
        self._front_pages = FrontPageSizes(self.pages)  # the toy page behind asks no room (see there)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.pages)

    # ---- commands ------------------------------------------------------------------------------

    def take_cue(self, cue: Cue) -> None:
        """A lesson step's lab: the toy page or GPT-2's real scale; a revealed answer runs the race
        and reports what it measured to the lesson."""
        options = read_options(GradientLabOptions, cue.options)
        self.pages.setCurrentWidget(self.real_scale if options.page == "real_scale" else self._toy_page)
        self._report = cue.report
        if options.batch is not None:
            self.stage_batch(options.batch, options.seed)
        self.real_scale.hold_answer(cue.answer_waits)
        self.real_scale.measure_for_step(options.measure)

    def stage_batch(self, size: int, seed: int) -> None:
        """The same batch every time (``size`` tokens, Zipf s = 1, ``seed``) over E as training
        started: its gradient, and how far one step of it moves each row, are on stage."""
        self.player.pause()
        lab = self.lab
        with lab.changed.blocked():  # one redraw at the end
            lab.reset()
            lab.set_batch(size, STAGED_ZIPF_S, seed)
        self.batch_size.setValue(size)
        self.exponent.setValue(STAGED_ZIPF_S)
        self.seed.setValue(seed)
        self.request_refresh()

    def _on_measured(self, result: dict[str, object]) -> None:
        self._report(result)

    def step(self) -> None:
        """One optimiser step (and a fresh batch)."""
        self.lab.step()

    def _on_playing_changed(self, playing: bool) -> None:
        self.play_button.setText(self.tr("Pause") if playing else self.tr("Play"))

    def _on_sample_clicked(self) -> None:
        self.lab.set_batch(self.batch_size.value(), self.exponent.value(), self.seed.value())

    def _on_reset(self) -> None:
        self.player.pause()
        self.lab.reset(np.array(self._model.E))

    def _on_optimizer_changed(self) -> None:
        name = self.optimizer.currentData()
        if name is not None:
            self.lab.set_optimizer(name, self.learning_rate.value())

    def _on_tied_toggled(self, tied: bool) -> None:
        self.lab.set_tied(tied)

    # ---- drawing --------------------------------------------------------------------------------

    def refresh(self) -> None:
        """Redraw every panel from the lab; rows are tokens from most to least frequent."""
        lab = self.lab
        order = self._rank_order  # row r shows the token of frequency rank r + 1
        self.counts.draw(lab, order, log=self.log_log.isChecked() and not self._appearance.presenting)
        rows_y = np.arange(lab.V) + 0.5
        rows, grads = lab.gradient()
        gradient = np.full(lab.E.shape, np.nan)
        gradient[rows] = grads
        gradient = gradient[order]
        zero_rows = [r for r in range(lab.V) if not np.any(np.nan_to_num(gradient[r]))]
        columns = [f"d{c}" for c in range(lab.E.shape[1])]
        limit = symmetric_limit(gradient, lab.E)
        for heatmap in (self.gradient_map, self.E_map):
            heatmap.set_levels(limit)
        # Presenting, two decimals: the sums of a head token's pulls reach −14.152, and four such
        # columns beside the bars, the counts and the distances do not fit 1024 px at 22 px type.
        decimals = STAGE_DECIMALS if self._appearance.presenting else None
        self.gradient_map.set_matrix(gradient, None, columns, decimals=decimals)
        self.gradient_map.fit_labels()
        self.gradient_map.set_marked_rows(zero_rows, ZERO_ROW)
        self.E_map.set_matrix(lab.E[order], None, columns)
        # Before any step: how far one step of this batch moves each row; after: how far each has moved.
        distance = (lab.step_distances() if lab.steps == 0 else lab.distance_travelled())[order]
        self.distance_bars.setOpts(x0=np.zeros(lab.V), y=rows_y, width=distance)
        self.distance_plot.setYRange(0, lab.V, padding=0)
        self._distance_high = max(0.5, float(distance.max()) * 1.1)
        self.distance_plot.setXRange(0, self._distance_high, padding=0)
        self._fit_distance_ticks()
        self.distance_plot.getAxis("left").setTicks([[]])
        # Its own colour scale (a gradient sums many pulls: ±15 where X's is ±2), said in its title.
        self.gradient_map.set_title(self.tr("∂L/∂E (hatched = 0), colours ±{0}").format(
            self._appearance.numbers.short(limit)))
        # "step" and its number on one line (a no-break space): a narrow column broke "E, step / 0".
        self.E_map.set_title(self.tr("E, step {0}").format(lab.steps))
        moved = self.tr("one step\nmoves it") if lab.steps == 0 else \
            self.tr("distance moved\nin {0} steps").format(lab.steps)
        self.distance_plot.setTitle(html.escape(moved).replace("\n", "<br>"), **self._plot_title_style())
        touched = lab.V - len(zero_rows)
        self.touched_label.setText(self.tr("rows touched: {0} of {1}").format(touched, lab.V))
        self.loss_label.show_lab(lab)
        self._fit_stage_columns(gradient, decimals)
        align_rows(self.plots, self.gradient_map, self._side_panels())
        fit_least_height(self.plots, self.gradient_map, lab.V, self._appearance)
        self._show_numbers_hint()

    def _on_mouse_moved(self, scene_pos: QPointF) -> None:
        """The value under the pointer, named by its token's id (rows are in order of frequency)."""
        for heatmap, name in ((self.gradient_map, "∂L/∂E"), (self.E_map, "E")):
            cell = heatmap.cell_at(scene_pos) if heatmap.plot.scene() is not None else None
            if cell is not None:
                row, column = cell
                value = self._appearance.numbers.full(float(heatmap.values()[row, column]))
                view = self.plots
                QToolTip.showText(view.mapToGlobal(view.mapFromScene(scene_pos)),
                                  f"{name}[{int(self._rank_order[row])}, d{column}] = {value}", view)
                return

    def _show_numbers_hint(self) -> None:
        """One line where a matrix has no room for its numbers (pointing at a cell gives them)."""
        hint = numbers_hint([self.gradient_map, self.E_map], on_stage=False, presenting=self._appearance.presenting)
        self.numbers_hint.show_hint(hint, self._appearance.presenting)

    def _fit_distance_ticks(self) -> None:
        set_value_ticks(self.distance_plot, self._distance_high, self._appearance.numbers, self.plots.width() / 6)

    def _fit_stage_columns(self, gradient: np.ndarray, decimals: int | None) -> None:
        """Presenting, the gradient as wide as its numbers need at the stage's size, the distances as
        wide as their title; the bars of counts take the rest. In the window, stretch factors, the
        gradient at least as wide as its numbers need at the window's least type (when the
        window has the room: the bars keep theirs)."""
        layout = self.plots.ci.layout
        if not self._appearance.presenting:
            font = scaled_font(self._appearance, 10, bold=True)
            font.setPixelSize(MIN_WINDOW_NUMBER_PX)
            metrics, numbers = QFontMetrics(font), self._appearance.numbers
            finite = gradient[np.isfinite(gradient)]
            widest = max((metrics.horizontalAdvance(numbers.short(float(v))) for v in finite), default=0)
            need = gradient.shape[1] * (int(widest / WINDOW_CELL_FILL) + 2)
            others = self.counts_plot.getAxis("left").width() + layout.columnMinimumWidth(NUMBERS_COLUMN)
            room = self.plots.width() - others - self._appearance.px(WINDOW_BARS_LEAST)
            layout.setColumnMinimumWidth(GRADIENT_COLUMN, need if need <= room else 0)
            layout.setColumnMaximumWidth(GRADIENT_COLUMN, 100_000)
            layout.setColumnMinimumWidth(DISTANCE_COLUMN, 0)
            layout.setColumnMaximumWidth(DISTANCE_COLUMN, 100_000)
            return
        font = QFont()
        font.setPixelSize(self._appearance.stage_px())
        metrics, numbers = QFontMetrics(font), self._appearance.numbers
        finite = gradient[np.isfinite(gradient)]
        text = numbers.short if decimals is None else (lambda v: numbers.fixed(v, decimals))
        widest = max((metrics.horizontalAdvance(text(float(v))) for v in finite), default=0)
        grid = gradient.shape[1] * (int(widest / 0.9) + 3)
        layout.setColumnFixedWidth(GRADIENT_COLUMN, grid)
        title = QFont()
        title.setPixelSize(self._appearance.stage_px(LABEL_PX))
        lines = (self.tr("one step\nmoves it") if self.lab.steps == 0 else
                 self.tr("distance moved\nin {0} steps").format(self.lab.steps)).split("\n")
        distances = max(QFontMetrics(title).horizontalAdvance(line) for line in lines) + self._appearance.px(10)
        layout.setColumnFixedWidth(DISTANCE_COLUMN, distances)

    def _side_panels(self) -> list[pg.PlotItem]:
        return side_panels(self.plots, (self.counts_plot, self.distance_plot))

    def rows_aligned(self) -> bool:
        """True when the bars' rows are level with the gradient's (read back by tests)."""
        return rows_aligned(self.gradient_map, self._side_panels())

    def count_texts(self) -> tuple[list[str], list[str]]:
        """The counts and expected counts printed beside the bars, row by row (read back by tests)."""
        return self.counts.texts()

    def _plot_title_style(self) -> dict[str, object]:
        """A plot title in the back row's size while presenting, pyqtgraph's otherwise. pyqtgraph's
        title keeps every style it is given, so the ordinary one is given back in full: with none
        given, the title kept the stage's 22 px after presenting ended."""
        if self._appearance.presenting:
            return {"size": f"{self._appearance.stage_px(LABEL_PX)}px", "color": self._appearance.foreground}
        return dict(self._ordinary_title_style)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.plots and event.type() == QEvent.Type.Resize:
            QTimer.singleShot(0, self, self.request_refresh)  # after the layout has settled; never after self
        return False

    def row_order(self) -> np.ndarray:
        """Token id shown in each row (most frequent first)."""
        return self._rank_order

    def zero_gradient_ids(self) -> list[int]:
        """Token ids hatched as getting exactly 0 (read back by tests)."""
        return sorted(int(self._rank_order[r]) for r in self.gradient_map.marked_rows())

    # ---- lifetime -------------------------------------------------------------------------------

    def _on_scale_changed(self) -> None:
        self._set_stage(self._appearance.presenting)
        for widget in (*self._captions.values(), self.touched_label, self.log_log, self.tied, self.numbers_hint):
            widget.setFont(scaled_font(self._appearance, 11))
        self.loss_label.restyle()
        for box in (self.log_log, self.tied):
            size_indicator(box, self._appearance.presenting)
        self.counts.restyle()
        self.touched_label.setFont(scaled_font(self._appearance, 13, bold=True))
        self._on_look_changed()

    def _set_stage(self, presenting: bool) -> None:
        """While presenting, fewer things larger: the counts with their numbers, the sparse gradient
        and how far each row moved; the training loop's options and E step aside (they come back
        when presenting ends)."""
        for widget in self._trainer:
            widget.setVisible(not presenting)
        layout = self.plots.ci
        for item, column in ((self.E_map.plot, E_COLUMN),):
            shown = item in layout.items
            if presenting and shown:
                layout.removeItem(item)
            elif not presenting and not shown:
                layout.addItem(item, row=0, col=column)
        # The distances are on stage (rows visibly moving), with their scale: a few numbers along the
        # top in the stage's label type (bars without a scale said "more" and "less", not how far).
        axis = self.distance_plot.getAxis("top")
        self.distance_plot.showAxis("top", True)
        font = stage_label_font(self._appearance) if presenting else None
        axis.setStyle(tickFont=font, tickLength=0 if presenting else -5)  # pyqtgraph's own outside
        axis.setTextPen(self._appearance.foreground if presenting else None)
        # As tall as the gradient's column names beside it, not more: the bars' rows stay level.
        axis.setHeight(QFontMetrics(font).height() + self._appearance.px(4) if font is not None else None)
        for column, stretch in enumerate(STAGE_COLUMN_STRETCH if presenting else COLUMN_STRETCH):
            layout.layout.setColumnStretchFactor(column, stretch)

    def is_cued(self) -> bool:
        """True when only the presentation's panels are laid out (read back by tests)."""
        return self.E_map.plot not in self.plots.ci.items

    def _on_look_changed(self) -> None:
        self.plots.setBackground(self._appearance.background)
        for heatmap in (self.gradient_map, self.E_map):
            heatmap.restyle()
        self.request_refresh()

    def retranslate(self) -> None:
        """Re-read every visible string."""
        c = self._captions
        c["batch"].setText(self.tr("batch:"))
        c["s"].setText(self.tr("Zipf s:"))
        c["seed"].setText(self.tr("seed:"))
        c["optimizer"].setText(self.tr("optimizer:"))
        c["rate"].setText(self.tr("learning rate:"))
        self.pages.setTabText(0, self.tr("Toy: {0} tokens").format(self.lab.V))
        self.pages.setTabText(1, self.tr("Real scale: GPT-2"))
        self.sample_button.setText(self.tr("Sample batch"))
        self.log_log.setText(self.tr("log-log count vs rank"))
        self.step_button.setText(self.tr("Step"))
        self.play_button.setText(self.tr("Pause") if self.player.is_playing() else self.tr("Play"))
        self.reset_button.setText(self.tr("Reset E"))
        self.tied.setText(self.tr("tie E to the output layer"))
        current = self.optimizer.currentData() or self.lab.optimizer
        with self.optimizer_value.quietly():  # new names for the same choice: not a choice
            self.optimizer.clear()
            self.optimizer.addItem(self.tr("SGD"), "sgd")
            self.optimizer.addItem(self.tr("Adam"), "adam")
        self.optimizer_value.value = current
        self.request_refresh()

    def detach(self) -> None:
        """Stop training, the real-scale worker and listening."""
        self._set_stage(False)  # the panels set aside go back into the scene, which frees them
        self.counts.detach()
        dispose_plot_menus(self.plots)
        self.player.pause()
        self.real_scale.detach()
        super().detach()
