"""The handout as a PDF: :mod:`visualizer.handout.content`'s blocks laid out on A4 or US Letter pages.

Helpers, not a widget. Text is real text (Qt's QTextDocument drawn on a QPdfWriter: selectable
and searchable); the one picture is X as the app draws it (the X panel, rendered offscreen).

Layout: each block is measured at the page's width and placed whole, never split (a block taller
than a page, or wider than the text, is drawn smaller rather than cut). The page breaks are chosen
together so that pages are as full as the blocks allow, and on each page the picture and the
answer boxes share out the room left. The teacher's answers start on a page of their own.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QCoreApplication, QIODevice, QMarginsF, QPointF, QRectF, QSizeF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QImage,
    QPageLayout,
    QPageSize,
    QPainter,
    QPdfWriter,
    QPen,
    QTextDocument,
)
from PySide6.QtWidgets import QApplication, QGraphicsView

from visualizer.appearance import Appearance
from visualizer.core.problems import QT_TRANSLATE_NOOP
from visualizer.handout.content import Block, Handout, build_handout
from visualizer.handout.paper import PAPERS
from visualizer.io.atomic import write_atomically
from visualizer.io.tables import ExportError, check_writable
from visualizer.lesson.run import Lesson, LessonError
from visualizer.model import EmbeddingModel
from visualizer.selection import Highlight

PAGE_SIZES = {"a4": QPageSize.PageSizeId.A4, "letter": QPageSize.PageSizeId.Letter}
RESOLUTION = 600
"""Dots per inch of the PDF's coordinates (text and lines are vectors at any resolution)."""
MARGIN_MM = 15.0
GAP_MM = 4.5
"""Room between two blocks."""
FOOTER_MM = 9.0
"""Room kept at the foot of each page for its footer line (inside the margins)."""
BOX_MM = (30.0, 75.0)
"""An answer box's least and greatest height."""
PICTURE_MAX_MM = 95.0
"""The picture of X is never taller than this (it narrows instead)."""
PICTURE_LEAST = 0.7
"""The picture may shrink to this share of its full-width height to keep a page full."""
PAGE_COST = 0.05
"""What one more page costs the layout, against (empty share)² summed over pages."""
PICTURE_WIDTH_PX = 1000
"""Width of the X panel drawn for the picture, in screen pixels (then drawn at 2×)."""
FOOTER_PT = 8.0
BODY_PT = 10.5


@dataclass
class HandoutReport:
    """What was written.

    Attributes
    ----------
    pages : int
        Pages in all.
    student_pages : int
        The students' pages (the teacher's follow).
    size : int
        Bytes of the PDF.
    """

    pages: int
    student_pages: int
    size: int


@dataclass
class _Placed:
    """A block measured for the page: its text, the room under it, and where it goes once packed."""

    block: Block
    document: QTextDocument
    text_height: float
    extra: float = 0.0
    """The picture's or the answer box's height under the text (between ``least`` and ``most``)."""
    least: float = 0.0
    most: float = 0.0
    scale: float = 1.0
    """Less than 1 when the block is too tall or too wide for a page."""
    y: float = 0.0

    @property
    def height(self) -> float:
        """Height on the page."""
        return (self.text_height + self.extra) * self.scale

    @property
    def least_height(self) -> float:
        """Height with the least room under the text."""
        return (self.text_height + self.least) * self.scale

    @property
    def most_height(self) -> float:
        """Height with the most room under the text."""
        return (self.text_height + self.most) * self.scale


def export_handout(model: EmbeddingModel, path: Path, appearance: Appearance | None = None, paper: str = "a4",
                   lesson: Lesson | None = None) -> HandoutReport:
    """Write the handout of ``model``'s sentence and scheme to ``path`` (a PDF) on ``paper``.

    In ``appearance``'s language (its text through the translator installed for it). Written
    atomically: a failure leaves no half-written file.

    Raises
    ------
    ExportError
        For another extension, an unknown paper or a path that cannot be written.
    """
    if path.suffix.lower() != ".pdf":
        raise ExportError(QT_TRANSLATE_NOOP("Problems", "a handout is a PDF: name it {name}.pdf"), name=path.stem)
    if paper not in PAPERS:
        raise ExportError(QT_TRANSLATE_NOOP("Problems", "unknown paper {paper}; choose a4 or letter"), paper=paper)
    check_writable(path)
    appearance = appearance or Appearance()
    try:
        handout = build_handout(model, appearance.language, QCoreApplication.translate, lesson)
    except LessonError as error:
        raise ExportError(QT_TRANSLATE_NOOP("Problems", "cannot make the handout: {reason}"), reason=error) from None
    picture = x_picture(model, appearance.language)
    data, report = handout_pdf(handout, picture, paper)
    try:
        write_atomically(path, data)
    except OSError as error:
        raise ExportError(QT_TRANSLATE_NOOP("Problems", "cannot write {path}: {reason}"), path=path,
                          reason=error.strerror or error) from None
    return report


def x_picture(model: EmbeddingModel, language: str, width: int = PICTURE_WIDTH_PX, scale: float = 2.0) -> QImage:
    """X as the app draws it (E[ids] + P = X, every value printed), light theme, for print.

    Drawn offscreen at ``width`` screen pixels × ``scale``; its height follows the number of rows.
    """
    from visualizer.toy.x_panel import XPanel  # the panel pulls in pyqtgraph: only when a picture is drawn

    highlight = Highlight(model)
    panel = XPanel(model, Appearance(scale=1.2, language=language), highlight)
    try:
        panel.build_button.hide()
        panel.setAttribute(Qt.WidgetAttribute.WA_DontShowOnScreen)  # laid out and painted, never on screen
        panel.resize(width, 150 + 36 * model.n)
        panel.show()
        QApplication.processEvents()
        panel.refresh()
        _print_ticks(view := panel.graphics)
        QApplication.processEvents()
        image = QImage(view.size() * scale, QImage.Format.Format_RGB32)
        image.setDevicePixelRatio(scale)  # lines and text redrawn at 2×, not blown up
        image.fill(QColor("white"))
        painter = QPainter(image)
        try:
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            view.render(painter, QRectF(0, 0, view.width(), view.height()), view.viewport().rect())
        finally:
            painter.end()
        return image
    finally:
        panel.close()
        panel.deleteLater()
        highlight.close()
        QApplication.processEvents()


PRINTED_TICK_PX = 15
"""The colour scale's numbers in the picture, in the panel's pixels: the picture is printed about
0.17 mm a pixel, so 15 px (drawn at 2×) are some 9 pt, black: the screen's 11 px light grey printed
as 4 pt, unreadable on paper."""


def _print_ticks(view: QGraphicsView) -> None:
    """Every axis's numbers of ``view`` (the colour scale's) large and black, for paper."""
    import pyqtgraph as pg

    font = QFont()
    font.setPixelSize(PRINTED_TICK_PX)
    for item in view.scene().items():
        if isinstance(item, pg.AxisItem):
            item.setStyle(tickFont=font)
            item.setTextPen(QColor("black"))


def handout_pdf(handout: Handout, picture: QImage, paper: str = "a4") -> tuple[bytes, HandoutReport]:
    """Lay ``handout`` out on ``paper`` and return the PDF's bytes and what it holds."""
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    writer = QPdfWriter(buffer)
    writer.setResolution(RESOLUTION)
    writer.setTitle(handout.title)
    writer.setCreator("Embeddings visualizer")
    writer.setPageLayout(QPageLayout(QPageSize(PAGE_SIZES[paper]), QPageLayout.Orientation.Portrait,
                                     QMarginsF(MARGIN_MM, MARGIN_MM, MARGIN_MM, MARGIN_MM),
                                     QPageLayout.Unit.Millimeter))
    layout = _Layout(writer, handout, picture)
    student = layout.pack(handout.student)
    teacher = layout.pack(handout.teacher)
    pages = student + teacher
    painter = QPainter(writer)
    try:
        for number, page in enumerate(pages, 1):
            if number > 1:
                writer.newPage()
            for placed in page:
                layout.draw(painter, placed)
            layout.draw_footer(painter, number, len(pages), teacher=number > len(student))
    finally:
        painter.end()
    buffer.close()
    data = bytes(QByteArray(buffer.data()).data())
    return data, HandoutReport(pages=len(pages), student_pages=len(student), size=len(data))


def _print_font(points: float) -> QFont:
    """The handout's font at ``points``, without ligatures: "fi" stays two letters, so a search
    for "Verifique" or "fits" finds the words (pdftotext and viewers read a ligature as one glyph)."""
    font = QFont()
    font.setPointSizeF(points)
    for feature in ("liga", "clig"):
        font.setFeature(QFont.Tag(feature), 0)
    return font


class _Layout:
    """Measures blocks on the writer's page, packs them into pages and draws them."""

    def __init__(self, writer: QPdfWriter, handout: Handout, picture: QImage) -> None:
        self._writer = writer
        self._handout = handout
        self._picture = picture
        self._dpmm = writer.resolution() / 25.4
        rect = writer.pageLayout().paintRectPixels(writer.resolution())
        self.width = float(rect.width())
        self.height = float(rect.height()) - self.mm(FOOTER_MM)
        self._footer_top = float(rect.height()) - self.mm(FOOTER_MM) * 0.6

    def mm(self, millimetres: float) -> float:
        """Millimetres in the writer's pixels."""
        return millimetres * self._dpmm

    def _document(self, html: str) -> QTextDocument:
        document = QTextDocument()
        document.documentLayout().setPaintDevice(self._writer)  # fonts in points at the PDF's resolution
        document.setDefaultFont(_print_font(BODY_PT))
        document.setDefaultStyleSheet(self._handout.style)
        document.setDocumentMargin(0)
        document.setTextWidth(self.width)
        document.setHtml(html)
        return document

    def measure(self, block: Block) -> _Placed:
        """``block`` laid out at the page's width, with the room it may take under its text."""
        document = self._document(block.html)
        placed = _Placed(block, document, document.size().height())
        if block.kind == "picture":
            aspect = self._picture.height() / max(1, self._picture.width())
            placed.most = min(self.width * aspect, self.mm(PICTURE_MAX_MM)) + self.mm(1.5)
            placed.least = PICTURE_LEAST * placed.most
        elif block.kind == "question":
            placed.least, placed.most = self.mm(BOX_MM[0]), self.mm(BOX_MM[1])
        placed.extra = placed.least
        widest = max(document.idealWidth(), document.size().width())
        placed.scale = min(1.0, self.width / widest if widest > 0 else 1.0, self.height / placed.least_height)
        return placed

    def _fits(self, run: list[_Placed]) -> float | None:
        """How empty a page holding ``run`` stays with every picture and box at its largest (0 … 1),
        or None if the run does not fit on one page even at their smallest."""
        gaps = self.mm(GAP_MM) * (len(run) - 1)
        if len(run) > 1 and sum(placed.least_height for placed in run) + gaps > self.height:
            return None
        return max(0.0, self.height - gaps - sum(placed.most_height for placed in run)) / self.height

    def pack(self, blocks: tuple[Block, ...]) -> list[list[_Placed]]:
        """Blocks into pages, in order, each page as full as the blocks allow.

        Page breaks are chosen together (dynamic programming over the break points, as a
        paragraph is broken into lines): the sum over pages of (empty share)² plus a small
        cost per page is least. A greedy fill would leave the last question alone on a page.
        """
        items = [self.measure(block) for block in blocks]
        best = [0.0] + [float("inf")] * len(items)
        start = [0] * (len(items) + 1)
        for end in range(1, len(items) + 1):
            for begin in range(end - 1, -1, -1):
                empty = self._fits(items[begin:end])
                if empty is None:
                    break
                cost = best[begin] + empty**2 + PAGE_COST
                if cost < best[end]:
                    best[end], start[end] = cost, begin
        breaks = []
        end = len(items)
        while end > 0:
            breaks.append((start[end], end))
            end = start[end]
        pages = [items[begin:end] for begin, end in reversed(breaks)]
        for page in pages:
            self._stretch(page)
        return pages

    def _stretch(self, page: list[_Placed]) -> None:
        """Share the page's spare room among its picture and answer boxes, then place the blocks."""
        spare = self.height - self.mm(GAP_MM) * (len(page) - 1) - sum(placed.height for placed in page)
        growing = [placed for placed in page if placed.scale == 1.0 and placed.most > placed.extra]
        while spare > 1 and growing:
            share = spare / len(growing)
            for placed in growing:
                grown = min(placed.most, placed.extra + share)
                spare -= grown - placed.extra
                placed.extra = grown
            growing = [placed for placed in growing if placed.most > placed.extra]
        y = 0.0
        for placed in page:
            placed.y = y
            y += placed.height + self.mm(GAP_MM)

    def draw(self, painter: QPainter, placed: _Placed) -> None:
        """Draw one block at its place."""
        painter.save()
        painter.translate(0, placed.y)
        painter.scale(placed.scale, placed.scale)
        placed.document.drawContents(painter)
        top = placed.text_height
        if placed.block.kind == "picture":
            height = placed.extra - self.mm(1.5)
            aspect = self._picture.height() / max(1, self._picture.width())
            width = height / aspect
            painter.drawImage(QRectF((self.width - width) / 2, top + self.mm(1.5), width, height), self._picture)
        elif placed.block.kind == "question":
            painter.setPen(QPen(QColor("#555555"), self.mm(0.3)))
            painter.drawRect(QRectF(0, top + self.mm(1), self.width, placed.extra - self.mm(1)))
        painter.restore()

    def draw_footer(self, painter: QPainter, number: int, count: int, teacher: bool) -> None:
        """The footer line: the sentence and scheme at the left, "Page k of n" at the right."""
        painter.save()
        font = _print_font(FOOTER_PT)
        painter.setFont(font)
        painter.setPen(QPen(QColor("#888888"), self.mm(0.2)))
        rule = self._footer_top - self.mm(1.2)
        painter.drawLine(QPointF(0, rule), QPointF(self.width, rule))
        painter.setPen(QColor("#444444"))
        box = QRectF(QPointF(0, self._footer_top), QSizeF(self.width, self.mm(FOOTER_MM) * 0.6))
        left = self._handout.footer
        if teacher:
            left = QCoreApplication.translate("Handout", "For the teacher") + " · " + left
        label = self._handout.page_label.format(number, count)
        metrics = QFontMetricsF(font, self._writer)
        # A long sentence is cut short with "…" before it reaches the page number.
        room = self.width - metrics.horizontalAdvance(label) - self.mm(6)
        left = metrics.elidedText(left, Qt.TextElideMode.ElideRight, room)
        painter.drawText(box, int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop), left)
        painter.drawText(box, int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop), label)
        painter.restore()

