"""The answers in memory: one per phone per question, changeable until the reveal, never shown."""

from __future__ import annotations

import csv
import io
import json

import pytest

from visualizer.lesson.questions import Question, question_for
from visualizer.lesson.run import load_lesson
from visualizer.model import EmbeddingModel
from visualizer.poll.ballot import PHONES_PER_ADDRESS, SHARED_PHONES_PER_ADDRESS, Ballot, Verdict
from visualizer.poll.crowding import Cap, Crowding

STEPS = {step.id: step for step in load_lesson().steps}


@pytest.fixture(scope="module")
def questions() -> dict[str, Question]:
    model = EmbeddingModel()
    found = {key: question_for(STEPS[key], model) for key in ("swap-none", "swap-learned", "batch-question")}
    assert all(isinstance(q, Question) for q in found.values())
    return found  # type: ignore[return-value]


def test_one_answer_per_phone_changeable_until_the_reveal(questions):
    changes = []
    ballot = Ballot(on_change=lambda: changes.append(1))
    ballot.ask(questions["swap-none"])
    assert ballot.answer("phone-a", "10.0.0.2", "swap-none", 1) is Verdict.ACCEPTED
    assert ballot.answer("phone-a", "10.0.0.2", "swap-none", 2) is Verdict.ACCEPTED  # changed mind
    assert ballot.answer("phone-b", "10.0.0.3", "swap-none", 2) is Verdict.ACCEPTED
    assert ballot.answered() == 2 and ballot.results().counts == (0, 0, 2, 0)
    assert len(changes) == 3
    assert ballot.answer("phone-b", "10.0.0.3", "swap-none", 2) is Verdict.ACCEPTED  # the same again
    assert len(changes) == 3  # nothing changed: no event for the UI
    ballot.reveal()
    assert ballot.answer("phone-a", "10.0.0.2", "swap-none", 0) is Verdict.CLOSED
    assert ballot.results().counts == (0, 0, 2, 0) and ballot.results().revealed
    ballot.reopen()
    assert ballot.answer("phone-a", "10.0.0.2", "swap-none", 0) is Verdict.ACCEPTED
    assert ballot.results().counts == (1, 0, 1, 0) and not ballot.results().revealed
    ballot.reset()
    assert ballot.answered() == 0 and ballot.results().counts == (0, 0, 0, 0)


def test_answers_to_another_question_or_an_unknown_choice_are_refused(questions):
    ballot = Ballot()
    assert ballot.answer("p", "10.0.0.2", "swap-none", 0) is Verdict.NO_QUESTION  # nothing asked yet
    ballot.ask(questions["swap-none"])
    assert ballot.answer("p", "10.0.0.2", "swap-learned", 0) is Verdict.NO_QUESTION
    assert ballot.answer("p", "10.0.0.2", "swap-none", 4) is Verdict.BAD_CHOICE
    assert ballot.answer("p", "10.0.0.2", "swap-none", -1) is Verdict.BAD_CHOICE
    assert ballot.answered() == 0


def test_one_address_answers_for_one_phone_a_new_one_replaces_it(questions):
    """Phone ids are cookies, minted at will: a new id from an address that answered replaces its
    answer (the same student in a private tab changes their answer; a script casts one vote)."""
    noted = []
    crowding = Crowding(on_change=lambda: noted.append(1))
    ballot = Ballot(crowding=crowding)
    assert ballot.phones_per_address == PHONES_PER_ADDRESS == 1
    ballot.ask(questions["batch-question"])
    for phone in range(10):
        assert ballot.answer(f"p{phone}", "10.0.0.9", "batch-question", 3) is Verdict.ACCEPTED
    assert ballot.results().counts == (0, 0, 0, 1) and ballot.addresses() == 1
    assert ballot.status("p0")["replaced"] and ballot.status("p0")["your_answer"] is None
    assert not ballot.status("p9")["replaced"] and ballot.status("p9")["your_answer"] == 3
    assert crowding.hit(Cap.PHONES) and len(noted) == 1  # the teacher hears of the address once
    assert ballot.answer("p0", "10.0.0.9", "batch-question", 1) is Verdict.ACCEPTED  # back again: it counts
    assert ballot.results().counts == (0, 1, 0, 0) and not ballot.status("p0")["replaced"]
    assert ballot.answer("elsewhere", "10.0.0.10", "batch-question", 3) is Verdict.ACCEPTED
    assert ballot.results().counts == (0, 1, 0, 1)


def test_phones_sharing_an_address_each_count_when_the_teacher_says_so(questions):
    ballot = Ballot()
    ballot.ask(questions["batch-question"])
    ballot.set_phones_per_address(SHARED_PHONES_PER_ADDRESS)
    for phone in range(SHARED_PHONES_PER_ADDRESS):
        assert ballot.answer(f"p{phone}", "10.0.0.9", "batch-question", phone % 4) is Verdict.ACCEPTED
    assert ballot.answered() == SHARED_PHONES_PER_ADDRESS and ballot.addresses() == 1
    ballot.answer("one-more", "10.0.0.9", "batch-question", 0)  # past the class's size: the least recent goes
    assert ballot.answered() == SHARED_PHONES_PER_ADDRESS and ballot.status("p0")["replaced"]


def test_moving_between_questions_keeps_each_ones_answers(questions):
    ballot = Ballot()
    ballot.ask(questions["swap-none"])
    ballot.answer("p", "10.0.0.2", "swap-none", 1)
    ballot.ask(questions["swap-learned"])
    assert ballot.answered() == 0
    ballot.ask(None)  # a step that asks nothing
    assert ballot.current is None and ballot.results() is None
    assert ballot.status("p")["question"] is None
    ballot.ask(questions["swap-none"], revealed=False)
    assert ballot.answered() == 1 and ballot.status("p")["your_answer"] == 1


def test_the_status_never_shows_counts_nor_the_right_answer_before_the_reveal(questions):
    ballot = Ballot()
    question = questions["swap-learned"]
    ballot.ask(question)
    ballot.answer("p", "10.0.0.2", "swap-learned", question.right)
    ballot.answer("q", "10.0.0.3", "swap-learned", 0)
    status = ballot.status("q")
    text = json.dumps(status)
    assert status["your_answer"] == 0 and ballot.status("nobody")["your_answer"] is None
    assert "right" not in status["question"] and "why" not in status["question"]
    assert "explanation" not in status["question"] and "count" not in text
    revision = status["revision"]
    ballot.reveal()
    revealed = ballot.status("q")
    assert revealed["revision"] > revision
    assert revealed["question"]["right"] == question.right
    assert revealed["question"]["why"][0] == question.choices[0].why
    assert "count" not in json.dumps(revealed)


def test_the_status_follows_the_apps_language(questions):
    ballot = Ballot()
    ballot.ask(questions["swap-none"])
    revision = ballot.status(None)["revision"]
    ballot.set_language("pt")
    assert ballot.status(None)["language"] == "pt" and ballot.status(None)["revision"] > revision


def test_counts_as_csv_in_the_apps_language(questions):
    ballot = Ballot()
    for key in ("swap-none", "swap-learned"):
        ballot.ask(questions[key])
        ballot.answer("phone-id-one", "10.0.0.2", key, questions[key].right)
        ballot.answer("phone-id-two", "10.0.0.3", key, 0)
    text = ballot.csv("pt")
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[0] == ["step", "question", "letter", "choice", "first vote", "second vote", "right"]
    assert len(rows) == 1 + 4 + 4
    learned = questions["swap-learned"]
    right_row = rows[1 + 4 + learned.right]
    assert right_row[:3] == ["swap-learned", learned.prompt["pt"], learned.letter(learned.right)]
    assert right_row[3] == learned.choices[learned.right].text["pt"] and right_row[4:] == ["1", "", "yes"]
    assert "phone-id" not in text and "10.0.0" not in text  # no phone ids, no addresses


def test_peer_instruction_keeps_the_first_vote_and_the_second(questions):
    """Vote, reveal, discuss, vote again (Shift+F6): the first vote stays as it was, the answers
    (kept, changeable) make the second; the results and the CSV carry both, and reset forgets both."""
    ballot = Ballot()
    question = questions["swap-learned"]
    ballot.ask(question)
    assert not ballot.start_second_vote()  # nobody voted yet: still the first vote
    wrong = (question.right + 1) % len(question.choices)
    for number, choice in enumerate((wrong, wrong, question.right)):
        ballot.answer(f"phone-{number}", f"10.0.0.{number}", "swap-learned", choice)
    ballot.reveal()
    first = ballot.results()
    assert first.first is None and first.counts[wrong] == 2
    assert ballot.status("phone-0")["question"]["vote"] == 1
    assert ballot.start_second_vote()
    assert ballot.status("phone-0")["question"]["vote"] == 2 and not ballot.status(None)["question"]["revealed"]
    assert ballot.status("phone-0")["your_answer"] == wrong  # kept until changed
    ballot.answer("phone-0", "10.0.0.0", "swap-learned", question.right)  # convinced by the discussion
    ballot.answer("phone-9", "10.0.0.9", "swap-learned", question.right)  # a late phone votes too
    ballot.reveal()
    second = ballot.results()
    assert second.first == first.counts and second.revealed
    assert second.counts[question.right] == 3 and second.counts[wrong] == 1
    assert ballot.start_second_vote() and ballot.results().first == first.counts  # asked again: still the first
    rows = list(csv.reader(io.StringIO(ballot.csv("en"))))
    by_letter = {row[2]: row for row in rows[1:]}
    assert by_letter[question.letter(wrong)][4:6] == ["2", "1"]
    assert by_letter[question.letter(question.right)][4:] == ["1", "3", "yes"]
    ballot.reset()
    assert ballot.results().first is None and ballot.results().answered == 0


def test_what_phones_show_is_one_revision_and_wakes_whoever_watches(questions):
    ballot = Ballot()
    woken = []
    ballot.watch(woken.append)
    ballot.ask(questions["swap-none"])
    stage = {"title": {"en": "Check yourself", "pt": "Confira"}, "tables": []}
    ballot.set_stage(stage)
    tag, body = ballot.status_reply("p")
    assert json.loads(body)["stage"] == stage and tag == f'"{ballot.revision}.n.0"'
    revision = ballot.revision
    ballot.set_stage(dict(stage))  # the same again: nothing to tell
    assert ballot.revision == revision and woken == [revision - 1, revision]
    ballot.answer("p", "10.0.0.1", "swap-none", 1)  # a phone's own answer: its tag, not everyone's
    assert ballot.revision == revision and ballot.status_reply("p")[0] == f'"{revision}.1.0"'
    ballot.answer("q", "10.0.0.1", "swap-none", 2)  # replaces p's answer: p must hear of it
    assert ballot.revision == revision + 1 and ballot.status("p")["replaced"] is True
    ballot.watch(None)
    ballot.set_language("pt")
    assert woken[-1] == revision + 1
