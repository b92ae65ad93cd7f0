"""E[ids] + P = X drawn without a window, to a PNG or an SVG (exports and the command line)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication, QRectF, QSize
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QApplication, QGraphicsScene

from visualizer.appearance import Appearance
from visualizer.core import positions
from visualizer.core.problems import QT_TRANSLATE_NOOP
from visualizer.io.scheme_names import SCHEME_CONTEXT, SCHEME_NAMES
from visualizer.io.tables import ExportError, check_writable
from visualizer.model import EmbeddingModel
from visualizer.selection import Highlight
from visualizer.toy.x_panel import XPanel


def export_x_panel_image(model: EmbeddingModel, path: Path, appearance: Appearance | None = None,
                         width: int = 1200, height: int = 520, scale: float = 2.0,
                         highlight: Highlight | None = None) -> None:
    """Render E[ids] + P = X to ``path`` (.png or .svg) without showing a window.

    The panel is laid out at ``width`` × ``height``; a PNG is drawn at ``scale`` × that (2×: crisp
    on a slide), an SVG is a canvas of the figure's size. ``highlight``: the window's highlighted
    position, drawn as on screen; none by default.

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
        # The figure is what the view shows; the scene's own rectangle is far larger (the cell
        # labels' text items reach out of it), and drawn whole it left the figure in a thin band.
        figure = panel.graphics.mapToScene(panel.graphics.viewport().rect()).boundingRect()
        suffix = path.suffix.lower()
        if suffix == ".png":
            exporter = ImageExporter(scene)
            exporter.parameters()["width"] = int(figure.width() * scale)
            exporter.parameters()["antialias"] = True
        elif suffix != ".svg":
            raise ExportError(QT_TRANSLATE_NOOP("Problems", "cannot draw an image as {suffix}; use .png or .svg"),
                              suffix=suffix)
        check_writable(path)
        if suffix == ".png":
            exporter.export(str(path))
        else:
            _write_svg(scene, figure, path, x_panel_title(model))
        if not path.exists():
            raise ExportError(QT_TRANSLATE_NOOP("Problems", "cannot write {path}"), path=path)
    finally:
        if panel is not None:
            panel.close()
            panel.deleteLater()
        if own_highlight is not None:
            own_highlight.close()
        QApplication.processEvents()


def x_panel_title(model: EmbeddingModel) -> str:
    """The X panel's title in the app's language: its formula and the scheme's name."""
    scheme = QCoreApplication.translate(SCHEME_CONTEXT, SCHEME_NAMES[model.scheme])
    if model.scheme == "learned":
        formula = "X = E[ids] + P"
    elif model.scheme == "sinusoidal":
        formula = "X = E[ids] + PE"
    else:
        formula = "X = E[ids]"
    return QCoreApplication.translate("Exports", "{0} (positions: {1})").format(formula, scheme)


def _write_svg(scene: QGraphicsScene, figure: QRectF, path: Path, title: str) -> None:
    """Vector SVG of the ``figure`` part of a scene (text stays text) with Qt's own generator;
    the canvas is the figure's size (a screen pixel is 1 px of the SVG)."""
    from PySide6.QtSvg import QSvgGenerator

    generator = QSvgGenerator()
    generator.setFileName(str(path))
    generator.setSize(QSize(round(figure.width()), round(figure.height())))
    generator.setViewBox(QRectF(0, 0, figure.width(), figure.height()))
    generator.setResolution(96)  # CSS pixels: the canvas's mm are the figure's size on a screen
    generator.setTitle(title)
    painter = QPainter(generator)
    try:
        scene.render(painter, QRectF(0, 0, figure.width(), figure.height()), figure)
    finally:
        painter.end()
