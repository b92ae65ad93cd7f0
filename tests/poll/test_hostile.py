"""Hostile clients, generated from a fixed seed: every request is refused (4xx) or dropped, the
server keeps answering the class quickly, and the counts never change.

Each hostile request comes from its own loopback address (all of 127.0.0.0/8 is this machine),
so that the per-address rate limit, tested on its own by the flood, does not hide the others.
"""

from __future__ import annotations

import json
import random
import re
import socket
import threading
import time

import pytest

from tests.poll.phones import Phone
from visualizer.lesson.questions import question_for
from visualizer.lesson.run import load_lesson
from visualizer.model import EmbeddingModel
from visualizer.poll.ballot import Ballot
from visualizer.poll.server import PollServer
from visualizer.poll.web import Limits, PollApp

SEED = 20_17
TOKEN = "k7q2m4xv5n3wz6ta2hq4rb7ceu"
LIMITS = Limits(burst=30, per_second=10, idle_seconds=2, request_seconds=1)
FLOOD = 10_000
RESPONSIVE_S = 1.0
"""The longest a legitimate phone may wait for its status while the server is under attack."""


@pytest.fixture(scope="module")
def room():
    """A poll on loopback asking the swap question, three phones' answers already in."""
    ballot = Ballot()
    ballot.ask(question_for(next(s for s in load_lesson().steps if s.id == "swap-none"), EmbeddingModel()))
    server = PollServer(PollApp(ballot, TOKEN, (), LIMITS), "127.0.0.1", 0, LIMITS)
    server.start()
    for number, choice in enumerate((1, 1, 2)):
        phone = Phone(server.url, source=f"127.0.0.{10 + number}")
        phone.open_page()
        assert phone.answer("swap-none", choice).status == 200
        phone.close()
    yield ballot, server
    server.stop()


def raw(server: PollServer, data: bytes, source: str, timeout: float = 3.0) -> int | None:
    """Send ``data`` as is; the status of the reply, or None if the server dropped the connection."""
    with socket.create_connection((server.host, server.port), timeout=timeout, source_address=(source, 0)) as sock:
        try:
            sock.sendall(data)
            sock.shutdown(socket.SHUT_WR)
        except OSError:
            return None  # refused while we were still sending: dropped
        received = b""
        try:
            while b"\r\n" not in received:
                chunk = sock.recv(4096)
                if not chunk:
                    break
                received += chunk
        except OSError:
            return None
    if not received.startswith(b"HTTP/1."):
        return None
    return int(received.split(b" ", 2)[1])


def hostile_requests(rng: random.Random, host: str, cookie: str) -> list[tuple[str, bytes]]:
    """(kind, raw request) pairs: every way in that is not the page, its assets or an answer."""

    def request(method: str, path: str, body: bytes = b"", headers: dict[str, str] | None = None) -> bytes:
        lines = [f"{method} {path} HTTP/1.1", f"Host: {host}", "Connection: close"]
        lines += [f"{k}: {v}" for k, v in (headers or {}).items()]
        if body or method == "POST":
            lines.append(f"Content-Length: {len(body)}")
        return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + body

    alphabet = "abcdefghijklmnopqrstuvwxyz234567"
    json_headers = {"Content-Type": "application/json", "Cookie": cookie}
    cases: list[tuple[str, bytes]] = []
    for _ in range(40):
        wrong = "".join(rng.choice(alphabet) for _ in range(rng.choice([0, 5, 25, 26, 27])))
        near = TOKEN[:-1] + rng.choice(alphabet.replace(TOKEN[-1], ""))
        cases.append(("wrong token", request("GET", f"/{rng.choice([wrong, near])}/{rng.choice(['', 'status'])}")))
        cases.append(("missing token", request(rng.choice(["GET", "POST"]), rng.choice(["/", "/status", "/answer"]))))
        question = rng.choice(["lookup", "batch-question", "", "../swap-none", "x" * 300])
        body = json.dumps({"question": question, "choice": rng.randrange(4)}).encode()
        cases.append(("unknown question", request("POST", f"/{TOKEN}/answer", body, json_headers)))
        junk = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 300)))
        truncated = json.dumps({"question": "swap-none", "choice": 1}).encode()[: rng.randrange(1, 30)]
        typed = json.dumps({"question": "swap-none", "choice": rng.choice(["1", 1.5, None, True, [1], -1, 99])})
        cases.append(("malformed body", request("POST", f"/{TOKEN}/answer",
                                                rng.choice([junk, truncated, typed.encode()]), json_headers)))
        big = b'{"question": "swap-none", "choice": 1, "pad": "' + b"x" * rng.randrange(3000, 200_000) + b'"}'
        cases.append(("oversized body", request("POST", f"/{TOKEN}/answer", big, json_headers)))
        claimed = request("POST", f"/{TOKEN}/answer", b"", {**json_headers, "X": "y"}).replace(
            b"Content-Length: 0", b"Content-Length: " + str(rng.choice([10**9, 10**12])).encode())
        cases.append(("oversized claim", claimed))
        cases.append(("oversized headers", request("GET", f"/{TOKEN}/status",
                                                   headers={"X-Pad": "a" * rng.randrange(9000, 60_000)})))
        traversal = rng.choice(["../../etc/passwd", "..%2f..%2fetc%2fpasswd", "%2e%2e/%2e%2e/etc/passwd",
                                "poll.js/../../../resources", "....//....//etc/passwd", "/etc/passwd",
                                "..\\..\\windows\\win.ini", "%00poll.js", "text.json%00.html",
                                "classroom/poll.js", "../lesson/embeddings.json"])
        cases.append(("path traversal", request("GET", f"/{TOKEN}/{traversal}")))
        cases.append(("wrong host", request("GET", f"/{TOKEN}/status").replace(
            f"Host: {host}".encode(), b"Host: " + rng.choice([b"evil.example", b"localhost", b"127.0.0.1", b""]))))
        garbage = rng.choice([b"GARBAGE\r\n\r\n", b"GET\r\n\r\n", b"GET / HTTP/9.9\r\n\r\n", b"\x00" * 64 + b"\r\n\r\n",
                              b"GET /" + TOKEN.encode() + b"/ HTTP/1.1\r\nHost: " + host.encode() + b"\r\n"
                              + b"Transfer-Encoding: chunked\r\nContent-Length: 5\r\n\r\nzzz\r\n\r\n",
                              bytes(rng.randrange(256) for _ in range(100)) + b"\r\n\r\n"])
        cases.append(("malformed request", garbage))
    rng.shuffle(cases)
    return cases


def assert_responsive(server: PollServer, phone: Phone) -> float:
    start = time.perf_counter()
    assert phone.status()["question"]["id"] == "swap-none"
    took = time.perf_counter() - start
    assert took < RESPONSIVE_S
    return took


def test_hostile_requests_are_refused_or_dropped_and_count_nothing(room, figure):
    ballot, server = room
    before = ballot.results().counts
    host = f"{server.host}:{server.port}"
    insider = Phone(server.url, source="127.0.0.99")
    insider.open_page()
    cases = hostile_requests(random.Random(SEED), host, insider.cookie)
    outcomes: dict[str, dict[str, int]] = {}
    legit = Phone(server.url, source="127.0.0.20")
    slowest = 0.0
    for number, (kind, data) in enumerate(cases):
        status = raw(server, data, source=f"127.1.{number // 250}.{number % 250 + 1}")
        assert status is None or 400 <= status < 500, (kind, data[:120], status)
        key = "dropped" if status is None else str(status)
        outcomes.setdefault(kind, {}).setdefault(key, 0)
        outcomes[kind][key] += 1
        if number % 50 == 0:
            slowest = max(slowest, assert_responsive(server, legit))
    assert ballot.results().counts == before
    figure(f"hostile fuzz (seed {SEED}): {len(cases)} requests, all refused or dropped; "
           + "; ".join(f"{kind}: {', '.join(f'{n}× {k}' for k, n in sorted(codes.items()))}"
                       for kind, codes in sorted(outcomes.items()))
           + f"; a phone's status meanwhile ≤ {slowest * 1000:.0f} ms")
    legit.close()
    insider.close()


@pytest.mark.slow(seconds=3)
def test_ten_thousand_requests_from_one_client_are_rate_limited(room, figure):
    ballot, server = room
    before = ballot.results().counts
    host = f"{server.host}:{server.port}"
    request = f"GET /{TOKEN}/status HTTP/1.1\r\nHost: {host}\r\n\r\n".encode()
    statuses: dict[int, int] = {}
    lock = threading.Lock()

    def flood(requests: int) -> None:
        # Pipelined on kept-alive connections: as fast as one client can ask.
        done = 0
        while done < requests:
            batch = min(200, requests - done)
            received, seen = b"", 0
            try:
                with socket.create_connection((server.host, server.port), timeout=10,
                                              source_address=("127.2.0.1", 0)) as sock:
                    sock.sendall(request * batch)
                    while seen < batch:
                        chunk = sock.recv(65536)
                        if not chunk:
                            break
                        received += chunk
                        seen = received.count(b"HTTP/1.1 ")
            except OSError:
                pass  # closed with requests unread (a reset): once refused, the rest is never parsed
            # Responses follow each other with no line break between a body and the next status line.
            answered = [int(code) for code in re.findall(rb"HTTP/1\.1 (\d{3}) ", received)]
            with lock:
                for code in answered:
                    statuses[code] = statuses.get(code, 0) + 1
                # A refused address's connections are closed unread: their requests are dropped.
                statuses[0] = statuses.get(0, 0) + batch - len(answered)
            done += batch

    threads = [threading.Thread(target=flood, args=(FLOOD // 4,)) for _ in range(4)]
    legit = Phone(server.url, source="127.0.0.21")
    start = time.perf_counter()
    for thread in threads:
        thread.start()
    slowest = 0.0
    while any(thread.is_alive() for thread in threads):
        slowest = max(slowest, assert_responsive(server, legit))
        time.sleep(0.05)
    took = time.perf_counter() - start
    for thread in threads:
        thread.join()
    assert sum(statuses.values()) == FLOOD
    allowed = LIMITS.burst + LIMITS.per_second * took + 1
    assert set(statuses) <= {200, 429, 0}  # served, refused, or dropped
    # Refused cheaply: one 429 per connection at most, the rest of its pipeline dropped unparsed.
    connections = -(-FLOOD // 200)  # the flood's connections: 200 pipelined requests each
    assert statuses.get(200, 0) <= allowed and statuses.get(429, 0) <= connections
    assert ballot.results().counts == before
    figure(f"flood: {FLOOD:,} requests from one client in {took:.1f} s: {statuses.get(200, 0)} served, "
           f"{statuses.get(429, 0):,} refused (429), {statuses.get(0, 0):,} dropped unread (the address "
           f"refused); another phone's status meanwhile ≤ {slowest * 1000:.0f} ms")
    legit.close()


@pytest.mark.slow(seconds=3)
def test_slow_partial_requests_are_dropped(room, figure):
    ballot, server = room
    before = ballot.results().counts
    host = f"{server.host}:{server.port}"
    head = f"GET /{TOKEN}/status HTTP/1.1\r\nHost: {host}\r\nX-Slow: ".encode()
    source = "127.3.0.1"
    sockets = []
    for _ in range(LIMITS.connections_per_address + 8):
        sock = socket.create_connection((server.host, server.port), timeout=5, source_address=(source, 0))
        sock.sendall(head)
        sockets.append(sock)
    legit = Phone(server.url, source="127.0.0.22")
    time.sleep(0.3)
    held = sum(1 for sock in sockets if not closed_now(sock))
    assert held <= LIMITS.connections_per_address  # one address holds its allowance, no more
    start = time.perf_counter()
    dropped_at: dict[int, float] = {}
    slowest = 0.0
    while len(dropped_at) < len(sockets) and time.perf_counter() - start < LIMITS.request_seconds + 5:
        for number, sock in enumerate(sockets):
            if number in dropped_at:
                continue
            try:  # a byte every 0.2 s: never idle, never finished
                sock.sendall(b"a")
                sock.setblocking(False)
                try:
                    closed = sock.recv(1) == b""
                except BlockingIOError:
                    closed = False
                finally:
                    sock.setblocking(True)
            except OSError:
                closed = True
            if closed:
                dropped_at[number] = time.perf_counter() - start
        slowest = max(slowest, assert_responsive(server, legit))
        time.sleep(0.2)
    for sock in sockets:
        sock.close()
    assert len(dropped_at) == len(sockets), "some slow requests were still being waited for"
    assert max(dropped_at.values()) < LIMITS.request_seconds + 2.5
    assert ballot.results().counts == before
    figure(f"slowloris: {len(sockets)} trickling connections from one address, {held} held at once, "
           f"the rest dropped after {max(dropped_at.values()):.1f} s (deadline {LIMITS.request_seconds} s); "
           f"a phone's status meanwhile ≤ {slowest * 1000:.0f} ms")
    legit.close()


def closed_now(sock: socket.socket) -> bool:
    """Whether the server has hung up on ``sock`` (without waiting)."""
    sock.setblocking(False)
    try:
        return sock.recv(1) == b""
    except BlockingIOError:
        return False
    except OSError:
        return True
    finally:
        sock.setblocking(True)


def test_after_the_attacks_the_class_is_served_and_counted(room):
    ballot, server = room
    phone = Phone(server.url, source="127.0.0.30")
    phone.open_page()
    before = sum(ballot.results().counts)
    assert phone.answer("swap-none", 0).status == 200
    assert sum(ballot.results().counts) == before + 1
    phone.close()
