"""One line saying where the numbers are that a matrix has no room to print."""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QLabel, QWidget

from visualizer.core.problems import QT_TRANSLATE_NOOP
from visualizer.ui.heatmap import Heatmap

CONTEXT = "NumbersHint"
WITH_STAGE = QT_TRANSLATE_NOOP("NumbersHint", "No room for the numbers of {0}: point at a cell, or F5.")
WINDOW_ONLY = QT_TRANSLATE_NOOP("NumbersHint", "No room for the numbers of {0}: point at a cell.")


def unprinted(heatmaps: Iterable[Heatmap]) -> list[Heatmap]:
    """The matrices on show that have numbers to print and no room for them (as last painted)."""
    return [heatmap for heatmap in heatmaps if heatmap.plot.isVisible() and not heatmap.labels.printed
            and any(text for row in heatmap.cell_texts() for text in row)]


def numbers_hint(heatmaps: Iterable[Heatmap], on_stage: bool = True, presenting: bool = False) -> str:
    """Where the numbers are that a matrix of ``heatmaps`` has no room to print: one line naming
    those matrices, or "" when every matrix shown prints its numbers. Pointing at a cell shows its
    value; ``on_stage`` says whether the stage (F5) prints them too. ``presenting``: none, the stage
    lays its matrices out to print them (a line that came and went there took the very height
    their numbers needed)."""
    names = [heatmap.title() for heatmap in unprinted(heatmaps)] if not presenting else []
    if not names:
        return ""
    return QCoreApplication.translate(CONTEXT, WITH_STAGE if on_stage else WINDOW_ONLY).format(", ".join(names))


class NumbersHintLabel(QLabel):
    """The line under a view's matrices that says where the numbers are a matrix has no room for.

    In the window it keeps a line's height even while it says nothing: the line coming and going
    took a line from the matrices, which then printed (or not) again, and the view flickered
    between the two. On stage it takes room only while it has something to say.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWordWrap(True)
        self._presenting = False
        self.show_hint("", False)

    def show_hint(self, text: str, presenting: bool) -> None:
        """Say ``text`` ("" for nothing); ``presenting`` decides whether its line is kept when empty."""
        self._presenting = presenting
        if text != self.text():
            self.setText(text)
        self.setMinimumHeight(0 if presenting else self.fontMetrics().lineSpacing())
        self.setVisible(bool(text) or not presenting)


__all__ = ["NumbersHintLabel", "numbers_hint", "unprinted"]
