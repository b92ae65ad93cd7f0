"""E[ids] + P = X drawn without a window, to a PNG or an SVG (exports and the command line)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QRectF, QSize
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QApplication, QGraphicsScene

from ..appearance import Appearance
from ..core import positions
from ..core.problems import QT_TRANSLATE_NOOP
from ..io.tables import ExportError, check_writable
from ..model import EmbeddingModel
from ..selection import Highlight
from .x_panel import XPanel


def export_x_panel_image(model: EmbeddingModel, path: Path, appearance: Appearance | None = None,
                         width: int = 1200, height: int = 520, scale: float = 1.0,
                         highlight: Highlight | None = None) -> None:
    """Render E[ids] + P = X to ``path`` (.png or .svg) without showing a window.

    ``highlight``: the window's highlighted position, drawn as on screen; none by default.

    Raises
    ------
    visualizer.core.PositionError
        Under ``learned`` past the trained length (X is not defined there).
    ExportError
        For another extension or a path that cannot be written.
    """
    # Raises PositionError past the trained length, exactly as the data exports do.
    positions(model.scheme, model.n, model.d, model.P)
    from pyqtgraph.exporters import ImageExporter  # pyqtgraph's exporters: only when used

    own_highlight = None
    if highlight is None:  # none drawn, and closed after
        highlight = own_highlight = Highlight(model)
    panel: XPanel | None = None
    try:
        panel = XPanel(model, appearance or Appearance(), highlight)
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
            raise ExportError(QT_TRANSLATE_NOOP("Problems", "cannot draw an image as {suffix}; use .png or .svg"),
                              suffix=suffix)
        check_writable(path)
        if suffix == ".png":
            exporter.export(str(path))
        else:
            _write_svg(scene, path)
        if not path.exists():
            raise ExportError(QT_TRANSLATE_NOOP("Problems", "cannot write {path}"), path=path)
    finally:
        if panel is not None:
            panel.close()
            panel.deleteLater()
        if own_highlight is not None:
            own_highlight.close()
        QApplication.processEvents()


def _write_svg(scene: QGraphicsScene, path: Path) -> None:
    """Vector SVG of a scene (text stays text) with Qt's own generator."""
    from PySide6.QtSvg import QSvgGenerator

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
