"""Text a widget paints itself, described so that it can be measured.

A QLabel, a button or a pyqtgraph axis says what it draws; a widget that paints its own text (the
RoPE clock's face titles, the token chips) does not. Such a widget lays its text out as a list of
:class:`PaintedText`, paints that list, and hands the same list to whoever asks
(:class:`PaintsText`): the projection tests measure every label the design draws from it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from PySide6.QtCore import QRectF
from PySide6.QtGui import QFont


@dataclass(frozen=True)
class PaintedText:
    """One piece of text as it is (or was last) painted.

    Attributes
    ----------
    text : str
        What is painted.
    font : QFont
        The font it is painted in.
    rect : QRectF
        The box it is painted in, in the coordinates of the widget that paints it.
    kind : str
        What it is, for messages: "position", "token", "id", "face title", "hand".
    """

    text: str
    font: QFont
    rect: QRectF
    kind: str


@runtime_checkable
class PaintsText(Protocol):
    """A widget that paints text of its own."""

    def painted_texts(self) -> list[PaintedText]:
        """The text painted at the last paint, in this widget's coordinates."""


__all__ = ["PaintedText", "PaintsText"]
