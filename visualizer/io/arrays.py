"""Arrays of the lesson for machines (CSV, NPY, LaTeX) and the worked example as HTML for people. No Qt.

Numbers written for machines use "." and full precision; numbers written for people (the handout)
use the language's format.
"""

from __future__ import annotations

import csv
import io
from pathlib import Path

import numpy as np

from ..appearance import Appearance
from ..core import display_token
from ..lab import GradientLab
from ..model import EmbeddingModel
from .tables import ExportError, check_writable, x_as_latex


def model_arrays(model: EmbeddingModel, lab: GradientLab) -> dict[str, np.ndarray]:
    """The arrays of the lesson as they are now, by file name stem.

    ``E`` (V × d), ``E_rows`` (n × d), ``P`` (n × d; NaN rows past the trained length, absent when
    the scheme adds nothing), ``X`` (n × d), ``scores`` (n × n, −inf where masked) and
    ``gradient`` (V × d: ``lab``'s ∂L/∂E for its current batch, exactly 0 on untouched rows).
    """
    arrays = {"E": np.array(model.E), "E_rows": np.array(model.E_rows()), "X": np.array(model.X()),
              "scores": np.array(model.scores())}
    added = model.P_rows()
    if added is not None:
        arrays["P"] = np.array(added)
    rows, grads = lab.gradient()
    gradient = np.zeros_like(lab.E)
    gradient[rows] = grads
    arrays["gradient"] = gradient
    return arrays


def save_arrays(model: EmbeddingModel, lab: GradientLab, folder: Path) -> list[Path]:
    """Write every array of :func:`model_arrays` as ``NAME.csv`` and ``NAME.npy`` in ``folder``."""
    if not folder.is_dir():
        raise ExportError(f"cannot write into {folder}: it is not a folder")
    written = []
    for name, array in model_arrays(model, lab).items():
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
