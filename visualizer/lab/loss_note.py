"""The gradient lab's line on its loss: what L is, and why one step moves each row as far as it does."""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QLabel, QWidget

from visualizer.appearance import Appearance
from visualizer.core import display_token
from visualizer.lab.state import GradientLab
from visualizer.ui.balanced_label import keep_wrapped_lines
from visualizer.ui.palette import scaled_font, stage_label_font


def slower_despite_count(lab: GradientLab) -> tuple[int, int] | None:
    """A pair of token ids (a, b) of the batch where ``a`` comes more often than ``b`` yet one step
    moves its row less (the most frequent such ``a``, and the ``b`` that moves most): what the
    class sees on the bars and asks about. None where counts and steps agree."""
    counts, steps = lab.counts(), lab.step_distances()
    for a in np.argsort(-counts, kind="stable"):
        if counts[a] == 0:
            break
        fewer = [b for b in range(lab.V) if 0 < counts[b] < counts[a] and steps[b] > steps[a]]
        if fewer:
            return int(a), int(max(fewer, key=lambda b: steps[b]))
    return None


class LossNote(QLabel):
    """Defines the toy loss L (on stage too: the bars and the gradient are of L), and says why a
    step moves each row as far as it does, from the lab's own numbers.

    With SGD and E untied, ∂L/∂E[i] = count(i) · (E[i] − T[i]), so one step moves row i by
    η · count(i) · ‖E[i] − T[i]‖: a token that comes more often can move less when its row starts
    nearer its target (in the lesson's batch "." comes 16 times and moves 0.64, "o" 8 times and
    moves 0.84: "." starts 0.80 from its target, "o" 2.09). The note says so with the numbers of the
    batch on screen, and only what holds for the optimiser and the tying chosen.
    """

    def __init__(self, appearance: Appearance, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._appearance = appearance
        self.setWordWrap(True)
        self.setTextFormat(Qt.TextFormat.PlainText)  # a token's text shows as it is, and measures as it is drawn

    def restyle(self) -> None:
        """The stage's label type while presenting (its lines take the height the rows need), the
        window's otherwise."""
        self.setFont(stage_label_font(self._appearance) if self._appearance.presenting
                     else scaled_font(self._appearance, 11))
        self._keep_its_lines()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._keep_its_lines()

    def _keep_its_lines(self) -> None:
        # Squeezed with the lab (1350 × 720, zoomed in), the note lost its last line where the views
        # could have scrolled instead.
        keep_wrapped_lines(self)

    def show_lab(self, lab: GradientLab) -> None:
        """Say what L is and why the bars are as long as they are, for ``lab`` as it is."""
        numbers, presenting = self._appearance.numbers, self._appearance.presenting
        if presenting:
            text = self.tr("Toy loss L = ½ Σₜ ‖E[iₜ] − T[iₜ]‖²: each occurrence pulls its row of E toward a "
                           "target T.")
        else:
            text = self.tr(
                "Toy loss (an illustration, not a language model's): L = ½ Σₜ ‖E[iₜ] − T[iₜ]‖², each "
                "occurrence pulls its row toward a fixed target T. Batch loss {0}. Frequent tokens get "
                "many pulls per step; rare ones almost none, so their rows barely move.").format(
                numbers.fixed(lab.loss(), 3))
        why = self._why(lab)
        if why:
            text += " " + why
        if lab.tied and not presenting:
            text += " " + self.tr("Tied: E is also the softmax output layer, which gives every row a gradient.")
        if lab.optimizer == "adam" and not presenting:
            text += " " + self.tr("Adam here is the sparse (lazy) kind frameworks use for embeddings: "
                                  "rows without a gradient keep their moments.")
        self.setText(text)
        self._keep_its_lines()

    def _why(self, lab: GradientLab) -> str:
        """Why one step moves each row as far as the bars say (before any step: the bars are then
        one step's; with SGD and E untied, where the formula below holds)."""
        if lab.steps or lab.tied or lab.optimizer != "sgd":
            return ""
        numbers = self._appearance.numbers
        rate = numbers.short(lab.learning_rate)
        pair = slower_despite_count(lab)
        if pair is None:
            return self.tr("One step moves a row by η × its count × its distance to T (η = {0}).").format(rate)
        a, b = pair
        counts = lab.counts()
        distances = np.linalg.norm(lab.E - lab.targets, axis=1)
        return self.tr("“{0}” comes {1} times, “{2}” {3}, yet “{0}” moves less: a step moves a row η × count × its "
                       "distance to T (η = {4}), and “{0}” starts nearer ({5} against {6}).").format(
            display_token(lab.tokens[a]), int(counts[a]), display_token(lab.tokens[b]), int(counts[b]), rate,
            numbers.fixed(float(distances[a]), 2), numbers.fixed(float(distances[b]), 2))


__all__ = ["LossNote", "slower_despite_count"]
