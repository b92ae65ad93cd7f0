"""Hostile clients on real sockets that fill the server with unfinished requests, or answer from
many addresses of one machine: the class still gets in, and the teacher is told what only the
teacher can judge.

Each client speaks from its own loopback addresses (all of 127.0.0.0/8 is this machine).
"""

from __future__ import annotations

import selectors
import socket
import threading
import time

import pytest

from tests.poll.phones import Phone
from visualizer.lesson.questions import question_for
from visualizer.lesson.run import load_lesson
from visualizer.model import EmbeddingModel
from visualizer.poll.ballot import Ballot
from visualizer.poll.crowding import BURST_ADDRESSES, Cap, Crowding
from visualizer.poll.server import PollServer
from visualizer.poll.web import Limits, PollApp

TOKEN = "k7q2m4xv5n3wz6ta2hq4rb7ceu"
SWAP = next(step for step in load_lesson().steps if step.id == "swap-none")
LIMITS = Limits()  # the app's own: 1,000 connections, 6 per address, a request whole within 10 s
SLOW_ADDRESSES = -(-LIMITS.connections // LIMITS.connections_per_address) + 3  # 170: the cap full, and more
PHONE_REQUESTS = 30


class SlowClients:
    """``per_address`` connections from each of ``addresses``, each holding an unfinished request
    (its headers, or its body, one byte at a time), opened again as soon as the server closes one."""

    def __init__(self, server: PollServer, addresses: list[str], per_address: int, body: bool = False) -> None:
        self._server, self._addresses, self._per_address = server, addresses, per_address
        host = f"{server.host}:{server.port}"
        if body:  # the headers whole, the body promised and never sent
            self._opening = (f"POST /{TOKEN}/answer HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n"
                             "Content-Length: 1000\r\n\r\n{").encode()
        else:
            self._opening = f"GET /{TOKEN}/status HTTP/1.1\r\nHost: {host}\r\nX-Slow: ".encode()
        self._selector = selectors.DefaultSelector()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self.opened = 0

    def __enter__(self) -> SlowClients:
        self._thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self._stop.set()
        self._thread.join(timeout=20)
        for key in list(self._selector.get_map().values()):
            key.fileobj.close()
        self._selector.close()

    def held(self) -> int:
        return len(self._selector.get_map())

    def _open(self, source: str) -> None:
        try:
            sock = socket.create_connection((self._server.host, self._server.port), timeout=1,
                                            source_address=(source, 0))
            sock.sendall(self._opening)
        except OSError:
            return
        sock.setblocking(False)
        self._selector.register(sock, selectors.EVENT_READ, source)
        self.opened += 1

    def _run(self) -> None:
        for source in self._addresses:
            for _ in range(self._per_address):
                self._open(source)
        last_trickle = 0.0
        while not self._stop.is_set():
            for key, _ in self._selector.select(timeout=0.05):  # readable: the server closed it
                self._selector.unregister(key.fileobj)
                key.fileobj.close()
            now = time.monotonic()
            if now - last_trickle > 0.5:  # a byte now and then: never idle, never whole
                last_trickle = now
                for key in list(self._selector.get_map().values()):
                    try:
                        key.fileobj.send(b"a")
                    except OSError:
                        self._selector.unregister(key.fileobj)
                        key.fileobj.close()
            held = {}
            for key in self._selector.get_map().values():
                held[key.data] = held.get(key.data, 0) + 1
            for source in self._addresses:  # as soon as one closes, open another
                for _ in range(self._per_address - held.get(source, 0)):
                    self._open(source)


def new_phones_served(server: PollServer, network: str, phones: int) -> tuple[int, float]:
    """``phones`` new phones, one after the other, each from its own address of ``network``
    ("127.59.0.") on a connection of its own, ask for their page and the status: how many got both,
    and the slowest in seconds."""
    served, slowest = 0, 0.0
    for number in range(phones):
        phone = Phone(server.url, source=f"{network}{number + 1}", timeout=3)
        start = time.perf_counter()
        try:
            if phone.open_page().status == 200 and phone.status()["question"]["id"] == "swap-none":
                served += 1
        except (OSError, AssertionError):
            pass
        finally:
            slowest = max(slowest, time.perf_counter() - start)
            phone.close()
    return served, slowest


@pytest.fixture
def full_server():
    ballot = Ballot()
    ballot.ask(question_for(SWAP, EmbeddingModel()))
    server = PollServer(PollApp(ballot, TOKEN, (), LIMITS), "127.0.0.1", 0, LIMITS)
    assert server.connection_cap == LIMITS.connections
    server.start()
    yield server
    server.stop()


@pytest.mark.slow(seconds=10)
@pytest.mark.parametrize("body", [False, True], ids=["headers", "bodies"])
def test_unfinished_requests_from_170_addresses_make_room_for_phones(full_server, figure, body):
    """The issue's attack: slow requests from about 170 addresses fill the 1,000-connection cap
    with unfinished headers or bodies (and open another as soon as one closes). Each new phone
    still gets its page and the status: unfinished requests make room for it."""
    server = full_server
    addresses = [f"127.{60 + number // 250}.{number % 250}.1" for number in range(SLOW_ADDRESSES)]
    with SlowClients(server, addresses, LIMITS.connections_per_address, body=body) as slow:
        deadline = time.monotonic() + 20
        while server.connections() < server.connection_cap and time.monotonic() < deadline:
            time.sleep(0.05)
        assert server.connections() == server.connection_cap, "the slow clients never filled the server"
        served, slowest = new_phones_served(server, "127.59.0.", PHONE_REQUESTS)
        held = slow.held()
    assert served == PHONE_REQUESTS, f"{PHONE_REQUESTS - served} of {PHONE_REQUESTS} phones refused"
    assert held > 0.9 * LIMITS.connections  # the attack went on meanwhile: the server stayed full
    figure(f"unfinished {'bodies' if body else 'headers'} from {SLOW_ADDRESSES} addresses holding the "
           f"{LIMITS.connections}-connection cap ({slow.opened} opened): {served} of {PHONE_REQUESTS} new "
           f"phones served, the slowest in {slowest * 1000:.0f} ms")


def test_twenty_addresses_of_one_machine_answering_at_once_are_shown_to_the_teacher(figure):
    """One machine with twenty addresses counts as twenty phones (nothing on the network tells them
    apart), but addresses that answer as soon as they appear, many at once, are noted for the
    teacher; phones heard from before they answer are not."""
    clock = [1000.0]
    crowding = Crowding(clock=lambda: clock[0])
    ballot = Ballot(crowding=crowding)
    ballot.ask(question_for(SWAP, EmbeddingModel()))
    server = PollServer(PollApp(ballot, TOKEN, (), LIMITS, crowding=crowding), "127.0.0.1", 0, LIMITS)
    server.start()
    try:
        # A class: each phone opens the page, and answers later (they read the question first).
        phones = [Phone(server.url, source=f"127.70.0.{number + 1}") for number in range(2 * BURST_ADDRESSES)]
        for phone in phones:
            phone.open_page()
        clock[0] += 30
        for number, phone in enumerate(phones):
            assert phone.answer("swap-none", number % 4).status == 200
        assert not crowding.hit(Cap.FRESH)
        # One machine's twenty addresses: each opens the page and answers within the second.
        script = [Phone(server.url, source=f"127.71.0.{number + 1}") for number in range(20)]
        for phone in script:
            phone.open_page()
            assert phone.answer("swap-none", 0).status == 200
        assert ballot.answered() == len(phones) + len(script)  # counted: nothing tells them apart ...
        assert crowding.addresses(Cap.FRESH) == len(script)  # ... but the teacher is told of them
        for phone in (*phones, *script):
            phone.close()
    finally:
        server.stop()
    figure(f"{len(script)} addresses of one machine answering as they appear: {len(script)} counted, "
           f"{crowding.addresses(Cap.FRESH)} shown to the teacher; {len(phones)} phones that read first: none")
