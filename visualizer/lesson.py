"""The guided lesson: steps read from a data file, each a model state plus a caption. No Qt."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .core import SCHEMES
from .resources import resource

LESSON_FILE = resource("lesson", "steps.json")
VIEWS = ("x_panel", "rope_clock", "attention", "comparison", "gradient_lab")
LANGUAGES = ("en", "pt")


class LessonError(ValueError):
    """A lesson file that does not describe a lesson; the message says what is wrong."""


@dataclass(frozen=True)
class LessonStep:
    """One step: where the app goes (text, scheme, view) and what the teacher reads.

    ``caption``, ``question`` and ``reveal_caption`` map a language to text; captions may name
    live values in braces ({ids}, {x3}, {changed}, …) that the panel fills from the model.
    """

    id: str
    title: dict[str, str]
    caption: dict[str, str]
    text: str
    scheme: str
    view: str
    build: bool = False
    rope_lesson: bool = False
    question: dict[str, str] | None = None
    reveal_caption: dict[str, str] | None = None
    reveal_actions: tuple[dict[str, Any], ...] = field(default_factory=tuple)

    @property
    def is_question(self) -> bool:
        """A "predict, then reveal" step."""
        return self.question is not None


@dataclass(frozen=True)
class Lesson:
    """The stages of the whole course (this app is one of them) and this app's steps."""

    stages: tuple[dict[str, str], ...]
    current_stage: int
    steps: tuple[LessonStep, ...]


def load_lesson(path: Path = LESSON_FILE) -> Lesson:
    """Read and validate the lesson file. Raises ``LessonError``."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise LessonError(f"cannot read the lesson {path}: {error.strerror or error}") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise LessonError(f"cannot read the lesson {path}: {error}") from None
    try:
        stages = tuple(_texts(stage) for stage in data["path"]["stages"])
        current = int(data["path"]["current"])
        steps = tuple(_step(raw) for raw in data["steps"])
    except (KeyError, TypeError) as error:
        raise LessonError(f"the lesson {path.name} is missing {error}") from None
    if not steps or not 0 <= current < len(stages):
        raise LessonError(f"the lesson {path.name} has no steps or a wrong current stage")
    return Lesson(stages, current, steps)


def _texts(value: Any) -> dict[str, str]:
    if not isinstance(value, dict) or any(not isinstance(value.get(lang), str) for lang in LANGUAGES):
        raise LessonError(f"every text needs {' and '.join(LANGUAGES)}: {value!r}")
    return {lang: value[lang] for lang in LANGUAGES}


def _step(raw: dict[str, Any]) -> LessonStep:
    state = raw["state"]
    if state["scheme"] not in SCHEMES or state["view"] not in VIEWS:
        raise LessonError(f"step {raw.get('id')!r}: unknown scheme or view")
    reveal = raw.get("reveal")
    return LessonStep(
        id=str(raw["id"]),
        title=_texts(raw["title"]),
        caption=_texts(raw["caption"]),
        text=str(state["text"]),
        scheme=state["scheme"],
        view=state["view"],
        build=bool(state.get("build", False)),
        rope_lesson=bool(state.get("rope_lesson", False)),
        question=_texts(raw["question"]) if "question" in raw else None,
        reveal_caption=_texts(reveal["caption"]) if reveal else None,
        reveal_actions=tuple(reveal.get("actions", ())) if reveal else (),
    )
