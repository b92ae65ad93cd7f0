"""--screenshot on a high-density screen saves the whole window, not its top-left quarter."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtGui import QImage

from tests import spec

ROOT = Path(__file__).resolve().parents[1]


def test_screenshot_at_device_pixel_ratio_2_holds_the_whole_window(qapp, tmp_path):
    # A subprocess: the scale factor must be set before the QApplication exists.
    path = tmp_path / "window.png"
    env = {**os.environ, "QT_SCALE_FACTOR": "2", "QT_QPA_PLATFORM": "offscreen"}
    subprocess.run([sys.executable, str(ROOT / "main.py"), "--screenshot", str(path), "--size", "1000x700"],
                   check=True, env=env, cwd=tmp_path, timeout=120)
    image = QImage(str(path)).convertToFormat(QImage.Format.Format_RGB32)
    assert (image.width(), image.height()) == (2000, 1400)
    pixels = np.frombuffer(image.constBits(), np.uint32).reshape(1400, image.bytesPerLine() // 4)[:, :2000]
    # The bottom-right quarter is the X panel's heatmaps: many colours, not one blank fill.
    assert len(np.unique(pixels[700:, 1000:])) > 20


@pytest.mark.slow(seconds=6)  # a launch and tesseract: started early, never the run's last test
def test_presentation_at_device_pixel_ratio_2_reads_back_the_worked_example(qapp, tmp_path):
    import shutil

    assert shutil.which("tesseract"), "tesseract-ocr is installed by `make test` (packaging/debian-packages.txt)"
    path = tmp_path / "slide.png"
    env = {**os.environ, "QT_SCALE_FACTOR": "2", "QT_QPA_PLATFORM": "offscreen"}
    subprocess.run([sys.executable, str(ROOT / "main.py"), "--screenshot", str(path), "--presentation",
                    "--size", "1024x768", "--step", "3"], check=True, env=env, cwd=tmp_path, timeout=120)
    image = QImage(str(path))
    assert (image.width(), image.height()) == (2048, 1536)
    text = subprocess.run(["tesseract", str(path), "-", "--psm", "11"], capture_output=True, text=True,
                          timeout=120, check=True).stdout
    # A sum of the worked example that only X has, read back as often as X holds it (three times).
    assert text.count("1.5") >= sum(value == 1.5 for row in spec.X_LEARNED for value in row), text
