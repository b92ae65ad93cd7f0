"""Pictures of the X panel (PNG, SVG) through pyqtgraph's exporters; needs a QApplication."""

from __future__ import annotations

from pathlib import Path

from pyqtgraph.exporters import ImageExporter
from PySide6.QtCore import QRectF, QSize
from PySide6.QtGui import QPainter
from PySide6.QtSvg import QSvgGenerator
from PySide6.QtWidgets import QApplication, QGraphicsScene

from ..appearance import Appearance
from ..core import positions
from ..model import EmbeddingModel
from ..views.x_panel import XPanel
from .tables import ExportError, check_writable


def export_x_panel_image(model: EmbeddingModel, path: Path, appearance: Appearance | None = None,
                         width: int = 1200, height: int = 520, scale: float = 1.0) -> None:
    """Render E[ids] + P = X to ``path`` (.png or .svg) without showing a window.

    Raises
    ------
    visualizer.core.PositionError
        Under ``learned`` past the trained length (X is not defined there).
    ExportError
        For another extension or a path that cannot be written.
    """
    # Raises PositionError past the trained length, exactly as the data exports do.
    positions(model.scheme, model.n, model.d, model.P)
    panel = XPanel(model, appearance or Appearance())
    try:
        panel.build_button.hide()
        panel.resize(width, height)
        panel.show()
        QApplication.processEvents()
        scene = panel.graphics.scene()
        suffix = path.suffix.lower()
        if suffix == ".png":
            exporter = ImageExporter(scene)
            exporter.parameters()["width"] = int(scene.sceneRect().width() * scale)
            exporter.parameters()["antialias"] = True
        elif suffix != ".svg":
            raise ExportError(f"cannot draw an image as {suffix}; use .png or .svg")
        check_writable(path)
        if suffix == ".png":
            exporter.export(str(path))
        else:
            _write_svg(scene, path)
        if not path.exists():
            raise ExportError(f"cannot write {path}")
    finally:
        panel.close()
        panel.deleteLater()
        QApplication.processEvents()


def _write_svg(scene: QGraphicsScene, path: Path) -> None:
    """Vector SVG of a scene (text stays text) with Qt's own generator."""
    rect = scene.sceneRect()
    generator = QSvgGenerator()
    generator.setFileName(str(path))
    generator.setSize(QSize(int(rect.width()), int(rect.height())))
    generator.setViewBox(QRectF(0, 0, rect.width(), rect.height()))
    generator.setTitle("X = E[ids] + positions")
    painter = QPainter(generator)
    try:
        scene.render(painter, QRectF(0, 0, rect.width(), rect.height()), rect)
    finally:
        painter.end()
