"""Which network addresses hit a per-address cap: the sign of phones behind one address (a school
Wi-Fi that hides them behind one address, NAT), or of one machine trying to pass for many phones.
No Qt: the server's threads note, the UI thread reads and tells the teacher."""

from __future__ import annotations

import threading
from collections.abc import Callable
from enum import Enum


class Cap(Enum):
    """The per-address cap an address hit."""

    PHONES = "phones"  # more phones answered from it than one address may answer for
    CONNECTIONS = "connections"  # more connections than one address may hold
    REQUESTS = "requests"  # its rate limit


class Crowding:
    """Addresses that hit a cap, by cap; thread-safe, in bounded memory.

    Parameters
    ----------
    on_change : callable, optional
        Called (on the noting thread) when an address hits a cap for the first time: a flood
        notes thousands of times, the UI hears once per address and cap. It must not block.
    max_addresses : int
        Addresses remembered per cap (beyond them only the fact that there are more matters).
    """

    def __init__(self, on_change: Callable[[], None] | None = None, max_addresses: int = 256) -> None:
        self._lock = threading.Lock()
        self._seen: dict[Cap, set[str]] = {cap: set() for cap in Cap}
        self._on_change = on_change
        self._max = max_addresses

    def note(self, address: str, cap: Cap) -> None:
        """``address`` hit ``cap``."""
        with self._lock:
            seen = self._seen[cap]
            if address in seen or len(seen) >= self._max:
                return
            seen.add(address)
        if self._on_change is not None:
            self._on_change()

    def addresses(self) -> int:
        """How many addresses hit any cap (up to ``max_addresses`` per cap)."""
        with self._lock:
            return len(set().union(*self._seen.values()))

    def hit(self, cap: Cap) -> bool:
        """Whether any address hit ``cap``."""
        with self._lock:
            return bool(self._seen[cap])

    def clear(self) -> None:
        """Forget every address (the teacher changed the setting, or the poll opened anew)."""
        with self._lock:
            for seen in self._seen.values():
                seen.clear()


__all__ = ["Cap", "Crowding"]
