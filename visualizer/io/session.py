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
VERSION = 3
"""3 keeps what the teacher opened beside the toy (a real model's folder, its sentence and token order) and
the page in front; 2 the lesson's place as {"step": id, "revealed": …}; version 1 and 2 files still open."""
MAX_BYTES = 1_000_000
"""A real session is a few kB; anything much larger is not one of ours."""
MAX_PATH = 4096
"""The longest folder or file path a session keeps (Linux's own limit)."""
MAX_REAL_TEXT = 10_000
"""The longest sentence of a real model's page a session keeps (characters)."""
MAX_REAL_TOKENS = 10_000
"""The most token ids of a real model's page a session keeps."""
MAX_REAL_ID = 2**31 - 1
"""A token id past any tokenizer's (they count in 32-bit integers)."""


class SessionError(TranslatableError):
    """A session file that cannot be used; the message names the file's problem."""


@dataclass(frozen=True)
class LessonPlace:
    """Where the lesson is: the step (its id; a version-1 file gives its index, 0-based) and
    whether its answer is revealed."""

    step: str | int
    revealed: bool = False


@dataclass(frozen=True)
class RealModelPlace:
    """A real model the teacher opened: its folder (the path, never the weights: the folder is read
    again when the session opens), the page's sentence and its token ids in their order (a drag
    reorders them)."""

    folder: str
    text: str
    ids: tuple[int, ...]


@dataclass(frozen=True)
class Session:
    """A validated session: the model state to restore, the lesson's place (or None), the real model
    opened beside the toy (None: the toy alone), the page in front (its name; None: the file does
    not say, as in versions 1 and 2) and, in the autosave only, the session file the work belongs to
    (None in a file the teacher saved: it is its own) and the lesson file of the lesson edited beside
    it (its edits are autosaved in a lesson file of their own, see ``shell.documents``)."""

    state: ModelState
    lesson: LessonPlace | None = None
    real_model: RealModelPlace | None = None
    page: str | None = None
    session_file: str | None = None
    lesson_file: str | None = None


def session_to_dict(model: EmbeddingModel, lesson: LessonPlace | None = None,
                    reference_E: np.ndarray | None = None, real_model: RealModelPlace | None = None,
                    page: str | None = None, session_file: str | None = None,
                    lesson_file: str | None = None) -> dict[str, Any]:
    """The JSON-ready form of the model's state (E as edits against the toy table), the lesson's place,
    the real model opened, the page in front and, for the autosave, the session file it belongs to
    and the file of the lesson being edited."""
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
        "real_model": None if real_model is None else {
            "folder": real_model.folder, "text": real_model.text, "ids": list(real_model.ids)},
        "page": page,
        **({} if session_file is None else {"session_file": session_file}),
        **({} if lesson_file is None else {"lesson_file": lesson_file}),
    }


def save_session(path: Path, model: EmbeddingModel, lesson: LessonPlace | None = None,
                 real_model: RealModelPlace | None = None, page: str | None = None,
                 session_file: str | None = None, lesson_file: str | None = None) -> None:
    """Write the session atomically. Raises ``SessionError`` naming the path on failure.

    ``real_model``, ``page``, ``session_file`` and ``lesson_file``: see :class:`Session` (the last two
    are the autosave's only).
    """
    data = session_to_dict(model, lesson, real_model=real_model, page=page, session_file=session_file,
                           lesson_file=lesson_file)
    try:
        content = (json.dumps(data, indent=2, ensure_ascii=False) + "\n").encode("utf-8")
    except UnicodeEncodeError:  # a folder name that is not UTF-8 (kept by Python as lone surrogates)
        content = (json.dumps(data, indent=2) + "\n").encode("ascii")  # escaped: read back as the same name
    try:
        write_atomically(path, content)
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
    state = ModelState(tuple(ids), scheme, E, attention)
    if version < 3:  # the toy alone, and no word of the page in front
        return Session(state, lesson)
    return Session(state, lesson, _parse_real_model(data.get("real_model"), name), _parse_page(data.get("page"), name),
                   _parse_session_file(data.get("session_file"), name),
                   _parse_lesson_file(data.get("lesson_file"), name))


def _parse_real_model(place: Any, name: str) -> RealModelPlace | None:
    """The real model a version-3 file names (its folder is opened, and checked, by the window)."""
    if place is None:
        return None
    if (not isinstance(place, dict) or set(place) != {"folder", "text", "ids"}
            or not _is_path(place["folder"]) or not isinstance(place["text"], str)
            or len(place["text"]) > MAX_REAL_TEXT or not isinstance(place["ids"], list)
            or len(place["ids"]) > MAX_REAL_TOKENS
            or not all(isinstance(i, int) and not isinstance(i, bool) and 0 <= i <= MAX_REAL_ID
                       for i in place["ids"])):
        raise SessionError(QT_TRANSLATE_NOOP(
            "Problems", "{name}: 'real_model' must be null or {{folder: a full path, text: a sentence, "
            "ids: a list of token ids}}"), name=name)
    return RealModelPlace(place["folder"], place["text"], tuple(place["ids"]))


def _parse_page(page: Any, name: str) -> str | None:
    """The name of the page in front (which names exist is the window's to say)."""
    if page is None:
        return None
    if not isinstance(page, str) or not 0 < len(page) <= 100 or not page.isidentifier():
        raise SessionError(QT_TRANSLATE_NOOP(
            "Problems", "{name}: 'page' must be null or a page's name"), name=name)
    return page


def _parse_session_file(path: Any, name: str) -> str | None:
    return _parse_full_path(path, name, QT_TRANSLATE_NOOP(
        "Problems", "{name}: 'session_file' must be null or a full path"))


def _parse_lesson_file(path: Any, name: str) -> str | None:
    return _parse_full_path(path, name, QT_TRANSLATE_NOOP(
        "Problems", "{name}: 'lesson_file' must be null or a full path"))


def _parse_full_path(path: Any, name: str, refusal: str) -> str | None:
    """A file the autosave's work belongs to: None, or a full path (else ``refusal``)."""
    if path is None:
        return None
    if not _is_path(path):
        raise SessionError(refusal, name=name)
    return str(path)


def _is_path(value: object) -> TypeGuard[str]:
    """A path as a session keeps it: absolute, not empty, not absurdly long, no NUL."""
    return (isinstance(value, str) and 0 < len(value) <= MAX_PATH and "\0" not in value
            and Path(value).is_absolute())


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
