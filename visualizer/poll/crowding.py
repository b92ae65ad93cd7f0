"""Which network addresses hit a per-address cap, and bursts of new addresses answering: the signs
of phones behind one address (a school Wi-Fi that hides them behind one address, NAT), or of one
machine trying to pass for many phones. No Qt: the server's threads note, the UI thread reads and
tells the teacher (on the teacher's screen, never on the class's)."""

from __future__ import annotations

import threading
import time
from collections import OrderedDict, deque
from collections.abc import Callable
from enum import Enum

FRESH_SECONDS = 5.0
"""An answer from an address first heard from less than this long before is *fresh*: a person
scans the code, waits for the page, reads the question and its choices, then taps; a script
answers at once. (With phones following the stage, a class's phones are heard from long before
a question.)"""
BURST_ADDRESSES = 5
"""Fresh answers from this many addresses within :data:`BURST_SECONDS` make a burst the teacher
is shown: several addresses of one machine each count as a phone, and only the teacher can tell."""
BURST_SECONDS = 10.0


class Cap(Enum):
    """The per-address cap an address hit, or the burst it was part of."""

    PHONES = "phones"  # more phones answered from it than one address may answer for
    CONNECTIONS = "connections"  # more connections than one address may hold
    REQUESTS = "requests"  # its rate limit
    FRESH = "fresh"  # it answered as soon as it appeared, in a burst of new addresses doing so


class Crowding:
    """Addresses that hit a cap, by cap, and when each was first heard from; thread-safe, in
    bounded memory.

    Parameters
    ----------
    on_change : callable, optional
        Called (on the noting thread) when an address hits a cap for the first time: a flood
        notes thousands of times, the UI hears once per address and cap. It must not block.
    max_addresses : int
        Addresses remembered per cap, and as first heard from (beyond them only the fact that
        there are more matters; an address forgotten is only ever taken as long known).
    fresh_seconds, burst_addresses, burst_seconds : float, int, float
        See :data:`FRESH_SECONDS`, :data:`BURST_ADDRESSES`, :data:`BURST_SECONDS` (tests shorten them).
    clock : callable, optional
        Monotonic seconds.
    """

    def __init__(self, on_change: Callable[[], None] | None = None, max_addresses: int = 256,
                 fresh_seconds: float = FRESH_SECONDS, burst_addresses: int = BURST_ADDRESSES,
                 burst_seconds: float = BURST_SECONDS, clock: Callable[[], float] = time.monotonic) -> None:
        self._lock = threading.Lock()
        self._seen: dict[Cap, set[str]] = {cap: set() for cap in Cap}
        self._on_change = on_change
        self._max = max_addresses
        self._fresh, self._burst, self._burst_s = fresh_seconds, burst_addresses, burst_seconds
        self._clock = clock
        self._heard: OrderedDict[str, float] = OrderedDict()  # address → first heard from
        self._fresh_answers: deque[tuple[float, str]] = deque()  # (when, address), within burst_seconds

    def note(self, address: str, cap: Cap) -> None:
        """``address`` hit ``cap``."""
        with self._lock:
            added = self._add(address, cap)
        if added and self._on_change is not None:
            self._on_change()

    def _add(self, address: str, cap: Cap) -> bool:
        seen = self._seen[cap]
        if address in seen or len(seen) >= self._max:
            return False
        seen.add(address)
        return True

    def heard(self, address: str) -> None:
        """A connection came from ``address`` (the server's loop, on each connection it accepts)."""
        with self._lock:
            if address in self._heard:
                return
            self._heard[address] = self._clock()
            while len(self._heard) > 16 * self._max:
                self._heard.popitem(last=False)

    def answered(self, address: str) -> None:
        """``address`` gave its first answer to the question being asked. If it was first heard
        from only just now, and enough others did the same lately, they are a burst: noted under
        :attr:`Cap.FRESH`."""
        now = self._clock()
        with self._lock:
            first = self._heard.get(address)
            if first is None or now - first >= self._fresh:
                return
            fresh = self._fresh_answers
            fresh.append((now, address))
            while fresh and now - fresh[0][0] > self._burst_s:
                fresh.popleft()
            burst = {seen for _, seen in fresh}
            added = False
            if len(burst) >= self._burst:
                for seen in burst:
                    added = self._add(seen, Cap.FRESH) or added
        if added and self._on_change is not None:
            self._on_change()

    def addresses(self, cap: Cap | None = None) -> int:
        """How many addresses hit ``cap`` (any cap: None), up to ``max_addresses`` per cap."""
        with self._lock:
            if cap is not None:
                return len(self._seen[cap])
            return len(set().union(*self._seen.values()))

    def hit(self, cap: Cap) -> bool:
        """Whether any address hit ``cap``."""
        with self._lock:
            return bool(self._seen[cap])

    def clear(self) -> None:
        """Forget every address that hit a cap (the teacher changed the setting, or the poll opened
        anew); when addresses were first heard from is kept."""
        with self._lock:
            for seen in self._seen.values():
                seen.clear()
            self._fresh_answers.clear()


__all__ = ["BURST_ADDRESSES", "BURST_SECONDS", "FRESH_SECONDS", "Cap", "Crowding"]
