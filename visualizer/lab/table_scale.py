"""How big E gets: the lesson's scale facts as computed figures, with bars to one scale.

GPT-2 small's E (V × d, and its share of the whole model), a Llama 3 class table, and what tying
E to the output layer saves. Every figure comes from :func:`visualizer.core.parameter_count` and
the sizes in :mod:`visualizer.core.gradient`; nothing is typed in.
"""

from __future__ import annotations

from PySide6.QtGui import QColor
from PySide6.QtWidgets import QVBoxLayout, QWidget

from visualizer.appearance import Appearance
from visualizer.core import (
    GPT2_SMALL_PARAMETERS,
    GPT2_SMALL_VOCAB,
    GPT2_SMALL_WIDTH,
    LLAMA3_VOCAB,
    LLAMA3_WIDTH,
    parameter_count,
)
from visualizer.lab.figure_bars import Figure, FigureBars
from visualizer.model import EmbeddingModel
from visualizer.ui.protocol import ListeningView

TABLE_COLOUR = QColor("#0072B2")
OUTPUT_COLOUR = QColor("#D55E00")
REST_COLOUR = QColor("#B8B8B8")


class TableScale(ListeningView, QWidget):
    """The scale facts, figure by figure, each with a bar; all bars to one scale (the largest, an
    untied Llama 3 class vocabulary: input table and output layer)."""

    def __init__(self, model: EmbeddingModel, appearance: Appearance, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._model, self._appearance = model, appearance
        self.bars = FigureBars(appearance)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.bars)
        # Not the model's changes: its only figure here, the toy's V × d, is fixed for the model's
        # life (edits, undo and session files keep E's shape), and an edit redrew all six lines.
        self.listen(appearance.events.scale, self.refresh)
        self.listen(appearance.events.look, self.refresh)
        self.listen(appearance.events.language, self.retranslate)
        self.refresh()

    def figures(self) -> list[Figure]:
        """The lines of the stage, computed in the language's numbers."""
        n = self._appearance.numbers
        gpt2 = parameter_count(GPT2_SMALL_VOCAB, GPT2_SMALL_WIDTH, tied=True)
        llama = parameter_count(LLAMA3_VOCAB, LLAMA3_WIDTH, tied=True)
        untied = parameter_count(LLAMA3_VOCAB, LLAMA3_WIDTH, tied=False)
        toy = parameter_count(self._model.V, self._model.d, tied=True)
        share = round(100 * gpt2 / GPT2_SMALL_PARAMETERS)
        return [
            Figure(self.tr("GPT-2 small, E: {0} × {1} = {2} ≈ {3} million").format(
                n.integer(GPT2_SMALL_VOCAB), n.integer(GPT2_SMALL_WIDTH), n.integer(gpt2), n.fixed(gpt2 / 1e6, 1)),
                   ((gpt2, TABLE_COLOUR), (GPT2_SMALL_PARAMETERS - gpt2, REST_COLOUR))),
            Figure(self.tr("that is {0}% of the whole model's {1} million (grey: the rest)").format(
                share, n.integer(round(GPT2_SMALL_PARAMETERS / 1e6)))),
            Figure(self.tr("Llama 3 class, E: {0} × {1} = {2} ≈ {3} million").format(
                n.integer(LLAMA3_VOCAB), n.integer(LLAMA3_WIDTH), n.integer(llama), n.integer(round(llama / 1e6))),
                   ((llama, TABLE_COLOUR),)),
            # Past a thousand million, in billions: "≈ 1,05 bilhão" as a Brazilian writes it.
            Figure(self.tr("untied: E plus an output layer of the same size, {0} ≈ {1} billion").format(
                n.integer(untied), n.fixed(untied / 1e9, 2)),
                   ((llama, TABLE_COLOUR), (untied - llama, OUTPUT_COLOUR))),
            Figure(self.tr("tied: the output layer reuses E, one table: {0} ≈ {1} million").format(
                n.integer(llama), n.integer(round(llama / 1e6))), ((llama, TABLE_COLOUR),)),
            Figure(self.tr("The toy's E: {0} × {1} = {2} numbers.").format(self._model.V, self._model.d,
                                                                           n.integer(toy))),
        ]

    def title(self) -> str:
        """The heading of the stage."""
        return self.tr("How many numbers E holds (bars to one scale)")

    def refresh(self) -> None:
        """The figures again (the model's size, the language's numbers, the stage's type)."""
        self.bars.set_figures(self.title(), self.figures())

    def retranslate(self) -> None:
        """Re-read every visible string."""
        self.refresh()


__all__ = ["TableScale"]
