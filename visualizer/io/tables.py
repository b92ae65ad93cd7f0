"""Exports of the current sequence as data: JSON, CSV and a LaTeX bmatrix. No Qt."""

from __future__ import annotations

import csv
import io
import json
import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Protocol

import numpy as np

from visualizer.core import NumberFormat, embed, positions, tokenize, toy_vocabulary
from visualizer.core.problems import QT_TRANSLATE_NOOP, TranslatableError
from visualizer.io.atomic import write_atomically
from visualizer.model import EmbeddingModel


class ExportsItself(Protocol):
    """A sequence source that writes its own export (:class:`visualizer.real.checkpoint.Checkpoint`)."""

    def export(self, text: str) -> dict[str, Any]:
        """``text`` tokenized, looked up and positioned: tokens, ids, positions, E_rows, P, X, …"""

DATA_FORMATS = (".json", ".csv", ".tex")
IMAGE_FORMATS = (".png", ".svg")
EXPORT_FORMATS = DATA_FORMATS + IMAGE_FORMATS
"""What X can be exported as, everywhere (command line, File → Export, Model menu)."""


class ExportError(TranslatableError):
    """An export that cannot be written; the message names the file or the problem."""


def worked_example(model: EmbeddingModel) -> dict[str, Any]:
    """The current sequence as plain data (what ``--export x.json`` writes).

    Keys: ``tokens`` (text), ``ids``, ``positions`` (1-based), ``scheme``, ``E_rows`` (n × d),
    ``P`` (n × d, or None when the scheme adds nothing) and ``X`` (n × d).

    Raises
    ------
    PositionError
        Under ``learned`` with more tokens than trained positions: X is not defined there.
    """
    ids = list(model.ids)
    X = embed(ids, model.E, model.scheme, model.P)
    added = positions(model.scheme, len(ids), model.d, model.P)
    return {
        "tokens": [model.tokens[i] for i in ids],
        "ids": ids,
        "positions": list(range(1, len(ids) + 1)),
        "scheme": model.scheme,
        "E_rows": model.E_rows().tolist(),
        "P": None if added is None else added.tolist(),
        "X": X.tolist(),
    }


def toy_worked_example(text: str, scheme: str) -> dict[str, Any]:
    """The toy export for any length of text (headless exports have no 32-token cap).

    Same keys as :func:`worked_example`. Raises ``TokenizeError`` for text the toy vocabulary
    cannot spell and ``PositionError`` past the learned table.
    """
    vocabulary = toy_vocabulary()
    ids = tokenize(text, vocabulary.tokens)
    added = positions(scheme, len(ids), vocabulary.dim)
    return {
        "tokens": [vocabulary.tokens[i] for i in ids],
        "ids": ids,
        "positions": list(range(1, len(ids) + 1)),
        "scheme": scheme,
        "E_rows": vocabulary.E[np.asarray(ids, dtype=np.intp)].tolist(),
        "P": None if added is None else added.tolist(),
        "X": embed(ids, vocabulary.E, scheme).tolist(),
    }


CSV_HEADER = ("position", "token", "id")
"""The columns that name each row of X in a CSV, before d0 … d(d−1): what the screen's row labels say."""


def x_as_csv(X: np.ndarray, tokens: Sequence[str], ids: Sequence[int]) -> str:
    """X with its rows named: position (1-based), token (its text) and id, then d0 … d(d−1).

    Full precision, "." decimals: a CSV is read by programs, whatever the screen's language.

    Parameters
    ----------
    X : ndarray, shape (n, d)
    tokens, ids : sequences of length n
        The token text and the id at each position.
    """
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([*CSV_HEADER, *(f"d{c}" for c in range(X.shape[1]))])
    for p, (token, token_id, row) in enumerate(zip(tokens, ids, X, strict=True)):
        writer.writerow([p + 1, token, int(token_id), *(repr(float(v)) for v in row)])
    return out.getvalue()


def latex_numbers(language: str) -> NumberFormat:
    """How a LaTeX matrix writes a number in ``language``: the lesson's own source writes
    ``-0{,}5`` in Portuguese (the braces keep TeX from spacing after the comma) and ``-0.5`` in
    English. The minus stays TeX's ``-``, which math mode sets as a true minus; a Unicode − would
    stop pdflatex.
    """
    return NumberFormat(decimal="{,}" if language == "pt" else ".", minus="-")


def x_as_latex(X: np.ndarray, language: str = "en") -> str:
    """X as a LaTeX ``bmatrix`` in the lesson's decimals and ``language``'s number format.

    Round values are written short (−0.5, 1, 0) and computed ones with three places, zeros kept
    (sinusoidal's 0.010 and 1.000, as the lesson's table writes them).
    """
    numbers = latex_numbers(language)
    rows = [" & ".join(numbers.short(float(v)) for v in row) for row in X]
    return "X = \\begin{bmatrix}\n" + " \\\\\n".join(rows) + "\n\\end{bmatrix}\n"


def write_data_export(model: EmbeddingModel | ExportsItself | dict[str, Any], path: Path, text: str = "",
                      language: str = "en") -> None:
    """Write X as .json, .csv or .tex (chosen by the extension).

    ``model`` is the toy's shared model, a checkpoint (then ``text`` is tokenized by it and the
    JSON adds ``X_model`` and ``model``), or an export already made (a dict). ``language`` sets
    the LaTeX number format (JSON and CSV are for programs: "." decimals in every language).
    """
    suffix = path.suffix.lower()
    if isinstance(model, dict):
        example = model
    elif isinstance(model, EmbeddingModel):
        example = worked_example(model)
    else:
        example = model.export(text)
    X = np.asarray(example["X"], dtype=np.float64).reshape(len(example["ids"]), -1)
    if suffix == ".json":
        text = json.dumps(example, indent=2, ensure_ascii=False) + "\n"
    elif suffix == ".csv":
        text = x_as_csv(X, example["tokens"], example["ids"])
    elif suffix == ".tex":
        text = x_as_latex(X, language)
    else:
        raise unknown_format(path)
    write_text_atomically(path, text)


def unknown_format(path: Path) -> ExportError:
    """The refusal of an extension X cannot be exported as (it lists those it can)."""
    return ExportError(QT_TRANSLATE_NOOP("Problems", "cannot export to {suffix}; use one of {formats}"),
                       suffix=path.suffix.lower() or "a file without extension", formats=", ".join(EXPORT_FORMATS))


def export_x(path: Path, worked_example: Callable[[], dict[str, Any]],
             draw: Callable[[dict[str, Any], Path], None], language: str = "en") -> None:
    """Export X to ``path``: the one way the command line, File → Export and the Model menu do it.

    Parameters
    ----------
    path : Path
        Its extension picks the format (:data:`EXPORT_FORMATS`).
    worked_example : callable
        Gives the sequence's export (tokens, ids, positions, E_rows, P, X, …); raises
        ``PositionError`` past a learned table, so that no format exports an X that is not defined.
    draw : callable
        ``draw(example, path)`` writes the picture (.png, .svg): the X panel for the toy, a heatmap
        for a real model or a long text. Needs Qt; only called for pictures.
    language : str
        The LaTeX number format (see :func:`write_data_export`).

    Raises
    ------
    ExportError
        An unknown extension or a path that cannot be written.
    PositionError
        Past the trained length of a learned table.
    """
    suffix = path.suffix.lower()
    if suffix not in EXPORT_FORMATS:
        raise unknown_format(path)
    example = worked_example()
    if suffix in DATA_FORMATS:
        write_data_export(example, path, language=language)
    else:
        check_writable(path)
        draw(example, path)


def check_writable(path: Path) -> None:
    """Raise ``ExportError`` naming the problem if ``path`` cannot be created or replaced."""
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise ExportError(QT_TRANSLATE_NOOP("Problems", "cannot write {path}: folder {folder} does not exist"),
                          path=path, folder=folder)
    if path.is_dir():
        raise ExportError(QT_TRANSLATE_NOOP("Problems", "cannot write {path}: it is a folder"), path=path)
    if not os.access(folder, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise ExportError(QT_TRANSLATE_NOOP("Problems", "cannot write {path}: permission denied"), path=path)


def write_text_atomically(path: Path, text: str) -> None:
    """Write ``text`` (UTF-8) atomically: never a half-written file. Raises ``ExportError``."""
    check_writable(path)
    try:
        write_atomically(path, text.encode("utf-8"))
    except OSError as error:
        raise ExportError(QT_TRANSLATE_NOOP("Problems", "cannot write {path}: {reason}"), path=path,
                          reason=error.strerror or error) from None
