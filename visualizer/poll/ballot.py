"""The class's answers, in memory only: one per phone per question, changeable until the reveal;
and what every phone shows (the step on stage, the question).

No Qt, no network: the server's threads call :meth:`Ballot.answer` and :meth:`Ballot.status`,
the UI thread calls the rest; one lock guards everything. Nothing here is ever written to disk
except by :meth:`Ballot.csv`, when the teacher saves the class's answers. No names: a phone is a
random id.

Peer instruction: each question keeps its first vote, and once the teacher asks again after a
discussion (:meth:`Ballot.start_second_vote`), the vote after it; the results and the CSV carry both.
"""

from __future__ import annotations

import csv
import io
import json
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from visualizer.lesson.questions import AskedQuestion, Question
from visualizer.poll.crowding import Cap, Crowding

PHONES_PER_ADDRESS = 1
"""Phones one network address answers for, per question, unless the teacher says the room's
phones share addresses. A phone id is only a cookie: a private tab, a second browser or a script
gets a new one at will, so ids cannot tell phones apart; network addresses can, on a Wi-Fi that
gives each phone its own. A new phone id from an address that already answered therefore
*replaces* that address's answer (the same student on a new tab changes their answer) instead of
adding one: one machine casts one vote per address it holds, however many ids it mints."""

SHARED_PHONES_PER_ADDRESS = 60
"""Phones one address answers for when the teacher says phones share addresses (a school Wi-Fi
that puts the class behind one address): a large class. Past it, the least recent one is replaced."""

CROWDED_PHONES = 3
"""Distinct phones answering from one address that make it look shared: two may be one student
who opened a private tab; three, answering one question, are several phones (or a script)."""

MAX_REPLACED = 4096
"""Phones remembered as replaced, per question (their page says so); a script minting ids by the
thousand cannot grow memory past it."""


class Verdict(Enum):
    """What became of an answer."""

    ACCEPTED = "accepted"
    NO_QUESTION = "no question"  # not the question being asked now (or none is)
    CLOSED = "closed"  # revealed: answers are frozen until the teacher re-opens
    BAD_CHOICE = "bad choice"


@dataclass(frozen=True)
class PollResults:
    """How the class answered one question.

    Attributes
    ----------
    question : Question
    counts : tuple of int
        Answers per choice, in the question's order (after a discussion: the second vote).
    revealed : bool
        True once the lesson revealed the answer (answers are frozen).
    first : tuple of int, optional
        Once the class votes again after a discussion: the first vote's counts (``counts`` is
        then the second vote); None before.
    """

    question: Question
    counts: tuple[int, ...]
    revealed: bool
    first: tuple[int, ...] | None = None

    @property
    def answered(self) -> int:
        """Phones that answered."""
        return sum(self.counts)


@dataclass
class _Record:
    question: AskedQuestion
    answers: dict[str, int] = field(default_factory=dict)  # phone → choice
    address_of: dict[str, str] = field(default_factory=dict)  # phone → the address its answer came from
    phones_of: dict[str, list[str]] = field(default_factory=dict)  # address → its phones, least recent first
    seen_of: dict[str, set[str]] = field(default_factory=dict)  # address → phones that answered (to the threshold)
    replaced: dict[str, None] = field(default_factory=dict)  # phones whose answer another one replaced
    revealed: bool = False
    first: tuple[int, ...] | None = None  # the first vote's counts, once the class votes again

    def forget_answers(self) -> None:
        for kept in (self.answers, self.address_of, self.phones_of, self.seen_of, self.replaced):
            kept.clear()
        self.first = None


class Ballot:
    """Answers per question, the question being asked, and whether it is revealed.

    Parameters
    ----------
    on_change : callable, optional
        Called on a server thread after an answer is counted or changed (the UI thread's own
        changes call nothing: it re-reads). It must not block: the UI passes a call that posts
        an event to its own thread.
    phones_per_address : int
        See :data:`PHONES_PER_ADDRESS` (:meth:`set_phones_per_address` changes it).
    crowding : Crowding, optional
        Told of an address from which more phones answered one question than it may count
        (:data:`CROWDED_PHONES` with one phone per address).
    """

    def __init__(self, on_change: Callable[[], None] | None = None,
                 phones_per_address: int = PHONES_PER_ADDRESS, crowding: Crowding | None = None) -> None:
        self._lock = threading.Lock()
        self._records: dict[str, _Record] = {}
        self._current: str | None = None
        self._revision = 0
        self._language = "en"
        self._on_change = on_change
        self._phones_per_address = phones_per_address
        self._crowding = crowding
        self._stage: dict[str, Any] | None = None
        self._shared_status: bytes | None = None  # what every phone's status shares, as JSON
        self._watchers: list[Callable[[int], None]] = []
        self._batched = 0  # inside :meth:`batch`: watchers hear of the changes once, at its end
        self._announced = 0  # the revision watchers last heard of

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
                    record.forget_answers()
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
                record.forget_answers()
                record.revealed = False
                self._changed()

    def start_second_vote(self) -> bool:
        """Ask the current question again after a discussion (peer instruction): its first vote is
        kept as it stands, and the answers, kept and changeable, make the second vote from now on.
        Once per question (asked again later, the second vote goes on). False if the class has
        not voted yet (nothing to keep: this is still the first vote)."""
        with self._lock:
            record = self._record()
            if record is None or not isinstance(record.question, Question):
                return False
            if record.first is None:
                if not record.answers and not record.revealed:
                    return False
                record.first = _counts(record)
            record.revealed = False
            self._changed()
            return True

    def set_stage(self, stage: dict[str, Any] | None) -> None:
        """What phones show of the step on stage (``visualizer.poll.stage``: plain JSON data);
        phones are told only if it changed."""
        with self._lock:
            if stage != self._stage:
                self._stage = stage
                self._changed()

    def watch(self, watcher: Callable[[int], None] | None) -> None:
        """Call ``watcher(revision)`` whenever what phones show changes (the server wakes the
        phones waiting for it); None: no one. Called under the ballot's lock, on the thread that
        made the change: it must only post a wake-up, never block."""
        with self._lock:
            self._watchers = [] if watcher is None else [watcher]

    @contextmanager
    def batch(self) -> Iterator[None]:
        """Make several changes one for the phones waiting (a new step: its question and its stage):
        watchers hear of them once, at the end."""
        with self._lock:
            self._batched += 1
        try:
            yield
        finally:
            with self._lock:
                self._batched -= 1
                if not self._batched and self._announced != self._revision:
                    self._announce()

    @property
    def revision(self) -> int:
        """Counts the changes of what phones show (a plain int read: any thread)."""
        return self._revision

    def set_phones_per_address(self, phones: int) -> None:
        """How many phones one address answers for, from the next answer on (answers already
        counted stay: lowering it replaces an address's extra answers only as its phones answer)."""
        with self._lock:
            self._phones_per_address = max(1, int(phones))

    @property
    def phones_per_address(self) -> int:
        """How many phones one address answers for."""
        with self._lock:
            return self._phones_per_address

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
        if not self._batched:
            self._announce()

    def _announce(self) -> None:
        """Under the lock: tell the watchers of the revision now."""
        self._announced = self._revision
        for watcher in self._watchers:
            watcher(self._revision)

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

    def addresses(self) -> int:
        """Network addresses the current question's answers came from (as many as the answers,
        unless phones share addresses)."""
        with self._lock:
            record = self._record()
            return 0 if record is None else len(record.phones_of)

    def results(self, step_id: str | None = None) -> PollResults | None:
        """Counts of the current question (or of ``step_id``); None if it is not a question."""
        with self._lock:
            record = self._records.get(step_id) if step_id is not None else self._record()
            if record is None or not isinstance(record.question, Question):
                return None
            return PollResults(record.question, _counts(record), record.revealed, record.first)

    def csv(self, language: str) -> str:
        """Every question asked so far, one row per choice: how many chose it in the first vote and,
        if the class voted again after a discussion, in the second (empty otherwise); no phone ids,
        no addresses, no names."""
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(["step", "question", "letter", "choice", "first vote", "second vote", "right"])
        with self._lock:
            records = [record for record in self._records.values() if isinstance(record.question, Question)]
            rows = [(record.question, _counts(record), record.first) for record in records]
        for question, counts, first in rows:
            assert isinstance(question, Question)
            for index, choice in enumerate(question.choices):
                votes = [counts[index], ""] if first is None else [first[index], counts[index]]
                writer.writerow([question.step_id, question.prompt[language], question.letter(index),
                                 choice.text[language], *votes, "yes" if index == question.right else "no"])
        return out.getvalue()

    # ---- the server's threads -------------------------------------------------------------

    def answer(self, phone: str, address: str, step_id: str, choice: int) -> Verdict:
        """Count (or change) the answer of ``phone``, sent from network ``address``.

        If ``address`` already answers for as many phones as it may, the answer of its least
        recent one is replaced by this one (that phone's page says so): see :data:`PHONES_PER_ADDRESS`.
        """
        crowded = False
        with self._lock:
            record = self._record()
            if record is None or record.question.step_id != step_id or not isinstance(record.question, Question):
                return Verdict.NO_QUESTION
            if record.revealed:
                return Verdict.CLOSED
            if not 0 <= choice < len(record.question.choices):
                return Verdict.BAD_CHOICE
            if record.answers.get(phone) == choice and record.address_of.get(phone) == address:
                return Verdict.ACCEPTED  # the same again: nothing changed, no event for the UI
            self._drop(record, phone)  # a change of mind, or the same phone on another address
            new_address = address not in record.phones_of
            phones = record.phones_of.setdefault(address, [])
            replacing = False
            while len(phones) >= self._phones_per_address:
                replaced = phones[0]
                self._drop(record, replaced)
                record.replaced[replaced] = None
                if len(record.replaced) > MAX_REPLACED:
                    del record.replaced[next(iter(record.replaced))]
                phones = record.phones_of.setdefault(address, [])
                replacing = True
            if replacing:
                self._changed()  # the replaced phone's page must say so: it waits for a change
            phones.append(phone)
            record.answers[phone] = choice
            record.address_of[phone] = address
            record.replaced.pop(phone, None)
            # Crowded: more phones than the setting lets one address count (in the default, one
            # per address, already three). Phones sharing an address by the teacher's choice
            # crowd only when their answers start to replace each other.
            threshold = max(CROWDED_PHONES, self._phones_per_address + 1)
            seen = record.seen_of.setdefault(address, set())
            if len(seen) < threshold:
                seen.add(phone)
                crowded = len(seen) >= threshold
        if self._crowding is not None:
            if crowded:
                self._crowding.note(address, Cap.PHONES)
            if new_address:
                self._crowding.answered(address)  # one machine's many addresses answering at once
        self._notify()
        return Verdict.ACCEPTED

    @staticmethod
    def _drop(record: _Record, phone: str) -> None:
        """Under the lock: take ``phone``'s answer out of the count."""
        address = record.address_of.pop(phone, None)
        record.answers.pop(phone, None)
        if address is not None:
            phones = record.phones_of[address]
            phones.remove(phone)
            if not phones:
                del record.phones_of[address]

    def status(self, phone: str | None) -> dict[str, Any]:
        """What ``phone``'s page shows: the step on stage, the question and its choices (the right
        one and the explanations only once revealed), this phone's own answer, and whether another
        phone of its address replaced it. Never the counts."""
        _, body = self.status_reply(phone)
        return dict(json.loads(body))

    def status_reply(self, phone: str | None) -> tuple[str, bytes]:
        """:meth:`status` as the server sends it: its ETag (the revision and this phone's own part:
        an unchanged status costs a 304 and no body) and its JSON. The part every phone shares is
        written once per revision; each reply only adds the phone's own two fields."""
        with self._lock:
            if self._shared_status is None:
                shared = json.dumps(self._status_for_everyone(), ensure_ascii=False, separators=(",", ":"))
                self._shared_status = shared[:-1].encode("utf-8")  # without its closing brace
            record = self._record()
            mine = record.answers.get(phone) if record is not None and phone is not None else None
            replaced = record is not None and phone is not None and phone in record.replaced
            revision, shared_bytes = self._revision, self._shared_status
        own = f',"your_answer":{"null" if mine is None else int(mine)},"replaced":{"true" if replaced else "false"}}}'
        tag = f'"{revision}.{"n" if mine is None else mine}.{int(replaced)}"'
        return tag, shared_bytes + own.encode("ascii")

    def _status_for_everyone(self) -> dict[str, Any]:
        record = self._record()
        shown: dict[str, Any] | None = None
        if record is not None and isinstance(record.question, Question):
            question = record.question
            choices = [{"letter": question.letter(i), "text": c.text} for i, c in enumerate(question.choices)]
            shown = {"id": question.step_id, "prompt": question.prompt, "choices": choices,
                     "revealed": record.revealed, "vote": 1 if record.first is None else 2}
            if record.revealed:
                shown["right"] = question.right
                shown["explanation"] = question.explanation
                shown["why"] = [choice.why for choice in question.choices]
        return {"revision": self._revision, "language": self._language, "question": shown, "stage": self._stage}

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


__all__ = ["CROWDED_PHONES", "PHONES_PER_ADDRESS", "SHARED_PHONES_PER_ADDRESS", "Ballot", "PollResults", "Verdict"]
