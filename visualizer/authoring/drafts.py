"""A new question, drafted by its kind on the step's sentence. No Qt.

Each kind keeps its draft in ``resources/lesson/drafts/<kind>.json``: the ``question`` of a lesson
step without its kind (the prompt, 3–5 choices, one explanation per outcome and, for kinds that may
not be asked, why not), in every language of the app. The kind's
:meth:`~visualizer.lesson.kinds.base.QuestionKind.experiment` says what the reveal does on this
sentence (the moves, the kind's own fields, the view it needs). The prompt names the step's
tokens and positions in braces, written in once, here: after that it is the teacher's plain text.
The choices and explanations keep their braces: the kind fills them for the state on screen.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from visualizer.core import tokenize
from visualizer.languages import LANGUAGES
from visualizer.lesson.file import LessonStep, Move, Reveal, Texts, in_language, parse_question
from visualizer.lesson.kinds import KINDS
from visualizer.resources import resource

DRAFTS = resource("lesson", "drafts")
"""One draft per kind: ``<kind>.json``."""


class DraftError(ValueError):
    """The step's sentence cannot hold a question of this kind.

    Attributes
    ----------
    reason : Texts
        Why, in each language (the kind's own ``unavailable`` text).
    """

    def __init__(self, reason: Texts) -> None:
        super().__init__(in_language(reason, "en"))
        self.reason = reason


@cache
def _draft_file(kind: str) -> str:
    return (DRAFTS / f"{kind}.json").read_text(encoding="utf-8")


def draft_texts(kind: str) -> dict[str, Any]:
    """The draft of ``kind``'s question as its file holds it (a new copy each time)."""
    texts: dict[str, Any] = json.loads(_draft_file(kind))
    return texts


def as_question(step: LessonStep, kind: str, tokens: Sequence[str], phrases: Mapping[str, Texts]) -> LessonStep:
    """``step`` made a question of ``kind``: the kind's draft texts, its experiment on the step's
    sentence, and the view it needs (the step keeps its own view otherwise).

    Parameters
    ----------
    step : LessonStep
        The step as it is (its sentence, scheme and view).
    kind : str
        A key of :data:`~visualizer.lesson.kinds.KINDS`.
    tokens : sequence of str
        The vocabulary the sentence is spelled in.
    phrases : mapping of str to Texts
        The lesson's phrase for each scheme ("With learned positions"), for the prompt.

    Raises
    ------
    DraftError
        The sentence cannot hold this kind's experiment (too short, no token twice).
    """
    texts = draft_texts(kind)
    try:
        ids = tokenize(step.text, tokens)
    except ValueError:
        ids = []
    experiment = KINDS[kind].experiment(ids, tokens, step.view)
    if experiment is None:
        raise DraftError(texts.get("unavailable", {}))
    names = dict(experiment.names)
    texts["prompt"] = {language: prompt.format(**names, with_scheme=in_language(phrases[step.scheme], language))
                       for language, prompt in texts["prompt"].items() if language in LANGUAGES}
    question = parse_question({"kind": kind, **texts, **experiment.parameters}, phrases)
    view, view_options = step.view, dict(step.view_options)
    if experiment.view is not None and experiment.view != step.view:
        view, view_options = experiment.view, dict(experiment.view_options)
    elif experiment.view is not None:
        view_options = {**view_options, **experiment.view_options}
    reveal = Reveal(tuple(Move(source, target) for source, target in experiment.moves),
                    dict(experiment.reveal_view_options))
    return dataclasses.replace(step, view=view, view_options=view_options, question=question, reveal=reveal)


__all__ = ["DRAFTS", "DraftError", "as_question", "draft_texts"]
