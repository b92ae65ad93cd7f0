"""Read the projector picture back as the back row would: OCR of the worked example's X.

The window is rendered at 1024 × 768 in presentation mode on step 3 of the lesson ("Adding
positions"), saved as a PNG, and every cell of X is read by tesseract (Debian's tesseract-ocr).
"""

from __future__ import annotations

import shutil
import subprocess

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication

from tests import spec
from visualizer.shell import MainWindow

ADDING_POSITIONS = 2  # 0-based step 3


def cell_image(window: MainWindow, picture: QImage, heatmap, row: int, column: int) -> QImage:
    """The pixels of one cell of ``heatmap`` in ``picture`` (a grab of the whole window)."""
    graphics = window.x_panel.graphics
    scene_rect = heatmap.plot.getViewBox().mapViewToScene(QRectF(column, row, 1, 1)).boundingRect()
    in_view = graphics.mapFromScene(scene_rect).boundingRect()
    top_left = graphics.mapTo(window, in_view.topLeft())
    inset = 3  # keep the neighbours' edges out
    return picture.copy(top_left.x() + inset, top_left.y() + inset, in_view.width() - 2 * inset,
                        in_view.height() - 2 * inset)


def read(image: QImage, path) -> str:
    # Larger and grey: tesseract reads large dark-on-light text best.
    image.scaled(image.width() * 3, image.height() * 3).convertToFormat(QImage.Format.Format_Grayscale8).save(str(path))
    result = subprocess.run(["tesseract", str(path), "-", "--psm", "7", "-c",
                             "tessedit_char_whitelist=-.0123456789"],
                            capture_output=True, text=True, timeout=60, check=True)
    return result.stdout.strip()


@pytest.mark.e2e
def test_the_worked_example_reads_back_from_the_1024x768_projector_picture(qtbot, tmp_path):
    assert shutil.which("tesseract"), "tesseract-ocr is installed by .ci/run"
    window = MainWindow()
    qtbot.addWidget(window)
    window.resize(1024, 768)
    window.presentation.set_presenting(True, full_screen=False)
    window.go_to_step(ADDING_POSITIONS)
    window.show()
    qtbot.waitExposed(window)
    window.x_panel.finish_build()
    QApplication.processEvents()
    picture_path = tmp_path / "presentation-1024x768-step3.png"
    assert window.grab().save(str(picture_path))
    picture = QImage(str(picture_path))
    assert (picture.width(), picture.height()) == (1024, 768)
    X = window.x_panel.result
    read_back = [[read(cell_image(window, picture, X, row, column), tmp_path / f"cell{row}{column}.png")
                  for column in range(4)] for row in range(5)]
    expected = [[f"{value:g}" for value in row] for row in spec.X_LEARNED]
    assert read_back == expected
    window.close()
