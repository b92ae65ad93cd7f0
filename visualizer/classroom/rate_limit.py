"""A per-client rate limit: a token bucket for each network address, in bounded memory. No Qt."""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Callable


class RateLimit:
    """Each address may make ``burst`` requests at once, then ``per_second`` on average.

    A phone loads the page (four requests), asks for the status every two seconds and answers
    now and then: far below the limit. A script hammering the server gets refused after its
    burst, for as long as it keeps going.

    Parameters
    ----------
    burst : int
        Requests an address may make in a row (the bucket's size).
    per_second : float
        Refill rate of the bucket.
    max_addresses : int
        Addresses remembered; the one heard from least recently is forgotten first (its bucket
        is then full again, which only ever favours a quiet client).
    clock : callable, optional
        Monotonic seconds (tests pass their own).
    """

    def __init__(self, burst: int, per_second: float, max_addresses: int = 4096,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self._burst, self._rate, self._max = float(burst), float(per_second), max_addresses
        self._clock = clock
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()  # address → (tokens, time)
        self._lock = threading.Lock()

    def allow(self, address: str) -> bool:
        """Take one request from ``address``'s bucket; False if it is empty."""
        now = self._clock()
        with self._lock:
            tokens, then = self._buckets.pop(address, (self._burst, now))
            tokens = min(self._burst, tokens + (now - then) * self._rate)
            allowed = tokens >= 1.0
            self._buckets[address] = (tokens - 1.0 if allowed else tokens, now)
            while len(self._buckets) > self._max:
                self._buckets.popitem(last=False)
            return allowed


__all__ = ["RateLimit"]
