"""The lesson file: what it may hold, checked field by field and whole when it opens. No Qt.

A lesson is one JSON file (the app's own is ``resources/lesson/embeddings.json``; docs/lesson-format.md
describes the format with an example). A teacher may write it, so reading it never trusts it: a
mistake is refused with one message that names the step (its number and id) and the field, e.g.
``step 6 ('swap-none'), field 'state.scheme': 'nope' is not one of none, learned, …``.

A step is the model's state (``state``: sentence, scheme, mask), the view that shows it (``view``)
with that view's own options (``view_options``, checked by the view when the window opens:
:mod:`visualizer.lesson.cue`) and the teacher's texts. A question step adds its ``question`` (the
kind that computes it, the prompt, the choices and one explanation per outcome: checked here against
the kind, :mod:`visualizer.lesson.kinds`) and its ``reveal`` (the moves that run the experiment and
the view's options once revealed). Once revealed, the lesson shows the explanation of the outcome
the kind finds on screen, whatever the teacher changed under it.

Older versions of the format still open: each is upgraded to the next when read (:data:`UPGRADES`).
A lesson may be written in one language only: where a text lacks the app's language, the other is
shown (:func:`in_language`), never a blank. It is self-contained: it names no file. What the app writes
(:func:`lesson_text`) reads back to the same lesson, and writes again to the same bytes.
"""

from __future__ import annotations

import json
import math
import string
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from visualizer.core import SCHEMES, toy_vocabulary
from visualizer.io.atomic import write_atomically
from visualizer.languages import LANGUAGES
from visualizer.lesson.kinds import KINDS, QuestionKind
from visualizer.lesson.schema import (
    Boolean,
    FieldType,
    LanguageTexts,
    LessonError,
    ListOf,
    Nullable,
    Number,
    OneOf,
    OneOrMore,
    Options,
    Record,
    Text,
    Whole,
    field_error,
)
from visualizer.lesson.texts import Texts, complete, in_language
from visualizer.model import E_LIMIT, MAX_ALIBI_HEADS
from visualizer.resources import resource

FORMAT = "embedding-visualizer-lesson"
VERSION = 3
BUILT_IN_LESSON = resource("lesson", "embeddings.json")
"""The lesson the app teaches unless told otherwise."""
MIN_CHOICES, MAX_CHOICES = 3, 5
MAX_LESSON_BYTES = 2_000_000
"""A lesson file is text: the app's own is some 40 kB. A larger file is refused before it is read."""



# ---- the schema, as data -------------------------------------------------------------------------

TEXTS = LanguageTexts(tuple(LANGUAGES))
MOVE = Record({"from": Whole(1), "to": Whole(1)})
"""Move the token at position ``from`` to position ``to`` (both 1-based, as on screen)."""
REVEAL = Record({}, {"moves": ListOf(MOVE), "view_options": Options()})
OUTCOMES = OneOrMore(Text(r"[a-z0-9]+(-[a-z0-9]+)*", "an outcome's name"))
CHOICE = Record({"key": Text(r"[a-z0-9]+(-[a-z0-9]+)*", "a name of lower-case letters, digits and dashes"),
                 "right_when": Nullable(OUTCOMES), "text": TEXTS, "why": TEXTS})
QUESTION_FIELDS: Mapping[str, FieldType] = {
    "kind": OneOf(tuple(KINDS)), "prompt": TEXTS,
    "choices": ListOf(CHOICE, minimum=MIN_CHOICES, maximum=MAX_CHOICES)}
"""Every question's fields; its kind adds the rest (:func:`question_schema`)."""


def question_schema(kind: QuestionKind) -> Record:
    """What a question of ``kind`` holds: the common fields, an explanation for each of the kind's
    outcomes, why it cannot be asked (if it may not be), and the kind's own fields."""
    return Record({**QUESTION_FIELDS, "outcomes": Record({outcome: TEXTS for outcome in sorted(kind.outcomes)}),
                   **({"unavailable": TEXTS} if kind.may_be_unavailable else {}), **kind.parameters})


STEP = Record(
    required={"id": Text(r"[a-z0-9]+(-[a-z0-9]+)*", "an id of lower-case letters, digits and dashes"),
              "title": TEXTS, "caption": TEXTS,
              "state": Record({"text": Text(), "scheme": OneOf(tuple(SCHEMES))},
                              {"causal": Boolean(), "alibi_heads": Whole(1), "alibi_head": Whole(1),
                               "edits": ListOf(Record({"id": Whole(0), "column": Whole(0),
                                                       "value": Number(E_LIMIT)}))}),
              "view": Text(r"[a-z_]+", "a view's name")},
    optional={"view_options": Options(), "question": Options(), "reveal": REVEAL})
"""A step; its ``question`` is checked against its kind (:func:`_question`)."""
LESSON_SCHEMA = Record({
    "format": OneOf((FORMAT,)),
    "version": OneOf((VERSION,)),
    "course": Record({"current": Whole(0), "chapters": ListOf(TEXTS, minimum=1)}),
    "scheme_phrases": Record({scheme: TEXTS for scheme in SCHEMES}),
    "steps": ListOf(Options(), minimum=1),  # each step is checked by STEP, to name it in messages
}, {"about": Record({"title": TEXTS}, {"author": Text()})})
"""The whole file. Steps are checked one by one against :data:`STEP`."""


# ---- what the file describes ---------------------------------------------------------------------


@dataclass(frozen=True)
class Move:
    """A model command of a reveal: the token at ``source`` moves to ``target`` (0-based)."""

    source: int
    target: int


@dataclass(frozen=True)
class Reveal:
    """What a question's reveal does: the moves it runs on the model (the experiment) and the
    view's options once revealed. The answer shown is the question's explanation of the outcome on
    screen (:meth:`visualizer.lesson.kinds.base.QuestionKind.explain`)."""

    moves: tuple[Move, ...] = ()
    view_options: Mapping[str, object] = field(default_factory=dict)


@dataclass(frozen=True)
class ChoiceText:
    """One choice as written: its texts still hold {names} for the values the kind computes.

    Attributes
    ----------
    key : str
        A name for the choice that does not change with the language ("new-row").
    right_when : tuple of str
        The outcomes that make this choice the right one (empty: a choice that is never right).
    text, why : Texts
        The choice, and why someone might pick it (or why it is right).
    """

    key: str
    right_when: tuple[str, ...]
    text: Texts
    why: Texts


@dataclass(frozen=True)
class LessonQuestion:
    """A step's check-yourself question as written; its kind computes the rest.

    Attributes
    ----------
    kind : str
        A key of :data:`visualizer.lesson.kinds.KINDS`.
    prompt : Texts
        The question the stage asks.
    choices : tuple of ChoiceText
        3–5 choices, lettered A, B, … in this order.
    outcomes : mapping of str to Texts
        What actually happens, one explanation per outcome of the kind: the phones show it after the
        reveal, and so does the lesson, for the outcome on screen.
    unavailable : Texts or None
        Why the question cannot be asked on the present state (for kinds that may not be).
    parameters : mapping
        The kind's own fields (``follow`` for ``moved_row``).
    scheme_phrases : mapping of str to Texts
        How each scheme is named in a sentence ("With learned positions"): the lesson's.
    """

    kind: str
    prompt: Texts
    choices: tuple[ChoiceText, ...]
    outcomes: Mapping[str, Texts]
    unavailable: Texts | None = None
    parameters: Mapping[str, object] = field(default_factory=dict)
    scheme_phrases: Mapping[str, Texts] = field(default_factory=dict)

    @property
    def computed_by(self) -> QuestionKind:
        """The kind that computes this question."""
        return KINDS[self.kind]


@dataclass(frozen=True)
class LessonStep:
    """One step: the model's state, the view that shows it (with its options), the teacher's texts.

    ``title`` and ``caption`` map a language to text; captions may name live values in braces
    ({ids}, {x3}, {changed}, …) that the panel fills from the model.
    """

    id: str
    title: Texts
    caption: Texts
    text: str
    scheme: str
    view: str
    causal: bool = True
    """The causal mask the step asks for: on unless the step says. A step's state is whole, so a
    step after one that turned the mask off need not remember to turn it on again."""
    alibi: tuple[int, int] | None = None
    """ALiBi's (heads H, head shown h) the step asks for (None: leave them as the class set them)."""
    view_options: Mapping[str, object] = field(default_factory=dict)
    """The view's own options for this step (see :mod:`visualizer.lesson.cue`)."""
    edits: tuple[tuple[int, int, float], ...] = ()
    """The step's table E: the toy's, with these (id, column, value) changed; empty: E as the class
    left it (its edits are kept from step to step)."""
    question: LessonQuestion | None = None
    reveal: Reveal | None = None

    @property
    def is_question(self) -> bool:
        """A "predict, then reveal" step."""
        return self.question is not None and self.reveal is not None


@dataclass(frozen=True)
class Lesson:
    """The course's chapters (this app's is one of them) and this app's steps.

    ``title`` and ``author`` say whose lesson it is (a teacher's own file; the app's has a title).
    """

    chapters: tuple[Texts, ...]
    current_chapter: int
    steps: tuple[LessonStep, ...]
    scheme_phrases: Mapping[str, Texts] = field(default_factory=dict)
    title: Texts = field(default_factory=dict)
    author: str = ""

    @property
    def languages(self) -> tuple[str, ...]:
        """The languages every text of the steps is written in (the app's order)."""
        written = set(LANGUAGES)
        for step in self.steps:
            for texts in _step_texts(step):
                written &= set(texts)
        return tuple(language for language in LANGUAGES if language in written)

    def index_of(self, step_id: str) -> int | None:
        """The position (0-based) of the step with id ``step_id``, or None."""
        return next((index for index, step in enumerate(self.steps) if step.id == step_id), None)


# ---- reading -------------------------------------------------------------------------------------


def read_lesson(path: Path) -> Lesson:
    """Read and check a lesson file. Raises :class:`LessonError` naming the file, and the step and
    the field where the mistake is."""
    try:
        size = path.stat().st_size
        if size > MAX_LESSON_BYTES:
            raise LessonError(f"the lesson {path.name} is {size / 1e6:.1f} MB; a lesson file is at most "
                              f"{MAX_LESSON_BYTES / 1e6:g} MB")
        data = json.loads(path.read_bytes().decode("utf-8"))
    except LessonError:
        raise
    except OSError as error:
        raise LessonError(f"cannot read the lesson {path}: {error.strerror or error}") from None
    except UnicodeDecodeError as error:
        raise LessonError(f"the lesson {path.name} is not UTF-8 text (byte {error.start})") from None
    except RecursionError:
        raise LessonError(f"the lesson {path.name} nests objects too deeply to be a lesson") from None
    except ValueError as error:  # not JSON (json.JSONDecodeError), or a number too long to read
        raise LessonError(f"the lesson {path.name} is not a JSON file: {error}") from None
    try:
        return parse_lesson(data)
    except LessonError as error:
        raise LessonError(f"the lesson {path.name}: {error}") from None


def parse_lesson(data: Any) -> Lesson:
    """The lesson a decoded file describes (any version :data:`UPGRADES` reads). Raises :class:`LessonError`."""
    data = upgraded(data)
    LESSON_SCHEMA.check(data, "")
    chapters = tuple(_texts(chapter) for chapter in data["course"]["chapters"])
    current = data["course"]["current"]
    if current >= len(chapters):
        raise field_error("course.current", f"{current} is past the last chapter ({len(chapters) - 1})")
    phrases = {scheme: _texts(data["scheme_phrases"][scheme]) for scheme in SCHEMES}
    about = data.get("about", {})
    steps: list[LessonStep] = []
    for number, raw in enumerate(data["steps"], 1):
        try:
            STEP.check(raw, "")
            step = _step(raw, phrases)
        except LessonError as error:
            raise LessonError(f"{step_name(number, raw)}, {error}") from None
        if any(other.id == step.id for other in steps):
            raise LessonError(f"{step_name(number, raw)}, field 'id': another step already has the id {step.id!r}")
        steps.append(step)
    return Lesson(chapters, current, tuple(steps), phrases, _texts(about.get("title", {})), about.get("author", ""))


def step_name(number: int, raw: object) -> str:
    """How a message names step ``number`` (from 1): "step 6 ('swap-none')"."""
    step_id = raw.get("id") if isinstance(raw, dict) else None
    return f"step {number}" + (f" ({step_id!r})" if isinstance(step_id, str) else "")


def _texts(raw: Mapping[str, str]) -> Texts:
    """The languages ``raw`` is written in, in the app's order."""
    return {language: raw[language] for language in LANGUAGES if language in raw}


def _step(raw: dict[str, Any], phrases: Mapping[str, Texts]) -> LessonStep:
    state, reveal = raw["state"], raw.get("reveal")
    if ("question" in raw) != (reveal is not None):
        missing = "reveal" if reveal is None else "question"
        raise field_error(missing, "is missing: a question and its reveal come together")
    alibi = None
    if "alibi_heads" in state or "alibi_head" in state:
        heads, head = state.get("alibi_heads", 1), state.get("alibi_head", 1)
        if not 1 <= head <= heads <= MAX_ALIBI_HEADS:
            raise field_error("state.alibi_head", f"head {head} of {heads} heads: the head is 1 .. H and H is "
                                                  f"1 .. {MAX_ALIBI_HEADS}")
        alibi = (heads, head)
    vocabulary = toy_vocabulary()
    edits = []
    for number, edit in enumerate(state.get("edits", ())):
        if edit["id"] >= len(vocabulary.tokens) or edit["column"] >= vocabulary.E.shape[1]:
            raise field_error(f"state.edits[{number}]", f"E has ids 0 .. {len(vocabulary.tokens) - 1} and columns "
                                                        f"0 .. {vocabulary.E.shape[1] - 1}, not E[{edit['id']}, "
                                                        f"{edit['column']}]")
        edits.append((edit["id"], edit["column"], float(edit["value"])))
    return LessonStep(
        id=raw["id"], title=_texts(raw["title"]), caption=_texts(raw["caption"]), text=state["text"],
        scheme=state["scheme"], view=raw["view"], causal=state.get("causal", True), alibi=alibi,
        view_options=dict(raw.get("view_options", {})), edits=tuple(edits),
        question=_question(raw["question"], phrases) if "question" in raw else None,
        reveal=None if reveal is None else _reveal(reveal))


def _reveal(raw: dict[str, Any]) -> Reveal:
    return Reveal(moves=tuple(Move(move["from"] - 1, move["to"] - 1) for move in raw.get("moves", ())),
                  view_options=dict(raw.get("view_options", {})))


def _question(raw: Any, phrases: Mapping[str, Texts]) -> LessonQuestion:
    """A question checked whole against its kind: its fields, the names its texts use, and
    exactly one right choice for each outcome."""
    if not isinstance(raw, dict):
        raise field_error("question", f"must be an object, not {raw!r}")
    OneOf(tuple(KINDS)).check(raw.get("kind"), "question.kind")
    kind = KINDS[raw["kind"]]
    question_schema(kind).check(raw, "question")
    choices = []
    for number, choice in enumerate(raw["choices"]):
        where = f"question.choices[{number}]"
        raw_right = choice["right_when"]
        right_when = () if raw_right is None else (raw_right,) if isinstance(raw_right, str) else tuple(raw_right)
        for outcome in right_when:
            if outcome not in kind.outcomes:
                raise field_error(f"{where}.right_when", f"{outcome!r} is not an outcome of {kind.name} "
                                                         f"({', '.join(sorted(kind.outcomes))}) nor null")
        choices.append(ChoiceText(choice["key"], right_when, _named(choice["text"], f"{where}.text", kind),
                                  _named(choice["why"], f"{where}.why", kind)))
    keys = [choice.key for choice in choices]
    if len(set(keys)) != len(keys):
        raise field_error("question.choices", f"two choices share a key ({', '.join(keys)})")
    for outcome in sorted(kind.outcomes):
        right = [choice.key for choice in choices if outcome in choice.right_when]
        if len(right) != 1:
            raise field_error("question.choices", f"outcome {outcome!r} must make exactly one choice right, "
                                                  f"not {len(right)}")
    outcomes = {outcome: _named(raw["outcomes"][outcome], f"question.outcomes.{outcome}", kind)
                for outcome in sorted(kind.outcomes)}
    unavailable = _named(raw["unavailable"], "question.unavailable", None) if "unavailable" in raw else None
    prompt = _named(raw["prompt"], "question.prompt", None)  # shown as written: braces would show too
    return LessonQuestion(raw["kind"], prompt, tuple(choices), outcomes, unavailable,
                          {name: raw[name] for name in kind.parameters}, phrases)


def _named(raw: Mapping[str, str], where: str, kind: QuestionKind | None) -> Texts:
    """A text in every language, not blank, naming in braces only values its kind gives."""
    allowed = kind.values if kind is not None else frozenset()
    texts = {}
    for language in LANGUAGES:
        if language not in raw:
            continue
        text = raw[language]
        if not text.strip():
            raise field_error(f"{where}.{language}", "is empty")
        try:
            fields = [parsed[1:] for parsed in string.Formatter().parse(text) if parsed[1] is not None]
        except ValueError as error:
            raise field_error(f"{where}.{language}", f"{error} (write braces as {{{{ and }}}})") from None
        for name, spec, conversion in fields:
            if not name or not name.isidentifier() or spec or conversion:
                raise field_error(f"{where}.{language}", f"{{{name}}} must be a plain name in braces")
            if name not in allowed:
                given = f"{kind.name} gives {', '.join(sorted(allowed))}" if kind else "it takes no values"
                raise field_error(f"{where}.{language}", f"{{{name}}} is not a value here ({given})")
        texts[language] = text
    return texts


# ---- older versions ------------------------------------------------------------------------------


def upgraded(data: Any) -> Any:
    """``data`` as the current version, upgraded step by step from an older one (unchanged if it
    is not a lesson of a version :data:`UPGRADES` knows: the schema then says what is wrong)."""
    while (isinstance(data, dict) and data.get("format") == FORMAT and isinstance(data.get("version"), int)
           and data["version"] in UPGRADES):
        data = UPGRADES[data["version"]](data)
    return data


def _from_version_2(data: dict[str, Any]) -> dict[str, Any]:
    """Version 2 (the app's own lesson until version 3): its course was ``path.stages``, a view's
    options ``staging``, a reveal's moves ``commands: [{"move": …}]``, and a reveal wrote its own
    answer (``caption``, ``variants``, ``done_caption``: dropped, the question's explanations say it
    now); its questions were only the prompt, their choices kept by step id in the app's
    ``choices.json``. Those are the questions of the app's lesson now, taken from it by step id."""
    built_in = {step["id"]: step for step in json.loads(BUILT_IN_LESSON.read_text(encoding="utf-8"))["steps"]}
    upgraded_data = {key: value for key, value in data.items() if key not in ("path", "version", "steps")}
    upgraded_data["version"] = 3
    path = data.get("path")
    if isinstance(path, dict):
        upgraded_data["course"] = {"current": path.get("current"), "chapters": path.get("stages")}
    upgraded_data["scheme_phrases"] = json.loads(BUILT_IN_LESSON.read_text(encoding="utf-8"))["scheme_phrases"]
    steps = data.get("steps")
    upgraded_data["steps"] = [_step_from_version_2(number, step, built_in) for number, step in
                              enumerate(steps, 1)] if isinstance(steps, list) else steps
    return upgraded_data


def _step_from_version_2(number: int, step: Any, built_in: Mapping[str, Any]) -> Any:
    if not isinstance(step, dict):
        return step
    step = dict(step)
    if "staging" in step:
        step["view_options"] = step.pop("staging")
    reveal = step.get("reveal")
    if isinstance(reveal, dict):
        reveal = dict(reveal)
        if "staging" in reveal:
            reveal["view_options"] = reveal.pop("staging")
        for answer in ("caption", "variants", "done_caption"):
            reveal.pop(answer, None)
        commands = reveal.pop("commands", None)
        if isinstance(commands, list):
            reveal["moves"] = [command.get("move") if isinstance(command, dict) else command for command in commands]
        step["reveal"] = reveal
    if "question" in step:
        known = built_in.get(step.get("id"))
        if known is None or "question" not in known:
            raise LessonError(f"{step_name(number, step)}, field 'question': a version-2 lesson kept its choices "
                              "in the app's own file, which has none for this step; write the lesson as version "
                              f"{VERSION} (docs/lesson-format.md)")
        step["question"] = {**known["question"], "prompt": step["question"]}
    return step


UPGRADES: Mapping[int, Callable[[dict[str, Any]], dict[str, Any]]] = {2: _from_version_2}
"""Version → the function that reads it as the next version."""


# ---- writing ------------------------------------------------------------------------------------


def _step_texts(step: LessonStep) -> list[Texts]:
    """Every text of ``step`` a class may read: title, caption, question, choices, explanations."""
    texts = [step.title, step.caption]
    if step.question is not None:
        question = step.question
        texts += [question.prompt, *question.outcomes.values(), *([question.unavailable] if question.unavailable
                                                                  else [])]
        texts += [text for choice in question.choices for text in (choice.text, choice.why)]
    return texts


def lesson_data(lesson: Lesson) -> dict[str, Any]:
    """``lesson`` as the current version of the file holds it (what :func:`parse_lesson` reads back)."""
    data: dict[str, Any] = {"format": FORMAT, "version": VERSION}
    if lesson.title or lesson.author:
        data["about"] = {"title": dict(lesson.title), **({"author": lesson.author} if lesson.author else {})}
    data["course"] = {"current": lesson.current_chapter, "chapters": [dict(chapter) for chapter in lesson.chapters]}
    data["scheme_phrases"] = {scheme: dict(lesson.scheme_phrases[scheme]) for scheme in SCHEMES}
    data["steps"] = [step_data(step) for step in lesson.steps]
    return data


def step_data(step: LessonStep) -> dict[str, Any]:
    """One step as the file holds it; what the file may leave out (the mask on, no edits) is left out."""
    state: dict[str, Any] = {"text": step.text, "scheme": step.scheme}
    if not step.causal:
        state["causal"] = False
    if step.alibi is not None:
        state["alibi_heads"], state["alibi_head"] = step.alibi
    if step.edits:
        state["edits"] = [{"id": token_id, "column": column, "value": _json_number(value)}
                          for token_id, column, value in step.edits]
    data: dict[str, Any] = {"id": step.id, "title": dict(step.title), "caption": dict(step.caption), "state": state,
                            "view": step.view}
    if step.view_options:
        data["view_options"] = dict(step.view_options)
    if step.question is not None:
        question = step.question
        written: dict[str, Any] = {"kind": question.kind, "prompt": dict(question.prompt), **question.parameters}
        written["choices"] = [{"key": choice.key, "right_when": _right_when(choice.right_when),
                               "text": dict(choice.text), "why": dict(choice.why)} for choice in question.choices]
        written["outcomes"] = {outcome: dict(text) for outcome, text in question.outcomes.items()}
        if question.unavailable is not None:
            written["unavailable"] = dict(question.unavailable)
        data["question"] = written
    if step.reveal is not None:
        reveal: dict[str, Any] = {}
        if step.reveal.moves:
            reveal["moves"] = [{"from": move.source + 1, "to": move.target + 1} for move in step.reveal.moves]
        if step.reveal.view_options:
            reveal["view_options"] = dict(step.reveal.view_options)
        data["reveal"] = reveal
    return data


def _right_when(outcomes: tuple[str, ...]) -> str | list[str] | None:
    return None if not outcomes else outcomes[0] if len(outcomes) == 1 else list(outcomes)


def _json_number(value: float) -> int | float:
    """A whole number written without its ``.0``: 1, not 1.0 (−0 as 0)."""
    return int(value) if math.isfinite(value) and value.is_integer() else value


LINE = 110
"""The widest line :func:`lesson_text` puts an object or a list on whole."""


def lesson_text(lesson: Lesson) -> str:
    """``lesson`` as the app writes a lesson file: JSON, two spaces an indent, every short object (a
    text in each language, a move, a state) on one line, so that a teacher can read and diff it."""
    return _layout(lesson_data(lesson), 0) + "\n"


def _layout(value: object, depth: int) -> str:
    whole = json.dumps(value, ensure_ascii=False)
    if not isinstance(value, (dict, list)) or len(whole) + 2 * depth <= LINE:
        return whole
    inner = "  " * (depth + 1)
    if isinstance(value, dict):
        items = [f"{inner}{json.dumps(key, ensure_ascii=False)}: {_layout(item, depth + 1)}"
                 for key, item in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + "  " * depth + "}"
    return "[\n" + ",\n".join(inner + _layout(item, depth + 1) for item in value) + "\n" + "  " * depth + "]"


def write_lesson(lesson: Lesson, path: Path) -> None:
    """Write ``lesson`` to ``path`` (:func:`lesson_text`), whole or not at all. Raises ``OSError``."""
    write_atomically(path, lesson_text(lesson).encode("utf-8"))


__all__ = ["BUILT_IN_LESSON", "FORMAT", "LESSON_SCHEMA", "MAX_LESSON_BYTES", "STEP", "UPGRADES", "VERSION",
           "ChoiceText", "Lesson", "LessonError", "LessonQuestion", "LessonStep", "Move", "Reveal", "Texts", "complete",
           "in_language", "lesson_data", "lesson_text", "parse_lesson", "read_lesson", "step_data", "step_name",
           "upgraded", "write_lesson"]
