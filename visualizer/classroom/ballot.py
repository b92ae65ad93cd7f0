"""The class's answers, in memory only: one per phone per question, changeable until the reveal.

No Qt, no network: the server's threads call :meth:`Ballot.answer` and :meth:`Ballot.status`,
the UI thread calls the rest; one lock guards everything. Nothing here is ever written to disk
except by :meth:`Ballot.csv`, when the teacher saves the counts. No names: a phone is a random id.
"""

from __future__ import annotations

import csv
import io
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from .questions import AskedQuestion, Question

PHONES_PER_ADDRESS = 4
"""Phones one network address may answer for, per question: a phone that lost its cookie (a
private tab, a second browser) still counts, a script minting phone ids does not stuff the poll."""


class Verdict(Enum):
    """What became of an answer."""

    ACCEPTED = "accepted"
    NO_QUESTION = "no question"  # not the question being asked now (or none is)
    CLOSED = "closed"  # revealed: answers are frozen until the teacher re-opens
    BAD_CHOICE = "bad choice"
    TOO_MANY_PHONES = "too many phones"


@dataclass(frozen=True)
class PollResults:
    """How the class answered one question.

    Attributes
    ----------
    question : Question
    counts : tuple of int
        Answers per choice, in the question's order.
    revealed : bool
        True once the lesson revealed the answer (answers are frozen).
    """

    question: Question
    counts: tuple[int, ...]
    revealed: bool

    @property
    def answered(self) -> int:
        """Phones that answered."""
        return sum(self.counts)


@dataclass
class _Record:
    question: AskedQuestion
    answers: dict[str, int] = field(default_factory=dict)
    phones_of: dict[str, set[str]] = field(default_factory=dict)
    revealed: bool = False


class Ballot:
    """Answers per question, the question being asked, and whether it is revealed.

    Parameters
    ----------
    on_change : callable, optional
        Called on a server thread after an answer is counted or changed (the UI thread's own
        changes call nothing: it re-reads). It must not block: the UI passes a call that posts
        an event to its own thread.
    phones_per_address : int
        See :data:`PHONES_PER_ADDRESS`.
    """

    def __init__(self, on_change: Callable[[], None] | None = None,
                 phones_per_address: int = PHONES_PER_ADDRESS) -> None:
        self._lock = threading.Lock()
        self._records: dict[str, _Record] = {}
        self._current: str | None = None
        self._revision = 0
        self._language = "en"
        self._on_change = on_change
        self._phones_per_address = phones_per_address
        self._shared_status: dict[str, Any] | None = None

    # ---- the UI thread: what is asked ---------------------------------------------------------

    def ask(self, question: AskedQuestion | None, revealed: bool | None = None) -> None:
        """Make ``question`` the one phones see (None: no question now).

        Answers already given to a question of the same step are kept when its choices are the
        same ones (their texts may differ: the numbers follow E). ``revealed`` sets whether its
        answers are frozen; None keeps what it was (a new question takes answers).
        """
        with self._lock:
            if question is None:
                self._current = None
            else:
                record = self._records.get(question.step_id)
                if record is None:
                    record = self._records[question.step_id] = _Record(question)
                elif not _same_choices(record.question, question):
                    record.answers.clear()
                    record.phones_of.clear()
                record.question = question
                if revealed is not None:
                    record.revealed = revealed
                self._current = question.step_id
            self._changed()

    def reveal(self) -> None:
        """Freeze the answers of the current question and show phones the right one."""
        self._set_revealed(True)

    def reopen(self) -> None:
        """Take answers again for the current question (kept, changeable): ask again after a
        discussion."""
        self._set_revealed(False)

    def reset(self) -> None:
        """Forget every answer to the current question and take answers again."""
        with self._lock:
            record = self._record()
            if record is not None:
                record.answers.clear()
                record.phones_of.clear()
                record.revealed = False
                self._changed()

    def set_language(self, language: str) -> None:
        """The app's language: pages that did not choose one follow it."""
        with self._lock:
            if language != self._language:
                self._language = language
                self._changed()

    def _set_revealed(self, revealed: bool) -> None:
        with self._lock:
            record = self._record()
            if record is not None and record.revealed != revealed:
                record.revealed = revealed
                self._changed()

    def _record(self) -> _Record | None:
        return None if self._current is None else self._records.get(self._current)

    def _changed(self) -> None:
        """Under the lock: what every phone sees changed."""
        self._revision += 1
        self._shared_status = None

    # ---- the UI thread: results -------------------------------------------------------------

    @property
    def current(self) -> AskedQuestion | None:
        """The question being asked."""
        with self._lock:
            record = self._record()
            return None if record is None else record.question

    def answered(self) -> int:
        """Phones that answered the current question."""
        with self._lock:
            record = self._record()
            return 0 if record is None else len(record.answers)

    def results(self, step_id: str | None = None) -> PollResults | None:
        """Counts of the current question (or of ``step_id``); None if it is not a question."""
        with self._lock:
            record = self._records.get(step_id) if step_id is not None else self._record()
            if record is None or not isinstance(record.question, Question):
                return None
            return PollResults(record.question, _counts(record), record.revealed)

    def csv(self, language: str) -> str:
        """Every question asked so far with its counts, one row per choice (no phone ids)."""
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(["step", "question", "letter", "choice", "answers", "right"])
        with self._lock:
            records = [record for record in self._records.values() if isinstance(record.question, Question)]
            rows = [(record.question, _counts(record)) for record in records]
        for question, counts in rows:
            assert isinstance(question, Question)
            for index, choice in enumerate(question.choices):
                writer.writerow([question.step_id, question.prompt[language], question.letter(index),
                                 choice.text[language], counts[index], "yes" if index == question.right else "no"])
        return out.getvalue()

    # ---- the server's threads -------------------------------------------------------------

    def answer(self, phone: str, address: str, step_id: str, choice: int) -> Verdict:
        """Count (or change) the answer of ``phone``, sent from network ``address``."""
        with self._lock:
            record = self._record()
            if record is None or record.question.step_id != step_id or not isinstance(record.question, Question):
                return Verdict.NO_QUESTION
            if record.revealed:
                return Verdict.CLOSED
            if not 0 <= choice < len(record.question.choices):
                return Verdict.BAD_CHOICE
            phones = record.phones_of.setdefault(address, set())
            if phone not in phones and len(phones) >= self._phones_per_address:
                return Verdict.TOO_MANY_PHONES
            phones.add(phone)
            if record.answers.get(phone) == choice:
                return Verdict.ACCEPTED
            record.answers[phone] = choice
        self._notify()
        return Verdict.ACCEPTED

    def status(self, phone: str | None) -> dict[str, Any]:
        """What ``phone``'s page shows: the question and its choices (the right one and the
        explanations only once revealed), and this phone's own answer. Never the counts."""
        with self._lock:
            if self._shared_status is None:
                self._shared_status = self._status_for_everyone()
            record = self._record()
            mine = record.answers.get(phone) if record is not None and phone is not None else None
            return {**self._shared_status, "your_answer": mine}

    def _status_for_everyone(self) -> dict[str, Any]:
        record = self._record()
        shown: dict[str, Any] | None = None
        if record is not None and isinstance(record.question, Question):
            question = record.question
            choices = [{"letter": question.letter(i), "text": c.text} for i, c in enumerate(question.choices)]
            shown = {"id": question.step_id, "prompt": question.prompt, "choices": choices,
                     "revealed": record.revealed}
            if record.revealed:
                shown["right"] = question.right
                shown["explanation"] = question.explanation
                shown["why"] = [choice.why for choice in question.choices]
        return {"revision": self._revision, "language": self._language, "question": shown}

    def _notify(self) -> None:
        if self._on_change is not None:
            self._on_change()


def _counts(record: _Record) -> tuple[int, ...]:
    question = record.question
    assert isinstance(question, Question)
    counts = [0] * len(question.choices)
    for choice in record.answers.values():
        counts[choice] += 1
    return tuple(counts)


def _same_choices(old: AskedQuestion, new: AskedQuestion) -> bool:
    """Whether answers to ``old`` still mean the same choices in ``new`` (same keys, same order)."""
    if not isinstance(old, Question) or not isinstance(new, Question):
        return False
    return [c.key for c in old.choices] == [c.key for c in new.choices]


__all__ = ["PHONES_PER_ADDRESS", "Ballot", "PollResults", "Verdict"]
