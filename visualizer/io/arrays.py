"""Arrays of the lesson for machines: CSV, NPY and LaTeX. No Qt.

CSV and NPY are read by programs: full precision, "." decimals in every language. Each CSV row
is named as the screen names it (position, token, id, or id and token for a table over the
vocabulary) and its value columns carry the screen's headers (d0 … for widths, 1 … n for the
key positions of the scores).
"""

from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import Protocol

import numpy as np

from visualizer.core import positions
from visualizer.io.tables import CSV_HEADER, ExportError, check_writable, x_as_latex
from visualizer.model import EmbeddingModel


class GradientSource(Protocol):
    """What the export reads of the gradient lab (:class:`visualizer.lab.state.GradientLab`)."""

    @property
    def E(self) -> np.ndarray:
        """The lab's own copy of E (V × d)."""

    def gradient(self) -> tuple[np.ndarray, np.ndarray]:
        """``(rows, grads)``: the rows of E its current batch reaches (k,) and their ∂L/∂E (k × d)."""


VOCABULARY_HEADER = ("id", "token")
"""The columns that name a row of a table over the whole vocabulary (E, the gradient)."""
OVER_THE_VOCABULARY = ("E", "gradient")
"""Arrays with one row per vocabulary token; every other array has one row per position."""


def model_arrays(model: EmbeddingModel, lab: GradientSource) -> dict[str, np.ndarray]:
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


def array_as_csv(name: str, array: np.ndarray, model: EmbeddingModel) -> str:
    """One array of :func:`model_arrays` as CSV, each row named and each column headed as on screen.

    Rows over the vocabulary (``E``, ``gradient``) start with id and token; rows over the
    sequence start with position (1-based), token and id. Value columns are d0 … d(d−1), and for
    ``scores`` the key positions 1 … n (the screen's column labels).
    """
    if name in OVER_THE_VOCABULARY:
        header = list(VOCABULARY_HEADER)
        names: list[list[object]] = [[token_id, token] for token_id, token in enumerate(model.tokens)]
    else:
        header = list(CSV_HEADER)
        names = [[p + 1, model.tokens[token_id], token_id] for p, token_id in enumerate(model.ids)]
    columns = [str(p + 1) for p in range(array.shape[1])] if name == "scores" else \
        [f"d{c}" for c in range(array.shape[1])]
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(header + columns)
    writer.writerows([*label, *(repr(float(v)) for v in row)] for label, row in zip(names, array, strict=True))
    return out.getvalue()


def save_arrays(model: EmbeddingModel, lab: GradientSource, folder: Path) -> list[Path]:
    """Write every array of :func:`model_arrays` as ``NAME.csv`` and ``NAME.npy`` in ``folder``."""
    if not folder.is_dir():
        raise ExportError(f"cannot write into {folder}: it is not a folder")
    written = []
    for name, array in model_arrays(model, lab).items():
        csv_path, npy_path = folder / f"{name}.csv", folder / f"{name}.npy"
        check_writable(csv_path)
        csv_path.write_text(array_as_csv(name, array, model), encoding="utf-8")
        np.save(npy_path, array, allow_pickle=False)
        written += [csv_path, npy_path]
    return written


def save_latex(model: EmbeddingModel, path: Path, language: str = "en") -> None:
    """X as a LaTeX bmatrix with the live numbers, in ``language``'s number format.

    Raises
    ------
    PositionError
        Under ``learned`` past the trained length: X is not defined there (as for every data export).
    """
    positions(model.scheme, model.n, model.d, model.P)
    check_writable(path)
    path.write_text(x_as_latex(np.array(model.X()), language), encoding="utf-8")
