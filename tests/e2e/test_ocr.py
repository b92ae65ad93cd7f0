"""Read the projector picture back as the back row would: OCR of what each step puts on stage.

The window is rendered at 1024 × 768 in presentation mode on a step of the lesson, saved as a PNG,
and what the step is about is read by tesseract (Debian's tesseract-ocr): the worked example's X
(step "Adding positions"), sinusoidal's row for t = 1, the twelve tokens of E with their ids, and
X as it stands once each swap's answer is revealed (with ␣gato's row before and after).
"""

from __future__ import annotations

import shutil
import subprocess
import unicodedata

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QImage, QPainter
from PySide6.QtWidgets import QApplication

from tests import spec
from tests.stage import step_index
from visualizer.shell.main_window import MainWindow

NUMBERS = "tessedit_char_whitelist=-.0123456789"
OCR_MARGIN = 10  # px around a cell's picture, enlarged


def picture_of(qtbot, tmp_path, step_id: str, reveal: bool = False) -> tuple[MainWindow, QImage]:
    """A window presenting ``step_id`` at 1024 × 768 (revealed if asked), and its picture as saved."""
    assert shutil.which("tesseract"), "tesseract-ocr is installed by `make test` (packaging/debian-packages.txt)"
    window = MainWindow()
    qtbot.addWidget(window)
    window.resize(1024, 768)
    window.presentation.set_presenting(True, full_screen=False)
    window.go_to_step(step_index(step_id))
    if reveal:
        window.lesson_run.reveal()
    window.show()
    qtbot.waitExposed(window)
    window.x_panel.finish_build()
    for _ in range(2):
        QApplication.processEvents()
        window.grab()
    path = tmp_path / f"presentation-1024x768-{step_id}{'-revealed' if reveal else ''}.png"
    assert window.grab().save(str(path))
    picture = QImage(str(path))
    assert (picture.width(), picture.height()) == (1024, 768)
    return window, picture


def cell_image(window: MainWindow, picture: QImage, heatmap, row: int, column: int) -> QImage:
    """The pixels of one cell of ``heatmap`` in ``picture`` (a grab of the whole window)."""
    graphics = heatmap.plot.scene().views()[0]
    scene_rect = heatmap.plot.getViewBox().mapViewToScene(QRectF(column, row, 1, 1)).boundingRect()
    in_view = graphics.mapFromScene(scene_rect).boundingRect()
    top_left = graphics.mapTo(window, in_view.topLeft())
    # Keep the neighbours' edges out, and the outline of a moved or changed row (its pen runs along
    # the top and bottom of every cell of the row).
    across, down = 3, max(3, in_view.height() // 6)
    # The outline's ends run down the first and last cells of its row: keep them out too (tesseract
    # read "−1" beside the stripe as "1").
    end = 2 * across if row in heatmap.outlined_rows() else 0
    left = across + (end if column == 0 else 0)
    right = across + (end if column == heatmap.values().shape[1] - 1 else 0)
    return picture.copy(top_left.x() + left, top_left.y() + down, in_view.width() - left - right,
                        in_view.height() - 2 * down)


def read_all(images: list[QImage], paths: list, config: str | None = NUMBERS) -> list[str]:
    """What tesseract reads in each image, each as one line (saved, enlarged, at ``paths``).

    One tesseract reads them all (a list of files is its multi-page input; each page's text ends
    with a form feed): its start, loading the English model, costs more than reading a cell. An
    image read as empty is read again on its own as a block: a lone "0" the line reader misses.
    """
    for image, path in zip(images, paths, strict=True):
        # Larger and grey: tesseract reads large dark-on-light text best; with a margin of the cell's
        # own colour around it (digits touching the edge: "0.841" read as "0.341").
        grey = image.scaled(image.width() * 3, image.height() * 3).convertToFormat(QImage.Format.Format_Grayscale8)
        framed = QImage(grey.width() + 2 * OCR_MARGIN, grey.height() + 2 * OCR_MARGIN, QImage.Format.Format_Grayscale8)
        framed.fill(grey.pixelColor(0, 0))
        painter = QPainter(framed)
        painter.drawImage(OCR_MARGIN, OCR_MARGIN, grey)
        painter.end()
        framed.save(str(path))
    listing = paths[0].with_suffix(".list.txt")
    listing.write_text("".join(f"{path}\n" for path in paths))
    texts = [page.strip() for page in tesseract(listing, "7", config).split("\f")][:len(paths)]
    assert len(texts) == len(paths), texts
    return [text or tesseract(path, "6", config).strip() for text, path in zip(texts, paths, strict=True)]


def tesseract(path, mode: str, config: str | None) -> str:
    """tesseract's text for the image (or list of images) at ``path``, page segmentation ``mode``."""
    options = ["-c", config] if config else []
    return subprocess.run(["tesseract", str(path), "-", "--psm", mode, *options],
                          capture_output=True, text=True, timeout=60, check=True).stdout


def read_matrix(window: MainWindow, picture: QImage, heatmap, tmp_path, name: str) -> list[list[str]]:
    rows, columns = heatmap.values().shape
    cells = [(row, column) for row in range(rows) for column in range(columns)]
    texts = read_all([cell_image(window, picture, heatmap, row, column) for row, column in cells],
                     [tmp_path / f"{name}{row}{column}.png" for row, column in cells])
    return [texts[row * columns:(row + 1) * columns] for row in range(rows)]


def as_printed(matrix) -> list[list[str]]:
    """The lesson's numbers as the English stage prints them: -0.5, 1, 0."""
    return [[f"{value:g}" for value in row] for row in matrix]


@pytest.mark.e2e
def test_the_worked_example_reads_back_from_the_1024x768_projector_picture(qtbot, tmp_path):
    window, picture = picture_of(qtbot, tmp_path, "positions")
    assert read_matrix(window, picture, window.x_panel.result, tmp_path, "x") == as_printed(spec.X_LEARNED)
    window.close()


@pytest.mark.e2e
def test_sinusoidals_row_for_t_1_reads_back_with_three_decimals(qtbot, tmp_path):
    window, picture = picture_of(qtbot, tmp_path, "sinusoidal")
    positions = window.x_panel.added
    # Position 2 is t = 1 (sinusoidal counts from 0): 0.841 0.540 0.010 1.000.
    row = read_all([cell_image(window, picture, positions, 1, column) for column in range(4)],
                   [tmp_path / f"pe{column}.png" for column in range(4)])
    assert row == [f"{value:.3f}" for value in spec.SINUSOIDAL[1]]
    assert [positions.cell_texts()[t] for t in (0, 2)] == [["0", "1", "0", "1"],
                                                           [f"{v:.3f}" for v in spec.SINUSOIDAL[2]]]
    window.close()


def letters(text: str) -> str:
    """What OCR can be held to in a token: no accents (tesseract reads English), no spaces, no ␣
    (drawn as a small bracket that reads as "_" or ","), and "|" and "l" as one letter."""
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return "".join(c for c in plain if c not in " _,␣").replace("|", "l")


@pytest.mark.e2e
@pytest.mark.slow(seconds=4)
def test_the_twelve_tokens_of_E_read_back_with_their_ids(qtbot, tmp_path):
    window, picture = picture_of(qtbot, tmp_path, "name")
    table = window.view("lookup_table")
    graphics = table.graphics
    images = []
    for row in range(len(spec.TOKENS)):
        # The id and the token of one row of E, read as one line ("7 ␣muro").
        scene = table.ids.mapRectToScene(table.ids.row_rect(row + 1)).united(
            table.tokens.mapRectToScene(table.tokens.row_rect(row + 1)))
        in_view = graphics.mapFromScene(scene).boundingRect()
        top_left = graphics.mapTo(window, in_view.topLeft())
        images.append(picture.copy(top_left.x(), top_left.y(), in_view.width(), in_view.height()))
    read_back = read_all(images, [tmp_path / f"token{row}.png" for row in range(len(images))], config=None)
    assert [letters(text) for text in read_back] == [letters(f"{i}{token}") for i, token in enumerate(spec.TOKENS)]
    window.close()


@pytest.mark.e2e
def test_x_of_the_swap_without_positions_reads_back_once_revealed(qtbot, tmp_path):
    window, picture = picture_of(qtbot, tmp_path, "swap-none", reveal=True)
    expected = [spec.E[i] for i in spec.IDS_SUB_BEFORE_GATO]  # no positions: the rows of E, swapped
    assert read_matrix(window, picture, window.view("attention").x_matrix, tmp_path, "x") == as_printed(expected)
    window.close()


@pytest.mark.e2e
@pytest.mark.slow(seconds=4)
def test_x_of_the_swap_with_positions_and_gatos_two_rows_read_back_once_revealed(qtbot, tmp_path):
    window, picture = picture_of(qtbot, tmp_path, "swap-learned", reveal=True)
    panel = window.x_panel
    expected = [[e + p for e, p in zip(spec.E[i], spec.P[t], strict=True)]
                for t, i in enumerate(spec.IDS_SUB_BEFORE_GATO)]
    assert read_matrix(window, picture, panel.result, tmp_path, "x") == as_printed(expected)
    assert read_matrix(window, picture, panel.before, tmp_path, "before") == as_printed([spec.X_LEARNED[1]])
    assert read_matrix(window, picture, panel.after, tmp_path, "after") == as_printed([spec.GATO_AT_3_LEARNED])
    window.close()
