"""How the class answered, for the reveal: one bar per choice, the right one marked.

Drawn for a projector: the counts in type whose digits are 16 px tall at 768 lines, the choices'
texts at 14 px and up, in either language; the right choice has a ✓ and its own colour, so the
mark does not depend on colour alone. Wide, each choice is one line (letter, text, bar, count);
in a column (a panel beside the views) its bar goes under its text.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QFrame, QGridLayout, QHBoxLayout, QLabel, QSizePolicy, QVBoxLayout, QWidget

from visualizer.appearance import Appearance
from visualizer.poll.ballot import PollResults
from visualizer.ui.palette import scaled_font
from visualizer.ui.protocol import ListeningView

RIGHT_COLOUR = "#009E73"  # Okabe–Ito bluish green
OTHER_COLOUR = "#0072B2"  # Okabe–Ito blue


class PollResultsView(ListeningView, QWidget):
    """A bar chart of one question's answers. A widget of values: give it :class:`PollResults`.

    Parameters
    ----------
    appearance : Appearance
        Language of the texts, and the sizes (``stage_px`` while presenting).
    parent : QWidget, optional
    """

    def __init__(self, appearance: Appearance, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("poll_results")
        self._appearance = appearance
        self._results: PollResults | None = None
        self._column = False
        self.prompt = QLabel()
        self.prompt.setWordWrap(True)
        self.footer = QLabel()
        self.footer.setWordWrap(True)
        self._rows = QWidget()
        self._grid = QGridLayout(self._rows)
        layout = QVBoxLayout(self)
        layout.addWidget(self.prompt)
        layout.addWidget(self._rows, 1)
        layout.addWidget(self.footer)
        self.letters: list[QLabel] = []
        self.texts: list[QLabel] = []
        self.bars: list[QFrame] = []
        self.counts: list[QLabel] = []
        self._tracks: list[QHBoxLayout] = []
        self._holders: list[QWidget] = []  # each bar's track
        self.listen(appearance.events.scale, self._on_scale_changed)
        self.listen(appearance.events.language, self.retranslate)
        self.retranslate()

    def results(self) -> PollResults | None:
        """What is shown."""
        return self._results

    def set_column(self, column: bool) -> None:
        """Each bar under its choice's text (a narrow panel), or beside it (the default)."""
        if column != self._column:
            self._column = column
            self._place_rows()
            self._on_scale_changed()

    def set_prompt_shown(self, shown: bool) -> None:
        """Show the question above the bars, or not (the lesson shows it right beside the chart)."""
        self.prompt.setVisible(shown)

    def set_results(self, results: PollResults | None) -> None:
        """Show ``results`` (None: nothing to show)."""
        self._results = results
        choices = len(results.question.choices) if results is not None else 0
        if choices != len(self.letters):
            self._make_rows(choices)
        self.retranslate()

    def _make_rows(self, choices: int) -> None:
        for widget in (*self.letters, *self.texts, *self.counts):
            widget.deleteLater()
        for holder in self._holders:
            holder.deleteLater()
        self.letters, self.texts, self.bars, self.counts, self._tracks, self._holders = [], [], [], [], [], []
        for row in range(choices):
            letter, text, count = QLabel(), QLabel(), QLabel()
            text.setWordWrap(True)
            count.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            holder = QWidget()
            holder.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
            track = QHBoxLayout(holder)
            track.setContentsMargins(0, 0, 0, 0)
            track.setSpacing(0)
            bar = QFrame()
            bar.setObjectName(f"poll_bar_{row}")
            bar.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
            track.addWidget(bar, 0, Qt.AlignmentFlag.AlignVCenter)
            track.addStretch()
            self.letters.append(letter)
            self.texts.append(text)
            self.bars.append(bar)
            self.counts.append(count)
            self._tracks.append(track)
            self._holders.append(holder)
        self._place_rows()
        for row in range(choices):
            for shown in (self.letters[row], self.texts[row], self._holders[row], self.counts[row]):
                shown.show()  # children added to a shown widget stay hidden until told
        self._on_scale_changed()

    def _place_rows(self) -> None:
        """One line per choice, or (in a column) the bar on a line of its own under the text."""
        grid = self._grid
        for row in range(len(self.letters)):
            for widget in (self.letters[row], self.texts[row], self._holders[row], self.counts[row]):
                grid.removeWidget(widget)
        lines = 2 if self._column else 1
        for row in range(len(self.letters)):
            line = row * lines
            grid.addWidget(self.letters[row], line, 0, Qt.AlignmentFlag.AlignVCenter)
            if self._column:
                grid.addWidget(self.texts[row], line, 1, 1, 3)  # the whole width: the count is on the bar's line
                grid.addWidget(self._holders[row], line + 1, 1, 1, 2)
                grid.addWidget(self.counts[row], line + 1, 3)
            else:
                grid.addWidget(self.texts[row], line, 1)
                grid.addWidget(self._holders[row], line, 2)
                grid.addWidget(self.counts[row], line, 3)
        # Wide, the texts get a little more of the width than the bars (a longer choice then takes
        # two lines, not three); in a column the text has the width and the bar the line under it.
        grid.setColumnStretch(1, 1 if self._column else 3)
        grid.setColumnStretch(2, 1 if self._column else 2)

    def retranslate(self) -> None:
        """Re-read every text in the current language, and redraw the bars."""
        results = self._results
        language = self._appearance.language
        numbers = self._appearance.numbers
        if results is None:
            self.prompt.setText(self.tr("No answers to show: this step asks no question."))
            self.footer.setText("")
            return
        question = results.question
        self.prompt.setText(question.prompt[language])
        total = results.answered
        for index, choice in enumerate(question.choices):
            right = results.revealed and index == question.right
            count = results.counts[index]
            self.letters[index].setText(("✓ " if right else "") + question.letter(index))
            _set_style(self.letters[index], f"color: {RIGHT_COLOUR};" if right else "")
            self.texts[index].setText(choice.text[language])
            share = round(100 * count / total) if total else 0
            self.counts[index].setText(self.tr("{0} ({1}%)").format(numbers.integer(count), share))
            # The bar's length is its share of everyone who answered (stretch factors are exact).
            self._tracks[index].setStretch(0, count)
            self._tracks[index].setStretch(1, max(total - count, 0) if total else 1)
            colour = RIGHT_COLOUR if right else OTHER_COLOUR
            _set_style(self.bars[index], f"QFrame {{ background: {colour}; border: none; }}")
            self.bars[index].setVisible(count > 0)
        if results.revealed:
            footer = self.tr("Answered: {0}. ✓ marks the right answer.")
        else:
            footer = self.tr("Answered: {0}. The answer is not revealed yet.")
        self.footer.setText(footer.format(numbers.integer(total)))

    def _on_scale_changed(self, *_: object) -> None:
        appearance = self._appearance

        def font(stage_px: int, points: float, bold: bool = False) -> QFont:
            if appearance.presenting:
                chosen = QFont()
                chosen.setPixelSize(appearance.stage_px(stage_px))
                chosen.setBold(bold)
                return chosen
            return scaled_font(appearance, points, bold=bold)

        # A column beside the views shares its height with the lesson: the window's own sizes there.
        big, bar_px = (12, 14) if self._column else (15, 20)
        self.prompt.setFont(font(24, 14, bold=True))
        self.footer.setFont(font(18, 10 if self._column else 11))
        for letter, text, bar, count in zip(self.letters, self.texts, self.bars, self.counts, strict=True):
            letter.setFont(font(26, big, bold=True))
            text.setFont(font(20, 11 if self._column else 12))
            count.setFont(font(26, big, bold=True))
            bar.setFixedHeight(appearance.stage_px(30) if appearance.presenting else appearance.px(bar_px))


def _set_style(widget: QWidget, style: str) -> None:
    """A style sheet set again re-polishes the widget: during a burst of answers, only changes."""
    if widget.styleSheet() != style:
        widget.setStyleSheet(style)


__all__ = ["OTHER_COLOUR", "RIGHT_COLOUR", "PollResultsView"]
