"""An axis of tick labels only: the heatmaps' row and column names, the colour bars' numbers."""

from __future__ import annotations

from typing import Any

import pyqtgraph as pg
from PySide6.QtCore import QPointF, QRect, QRectF, Qt
from PySide6.QtGui import QFontMetricsF, QPainter, QPen, QPicture

_CENTRED = int(Qt.AlignmentFlag.AlignCenter)
_PLACEMENT = {  # where a name sits beside its tick, as pyqtgraph's AxisItem.generateDrawSpecs has it
    "left": Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
    "right": Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
    "top": Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignBottom,
    "bottom": Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop,
}


def _span(orientation: str, bounds: QRectF) -> tuple[QPointF, QPointF]:
    """The ends of the axis's line, a pixel out, as pyqtgraph measures its length on screen."""
    if orientation == "left":
        return bounds.topRight() + QPointF(-1, -1), bounds.bottomRight() + QPointF(-1, 1)
    if orientation == "right":
        return bounds.topLeft() + QPointF(1, -1), bounds.bottomLeft() + QPointF(1, 1)
    if orientation == "top":
        return bounds.bottomLeft() + QPointF(-1, -1), bounds.bottomRight() + QPointF(1, -1)
    return bounds.topLeft() + QPointF(-1, 1), bounds.topRight() + QPointF(1, 1)


class TickAxis(pg.AxisItem):
    """An axis that draws tick labels and never its unit label.

    pyqtgraph typesets the hidden label's HTML again on every change of pen, text pen or (with
    the automatic SI prefix) range: about a hundred typesettings per window, none of them seen.
    While the label is hidden only the axis's size is kept current; showing it typesets it.
    """

    _constructed = False
    """False while pyqtgraph's ``__init__`` runs: it typesets the label twice before it hides it
    (``setRange``, ``setLabel``, then ``showLabel(False)``), so a new axis's label is never seen."""

    def __init__(self, orientation: str, **options: object) -> None:
        super().__init__(orientation, **options)
        self._constructed = True

    def _updateLabel(self) -> None:
        # not isVisible(): that is False while the axis is hidden
        if self._constructed and self.label.isVisibleTo(self):
            super()._updateLabel()
            return
        self._adjustSize()  # what pyqtgraph's update does besides the text
        self.picture = None
        self.update()

    picture: QPicture | None  # pyqtgraph's cache of its drawing; None once anything drawn changes
    _names: list[tuple[QRectF, int, str]] | None = None
    """The names :meth:`paint` draws itself, each (rect, flags, text); None: pyqtgraph's picture."""
    _names_pen = QPen()
    """The names' pen, as pyqtgraph's ``textPen`` gave it when the names were worked out."""
    _names_band = QRect()
    """The axis's band (its bounding rectangle), which the names are clipped to, as then."""

    def paint(self, painter: QPainter, option: Any, widget: Any = None) -> None:
        """Draw the names straight onto ``painter`` when the axis is names only (no line, no tick
        marks, one level of fixed ticks in a font sized in pixels); anything else as pyqtgraph does.

        A heatmap's names change with every move of a token. pyqtgraph works out where each goes
        through its general tick machinery, records them into a QPicture and plays it back: about
        a millisecond a move for a handful of names. The places here are pyqtgraph's, worked out
        the same way (``tests/ui/test_tick_axis.py`` compares the pixels). Drawn directly, the
        tick marks (0 px long, no pen) are nothing; played back from a QPicture each was a grey dot.
        """
        if self.picture is None:  # pyqtgraph drops its picture on every change that moves a name
            self._names = self._names_only()
            if self._names is None:
                super().paint(painter, option, widget)
                return
            self.picture = QPicture()  # stands for the names worked out, until pyqtgraph drops it
            # The pen and the band are pyqtgraph's too, and change only where it drops its picture.
            self._names_pen, self._names_band = self.textPen(), self.boundingRect().toAlignedRect()
        if self._names is None:
            self.picture.play(painter)
            return
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
        painter.setFont(self.style["tickFont"])
        painter.setPen(self._names_pen)
        painter.setClipRect(self._names_band, Qt.ClipOperation.IntersectClip)
        for rect, flags, text in self._names:
            painter.drawText(rect, flags, text)
        painter.restore()

    def _names_only(self) -> list[tuple[QRectF, int, str]] | None:
        """Where each name goes, as pyqtgraph's ``generateDrawSpecs`` places it; None when the
        axis draws more than names (a line, tick marks, levels, a font sized in points)."""
        style = self.style
        font = style["tickFont"]
        levels = self._tickLevels
        if (font is None or font.pixelSize() <= 0 or levels is None or len(levels) != 1
                or style["tickLength"] != 0 or self.grid is not False or not style["showValues"]
                or style["maxTextLevel"] < 0 or self.pen().style() != Qt.PenStyle.NoPen):
            return None
        bounds = self.mapRectFromParent(self.geometry())
        across = self.orientation in ("left", "right")
        start, end = (self.mapToDevice(point) for point in _span(self.orientation, bounds))
        if start is None or end is None or start == end:  # not on screen, or no length there
            return []
        low, high = self.range[0], self.range[1]
        if high == low:
            scale, shift = 1.0, 0.0
        elif across:
            scale = -bounds.height() / (high - low)
            shift = low * scale - bounds.height()
        else:
            scale = bounds.width() / (high - low)
            shift = low * scale
        least, most = sorted((low * scale - shift, high * scale - shift))
        metrics = QFontMetricsF(font)
        room = self.boundingRect()
        gap = style["tickTextOffset"][0 if across else 1]
        flags = int(_PLACEMENT[self.orientation] | Qt.TextFlag.TextDontClip)
        names: list[tuple[QRectF, int, str]] = []
        widest = 0.0
        for value, text in levels[0]:
            at = value * scale - shift
            if at < least or at > most:
                continue
            box = metrics.boundingRect(QRectF(0, 0, 100, 100), _CENTRED, text)
            width, height = box.width(), box.height() * 0.8  # pyqtgraph trims a fifth of the height
            widest = max(widest, width if across else height)
            if self.orientation == "left":
                rect = QRectF(bounds.right() - gap - width, at - height / 2, width, height)
            elif self.orientation == "right":
                rect = QRectF(bounds.left() + gap, at - height / 2, width, height)
            elif self.orientation == "top":
                rect = QRectF(at - width / 2, bounds.bottom() - gap - height, width, height)
            else:
                rect = QRectF(at - width / 2, bounds.top() + gap, width, height)
            if room & rect == rect:  # pyqtgraph leaves out a name that runs past its band
                names.append((rect, flags, text))
        self._updateMaxTextSize(widest)
        return names

    def showLabel(self, show: bool = True) -> None:
        super().showLabel(show)
        if show:  # the text skipped while hidden
            super()._updateLabel()


def unlinked_axis(orientation: str) -> TickAxis:
    """A :class:`TickAxis` whose SI prefix stays 1 (its unit label is never shown).

    With pyqtgraph's automatic prefix on, every change of the axis's range typeset that hidden
    label's HTML again; it is switched off before the axis is linked to a view, as
    ``enableAutoSIPrefix(False)`` would typeset it once more.
    """
    axis = TickAxis(orientation)
    axis.autoSIPrefix = False
    return axis


def unlabelled_axis(orientation: str, view: pg.ViewBox) -> TickAxis:
    """An axis of tick labels only (:func:`unlinked_axis`), linked to ``view``."""
    axis = unlinked_axis(orientation)
    axis.linkToView(view)
    return axis
