"""The lesson file (``resources/lesson/steps.json``): what it may hold, checked field by field. No Qt.

A teacher may edit the file, so reading it never trusts it: :data:`LESSON_SCHEMA` says what every
field may hold, and a mistake is refused with one message that names the step (its number and
id) and the field, e.g. ``step 5 ('swap-none'), field 'state.scheme': 'nope' is not one of none,
learned, …``.

A step is the model's state (``state``: sentence, scheme, mask), the view that shows it
(``view``) with that view's own options (``staging``, checked by the view when the window opens:
:mod:`visualizer.lesson.step_options`), the teacher's texts, and for a question its ``reveal``: the model
commands that run the experiment, the view's staging once revealed, and the answer's captions,
which may depend on the state the class has left under the answer (``variants``).

The schema is written here as data rather than checked by a JSON Schema library: importing one
(jsonschema: 95-190 ms; fastjsonschema: about 20 ms, plus 25 ms to compile) would cost every
start more than the app may spend on its whole window.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from visualizer.core import SCHEMES
from visualizer.languages import LANGUAGES
from visualizer.model import MAX_ALIBI_HEADS

FORMAT = "embedding-visualizer-lesson"
VERSION = 2
Texts = Mapping[str, str]
"""A text in every language of the app: ``{"en": …, "pt": …}``."""


class LessonError(ValueError):
    """A lesson file that does not describe a lesson; the message says where and what is wrong."""


# ---- the schema, as data -------------------------------------------------------------------------


class Kind:
    """What one field of the file may hold; :meth:`check` raises ``ValueError`` saying why not.

    The kinds are plain classes, not dataclasses: a dataclass writes and compiles its methods when
    the module is imported, about 0.7 ms a class, paid by every start for schema objects that only
    ever check."""

    __slots__ = ()

    def check(self, value: object, where: str) -> None:
        raise NotImplementedError

    def __repr__(self) -> str:
        names: tuple[str, ...] = self.__slots__
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in names)
        return f"{type(self).__name__}({fields})"


def _field_error(where: str, reason: str) -> LessonError:
    return LessonError(f"field '{where}': {reason}" if where else reason)


class Text(Kind):
    """A string, optionally matching ``pattern`` (described by ``meaning``)."""

    __slots__ = ("meaning", "pattern")

    def __init__(self, pattern: str | None = None, meaning: str = "") -> None:
        self.pattern, self.meaning = pattern, meaning

    def check(self, value: object, where: str) -> None:
        if not isinstance(value, str):
            raise _field_error(where, f"must be text, not {value!r}")
        if self.pattern is not None and not re.fullmatch(self.pattern, value):
            raise _field_error(where, f"{value!r} is not {self.meaning}")


class Choice(Kind):
    """One of ``choices``."""

    __slots__ = ("choices",)

    def __init__(self, choices: tuple[object, ...]) -> None:
        self.choices = choices

    def check(self, value: object, where: str) -> None:
        if value not in self.choices:
            raise _field_error(where, f"{value!r} is not one of {', '.join(map(str, self.choices))}")


class Boolean(Kind):
    """true or false."""

    __slots__ = ()

    def check(self, value: object, where: str) -> None:
        if not isinstance(value, bool):
            raise _field_error(where, f"must be true or false, not {value!r}")


class Whole(Kind):
    """A whole number of at least ``minimum``."""

    __slots__ = ("minimum",)

    def __init__(self, minimum: int = 0) -> None:
        self.minimum = minimum

    def check(self, value: object, where: str) -> None:
        if not isinstance(value, int) or isinstance(value, bool) or value < self.minimum:
            raise _field_error(where, f"must be a whole number of at least {self.minimum}, not {value!r}")


class Record(Kind):
    """A JSON object with these fields (``required`` must be there; nothing else may be)."""

    __slots__ = ("optional", "required")

    def __init__(self, required: Mapping[str, Kind], optional: Mapping[str, Kind] | None = None) -> None:
        self.required: Mapping[str, Kind] = required
        self.optional: Mapping[str, Kind] = {} if optional is None else optional

    def check(self, value: object, where: str) -> None:
        if not isinstance(value, dict):
            raise _field_error(where, f"must be an object, not {value!r}")
        optional = dict(self.optional)
        for name in value:
            if name not in self.required and name not in optional:
                known = ", ".join([*self.required, *optional])
                raise _field_error(_join(where, name), f"is not a field here (the fields are {known})")
        for name, kind in self.required.items():
            if name not in value:
                raise _field_error(_join(where, name), "is missing")
            kind.check(value[name], _join(where, name))
        for name, kind in optional.items():
            if name in value:
                kind.check(value[name], _join(where, name))


class Options(Kind):
    """A JSON object of options whose meaning belongs to someone else (a view's staging)."""

    __slots__ = ()

    def check(self, value: object, where: str) -> None:
        if not isinstance(value, dict):
            raise _field_error(where, f"must be an object, not {value!r}")


class ListOf(Kind):
    """A JSON list of ``item``, at least ``minimum`` long."""

    __slots__ = ("item", "minimum")

    def __init__(self, item: Kind, minimum: int = 0) -> None:
        self.item, self.minimum = item, minimum

    def check(self, value: object, where: str) -> None:
        if not isinstance(value, list) or len(value) < self.minimum:
            raise _field_error(where, f"must be a list of at least {self.minimum}, not {value!r}")
        for index, item in enumerate(value):
            self.item.check(item, f"{where}[{index}]")


def _join(where: str, name: str) -> str:
    return f"{where}.{name}" if where else name


TEXTS = Record({language: Text() for language in LANGUAGES})
FACTS: Mapping[str, Kind] = {
    "causal": Boolean(),
    "scheme": Choice(tuple(SCHEMES)),
    "rows_only_move": Boolean(),
    "outputs_only_move": Boolean(),
}
"""What an answer's caption may depend on (see :meth:`visualizer.lesson.run.LessonRun.facts`): the mask,
the scheme, whether the rows of X only moved, whether attention's outputs only moved."""
MOVE = Record({"move": Record({"from": Whole(1), "to": Whole(1)})})
"""Move the token at position ``from`` to position ``to`` (both 1-based, as on screen)."""
REVEAL = Record(
    required={"caption": TEXTS},
    optional={"commands": ListOf(MOVE), "staging": Options(), "done_caption": TEXTS,
              "variants": ListOf(Record({"when": Record({}, FACTS), "caption": TEXTS}))})
STEP = Record(
    required={"id": Text(r"[a-z0-9]+(-[a-z0-9]+)*", "an id of lower-case letters, digits and dashes"),
              "title": TEXTS, "caption": TEXTS,
              "state": Record({"text": Text(), "scheme": Choice(tuple(SCHEMES))},
                              {"causal": Boolean(), "alibi_heads": Whole(1), "alibi_head": Whole(1)}),
              "view": Text(r"[a-z_]+", "a view's name")},
    optional={"staging": Options(), "question": TEXTS, "reveal": REVEAL})
LESSON_SCHEMA = Record({
    "format": Choice((FORMAT,)),
    "version": Choice((VERSION,)),
    "path": Record({"current": Whole(0), "stages": ListOf(TEXTS, minimum=1)}),
    "steps": ListOf(Options(), minimum=1),  # each step is checked by STEP, to name it in messages
})
"""The whole file. Steps are checked one by one against :data:`STEP`."""


# ---- what the file describes ---------------------------------------------------------------------


@dataclass(frozen=True)
class Move:
    """A model command of a reveal: the token at ``source`` moves to ``target`` (0-based)."""

    source: int
    target: int


@dataclass(frozen=True)
class CaptionVariant:
    """An answer's caption for a state the class left under it: used when every fact of ``when`` holds."""

    when: Mapping[str, object]
    caption: Texts


@dataclass(frozen=True)
class Reveal:
    """How a question's answer is shown: commands run on the model, the view's staging once
    revealed, the answer's caption (its variants first), and the caption once a staged experiment
    reported its outcome (``done_caption``, filled with the outcome's fields)."""

    caption: Texts
    commands: tuple[Move, ...] = ()
    staging: Mapping[str, object] = field(default_factory=dict)
    done_caption: Texts | None = None
    variants: tuple[CaptionVariant, ...] = ()


@dataclass(frozen=True)
class LessonStep:
    """One step: the model's state, the view that shows it (with its staging), the teacher's texts.

    ``title``, ``caption`` and ``question`` map a language to text; captions may name live values
    in braces ({ids}, {x3}, {changed}, …) that the panel fills from the model.
    """

    id: str
    title: Texts
    caption: Texts
    text: str
    scheme: str
    view: str
    causal: bool | None = None
    """The causal mask the step asks for (None: leave it as the class set it)."""
    alibi: tuple[int, int] | None = None
    """ALiBi's (heads H, head shown h) the step asks for (None: leave them as the class set them)."""
    staging: Mapping[str, object] = field(default_factory=dict)
    """The view's own options for this step (see :mod:`visualizer.lesson.step_options`)."""
    question: Texts | None = None
    reveal: Reveal | None = None

    @property
    def is_question(self) -> bool:
        """A "predict, then reveal" step."""
        return self.question is not None and self.reveal is not None


@dataclass(frozen=True)
class Lesson:
    """The stages of the whole course (this app is one of them) and this app's steps."""

    stages: tuple[Texts, ...]
    current_stage: int
    steps: tuple[LessonStep, ...]

    def index_of(self, step_id: str) -> int | None:
        """The position (0-based) of the step with id ``step_id``, or None."""
        return next((index for index, step in enumerate(self.steps) if step.id == step_id), None)


def read_lesson(path: Path) -> Lesson:
    """Read and check the lesson file. Raises :class:`LessonError` naming the step and the field."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise LessonError(f"cannot read the lesson {path}: {error.strerror or error}") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise LessonError(f"cannot read the lesson {path}: {error}") from None
    try:
        return parse_lesson(data)
    except LessonError as error:
        raise LessonError(f"the lesson {path.name}: {error}") from None


def parse_lesson(data: Any) -> Lesson:
    """The lesson a decoded file describes. Raises :class:`LessonError`."""
    LESSON_SCHEMA.check(data, "")
    stages = tuple(_texts(stage) for stage in data["path"]["stages"])
    current = data["path"]["current"]
    if current >= len(stages):
        raise _field_error("path.current", f"{current} is past the last stage ({len(stages) - 1})")
    steps: list[LessonStep] = []
    for number, raw in enumerate(data["steps"], 1):
        name = f"step {number}" + (f" ({raw['id']!r})" if isinstance(raw.get("id"), str) else "")
        try:
            STEP.check(raw, "")
            step = _step(raw)
        except LessonError as error:
            raise LessonError(f"{name}, {error}") from None
        if any(other.id == step.id for other in steps):
            raise LessonError(f"{name}, field 'id': another step already has the id {step.id!r}")
        steps.append(step)
    return Lesson(stages, current, tuple(steps))


def _texts(raw: Mapping[str, str]) -> Texts:
    return {language: raw[language] for language in LANGUAGES}


def _step(raw: dict[str, Any]) -> LessonStep:
    state, reveal = raw["state"], raw.get("reveal")
    if ("question" in raw) != (reveal is not None):
        missing = "reveal" if reveal is None else "question"
        raise _field_error(missing, "is missing: a question and its reveal come together")
    alibi = None
    if "alibi_heads" in state or "alibi_head" in state:
        heads, head = state.get("alibi_heads", 1), state.get("alibi_head", 1)
        if not 1 <= head <= heads <= MAX_ALIBI_HEADS:
            raise _field_error("state.alibi_head", f"head {head} of {heads} heads: the head is 1 .. H and H is "
                                                   f"1 .. {MAX_ALIBI_HEADS}")
        alibi = (heads, head)
    return LessonStep(
        id=raw["id"], title=_texts(raw["title"]), caption=_texts(raw["caption"]), text=state["text"],
        scheme=state["scheme"], view=raw["view"], causal=state.get("causal"), alibi=alibi,
        staging=dict(raw.get("staging", {})),
        question=_texts(raw["question"]) if "question" in raw else None,
        reveal=None if reveal is None else _reveal(reveal))


def _reveal(raw: dict[str, Any]) -> Reveal:
    return Reveal(
        caption=_texts(raw["caption"]),
        commands=tuple(Move(c["move"]["from"] - 1, c["move"]["to"] - 1) for c in raw.get("commands", ())),
        staging=dict(raw.get("staging", {})),
        done_caption=_texts(raw["done_caption"]) if "done_caption" in raw else None,
        variants=tuple(CaptionVariant(dict(v["when"]), _texts(v["caption"])) for v in raw.get("variants", ())))


def matching_caption(reveal: Reveal, facts: Mapping[str, object]) -> Texts:
    """The answer's caption for ``facts``: the first variant whose every fact holds, else the caption."""
    for variant in reveal.variants:
        if all(facts.get(name) == value for name, value in variant.when.items()):
            return variant.caption
    return reveal.caption


__all__ = ["FORMAT", "LESSON_SCHEMA", "STEP", "VERSION", "CaptionVariant", "Lesson", "LessonError",
           "LessonStep", "Move", "Reveal", "matching_caption", "parse_lesson", "read_lesson"]
