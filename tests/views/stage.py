"""What every projection test measures: a step of the lesson presented at a projector's size.

``present(qtbot, size, language, step)`` renders the window the way ``--presentation --size WxH
--step N`` does; the checks below are the issue's "readable from the back row" rules.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtGui import QFont, QFontMetrics
from PySide6.QtWidgets import QApplication, QLabel, QWidget

from visualizer.shell import MainWindow

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
