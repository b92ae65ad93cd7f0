"""Exports for slides and handouts, in one place: pictures of views (PNG 1×/2×/4×, SVG), the
X panel drawn without a window, the window's File → Export commands and File → Export handout
(laid out by :mod:`visualizer.views.handout_pdf`).

Needs a QApplication. The arrays and LaTeX come from :mod:`visualizer.io` (no Qt).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QLocale, QObject, QRectF, QSize
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QApplication, QFileDialog, QGraphicsScene

from ..appearance import Appearance
from ..core import PositionError, positions
from ..core.problems import QT_TRANSLATE_NOOP
from ..i18n import explain
from ..io.arrays import save_arrays, save_latex
from ..io.handout import PAPERS, SCHEME_CONTEXT, SCHEME_NAMES, default_paper
from ..io.session import SessionError
from ..io.tables import DATA_FORMATS, ExportError, check_writable, write_data_export
from ..model import EmbeddingModel
from ..selection import Highlight
from ..views.handout_pdf import export_handout
from ..views.rendering import render_image, save_view_png, save_view_svg

if TYPE_CHECKING:
    from collections.abc import Callable

    from .main_window import MainWindow

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

    from ..views.x_panel import XPanel

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


class Exports(QObject):
    """File → Export and Print of the window: each asks for a path, writes, and reports in the
    status bar what was written or why it could not be."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self._window = window
        # The paper of the last handout; at first the usual one where the computer is (A4 or Letter).
        self.paper = default_paper(QLocale.territoryToCode(QLocale.system().territory()))

    def _write(self, write: Callable[[], object], done: str) -> bool:
        """Run a file-writing step; report ``done`` or the reason it failed in the status bar."""
        try:
            write()
        except (ExportError, PositionError, SessionError) as error:
            self._window.show_message(explain(error))
            return False
        self._window.show_message(done)
        return True

    def export(self, path: Path) -> bool:
        """Export the current X to ``path`` (.json .csv .tex .png .svg)."""
        window = self._window

        def write() -> None:
            if path.suffix.lower() in DATA_FORMATS:
                write_data_export(window.model, path, language=window.appearance.language)
            else:
                export_x_panel_image(window.model, path, window.appearance, highlight=window.highlight)

        return self._write(write, self.tr("Saved {0}").format(path))

    def export_view(self, path: Path, scale: int = 1, whole_window: bool = False) -> bool:
        """The view in front (or the whole window) as PNG at ``scale`` ×, or SVG by extension."""
        widget = self._window if whole_window else self._window.current_view()
        if path.suffix.lower() == ".svg":
            return self._write(lambda: save_view_svg(widget, path), self.tr("Saved {0}").format(path))
        return self._write(lambda: save_view_png(widget, path, scale), self.tr("Saved {0}").format(path))

    def export_arrays(self, folder: Path) -> bool:
        """E, P, X, scores and the lab's gradient as CSV and NPY files in ``folder``."""
        return self._write(lambda: save_arrays(self._window.model, self._window.lab, folder),
                           self.tr("Saved the arrays as CSV and NPY in {0}").format(folder))

    def export_latex(self, path: Path) -> bool:
        """X as a LaTeX bmatrix."""
        return self._write(lambda: save_latex(self._window.model, path, self._window.appearance.language),
                           self.tr("Saved {0}").format(path))

    def export_handout(self, path: Path, paper: str | None = None) -> bool:
        """The handout of the current sentence and scheme as a PDF, in the app's language, on
        ``paper`` (``a4`` or ``letter``; the last one chosen when not given)."""
        window = self._window
        chosen = paper or self.paper
        written = self._write(lambda: export_handout(window.model, path, window.appearance, chosen),
                              self.tr("Saved the handout {0}").format(path))
        if written:
            self.paper = chosen
        return written

    def copy_view(self) -> None:
        """Ctrl+C: the view in front, as an image, to the clipboard (text boxes keep their own copy)."""
        QApplication.clipboard().setImage(render_image(self._window.current_view(), 2))
        self._window.show_message(self.tr("The view was copied as an image."))

    # ---- the same, asking for a path first (menu entries) --------------------------------------

    def _ask_save_path(self, title: str, suggested: str, filters: str) -> Path | None:
        path_text, _ = QFileDialog.getSaveFileName(self._window, title, suggested, filters)
        return Path(path_text) if path_text else None

    def ask_export_x(self) -> None:
        """File → Export → Export X…"""
        filters = self.tr("Images (*.png *.svg);;Data (*.json *.csv *.tex)")
        path = self._ask_save_path(self.tr("Export X"), "X.png", filters)
        if path is not None:
            self.export(path)

    def ask_export_view(self, scale: int, whole_window: bool = False) -> None:
        """File → Export → the view (``scale`` 0 means SVG) or the whole window."""
        suffix = "svg" if scale == 0 else "png"
        path = self._ask_save_path(self.tr("Export view"), f"view.{suffix}", f"*.{suffix}")
        if path is not None:
            self.export_view(path, max(scale, 1), whole_window)

    def ask_export_arrays(self) -> None:
        """File → Export → Arrays…"""
        folder = QFileDialog.getExistingDirectory(self._window, self.tr("Folder for the arrays"))
        if folder:
            self.export_arrays(Path(folder))

    def ask_export_latex(self) -> None:
        """File → Export → X as LaTeX…"""
        path = self._ask_save_path(self.tr("Export X as LaTeX"), "X.tex", "*.tex")
        if path is not None:
            self.export_latex(path)

    def handout_filters(self) -> dict[str, str]:
        """The save dialog's choice of paper, one file filter per paper size."""
        return {"a4": self.tr("PDF handout, A4 (*.pdf)"), "letter": self.tr("PDF handout, US Letter (*.pdf)")}

    def ask_export_handout(self) -> None:
        """File → Export handout…: a save dialog whose file type chooses the paper (A4 or Letter)."""
        filters = self.handout_filters()
        path_text, chosen = QFileDialog.getSaveFileName(self._window, self.tr("Export handout"), "handout.pdf",
                                                        ";;".join(filters[paper] for paper in PAPERS),
                                                        filters[self.paper])
        if not path_text:
            return
        paper = next((paper for paper, text in filters.items() if text == chosen), self.paper)
        path = Path(path_text)
        self.export_handout(path if path.suffix else path.with_suffix(".pdf"), paper)
