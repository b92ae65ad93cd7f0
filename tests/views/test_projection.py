"""On a projector every X-panel step of the lesson is a stage readable from the back row.

Rendered offscreen at the sizes of classroom projectors, in both languages, the way
``--presentation --size WxH --step N`` shows them: the step's view takes most of the screen, its
numbers are drawn at 22 px type (digits 16 px tall at 768 lines) or not at all, and no label is
cut or lies on another.
"""

from __future__ import annotations

import pytest
from PySide6.QtGui import QFont, QFontMetrics
from PySide6.QtWidgets import QApplication, QLabel

from visualizer.shell import MainWindow

SIZES = ((1024, 768), (1280, 720), (1920, 1080))
X_PANEL_STEPS = (0, 1, 2, 5)  # 0-based: an id is a name, the lookup, adding positions, the swap with positions
MIN_SHARE = 0.6
MIN_DIGIT_PX = 16


@pytest.fixture
def presenting(qtbot):
    windows = []

    def present(size: tuple[int, int], language: str, step: int) -> MainWindow:
        window = MainWindow()
        qtbot.addWidget(window)
        windows.append(window)
        window.set_language(language)
        window.resize(*size)  # the scale follows the size, as for --screenshot --presentation
        window.presentation.set_presenting(True, full_screen=False)
        window.go_to_step(step)
        window.show()
        qtbot.waitExposed(window)
        window.x_panel.finish_build()
        QApplication.processEvents()
        window.grab()  # paint once: the cell labels decide their size while painting
        return window

    yield present
    for window in windows:
        window.set_language("en")
        window.close()


def digit_height(pixel_size: int) -> int:
    font = QFont()
    font.setPixelSize(pixel_size)
    return QFontMetrics(font).tightBoundingRect("0123456789").height()


def visible_labels(widget) -> list[QLabel]:
    return [label for label in widget.findChildren(QLabel) if label.isVisible() and label.text()]


@pytest.mark.parametrize("language", ["en", "pt"])
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("step", X_PANEL_STEPS, ids=[f"step{s + 1}" for s in X_PANEL_STEPS])
def test_the_x_panel_is_a_stage_readable_from_the_back_row(presenting, step, size, language):
    window = presenting(size, language, step)
    view = window.current_view()
    assert view is window.x_panel
    width, height = window.width(), window.height()
    assert (width, height) == size
    share = view.width() * view.height() / (width * height)
    assert share >= MIN_SHARE, f"the stage has {share:.0%} of the screen"
    # Every matrix prints its numbers, each digit at least 16 px tall (more on taller screens).
    for heatmap in window.x_panel.graphics.heatmaps:
        drawn = heatmap.labels.drawn_pixel_size
        if heatmap.values().size and not all(text == "" for row in heatmap.cell_texts() for text in row):
            assert drawn, f"{heatmap.title()}: numbers too small to draw"
            assert digit_height(drawn) >= MIN_DIGIT_PX * min(1.0, height / 768)
            assert digit_height(drawn) >= MIN_DIGIT_PX
    # No label of the window is cut, and none lies on another within the stage.
    for label in visible_labels(window):
        if label.wordWrap():
            assert label.heightForWidth(label.width()) <= label.height() + 1, f"cut: {label.text()!r}"
        else:
            assert label.sizeHint().width() <= label.width() + 1, f"cut: {label.text()!r}"
    labels = visible_labels(view)
    boxes = [(label, label.mapTo(window, label.rect().topLeft()), label.size()) for label in labels]
    for index, (a, a_pos, a_size) in enumerate(boxes):
        for b, b_pos, b_size in boxes[index + 1:]:
            if a.isAncestorOf(b) or b.isAncestorOf(a):
                continue
            overlap_w = min(a_pos.x() + a_size.width(), b_pos.x() + b_size.width()) - max(a_pos.x(), b_pos.x())
            overlap_h = min(a_pos.y() + a_size.height(), b_pos.y() + b_size.height()) - max(a_pos.y(), b_pos.y())
            assert overlap_w <= 0 or overlap_h <= 0, f"{a.text()!r} lies on {b.text()!r}"
