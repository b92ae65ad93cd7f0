"""An axis of tick labels only: the heatmaps' row and column names, the colour bars' numbers."""

from __future__ import annotations

import pyqtgraph as pg


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
