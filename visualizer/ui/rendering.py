"""Pictures and print-outs of widgets: PNG at 1×/2×/4×, SVG, a PDF of HTML. Needs a QApplication.

Helpers, not widgets: the shell's exports and the help's cheat sheet use them.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QMarginsF, QPoint, QRect, QSize
from PySide6.QtGui import QImage, QImageWriter, QPageLayout, QPageSize, QPainter, QTextDocument
from PySide6.QtWidgets import QWidget

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
