"""The guided lesson: steps read from a data file (each a model state plus a caption), and the
state machine that walks through them. No Qt."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
from psygnal import Signal

from .core import SCHEMES, NumberFormat, classify_rows
from .languages import LANGUAGES
from .model import EmbeddingModel
from .resources import resource

LESSON_FILE = resource("lesson", "steps.json")
VIEWS = ("x_panel", "rope_clock", "attention", "comparison", "gradient_lab")


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
    causal: bool | None = None
    """The causal mask the step asks for (None: leave it as the class set it)."""
    lookup_only: bool = False
    """Show only E[ids]: the ids as names of rows, before anything is added."""
    real_scale: bool = False
    """Open the gradient lab on its real-scale page (a question about GPT-2, not the toy)."""
    question: dict[str, str] | None = None
    reveal_caption: dict[str, str] | None = None
    done_caption: dict[str, str] | None = None
    """After a reveal action reports its outcome (the real-scale race): the answer, with
    {fields} from the outcome."""
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


def _causal(value: Any) -> bool | None:
    if value is not None and not isinstance(value, bool):
        raise LessonError(f"'causal' must be true, false or absent, not {value!r}")
    return value


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
        causal=_causal(state.get("causal")),
        lookup_only=bool(state.get("lookup_only", False)),
        real_scale=bool(state.get("real_scale", False)),
        question=_texts(raw["question"]) if "question" in raw else None,
        reveal_caption=_texts(reveal["caption"]) if reveal else None,
        done_caption=_texts(reveal["done_caption"]) if reveal and "done_caption" in reveal else None,
        reveal_actions=tuple(reveal.get("actions", ())) if reveal else (),
    )


class LessonRun:
    """Where the class is in the lesson, and the moves between steps. No Qt.

    Going to a step puts the model in the step's state (sentence and scheme) and asks the shell,
    through ``step_shown``, to bring the step's view forward. A question step is "predict, then
    reveal": the first Next runs the experiment (its reveal actions) and shows the answer; the
    second moves on. Reveal actions that are not model commands (the real-scale race) are passed
    to the shell through ``action_requested``.

    Signals
    -------
    step_shown : (LessonStep)
        A step was entered; the shell shows its view in the state it asks for.
    changed : ()
        The step, or whether its answer is revealed, changed: the panel re-reads its text.
    action_requested : (dict)
        A reveal action for the shell (``{"real_scale": true}``).
    """

    step_shown = Signal(LessonStep)
    changed = Signal()
    action_requested = Signal(dict)

    def __init__(self, lesson: Lesson, model: EmbeddingModel) -> None:
        self.lesson = lesson
        self._model = model
        self._index: int | None = None
        self._revealed = False
        self._before_reveal: tuple[tuple[int, ...], np.ndarray] | None = None
        self._outcome: dict[str, object] | None = None

    @property
    def index(self) -> int | None:
        """The step shown (0-based), or None before the lesson starts."""
        return self._index

    @property
    def revealed(self) -> bool:
        """True once the current question's answer is shown."""
        return self._revealed

    def current_step(self) -> LessonStep | None:
        """The step shown."""
        return None if self._index is None else self.lesson.steps[self._index]

    def go_to(self, index: int) -> None:
        """Enter step ``index``: the model takes the step's state, the shell shows its view."""
        if not 0 <= index < len(self.lesson.steps):
            raise IndexError(f"the lesson has steps 1..{len(self.lesson.steps)}, not {index + 1}")
        step = self.lesson.steps[index]
        self._index, self._revealed, self._before_reveal, self._outcome = index, False, None, None
        self._apply_state(step)
        self.step_shown.emit(step)
        self.changed.emit()

    def advance(self) -> None:
        """Next (clicker): reveal the answer of an unrevealed question first, then move on."""
        step = self.current_step()
        if step is None:
            self.go_to(0)
        elif step.is_question and not self._revealed:
            self.reveal()
        elif self._index is not None and self._index + 1 < len(self.lesson.steps):
            self.go_to(self._index + 1)

    def previous(self) -> None:
        """Previous step (clicker)."""
        if self._index is None:
            self.go_to(0)
        elif self._index > 0:
            self.go_to(self._index - 1)

    def reveal(self) -> None:
        """Run the question's experiment and show its answer."""
        step = self.current_step()
        if step is None or not step.is_question or self._revealed:
            return
        # The experiment is defined on the step's own state: put it back if the class changed it.
        self._apply_state(step)
        self._before_reveal = (self._model.ids, np.array(self._model.X()))
        for action in step.reveal_actions:
            if "move" in action:
                source, target = action["move"]
                self._model.move_token(int(source), int(target))
            else:
                self.action_requested.emit(action)
        self._revealed = True
        self.changed.emit()

    @property
    def outcome(self) -> dict[str, object] | None:
        """What the current reveal's experiment reported when it finished, or None."""
        return self._outcome

    def report_outcome(self, outcome: dict[str, object]) -> None:
        """A reveal action finished (the shell ran it): show the step's answer with its numbers."""
        if self._revealed:
            self._outcome = dict(outcome)
            self.changed.emit()

    def _apply_state(self, step: LessonStep) -> None:
        self._model.set_text(step.text)
        self._model.set_scheme(step.scheme)
        if step.causal is not None:
            self._model.set_causal(step.causal)

    def changed_rows(self) -> list[int] | None:
        """After a reveal: the positions (0-based) whose values changed, not merely moved; else None."""
        if self._before_reveal is None:
            return None
        old_ids, old_X = self._before_reveal
        verdicts = classify_rows(old_ids, old_X, self._model.ids, np.array(self._model.X()))
        return [p for p, (kind, _) in enumerate(verdicts) if kind == "changed"]

    def live_values(self, numbers: NumberFormat, separator: str) -> dict[str, str]:
        """Values a caption may name: {ids}, {V}, {d}, {n} and {x1} … {xn} of the current X."""
        model = self._model
        values = {"ids": "[" + ", ".join(str(i) for i in model.ids) + "]",
                  "V": str(model.V), "d": str(model.d), "n": str(model.n)}
        X = model.X()
        for p in range(model.n):
            values[f"x{p + 1}"] = "[" + separator.join(numbers.short(float(v)) for v in X[p]) + "]"
        return values
