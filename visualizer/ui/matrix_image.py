"""A picture of any X, however large: one block of pixels per cell, a title, a colour scale.

Used where the toy's X panel does not fit: a checkpoint's X (d in the hundreds) and headless
toy exports longer than the strip shows. PNG through QImage, SVG through Qt's generator.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QImage, QPainter
from PySide6.QtSvg import QSvgGenerator

from visualizer.io.tables import ExportError, check_writable
from visualizer.ui.palette import colormap, symmetric_limit
from visualizer.ui.rendering import write_png

MAX_SIDE = 4000
"""Largest picture side in pixels: cells shrink (to one pixel) before the picture grows past it."""


def matrix_rgba(values: np.ndarray, limit: float) -> np.ndarray:
    """The shared diverging colormap over ±limit; shape (n, d, 4), uint8. NaN cells are white."""
    lookup = colormap().getLookupTable(nPts=256, alpha=True, mode="byte")
    scaled = np.clip((np.nan_to_num(values) + limit) / (2 * limit), 0, 1)
    rgba = np.ascontiguousarray(lookup[np.round(scaled * 255).astype(np.intp)], dtype=np.uint8)
    rgba[~np.isfinite(values)] = 255
    return rgba


def export_matrix_image(values: np.ndarray, path: Path, title: str) -> None:
    """Draw ``values`` (shape (n, d)) as a heatmap with ``title`` above it, to .png or .svg.

    Raises
    ------
    ExportError
        For another extension or a path that cannot be written.
    """
    suffix = path.suffix.lower()
    if suffix not in (".png", ".svg"):
        raise ExportError(f"cannot draw an image as {suffix}; use .png or .svg")
    check_writable(path)
    n, d = values.shape
    cell = max(1, min(24, MAX_SIDE // max(n, d, 1)))
    # Real tables have a few large outliers: saturating at the 99th percentile of |x| keeps the
    # rest of the picture readable; the caption says so.
    finite = np.abs(values[np.isfinite(values)])
    limit = float(np.percentile(finite, 99)) if finite.size else 1.0
    limit = limit if limit > 0 else symmetric_limit(values, floor=1e-9)
    rgba = matrix_rgba(values, limit)
    cells = QImage(rgba.data, d, n, 4 * d, QImage.Format.Format_RGBA8888).copy()
    margin, header = 16, 48
    width, height = max(d * cell + 2 * margin, 480), n * cell + header + margin
    target = QRectF(margin, header, d * cell, n * cell)

    def paint(painter: QPainter) -> None:
        painter.fillRect(QRectF(0, 0, width, height), QColor("white"))
        painter.setPen(QColor("black"))
        font = QFont()
        font.setPixelSize(16)
        painter.setFont(font)
        painter.drawText(QRectF(margin, 4, width - 2 * margin, 22), Qt.AlignmentFlag.AlignLeft, title)
        font.setPixelSize(12)
        painter.setFont(font)
        painter.drawText(QRectF(margin, 26, width - 2 * margin, 18), Qt.AlignmentFlag.AlignLeft,
                         f"{n} × {d}; colours from −{limit:.3g} (blue) to +{limit:.3g} (yellow), the 99th "
                         f"percentile of |x|; largest |x| = {float(finite.max()) if finite.size else 0:.3g}")
        painter.drawImage(target, cells)

    if suffix == ".png":
        image = QImage(width, height, QImage.Format.Format_RGB32)
        painter = QPainter(image)
        try:
            paint(painter)
        finally:
            painter.end()
        if not write_png(image, path):
            raise ExportError(f"cannot write {path}")
        return
    generator = QSvgGenerator()
    generator.setFileName(str(path))
    generator.setSize(QSize(width, height))
    generator.setViewBox(QRectF(0, 0, width, height))
    generator.setTitle(title)
    painter = QPainter(generator)
    try:
        paint(painter)
    finally:
        painter.end()
    if not path.exists():
        raise ExportError(f"cannot write {path}")
