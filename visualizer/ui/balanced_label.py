"""A word-wrapped label whose lines are as even as they can be: no word left alone on a last line."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QRect, Qt
from PySide6.QtGui import QFontMetrics, QResizeEvent
from PySide6.QtWidgets import QLabel, QWidget

_TALL = 1_000_000
"""A height no text reaches: the box a line is measured in."""


_ONE_LINE_OF_TEXT = frozenset("\n\t\u2028\u2029")
"""Characters the advance does not measure as Qt lays them out (breaks, and a tab's stop): a line
with any of them is measured by Qt (a teacher's lesson file may hold them)."""


class LineMeasure:
    """Whether a line fits a width as Qt's own word wrap sets it when a label paints (see
    :meth:`fits`), for one font's ``metrics``; each line's advance is kept, as working out even
    lines measures the same first words at every width it tries."""

    OVERHANG_SLACK = 2
    """Room kept beyond the most any glyph overhangs its advance, before the advance alone is trusted."""

    def __init__(self, metrics: QFontMetrics) -> None:
        self.metrics = metrics
        self._slack = self.OVERHANG_SLACK * (1 + max(0, -metrics.minRightBearing()))
        self._advances: dict[str, int] = {}

    def advance(self, text: str) -> int:
        """``text``'s advance in px (kept)."""
        advance = self._advances.get(text)
        if advance is None:
            advance = self._advances[text] = self.metrics.horizontalAdvance(text)
        return advance

    def fits(self, line: str, width: int) -> bool:
        """Whether Qt's word wrap sets ``line`` (words joined by at least one plain space) on one
        line ``width`` px wide.

        Not its advance alone: Qt's wrap also counts what a last glyph overhangs ("clock" in bold
        came to a second line at the width its advance fitted). It never counts less than the
        advance, so the advance settles most lines at once; Qt lays out (10× slower) only those
        within a glyph's overhang of the width."""
        if not _ONE_LINE_OF_TEXT.isdisjoint(line):  # Qt sets each segment on a line of its own
            return fits_as_qt_wraps(self.metrics, line, width)
        advance = self.advance(line)
        if advance > width:  # a plain space to break at, and more than the width: Qt breaks it
            return False
        if advance + self._slack <= width:
            return True
        return fits_as_qt_wraps(self.metrics, line, width)


def fits_as_qt_wraps(metrics: QFontMetrics, line: str, width: int) -> bool:
    """Whether Qt, laying ``line`` out wrapped at ``width`` px, keeps it on one line (the slow way)."""
    one_line = metrics.boundingRect(QRect(0, 0, _TALL, _TALL), 0, line).height()
    return metrics.boundingRect(QRect(0, 0, max(width, 1), _TALL), Qt.TextFlag.TextWordWrap, line).height() <= one_line


def keep_wrapped_lines(label: QLabel, at_least: int = 0) -> None:
    """Make a word-wrapped plain-text ``label``'s least height the height of its lines at its width
    (its frame and margins included; ``at_least`` px in any case), so that a squeezed layout scrolls
    rather than cut its last line. Measured as the label draws them: ``QLabel.heightForWidth``
    answers at least the minimum height, and a least height taken from it at a narrower width or a
    larger type never came down. Call it when the label's width, font or text changes."""
    box = label.contentsRect()
    if box.width() <= 0:
        return
    lines = label.fontMetrics().boundingRect(QRect(0, 0, box.width(), _TALL), Qt.TextFlag.TextWordWrap, label.text())
    least = max(at_least, lines.height() + label.height() - box.height())
    if least != label.minimumHeight():
        label.setMinimumHeight(least)


def greedy_lines(words: list[str], measure: LineMeasure | QFontMetrics, width: int) -> list[str]:
    """``words`` set line after line, each line as full as ``width`` (px) allows; a word wider than
    ``width`` stands on a line of its own. ``measure``: a font's :class:`LineMeasure`, or its metrics."""
    if isinstance(measure, QFontMetrics):
        measure = LineMeasure(measure)
    lines: list[str] = []
    for word in words:
        if lines and measure.fits(f"{lines[-1]} {word}", width):
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines


def balanced_lines(text: str, metrics: QFontMetrics, width: int) -> list[str]:
    """``text`` in as many lines as filling each line within ``width`` px takes, but each line only
    as long as the narrowest width that keeps that count: the lines come out about even.

    Words break at plain spaces only: a no-break space keeps "48.8 ms" or "E[ids]" whole.
    "Check yourself: swap ␣gato and ␣sub" gives "Check yourself: swap" / "␣gato and ␣sub" where
    filling the first line left "␣sub" alone on the second. Where the evenest lines still end in
    one word, the word before it comes down as well, if that line fits ``width``.
    """
    words = [word for word in text.split(" ") if word]  # a doubled space is one break
    if not words:
        return [text]
    measure = LineMeasure(metrics)
    count = len(greedy_lines(words, measure, width))
    # No narrower than the widest word, nor than an even share of the words' advance (``count``
    # lines, each no wider than the width tried, hold them all; 2 px a line for kerning at a space).
    share = (measure.advance(" ".join(words)) - (count - 1) * measure.advance(" ") - 2 * count) // count
    narrowest, widest = max(share, *(measure.advance(word) for word in words)), max(width, 1)
    while narrowest < widest:  # the smallest width that still gives ``count`` lines
        middle = (narrowest + widest) // 2
        if len(greedy_lines(words, measure, middle)) <= count:
            widest = middle
        else:
            narrowest = middle + 1
    lines = greedy_lines(words, measure, widest)
    if len(lines) > 1 and " " not in lines[-1] and " " in lines[-2]:
        # The evenest lines can still leave the last word alone ("Posições senoidais," /
        # "calculadas"): the word before it comes down too, if the line still fits the width.
        rest, last = lines[-2].rsplit(" ", 1)
        if measure.fits(f"{last} {lines[-1]}", width):
            lines[-2:] = [rest, f"{last} {lines[-1]}"]
    return lines


class BalancedLabel(QLabel):
    """A plain-text :class:`QLabel` that wraps its words into even lines (:func:`balanced_lines`).

    It sets its lines again for each width it gets, and asks the height of those lines as Qt wraps
    them to paint. :meth:`text` is the text as given (and the accessible name).
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWordWrap(True)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self._text = ""
        self._lines_at: dict[int, list[str]] = {}
        """The lines at each width asked (ms each to work out; a layout asks several times)."""

    def text(self) -> str:
        """The text as set, without the line breaks the label puts in."""
        return self._text

    def setText(self, text: str) -> None:
        self._text = text
        self._lines_at.clear()
        self.setAccessibleName(text)  # read out as one title, not as broken lines
        super().setText("\n".join(self._lines(self.width())))

    def clear(self) -> None:
        self.setText("")

    def heightForWidth(self, width: int) -> int:
        # The lines as Qt wraps them to paint: were a line still too long, its second line counts.
        pad_width, pad_height = self._padding()
        shown = "\n".join(self._lines(width))
        rect = self.fontMetrics().boundingRect(QRect(0, 0, max(width - pad_width, 1), _TALL),
                                               Qt.TextFlag.TextWordWrap, shown)
        return rect.height() + pad_height

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        super().setText("\n".join(self._lines(event.size().width())))

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:  # a new font changes every line's width
            self._lines_at.clear()
            super().setText("\n".join(self._lines(self.width())))

    def _padding(self) -> tuple[int, int]:
        """Width and height (px) around the text: contents margins and the label's margin."""
        margins, margin = self.contentsMargins(), 2 * self.margin()
        return margins.left() + margins.right() + margin, margins.top() + margins.bottom() + margin

    def _lines(self, width: int) -> list[str]:
        """The text's lines in a label ``width`` px wide."""
        inside = width - self._padding()[0]
        if not self._text or inside <= 0:
            return [self._text]
        if inside not in self._lines_at:
            self._lines_at[inside] = balanced_lines(self._text, self.fontMetrics(), inside)
        return self._lines_at[inside]
