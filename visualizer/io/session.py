"""Session files: the lesson state a teacher prepares, saved as JSON, loaded all-or-nothing.

No Qt. Reading never trusts the file: size, JSON shape, every type, range and number is checked
before anything is applied, so a malformed, truncated, future-version or hostile file changes
nothing. Writing is atomic (temporary file, fsync, rename): a crash mid-save leaves the previous
file intact.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeGuard

import numpy as np

from visualizer.core import SCHEMES, RopeScaling
from visualizer.core.problems import QT_TRANSLATE_NOOP, TranslatableError
from visualizer.io.atomic import write_atomically
from visualizer.model import (
    MAX_ALIBI_HEADS,
    MAX_TOKENS,
    ROPE_SCALINGS,
    AttentionSettings,
    EmbeddingModel,
    ModelState,
    StateError,
    check_attention,
    check_embedding_value,
)

FORMAT = "embedding-visualizer-session"
VERSION = 2
"""2 keeps the lesson's place as {"step": id, "revealed": …}; version 1 files (a step's index) still open."""
MAX_BYTES = 1_000_000
"""A real session is a few kB; anything much larger is not one of ours."""


class SessionError(TranslatableError):
    """A session file that cannot be used; the message names the file's problem."""


@dataclass(frozen=True)
class LessonPlace:
    """Where the lesson is: the step (its id; a version-1 file gives its index, 0-based) and
    whether its answer is revealed."""

    step: str | int
    revealed: bool = False


@dataclass(frozen=True)
class Session:
    """A validated session: the model state to restore and the lesson's place (or None)."""

    state: ModelState
    lesson: LessonPlace | None = None


def session_to_dict(model: EmbeddingModel, lesson: LessonPlace | None = None,
                    reference_E: np.ndarray | None = None) -> dict[str, Any]:
    """The JSON-ready form of the model's state; E is stored as edits against the toy table."""
    base = model.toy_E if reference_E is None else reference_E
    edits = [[int(i), int(j), float(model.E[i, j])] for i, j in zip(*np.nonzero(model.E != base), strict=True)]
    settings = model.attention
    scaling = settings.rope_scaling
    return {
        "format": FORMAT,
        "version": VERSION,
        "text": model.text,
        "ids": list(model.ids),
        "scheme": model.scheme,
        "attention": {
            "rope_base": settings.rope_base,
            "rope_scaling": None if scaling is None else {
                "kind": scaling.kind, "factor": scaling.factor, "original_context": scaling.original_context},
            "alibi_heads": settings.alibi_heads,
            "alibi_head": settings.alibi_head,
            "causal": settings.causal,
        },
        "E_edits": edits,
        "lesson": None if lesson is None else {"step": lesson.step, "revealed": lesson.revealed},
    }


def save_session(path: Path, model: EmbeddingModel, lesson: LessonPlace | None = None) -> None:
    """Write the session atomically. Raises ``SessionError`` naming the path on failure."""
    text = json.dumps(session_to_dict(model, lesson), indent=2, ensure_ascii=False) + "\n"
    try:
        write_atomically(path, text.encode("utf-8"))
    except OSError as error:
        raise SessionError(QT_TRANSLATE_NOOP(
            "Problems", "cannot save {path}: {reason}"), path=path, reason=error.strerror or error) from None


def load_session(path: Path, model: EmbeddingModel) -> Session:
    """Read and validate ``path`` against ``model``'s vocabulary. Nothing is applied here.

    Raises
    ------
    SessionError
        With a message naming the problem (missing, too large, not JSON, wrong version, …).
    """
    try:
        size = path.stat().st_size
    except OSError as error:
        raise SessionError(QT_TRANSLATE_NOOP(
            "Problems", "cannot open {path}: {reason}"), path=path, reason=error.strerror or error) from None
    if size > MAX_BYTES:
        raise SessionError(QT_TRANSLATE_NOOP(
            "Problems", "{name} is {size:,} bytes; a session is at most {limit:,}"), name=path.name,
            size=size, limit=MAX_BYTES)
    try:
        raw = path.read_bytes()
    except OSError as error:
        raise SessionError(QT_TRANSLATE_NOOP(
            "Problems", "cannot read {path}: {reason}"), path=path, reason=error.strerror or error) from None
    try:
        data = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise SessionError(QT_TRANSLATE_NOOP("Problems", "{name} is not text (UTF-8)"), name=path.name) from None
    except RecursionError:
        raise SessionError(QT_TRANSLATE_NOOP(
            "Problems", "{name} is nested too deeply to be a session"), name=path.name) from None
    except json.JSONDecodeError as error:
        raise SessionError(QT_TRANSLATE_NOOP(
            "Problems", "{name} is not valid JSON (line {line}: {reason}); it may be truncated"),
            name=path.name, line=error.lineno, reason=error.msg) from None
    return parse_session(data, model, path.name)


def parse_session(data: Any, model: EmbeddingModel, name: str = "the session") -> Session:
    """Validate a decoded session against the model. Raises ``SessionError``."""
    if not isinstance(data, dict):
        raise SessionError(QT_TRANSLATE_NOOP("Problems", "{name} is not a session (expected a JSON object)"), name=name)
    if data.get("format") != FORMAT:
        raise SessionError(QT_TRANSLATE_NOOP(
            "Problems", "{name} is not a session of this app (format {format!r})"), name=name,
            format=data.get("format"))
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise SessionError(QT_TRANSLATE_NOOP("Problems", "{name} has no valid version number"), name=name)
    if version > VERSION:
        raise SessionError(QT_TRANSLATE_NOOP(
            "Problems", "{name} was made by a newer version of the app (session version {version}; "
            "this app reads up to {supported})"), name=name, version=version, supported=VERSION)
    if version < 1:
        raise SessionError(QT_TRANSLATE_NOOP(
            "Problems", "{name} has an invalid version {version}"), name=name, version=version)
    ids = data.get("ids")
    if not isinstance(ids, list) or not all(isinstance(i, int) and not isinstance(i, bool) for i in ids):
        raise SessionError(QT_TRANSLATE_NOOP("Problems", "{name}: 'ids' must be a list of whole numbers"), name=name)
    if len(ids) > MAX_TOKENS:
        raise SessionError(QT_TRANSLATE_NOOP(
            "Problems", "{name}: {count} tokens is more than {limit}"), name=name, count=len(ids),
            limit=MAX_TOKENS)
    if any(not 0 <= i < model.V for i in ids):
        raise SessionError(QT_TRANSLATE_NOOP(
            "Problems", "{name}: a token id is outside 0..{last}"), name=name, last=model.V - 1)
    scheme = data.get("scheme")
    if scheme not in SCHEMES:
        raise SessionError(QT_TRANSLATE_NOOP(
            "Problems", "{name}: unknown position scheme {scheme!r}"), name=name, scheme=scheme)
    E = _parse_edits(data.get("E_edits", []), model, name)
    attention = _parse_attention(data.get("attention", {}), name)
    lesson = _parse_lesson_place(data, version, name)
    E.flags.writeable = False
    return Session(ModelState(tuple(ids), scheme, E, attention), lesson)


def _parse_lesson_place(data: dict[str, Any], version: int, name: str) -> LessonPlace | None:
    if version == 1:  # the step's index, never revealed
        step = data.get("lesson_step")
        if step is not None and (not isinstance(step, int) or isinstance(step, bool) or not 0 <= step < 1000):
            raise SessionError(QT_TRANSLATE_NOOP(
                "Problems", "{name}: 'lesson_step' must be a whole number or null"), name=name)
        return None if step is None else LessonPlace(step)
    place = data.get("lesson")
    if place is None:
        return None
    if (not isinstance(place, dict) or set(place) != {"step", "revealed"} or not isinstance(place["step"], str)
            or not 0 < len(place["step"]) <= 100 or not isinstance(place["revealed"], bool)):
        raise SessionError(QT_TRANSLATE_NOOP(
            "Problems", "{name}: 'lesson' must be null or {{step: a step's id, revealed: true or false}}"), name=name)
    return LessonPlace(place["step"], place["revealed"])


def _parse_edits(edits: Any, model: EmbeddingModel, name: str) -> np.ndarray:
    if not isinstance(edits, list) or len(edits) > model.V * model.d:
        raise SessionError(QT_TRANSLATE_NOOP(
            "Problems", "{name}: 'E_edits' must be a list of [id, dimension, value]"), name=name)
    E = np.array(model.toy_E, dtype=np.float64)
    for edit in edits:
        if (not isinstance(edit, list) or len(edit) != 3
                or not all(isinstance(x, int) and not isinstance(x, bool) for x in edit[:2])
                or not isinstance(edit[2], (int, float)) or isinstance(edit[2], bool)):
            raise SessionError(QT_TRANSLATE_NOOP(
                "Problems", "{name}: each edit of E must be [id, dimension, value]"), name=name)
        token_id, dim, value = edit
        if not (0 <= token_id < model.V and 0 <= dim < model.d):
            raise SessionError(QT_TRANSLATE_NOOP(
                "Problems", "{name}: edit of E[{id}, {dim}] is outside the {V} × {d} table"), name=name,
                id=token_id, dim=dim, V=model.V, d=model.d)
        try:
            E[token_id, dim] = check_embedding_value(value)  # the limits of an edit in the window
        except StateError as error:
            raise SessionError(QT_TRANSLATE_NOOP(
                "Problems", "{name}: E[{id}, {dim}] = {value} is not a usable number ({reason})"), name=name,
                id=token_id, dim=dim, value=value, reason=error) from None
    return E


def _parse_attention(data: Any, name: str) -> AttentionSettings:
    """The attention settings of a file: types checked here, ranges by the model's own
    :func:`~visualizer.model.check_attention` (the limits of the window's controls)."""
    if not isinstance(data, dict):
        raise SessionError(QT_TRANSLATE_NOOP("Problems", "{name}: 'attention' must be an object"), name=name)
    defaults = AttentionSettings()
    base = data.get("rope_base", defaults.rope_base)
    if not _is_number(base):
        raise SessionError(QT_TRANSLATE_NOOP("Problems", "{name}: RoPE base must be a number above 1"), name=name)
    scaling = data.get("rope_scaling")
    parsed_scaling = None
    if scaling is not None:
        if not isinstance(scaling, dict) or scaling.get("kind") not in ROPE_SCALINGS:
            raise SessionError(QT_TRANSLATE_NOOP(
                "Problems", "{name}: RoPE scaling must be null or {{kind: pi|ntk|yarn, factor}}"), name=name)
        factor = scaling.get("factor")
        context = scaling.get("original_context", 2048)
        if not _is_number(factor) or not isinstance(context, int) or isinstance(context, bool):
            raise SessionError(QT_TRANSLATE_NOOP(
                "Problems", "{name}: RoPE scaling factor must be 1 .. 1024"), name=name)
        parsed_scaling = RopeScaling(scaling["kind"], float(factor), context)
    heads, head = data.get("alibi_heads", defaults.alibi_heads), data.get("alibi_head", defaults.alibi_head)
    if not isinstance(heads, int) or not isinstance(head, int) or isinstance(heads, bool) or isinstance(head, bool):
        raise SessionError(QT_TRANSLATE_NOOP(
            "Problems", "{name}: ALiBi heads must be 1 .. {limit} with a head among them"), name=name,
            limit=MAX_ALIBI_HEADS)
    causal = data.get("causal", defaults.causal)
    if not isinstance(causal, bool):
        raise SessionError(QT_TRANSLATE_NOOP("Problems", "{name}: 'causal' must be true or false"), name=name)
    settings = AttentionSettings(float(base), parsed_scaling, heads, head, causal)
    try:
        return check_attention(settings)
    except StateError as error:
        raise SessionError(QT_TRANSLATE_NOOP("Problems", "{name}: {reason}"), name=name, reason=error) from None


def _is_number(value: object) -> TypeGuard[int | float]:
    """A JSON number (not true or false) that a float can hold (not a 400-digit integer)."""
    if not isinstance(value, (int, float)) or isinstance(value, bool):
        return False
    try:
        return math.isfinite(value)
    except OverflowError:
        return False
