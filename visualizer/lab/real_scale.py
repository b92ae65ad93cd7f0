"""GPT-2-sized sparse vs dense embedding gradient, measured live on this machine."""

from __future__ import annotations

import enum
import time
from typing import Any

import numpy as np
from PySide6.QtCore import QObject, QThread, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QGridLayout,
    QGroupBox,
    QLabel,
    QProgressBar,
    QPushButton,
    QSpinBox,
    QWidget,
)

from visualizer.appearance import Appearance
from visualizer.core import (
    GPT2_SMALL_VOCAB,
    GPT2_SMALL_WIDTH,
    embedding_gradient,
    iter_dense_embedding_gradient,
    zipf_batch,
)
from visualizer.lab.figure_bars import Figure, FigureBars
from visualizer.ui.palette import scaled_font
from visualizer.ui.protocol import ListeningView

DEFAULT_BATCH = 4000
BYTES_PER_FLOAT32 = 4
SPARSE_COLOUR = QColor("#009E73")
DENSE_COLOUR = QColor("#0072B2")
ONE_HOT_COLOUR = QColor("#D55E00")


class ReportState(enum.Enum):
    """What the panel's report says."""

    NONE = enum.auto()  # nothing measured yet: no room kept for a report not made
    MEASURING = enum.auto()
    CANCELLED = enum.auto()
    MEASURED = enum.auto()  # the report and the answer give the result


class GradientRace(QObject):
    """Worker (runs on its own thread): time the sparse gradient, then the dense one-hot product.

    Signals
    -------
    progress : (int)
        Percent of the dense product done.
    finished : (dict)
        ``V, d, batch, rows_touched, sparse_s, dense_s, same, max_other``.
    cancelled : ()
    """

    progress = Signal(int)
    finished = Signal(dict)
    cancelled = Signal()

    def __init__(self, V: int, d: int, batch: int, seed: int = 0) -> None:
        super().__init__()
        self.V, self.d, self.batch, self.seed = V, d, batch, seed
        self._cancel = False

    def cancel(self) -> None:
        """Ask the dense product to stop at its next block (a bool write is atomic in CPython)."""
        self._cancel = True

    def is_cancelled(self) -> bool:
        """True once :meth:`cancel` was asked (the race may still be finishing its block)."""
        return self._cancel

    def run(self) -> None:
        """Sample ids (Zipf, s = 1), random upstream gradients, then race the two methods."""
        rng = np.random.default_rng(self.seed)
        ids = zipf_batch(self.V, self.batch, 1.0, rng)
        upstream = rng.standard_normal((self.batch, self.d), dtype=np.float32)
        start = time.perf_counter()
        rows, grads = embedding_gradient(ids, upstream)
        sparse_s = time.perf_counter() - start
        start = time.perf_counter()
        dense = None
        for done, partial in iter_dense_embedding_gradient(ids, upstream, self.V):
            if self._cancel:
                self.cancelled.emit()
                return
            self.progress.emit(int(100 * done / self.V))
            dense = partial
        dense_s = time.perf_counter() - start
        assert dense is not None
        others = np.ones(self.V, dtype=bool)
        others[rows] = False
        self.finished.emit({
            "V": self.V, "d": self.d, "batch": self.batch, "rows_touched": len(rows),
            "sparse_s": sparse_s, "dense_s": dense_s,
            "same": bool(np.allclose(dense[rows], grads, atol=1e-3)),
            "max_other": float(np.abs(dense[others]).max()) if others.any() else 0.0,
        })


class RealScalePanel(ListeningView, QGroupBox):
    """V, d and batch (GPT-2 small by default): rows touched, memory, and both methods timed.

    The dense product can take seconds, so it runs on a worker thread with a progress bar and a
    cancel button; the window stays responsive.

    Signals
    -------
    measured : (dict)
        A run finished: the worker's result (``rows_touched``, ``V``, ``batch``, …).
    """

    measured = Signal(dict)

    def __init__(self, appearance: Appearance, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._appearance = appearance
        self._thread: QThread | None = None
        self._worker: GradientRace | None = None
        self._for_step = False  # the running race answers a lesson step's question
        self._start_again = False  # asked to measure while a cancelled race was still winding down
        # A lesson question about this race, not revealed yet: Measure waits for the lesson's Reveal
        # and no result is shown (one from before the step would give the answer away).
        self._holding = False
        # The lesson's caption gives the answer of this race (a revealed step measured it): the
        # panel's own paragraph would say it a second time, on a stage short of lines.
        self._told_by_lesson = False
        self.result: dict[str, Any] | None = None
        # What the report says: nothing yet, a race "measuring", one "cancelled", or the result
        # "measured". Kept so that a change of language writes it again in the new one.
        self._report = ReportState.NONE
        self.vocabulary = _spin(2, 300_000, GPT2_SMALL_VOCAB)
        self.width_d = _spin(1, 8192, GPT2_SMALL_WIDTH)
        self.batch = _spin(1, 100_000, DEFAULT_BATCH)
        self.run_button, self.cancel_button = QPushButton(), QPushButton()
        self.cancel_button.setEnabled(False)
        self.progress = QProgressBar()
        self.progress.setRange(0, 100)
        self.progress.setValue(0)
        self.report = QLabel()
        self.report.setWordWrap(True)
        self.memory = QLabel()
        self.memory.setWordWrap(True)
        self.answer = QLabel()
        self.answer.setWordWrap(True)
        # The three memories to one scale: what the sparse path saves is seen before it is measured.
        self.bars = FigureBars(appearance)
        self._captions = [QLabel() for _ in range(3)]
        layout = QGridLayout(self)
        for column, (caption, spin) in enumerate(zip(self._captions, (self.vocabulary, self.width_d, self.batch),
                                                     strict=True)):
            layout.addWidget(caption, 0, 2 * column)
            layout.addWidget(spin, 0, 2 * column + 1)
        layout.addWidget(self.run_button, 0, 6)
        layout.addWidget(self.cancel_button, 0, 7)
        layout.addWidget(self.progress, 1, 0, 1, 8)
        layout.addWidget(self.memory, 2, 0, 1, 8)
        layout.addWidget(self.report, 3, 0, 1, 8)
        layout.addWidget(self.answer, 4, 0, 1, 8)
        layout.addWidget(self.bars, 5, 0, 1, 8)
        layout.setRowStretch(5, 1)
        self.run_button.clicked.connect(self.start)
        self.cancel_button.clicked.connect(self.cancel)
        for spin in (self.vocabulary, self.width_d, self.batch):
            spin.valueChanged.connect(self._show_memory)
        self.listen(appearance.events.scale, self._on_scale_changed)
        self.listen(appearance.events.language, self.retranslate)
        self._on_scale_changed()
        self.retranslate()

    def is_running(self) -> bool:
        """True while the worker thread runs."""
        return self._thread is not None

    def is_cancelling(self) -> bool:
        """True while a race runs that was asked to stop (it stops at its next block)."""
        return self._worker is not None and self._worker.is_cancelled()

    def start(self) -> None:
        """Start the measurement on a worker thread (not while a lesson question waits for it)."""
        if self._holding:
            return
        if self._thread is not None:
            self._start_again = self.is_cancelling()  # else the running race answers
            return
        self.result = None
        self._worker = GradientRace(self.vocabulary.value(), self.width_d.value(), self.batch.value())
        self._thread = QThread(self)
        self._worker.moveToThread(self._thread)
        self._thread.started.connect(self._worker.run)
        self._worker.progress.connect(self.progress.setValue)
        self._worker.finished.connect(self._on_finished)
        self._worker.cancelled.connect(self._on_cancelled)
        self.run_button.setEnabled(False)
        self.cancel_button.setEnabled(True)
        self.progress.setValue(0)
        self._report = ReportState.MEASURING
        self._show_report()
        self._thread.start()

    def cancel(self) -> None:
        """Stop the dense product at its next block."""
        self._start_again = False
        if self._worker is not None:
            self._worker.cancel()

    def hold_answer(self, waits: bool) -> None:
        """A lesson step asks what this race measures and has not revealed it (``waits``): Measure
        waits for the lesson's Reveal, and a result already here (a run before the step) is not
        shown. False: everything shows again."""
        if waits == self._holding:
            return
        self._holding = waits
        self.run_button.setEnabled(not waits and self._thread is None)
        self._show_report()
        self._show_memory()

    def measure_for_step(self, measure: bool) -> None:
        """A lesson step's cue: start the race its revealed answer reports (``measure``), or,
        on any other step, cancel a race a step started. At GPT-2's size the race keeps a core
        busy for seconds; once the class has moved on, it would only slow every repaint of the
        steps that follow (the teacher's own run, started with Measure, is left alone)."""
        if measure != self._told_by_lesson:
            self._told_by_lesson = measure  # the lesson says the answer: the panel does not repeat it
            self._show_report()
        if measure and self._measured_as_set():
            # F9 showing the lesson again, or the class back on the answer: the race that answers it
            # has run for these V, d and batch (seed 0: the same rows), so its result is the answer.
            # A second run would only keep a core busy for seconds while the stage repaints.
            self.measured.emit(self.result)
        elif measure:
            # A race the teacher started with Measure answers the step too, but stays the teacher's:
            # moving on does not cancel it.
            teachers = self.is_running() and not self._for_step and not self.is_cancelling()
            self.start()
            if not teachers:
                self._for_step = self._thread is not None
        elif self._for_step:
            self.cancel()

    def _measured_as_set(self) -> bool:
        """True when a finished race measured the V, d and batch set now (and none runs)."""
        return self._thread is None and self.result is not None and \
            (self.result["V"], self.result["d"], self.result["batch"]) == \
            (self.vocabulary.value(), self.width_d.value(), self.batch.value())

    def _on_finished(self, result: dict[str, Any]) -> None:
        self._stop_thread()
        self.result = result
        self._report = ReportState.MEASURED
        self._show_report()
        self._show_memory()
        self.measured.emit(result)

    def _show_report(self) -> None:
        """Write the report (and, once measured, the answer) in the current language."""
        # Holding, the report stays out as before any run (on stage a line of it took the class poll's
        # count off the screen at 1280 × 720): the greyed Measure and its tooltip say why.
        self.report.setVisible(not self._holding and self._report is not ReportState.NONE)
        self.answer.setVisible(self._report is ReportState.MEASURED and not self._holding and not self._told_by_lesson)
        self.run_button.setToolTip(self.tr("Predict first: the lesson's Reveal measures this batch.")
                                   if self._holding else "")
        if self._holding:
            return
        if self._report is ReportState.MEASURING:
            self.report.setText(self.tr("Measuring… the dense one-hot product may take a few seconds."))
            return
        if self._report is ReportState.CANCELLED:
            self.report.setText(self.tr("Cancelled."))
            return
        if self._report is ReportState.NONE or self.result is None:
            return
        result, numbers = self.result, self._appearance.numbers
        ratio = result["dense_s"] / max(result["sparse_s"], 1e-9)
        # "ms" kept beside its number (a no-break space): on stage "48.8" ended a line and "ms" began the next.
        # The times are this run's, on this computer: another run (another laptop, another load)
        # gives others (139×, 162×, 185× on one afternoon); the screen says so.
        self.report.setText(self.tr(
            "Rows that got a gradient: {0} of {1}.   Timed just now on this computer (each run differs): "
            "sparse (sort, then sum each id's rows) {2} ms, dense (one-hot product) {3} ms, {4}× slower.   "
            "Same numbers: {5}.").format(
            numbers.integer(result["rows_touched"]), numbers.integer(result["V"]),
            numbers.fixed(result["sparse_s"] * 1000, 1),
            numbers.integer(round(result["dense_s"] * 1000)), numbers.integer(round(ratio)),  # 7,540 ms
            self.tr("yes") if result["same"] else self.tr("NO")))
        self.answer.setText(self.tr(
            "The answer, from this run: only the {0} rows whose ids occur in "
            "the batch of {1} tokens get a gradient (never more than {1} of {2}; fewer, because "
            "frequent tokens repeat). Every other row gets exactly 0 (largest value found: {3}).").format(
            numbers.integer(result["rows_touched"]), numbers.integer(result["batch"]),
            numbers.integer(result["V"]), numbers.short(result["max_other"])))

    def _on_cancelled(self) -> None:
        self._stop_thread()
        self._report = ReportState.CANCELLED
        self._show_report()
        if self._start_again:  # the step came back while its cancelled race was winding down
            self._start_again = False
            self.start()
            self._for_step = True

    def _stop_thread(self) -> None:
        if self._thread is not None:
            self._thread.quit()
            self._thread.wait()
            self._thread.deleteLater()
        if self._worker is not None:
            self._worker.deleteLater()
        self._thread = self._worker = None
        self._for_step = False
        self.run_button.setEnabled(not self._holding)
        self.cancel_button.setEnabled(False)

    def _show_memory(self) -> None:
        V, d, n = self.vocabulary.value(), self.width_d.value(), self.batch.value()
        mb = self._appearance.numbers
        dense, one_hot = V * d * BYTES_PER_FLOAT32 / 1e6, n * V * BYTES_PER_FLOAT32 / 1e6
        # Until the race has counted the rows, the sparse gradient's size is what the question asks:
        # not even its bound is shown ("at most 4,000 rows" is half the answer).
        if self.result and not self._holding:
            touched = self.result["rows_touched"]
            sparse = touched * d * BYTES_PER_FLOAT32 / 1e6
            sparse_line = Figure(self.tr("sparse: {0} rows × {1} = {2} MB").format(
                mb.integer(touched), mb.integer(d), mb.fixed(sparse, 1)), ((sparse, SPARSE_COLOUR),))
            memory = self.tr("Memory, float32: sparse gradient {0} MB ({1} rows × {2}) · dense gradient {3} MB "
                             "(V × d) + its one-hot matrix {4} MB (batch × V).").format(
                mb.fixed(sparse, 1), mb.integer(touched), d, mb.fixed(dense, 1), mb.fixed(one_hot, 1))
        else:
            # "?" rows, counted by the Measure button: not "the rows that get a gradient" (which says
            # that some do not) nor "the race" (a word the class never saw).
            sparse_line = Figure(self.tr("sparse: ? rows × {0}, counted by Measure").format(mb.integer(d)))
            memory = self.tr("Memory, float32: sparse gradient ? rows × {0}, counted by Measure · dense gradient "
                             "{1} MB (V × d) + its one-hot matrix {2} MB (batch × V).").format(
                d, mb.fixed(dense, 1), mb.fixed(one_hot, 1))
        self.memory.setText(memory)
        self.bars.set_figures(self.tr("Memory of the gradient, float32 (bars to one scale)"), [
            sparse_line,
            Figure(self.tr("dense: V × d = {0} × {1} = {2} MB").format(mb.integer(V), mb.integer(d),
                                                                      mb.fixed(dense, 1)), ((dense, DENSE_COLOUR),)),
            Figure(self.tr("its one-hot matrix: batch × V = {0} × {1} = {2} MB").format(
                mb.integer(n), mb.integer(V), mb.fixed(one_hot, 1)), ((one_hot, ONE_HOT_COLOUR),)),
        ])

    def _on_scale_changed(self) -> None:
        for widget in (*self._captions, self.report, self.answer, self.progress, self.memory):
            widget.setFont(scaled_font(self._appearance, 11))
        self.answer.setFont(scaled_font(self._appearance, 11, bold=True))
        # Word-wrapped labels under-report their height: reserve two lines each.
        for label in (self.report, self.answer, self.memory):
            label.setMinimumHeight(2 * label.fontMetrics().lineSpacing() + 4)
        # Presenting, the bars say what the line of memory says, larger: one of the two is enough.
        self.memory.setVisible(not self._appearance.presenting)
        self._show_memory()

    def retranslate(self) -> None:
        """Re-read every visible string."""
        self.setTitle(self.tr("Real scale (GPT-2 small by default), float32, Zipf s = 1"))
        for caption, text in zip(self._captions, (self.tr("V"), self.tr("d"), self.tr("batch")), strict=True):
            caption.setText(text)
        self.run_button.setText(self.tr("Measure"))
        self.cancel_button.setText(self.tr("Cancel"))
        self._show_report()
        self._show_memory()

    def detach(self) -> None:
        """Cancel and join the worker; stop listening."""
        self.cancel()
        self._stop_thread()
        super().detach()


def _spin(low: int, high: int, value: int) -> QSpinBox:
    spin = QSpinBox()
    spin.setRange(low, high)
    spin.setValue(value)
    spin.setGroupSeparatorShown(True)
    return spin
