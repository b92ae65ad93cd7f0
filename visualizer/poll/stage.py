"""What phones show of the step on stage: its title, its caption and the matrix in front, as plain
JSON data that the phone page turns into text and an HTML table. No Qt.

The numbers are the app's own strings in each language (``−0,5`` in Portuguese, ``-0.5`` in
English: :class:`~visualizer.core.formatting.NumberFormat`), the rows named as the app names them
(position and token, ``␣`` for a leading space). Every text is data: the page sets it with
``textContent`` only, so a teacher's ``<b>`` or ``<img>`` shows as typed.

Which matrix goes with which view is one small table (:func:`tables_for_view`). An update stays
under :data:`STAGE_BYTES` (the page's status, the question included, under 50 kB): a stage whose
tables would not fit drops the ones before the last (X, or the scores), then all of them.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Mapping
from typing import Any

import numpy as np

from visualizer.core import display_token
from visualizer.core.formatting import NUMBER_FORMATS, NumberFormat
from visualizer.languages import LANGUAGES
from visualizer.lesson.kinds.base import Waiting, Withdrawn
from visualizer.lesson.run import NO_BREAK_SPACE, LessonRun
from visualizer.lesson.texts import complete, in_language
from visualizer.model import EmbeddingModel

STAGE_BYTES = 40_000
"""The most a stage may weigh as JSON: with the question's texts (a few kB) a phone's update stays
under 50 kB."""

Translate = Callable[[str, str], str]
"""``translate(language, text)``: the lesson panel's own words (``The app is measuring it now…``)
in ``language``, as the app's translations have them."""
VECTOR = re.compile(r"\[[^\[\]]*\]")
"""A vector in a text: ``[1, 0, 0, -1]`` (as the lesson panel finds them)."""


def tables_for_view(view: str | None, options: Mapping[str, object] | None = None) -> tuple[str, ...]:
    """The matrices phones get for the view in front, in the order the view shows them.

    Parameters
    ----------
    view : str or None
        A view's name (``VIEWS`` in ``visualizer/shell/view_tabs.py``), as a lesson step gives it.
    options : mapping, optional
        The step's ``view_options`` for it.

    Returns
    -------
    tuple of str
        Of ``E`` (the whole table), ``E_ids``, ``P``, ``X``, ``scores``; empty for a view whose
        picture is no matrix (the gradient lab, how big E gets): the phone then shows the text only.
    """
    options = options or {}
    if view == "x_panel":
        return ("E_ids",) if options.get("lookup_only") else ("E_ids", "P", "X")
    if view == "lookup_table":
        return ("E_ids",) if options.get("copies", True) else ("E",)
    if view == "rope_clock":
        return ("X",)
    if view in ("attention", "comparison"):
        return ("scores",)
    return ()


def stage_for(run: LessonRun, model: EmbeddingModel, translate: Translate) -> dict[str, Any] | None:
    """What phones show of the lesson's current step, in every language; None before the lesson starts.

    Parameters
    ----------
    run : LessonRun
        The step shown, whether its answer is revealed, its live values.
    model : EmbeddingModel
        The matrices, as the view in front shows them now.
    translate : callable
        See :data:`Translate`.

    Returns
    -------
    dict or None
        ``step`` (its id), ``number`` and ``steps`` (3 of 13), ``view``, ``revealed``, ``title`` and
        ``caption`` (language → text), ``tables`` (see :func:`matrix_table`).
    """
    step = run.current_step()
    if step is None or run.index is None:
        return None
    names = [name for name in tables_for_view(step.view, step.view_options)
             if name != "P" or model.P_rows() is not None]
    stage: dict[str, Any] = {
        "step": step.id, "number": run.index + 1, "steps": len(run.lesson.steps), "view": step.view,
        "revealed": run.revealed,
        "title": complete(step.title),  # a lesson written in one language shows it in both
        "caption": {language: caption_text(run, language, translate) for language in LANGUAGES},
        "tables": [matrix_table(name, model) for name in names],
    }
    # Too heavy for a phone's update (a long sentence's scores): the last table alone, then none.
    while stage["tables"] and _weight(stage) > STAGE_BYTES:
        stage["tables"] = stage["tables"][-1:] if len(stage["tables"]) > 1 else []
    return stage


def _weight(stage: Mapping[str, Any]) -> int:
    return len(json.dumps(stage, ensure_ascii=False, separators=(",", ":")).encode("utf-8"))


def matrix_table(name: str, model: EmbeddingModel) -> dict[str, Any]:
    """One matrix as the page draws it: ``name`` (``scores_alibi`` for ALiBi's scores, whose caption
    names the bias), ``columns`` and ``rows`` (their headers), and ``cells`` (language → rows of the
    app's number strings; ``None`` for a score the causal mask hides)."""
    tokens = [display_token(model.tokens[token_id]) for token_id in model.ids]
    dims = [f"d{column}" for column in range(model.d)]
    positions = [f"{position + 1} {token}" for position, token in enumerate(tokens)]
    values: np.ndarray
    if name == "E":
        values = model.E
        rows = [f"id {token_id} {display_token(token)}" for token_id, token in enumerate(model.tokens)]
        columns = dims
    elif name == "E_ids":
        values = model.E_rows()
        rows = [f"{label} (id {token_id})" for label, token_id in zip(positions, model.ids, strict=True)]
        columns = dims
    elif name == "P":
        added = model.P_rows()
        values = added if added is not None else np.zeros((model.n, model.d))
        rows, columns = positions, dims
    elif name == "X":
        values, rows, columns = model.X(), positions, dims
    elif name == "scores":
        values, rows, columns = model.scores(), positions, [str(position + 1) for position in range(model.n)]
        if model.scheme == "alibi":
            name = "scores_alibi"  # its bias is part of each score: the caption says so
    else:
        raise ValueError(f"no matrix named {name!r}")
    return {"name": name, "columns": columns, "rows": rows,
            "cells": {language: _cells(values, NUMBER_FORMATS[language]) for language in LANGUAGES}}


def _cells(values: np.ndarray, numbers: NumberFormat) -> list[list[str | None]]:
    """Each value as a cell of the app prints it; None where the causal mask hides a score (−∞)."""
    return [[None if math.isinf(value) and value < 0 else numbers.cell(value) for value in row]
            for row in np.asarray(values, dtype=float).tolist()]


def caption_text(run: LessonRun, language: str, translate: Translate) -> str:
    """The current step's caption in ``language`` as the lesson panel shows it: the step's own with
    its live values filled in that language's numbers, or once revealed the answer for the state on
    screen (or what stands in for it: the app is measuring; the state is no longer the
    experiment's). The same rules as ``LessonPanel._show_caption`` (``tests/poll/test_stage.py``
    holds them to the panel's words, step by step and answer by answer, in both languages)."""
    step = run.current_step()
    if step is None:
        return ""
    explained = run.explained()
    if explained is None:
        separator = "; " if language == "pt" else ", "
        caption = in_language(step.caption, language)
        try:
            return caption.format_map(run.live_values(NUMBER_FORMATS[language], separator))
        except (KeyError, IndexError, ValueError):
            return caption
    if isinstance(explained, Waiting):
        return translate(language, "The app is measuring it now, on this laptop: the answer appears here when the "
                                   "measurement ends.")
    if isinstance(explained, Withdrawn):
        if explained.reason == "numbers":
            return translate(language, "This answer compares rows of X, and past the learned table a row has no "
                                       "numbers. Reveal runs the experiment again on the lesson's sentence.")
        return translate(language, "This answer was about “{0}”, and the tokens on screen have changed since. "
                                   "Reveal runs the experiment again on that sentence.").format(step.text)
    answer = run.answer(language) or ""
    # A vector never breaks across lines: its separators keep its numbers together.
    return VECTOR.sub(lambda vector: vector.group(0).replace(" ", NO_BREAK_SPACE), answer)


__all__ = ["STAGE_BYTES", "Translate", "caption_text", "matrix_table", "stage_for", "tables_for_view"]
