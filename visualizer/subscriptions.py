"""One way to listen: connect a slot, remember it, and drop every connection in one call.

No Qt here, so the item models and the undo recorder use it too; views get it with
``closeEvent`` wired up from :mod:`visualizer.ui.protocol`. Works for psygnal signals and
for Qt signals alike (both have ``connect`` and ``disconnect``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol


class Connectable(Protocol):
    """A signal: a psygnal ``SignalInstance`` or a bound Qt ``SignalInstance``."""

    def connect(self, slot: Callable[..., Any]) -> Any: ...

    def disconnect(self, slot: Callable[..., Any]) -> Any: ...


class Listening:
    """Mixin that records every connection made with :meth:`listen`.

    :meth:`stop_listening` disconnects them all, so an object never keeps receiving signals of
    a model or an appearance that outlive it. ``detach()`` is the same call under the name the
    window's teardown uses.
    """

    _connections: list[tuple[Connectable, Callable[..., Any]]]

    def listen(self, signal: Connectable, slot: Callable[..., Any]) -> None:
        """Connect ``slot`` to ``signal`` until :meth:`stop_listening`.

        Parameters
        ----------
        signal : psygnal or Qt signal instance
            A signal of an object that outlives this one (the model, the appearance, the lab).
            Signals of this object's own child widgets need no recording: they die with it.
        slot : callable
            Called on every emission, with as many of the signal's arguments as it takes.
        """
        if "_connections" not in self.__dict__:
            self._connections = []
        signal.connect(slot)
        self._connections.append((signal, slot))

    def stop_listening(self) -> None:
        """Disconnect every slot connected with :meth:`listen`; calling it again does nothing."""
        connections, self._connections = self.__dict__.get("_connections", []), []
        for signal, slot in reversed(connections):
            signal.disconnect(slot)

    def detach(self) -> None:
        """Stop listening (the name the window calls on teardown); views extend it to stop timers."""
        self.stop_listening()


__all__ = ["Connectable", "Listening"]
