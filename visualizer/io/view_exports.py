"""Exports for slides and handouts: views as PNG/SVG, arrays as CSV/NPY, a printable PDF table.

Needs a QApplication. Numbers written for machines (CSV, NPY) use "." and full precision;
numbers written for people (the PDF) use the language's format.
"""

from __future__ import annotations

import csv
import io
from pathlib import Path

import numpy as np
from PySide6.QtCore import QMarginsF, QPoint, QRect, QSize
from PySide6.QtGui import QImage, QPageLayout, QPageSize, QPainter, QTextDocument
from PySide6.QtPrintSupport import QPrinter
from PySide6.QtSvg import QSvgGenerator
from PySide6.QtWidgets import QWidget

from ..appearance import Appearance
from ..core import display_token
from ..model import EmbeddingModel
from .tables import ExportError, check_writable, x_as_latex

IMAGE_SCALES = (1, 2, 4)


def render_image(widget: QWidget, scale: float = 1.0) -> QImage:
    """The widget drawn at ``scale`` × its size (text and lines redrawn, not blown up)."""
    size = widget.size() * scale
    image = QImage(size, QImage.Format.Format_ARGB32_Premultiplied)
    image.setDevicePixelRatio(scale)
    image.fill(widget.palette().window().color())
    painter = QPainter(image)
    try:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        widget.render(painter, QPoint())
    finally:
        painter.end()  # a painter left open on a deleted device crashes Qt
    return image


def save_view_png(widget: QWidget, path: Path, scale: int = 1) -> None:
    """PNG of a view at 1×, 2× or 4× its size on screen."""
    if scale not in IMAGE_SCALES:
        raise ExportError(f"PNG scale must be one of {IMAGE_SCALES}, got {scale}")
    check_writable(path)
    if not render_image(widget, scale).save(str(path), "PNG"):
        raise ExportError(f"cannot write {path}")


def save_view_svg(widget: QWidget, path: Path) -> None:
    """Vector SVG of a view (text stays text)."""
    check_writable(path)
    generator = QSvgGenerator()
    generator.setFileName(str(path))
    generator.setSize(widget.size())
    generator.setViewBox(QRect(0, 0, widget.width(), widget.height()))
    painter = QPainter(generator)
    try:
        widget.render(painter, QPoint())
    finally:
        painter.end()
    if not path.exists():
        raise ExportError(f"cannot write {path}")


def model_arrays(model: EmbeddingModel) -> dict[str, np.ndarray]:
    """The arrays of the lesson as they are now, by file name stem.

    ``E`` (V × d), ``E_rows`` (n × d), ``P`` (n × d; NaN rows past the trained length, absent when
    the scheme adds nothing), ``X`` (n × d), ``scores`` (n × n, −inf where masked) and
    ``gradient`` (V × d: the lab's ∂L/∂E, exactly 0 on untouched rows).
    """
    arrays = {"E": np.array(model.E), "E_rows": np.array(model.E_rows()), "X": np.array(model.X()),
              "scores": np.array(model.scores())}
    added = model.P_rows()
    if added is not None:
        arrays["P"] = np.array(added)
    rows, grads = model.lab.gradient()
    gradient = np.zeros_like(model.lab.E)
    gradient[rows] = grads
    arrays["gradient"] = gradient
    return arrays


def save_arrays(model: EmbeddingModel, folder: Path) -> list[Path]:
    """Write every array of :func:`model_arrays` as ``NAME.csv`` and ``NAME.npy`` in ``folder``."""
    if not folder.is_dir():
        raise ExportError(f"cannot write into {folder}: it is not a folder")
    written = []
    for name, array in model_arrays(model).items():
        csv_path, npy_path = folder / f"{name}.csv", folder / f"{name}.npy"
        check_writable(csv_path)
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow([f"c{c}" if name == "scores" else f"d{c}" for c in range(array.shape[1])])
        writer.writerows([[repr(float(v)) for v in row] for row in array])
        csv_path.write_text(out.getvalue(), encoding="utf-8")
        np.save(npy_path, array, allow_pickle=False)
        written += [csv_path, npy_path]
    return written


def save_latex(model: EmbeddingModel, path: Path) -> None:
    """X as a LaTeX bmatrix with the live numbers."""
    check_writable(path)
    path.write_text(x_as_latex(np.array(model.X())), encoding="utf-8")


def worked_example_html(model: EmbeddingModel, appearance: Appearance, labels: dict[str, str]) -> str:
    """The table of the lesson for the current sequence: p, token (id), E[id], P_p, x_p."""
    numbers = appearance.numbers
    separator = "; " if appearance.language == "pt" else ", "

    def vector(row: np.ndarray) -> str:
        if not np.all(np.isfinite(row)):
            return "—"
        return "[" + separator.join(numbers.short(float(v)) for v in row) + "]"

    added = model.P_rows()
    rows = []
    for p, token_id in enumerate(model.ids):
        P_cell = vector(added[p]) if added is not None else "—"
        rows.append(f"<tr><td>{p + 1}</td><td>{display_token(model.tokens[token_id])} ({token_id})</td>"
                    f"<td>{vector(model.E_rows()[p])}</td><td>{P_cell}</td><td>{vector(model.X()[p])}</td></tr>")
    head = "".join(f"<th>{labels[key]}</th>" for key in ("p", "token", "E", "P", "x"))
    return (f"<h2>{labels['title']}</h2><p>{labels['scheme']}</p>"
            "<table border='1' cellspacing='0' cellpadding='6'>"
            f"<tr>{head}</tr>{''.join(rows)}</table>")


def save_pdf(html: str, path: Path) -> None:
    """Print ``html`` to an A4 PDF through Qt's printer."""
    check_writable(path)
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    printer.setOutputFileName(str(path))
    printer.setPageLayout(QPageLayout(QPageSize(QPageSize.PageSizeId.A4), QPageLayout.Orientation.Portrait,
                                      QMarginsF(15, 15, 15, 15)))
    document = QTextDocument()
    document.setHtml(html)
    document.setPageSize(QSize(int(printer.pageRect(QPrinter.Unit.Point).width()),
                               int(printer.pageRect(QPrinter.Unit.Point).height())).toSizeF())
    document.print_(printer)
    if not path.exists():
        raise ExportError(f"cannot write {path}")


__all__ = ["IMAGE_SCALES", "model_arrays", "render_image", "save_arrays", "save_latex", "save_pdf",
           "save_view_png", "save_view_svg", "worked_example_html"]
