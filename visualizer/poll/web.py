"""The poll's web application (WSGI): the phone page, its assets and two endpoints. No Qt.

Everything lives under ``/<room token>/``; nothing else exists::

    GET  /<token>/            the page (and the phone's id, a signed cookie)
    GET  /<token>/poll.css    its style, poll.js its script, text.json its words (from memory)
    GET  /<token>/status      the step on stage, the question, its choices and this phone's
                              answer (JSON, with an ETag: If-None-Match gets a bodiless 304;
                              ``?wait`` with the current ETag waits for a change, see below)
    POST /<token>/answer      {"question": "<step id>", "choice": <index>} (JSON)

Phones follow the stage by asking for ``status?wait`` with the ETag they hold: the server
(:mod:`visualizer.poll.server`) keeps such a request, on no thread, until what phones show changes
or ``Limits.wait_seconds`` pass; then it is answered as any other (a 304 if nothing changed for
this phone). So a step change reaches every phone at once, and an unchanged step costs a phone one
bodiless reply every ``wait_seconds``.

Every other path, method or host is refused with a 4xx before anything is read; no path ever
reaches the file system (the assets are bytes read once, an allow-list). Each response carries a
strict Content-Security-Policy, ``no-store``, ``nosniff`` and no CORS header. The HTTP itself is
waitress's (:mod:`visualizer.poll.server`): this module sees parsed requests only.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from typing import Any

from visualizer.languages import LANGUAGES
from visualizer.poll.ballot import PHONES_PER_ADDRESS, SHARED_PHONES_PER_ADDRESS, Ballot, Verdict
from visualizer.poll.crowding import Cap, Crowding
from visualizer.poll.rate_limit import RateLimit
from visualizer.resources import resource

ASSETS = {"poll.css": "text/css; charset=utf-8", "poll.js": "text/javascript; charset=utf-8",
          "text.json": "application/json; charset=utf-8"}
PAGE = "index.html"
COOKIE = "phone"

SECURITY_HEADERS = [
    ("Content-Security-Policy", "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; "
                                "img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"),
    ("X-Content-Type-Options", "nosniff"),
    ("X-Frame-Options", "DENY"),
    ("Referrer-Policy", "no-referrer"),  # the room token is in the URL: never hand it to anyone
    ("Cache-Control", "no-store"),
    ("Cross-Origin-Resource-Policy", "same-origin"),
    ("Cross-Origin-Opener-Policy", "same-origin"),
]

CLOSE_CONNECTION = "visualizer.close_connection"
"""Set in the WSGI environment by the application: the server closes the connection after this
reply (a refused client's pipelined requests are then dropped, never parsed nor answered)."""

StartResponse = Callable[..., Any]


class AssetError(ValueError):
    """A file of the phone page is missing or unusable (the message names it)."""


def load_page() -> dict[str, tuple[str, bytes]]:
    """The page and its assets, read once: name → (content type, bytes). Raises ``AssetError``."""
    files = {PAGE: "text/html; charset=utf-8", **ASSETS}
    loaded = {}
    for name, content_type in files.items():
        path = resource("classroom", name)
        try:
            loaded[name] = (content_type, path.read_bytes())
        except OSError as error:
            raise AssetError(f"cannot read the phone page's {path}: {error.strerror or error}") from None
    try:
        words = json.loads(loaded["text.json"][1])
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise AssetError(f"the phone page's text.json is not JSON: {error}") from None
    keys = [set(words.get(language, {})) for language in LANGUAGES] if isinstance(words, dict) else [set()]
    if not keys[0] or any(k != keys[0] for k in keys):
        raise AssetError(f"the phone page's text.json needs the same words in {' and '.join(LANGUAGES)}")
    return loaded


@dataclass(frozen=True)
class Limits:
    """What one client may cost the server; tests shorten the times.

    Attributes
    ----------
    body_bytes : int
        Largest request body (an answer is about 40 bytes).
    header_bytes : int
        Largest request head (request line and headers).
    burst, per_second : float
        The per-address rate limit (:class:`~visualizer.poll.rate_limit.RateLimit`); each
        new connection takes one request's worth too (connecting over and over is no free ride).
    refuse_seconds : float
        An address past its rate limit is refused this long (its ``Retry-After``): its
        connections are closed, new ones closed on arrival.
    wait_seconds : int
        The longest a phone's ``status?wait`` is kept waiting for a change (then: 304).
    idle_seconds : int
        A connection that has had no request served (a reply below 400) for this long is closed.
        Only served requests count: bytes that never make one (a bare CRLF every few seconds)
        or refused requests do not keep a connection open.
    request_seconds : int
        A request must arrive whole within this long of its first byte, or its connection is
        dropped (against slow partial requests that would hold a connection forever).
    connections : int
        Open connections in all; at the cap a new connection takes the place of the one idle
        longest (the server lowers it to what the platform and the file limit allow).
    connections_per_address : int
        Open connections from one address: a browser opens up to six to one server. At the cap
        a new one from that address takes the place of its own connection idle longest.
    threads : int
        Waitress's worker threads (each request is microseconds of work).
    phones_per_address : int
        Phones one address answers for (:data:`~visualizer.poll.ballot.PHONES_PER_ADDRESS`).
    shared_phones_per_address, shared_burst, shared_per_second, shared_connections_per_address
        The same caps when the teacher says the room's phones share addresses
        (:meth:`for_shared_addresses`): a class behind one address is one client to the server.
    """

    body_bytes: int = 2048
    header_bytes: int = 8192
    burst: float = 30
    per_second: float = 10
    refuse_seconds: float = 2
    wait_seconds: int = 15
    idle_seconds: int = 15
    request_seconds: int = 10
    connections: int = 1000
    connections_per_address: int = 6
    threads: int = 4
    phones_per_address: int = PHONES_PER_ADDRESS
    # 60 phones load the page (about 9 requests and connections each, over the minutes the class
    # takes to scan the code), then each keeps one status waiting for the next change (one request
    # per phone per change, or per wait_seconds) and another connection for its answers.
    shared_phones_per_address: int = SHARED_PHONES_PER_ADDRESS
    shared_burst: float = 300
    shared_per_second: float = 60
    shared_connections_per_address: int = 160

    def for_shared_addresses(self, shared: bool = True) -> Limits:
        """These limits for a room whose phones share network addresses (``shared``), or for a
        room where each phone has its own (the default caps)."""
        if not shared:
            return self
        return replace(self, phones_per_address=self.shared_phones_per_address, burst=self.shared_burst,
                       per_second=self.shared_per_second,
                       connections_per_address=self.shared_connections_per_address)


class PollApp:
    """The WSGI application of one open poll.

    Parameters
    ----------
    ballot : Ballot
        Where answers go and what the status reports.
    token : str
        The room token: the first segment of every path.
    hosts : iterable of str
        Accepted ``Host`` headers ("192.168.1.23:8765"): any other is refused (DNS rebinding).
    limits : Limits
    page : dict, optional
        The page and its assets (:func:`load_page` by default).
    secret : bytes, optional
        Key that signs phone ids (random by default).
    on_error : callable, optional
        Called with an exception this application did not expect; the request gets a 500.
    crowding : Crowding, optional
        Told of an address refused by its rate limit.
    """

    def __init__(self, ballot: Ballot, token: str, hosts: Iterable[str], limits: Limits,
                 page: dict[str, tuple[str, bytes]] | None = None, secret: bytes | None = None,
                 on_error: Callable[[BaseException], None] | None = None, crowding: Crowding | None = None) -> None:
        self.ballot = ballot
        self._token = token.encode("ascii")
        self._hosts = frozenset(hosts)
        self._page = page if page is not None else load_page()
        self._secret = secret or secrets.token_bytes(32)
        self._on_error = on_error
        self.crowding = crowding
        self.set_limits(limits)

    @property
    def rate(self) -> RateLimit:
        """The per-address rate limit (the server refuses connections of an address it refuses)."""
        return self._rate

    @property
    def limits(self) -> Limits:
        """The limits in force."""
        return self._limits

    def set_limits(self, limits: Limits) -> None:
        """Use ``limits`` from the next request on (the rate limit starts afresh)."""
        self._limits = limits
        self._rate = RateLimit(int(limits.burst), limits.per_second, limits.refuse_seconds)

    def refuse(self, address: str) -> None:
        """``address`` spent its allowance: note it for the teacher (the server calls it as well,
        for connections refused on arrival)."""
        if self.crowding is not None:
            self.crowding.note(address, Cap.REQUESTS)

    @property
    def token(self) -> str:
        """The room token."""
        return self._token.decode("ascii")

    def set_hosts(self, hosts: Iterable[str]) -> None:
        """The ``Host`` headers to accept, once the port is known."""
        self._hosts = frozenset(hosts)

    def __call__(self, environ: dict[str, Any], start_response: StartResponse) -> list[bytes]:
        try:
            return self._handle(environ, start_response)
        except Exception as error:  # a bug here: tell the app (it closes the poll), answer 500
            if self._on_error is not None:
                self._on_error(error)
            return _reply(start_response, "500 Internal Server Error", {"error": "internal"})

    def _handle(self, environ: dict[str, Any], start_response: StartResponse) -> list[bytes]:
        address = str(environ.get("REMOTE_ADDR", ""))
        rate = self._rate
        if not rate.allow(address):
            # Refused, and so is the rest of what this connection sent: closed after this reply.
            environ[CLOSE_CONNECTION] = True
            self.refuse(address)
            return _reply(start_response, "429 Too Many Requests", {"error": "too many requests"},
                          [("Retry-After", str(max(1, round(rate.refuse_seconds))))])
        if environ.get("HTTP_HOST") not in self._hosts:
            environ[CLOSE_CONNECTION] = True  # not a phone of this room: nothing more to say to it
            return _reply(start_response, "400 Bad Request", {"error": "unknown host"})
        token, rest = _split(str(environ.get("PATH_INFO", "")))
        given = token.encode("latin-1", "replace")
        if not hmac.compare_digest(given, self._token):
            capitals = rest in ("", None) and environ.get("REQUEST_METHOD") == "GET"
            if capitals and hmac.compare_digest(given.lower(), self._token):
                # The address of the QR code, in capitals (see code_text): the page lives at the
                # lower-case one, where its cookie's path and its relative links are.
                return _reply(start_response, "308 Permanent Redirect", None,
                              [("Location", f"/{self._token.decode()}/")])
            environ[CLOSE_CONNECTION] = True  # without the room's token: nothing more to say to it
            return _not_found(start_response)
        if rest is None:  # /<token> without its slash: relative links need it
            return _reply(start_response, "308 Permanent Redirect", None, [("Location", f"/{self._token.decode()}/")])
        method = environ.get("REQUEST_METHOD", "")
        if rest == "answer":
            if method != "POST":
                return _reply(start_response, "405 Method Not Allowed", {"error": "POST only"}, [("Allow", "POST")])
            return self._answer(environ, start_response, address)
        if rest not in ("", "status", *ASSETS):
            return _not_found(start_response)
        if method != "GET":
            return _reply(start_response, "405 Method Not Allowed", {"error": "GET only"}, [("Allow", "GET")])
        phone = self._phone(environ)
        cookie = [] if phone is not None else [self._new_phone_cookie()]
        if rest == "status":
            return self._status(environ, start_response, phone, cookie)
        content_type, body = self._page[rest or PAGE]
        start_response("200 OK", [("Content-Type", content_type), ("Content-Length", str(len(body))),
                                  *SECURITY_HEADERS, *cookie])
        return [body]

    def _status(self, environ: dict[str, Any], start_response: StartResponse, phone: str | None,
                cookie: list[tuple[str, str]]) -> list[bytes]:
        """The status, or a bodiless 304 if the phone already holds it (its ETag)."""
        tag, body = self.ballot.status_reply(phone)
        if phone is not None and environ.get("HTTP_IF_NONE_MATCH") == tag:
            start_response("304 Not Modified", [*SECURITY_HEADERS, ("ETag", tag)])
            return []
        start_response("200 OK", [("Content-Type", "application/json; charset=utf-8"),
                                  ("Content-Length", str(len(body))), *SECURITY_HEADERS, ("ETag", tag), *cookie])
        return [body]

    def may_wait(self, method: str, path: str, query: str, host: str | None, known: str | None) -> int | None:
        """Whether a request (as the server's loop sees it, before any thread serves it) is a
        phone's ``GET status?wait`` holding the status as it is now: then the revision it holds
        (it may wait for the next one instead of being answered at once); None for anything else,
        which is served as usual (and refused there, if it must be)."""
        if method != "GET" or host not in self._hosts or not known or "wait" not in query.split("&"):
            return None
        if not hmac.compare_digest(path.encode("latin-1", "replace"), b"/" + self._token + b"/status"):
            return None
        revision = self.ballot.revision
        held, _, _ = known.strip('"').partition(".")
        return revision if held == str(revision) else None

    def _answer(self, environ: dict[str, Any], start_response: StartResponse, address: str) -> list[bytes]:
        if not _same_origin(environ):
            return _reply(start_response, "403 Forbidden", {"error": "cross-site"})
        if not str(environ.get("CONTENT_TYPE", "")).startswith("application/json"):
            return _reply(start_response, "415 Unsupported Media Type", {"error": "JSON only"})
        try:
            length = int(environ.get("CONTENT_LENGTH") or 0)
        except ValueError:
            return _reply(start_response, "400 Bad Request", {"error": "bad length"})
        if length > self._limits.body_bytes:
            return _reply(start_response, "413 Content Too Large", {"error": "too large"})
        phone = self._phone(environ)
        if phone is None:
            return _reply(start_response, "403 Forbidden", {"error": "reload the page"})
        body = environ["wsgi.input"].read(length) if length > 0 else b""
        try:
            data = json.loads(body)
        except (UnicodeDecodeError, json.JSONDecodeError, RecursionError):
            return _reply(start_response, "400 Bad Request", {"error": "not JSON"})
        question, choice = (data.get("question"), data.get("choice")) if isinstance(data, dict) else (None, None)
        if not isinstance(question, str) or not isinstance(choice, int) or isinstance(choice, bool):
            return _reply(start_response, "400 Bad Request", {"error": "needs question and choice"})
        verdict = self.ballot.answer(phone, address, question, choice)
        status = {Verdict.ACCEPTED: "200 OK", Verdict.NO_QUESTION: "409 Conflict", Verdict.CLOSED: "409 Conflict",
                  Verdict.BAD_CHOICE: "400 Bad Request"}[verdict]
        return _reply(start_response, status, {"verdict": verdict.value, "your_answer": choice
                                               if verdict is Verdict.ACCEPTED else None})

    # ---- phones: a random id, signed, in a cookie ------------------------------------------

    def _sign(self, phone: str) -> str:
        return hmac.new(self._secret, phone.encode("ascii"), hashlib.sha256).hexdigest()[:32]

    def _phone(self, environ: dict[str, Any]) -> str | None:
        """This request's phone id, if it carries one this server signed."""
        for part in str(environ.get("HTTP_COOKIE", "")).split(";"):
            name, _, value = part.strip().partition("=")
            if name == COOKIE:
                phone, _, signature = value.partition(".")
                if phone.isascii() and signature.isascii() and hmac.compare_digest(signature, self._sign(phone)):
                    return phone
        return None

    def _new_phone_cookie(self) -> tuple[str, str]:
        phone = secrets.token_urlsafe(12)
        path = f"/{self._token.decode()}/"
        return ("Set-Cookie", f"{COOKIE}={phone}.{self._sign(phone)}; Path={path}; HttpOnly; SameSite=Strict")


def code_text(url: str) -> str:
    """What the QR code of ``url`` says: the same address in capitals.

    Capitals, digits and ``:/.`` are QR's alphanumeric mode, 5.5 bits a character instead of 8: a
    classroom address fits version 3 (29 modules a side) instead of 4 (33), so each module is 14%
    larger in the same square, and the back row scans it from farther. Scheme and host are
    case-blind; the server sends the page's address in capitals on to its own (a redirect).
    """
    return url.upper()


def _split(path: str) -> tuple[str, str | None]:
    """'/tok/status' → ('tok', 'status'); '/tok/' → ('tok', ''); '/tok' → ('tok', None)."""
    _, _, rest = path.partition("/")
    token, slash, tail = rest.partition("/")
    return token, (tail if slash else None)


def _same_origin(environ: dict[str, Any]) -> bool:
    """A browser's cross-site request says so (Origin, Sec-Fetch-Site); refuse it."""
    origin = environ.get("HTTP_ORIGIN")
    if origin is not None and origin != f"http://{environ.get('HTTP_HOST')}":
        return False
    return environ.get("HTTP_SEC_FETCH_SITE", "same-origin") == "same-origin"


def _not_found(start_response: StartResponse) -> list[bytes]:
    return _reply(start_response, "404 Not Found", {"error": "not found"})


def _reply(start_response: StartResponse, status: str, data: Any,
           extra: list[tuple[str, str]] | None = None) -> list[bytes]:
    body = b"" if data is None else json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    headers = [("Content-Type", "application/json; charset=utf-8"), ("Content-Length", str(len(body))),
               *SECURITY_HEADERS, *(extra or [])]
    start_response(status, headers)
    return [body]


__all__ = [
    "ASSETS", "CLOSE_CONNECTION", "COOKIE", "SECURITY_HEADERS", "AssetError", "Limits", "PollApp", "code_text",
    "load_page",
]
