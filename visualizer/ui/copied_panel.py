"""A widget's panel (its frame and background) drawn by the style once per look, then copied."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QPainter, QPixmap, QTransform
from PySide6.QtWidgets import QApplication, QProxyStyle, QStyle, QStyleFactory, QStyleOption, QWidget

_MOVED_ONLY = QTransform.TransformationType.TxTranslate.value
"""A painter moved, not scaled or turned, draws the copy pixel for pixel."""


class CopiedPanelStyle(QProxyStyle):
    """The application's style, except that one primitive (a line edit's panel, say) is drawn once
    per look into a picture and copied from it at every paint.

    Fusion draws the sentence box's rounded, antialiased frame anew whenever its text changes:
    half a millisecond of every move of a token, for a frame that never changes. The copy's key is
    everything the style is told about the frame: its rectangle, state (focus, hover, enabled),
    palette and direction, and the device's pixel ratio.

    Parameters
    ----------
    primitive : QStyle.PrimitiveElement
        The one primitive to copy (e.g. ``PE_PanelLineEdit``).
    widget : QWidget
        The widget this style is for: it is set as the widget's style and belongs to it.
    """

    def __init__(self, primitive: QStyle.PrimitiveElement, widget: QWidget) -> None:
        # The application's style by name: without one, a proxy takes the desktop's default style,
        # which need not be the one the application uses.
        super().__init__(QStyleFactory.create(QApplication.style().name()))
        self._primitive = primitive
        self._drawn: tuple[tuple[object, ...], QPixmap] | None = None
        self.setParent(widget)
        widget.setStyle(self)

    def drawPrimitive(self, element: QStyle.PrimitiveElement, option: QStyleOption, painter: QPainter,
                      widget: QWidget | None = None) -> None:
        if element != self._primitive or painter.transform().type().value > _MOVED_ONLY:  # scaled: drawn
            super().drawPrimitive(element, option, painter, widget)
            return
        ratio = painter.device().devicePixelRatioF()
        palette = option.palette
        key = (option.rect.size().toTuple(), option.state, palette.cacheKey(), palette.currentColorGroup(),
               option.direction, ratio, getattr(option, "lineWidth", None), getattr(option, "features", None))
        if self._drawn is None or self._drawn[0] != key:
            picture = QPixmap(option.rect.size() * ratio)
            picture.setDevicePixelRatio(ratio)
            picture.fill(Qt.GlobalColor.transparent)  # the panel goes over what is behind it, as drawn directly
            at_origin = type(option)(option)
            at_origin.rect = option.rect.translated(-option.rect.topLeft())
            picture_painter = QPainter(picture)
            super().drawPrimitive(element, at_origin, picture_painter, widget)
            picture_painter.end()
            self._drawn = (key, picture)
        painter.drawPixmap(option.rect.topLeft(), self._drawn[1])


__all__ = ["CopiedPanelStyle"]
