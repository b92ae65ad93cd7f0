"""Hostile clients that play on what one network address may hold: many phone ids (vote stuffing),
idle connections kept alive with bare CRLFs, floods, the caps of the platform; and a class behind
one address (NAT), which must be told rather than silently miscounted.

Each test speaks from its own loopback addresses (all of 127.0.0.0/8 is this machine).
"""

from __future__ import annotations

import re
import resource  # POSIX: the CI and the lab machines
import socket
import sys
import time

import pytest

from tests.poll.phones import Phone
from visualizer.lesson.questions import question_for
from visualizer.lesson.run import load_lesson
from visualizer.model import EmbeddingModel
from visualizer.poll import server as server_module
from visualizer.poll.ballot import SHARED_PHONES_PER_ADDRESS, Ballot
from visualizer.poll.crowding import Cap, Crowding
from visualizer.poll.server import PollServer, connection_cap
from visualizer.poll.web import Limits, PollApp

TOKEN = "k7q2m4xv5n3wz6ta2hq4rb7ceu"
LIMITS = Limits(idle_seconds=2, request_seconds=1)
SWAP = next(step for step in load_lesson().steps if step.id == "swap-none")


class Heard:
    """Counts the calls a server thread makes towards the UI (each would be an event there)."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self) -> None:
        self.calls += 1


@pytest.fixture(scope="module")
def room():
    heard = Heard()
    crowding = Crowding(on_change=heard)
    ballot = Ballot(crowding=crowding)
    ballot.ask(question_for(SWAP, EmbeddingModel()))
    server = PollServer(PollApp(ballot, TOKEN, (), LIMITS, crowding=crowding), "127.0.0.1", 0, LIMITS)
    server.start()
    yield ballot, server, crowding, heard
    server.stop()


def count_from(ballot: Ballot) -> int:
    results = ballot.results()
    assert results is not None
    return sum(results.counts)


def test_many_phone_ids_from_one_address_cast_one_vote(room, figure):
    """Vote stuffing: a script (or a private tab) mints a new phone id per answer; by default one
    address answers for one phone, and a new id *replaces* the address's answer."""
    ballot, _, crowding, _ = room
    _, server, _, _ = room
    before = count_from(ballot)
    phones = [Phone(server.url, source="127.40.0.1") for _ in range(8)]
    for phone in phones:
        phone.open_page()
        assert phone.cookie is not None
        assert phone.answer("swap-none", 0).status == 200
    assert len({phone.cookie for phone in phones}) == len(phones)  # eight phone ids ...
    assert count_from(ballot) == before + 1  # ... one vote
    # The phone whose answer was replaced is told so (its page says "not counted"); the last counts.
    first, last = phones[0].status(), phones[-1].status()
    assert first["replaced"] is True and first["your_answer"] is None
    assert last["replaced"] is False and last["your_answer"] == 0
    assert crowding.hit(Cap.PHONES)  # three or more phones on one address: the teacher is told
    other = Phone(server.url, source="127.40.0.2")
    other.open_page()
    assert other.answer("swap-none", 1).status == 200
    assert count_from(ballot) == before + 2  # another address counts on its own
    figure(f"vote stuffing: {len(phones)} phone ids from one address → 1 answer counted (was 4 before the fix)")
    for phone in (*phones, other):
        phone.close()


def test_the_teacher_lets_phones_share_an_address():
    """A class behind one address (a school Wi-Fi's NAT): with the teacher's setting, each phone counts."""
    ballot = Ballot()
    ballot.ask(question_for(SWAP, EmbeddingModel()))
    shared = LIMITS.for_shared_addresses()
    ballot.set_phones_per_address(shared.phones_per_address)
    assert shared.phones_per_address == SHARED_PHONES_PER_ADDRESS and shared.connections_per_address > 6
    server = PollServer(PollApp(ballot, TOKEN, (), shared), "127.0.0.1", 0, shared)
    server.start()
    try:
        phones = [Phone(server.url, source="127.41.0.1") for _ in range(12)]
        for number, phone in enumerate(phones):
            phone.open_page()
            assert phone.answer("swap-none", number % 4).status == 200
        assert count_from(ballot) == len(phones)
        assert all(phone.status()["replaced"] is False for phone in phones)
        for phone in phones:
            phone.close()
    finally:
        server.stop()


def crlf_keepalive(server: PollServer, source: str, count: int) -> list[socket.socket]:
    sockets = [socket.create_connection((server.host, server.port), timeout=2, source_address=(source, 0))
               for _ in range(count)]
    for sock in sockets:
        sock.setblocking(False)
    return sockets


def still_open(sock: socket.socket) -> bool:
    """Send a blank line (an empty request, which RFC 7230 lets precede a real one) and see
    whether the server has hung up."""
    try:
        sock.send(b"\r\n\r\n")
        return sock.recv(1) != b""
    except BlockingIOError:
        return True
    except OSError:
        return False


def test_blank_lines_keep_no_connection_open(room, figure):
    """Connection exhaustion: bare CRLFs reset waitress's own idle timer; here only requests that
    are served count, so connections that never ask anything close after ``idle_seconds``."""
    _, server, _, _ = room
    sockets = crlf_keepalive(server, "127.42.0.1", LIMITS.connections_per_address)
    start = time.perf_counter()
    held: list[tuple[float, int]] = []
    while time.perf_counter() - start < LIMITS.idle_seconds + 3:
        alive = sum(still_open(sock) for sock in sockets)
        held.append((time.perf_counter() - start, alive))
        if not alive:
            break
        time.sleep(0.25)
    for sock in sockets:
        sock.close()
    assert held[-1][1] == 0, f"still held after {held[-1][0]:.1f} s: {held[-1][1]} connections"
    closed_after = held[-1][0]
    assert closed_after < LIMITS.idle_seconds + 2.5
    figure(f"CRLF keep-alive: {len(sockets)} connections sending a blank line every 0.25 s, "
           f"all closed after {closed_after:.1f} s (idle limit {LIMITS.idle_seconds} s; before the fix "
           "held for as long as the client kept sending)")


def test_idle_connections_at_an_address_cap_make_room_for_a_phone(room):
    """A phone behind the same address as a client holding its whole allowance of connections
    still gets in: the connection idle longest makes room for it."""
    _, server, _, _ = room
    sockets = crlf_keepalive(server, "127.43.0.1", LIMITS.connections_per_address)
    time.sleep(0.2)  # all accepted
    phone = Phone(server.url, source="127.43.0.1", timeout=2)
    try:
        phone.open_page()
        assert phone.status()["question"]["id"] == "swap-none"
        held = sum(still_open(sock) for sock in sockets)
        assert held <= LIMITS.connections_per_address - 1  # one made room, the phone holds it
    finally:
        phone.close()
        for sock in sockets:
            sock.close()


def test_a_phone_gets_in_when_idle_connections_fill_the_server(figure):
    """At the server's own cap, the connection idle longest makes room (waitress alone stops
    accepting there, so idle connections from a few addresses would lock the class out)."""
    limits = Limits(idle_seconds=30, request_seconds=1, connections=8, connections_per_address=4)
    server = PollServer(PollApp(Ballot(), TOKEN, (), limits), "127.0.0.1", 0, limits)
    server.start()
    sockets: list[socket.socket] = []
    try:
        assert server.connection_cap == 8
        for number in range(4):
            sockets += crlf_keepalive(server, f"127.44.0.{number + 1}", 2)
        time.sleep(0.2)
        assert server.connections() == 8
        phone = Phone(server.url, source="127.44.1.1", timeout=2)
        start = time.perf_counter()
        assert phone.open_page().status == 200
        took = time.perf_counter() - start
        phone.close()
        assert server.connections() <= 8
        figure(f"server full of idle connections (8 of 8): a phone got its page in {took * 1000:.0f} ms")
    finally:
        for sock in sockets:
            sock.close()
        server.stop()


def test_a_flood_reaches_the_ui_once_per_address_and_cap(room, figure):
    """Refusals are cheap: a flood of pipelined requests from one address is refused without a
    call towards the UI per request; the teacher hears of the address once."""
    ballot, server, crowding, heard = room
    before_count, before_heard = count_from(ballot), heard.calls
    request = f"GET /{TOKEN}/status HTTP/1.1\r\nHost: {server.host}:{server.port}\r\n\r\n".encode()
    sent, answered, refused = 0, 0, 0
    start = time.perf_counter()
    while sent < 3000:
        received = b""
        try:
            with socket.create_connection((server.host, server.port), timeout=5,
                                          source_address=("127.45.0.1", 0)) as sock:
                sock.sendall(request * 200)
                while True:
                    chunk = sock.recv(65536)
                    if not chunk:
                        break
                    received += chunk
        except OSError:
            pass  # closed with requests unread (a reset): refused, the rest never parsed
        codes = re.findall(rb"HTTP/1\.1 (\d{3}) ", received)
        answered += codes.count(b"200")
        refused += codes.count(b"429")
        sent += 200
    took = time.perf_counter() - start
    assert answered <= LIMITS.burst + LIMITS.per_second * took + 1
    assert refused <= sent // 200  # one 429 per connection at most: the rest of its pipeline unread
    assert crowding.hit(Cap.REQUESTS)
    # Once for the rate limit, perhaps once for the address's connections: never per request.
    assert heard.calls - before_heard <= 2
    assert count_from(ballot) == before_count
    figure(f"flood: {sent:,} pipelined requests from one address in {took:.2f} s: {answered} served, "
           f"{refused} answered 429 (one per connection), the rest dropped unread; "
           f"{heard.calls - before_heard} call(s) towards the UI")


def test_waitress_refusals_carry_the_security_headers(room):
    """Waitress's own error replies (400, 413, 431) say what the app's replies say."""
    _, server, _, _ = room
    host = f"{server.host}:{server.port}"
    cases = {
        400: b"GARBAGE\r\n\r\n",
        413: (f"POST /{TOKEN}/answer HTTP/1.1\r\nHost: {host}\r\nContent-Length: 1000000000\r\n\r\n").encode(),
        431: (f"GET /{TOKEN}/status HTTP/1.1\r\nHost: {host}\r\nX-Pad: " + "a" * 20_000 + "\r\n\r\n").encode(),
    }
    for number, (status, data) in enumerate(cases.items()):
        with socket.create_connection((server.host, server.port), timeout=3,
                                      source_address=(f"127.46.0.{number + 1}", 0)) as sock:
            sock.sendall(data)
            received = b""
            while b"\r\n\r\n" not in received:
                chunk = sock.recv(4096)
                if not chunk:
                    break
                received += chunk
        head = received.split(b"\r\n\r\n")[0].decode("latin-1")
        assert re.match(rf"HTTP/1\.[01] {status} ", head), head
        headers = {line.split(":", 1)[0].lower(): line.split(":", 1)[1].strip() for line in head.split("\r\n")[1:]}
        assert "default-src 'none'" in headers.get("content-security-policy", ""), (status, headers)
        assert headers.get("x-content-type-options") == "nosniff", (status, headers)
        assert headers.get("cache-control") == "no-store", (status, headers)
        assert headers.get("referrer-policy") == "no-referrer", (status, headers)
        assert "server" not in headers


def test_on_windows_the_loop_stays_within_select(monkeypatch):
    """Windows has no poll(): waitress's loop uses select(), which fails past 512 sockets."""
    limits = Limits(connections=1000)
    monkeypatch.setattr(resource, "getrlimit", lambda which: (100_000, 100_000))  # files are no limit here
    assert connection_cap(limits) == 1000  # where poll() exists
    monkeypatch.setattr(sys, "platform", "win32")
    cap = connection_cap(limits)
    assert cap < 512
    server = PollServer(PollApp(Ballot(), TOKEN, (), limits, page={}), "127.0.0.1", 0, limits)
    try:
        assert server.connection_cap == cap and server._server.adj.connection_limit < 512
    finally:
        server.stop()


def test_the_cap_stays_within_the_file_limit(monkeypatch):
    """A desktop that starts programs with a small file limit: connections stay below it, with
    handles to spare for the app itself."""
    open_now = server_module._open_files()
    monkeypatch.setattr(resource, "getrlimit", lambda which: (open_now + 200, open_now + 200))
    cap = connection_cap(Limits(connections=1000))
    assert 0 < cap <= 200 - server_module.FILES_SPARE
