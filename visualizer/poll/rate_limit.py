"""A per-client rate limit: a token bucket for each network address, in bounded memory. No Qt."""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Callable


class RateLimit:
    """Each address may make ``burst`` requests at once, then ``per_second`` on average.

    A phone loads the page (four requests on a few connections), asks for the status every two
    seconds and answers now and then: far below the limit. An address that empties its bucket is
    refused outright for ``refuse_seconds`` (the ``Retry-After`` it is told): the server then
    closes its connections and its new ones before parsing anything, so a flood costs a refusal
    per connection, not a parsed request and a reply for every pipelined one.

    Parameters
    ----------
    burst : int
        Requests an address may make in a row (the bucket's size).
    per_second : float
        Refill rate of the bucket.
    refuse_seconds : float
        How long an address that ran dry is refused.
    max_addresses : int
        Addresses remembered; the one heard from least recently is forgotten first (its bucket
        is then full again, which only ever favours a quiet client).
    clock : callable, optional
        Monotonic seconds (tests pass their own).
    """

    def __init__(self, burst: int, per_second: float, refuse_seconds: float = 2.0, max_addresses: int = 4096,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self._burst, self._rate, self._max = float(burst), float(per_second), max_addresses
        self._refuse = float(refuse_seconds)
        self._clock = clock
        # address → (tokens, when they were counted, refused until)
        self._buckets: OrderedDict[str, tuple[float, float, float]] = OrderedDict()
        self._lock = threading.Lock()

    @property
    def refuse_seconds(self) -> float:
        """How long an address that ran dry is refused (its ``Retry-After``)."""
        return self._refuse

    def allow(self, address: str) -> bool:
        """Take one request from ``address``'s bucket; False while it is refused or once it is empty."""
        now = self._clock()
        with self._lock:
            tokens, then, refused_until = self._buckets.pop(address, (self._burst, now, 0.0))
            if now < refused_until:
                # Refused without counting: the bucket refills meanwhile, so the average stays
                # ``per_second`` for a client that keeps going (its requests after the pause).
                self._buckets[address] = (tokens, then, refused_until)
                return False
            tokens = min(self._burst, tokens + (now - then) * self._rate)
            allowed = tokens >= 1.0
            if allowed:
                self._buckets[address] = (tokens - 1.0, now, 0.0)
            else:
                self._buckets[address] = (tokens, now, now + self._refuse)
            while len(self._buckets) > self._max:
                self._buckets.popitem(last=False)
            return allowed


__all__ = ["RateLimit"]
