"""On a projector the attention steps of the lesson are a stage readable from the back row.

Step 4 (five ways to give position: the scheme comparison) and step 5 (swap ␣gato and ␣sub
without positions: the attention preview), rendered offscreen at the sizes of classroom
projectors in both languages, the way ``--presentation --size WxH --step N`` shows them: the
step's view takes most of the screen, the numbers of its main visual are drawn at 22 px type
(digits 16 px tall at 768 lines) or not at all, its titles and labels are at least 14 px, and no
label is cut or lies on another.
"""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import QPointF
from PySide6.QtGui import QFontInfo, QFontMetrics
from PySide6.QtWidgets import QAbstractScrollArea, QApplication

from tests.stage import (
    MIN_DIGIT_PX,
    MIN_LABEL_PX,
    MIN_SHARE,
    SIZE_IDS,
    SIZES,
    assert_labels_apart,
    assert_labels_readable,
    assert_labels_whole,
    digit_height,
    font_px,
    min_label_digits,
    share,
    step_index,
    visible_labels,
)
from visualizer.core import SCHEMES
from visualizer.shell.main_window import MainWindow
from visualizer.ui.heatmap import Heatmap

SCHEMES_STEP, SWAP_STEP = step_index("schemes"), step_index("swap-none")
ATTENTION_STEPS = (SCHEMES_STEP, SWAP_STEP)  # five ways to give position, the swap without positions


def main_heatmaps(window: MainWindow, step: int) -> list[Heatmap]:
    """The matrices of the step's main visual that are on screen (the comparison's: the table of one
    query's scores under each scheme, then the five pictures)."""
    view = window.view("comparison") if step == SCHEMES_STEP else window.view("attention")
    heatmaps = ([view.query_table] if step == SCHEMES_STEP else []) + view.graphics.heatmaps
    return [h for h in heatmaps if h.plot.isVisible() and h.values().size]


def title_px(heatmap: Heatmap) -> float:
    """The title's type in pixels (pyqtgraph draws it as HTML at ``opts["size"]``, e.g. "20pt")."""
    size = str(heatmap.plot.titleLabel.opts["size"])
    assert size.endswith("pt"), size
    return float(size[:-2]) * QApplication.primaryScreen().logicalDotsPerInchY() / 72


def axis_px(heatmap: Heatmap, name: str) -> float:
    axis = heatmap.plot.getAxis(name)
    font = axis.style.get("tickFont")
    return font_px(font) if font is not None else font_px(axis.font())


@pytest.mark.parametrize("language", ["en", "pt"])
@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
@pytest.mark.parametrize("step", ATTENTION_STEPS, ids=[f"step{s + 1}" for s in ATTENTION_STEPS])
def test_the_attention_steps_are_a_stage_readable_from_the_back_row(presenting, step, size, language):
    window = presenting(size, language, step)
    assert_stage(window, step, size)


@pytest.mark.parametrize("language", ["en", "pt"])
@pytest.mark.parametrize("scheme", ["none", "rope", "alibi"])
def test_the_preview_stays_a_stage_after_the_swap_and_under_rope_and_alibi(presenting, scheme, language):
    """The reveal of step 5 swaps ␣gato and ␣sub: a line says which rows of X moved. The teacher may
    then pick RoPE or ALiBi above: their q/k or bias come beside the scores, with ALiBi's controls."""
    window = presenting((1024, 768), language, SWAP_STEP)
    window.model.set_scheme(scheme)
    window.model.move_token(1, 2)
    for _ in range(2):
        QApplication.processEvents()
        window.grab()
    assert window.view("attention").changes_label.text()
    assert_stage(window, SWAP_STEP, (1024, 768))


def assert_stage(window: MainWindow, step: int, size: tuple[int, int]) -> None:
    """The checks of a stage readable from the back row."""
    view = window.tabs.current_view()
    assert view is (window.view("comparison") if step == SCHEMES_STEP else window.view("attention"))
    width, height = window.width(), window.height()
    assert (width, height) == size
    assert share(view, window) >= MIN_SHARE, f"the stage has {share(view, window):.0%} of the screen"
    heatmaps = main_heatmaps(window, step)
    assert heatmaps
    drawn_any = False
    for heatmap in heatmaps:
        has_numbers = any(text for row in heatmap.cell_texts() for text in row)
        drawn = heatmap.labels.drawn_pixel_size
        if has_numbers and drawn:
            drawn_any = True
            assert digit_height(drawn) >= MIN_DIGIT_PX, f"{heatmap.title()}: digits {digit_height(drawn)} px"
        # Titles and the row and column labels: 14 px or more.
        assert heatmap.title()
        assert title_px(heatmap) >= MIN_LABEL_PX, f"{heatmap.title()}: title {title_px(heatmap):.0f} px"
        for name in ("left", "top"):
            if heatmap.plot.getAxis(name).isVisible():
                assert axis_px(heatmap, name) >= MIN_LABEL_PX, f"{heatmap.title()}: {name} labels"
    # The main visual of each step prints its numbers: the point of the stage. The comparison's
    # table of every scheme's scores for one query (its five matrices are pictures); the scores of
    # the preview.
    assert drawn_any, "no matrix prints its numbers"
    printing = [window.view("comparison").query_table] if step == SCHEMES_STEP else [window.view("attention").scores]
    assert all(h.labels.drawn_pixel_size for h in printing), [h.title() for h in printing]
    if step == SCHEMES_STEP:  # the five scores of a hovered cell wrap within the stage
        window.view("comparison")._on_cell_hovered(1, 0)
        QApplication.processEvents()
        window.grab()
    assert not view_scrolls_horizontally(view)
    # No label of the window is cut, and none lies on another within the stage.
    assert_labels_whole(visible_labels(window))
    assert_labels_apart(window, visible_labels(view))
    assert_labels_readable(window, min_label_digits(window))
    # Every matrix and the colour bar lie within the stage, none pushed past its right edge.
    graphics = (window.view("comparison") if step == SCHEMES_STEP else window.view("attention")).graphics
    for item in [h.plot for h in heatmaps] + [graphics.colour_bar]:
        rect = graphics.mapFromScene(item.sceneBoundingRect()).boundingRect()
        assert rect.left() >= 0 and rect.right() <= graphics.width() + 1, f"{item} outside the stage: {rect}"
    # The band of column names is as tall as their type (pyqtgraph drops the names otherwise).
    for heatmap in heatmaps:
        top = heatmap.plot.getAxis("top")
        if top.isVisible() and any(name for _, name in (top._tickLevels or [[]])[0]):
            font = top.style.get("tickFont") or top.font()
            assert top.height() >= QFontMetrics(font).height(), f"{heatmap.title()}: column names dropped"
    # Row labels of the scores do not overlap: each row is taller than the labels' line.
    for heatmap in heatmaps:
        left = heatmap.plot.getAxis("left")
        if left.isVisible():
            rows = heatmap.values().shape[0]
            row_height = heatmap.plot.getViewBox().height() / rows
            font = left.style.get("tickFont") or left.font()
            assert QFontMetrics(font).height() <= row_height, f"{heatmap.title()}: row labels overlap"


def view_scrolls_horizontally(view) -> bool:
    for area in [view, *view.findChildren(QAbstractScrollArea)]:
        if isinstance(area, QAbstractScrollArea) and area.isVisible():
            bar = area.horizontalScrollBar()
            if bar.isVisible() and bar.maximum() > 0:
                return True
    return view.minimumSizeHint().width() > view.width()


def cell_ink(window: MainWindow, heatmap: Heatmap, row: int, column: int):
    """The pixels of one cell of ``heatmap`` as the window draws them: (height of the ink, ink pixels).

    Ink is whatever differs clearly from the cell's own colour (its most common one): the number.
    """
    image = window.grab().toImage()
    graphics = heatmap.plot.scene().views()[0]
    box = heatmap.plot.getViewBox()
    corners = [graphics.mapTo(window, graphics.mapFromScene(box.mapViewToScene(QPointF(x, y))))
               for x, y in ((column, row), (column + 1, row + 1))]
    left, top = min(p.x() for p in corners) + 3, min(p.y() for p in corners) + 3
    right, bottom = max(p.x() for p in corners) - 3, max(p.y() for p in corners) - 3
    pixels = np.array([[image.pixelColor(x, y).getRgb()[:3] for x in range(left, right)]
                       for y in range(top, bottom)], dtype=float)
    colours, counts = np.unique(pixels.reshape(-1, 3), axis=0, return_counts=True)
    background = colours[np.argmax(counts)]
    ink = np.abs(pixels - background).sum(axis=2) > 150
    rows = np.flatnonzero(ink.any(axis=1))
    return (int(rows[-1] - rows[0] + 1) if rows.size else 0), int(ink.sum())


def column_names_ink(window: MainWindow, heatmap: Heatmap) -> int:
    """Dark pixels in the band of column names above ``heatmap``."""
    image = window.grab().toImage()
    top = heatmap.plot.getAxis("top")
    graphics = heatmap.plot.scene().views()[0]
    rect = graphics.mapFromScene(top.sceneBoundingRect()).boundingRect()
    origin = graphics.mapTo(window, rect.topLeft())
    xs = range(max(0, origin.x()), min(image.width(), origin.x() + rect.width()))
    ys = range(max(0, origin.y()), min(image.height(), origin.y() + rect.height()))
    return sum(1 for y in ys for x in xs if image.pixelColor(x, y).lightness() < 100)


@pytest.mark.parametrize("size", [(1024, 768), (1920, 1080)], ids=["1024x768", "1920x1080"])
@pytest.mark.parametrize("step", ATTENTION_STEPS, ids=[f"step{s + 1}" for s in ATTENTION_STEPS])
def test_the_pixels_show_numbers_16_px_tall_and_the_column_names(presenting, step, size):
    """Read back from the picture itself, not from what the views say they drew.

    Before the stage, step 4 drew five matrices with no number in any cell (too narrow for 22 px
    type): the cell check fails there at both sizes. (The column names that pyqtgraph dropped at
    1920 x 1080 come back after a few paints here, so the band check of the first test catches those.)
    """
    window = presenting(size, "en", step)
    heatmap = main_heatmaps(window, step)[0]  # the table of query 5's scores (step 5), the scores (step 6)
    height, ink = cell_ink(window, heatmap, 1, 0)  # "1" (learned: query 5, key 1) / "-0.375" (query 2, key 1)
    assert ink > 40, "no number in the cell"
    assert height >= MIN_DIGIT_PX, f"the number is {height} px tall"
    assert column_names_ink(window, heatmap) > 20, "no column names above the matrix"
    print(f"step {step + 1} {size}: the number is {height} px tall")


def test_the_comparison_shows_all_five_schemes_scores_on_stage_and_in_the_window(presenting, qtbot):
    # Step 5 is "five ways to give position": on stage it showed two, the others' scores only on
    # hover (a projector cannot). Now the five as pictures, and one query's scores under each,
    # printed: the last query by default (it sees every key), another one pointed at.
    window = presenting((1024, 768), "en", SCHEMES_STEP)
    comparison = window.view("comparison")
    assert all(h.plot.isVisible() for h in comparison.heatmaps.values())
    table = comparison.query_table
    n = window.model.n
    expected = np.array([np.where(np.isneginf(window.model.scores(s)), np.nan, window.model.scores(s))[n - 1]
                         for s in SCHEMES])
    np.testing.assert_array_equal(table.values(), expected)
    assert table.labels.drawn_pixel_size == window.appearance.stage_px()
    assert [label for _, label in table.plot.getAxis("left")._tickLevels[0]] == \
        [comparison.scheme_names()[s] for s in SCHEMES]
    comparison._on_cell_hovered(1, 0)  # query 2 pointed at
    QApplication.processEvents()
    window.grab()
    assert comparison.query() == 1 and table.title().startswith("query 2")
    np.testing.assert_array_equal(table.values()[1], np.where(np.isneginf(window.model.scores("learned")), np.nan,
                                                             window.model.scores("learned"))[1])
    assert "permute" not in comparison.caption.text()  # the swap's answer is step 6's
    # The ordinary window: the five matrices side by side, as before.
    window.presentation.set_presenting(False)
    QApplication.processEvents()
    window.grab()
    assert all(h.plot.isVisible() for h in comparison.heatmaps.values())
    assert "under each scheme" in comparison.caption.text()
    ordinary = MainWindow()  # never presented
    qtbot.addWidget(ordinary)
    ordinary.go_to_step(SCHEMES_STEP)
    ordinary.resize(1024, 768)
    ordinary.show()
    qtbot.waitExposed(ordinary)
    for shown in (window, ordinary):
        QApplication.processEvents()
        shown.grab()
    assert [round(h.plot.getViewBox().width()) for h in comparison.heatmaps.values()] == \
        [round(h.plot.getViewBox().width()) for h in ordinary.view("comparison").heatmaps.values()]
    ordinary.close()
    assert_band_fits_names(comparison.heatmaps["none"])


def test_the_attention_preview_shows_x_again_with_its_numbers_once_presenting_ends(presenting):
    # The swap's question is about X: on stage, before the reveal too, X beside the scores prints
    # its numbers (it was a strip of colours); without a step that asks, X steps aside there.
    window = presenting((1024, 768), "en", SWAP_STEP)
    preview = window.view("attention")
    assert preview.x_matrix.plot.isVisible() and preview.x_matrix.labels.drawn_pixel_size
    assert all(text for row in preview.x_matrix.cell_texts() for text in row)
    window.lesson_panel.advance()  # revealed: still
    window.go_to_step(step_index("alibi"))  # a step that does not ask: X steps aside
    QApplication.processEvents()
    window.grab()
    assert not preview.x_matrix.plot.isVisible() and preview.side.plot.isVisible()
    window.presentation.set_presenting(False)
    QApplication.processEvents()
    window.grab()
    assert all(text for row in preview.x_matrix.cell_texts() for text in row)
    assert_band_fits_names(preview.scores)


def assert_band_fits_names(heatmap: Heatmap) -> None:
    """Out of presentation too, the band of column names is as tall as their type, which is the
    window's again (pyqtgraph drops names that do not fit their band)."""
    top = heatmap.plot.getAxis("top")
    font = top.style["tickFont"]
    assert font.pixelSize() <= QFontInfo(heatmap.label_font()).pixelSize()  # not the stage's 20 px
    assert top.height() >= QFontMetrics(font).height()


def indicator(button) -> tuple[int, float]:
    """Height of a check box's square or a radio button's circle and how dark it is inside (its
    whole inside: a small dot is not a filled circle), read back from the button's own picture.
    The indicator is the first run of columns with dark pixels, left of the text."""
    QApplication.processEvents()
    image = button.grab().toImage()
    width, height = min(button.width(), 3 * button.height()), button.height()
    pixels = np.array([[image.pixelColor(x, y).lightness() for x in range(width)] for y in range(height)])
    dark = pixels < 100
    columns = np.flatnonzero(dark.any(axis=0))
    if not columns.size:
        return 0, 255.0
    gaps = np.flatnonzero(~dark.any(axis=0)[columns[0]:])
    left, right = columns[0], columns[0] + (gaps[0] if gaps.size else width - columns[0])
    rows = np.flatnonzero(dark[:, left:right].any(axis=1))
    inside = pixels[rows[0] + 3:rows[-1] - 2, left + 3:right - 3]
    return int(rows[-1] - rows[0] + 1), float(inside.mean()) if inside.size else 255.0


def test_the_causal_masks_box_is_seen_from_the_back_row_ticked_or_not(presenting):
    """Qt draws a check box 13 px square whatever its type: beside 22 px words nobody saw its state."""
    window = presenting((1024, 768), "en", SWAP_STEP)
    box = window.view("attention").causal
    box.setChecked(False)
    empty_height, empty_inside = indicator(box)
    box.setChecked(True)
    ticked_height, ticked_inside = indicator(box)
    cap = QFontMetrics(box.font()).capHeight()
    assert empty_height >= cap and ticked_height >= cap, (empty_height, ticked_height, cap)
    assert ticked_inside < empty_inside - 60  # filled once ticked


def test_the_chosen_scheme_is_seen_from_the_back_row(presenting):
    """Qt draws a radio button's circle 13 px with a small dot whatever its type: beside the names
    on stage, the back row could not tell which scheme was on."""
    window = presenting((1024, 768), "en", SWAP_STEP)
    buttons = window.scheme_selector.buttons
    chosen = window.model.scheme
    cap = QFontMetrics(buttons[chosen].font()).capHeight()
    circles = {scheme: indicator(button) for scheme, button in buttons.items()}
    assert all(height >= cap for height, _ in circles.values()), (circles, cap)
    others = [inside for scheme, (_, inside) in circles.items() if scheme != chosen]
    assert circles[chosen][1] < min(others) - 60  # filled once chosen
