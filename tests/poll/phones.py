"""A phone for the tests: an HTTP/1.1 client that keeps the cookie the poll gave it."""

from __future__ import annotations

import http.client
import json
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit


@dataclass
class Reply:
    status: int
    headers: dict[str, str]
    body: bytes

    def json(self) -> Any:
        return json.loads(self.body)


class Phone:
    """Talks to the poll at ``url`` (``http://host:port/token/``), from ``source`` if given."""

    def __init__(self, url: str, source: str | None = None, timeout: float = 5.0) -> None:
        parts = urlsplit(url)
        self.host, self.port, self.base = parts.hostname, parts.port, parts.path
        self.cookie: str | None = None
        self._connection = http.client.HTTPConnection(
            self.host, self.port, timeout=timeout, source_address=(source, 0) if source else None)

    def request(self, method: str, path: str, body: bytes | None = None,
                headers: dict[str, str] | None = None) -> Reply:
        sent = dict(headers or {})
        if self.cookie and "Cookie" not in sent:
            sent["Cookie"] = self.cookie
        try:
            self._connection.request(method, path, body=body, headers=sent)
            response = self._connection.getresponse()
        except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
            self._connection.close()  # the server closed a kept-alive connection: once more, anew
            self._connection.request(method, path, body=body, headers=sent)
            response = self._connection.getresponse()
        reply = Reply(response.status, {k.lower(): v for k, v in response.getheaders()}, response.read())
        cookie = reply.headers.get("set-cookie")
        if cookie:
            self.cookie = cookie.split(";")[0]
        return reply

    def open_page(self) -> Reply:
        return self.request("GET", self.base)

    def status(self) -> dict[str, Any]:
        reply = self.request("GET", self.base + "status")
        assert reply.status == 200, reply
        return reply.json()

    def answer(self, question: str, choice: int) -> Reply:
        return self.request("POST", self.base + "answer", json.dumps({"question": question, "choice": choice}).encode(),
                            {"Content-Type": "application/json"})

    def close(self) -> None:
        self._connection.close()
