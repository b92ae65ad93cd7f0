"""The poll's server: only its page, assets and two endpoints, under the room token, with strict
headers; the next port when one is taken; the port closed once stopped."""

from __future__ import annotations

import json
import socket
import threading
import time

import pytest

from tests.poll.phones import Phone
from visualizer.lesson.questions import question_for
from visualizer.lesson.run import load_lesson
from visualizer.model import EmbeddingModel
from visualizer.poll.ballot import Ballot
from visualizer.poll.server import PollServer, bind_first_free, wait_closed
from visualizer.poll.web import ASSETS, PAGE, Limits, PollApp, load_page
from visualizer.resources import resource

STEPS = {step.id: step for step in load_lesson().steps}
TOKEN = "k7q2m4xv5n3wz6ta2hq4rb7ceu"


@pytest.fixture(scope="module")
def served():
    ballot = Ballot()
    ballot.ask(question_for(STEPS["swap-none"], EmbeddingModel()))
    limits = Limits(burst=1000, per_second=1000)
    server = PollServer(PollApp(ballot, TOKEN, (), limits), "127.0.0.1", 0, limits)
    server.start()
    yield ballot, server
    server.stop()


@pytest.fixture
def phone(served):
    phone = Phone(served[1].url)
    yield phone
    phone.close()


def test_the_page_and_its_assets_are_served_from_memory_with_strict_headers(served, phone):
    page = phone.open_page()
    assert page.status == 200 and page.headers["content-type"] == "text/html; charset=utf-8"
    assert page.body == resource("classroom", PAGE).read_bytes()
    policy = page.headers["content-security-policy"]
    assert "default-src 'none'" in policy and "script-src 'self'" in policy and "frame-ancestors 'none'" in policy
    assert page.headers["x-content-type-options"] == "nosniff"
    assert page.headers["cache-control"] == "no-store"
    assert page.headers["referrer-policy"] == "no-referrer"
    assert not any(name.startswith("access-control-") for name in page.headers)
    assert "server" not in page.headers
    cookie = page.headers["set-cookie"]
    assert f"Path=/{TOKEN}/" in cookie and "HttpOnly" in cookie and "SameSite=Strict" in cookie
    for name, content_type in ASSETS.items():
        asset = phone.request("GET", phone.base + name)
        assert asset.status == 200 and asset.headers["content-type"] == content_type
        assert asset.body == resource("classroom", name).read_bytes()


def test_the_page_loads_nothing_from_anywhere_else():
    page = load_page()
    for name, (_, body) in page.items():
        text = body.decode("utf-8")
        assert "http://" not in text and "https://" not in text and "//" + "cdn" not in text, name
    html = page[PAGE][1].decode()
    assert 'src="poll.js"' in html and 'href="poll.css"' in html


def test_a_phone_answers_and_changes_its_mind(served, phone):
    ballot, _ = served
    phone.open_page()
    status = phone.status()
    assert status["question"]["id"] == "swap-none" and status["your_answer"] is None
    assert phone.answer("swap-none", 0).status == 200
    reply = phone.answer("swap-none", 1)
    assert reply.status == 200 and reply.json() == {"verdict": "accepted", "your_answer": 1}
    assert phone.status()["your_answer"] == 1
    counts = ballot.results().counts
    assert sum(counts) >= 1 and counts[1] >= 1


def test_the_token_without_its_slash_redirects(served, phone):
    reply = phone.request("GET", "/" + TOKEN)
    assert reply.status == 308 and reply.headers["location"] == f"/{TOKEN}/"


def test_the_address_in_capitals_of_the_qr_code_leads_to_the_page(served, phone):
    """The code carries the address in capitals (a smaller code); only the page itself follows it."""
    for path in (f"/{TOKEN.upper()}/", f"/{TOKEN.upper()}"):
        reply = phone.request("GET", path)
        assert reply.status == 308 and reply.headers["location"] == f"/{TOKEN}/"
    assert phone.request("GET", f"/{TOKEN}/").status == 200


@pytest.mark.parametrize(("method", "path", "headers", "body", "status"), [
    ("GET", "/", {}, None, 404),
    ("GET", "/wrongtoken/", {}, None, 404),
    ("GET", f"/{TOKEN}x/", {}, None, 404),
    ("GET", f"/{TOKEN.upper()}/status", {}, None, 404),
    ("GET", f"/{TOKEN.upper()}/poll.js", {}, None, 404),
    ("POST", f"/{TOKEN.upper()}/", {}, b"{}", 404),
    ("GET", f"/{TOKEN.upper()[:-1]}X/", {}, None, 404),
    ("GET", f"/{TOKEN}/../../etc/passwd", {}, None, 404),
    ("GET", f"/{TOKEN}/%2e%2e/%2e%2e/etc/passwd", {}, None, 404),
    ("GET", f"/{TOKEN}/index.html", {}, None, 404),
    ("GET", f"/{TOKEN}/choices.json", {}, None, 404),
    ("GET", f"/{TOKEN}/poll.js/..", {}, None, 404),
    ("GET", f"/{TOKEN}/answer", {}, None, 405),
    ("POST", f"/{TOKEN}/status", {}, b"{}", 405),
    ("PUT", f"/{TOKEN}/answer", {}, b"{}", 405),
    ("OPTIONS", f"/{TOKEN}/answer", {"Origin": "http://evil.example"}, None, 405),
    ("DELETE", f"/{TOKEN}/", {}, None, 405),
    ("GET", f"/{TOKEN}/status", {"Host": "evil.example"}, None, 400),
    ("GET", f"/{TOKEN}/status", {"Host": "127.0.0.1"}, None, 400),
    ("POST", f"/{TOKEN}/answer", {"Content-Type": "text/plain"}, b'{"question":"swap-none","choice":0}', 415),
    ("POST", f"/{TOKEN}/answer", {"Content-Type": "application/json", "Origin": "http://evil.example"},
     b'{"question":"swap-none","choice":0}', 403),
    ("POST", f"/{TOKEN}/answer", {"Content-Type": "application/json", "Sec-Fetch-Site": "cross-site"},
     b'{"question":"swap-none","choice":0}', 403),
])
def test_everything_else_is_refused(served, phone, method, path, headers, body, status):
    phone.open_page()  # a phone id, so that only the request itself is wrong
    if "Host" in headers:
        phone._connection.putrequest(method, path, skip_host=True)
        phone._connection.putheader("Host", headers["Host"])
        phone._connection.endheaders()
        response = phone._connection.getresponse()
        response.read()
        assert response.status == status
        return
    reply = phone.request(method, path, body, headers)
    assert reply.status == status, reply
    assert "default-src 'none'" in reply.headers["content-security-policy"]  # waitress's own refusals too
    assert not any(name.startswith("access-control-") for name in reply.headers)


@pytest.mark.parametrize(("body", "status"), [
    (b"", 400), (b"not json", 400), (b"[1, 2]", 400), (b'{"question": "swap-none"}', 400),
    (b'{"question": "swap-none", "choice": "1"}', 400), (b'{"question": "swap-none", "choice": true}', 400),
    (b'{"question": "swap-none", "choice": 1.0}', 400), (b'{"question": "swap-none", "choice": 99}', 400),
    (b'{"question": "batch-question", "choice": 1}', 409), (b'{"question": 5, "choice": 1}', 400),
    (b"\xff\xfe\x00", 400), (b"[" * 1000 + b"]" * 1000, 400), (b"x" * 5000, 413),
])
def test_bad_answers_are_refused_and_count_nothing(served, phone, body, status):
    ballot, _ = served
    before = ballot.results().counts
    phone.open_page()
    reply = phone.request("POST", phone.base + "answer", body, {"Content-Type": "application/json"})
    assert reply.status == status
    assert ballot.results().counts == before


def test_an_answer_needs_a_phone_id_this_server_signed(served, phone):
    ballot, _ = served
    before = ballot.results().counts
    anonymous = json.dumps({"question": "swap-none", "choice": 2}).encode()
    headers = {"Content-Type": "application/json"}
    assert phone.request("POST", phone.base + "answer", anonymous, headers).status == 403
    forged = {**headers, "Cookie": "phone=abc.0123456789abcdef0123456789abcdef"}
    assert phone.request("POST", phone.base + "answer", anonymous, forged).status == 403
    assert ballot.results().counts == before


def free_ports(count: int) -> list[socket.socket]:
    """``count`` consecutive ports of loopback, bound (not listening) by the returned sockets."""
    while True:
        first = socket.socket()
        first.bind(("127.0.0.1", 0))
        bound = [first]
        try:
            for offset in range(1, count):
                extra = socket.socket()
                bound.append(extra)
                extra.bind(("127.0.0.1", first.getsockname()[1] + offset))
            return bound
        except OSError:  # one of the next ports is taken: try another stretch
            for sock in bound:
                sock.close()


def test_a_taken_port_gives_the_next_free_one():
    blocker, spare = free_ports(2)
    blocker.listen()
    taken = blocker.getsockname()[1]
    spare.close()
    limits = Limits()
    try:
        server = bind_first_free(PollApp(Ballot(), TOKEN, (), limits, page={}), "127.0.0.1", taken, limits, tries=5)
    finally:
        blocker.close()
    try:
        assert server.port == taken + 1
    finally:
        server.stop()


def test_all_ports_taken_is_an_error_and_leaves_nothing_open():
    blockers = free_ports(3)
    for blocker in blockers:
        blocker.listen()
    base = blockers[0].getsockname()[1]
    threads = threading.active_count()
    limits = Limits()
    try:
        with pytest.raises(OSError):
            bind_first_free(PollApp(Ballot(), TOKEN, (), limits, page={}), "127.0.0.1", base, limits, tries=3)
    finally:
        for blocker in blockers:
            blocker.close()
    assert threading.active_count() == threads  # no worker thread was started for nothing


def test_stopping_closes_the_port_and_every_thread():
    threads = threading.active_count()
    limits = Limits()
    server = PollServer(PollApp(Ballot(), TOKEN, (), limits), "127.0.0.1", 0, limits)
    server.start()
    phone = Phone(server.url)
    assert phone.open_page().status == 200  # a kept-alive connection is open too
    server.stop()
    assert wait_closed("127.0.0.1", server.port)
    assert not server.running and threading.active_count() == threads
    with pytest.raises(OSError):
        phone.open_page()
    phone.close()


def test_it_never_listens_on_every_interface_nor_on_a_public_address():
    from visualizer.poll.network import NotLocalAddressError

    limits = Limits()
    for address in ("0.0.0.0", "8.8.8.8", "::"):
        with pytest.raises(NotLocalAddressError):
            PollServer(PollApp(Ballot(), TOKEN, (), limits, page={}), address, 0, limits)


# ---- phones following the stage: an ETag, and a status that waits for a change -------------------


def waiting_status(server: PollServer, cookie: str, tag: str, source: str | None = None) -> socket.socket:
    """A phone's ``status?wait`` holding ``tag``, sent on a socket of its own (returned, not read)."""
    sock = socket.create_connection((server.host, server.port), timeout=10,
                                    source_address=(source, 0) if source else None)
    request = (f"GET /{TOKEN}/status?wait HTTP/1.1\r\nHost: {server.host}:{server.port}\r\nCookie: {cookie}\r\n"
               f"If-None-Match: {tag}\r\n\r\n").encode()
    sock.sendall(request)
    return sock


def reply_of(sock: socket.socket) -> tuple[int, dict[str, str], bytes]:
    """Read one whole reply: status, headers, body."""
    received = b""
    while b"\r\n\r\n" not in received:
        chunk = sock.recv(65536)
        assert chunk, "closed before a reply"
        received += chunk
    head, _, body = received.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = {line.split(":", 1)[0].lower(): line.split(":", 1)[1].strip() for line in lines[1:]}
    length = int(headers.get("content-length", "0"))
    while len(body) < length:
        chunk = sock.recv(65536)
        assert chunk, "closed in the middle of a body"
        body += chunk
    return int(lines[0].split(" ")[1]), headers, body


@pytest.fixture
def stage_server():
    ballot = Ballot()
    ballot.ask(question_for(STEPS["swap-none"], EmbeddingModel()))
    limits = Limits(burst=1000, per_second=1000, wait_seconds=2)
    server = PollServer(PollApp(ballot, TOKEN, (), limits), "127.0.0.1", 0, limits)
    server.start()
    yield ballot, server
    server.stop()


def test_an_unchanged_status_costs_a_bodiless_304(stage_server):
    _, server = stage_server
    phone = Phone(server.url)
    phone.open_page()
    first = phone.request("GET", phone.base + "status")
    tag = first.headers["etag"]
    assert first.status == 200 and json.loads(first.body)["question"]["id"] == "swap-none"
    again = phone.request("GET", phone.base + "status", headers={"If-None-Match": tag})
    assert again.status == 304 and again.body == b"" and again.headers["etag"] == tag
    assert "default-src 'none'" in again.headers["content-security-policy"]
    assert phone.answer("swap-none", 2).status == 200  # the phone's own answer is part of its status
    changed = phone.request("GET", phone.base + "status", headers={"If-None-Match": tag})
    assert changed.status == 200 and json.loads(changed.body)["your_answer"] == 2
    phone.close()


def test_a_waiting_status_is_answered_as_soon_as_the_stage_changes(stage_server):
    ballot, server = stage_server
    phone = Phone(server.url)
    phone.open_page()
    tag = phone.request("GET", phone.base + "status").headers["etag"]
    sock = waiting_status(server, phone.cookie, tag)
    sock.settimeout(0.3)
    with pytest.raises(TimeoutError):  # nothing changed: it waits
        sock.recv(1)
    sock.settimeout(5)
    start = time.perf_counter()
    ballot.set_stage({"title": {"en": "Step two", "pt": "Etapa dois"}})
    status, headers, body = reply_of(sock)
    took = time.perf_counter() - start
    assert status == 200 and json.loads(body)["stage"]["title"]["en"] == "Step two" and headers["etag"] != tag
    assert took < 0.5
    sock.close()
    phone.close()


def test_a_waiting_status_ends_after_wait_seconds_with_a_304(stage_server):
    ballot, server = stage_server
    phone = Phone(server.url)
    phone.open_page()
    tag = phone.request("GET", phone.base + "status").headers["etag"]
    sock = waiting_status(server, phone.cookie, tag)
    start = time.perf_counter()
    status, headers, body = reply_of(sock)
    waited = time.perf_counter() - start
    assert status == 304 and body == b"" and headers["etag"] == tag
    assert server.app.limits.wait_seconds - 0.1 <= waited < server.app.limits.wait_seconds + 1.5
    assert headers["connection"] == "close"  # waitress's rule for a reply without a length; the page asks anew
    sock.close()
    sock = waiting_status(server, phone.cookie, tag)  # waits again, until the next change
    ballot.set_stage({"title": {"en": "Step three", "pt": "Etapa três"}})
    assert reply_of(sock)[0] == 200
    sock.close()
    phone.close()


def test_a_stale_or_foreign_wait_is_answered_at_once(stage_server):
    ballot, server = stage_server
    phone = Phone(server.url)
    phone.open_page()
    tag = phone.request("GET", phone.base + "status").headers["etag"]
    ballot.set_stage({"title": {"en": "Moved on", "pt": "Seguiu"}})
    sock = waiting_status(server, phone.cookie, tag)  # an old tag: the change is already there
    assert reply_of(sock)[0] == 200
    sock.close()
    # Another host, or the wrong token, never waits: refused at once as any such request.
    with socket.create_connection((server.host, server.port), timeout=5) as other:
        other.sendall(f"GET /{TOKEN}/status?wait HTTP/1.1\r\nHost: evil.example\r\nIf-None-Match: {tag}\r\n\r\n"
                      .encode())
        assert reply_of(other)[0] == 400
    phone.close()


def test_waiting_phones_hold_no_thread(stage_server):
    """More phones wait than the server has threads, and another phone is still served at once;
    one change then answers them all."""
    ballot, server = stage_server
    phones = [Phone(server.url, source=f"127.80.0.{number + 1}") for number in range(6 * server.app.limits.threads)]
    waiting = []
    for number, phone in enumerate(phones):
        phone.open_page()
        tag = phone.request("GET", phone.base + "status").headers["etag"]
        waiting.append(waiting_status(server, phone.cookie, tag, source=f"127.80.0.{number + 1}"))
    other = Phone(server.url, source="127.80.1.1")
    start = time.perf_counter()
    assert other.open_page().status == 200 and other.status()["question"]["id"] == "swap-none"
    assert time.perf_counter() - start < 0.5
    ballot.set_language("pt")
    for sock in waiting:
        status, _, body = reply_of(sock)
        assert status == 200 and json.loads(body)["language"] == "pt"
        sock.close()
    for phone in (*phones, other):
        phone.close()
