"""How the class answered, for the reveal: one bar per choice, the right one marked; after a
discussion (peer instruction), the first vote and the second side by side.

Drawn for a projector: the counts in type whose digits are 16 px tall at 768 lines, the choices'
texts at 14 px and up, in either language; the right choice has a ✓ and its own colour, so the
mark does not depend on colour alone. Wide, each choice is one line (letter, text, bar, count; with
two votes, the first vote's bar and count, then the second's, under their column titles); in a
column (a panel beside the views) its bars go under its text, each count saying which vote it is.
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
FIRST_RIGHT_COLOUR = "#80CEB9"  # the same hues, lighter: the first vote, before the discussion
FIRST_OTHER_COLOUR = "#80B8D8"


class _Bar:
    """One bar and its count: the bar's track (its length a share of the class) and the count."""

    def __init__(self, name: str) -> None:
        self.holder = QWidget()
        self.holder.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.track = QHBoxLayout(self.holder)
        self.track.setContentsMargins(0, 0, 0, 0)
        self.track.setSpacing(0)
        self.bar = QFrame()
        self.bar.setObjectName(name)
        self.bar.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        self.track.addWidget(self.bar, 0, Qt.AlignmentFlag.AlignVCenter)
        self.track.addStretch()
        self.count = QLabel()
        self.count.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)

    def show(self, count: int, total: int, colour: str, text: str) -> None:
        # The bar's length is its share of everyone who answered (stretch factors are exact).
        self.track.setStretch(0, count)
        self.track.setStretch(1, max(total - count, 0) if total else 1)
        _set_style(self.bar, f"QFrame {{ background: {colour}; border: none; }}")
        self.bar.setVisible(count > 0)
        self.count.setText(text)

    def widgets(self) -> tuple[QWidget, QLabel]:
        return self.holder, self.count

    def delete(self) -> None:
        self.holder.deleteLater()
        self.count.deleteLater()


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
        self._two_votes = False
        self.prompt = QLabel()
        self.prompt.setWordWrap(True)
        self.footer = QLabel()
        self.footer.setWordWrap(True)
        self._rows = QWidget()
        self._grid = QGridLayout(self._rows)
        # Over the two votes' bars once the class voted again (in the grid only then).
        self.first_title, self.second_title = QLabel(self._rows), QLabel(self._rows)
        for title in (self.first_title, self.second_title):
            title.setWordWrap(True)
            title.hide()
        layout = QVBoxLayout(self)
        layout.addWidget(self.prompt)
        layout.addWidget(self._rows, 1)
        layout.addWidget(self.footer)
        self.letters: list[QLabel] = []
        self.texts: list[QLabel] = []
        self._second: list[_Bar] = []  # the vote shown (after a discussion: the second)
        self._first: list[_Bar] = []  # the first vote, shown once the class voted again
        self.listen(appearance.events.scale, self._on_scale_changed)
        self.listen(appearance.events.language, self.retranslate)
        self.retranslate()

    @property
    def bars(self) -> list[QFrame]:
        """Each choice's bar (after a discussion: the second vote's)."""
        return [bar.bar for bar in self._second]

    @property
    def counts(self) -> list[QLabel]:
        """Each choice's count (after a discussion: the second vote's)."""
        return [bar.count for bar in self._second]

    @property
    def first_bars(self) -> list[QFrame]:
        """Each choice's bar of the first vote (shown once the class voted again)."""
        return [bar.bar for bar in self._first]

    @property
    def first_counts(self) -> list[QLabel]:
        """Each choice's count of the first vote (shown once the class voted again)."""
        return [bar.count for bar in self._first]

    def results(self) -> PollResults | None:
        """What is shown."""
        return self._results

    def set_column(self, column: bool) -> None:
        """Each bar under its choice's text (a narrow panel), or beside it (the default)."""
        if column != self._column:
            self._column = column
            self._place_rows()
            self._on_scale_changed()
            self.retranslate()  # in a column each count says which vote it is

    def set_prompt_shown(self, shown: bool) -> None:
        """Show the question above the bars, or not (the lesson shows it right beside the chart)."""
        self.prompt.setVisible(shown)

    def set_results(self, results: PollResults | None) -> None:
        """Show ``results`` (None: nothing to show)."""
        self._results = results
        choices = len(results.question.choices) if results is not None else 0
        two_votes = results is not None and results.first is not None
        if choices != len(self.letters) or two_votes != self._two_votes:
            self._two_votes = two_votes
            self._make_rows(choices)
        self.retranslate()

    def _make_rows(self, choices: int) -> None:
        for label in (*self.letters, *self.texts):
            label.deleteLater()
        for bar in (*self._first, *self._second):
            bar.delete()
        self.letters, self.texts, self._first, self._second = [], [], [], []
        for row in range(choices):
            letter, text = QLabel(), QLabel()
            text.setWordWrap(True)
            self.letters.append(letter)
            self.texts.append(text)
            self._second.append(_Bar(f"poll_bar_{row}"))
            if self._two_votes:
                self._first.append(_Bar(f"poll_first_bar_{row}"))
        self._place_rows()
        for widget in self._row_widgets():
            widget.show()  # children added to a shown widget stay hidden until told
        self._on_scale_changed()

    def _row_widgets(self) -> list[QWidget]:
        widgets: list[QWidget] = [*self.letters, *self.texts]
        for bar in (*self._first, *self._second):
            widgets += bar.widgets()
        return widgets

    def _place_rows(self) -> None:
        """One line per choice, or (in a column) each bar on a line of its own under the text."""
        grid = self._grid
        for widget in (*self._row_widgets(), self.first_title, self.second_title):
            grid.removeWidget(widget)
        titled = self._two_votes and not self._column  # column titles over the two votes' bars
        self.first_title.setVisible(titled)
        self.second_title.setVisible(titled)
        if titled:
            grid.addWidget(self.first_title, 0, 2, 1, 2)
            grid.addWidget(self.second_title, 0, 4, 1, 2)
        votes = 2 if self._two_votes else 1
        lines = 1 + votes if self._column else 1
        for row in range(len(self.letters)):
            line = row * lines + (1 if titled else 0)
            grid.addWidget(self.letters[row], line, 0, Qt.AlignmentFlag.AlignVCenter)
            bars = ([self._first[row]] if self._two_votes else []) + [self._second[row]]
            if self._column:
                grid.addWidget(self.texts[row], line, 1, 1, 3)  # the whole width: the counts are on the bars' lines
                for offset, bar in enumerate(bars, start=1):
                    grid.addWidget(bar.holder, line + offset, 1, 1, 2)
                    grid.addWidget(bar.count, line + offset, 3)
            else:
                grid.addWidget(self.texts[row], line, 1)
                for number, bar in enumerate(bars):
                    grid.addWidget(bar.holder, line, 2 + 2 * number)
                    grid.addWidget(bar.count, line, 3 + 2 * number)
        # Wide, the texts get a little more of the width than the bars (a longer choice then takes
        # two lines, not three); in a column the text has the width and the bar the line under it.
        for column in range(6):
            grid.setColumnStretch(column, 0)
        grid.setColumnStretch(1, 1 if self._column else 3)
        grid.setColumnStretch(2, 1 if self._column else 2)
        if titled:
            grid.setColumnStretch(4, 2)

    def retranslate(self) -> None:
        """Re-read every text in the current language, and redraw the bars."""
        results = self._results
        language = self._appearance.language
        numbers = self._appearance.numbers
        self.first_title.setText(self.tr("First vote"))
        self.second_title.setText(self.tr("After the discussion"))
        if results is None:
            self.prompt.setText(self.tr("No answers to show: this step asks no question."))
            self.footer.setText("")
            return
        question = results.question
        self.prompt.setText(question.prompt[language])
        total = results.answered
        first_total = sum(results.first) if results.first is not None else 0

        def count_text(count: int, of: int, before: bool | None) -> str:
            share = round(100 * count / of) if of else 0
            if before is None or not self._column:  # one vote, or under its column's title
                return self.tr("{0} ({1}%)").format(numbers.integer(count), share)
            if before:
                return self.tr("first: {0} ({1}%)").format(numbers.integer(count), share)
            return self.tr("after: {0} ({1}%)").format(numbers.integer(count), share)

        for index, choice in enumerate(question.choices):
            right = results.revealed and index == question.right
            self.letters[index].setText(("✓ " if right else "") + question.letter(index))
            _set_style(self.letters[index], f"color: {RIGHT_COLOUR};" if right else "")
            self.texts[index].setText(choice.text[language])
            count = results.counts[index]
            two = results.first is not None
            self._second[index].show(count, total, RIGHT_COLOUR if right else OTHER_COLOUR,
                                     count_text(count, total, False if two else None))
            if results.first is not None and index < len(self._first):
                before = results.first[index]
                self._first[index].show(before, first_total, FIRST_RIGHT_COLOUR if right else FIRST_OTHER_COLOUR,
                                        count_text(before, first_total, True))
        if results.first is not None:
            footer = self.tr("First vote: {0} answered; after the discussion: {1}.").format(
                numbers.integer(first_total), numbers.integer(total))
            footer += " " + (self.tr("✓ marks the right answer.") if results.revealed
                             else self.tr("The answer is not revealed yet."))
        elif results.revealed:
            footer = self.tr("Answered: {0}. ✓ marks the right answer.").format(numbers.integer(total))
        else:
            footer = self.tr("Answered: {0}. The answer is not revealed yet.").format(numbers.integer(total))
        self.footer.setText(footer)

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
        for title in (self.first_title, self.second_title):
            title.setFont(font(20, 11 if self._column else 12, bold=True))
        for letter, text in zip(self.letters, self.texts, strict=True):
            letter.setFont(font(26, big, bold=True))
            text.setFont(font(20, 11 if self._column else 12))
        for bar in (*self._first, *self._second):
            bar.count.setFont(font(26, big, bold=True))
            bar.bar.setFixedHeight(appearance.stage_px(30) if appearance.presenting else appearance.px(bar_px))


def _set_style(widget: QWidget, style: str) -> None:
    """A style sheet set again re-polishes the widget: during a burst of answers, only changes."""
    if widget.styleSheet() != style:
        widget.setStyleSheet(style)


__all__ = ["FIRST_OTHER_COLOUR", "FIRST_RIGHT_COLOUR", "OTHER_COLOUR", "RIGHT_COLOUR", "PollResultsView"]
