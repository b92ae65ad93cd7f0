"""Every change the lesson editor makes, as a function: a lesson in, the changed lesson out. No Qt.

Each change is made on the lesson as its file holds it (:func:`~visualizer.lesson.file.lesson_data`)
and read back whole (:func:`~visualizer.lesson.file.parse_lesson`), so whatever the editor accepts
can be saved and opened again, and a change the file would refuse (a brace the kind does not fill,
a title in no language) is refused here with the same message, naming the step and the field. A
lesson is frozen: a refused change leaves the one passed in as it was.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from visualizer.authoring.drafts import as_question
from visualizer.languages import LANGUAGES
from visualizer.lesson.file import (
    Lesson,
    LessonError,
    LessonStep,
    Texts,
    lesson_data,
    parse_lesson,
    step_name,
)
from visualizer.lesson.kinds import KINDS


@dataclass(frozen=True)
class Moment:
    """What the class sees now, to be written down as a step's state and view.

    Attributes
    ----------
    text : str
        The sentence.
    scheme : str
        The position scheme.
    causal : bool
        The causal mask.
    alibi : (int, int)
        ALiBi's heads H and the head shown.
    edits : tuple of (int, int, float)
        Where E differs from the toy's table: (id, column, value).
    view : str
        The lesson view in front (a name of :data:`~visualizer.shell.view_tabs.VIEWS`).
    view_options : mapping
        That view's options (kept from the step shown, when it shows the same view).
    """

    text: str
    scheme: str
    causal: bool
    alibi: tuple[int, int]
    edits: tuple[tuple[int, int, float], ...] = ()
    view: str = "x_panel"
    view_options: Mapping[str, object] = field(default_factory=dict)


TEXT_FIELDS = ("title", "caption", "prompt")
"""Texts of a step the editor writes, besides each choice (``choices.N``) and each outcome's
explanation (``outcomes.NAME``)."""


def _changed(lesson: Lesson, change: Callable[[dict[str, Any]], None]) -> Lesson:
    """``lesson`` with ``change`` made to its file's data, read back whole (raises ``LessonError``)."""
    data = lesson_data(lesson)
    change(data)
    return parse_lesson(data)


def new_id(lesson: Lesson, stem: str = "step") -> str:
    """An id no step of ``lesson`` has: ``stem-N`` with the smallest N from the step count up."""
    taken = {step.id for step in lesson.steps}
    return next(f"{stem}-{number}" for number in itertools.count(len(lesson.steps) + 1)
                if f"{stem}-{number}" not in taken)


def moment_step(lesson: Lesson, moment: Moment, title: Texts, caption: Texts) -> LessonStep:
    """A new step of ``lesson`` showing ``moment``, with a title and caption to start from."""
    return LessonStep(id=new_id(lesson), title=dict(title), caption=dict(caption), text=moment.text,
                      scheme=moment.scheme, view=moment.view, causal=moment.causal, alibi=moment.alibi,
                      view_options=dict(moment.view_options), edits=tuple(moment.edits))


def insert_step(lesson: Lesson, index: int, step: LessonStep) -> Lesson:
    """``lesson`` with ``step`` at position ``index`` (0-based; the length appends)."""
    if not 0 <= index <= len(lesson.steps):
        raise LessonError(f"a step goes at 1 .. {len(lesson.steps) + 1}, not {index + 1}")
    return _checked(dataclasses.replace(lesson, steps=(*lesson.steps[:index], step, *lesson.steps[index:])))


def remove_step(lesson: Lesson, index: int) -> Lesson:
    """``lesson`` without step ``index``; a lesson keeps at least one step."""
    _step(lesson, index)
    if len(lesson.steps) == 1:
        raise LessonError("a lesson keeps at least one step")
    return dataclasses.replace(lesson, steps=lesson.steps[:index] + lesson.steps[index + 1:])


def move_step(lesson: Lesson, index: int, to: int) -> Lesson:
    """``lesson`` with step ``index`` moved to position ``to`` (both 0-based)."""
    step = _step(lesson, index)
    _step(lesson, to)
    rest = list(lesson.steps[:index] + lesson.steps[index + 1:])
    rest.insert(to, step)
    return dataclasses.replace(lesson, steps=tuple(rest))


def duplicate_step(lesson: Lesson, index: int) -> Lesson:
    """``lesson`` with a copy of step ``index`` right after it, under a new id."""
    step = _step(lesson, index)
    return insert_step(lesson, index + 1, dataclasses.replace(step, id=new_id(lesson, step.id)))


def with_text(lesson: Lesson, index: int, name: str, language: str, text: str) -> Lesson:
    """``lesson`` with the text ``name`` of step ``index`` (``title``, ``caption``, ``prompt``,
    ``choices.N``, ``outcomes.NAME``) in ``language`` set to ``text``; a blank text is taken
    out of that language (the other language is then shown), and a text left in no language is
    refused."""
    step = _step(lesson, index)
    if language not in LANGUAGES:
        raise LessonError(f"{language!r} is not a language of the app ({', '.join(LANGUAGES)})")

    def change(data: dict[str, Any]) -> None:
        texts = _text_of(data["steps"][index], name, step_name(index + 1, {"id": step.id}))
        if text.strip():
            texts[language] = text
        else:
            texts.pop(language, None)

    return _changed(lesson, change)


def with_kind(lesson: Lesson, index: int, kind: str | None, tokens: Sequence[str]) -> Lesson:
    """``lesson`` with step ``index`` made a question of ``kind`` (its draft: see
    :func:`~visualizer.authoring.drafts.as_question`), or no question (None). Raises ``DraftError``
    when the step's sentence cannot hold that kind's experiment."""
    step = _step(lesson, index)
    if kind is None:
        changed = dataclasses.replace(step, question=None, reveal=None)
    else:
        if kind not in KINDS:
            raise LessonError(f"{kind!r} is not a kind of question ({', '.join(KINDS)})")
        changed = as_question(step, kind, tokens, lesson.scheme_phrases)
    return _replaced(lesson, index, changed)


def with_moment(lesson: Lesson, index: int, moment: Moment, tokens: Sequence[str]) -> Lesson:
    """``lesson`` with step ``index`` showing ``moment`` instead (its texts kept). A question keeps
    its texts and runs its kind's experiment on the new sentence (``DraftError`` if it cannot)."""
    step = _step(lesson, index)
    changed = dataclasses.replace(step, text=moment.text, scheme=moment.scheme, causal=moment.causal,
                                  alibi=moment.alibi, edits=tuple(moment.edits), view=moment.view,
                                  view_options=dict(moment.view_options))
    if step.question is not None:
        redrafted = as_question(changed, step.question.kind, tokens, lesson.scheme_phrases)
        assert redrafted.question is not None and redrafted.reveal is not None
        # The teacher's texts stay; the experiment (moves, the kind's fields, the view it needs) is the new sentence's.
        question = dataclasses.replace(step.question, parameters=redrafted.question.parameters)
        changed = dataclasses.replace(redrafted, question=question)
    return _replaced(lesson, index, changed)


def _replaced(lesson: Lesson, index: int, step: LessonStep) -> Lesson:
    return _checked(dataclasses.replace(lesson, steps=(*lesson.steps[:index], step, *lesson.steps[index + 1:])))


def _checked(lesson: Lesson) -> Lesson:
    """``lesson`` read back from its file's data: the same checks as opening the file."""
    return parse_lesson(lesson_data(lesson))


def _step(lesson: Lesson, index: int) -> LessonStep:
    if not 0 <= index < len(lesson.steps):
        raise LessonError(f"the lesson has steps 1 .. {len(lesson.steps)}, not {index + 1}")
    return lesson.steps[index]


def _text_of(step: dict[str, Any], name: str, where: str) -> dict[str, str]:
    """The texts (by language) the file keeps under ``name`` in ``step``'s data, to change in place."""
    head, _, rest = name.partition(".")
    question = step.get("question")
    if head in ("title", "caption") and not rest:
        texts: dict[str, str] = step[head]
        return texts
    if question is not None:
        if head == "prompt" and not rest:
            texts = question["prompt"]
            return texts
        if head == "choices" and rest.isdigit() and int(rest) < len(question["choices"]):
            texts = question["choices"][int(rest)]["text"]
            return texts
        if head == "outcomes" and rest in question["outcomes"]:
            texts = question["outcomes"][rest]
            return texts
    raise LessonError(f"{where} has no text {name!r}")


__all__ = ["TEXT_FIELDS", "Moment", "duplicate_step", "insert_step", "moment_step", "move_step", "new_id",
           "remove_step", "with_kind", "with_moment", "with_text"]
