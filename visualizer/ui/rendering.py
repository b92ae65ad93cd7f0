"""Pictures and print-outs of widgets: PNG at 1×/2×/4×, SVG, a PDF of HTML (the shell's exports
and the help's cheat sheet use them); and a widget's panel painted from a picture of it
(:func:`copy_panel`: the sentence box, the tabs). Helpers, not widgets. Needs a QApplication.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QMarginsF, QPoint, QRect, QSize, Qt
from PySide6.QtGui import (
    QImage,
    QImageWriter,
    QPageLayout,
    QPageSize,
    QPaintEngine,
    QPainter,
    QPixmap,
    QTextDocument,
    QTransform,
)
from PySide6.QtWidgets import QApplication, QProxyStyle, QStyle, QStyleFactory, QStyleOption, QWidget

from visualizer.core.problems import QT_TRANSLATE_NOOP
from visualizer.io.tables import ExportError, check_writable

IMAGE_SCALES = (1, 2, 4)


def render_image(widget: QWidget, scale: float = 1.0) -> QImage:
    """The widget drawn at ``scale`` × its size (text and lines redrawn, not blown up)."""
    size = widget.size() * scale
    image = QImage(size, QImage.Format.Format_ARGB32_Premultiplied)
    image.setDevicePixelRatio(scale)
    image.fill(widget.palette().window().color())
    painter = QPainter(image)
    try:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        widget.render(painter, QPoint())
    finally:
        painter.end()  # a painter left open on a deleted device crashes Qt
    return image


def write_png(image: QImage, path: Path) -> bool:
    """Write ``image`` to ``path`` as PNG whatever its extension; False if it could not be written.

    Through QImageWriter: ``QImage.save`` takes the format as text at run time but as bytes in
    PySide6's type stubs, so no call of it satisfies both."""
    return QImageWriter(str(path), b"png").write(image)


def save_view_png(widget: QWidget, path: Path, scale: int = 1) -> None:
    """PNG of a view at 1×, 2× or 4× its size on screen."""
    if scale not in IMAGE_SCALES:
        raise ExportError(f"PNG scale must be one of {IMAGE_SCALES}, got {scale}")
    check_writable(path)
    if not write_png(render_image(widget, scale), path):
        raise ExportError(QT_TRANSLATE_NOOP("Problems", "cannot write {path}"), path=path)


def save_view_svg(widget: QWidget, path: Path) -> None:
    """Vector SVG of a view (text stays text)."""
    from PySide6.QtSvg import QSvgGenerator  # loaded on the first SVG: a faster start

    check_writable(path)
    generator = QSvgGenerator()
    generator.setFileName(str(path))
    generator.setSize(widget.size())
    generator.setViewBox(QRect(0, 0, widget.width(), widget.height()))
    painter = QPainter(generator)
    try:
        widget.render(painter, QPoint())
    finally:
        painter.end()
    if not path.exists():
        raise ExportError(QT_TRANSLATE_NOOP("Problems", "cannot write {path}"), path=path)


def save_pdf(html: str, path: Path) -> None:
    """Print ``html`` to an A4 PDF through Qt's printer."""
    check_writable(path)
    from PySide6.QtPrintSupport import QPrinter  # loaded on the first print: a faster start

    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    printer.setOutputFileName(str(path))
    printer.setPageLayout(QPageLayout(QPageSize(QPageSize.PageSizeId.A4), QPageLayout.Orientation.Portrait,
                                      QMarginsF(15, 15, 15, 15)))
    document = QTextDocument()
    document.setHtml(html)
    document.setPageSize(QSize(int(printer.pageRect(QPrinter.Unit.Point).width()),
                               int(printer.pageRect(QPrinter.Unit.Point).height())).toSizeF())
    document.print_(printer)
    if not path.exists():
        raise ExportError(QT_TRANSLATE_NOOP("Problems", "cannot write {path}"), path=path)


class CopiedPanelStyle(QProxyStyle):
    """A style, except that one primitive (a line edit's panel, say) is drawn once per look into a
    picture and copied from it at every paint on screen (:func:`copy_panel` installs it).

    Fusion draws the sentence box's rounded, antialiased frame anew whenever its text changes:
    half a millisecond of every move of a token, for a frame that never changes. A tab widget's
    frame is drawn whole under any see-through label on its page that changes (X's formula, on a
    switch of scheme). The copy's key is everything the style is told about the panel
    (:func:`_look`). Only a painter that lands the copy pixel for pixel copies it: a raster one,
    moved by whole pixels and not scaled (not a 2× PNG, an SVG, or a screen scaled by 125%); any
    other draws the panel as the style does.

    Parameters
    ----------
    primitive : QStyle.PrimitiveElement
        The one primitive to copy (``PE_PanelLineEdit``, ``PE_FrameTabWidget``).
    base : QStyle
        The style drawing everything, the panel too (the proxy owns it).
    """

    def __init__(self, primitive: QStyle.PrimitiveElement, base: QStyle) -> None:
        super().__init__(base)
        self._primitive = primitive
        self._drawn: tuple[tuple[object, ...], QPixmap] | None = None

    def drawPrimitive(self, element: QStyle.PrimitiveElement, option: QStyleOption, painter: QPainter,
                      widget: QWidget | None = None) -> None:
        if element != self._primitive or not _pixel_for_pixel(painter):
            super().drawPrimitive(element, option, painter, widget)
            return
        key = _look(option)
        if self._drawn is None or self._drawn[0] != key:
            picture = QPixmap(option.rect.size())
            picture.fill(Qt.GlobalColor.transparent)  # the panel goes over what is behind it, as drawn directly
            picture_painter = QPainter(picture)
            picture_painter.translate(-option.rect.topLeft())  # the option's places all stay as they are
            super().drawPrimitive(element, option, picture_painter, widget)
            picture_painter.end()
            self._drawn = (key, picture)
        painter.drawPixmap(option.rect.topLeft(), self._drawn[1])


def copy_panel(widget: QWidget, primitive: QStyle.PrimitiveElement) -> CopiedPanelStyle | None:
    """Give ``widget`` a :class:`CopiedPanelStyle` over the application's style, copying
    ``primitive``; None (the widget keeps its style) where that style cannot be made by its name
    (a proxy or style-sheet style of the application's own): a proxy over no style takes the
    desktop's default, which need not be the application's."""
    base = QStyleFactory.create(QApplication.style().name())
    if base is None:
        return None
    style = CopiedPanelStyle(primitive, base)
    style.setParent(widget)  # the widget does not own its style
    widget.setStyle(style)
    return style


def _pixel_for_pixel(painter: QPainter) -> bool:
    """True where a picture drawn at 1× lands on the device pixel for pixel: a raster engine, a
    transform to the device that only moves, by whole pixels."""
    engine = painter.paintEngine()
    to_device = painter.deviceTransform()
    return (engine is not None and engine.type() == QPaintEngine.Type.Raster
            and to_device.type().value <= QTransform.TransformationType.TxTranslate.value
            and float(to_device.dx()).is_integer() and float(to_device.dy()).is_integer())


def _look(option: QStyleOption) -> tuple[object, ...]:
    """Everything ``option`` tells a style about a panel: its place, state (focus, hover, enabled),
    palette and direction, and what a frame's or a tab widget's option adds (the tabs' places)."""
    palette = option.palette
    look: list[object] = [option.rect.getRect(), option.state, palette.cacheKey(), palette.currentColorGroup(),
                          option.direction]
    for name in _EXTRA_FIELDS:
        value = getattr(option, name, None)
        look.append(value.getRect() if isinstance(value, QRect) else
                    value.toTuple() if isinstance(value, QSize) else value)
    return tuple(look)


_EXTRA_FIELDS = ("lineWidth", "midLineWidth", "features", "frameShape", "shape", "tabBarRect", "selectedTabRect",
                 "tabBarSize", "leftCornerWidgetSize", "rightCornerWidgetSize")
"""The fields of QStyleOptionFrame and QStyleOptionTabWidgetFrame a panel's drawing reads."""
