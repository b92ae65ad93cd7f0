"""File → Export of the window: pictures of views (PNG 1×/2×/4×, SVG), X (the one
:func:`~visualizer.io.tables.export_x`), the arrays, LaTeX and the handout (laid out by
:mod:`visualizer.handout.pdf`), each reported in the status bar. The arrays and LaTeX come
from :mod:`visualizer.io` (no Qt)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QLocale, QObject
from PySide6.QtWidgets import QApplication, QFileDialog, QWidget

from visualizer.appearance import Appearance
from visualizer.core import PositionError
from visualizer.core.problems import TranslatableError
from visualizer.handout.paper import PAPERS, default_paper
from visualizer.i18n import explain
from visualizer.io.tables import DATA_FORMATS, IMAGE_FORMATS, export_x, worked_example
from visualizer.lesson.file import Lesson
from visualizer.model import EmbeddingModel
from visualizer.selection import Highlight
from visualizer.ui.file_places import start_path
from visualizer.ui.messages import MessageSink

if TYPE_CHECKING:
    from visualizer.lab.state import GradientLab

# The writers (arrays, the handout's pages, the pictures) are imported on first use: a faster start.


def patterns(formats: tuple[str, ...]) -> str:
    """``*.png *.svg`` for a file dialog's filter."""
    return " ".join(f"*{suffix}" for suffix in formats)


class Exports(QObject):
    """Each command asks for a path (``ask_…``) or is given one, writes, and reports what was
    written or why it could not be.

    Parameters
    ----------
    model, appearance, highlight
        What X is, how it looks, the row highlighted on screen (drawn as on screen).
    lab : callable returning GradientLab
        The lab (made on first use), whose gradient the arrays include.
    current_view : callable returning QWidget
        The view in front (exported or copied as a picture).
    window : QWidget
        The whole window (its picture), and the parent of the file dialogs.
    messages : MessageSink
        Where the outcome is said.
    """

    def __init__(self, model: EmbeddingModel, appearance: Appearance, highlight: Highlight,
                 lab: Callable[[], GradientLab], current_view: Callable[[], QWidget], window: QWidget,
                 messages: MessageSink, lesson: Callable[[], Lesson] | None = None) -> None:
        super().__init__(window)
        self._model, self._appearance, self._highlight = model, appearance, highlight
        self._lesson = lesson
        self._lab, self._current_view, self._window, self._messages = lab, current_view, window, messages
        self._paper: str | None = None  # the last handout's (see paper)

    @property
    def paper(self) -> str:
        """The paper of the last handout; at first the usual one where the computer is (A4 or Letter)."""
        if self._paper is None:
            self._paper = default_paper(QLocale.territoryToCode(QLocale.system().territory()))
        return self._paper

    @paper.setter
    def paper(self, paper: str) -> None:
        self._paper = paper

    def _write(self, write: Callable[[], object], done: str) -> bool:
        """Run a file-writing step; report ``done`` or the reason it failed."""
        try:
            write()
        except (TranslatableError, PositionError) as error:  # an export's, a position's, a session's
            self._messages.show_message(explain(error))
            return False
        self._messages.show_message(done)
        return True

    def export(self, path: Path) -> bool:
        """Export the current X to ``path`` (.json .csv .tex .png .svg)."""

        def draw(_example: dict[str, Any], target: Path) -> None:
            from visualizer.toy.x_picture import export_x_panel_image

            export_x_panel_image(self._model, target, self._appearance, highlight=self._highlight)

        return self._write(lambda: export_x(path, lambda: worked_example(self._model), draw,
                                            self._appearance.language), self.tr("Saved {0}").format(path))

    def export_view(self, path: Path, scale: int = 1, whole_window: bool = False) -> bool:
        """The view in front (or the whole window) as PNG at ``scale`` ×, or SVG by extension."""
        from visualizer.ui.rendering import save_view_png, save_view_svg

        widget = self._window if whole_window else self._current_view()
        if path.suffix.lower() == ".svg":
            return self._write(lambda: save_view_svg(widget, path), self.tr("Saved {0}").format(path))
        return self._write(lambda: save_view_png(widget, path, scale), self.tr("Saved {0}").format(path))

    def export_arrays(self, folder: Path) -> bool:
        """E, P, X, scores and the lab's gradient as CSV and NPY files in ``folder``."""
        from visualizer.io.arrays import save_arrays

        return self._write(lambda: save_arrays(self._model, self._lab(), folder),
                           self.tr("Saved the arrays as CSV and NPY in {0}").format(folder))

    def export_latex(self, path: Path) -> bool:
        """X as a LaTeX bmatrix, in the language's number format."""
        from visualizer.io.arrays import save_latex

        return self._write(lambda: save_latex(self._model, path, self._appearance.language),
                           self.tr("Saved {0}").format(path))

    def export_handout(self, path: Path, paper: str | None = None) -> bool:
        """The handout of the current sentence and scheme as a PDF, in the app's language, on
        ``paper`` (``a4`` or ``letter``; the last one chosen when not given)."""
        from visualizer.handout.pdf import export_handout

        chosen = paper or self.paper
        lesson = self._lesson() if self._lesson is not None else None  # the lesson in use; else the app's
        written = self._write(lambda: export_handout(self._model, path, self._appearance, chosen, lesson),
                              self.tr("Saved the handout {0}").format(path))
        if written:
            self.paper = chosen
        return written

    def copy_view(self) -> None:
        """Ctrl+C: the view in front, as an image, to the clipboard (text boxes keep their own copy)."""
        from visualizer.ui.rendering import render_image

        QApplication.clipboard().setImage(render_image(self._current_view(), 2))
        self._messages.show_message(self.tr("The view was copied as an image."))

    # ---- the same, asking for a path first (menu entries) --------------------------------------

    def _ask_save_path(self, title: str, suggested: str, filters: str) -> Path | None:
        path_text, _ = QFileDialog.getSaveFileName(self._window, title, start_path(suggested), filters)
        return Path(path_text) if path_text else None

    def ask_export_x(self) -> None:
        """File → Export → Export X…"""
        filters = self.tr("Images ({0});;Data ({1})").format(patterns(IMAGE_FORMATS), patterns(DATA_FORMATS))
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
        folder = QFileDialog.getExistingDirectory(self._window, self.tr("Folder for the arrays"), start_path())
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
        path_text, chosen = QFileDialog.getSaveFileName(self._window, self.tr("Export handout"),
                                                        start_path("handout.pdf"),
                                                        ";;".join(filters[paper] for paper in PAPERS),
                                                        filters[self.paper])
        if not path_text:
            return
        paper = next((paper for paper, text in filters.items() if text == chosen), self.paper)
        path = Path(path_text)
        self.export_handout(path if path.suffix else path.with_suffix(".pdf"), paper)


__all__ = ["Exports", "patterns"]
