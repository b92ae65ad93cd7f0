"""The class poll's controller: it follows the lesson, serves the question on loopback (the tests
choose it), hands answers to Qt through signals, and closes its port when asked, on quit, and
after an error inside the app or inside the poll."""

from __future__ import annotations

import csv
import http.client
import socket
import threading

import pytest
from PySide6.QtCore import QCoreApplication, QTimer

from tests.poll.phones import Phone
from visualizer.core import display_token
from visualizer.lesson.questions import Question, Unavailable
from visualizer.lesson.run import LessonRun, load_lesson
from visualizer.poll.class_poll import ClassPoll, room_token
from visualizer.poll.network import ETHERNET, LocalInterface
from visualizer.poll.server import wait_closed
from visualizer.poll.web import Limits, code_text

LESSON = load_lesson()
INDEX = {step.id: index for index, step in enumerate(LESSON.steps)}
FAST = Limits(idle_seconds=2, request_seconds=1)


@pytest.fixture
def run(model) -> LessonRun:
    return LessonRun(LESSON, model)


@pytest.fixture
def make_poll(qtbot, model, appearance, run):
    """``make_poll(**options)``: a controller on loopback, detached after the test."""
    made: list[ClassPoll] = []

    def make(**options) -> ClassPoll:
        options.setdefault("address", "127.0.0.1")
        options.setdefault("port", 0)
        options.setdefault("limits", FAST)
        poll = ClassPoll(model, appearance, run, **options)
        made.append(poll)
        return poll

    threads = threading.active_count()
    yield make
    for poll in made:
        poll.detach()
    assert threading.active_count() == threads, "the server's threads outlived the poll"


@pytest.fixture
def poll(make_poll) -> ClassPoll:
    return make_poll()


def port_of(poll: ClassPoll) -> int:
    assert poll.url is not None
    return int(poll.url.split(":")[2].split("/")[0])


def test_the_room_token_has_128_bits_of_randomness():
    tokens = {room_token() for _ in range(200)}
    assert len(tokens) == 200
    for token in tokens:
        assert len(token) == 26 and set(token) <= set("abcdefghijklmnopqrstuvwxyz234567")
    # 26 base-32 characters carry 130 bits; the last two are padding of 16 random bytes.


def test_the_poll_follows_the_lesson(poll, run, qtbot):
    assert poll.question is None  # the lesson has not started
    with qtbot.waitSignal(poll.question_changed):
        run.go_to(INDEX["swap-learned"])
    question = poll.question
    assert isinstance(question, Question) and question.step_id == "swap-learned"
    assert question.choices[question.right].key == "new-row"
    with qtbot.waitSignal(poll.question_changed):
        run.go_to(INDEX["rope"])
    assert poll.question is None


def test_a_phone_answers_and_the_ui_hears_the_count(poll, run, qtbot):
    run.go_to(INDEX["swap-none"])
    assert poll.open() and poll.is_open
    assert poll.url.startswith("http://127.0.0.1:")
    phone = Phone(poll.url)
    phone.open_page()
    assert phone.status()["question"]["id"] == "swap-none"
    with qtbot.waitSignal(poll.answers_changed) as heard:
        assert phone.answer("swap-none", 1).status == 200
    assert heard.args == [1] and poll.answered == 1
    assert poll.results().counts == (0, 1, 0, 0)
    phone.close()


def test_many_phones_at_once_reach_the_ui_as_few_events(poll, run, qtbot):
    run.go_to(INDEX["swap-none"])
    poll.open()
    heard = []
    poll.answers_changed.connect(heard.append)
    phones = [Phone(poll.url, source=f"127.0.1.{n + 1}") for n in range(40)]
    for phone in phones:
        phone.open_page()
    for phone in phones:  # all answer before the UI thread runs again
        assert phone.answer("swap-none", 2).status == 200
    qtbot.waitUntil(lambda: poll.answered == 40)
    assert heard[-1] == 40 and len(heard) < 40  # coalesced: one event per burst, not per answer
    for phone in phones:
        phone.close()


def test_the_reveal_freezes_answers_then_reopen_and_reset(poll, run, qtbot):
    run.go_to(INDEX["swap-learned"])
    poll.open()
    phone = Phone(poll.url)
    phone.open_page()
    with qtbot.waitSignal(poll.answers_changed):
        phone.answer("swap-learned", 0)
    run.reveal()
    assert poll.results().revealed
    status = phone.status()["question"]
    assert status["revealed"] and status["right"] == poll.question.right
    assert phone.answer("swap-learned", 2).status == 409  # frozen
    with qtbot.waitSignal(poll.state_changed):
        poll.reopen()
    assert not poll.results().revealed and phone.answer("swap-learned", 2).status == 200
    qtbot.waitUntil(lambda: poll.results().counts == (0, 0, 1, 0))
    with qtbot.waitSignal(poll.answers_changed) as heard:
        poll.reset()
    assert heard.args == [0] and poll.results().counts == (0, 0, 0, 0)
    assert phone.status()["your_answer"] is None
    phone.close()


def test_closing_closes_the_port(poll, run, qtbot):
    run.go_to(INDEX["swap-none"])
    poll.open()
    port = port_of(poll)
    phone = Phone(poll.url)
    phone.open_page()
    with qtbot.waitSignal(poll.state_changed):
        poll.close()
    assert not poll.is_open and poll.url is None
    assert wait_closed("127.0.0.1", port)
    with pytest.raises(OSError):
        phone.open_page()
    phone.close()
    assert poll.open()  # and it opens again, with the same token
    assert poll.url.endswith(f"/{phone.base.strip('/')}/")


def test_quitting_the_app_closes_the_port(poll, run):
    run.go_to(INDEX["swap-none"])
    poll.open()
    port = port_of(poll)
    QCoreApplication.instance().aboutToQuit.emit()
    assert not poll.is_open and wait_closed("127.0.0.1", port)


def test_an_error_inside_the_app_closes_the_port(poll, run, qtbot):
    run.go_to(INDEX["swap-none"])
    problems = []
    poll.problem.connect(problems.append)
    with qtbot.captureExceptions() as exceptions:
        poll.open()
        port = port_of(poll)

        def bug() -> None:
            raise RuntimeError("a bug somewhere in the app")

        QTimer.singleShot(0, bug)
        qtbot.waitUntil(lambda: not poll.is_open)
    assert wait_closed("127.0.0.1", port)
    assert [str(e[1]) for e in exceptions] == ["a bug somewhere in the app"]  # still reported as before
    assert problems and "closed after an error" in problems[-1]


def test_an_error_inside_the_poll_closes_the_port(poll, run, qtbot, monkeypatch):
    run.go_to(INDEX["swap-none"])
    poll.open()
    port = port_of(poll)

    def broken(phone):
        raise ZeroDivisionError("a bug in the poll")

    monkeypatch.setattr(poll._ballot, "status_reply", broken)
    phone = Phone(poll.url)
    phone.open_page()
    with qtbot.waitSignal(poll.problem) as told:
        try:  # a 500, unless the port closed before the reply could leave
            assert phone.request("GET", phone.base + "status").status == 500
        except (OSError, http.client.HTTPException):
            pass
    assert "ZeroDivisionError: a bug in the poll" in told.args[0] and "port is closed" in told.args[0]
    assert not poll.is_open and wait_closed("127.0.0.1", port)
    phone.close()


@pytest.mark.parametrize("interfaces", [[], [LocalInterface("eth0", "203.0.113.9", ETHERNET)],
                                        [LocalInterface("eth0", "192.0.2.2", ETHERNET)]],
                         ids=["no network", "public address only", "documentation range"])
def test_no_usable_network_is_one_clear_message(make_poll, run, interfaces):
    poll = make_poll(address=None, interfaces=lambda: list(interfaces))
    run.go_to(INDEX["swap-none"])
    problems = []
    poll.problem.connect(problems.append)
    assert not poll.open() and not poll.is_open
    assert problems == ["No local network: join the classroom Wi-Fi or start this laptop's hotspot, "
                        "then ask the class again."]


def test_the_chosen_interface_is_a_room_address(make_poll, run, monkeypatch):
    chosen = []
    import visualizer.poll.class_poll as module

    def fake_bind(app, host, port, limits, **kwargs):
        chosen.append(host)
        raise OSError(99, "Cannot assign requested address")  # not this machine's: stop here

    monkeypatch.setattr(module, "bind_first_free", fake_bind)
    poll = make_poll(address=None, interfaces=lambda: [LocalInterface("docker0", "172.17.0.1", ETHERNET),
                                                       LocalInterface("eth1", "8.8.8.8", ETHERNET),
                                                       LocalInterface("wlan0", "192.168.1.23", "wifi")])
    problems = []
    poll.problem.connect(problems.append)
    assert not poll.open()
    assert chosen == ["192.168.1.23"]
    assert problems == ["The poll cannot listen on 192.168.1.23: Cannot assign requested address"]


@pytest.mark.parametrize("address", ["0.0.0.0", "8.8.8.8"])
def test_every_interface_or_a_public_address_is_refused(make_poll, address):
    poll = make_poll(address=address)
    problems = []
    poll.problem.connect(problems.append)
    assert not poll.open()
    assert problems == [f"The poll listens only on this laptop's local network, not on {address}."]


def test_a_port_in_use_gives_the_next_free_one(make_poll, run):
    from tests.poll.test_server import free_ports

    blocker, spare = free_ports(2)
    blocker.listen()
    spare.close()
    taken = blocker.getsockname()[1]
    try:
        poll = make_poll(port=taken)
        assert poll.open()
        assert port_of(poll) == taken + 1
    finally:
        blocker.close()


def test_the_choices_follow_edits_of_e_and_phones_see_them(poll, run, model, qtbot):
    run.go_to(INDEX["swap-learned"])
    poll.open()
    phone = Phone(poll.url)
    phone.open_page()
    with qtbot.waitSignal(poll.question_changed):
        model.set_embedding(2, 0, 2.0)
    right = poll.question.right
    assert poll.question.choices[right].text["en"] == "[2, 0, 0, -1]"
    assert phone.status()["question"]["choices"][right]["text"]["en"] == "[2, 0, 0, -1]"
    phone.close()


def test_phones_follow_the_apps_language(poll, run, appearance):
    run.go_to(INDEX["swap-none"])
    poll.open()
    phone = Phone(poll.url)
    assert phone.status()["language"] == "en"
    appearance.set_language("pt")
    assert phone.status()["language"] == "pt"
    phone.close()


def test_a_question_that_cannot_be_asked_is_not_served(poll, run, model):
    from dataclasses import replace

    from visualizer.lesson.questions import question_for

    step = replace(LESSON.steps[INDEX["swap-none"]], text="o gato")
    assert isinstance(question_for(step, model), Unavailable)
    poll._ballot.ask(question_for(step, model))
    poll.open()
    phone = Phone(poll.url)
    assert phone.status()["question"] is None
    phone.close()


def test_the_counts_are_saved_as_csv(poll, run, qtbot, tmp_path):
    run.go_to(INDEX["batch-question"])
    poll.open()
    phone = Phone(poll.url)
    phone.open_page()
    with qtbot.waitSignal(poll.answers_changed):
        phone.answer("batch-question", 3)
    path = tmp_path / "counts.csv"
    assert poll.save_counts(path)
    rows = list(csv.reader(path.read_text(encoding="utf-8").splitlines()))
    assert rows[0] == ["step", "question", "letter", "choice", "first vote", "second vote", "right"]
    assert rows[1 + 3][2:] == ["D", poll.question.choices[3].text["en"], "1", "", "yes"]
    problems = []
    poll.problem.connect(problems.append)
    assert not poll.save_counts(tmp_path / "missing" / "counts.csv")
    assert problems and "Cannot save the class's answers to" in problems[0]
    phone.close()


def test_the_server_never_listens_on_another_address(poll, run):
    run.go_to(INDEX["swap-none"])
    poll.open()
    port = port_of(poll)
    with socket.socket() as probe:  # the same port on another loopback address: nobody there
        assert probe.connect_ex(("127.0.0.2", port)) != 0


def test_the_poll_keeps_its_widgets_showing_it(make_poll, run, appearance, qtbot):
    from visualizer.poll.join_panel import JoinPanel
    from visualizer.poll.practice_question import PracticeQuestion
    from visualizer.poll.results import PollResultsView

    poll = make_poll()
    stage, chart, practice = JoinPanel(appearance), PollResultsView(appearance), PracticeQuestion(appearance)
    for widget in (stage, practice):
        qtbot.addWidget(widget)
    poll.show_in(join_panel=stage, results=chart, practice=practice)
    assert practice.question() is None and chart.results() is None
    run.go_to(INDEX["swap-learned"])
    assert practice.question() == poll.question and chart.results().counts == (0, 0, 0, 0)
    poll.open()
    assert stage.qr.text() == code_text(poll.url) and stage.count.text() == "Answered: 0"
    phone = Phone(poll.url)
    phone.open_page()
    phone.answer("swap-learned", 3)
    qtbot.waitUntil(lambda: stage.count.text() == "Answered: 1")
    run.reveal()
    assert chart.results().revealed and chart.results().counts == (0, 0, 0, 1)
    poll.close()
    assert stage.qr.text() == "" and stage.message.text() == "The class poll is closed."
    phone.close()
    chart.close()  # gone before the poll: skipped, no error
    chart.deleteLater()
    qtbot.wait(1)
    run.go_to(INDEX["swap-none"])
    assert practice.question() == poll.question


def test_a_problem_shows_on_the_stage(make_poll, run, appearance, qtbot):
    from visualizer.poll.join_panel import JoinPanel

    poll = make_poll(address=None, interfaces=list)
    stage = JoinPanel(appearance)
    qtbot.addWidget(stage)
    poll.show_in(join_panel=stage)
    assert not poll.open()
    assert "join the classroom Wi-Fi" in stage.message.text() and not stage.qr.text()


def test_phones_behind_one_address_warn_the_teacher_off_stage(make_poll, run, appearance, qtbot):
    """A class behind one address (NAT) must not fail silently: one answer counts, the poll's panel
    says why on the teacher's screen (never on stage: the class must not be invited to the setting
    that lets one address vote many times), each replaced phone is told; the teacher's setting lets
    each count."""
    from visualizer.poll.join_panel import JoinPanel

    poll = make_poll()
    stage = JoinPanel(appearance)
    qtbot.addWidget(stage)
    poll.show_in(join_panel=stage)
    run.go_to(INDEX["swap-none"])
    assert poll.open() and not poll.shared_addresses
    assert stage.warning.isHidden() and poll.warning is None
    phones = [Phone(poll.url) for _ in range(3)]  # three phones, one address (127.0.0.1)
    for phone in phones:
        phone.open_page()
        assert phone.answer("swap-none", 1).status == 200
    qtbot.waitUntil(lambda: poll.warning is not None)
    assert poll.answered == 1 and stage.count.text() == "Answered: 1"
    assert not stage.warning.isHidden() and "from one network address" in stage.warning.text()
    assert "Phones share addresses" in stage.warning.text()  # what to do about it ...
    assert "if it is one machine, leave it off" in stage.warning.text()  # ... and when not to
    assert stage.warning_shown() == poll.warning
    appearance.set_presenting(True)  # on stage: the class's screen says nothing of it
    assert stage.warning.isHidden() and stage.warning_shown() is None and poll.warning is not None
    appearance.set_presenting(False)  # the teacher's own screen again
    assert stage.warning_shown() == poll.warning
    assert [phone.status()["replaced"] for phone in phones] == [True, True, False]
    poll.set_shared_addresses(True)  # Class poll → Phones share addresses
    assert poll.warning is None and stage.warning.isHidden()
    for phone in phones[:2]:
        assert phone.answer("swap-none", 2).status == 200
    qtbot.waitUntil(lambda: poll.answered == 3)
    assert stage.count.text() == "Answered: 3 · addresses: 1"
    assert not any(phone.status()["replaced"] for phone in phones)
    for phone in phones:
        phone.close()


def test_shared_addresses_and_one_noisy_device_do_not_raise_the_wrong_alarm(make_poll, run, appearance, qtbot):
    """With phones sharing addresses by the teacher's choice, three phones on one address is the
    setting working, not a warning; one device reloading too fast is said as such, and never
    sends the teacher to the setting that would let it vote many times."""
    from visualizer.poll.join_panel import JoinPanel

    poll = make_poll()
    stage = JoinPanel(appearance)
    qtbot.addWidget(stage)
    poll.show_in(join_panel=stage)
    poll.set_shared_addresses(True)
    run.go_to(INDEX["swap-none"])
    assert poll.open()
    phones = [Phone(poll.url, source="127.0.0.31") for _ in range(3)]
    for phone in phones:
        phone.open_page()
        assert phone.answer("swap-none", 1).status == 200
    qtbot.waitUntil(lambda: poll.answered == 3)
    assert poll.warning is None and stage.warning.isHidden()
    noisy = Phone(poll.url, source="127.0.0.32")  # one device, the default setting again
    poll.set_shared_addresses(False)
    assert poll.is_open
    refused = 0
    for _ in range(200):  # reloading as fast as it can: refused (429), then its connection dropped
        try:
            refused += noisy.open_page().status == 429
        except OSError:
            refused += 1
        if refused:
            break
    assert refused
    qtbot.waitUntil(lambda: poll.warning is not None)
    assert "too many requests" in poll.warning and "Phones share addresses" not in poll.warning
    for phone in [*phones, noisy]:
        phone.close()


def test_a_new_room_code_shuts_out_the_old_address(make_poll, run, qtbot):
    with socket.socket() as probe:  # a free port, so that the poll opens again on the same one
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    poll = make_poll(port=port)
    run.go_to(INDEX["swap-none"])
    poll.open()
    old_url, old_token = poll.url, poll.token
    phone = Phone(old_url)
    phone.open_page()
    assert phone.answer("swap-none", 1).status == 200
    qtbot.waitUntil(lambda: poll.answered == 1)
    with qtbot.waitSignal(poll.state_changed):
        poll.new_room_code()
    assert poll.is_open and poll.token != old_token and poll.url != old_url
    assert port_of(poll) == port  # the same server address, another room code
    assert phone.request("GET", phone.base + "status").status == 404  # a code that left the room
    newcomer = Phone(poll.url)
    assert newcomer.open_page().status == 200 and newcomer.status()["question"]["id"] == "swap-none"
    assert poll.answered == 1  # the answers stay
    phone.close()
    newcomer.close()


def test_a_poll_closed_for_long_opens_with_a_new_code(make_poll, run):
    from visualizer.poll.class_poll import ROOM_CODE_PAUSE_S

    now = [1000.0]
    poll = make_poll(clock=lambda: now[0])
    run.go_to(INDEX["swap-none"])
    poll.open()
    token = poll.token
    poll.close()
    now[0] += 60
    poll.open()
    assert poll.token == token  # closed a minute (a discussion): the same code, no scanning again
    poll.close()
    now[0] += ROOM_CODE_PAUSE_S
    poll.open()
    assert poll.token != token  # the next class on the same Wi-Fi does not inherit the address


def test_phones_follow_the_lesson_and_a_drag_reaches_them_once_it_pauses(poll, run, model, qtbot):
    """Every step goes to the phones at once, with its question; while the model changes under a
    step (a drag makes dozens of changes a second) the stage goes at most every STAGE_DELAY_MS."""
    run.go_to(INDEX["positions"])
    assert poll.open()
    phone = Phone(poll.url)
    phone.open_page()
    assert phone.status()["stage"]["step"] == "positions"
    run.advance()
    status = phone.status()
    assert status["stage"]["step"] == LESSON.steps[INDEX["positions"] + 1].id and status["question"] is None
    run.go_to(INDEX["swap-none"])
    status = phone.status()  # a question step: its question and its stage in the same status
    assert status["stage"]["step"] == "swap-none" and status["question"]["id"] == "swap-none"
    revision = poll._ballot.revision
    for _ in range(10):  # the class drags ␣gato back and forth
        model.move_token(1, 2)
        model.move_token(2, 1)
    model.move_token(1, 2)
    assert poll._ballot.revision == revision  # nothing sent yet: the drag goes on
    qtbot.waitUntil(lambda: poll._ballot.revision > revision, timeout=2000)  # once the drag pauses
    assert poll._ballot.revision == revision + 1  # twenty-one changes, one update
    scores = phone.status()["stage"]["tables"][0]
    assert scores["rows"][1].endswith(display_token(model.tokens[model.ids[1]]))  # the dragged order
    run.reveal()  # the reveal: at once, its answer in the caption
    assert phone.status()["stage"]["revealed"] is True
    phone.close()
