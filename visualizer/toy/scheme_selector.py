"""Pick the position scheme: none, learned, sinusoidal, RoPE, ALiBi, each with its verdict."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QButtonGroup, QGridLayout, QGroupBox, QLabel, QRadioButton, QSizePolicy, QWidget

from visualizer.appearance import Appearance
from visualizer.core import SCHEMES
from visualizer.io.scheme_names import SCHEME_CONTEXT, SCHEME_NAMES
from visualizer.model import EmbeddingModel
from visualizer.ui.balanced_label import keep_wrapped_lines
from visualizer.ui.palette import scaled_font, size_indicator
from visualizer.ui.protocol import ListeningView
from visualizer.ui.values import ControlValue


def scheme_names() -> dict[str, str]:
    """The display name of each scheme, in the current language (the names the handout uses too)."""
    return {scheme: QCoreApplication.translate(SCHEME_CONTEXT, name) for scheme, name in SCHEME_NAMES.items()}


class SchemeSelector(ListeningView, QGroupBox):
    """Five radio buttons over ``model.scheme`` side by side, the verdict under each, and a note
    that says where position enters (and that nothing is added to X when that is so).

    In a short window (:meth:`set_short`: a laptop's 768 lines) the verdicts leave their row: the
    chosen scheme's verdict opens the note, and each button's tooltip keeps its own; with the
    lesson along the bottom too, the note steps aside (the lesson's caption says what the step
    needs, and a 1024 × 700 window left the attention scores 22 px). Presenting, only the names
    stay (the lesson's caption does the talking)."""

    def __init__(self, model: EmbeddingModel, appearance: Appearance, parent: QWidget | None = None):
        super().__init__(parent)
        self._model = model
        self._appearance = appearance
        self._compact = False
        self._short = False
        self._lesson_below = False
        self._group = QButtonGroup(self)
        self.buttons: dict[str, QRadioButton] = {}
        self.verdicts: dict[str, QLabel] = {}
        # One column per scheme: the name on top, its verdict below; the note spans all five.
        layout = QGridLayout(self)
        for index, scheme in enumerate(SCHEMES):
            button = QRadioButton()
            verdict = QLabel()
            verdict.setWordWrap(True)
            verdict.setTextFormat(Qt.TextFormat.PlainText)  # measured as drawn (keep_wrapped_lines)
            verdict.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
            self._group.addButton(button, index)
            layout.addWidget(button, 0, index)
            layout.addWidget(verdict, 1, index)
            layout.setColumnStretch(index, 1)
            self.buttons[scheme], self.verdicts[scheme] = button, verdict
        self.note = QLabel()
        self.note.setWordWrap(True)
        self.note.setStyleSheet("background: #FFF3D6; border: 1px solid #E0B050; padding: 4px;")
        layout.addWidget(self.note, 2, 0, 1, len(SCHEMES))
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)
        self.choice = ControlValue.one_of(self._group, SCHEMES)
        self.choice.changed.connect(self._model.set_scheme)
        self.listen(model.events.scheme_changed, self.refresh)
        self.listen(appearance.events.scale, self._on_scale_changed)
        self.listen(appearance.events.language, self.retranslate)
        self._on_scale_changed()
        self.retranslate()
        self.refresh()

    def names(self) -> dict[str, str]:
        """The display name of each scheme."""
        return scheme_names()

    def verdict_texts(self) -> dict[str, str]:
        """The one-line verdict of each scheme (facts from the lesson, in our words)."""
        return {
            "none": self.tr("NoPE: causality alone carries order. More and more common in "
                            "hybrid and long-context stacks."),
            "learned": self.tr("Historical (BERT, GPT-2). Cannot go past the trained length "
                               "at all."),
            "sinusoidal": self.tr("Historical (2017). Extrapolates badly."),
            "rope": self.tr("Universal: Llama, Qwen, Mistral, Gemma, DeepSeek."),
            "alibi": self.tr("Extrapolates well; largely superseded."),
        }

    def note_text(self, scheme: str) -> str:
        """Where position enters under ``scheme``."""
        if scheme == "learned":
            return self.tr("xₜ = E[iₜ] + Pₜ: row t of a trained table is added at position t, counted "
                           "from 1 ({0} positions in the toy).").format(self._model.trained_length)
        if scheme == "sinusoidal":
            return self.tr("xₜ = E[iₜ] + PE(t − 1): a computed sin/cos vector is added (its formula "
                           "counts from 0).")
        if scheme == "rope":
            return self.tr("Nothing is added to X. Position enters inside attention: q and k "
                           "are rotated, so scores depend only on distance.")
        if scheme == "alibi":
            return self.tr("Nothing is added to X. Position enters inside attention: "
                           "−slope × distance is added to each score.")
        return self.tr("Nothing is added to X, and position enters nowhere else: "
                       "only the causal mask tells tokens apart by order.")

    def is_compact(self) -> bool:
        """True while presenting: one row of names; the lesson's caption does the talking."""
        return self._compact

    def is_short(self) -> bool:
        """True in a short window: the chosen verdict in the note, the others in tooltips."""
        return self._short

    def set_short(self, short: bool, lesson_below: bool = False) -> None:
        """Give the views the verdicts' row (a short window), and the note's too if the lesson runs
        along the bottom (``lesson_below``), or take them back."""
        if (short, lesson_below) != (self._short, self._lesson_below):
            self._short, self._lesson_below = short, lesson_below
            self._show_parts()
            self.note.setText(self._note())

    def _show_parts(self) -> None:
        for verdict in self.verdicts.values():
            verdict.setVisible(not (self._compact or self._short))
        self.note.setVisible(not (self._compact or (self._short and self._lesson_below)))

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        # A narrow window wraps a verdict onto a fourth line: make room rather than cut it, and give
        # it back once wide again (heightForWidth answered at least the room taken: it never did).
        for verdict in self.verdicts.values():
            keep_wrapped_lines(verdict, at_least=3 * verdict.fontMetrics().lineSpacing())

    def _note(self) -> str:
        scheme = self._model.scheme
        if self._short:  # the verdicts' row is gone: the chosen one opens the note
            return self.verdict_texts()[scheme] + " " + self.note_text(scheme)
        return self.note_text(scheme)

    def retranslate(self) -> None:
        """Re-read every visible string."""
        self.setTitle("" if self._compact else self.tr("Position scheme"))
        names, verdicts = self.names(), self.verdict_texts()
        for scheme in SCHEMES:
            self.buttons[scheme].setText(names[scheme])
            self.buttons[scheme].setToolTip(verdicts[scheme])
            self.verdicts[scheme].setText(verdicts[scheme])
        self.note.setText(self._note())

    def refresh(self) -> None:
        """Check the model's scheme and say where its position enters."""
        self.choice.value = self._model.scheme
        self.note.setText(self._note())

    def _on_scale_changed(self) -> None:
        compact = self._appearance.presenting
        if compact != self._compact:  # presenting: one row of names; the lesson's caption does the talking
            self._compact = compact
            self._show_parts()
            self.setTitle("" if compact else self.tr("Position scheme"))
        self.setFont(scaled_font(self._appearance, 11, bold=True))
        for scheme in SCHEMES:
            # Compact (presenting), the row is a reminder of the choice, not the step's point.
            self.buttons[scheme].setFont(scaled_font(self._appearance, 10 if self._compact else 13, bold=True))
            size_indicator(self.buttons[scheme], self._compact)
            self.verdicts[scheme].setFont(scaled_font(self._appearance, 10))
            # Word-wrapped labels under-report their height; reserve three lines for a verdict
            # (resizeEvent gives a narrow column the lines it really needs).
            self.verdicts[scheme].setMinimumHeight(
                3 * self.verdicts[scheme].fontMetrics().lineSpacing())
        self.note.setFont(scaled_font(self._appearance, 11))
