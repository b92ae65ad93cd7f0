"""What every projection test measures: a step of the lesson presented at a projector's size.

``present(qtbot, size, language, step)`` renders the window the way ``--presentation --size WxH
--step N`` does; the checks below are the issue's "readable from the back row" rules.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Collection
from dataclasses import dataclass, field

import pyqtgraph as pg
from PySide6.QtCore import QPoint, QRect, QRectF, Qt
from PySide6.QtGui import QFont, QFontMetrics, QImage, QPainter
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QGraphicsItem,
    QGraphicsTextItem,
    QGroupBox,
    QHeaderView,
    QLabel,
    QLineEdit,
    QTabBar,
    QWidget,
)

from visualizer.lesson.run import load_lesson
from visualizer.shell.main_window import MainWindow
from visualizer.shell.presentation import MAX_PRESENTATION_SCALE, MIN_PRESENTATION_SCALE
from visualizer.ui.balanced_label import BalancedLabel
from visualizer.ui.painted_text import PaintsText

STEPS = load_lesson().steps


def step_index(step_id: str) -> int:
    """The place (0-based) of the bundled lesson's step ``step_id``: tests name steps by id."""
    return next(index for index, step in enumerate(STEPS) if step.id == step_id)


SIZES = ((1024, 768), (1280, 720), (1920, 1080), (3840, 2160))
SIZE_IDS = [f"{width}x{height}" for width, height in SIZES]
MIN_SHARE = 0.6
MIN_DIGIT_PX = 16
MIN_LABEL_PX = 14


def present(qtbot, size: tuple[int, int], language: str, step: int,
            before_paint: Callable[[MainWindow], None] | None = None) -> MainWindow:
    """A shown window presenting lesson step ``step`` (0-based) at ``size`` in ``language``."""
    window = MainWindow()
    qtbot.addWidget(window)
    window.set_language(language)
    window.resize(*size)  # the scale follows the size, as for --screenshot --presentation
    window.presentation.set_presenting(True, full_screen=False)
    window.go_to_step(step)
    window.show()
    qtbot.waitExposed(window)
    window.x_panel.finish_build()
    if before_paint is not None:
        before_paint(window)
    QApplication.processEvents()
    window.grab()  # paint once: the cell labels decide their size while painting
    QApplication.processEvents()
    window.grab()
    return window


def ordinary(qtbot, language: str, size: tuple[int, int] = (1024, 768)) -> MainWindow:
    """A shown window, not presenting, at ``size`` in ``language`` (close it with :func:`close_all`)."""
    window = MainWindow()
    qtbot.addWidget(window)
    window.set_language(language)
    window.resize(*size)
    window.show()
    qtbot.waitExposed(window)
    return window


def close_all(windows: list[MainWindow]) -> None:
    """Back to English (the translator is app-wide) and close."""
    for window in windows:
        window.set_language("en")
        window.close()


def digit_height(size: int | QFont) -> int:
    """Height in pixels of the digits of type ``size`` px tall, or of the font ``size``."""
    font = size if isinstance(size, QFont) else QFont()
    if not isinstance(size, QFont):
        font.setPixelSize(size)
    return QFontMetrics(font).tightBoundingRect("0123456789").height()


def font_px(font: QFont) -> float:
    """The font's type size in pixels (a size in points converted at the screen's dpi)."""
    if font.pixelSize() > 0:
        return font.pixelSize()
    return font.pointSizeF() * QApplication.primaryScreen().logicalDotsPerInchY() / 72


def share(view: QWidget, window: QWidget) -> float:
    """The part of the window's area the view takes."""
    return view.width() * view.height() / (window.width() * window.height())


def visible_labels(widget: QWidget) -> list[QLabel]:
    """The labels a person sees in ``widget`` (with text, not scrolled out of sight)."""
    window = widget.window()
    return [label for label in widget.findChildren(QLabel)
            if label.isVisible() and label.text() and not shown_part(label, window).isEmpty()]


def assert_labels_whole(labels: list[QLabel]) -> None:
    """No label's text is cut: word-wrapped ones are tall enough, the others wide enough."""
    for label in labels:
        if isinstance(label, BalancedLabel):  # it answers for its own lines: measure them as Qt paints
            box = label.contentsRect()
            painted = label.fontMetrics().boundingRect(QRect(0, 0, box.width(), 1_000_000),
                                                       Qt.TextFlag.TextWordWrap, QLabel.text(label))
            assert painted.height() <= box.height() + 1, f"cut: {label.text()!r}"
        if label.wordWrap():
            assert label.heightForWidth(label.width()) <= label.height() + 1, f"cut: {label.text()!r}"
        else:
            assert label.sizeHint().width() <= label.width() + 1, f"cut: {label.text()!r}"


def assert_labels_apart(window: QWidget, labels: list[QLabel]) -> None:
    """No two labels (neither inside the other) lie on each other, where each is seen (a scroll
    area hides the rest of its labels)."""
    boxes = [(label, shown_part(label, window)) for label in labels]
    for index, (a, a_box) in enumerate(boxes):
        for b, b_box in boxes[index + 1:]:
            if a.isAncestorOf(b) or b.isAncestorOf(a):
                continue
            assert not a_box.intersects(b_box), f"{a.text()!r} lies on {b.text()!r}"


# ---- every step of the lesson, as the back row sees it ----------------------------------------------

MAX_BLANK = 1 / 3
BLANK_TILES = 24
"""A step may leave at most a third of the screen blank, counted in tiles 1/24 of its height (32 px at
768 lines): a tile is blank when it is one near-white colour (the stage's background, not a cell)."""
QUICK_VOCABULARY = 3000  # the batch question's race at GPT-2 size takes seconds; the text is the same


def blank_share(image) -> float:
    """The share of ``image`` (a QImage of the screen) left blank: uniform near-white tiles."""
    import numpy as np
    from PySide6.QtGui import QImage

    rgb = image.convertToFormat(QImage.Format.Format_RGB888)
    width, height = rgb.width(), rgb.height()
    pixels = np.frombuffer(rgb.constBits(), dtype=np.uint8, count=rgb.sizeInBytes())
    pixels = pixels.reshape(height, rgb.bytesPerLine())[:, :width * 3].reshape(height, width, 3)
    tile = max(8, height // BLANK_TILES)
    rows, columns = height // tile, width // tile
    # Each tile's brightest and darkest value of each channel, shape (rows, columns, 3): first down
    # the tile's lines, then across its columns (both reductions run over contiguous memory).
    whole = pixels[:rows * tile, :columns * tile].reshape(rows, tile, columns * tile, 3)
    brightest = whole.max(axis=1).reshape(rows, columns, tile, 3).max(axis=2)
    darkest = whole.min(axis=1).reshape(rows, columns, tile, 3).min(axis=2)
    spread = (brightest.astype(int) - darkest).max(axis=2)
    blank = (spread <= 12) & (darkest.min(axis=2) >= 240)
    return float(blank.mean())


def stage_heatmaps(view) -> list:
    """The matrices a view shows on stage: its visible heatmaps (wherever the view keeps them)."""
    from visualizer.ui.heatmap import Heatmap
    from visualizer.ui.matrix_row import MatrixRow

    found: list[Heatmap] = []

    def collect(value) -> None:
        if isinstance(value, Heatmap):
            found.append(value)
        elif isinstance(value, MatrixRow):
            found.extend(value.heatmaps)
        elif isinstance(value, (list, tuple)):
            for item in value:
                collect(item)
        elif isinstance(value, dict):
            for item in value.values():
                collect(item)

    for value in vars(view).values():
        collect(value)
    unique = list(dict.fromkeys(found))
    return [h for h in unique if h.plot.scene() is not None and h.plot.isVisible() and h.values().size]


def titles_broken_in_a_word(view) -> list[str]:
    """The titles of ``view``'s matrices that wrap inside a word ("aprendid / a"), as drawn."""
    broken = []
    for heatmap in stage_heatmaps(view):
        document = heatmap.plot.titleLabel.item.document()
        block = document.begin()
        while block.isValid():
            text, layout = block.text(), block.layout()
            for index in range(layout.lineCount() - 1):  # every line but the block's last
                end = layout.lineAt(index).textStart() + layout.lineAt(index).textLength()
                if 0 < end < len(text) and not text[end - 1].isspace() and not text[end].isspace():
                    broken.append(f"{text[:end]} / {text[end:]}")
            block = block.next()
    return broken


def row_texts_of(view) -> list:
    """The columns of texts beside a view's rows (ids, tokens, counts) that are on stage."""
    from visualizer.ui.row_texts import RowTexts

    items = [value for value in vars(view).values() if isinstance(value, RowTexts)]
    return [item for item in items if item.scene() is not None and item.isVisible() and item.texts()]


def figure_bars_of(view) -> list:
    """The figures drawn with bars in a view (the scale facts, the real-scale memory)."""
    from visualizer.lab.figure_bars import FigureBars

    return [bars for bars in view.findChildren(FigureBars) if bars.isVisible()]


def stage_problems(window: MainWindow, where: str, blank_limit: float | None) -> list[str]:
    """Everything on the step shown that the back row could not read, as sentences naming ``where``."""
    from PySide6.QtGui import QFontMetrics

    problems: list[str] = []
    view = window.tabs.current_view()
    height = window.height()
    digits = MIN_DIGIT_PX * max(1.0, height / 768) - 1
    label_digits = MIN_LABEL_PX * max(1.0, height / 768) - 1
    if share(view, window) < MIN_SHARE:
        problems.append(f"{where}: the stage has {share(view, window):.0%} of the screen")
    for heatmap in stage_heatmaps(view):
        name = heatmap.title() or "a matrix"
        if any(text for row in heatmap.cell_texts() for text in row):
            drawn = heatmap.labels.drawn_pixel_size
            if not drawn:
                problems.append(f"{where}: {name}: numbers too small to draw")
            elif digit_height(drawn) < digits:
                problems.append(f"{where}: {name}: digits {digit_height(drawn)} px")
        for side in ("left", "top"):
            axis = heatmap.plot.getAxis(side)
            ticks = [label for _, label in (axis._tickLevels or [[]])[0] if label] if axis.isVisible() else []
            if not ticks:
                continue
            font = axis.style.get("tickFont") or axis.font()
            if font_px(font) < MIN_LABEL_PX:
                problems.append(f"{where}: {name}: {side} labels of {font_px(font):.0f} px type")
            extent = axis.height() if side == "top" else axis.width()
            needed = QFontMetrics(font).height() if side == "top" else \
                max(QFontMetrics(font).horizontalAdvance(label) for label in ticks)
            if extent + 1 < needed:  # pyqtgraph drops the labels that do not fit their band
                problems.append(f"{where}: {name}: {side} labels dropped ({extent:.0f} px for {needed} px)")
        graphics = heatmap.plot.scene().views()[0]
        rect = graphics.mapFromScene(heatmap.plot.sceneBoundingRect()).boundingRect()
        if rect.left() < -1 or rect.right() > graphics.width() + 1:
            problems.append(f"{where}: {name}: outside the stage ({rect.left()}..{rect.right()})")
    for texts in row_texts_of(view):
        wanted = digits if texts.numbers else label_digits
        if digit_height(texts.font()) < wanted:
            problems.append(f"{where}: {texts.texts()[:2]}…: digits {digit_height(texts.font())} px")
    for bars in figure_bars_of(view):
        body, _ = bars.fonts()
        if digit_height(body) < digits:
            problems.append(f"{where}: figures of {digit_height(body)} px digits")
        if bars.text_width() > bars.width() + 1:
            problems.append(f"{where}: a figure is wider than the stage")
    problems += [f"{where}: a title breaks inside a word: {title!r}" for title in titles_broken_in_a_word(view)]
    problems += [f"{where}: one word alone on the last line of {lines!r}" for lines in lesson_lines_left_alone(window)]
    try:
        assert_labels_whole(visible_labels(window))
        assert_labels_apart(window, visible_labels(view))
    except AssertionError as error:
        problems.append(f"{where}: {error}")
    if blank_limit is not None:
        blank = blank_share(window.grab().toImage())
        if blank > blank_limit:
            problems.append(f"{where}: {blank:.0%} of the screen is blank")
    return problems


def lesson_lines_left_alone(window: MainWindow) -> list[list[str]]:
    """The lesson's title and question, as their lines are shown, where the last of several lines
    is one word ("…swap ␣gato and" / "␣sub")."""
    panel = window.lesson_panel
    shown = [QLabel.text(label).split("\n") for label in (panel.title, panel.question) if label.isVisible()]
    return [lines for lines in shown if len(lines) > 1 and " " not in lines[-1]]


def settle(window: MainWindow) -> None:
    """Paint twice, as the screenshot does: the cell labels decide their size while painting."""
    window.x_panel.finish_build()
    for _ in range(2):
        QApplication.processEvents()
        window.grab()


def reveal_and_wait(qtbot, window: MainWindow) -> None:
    """Reveal the step's answer; the batch question's race runs on a smaller vocabulary and is awaited."""
    step = window.lesson_run.current_step()
    if step is not None and step.question is not None and step.question.kind == "sparse_gradient":
        panel = window.view("gradient_lab").real_scale
        panel.vocabulary.setValue(QUICK_VOCABULARY)
        window.lesson_run.reveal()
        qtbot.waitUntil(lambda: panel.result is not None, timeout=60_000)
    else:
        window.lesson_run.reveal()


# ---- every label the design draws ------------------------------------------------------------------
#
# A label is any text that names or measures something on screen: the row and column names of a
# matrix, a colour bar's ticks, a plot's axis numbers, titles, Qt labels and buttons, and the text a
# widget paints itself (it lists it: visualizer.ui.painted_text.PaintsText). ``drawn_labels``
# finds them all in a window, measures the height of their digits as drawn, and notes every label
# the design asked for that was not drawn (an axis drops a tick label that does not fit its band)
# and every two labels of one axis that run into each other ("d0d1d2d3").


@dataclass(frozen=True)
class Label:
    """One label on screen: what it is, its text, the height of its digits and where it is.

    ``box`` is in the window's coordinates.
    """

    kind: str
    text: str
    digits: float
    box: QRectF
    owner: str

    def __str__(self) -> str:
        return f"{self.owner}: {self.kind} {self.text!r} (digits {self.digits:.1f} px)"


@dataclass
class LabelSurvey:
    """Every label drawn in a window, and the labels the design asked for that are missing or run
    into each other."""

    labels: list[Label] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)
    crowded: list[str] = field(default_factory=list)

    def smallest(self, kind: str | None = None) -> Label | None:
        """The label with the smallest digits (of one kind, or of all)."""
        chosen = [label for label in self.labels if kind is None or label.kind == kind]
        return min(chosen, key=lambda label: label.digits, default=None)

    def kinds(self) -> set[str]:
        return {label.kind for label in self.labels}


STAGE_KINDS = frozenset({"row label", "row number", "column header", "colour bar", "axis number", "face title",
                         "hand", "position"})
"""Labels sized with the stage (the names and numbers around a matrix or plot, the clock's, the
chips' positions): they grow with the screen without limit. The window's own type (titles,
captions, tokens, texts, buttons, tabs, fields) stops growing at the presentation's largest
scale (2.5, on a 1080-line screen)."""


def min_label_digits(window: QWidget) -> Callable[[str], float]:
    """The least digit height of a label of each kind on stage: 14 px at 768 lines, growing with
    the height (a 1080-line projector 19.7 px), less one pixel of rounding; the window's own type
    grows up to the presentation's largest scale."""
    growth = max(1.0, window.height() / 768)
    capped = min(growth, MAX_PRESENTATION_SCALE / MIN_PRESENTATION_SCALE)
    return lambda kind: MIN_LABEL_PX * (growth if kind in STAGE_KINDS else capped) - 1


def assert_labels_readable(window: QWidget, min_digits: float | Callable[[str], float], *,
                           kinds: Collection[str] | None = None, exempt: Collection[object] = ()) -> LabelSurvey:
    """Every label the window draws is there (none dropped by accident), apart from its neighbours,
    and has digits at least ``min_digits`` tall (a number, or one per kind of label: see
    :func:`min_label_digits`); ``kinds`` limits the size check to those kinds.

    ``exempt`` names widgets or graphics items whose labels are someone else's to fix (each use
    says whose, and when it goes)."""
    survey = drawn_labels(window, exempt)
    assert not survey.missing, "labels the design draws are missing: " + "; ".join(survey.missing)
    assert not survey.crowded, "labels run into each other: " + "; ".join(survey.crowded)
    least = min_digits if callable(min_digits) else (lambda _kind: float(min_digits))
    small = [f"{label} < {least(label.kind):.1f}" for label in survey.labels
             if (kinds is None or label.kind in kinds) and label.digits < least(label.kind)]
    assert not small, "labels with digits too small: " + "; ".join(small)
    return survey


def drawn_labels(window: QWidget, exempt: Collection[object] = ()) -> LabelSurvey:
    """Survey every visible label of ``window`` (call after a paint: axes lay out while painting),
    leaving out those within the widgets or graphics items of ``exempt``."""
    survey = LabelSurvey()
    for widget in window.findChildren(QWidget):
        if not widget.isVisible() or shown_part(widget, window).isEmpty():
            continue
        if any(isinstance(other, QWidget) and (other is widget or other.isAncestorOf(widget)) for other in exempt):
            continue
        if isinstance(widget, pg.GraphicsView):
            _survey_scene(widget, window, survey, [item for item in exempt if isinstance(item, QGraphicsItem)])
        elif isinstance(widget, PaintsText):
            inside = QRectF(widget.rect()).adjusted(-1, -1, 1, 1)
            for text in widget.painted_texts():
                if not inside.contains(text.rect):  # a chip on a line the strip has no room for
                    survey.missing.append(f"{type(widget).__name__}: {text.kind} {text.text!r} cut by its edge")
                _add(survey, text.kind, text.text, text.font, 1.0,
                     QRectF(widget.mapTo(window, text.rect.topLeft().toPoint()), text.rect.size()),
                     type(widget).__name__)
        for kind, text, font in _widget_texts(widget):
            _add(survey, kind, text, font, 1.0, QRectF(widget.mapTo(window, QPoint(0, 0)), widget.size()),
                 type(widget).__name__)
    return survey


def shown_part(widget: QWidget, window: QWidget) -> QRect:
    """The part of ``widget`` within every ancestor's bounds (a scroll area hides the rest), in the
    window's coordinates."""
    shown = QRect(widget.mapTo(window, QPoint(0, 0)), widget.size())
    parent = widget.parentWidget()
    while parent is not None and parent is not window:
        shown &= QRect(parent.mapTo(window, QPoint(0, 0)), parent.size())
        parent = parent.parentWidget()
    return shown & window.rect()


def _add(survey: LabelSurvey, kind: str, text: str, font: QFont, scale: float, box: QRectF, owner: str) -> None:
    survey.labels.append(Label(kind, text, digit_height(font) * scale, box, owner))


def _widget_texts(widget: QWidget) -> list[tuple[str, str, QFont]]:
    """(kind, text, font) of the text a Qt widget draws itself."""
    font = widget.font()
    if isinstance(widget, QLabel):
        return [("text", widget.text(), font)] if widget.text() and widget.pixmap().isNull() else []
    if isinstance(widget, QAbstractButton):
        return [("button", widget.text(), font)] if widget.text() else []
    if isinstance(widget, QGroupBox):
        return [("group title", widget.title(), font)] if widget.title() else []
    if isinstance(widget, QTabBar):
        return [("tab", widget.tabText(i), font) for i in range(widget.count()) if widget.isTabVisible(i)]
    if isinstance(widget, QComboBox | QLineEdit | QAbstractSpinBox):
        return [("field", "0123456789", font)]
    if isinstance(widget, QHeaderView):
        return [("header", "0123456789", font)]
    if isinstance(widget, QAbstractItemView) and not isinstance(widget, PaintsText):
        return [("cell", "0123456789", font)]
    return []


def _survey_scene(view: pg.GraphicsView, window: QWidget, survey: LabelSurvey, exempt: list[QGraphicsItem]) -> None:
    """Axes, titles and text items of one pyqtgraph view."""
    shown = QRectF(view.viewport().rect())
    owner = type(view).__name__
    for item in view.scene().items():
        if not item.isVisible() or item.opacity() == 0:
            continue
        if any(other is item or other.isAncestorOf(item) for other in exempt):
            continue
        transform = item.deviceTransform(view.viewportTransform())
        if not transform.mapRect(item.boundingRect()).intersects(shown):
            continue
        scale = abs(transform.m22()) or 1.0
        if isinstance(item, pg.AxisItem):
            _survey_axis(item, view, window, survey, owner)
        elif isinstance(item, PaintsText):  # texts an item paints itself (the names beside a matrix's rows)
            inside = shown.adjusted(-1, -1, 1, 1)
            for text in item.painted_texts():
                box = transform.mapRect(text.rect)
                if not inside.contains(box):
                    survey.missing.append(f"{owner} {text.kind}: {text.text!r} cut by the edge of the view")
                _add(survey, text.kind, text.text, text.font, scale,
                     QRectF(view.mapTo(window, box.topLeft().toPoint()), box.size()), owner)
        elif isinstance(item, QGraphicsTextItem) and item.toPlainText().strip():
            box = transform.mapRect(item.boundingRect())
            kind = "title" if isinstance(item.parentItem(), pg.LabelItem) else "text item"
            _add(survey, kind, item.toPlainText(), _text_item_font(item), scale,
                 QRectF(view.mapTo(window, box.topLeft().toPoint()), box.size()), owner)


def _text_item_font(item: QGraphicsTextItem) -> QFont:
    """The smallest font of the item's text (rich text sets its own sizes)."""
    fonts = []
    block = item.document().begin()
    while block.isValid():
        for piece in block:
            fragment = piece.fragment()
            if fragment.isValid() and fragment.text().strip():
                fonts.append(fragment.charFormat().font().resolve(item.font()))
        block = block.next()
    return min(fonts or [item.font()], key=digit_height)


AXIS_KINDS = {"left": "row label", "right": "axis number", "top": "column header", "bottom": "axis number"}


def _survey_axis(axis: pg.AxisItem, view: pg.GraphicsView, window: QWidget, survey: LabelSurvey, owner: str) -> None:
    """The tick labels an axis draws, the ones it was asked for and dropped, and any two that touch."""
    if not axis.style["showValues"]:
        return  # an axis without numbers, by design
    font = axis.style["tickFont"] or view.font()
    image = QImage(4, 4, QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    painter.setFont(font)
    # What paint() draws now: pyqtgraph's places, which a names-only TickAxis draws itself
    # (TickAxis._names_only; tests/ui/test_tick_axis.py holds the two to the same pixels).
    specs = axis.generateDrawSpecs(painter)
    painter.end()
    drawn = [(rect, text) for rect, _, text in specs[2]] if specs else []
    wanted = _designed_ticks(axis)
    kind = AXIS_KINDS[axis.orientation]
    parent = axis.parentItem()
    while parent is not None:
        if isinstance(parent, pg.ColorBarItem):
            kind = "colour bar"
        parent = parent.parentItem()
    name = f"{owner} {kind}s"
    for text in Counter(wanted) - Counter(text for _, text in drawn):
        survey.missing.append(f"{name}: {text!r} not drawn")
    transform = axis.deviceTransform(view.viewportTransform())
    scale = abs(transform.m22()) or 1.0
    metrics = QFontMetrics(font)
    shown = QRectF(view.viewport().rect()).adjusted(-1, -1, 1, 1)
    for rect, text in drawn:
        box = transform.mapRect(rect)
        if not shown.contains(box):
            survey.missing.append(f"{name}: {text!r} cut by the edge of the view")
        _add(survey, kind, text, font, scale, QRectF(view.mapTo(window, box.topLeft().toPoint()), box.size()), owner)
    # Ink of neighbours must not touch: a space between column names, a pixel between rows.
    along = 1 if axis.orientation in ("left", "right") else 0
    ink = sorted(((rect.center().y() if along else rect.center().x()),
                  (metrics.tightBoundingRect(text).height() if along
                   else max(metrics.horizontalAdvance(line) for line in text.split("\n"))), text)
                 for rect, text in drawn)
    gap = 1 if along else metrics.horizontalAdvance(" ") / 2
    for (a, a_size, a_text), (b, b_size, b_text) in itertools.pairwise(ink):
        if b - a < (a_size + b_size) / 2 + gap:
            survey.crowded.append(f"{name}: {a_text!r} and {b_text!r}")


def _designed_ticks(axis: pg.AxisItem) -> list[str]:
    """The tick labels the axis was given (or computes) within its range: what the design draws."""
    low, high = sorted(axis.range)
    if axis._tickLevels is not None:
        return [text for level in axis._tickLevels for value, text in level if text and low <= value <= high]
    length = axis.geometry().height() if axis.orientation in ("left", "right") else axis.geometry().width()
    levels = axis.tickValues(low, high, length)
    if not levels:
        return []
    spacing, values = levels[0]  # the major ticks: minor levels give way when crowded, by design
    values = [value for value in values if low <= value <= high]
    return [text for text in axis.tickStrings(values, axis.autoSIPrefixScale * axis.scale, spacing) if text]
