"""The poll's HTTP server: waitress, on one local address, on a thread of its own. No Qt.

Waitress (a production WSGI server, pure Python) parses every request; its event loop runs on
one background thread and hands complete requests to a few worker threads. On top of its own
limits (body and header sizes, idle connections, open connections in all) this server closes:

- a connection whose request has not arrived whole within ``Limits.request_seconds`` of its
  first byte (slow partial requests that keep trickling bytes never look idle to waitress);
- a new connection from an address that already holds ``Limits.connections_per_address``.

:meth:`PollServer.stop` closes every socket from the loop's own thread (through waitress's
trigger), then joins it: once it returns, the port is closed.
"""

from __future__ import annotations

import errno
import logging
import threading
import time
from collections.abc import Callable
from typing import Any

from waitress import wasyncore
from waitress.adjustments import Adjustments
from waitress.server import TcpWSGIServer
from waitress.task import ThreadedTaskDispatcher

from .network import check_listen_address
from .web import Limits, PollApp

PORT = 8765
"""The port tried first; if taken, the next ones (see :data:`PORT_TRIES`)."""
PORT_TRIES = 20

# Waitress logs a client that hangs up mid-request as an error with a traceback; for a poll that
# is an ordinary phone leaving. Kept out of the user's terminal; the app reports real errors itself.
# "Task queue depth is 2" is waitress thinking aloud under a burst; not worth a line either.
logging.getLogger("waitress").addHandler(logging.NullHandler())
logging.getLogger("waitress").propagate = False
logging.getLogger("waitress.queue").setLevel(logging.ERROR)


class _GuardedServer(TcpWSGIServer):
    """Waitress's TCP server with two more limits (see the module's docstring)."""

    def __init__(self, application: Any, limits: Limits, **kwargs: Any) -> None:
        self.poll_limits = limits
        self._partial_since: dict[int, tuple[int, float]] = {}
        super().__init__(application, **kwargs)

    def handle_accept(self) -> None:
        try:
            accepted = self.accept()
        except OSError:
            return
        if accepted is None:
            return
        connection, address = accepted
        host = address[0] if isinstance(address, tuple) else address
        same = sum(1 for channel in self.active_channels.values()
                   if isinstance(channel.addr, tuple) and channel.addr[0] == host)
        if same >= self.poll_limits.connections_per_address:
            connection.close()
            return
        try:
            self.set_socket_options(connection)
        except OSError:  # the client hung up before we got to it
            connection.close()
            return
        self.channel_class(self, connection, self.fix_addr(address), self.adj, map=self._map)

    def maintenance(self, now: float) -> None:
        super().maintenance(now)
        deadline = now - self.poll_limits.request_seconds
        seen = {}
        for fileno, channel in list(self.active_channels.items()):
            request = channel.request
            if request is None or request.completed:
                continue
            first = self._partial_since.get(fileno)
            since = first[1] if first is not None and first[0] == id(request) else now
            seen[fileno] = (id(request), since)
            if since < deadline:
                channel.will_close = True
        self._partial_since = seen


class PollServer:
    """One poll's server: bound at construction, serving from :meth:`start`, closed by :meth:`stop`.

    Parameters
    ----------
    app : PollApp
    host : str
        The address to listen on; :func:`~visualizer.classroom.network.check_listen_address`
        refuses anything but a private, link-local or loopback IPv4 address.
    port : int
        0 for any free port (tests); see also :func:`bind_first_free`.
    limits : Limits
    on_error : callable, optional
        Called on the server's thread if its loop dies of an unexpected error (the sockets are
        closed by then).

    Raises
    ------
    NotLocalAddressError
        ``host`` is not an address the poll may listen on.
    OSError
        The port is taken, or the address is not this machine's.
    """

    def __init__(self, app: PollApp, host: str, port: int, limits: Limits,
                 on_error: Callable[[BaseException], None] | None = None) -> None:
        host = check_listen_address(host)
        _allow_open_files(limits.connections + 256)
        self.app = app
        self._map: dict[int, Any] = {}
        adjustments = Adjustments(
            host=host, port=port, ipv6=False, threads=limits.threads,
            max_request_body_size=limits.body_bytes, max_request_header_size=limits.header_bytes,
            channel_timeout=limits.idle_seconds, cleanup_interval=1, connection_limit=limits.connections,
            asyncore_use_poll=True,  # select() fails past 1,024 file descriptors
            log_socket_errors=False, expose_tracebacks=False, ident="", url_scheme="http",
            clear_untrusted_proxy_headers=True,
        )
        # The worker threads start only once the port is bound: a port in use leaves nothing behind.
        dispatcher = ThreadedTaskDispatcher()
        try:
            self._server = _GuardedServer(app, limits, map=self._map, adj=adjustments, dispatcher=dispatcher)
        except BaseException:
            wasyncore.close_all(self._map)  # the socket and the trigger's pipe
            raise
        dispatcher.set_thread_count(limits.threads)
        self.host, self.port = host, int(self._server.effective_port)
        app.set_hosts({f"{host}:{self.port}"} | ({host} if self.port == 80 else set()))
        self._on_error = on_error
        self._thread: threading.Thread | None = None
        self._stopped = threading.Event()

    @property
    def url(self) -> str:
        """The address phones open: ``http://HOST:PORT/TOKEN/``."""
        return f"http://{self.host}:{self.port}/{self.app.token}/"

    @property
    def running(self) -> bool:
        """True while the loop's thread lives."""
        return self._thread is not None and self._thread.is_alive()

    def start(self) -> None:
        """Serve on a background thread."""
        if self._thread is not None:
            return
        self._thread = threading.Thread(target=self._run, name=f"class-poll-{self.port}", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        try:
            self._server.run()
        except BaseException as error:  # the loop died: close everything, then say so
            self._close_everything()
            if self._on_error is not None:
                self._on_error(error)
        finally:
            self._close_everything()
            self._server.task_dispatcher.shutdown(cancel_pending=True, timeout=2)
            self._stopped.set()

    def _close_everything(self) -> None:
        """On the loop's thread (or before it starts): close every socket, the listening one too."""
        wasyncore.close_all(self._map)

    def close_soon(self) -> None:
        """Ask the loop to close every socket now, without waiting (safe from any thread; a
        worker thread that finds something wrong calls it, the UI then calls :meth:`stop`)."""
        if self._thread is not None and self._thread.is_alive():
            try:
                self._server.trigger.pull_trigger(self._close_everything)
            except OSError:  # the trigger is already closed: the loop is on its way out
                pass

    def stop(self, timeout: float = 3.0) -> None:
        """Close the port and every connection; returns once the loop's thread has ended."""
        if self._thread is None:
            self._close_everything()
            self._server.task_dispatcher.shutdown(cancel_pending=True, timeout=timeout)
            return
        self.close_soon()
        self._thread.join(timeout)


def _allow_open_files(wanted: int) -> None:
    """Raise this process's limit of open files towards ``wanted`` (within what the system allows):
    many desktops start programs with 1,024, and a lecture hall's phones keep a connection each."""
    try:
        import resource
    except ImportError:  # Windows: no such limit to raise
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if soft != resource.RLIM_INFINITY and soft < target:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
        except (ValueError, OSError):
            pass


def bind_first_free(app: PollApp, host: str, port: int, limits: Limits, tries: int = PORT_TRIES,
                    on_error: Callable[[BaseException], None] | None = None) -> PollServer:
    """A :class:`PollServer` on ``port``, or on the next free one of ``tries`` ports.

    Raises ``OSError`` (EADDRINUSE) if all of them are taken, or whatever else binding raised.
    """
    last: OSError | None = None
    for candidate in range(port, port + tries) if port else [0]:
        try:
            return PollServer(app, host, candidate, limits, on_error)
        except OSError as error:
            if error.errno != errno.EADDRINUSE:
                raise
            last = error
    assert last is not None
    raise last


def wait_closed(host: str, port: int, timeout: float = 2.0) -> bool:
    """True once nothing accepts connections on ``host:port`` (for tests and the bench)."""
    import socket

    end = time.monotonic() + timeout
    while True:
        try:
            with socket.create_connection((host, port), timeout=0.2):
                pass
        except OSError:
            return True
        if time.monotonic() > end:
            return False
        time.sleep(0.02)


__all__ = ["PORT", "PORT_TRIES", "PollServer", "bind_first_free", "wait_closed"]
