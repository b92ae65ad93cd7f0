"""The choices of the check-yourself questions: texts from a data file, validated. No Qt.

``resources/lesson/choices.json`` holds, for each question step of the lesson (keyed by step id),
3–5 choices written for the lesson's misconceptions, each with a short "why", and one explanation
per outcome of the experiment. The numbers in those texts and which choice is right are not in
the file: :mod:`visualizer.lesson.questions` computes them from the model's state, through the
computation the question names (``computed_by``). This module only reads and checks the texts.
"""

from __future__ import annotations

import json
import string
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from visualizer.core import SCHEMES
from visualizer.languages import LANGUAGES
from visualizer.lesson.run import Lesson
from visualizer.resources import resource

CHOICES_FILE = resource("lesson", "choices.json")
FORMAT = "embedding-visualizer-choices"
VERSION = 1
MIN_CHOICES, MAX_CHOICES = 3, 5

Texts = dict[str, str]
"""One text in every language of the app: language code → text."""


@dataclass(frozen=True)
class Computation:
    """What a computation of :mod:`~visualizer.lesson.questions` gives the texts.

    Attributes
    ----------
    values : frozenset of str
        The names a text may use in braces ({p}, {new_row}, …).
    outcomes : frozenset of str
        The outcomes the experiment can have; each makes exactly one choice right.
    may_be_unavailable : bool
        Whether some states cannot ask the question (the file then says why, in ``unavailable``).
    follows_a_position : bool
        Whether the question follows one token of the sentence (``follow_position``, 1-based).
    """

    values: frozenset[str]
    outcomes: frozenset[str]
    may_be_unavailable: bool
    follows_a_position: bool = False


COMPUTATIONS = {
    # Two neighbouring tokens trade places (the step's reveal moves them): what happens to X.
    "swap": Computation(frozenset({"p", "q", "a", "b", "with_scheme"}),
                        frozenset({"moved", "changed", "identical"}), may_be_unavailable=True),
    # The row of one token after the step's reveal moved it.
    "moved_row": Computation(frozenset({"token", "id", "from", "to", "other", "other_id", "new_row", "old_row",
                                        "own_row", "place_row", "with_scheme"}),
                             frozenset({"added"}), may_be_unavailable=True, follows_a_position=True),
    # Which rows of E a batch's gradient reaches, at the lesson's scale (GPT-2 small).
    "sparse_gradient": Computation(frozenset({"V", "batch", "touched"}), frozenset({"fewer", "exactly", "all"}),
                                   may_be_unavailable=False),
}


class ChoicesError(ValueError):
    """A choices file that cannot be used; the message names the file, the step and the field."""


@dataclass(frozen=True)
class ChoiceText:
    """One choice as written: its texts still hold {names} for the computed values.

    Attributes
    ----------
    key : str
        A name for the choice that does not change with the language ("new-row").
    right_when : str or None
        The outcome that makes this choice the right one; None for a choice that is never right.
    text, why : Texts
        The choice, and why someone might pick it (or why it is right).
    """

    key: str
    right_when: str | None
    text: Texts
    why: Texts


@dataclass(frozen=True)
class QuestionText:
    """The choices of one question step and how to compute them.

    Attributes
    ----------
    step_id : str
        The lesson step that asks the question.
    computed_by : str
        A key of :data:`COMPUTATIONS`.
    choices : tuple of ChoiceText, 3–5 of them
    outcomes : dict of str to Texts
        What actually happens, one explanation per outcome.
    unavailable : Texts or None
        Why the question cannot be asked on the present state (if it may not be).
    follow_position : int or None
        For ``moved_row``: the 1-based position, before the experiment, of the token followed.
    """

    step_id: str
    computed_by: str
    choices: tuple[ChoiceText, ...]
    outcomes: dict[str, Texts]
    unavailable: Texts | None
    follow_position: int | None


@dataclass(frozen=True)
class ChoiceBook:
    """Every question's choices, and how each position scheme is named in a sentence."""

    with_scheme: dict[str, Texts]
    questions: dict[str, QuestionText]

    def check_against(self, lesson: Lesson) -> None:
        """Raise ``ChoicesError`` unless every question step of ``lesson`` has choices and every
        entry of the book names a question step."""
        asking = {step.id for step in lesson.steps if step.is_question}
        missing = sorted(asking - self.questions.keys())
        if missing:
            raise ChoicesError(f"{CHOICES_FILE.name}: no choices for the question step(s) {', '.join(missing)}")
        extra = sorted(self.questions.keys() - asking)
        if extra:
            raise ChoicesError(f"{CHOICES_FILE.name}: {', '.join(extra)} is not a question step of the lesson")


def load_choices(path: Path = CHOICES_FILE) -> ChoiceBook:
    """Read and validate a choices file. Raises ``ChoicesError`` naming the step and field."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise ChoicesError(f"cannot read the choices {path}: {error.strerror or error}") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise ChoicesError(f"cannot read the choices {path}: {error}") from None
    return parse_choices(data, path.name)


def parse_choices(data: Any, name: str = CHOICES_FILE.name) -> ChoiceBook:
    """Validate the decoded JSON of a choices file (``name`` is used in messages)."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ChoicesError(f"{name}: not a choices file of this app (format must be {FORMAT!r})")
    if data.get("version") != VERSION:
        raise ChoicesError(f"{name}: version {data.get('version')!r} is not {VERSION}")
    schemes = data.get("with_scheme")
    if not isinstance(schemes, dict):
        raise ChoicesError(f"{name}: 'with_scheme' must name every scheme")
    with_scheme = {scheme: _texts(schemes.get(scheme), f"{name}: 'with_scheme', {scheme}") for scheme in SCHEMES}
    questions = data.get("questions")
    if not isinstance(questions, dict) or not questions:
        raise ChoicesError(f"{name}: 'questions' must map step ids to their choices")
    return ChoiceBook(with_scheme, {str(step_id): _question(str(step_id), raw, name)
                                    for step_id, raw in questions.items()})


def _question(step_id: str, raw: Any, name: str) -> QuestionText:
    where = f"{name}: question {step_id!r}"
    if not isinstance(raw, dict):
        raise ChoicesError(f"{where} must be an object")
    computed_by = raw.get("computed_by")
    if computed_by not in COMPUTATIONS:
        raise ChoicesError(f"{where}, 'computed_by': {computed_by!r} is not one of {', '.join(COMPUTATIONS)}")
    computation = COMPUTATIONS[computed_by]
    raw_choices = raw.get("choices")
    if not isinstance(raw_choices, list) or not MIN_CHOICES <= len(raw_choices) <= MAX_CHOICES:
        raise ChoicesError(f"{where}, 'choices': needs {MIN_CHOICES} to {MAX_CHOICES} choices")
    choices = tuple(_choice(choice, f"{where}, choice {number}", computed_by)
                    for number, choice in enumerate(raw_choices, start=1))
    keys = [choice.key for choice in choices]
    if len(set(keys)) != len(keys):
        raise ChoicesError(f"{where}, 'choices': two choices share a key ({', '.join(keys)})")
    raw_outcomes = raw.get("outcomes")
    if not isinstance(raw_outcomes, dict) or set(raw_outcomes) != computation.outcomes:
        raise ChoicesError(f"{where}, 'outcomes': must explain exactly {', '.join(sorted(computation.outcomes))}")
    outcomes = {outcome: _texts(raw_outcomes[outcome], f"{where}, outcome {outcome!r}", computed_by)
                for outcome in sorted(computation.outcomes)}
    for outcome in outcomes:
        right = [choice.key for choice in choices if choice.right_when == outcome]
        if len(right) != 1:
            raise ChoicesError(f"{where}, 'right_when': outcome {outcome!r} must make exactly one choice right, "
                               f"not {len(right)}")
    unavailable = None
    if computation.may_be_unavailable:
        unavailable = _texts(raw.get("unavailable"), f"{where}, 'unavailable'")
    follow = raw.get("follow_position")
    if computation.follows_a_position:
        if not isinstance(follow, int) or isinstance(follow, bool) or follow < 1:
            raise ChoicesError(f"{where}, 'follow_position': must be a position 1, 2, …, not {follow!r}")
    else:
        follow = None
    return QuestionText(step_id, computed_by, choices, outcomes, unavailable, follow)


def _choice(raw: Any, where: str, computed_by: str) -> ChoiceText:
    if not isinstance(raw, dict):
        raise ChoicesError(f"{where} must be an object")
    key = raw.get("key")
    if not isinstance(key, str) or not key:
        raise ChoicesError(f"{where}, 'key': must be a non-empty name")
    outcomes = COMPUTATIONS[computed_by].outcomes
    right_when = raw.get("right_when")
    if right_when is not None and right_when not in outcomes:
        raise ChoicesError(f"{where}, 'right_when': {right_when!r} is not an outcome of {computed_by!r} "
                           f"({', '.join(sorted(outcomes))}) nor null")
    return ChoiceText(key, right_when, _texts(raw.get("text"), f"{where}, 'text'", computed_by),
                      _texts(raw.get("why"), f"{where}, 'why'", computed_by))


def _texts(raw: Any, where: str, computed_by: str | None = None) -> Texts:
    """A text in every language; with ``computed_by``, its {names} must be values of that computation."""
    if not isinstance(raw, dict):
        raise ChoicesError(f"{where}: needs a text in {' and '.join(LANGUAGES)}")
    texts = {}
    for language in LANGUAGES:
        text = raw.get(language)
        if not isinstance(text, str) or not text.strip():
            raise ChoicesError(f"{where}: the {language!r} text is missing or empty")
        names = _field_names(text, f"{where} ({language})")
        allowed = COMPUTATIONS[computed_by].values if computed_by else frozenset()
        unknown = sorted(names - allowed)
        if unknown:
            given = f"{computed_by!r} gives {', '.join(sorted(allowed))}" if computed_by else "it takes no values"
            raise ChoicesError(f"{where} ({language}): {{{unknown[0]}}} is not a value here ({given})")
        texts[language] = text
    return texts


def _field_names(text: str, where: str) -> set[str]:
    try:
        fields = [parsed[1:] for parsed in string.Formatter().parse(text) if parsed[1] is not None]
    except ValueError as error:
        raise ChoicesError(f"{where}: {error} (write braces as {{{{ and }}}})") from None
    names = set()
    for field_name, spec, conversion in fields:
        if not field_name or not field_name.isidentifier() or spec or conversion:
            raise ChoicesError(f"{where}: {{{field_name}}} must be a plain name in braces")
        names.add(field_name)
    return names


__all__ = [
    "CHOICES_FILE",
    "COMPUTATIONS",
    "ChoiceBook",
    "ChoiceText",
    "ChoicesError",
    "Computation",
    "QuestionText",
    "Texts",
    "load_choices",
    "parse_choices",
]
