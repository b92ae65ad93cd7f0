"""What every projection test measures: a step of the lesson presented at a projector's size.

``present(qtbot, size, language, step)`` renders the window the way ``--presentation --size WxH
--step N`` does; the checks below are the issue's "readable from the back row" rules.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtGui import QFont, QFontMetrics
from PySide6.QtWidgets import QApplication, QLabel, QWidget

from visualizer.lesson import load_lesson
from visualizer.shell import MainWindow

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
    """The labels a person sees in ``widget`` (with text)."""
    return [label for label in widget.findChildren(QLabel) if label.isVisible() and label.text()]


def assert_labels_whole(labels: list[QLabel]) -> None:
    """No label's text is cut: word-wrapped ones are tall enough, the others wide enough."""
    for label in labels:
        if label.wordWrap():
            assert label.heightForWidth(label.width()) <= label.height() + 1, f"cut: {label.text()!r}"
        else:
            assert label.sizeHint().width() <= label.width() + 1, f"cut: {label.text()!r}"


def assert_labels_apart(window: QWidget, labels: list[QLabel]) -> None:
    """No two labels (neither inside the other) lie on each other."""
    boxes = [(label, label.mapTo(window, label.rect().topLeft()), label.size()) for label in labels]
    for index, (a, a_pos, a_size) in enumerate(boxes):
        for b, b_pos, b_size in boxes[index + 1:]:
            if a.isAncestorOf(b) or b.isAncestorOf(a):
                continue
            overlap_w = min(a_pos.x() + a_size.width(), b_pos.x() + b_size.width()) - max(a_pos.x(), b_pos.x())
            overlap_h = min(a_pos.y() + a_size.height(), b_pos.y() + b_size.height()) - max(a_pos.y(), b_pos.y())
            assert overlap_w <= 0 or overlap_h <= 0, f"{a.text()!r} lies on {b.text()!r}"


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
    tiles = pixels[:rows * tile, :columns * tile].reshape(rows, tile, columns, tile, 3).swapaxes(1, 2)
    spread = (tiles.max(axis=(2, 3)).astype(int) - tiles.min(axis=(2, 3))).max(axis=2)
    blank = (spread <= 12) & (tiles.min(axis=(2, 3, 4)) >= 240)
    return float(blank.mean())


def stage_heatmaps(view) -> list:
    """The matrices a view shows on stage: its visible heatmaps (wherever the view keeps them)."""
    from visualizer.views.heatmap import Heatmap
    from visualizer.views.matrix_row import MatrixRow

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


def row_texts_of(view) -> list:
    """The columns of texts beside a view's rows (ids, tokens, counts) that are on stage."""
    from visualizer.views.row_texts import RowTexts

    items = [value for value in vars(view).values() if isinstance(value, RowTexts)]
    return [item for item in items if item.scene() is not None and item.isVisible() and item.texts()]


def figure_bars_of(view) -> list:
    """The figures drawn with bars in a view (the scale facts, the real-scale memory)."""
    from visualizer.views.figure_bars import FigureBars

    return [bars for bars in view.findChildren(FigureBars) if bars.isVisible()]


def stage_problems(window: MainWindow, where: str, blank_limit: float | None) -> list[str]:
    """Everything on the step shown that the back row could not read, as sentences naming ``where``."""
    from PySide6.QtGui import QFontMetrics

    problems: list[str] = []
    view = window.current_view()
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


def settle(window: MainWindow) -> None:
    """Paint twice, as the screenshot does: the cell labels decide their size while painting."""
    window.x_panel.finish_build()
    for _ in range(2):
        QApplication.processEvents()
        window.grab()


def reveal_and_wait(qtbot, window: MainWindow) -> None:
    """Reveal the step's answer; the batch question's race runs on a smaller vocabulary and is awaited."""
    step = window.lesson_run.current_step()
    if step is not None and step.reveal is not None and step.reveal.done_caption:
        panel = window.gradient_lab.real_scale
        panel.vocabulary.setValue(QUICK_VOCABULARY)
        window.lesson_run.reveal()
        qtbot.waitUntil(lambda: panel.result is not None, timeout=60_000)
    else:
        window.lesson_run.reveal()
