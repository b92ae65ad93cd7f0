"""The poll's HTTP server: waitress, on one local address, on a thread of its own. No Qt.

Waitress (a production WSGI server, pure Python) parses every request; its event loop runs on
one background thread and hands complete requests to a few worker threads. On top of its own
limits (body and header sizes) this server decides which connections stay open:

- A connection stays open while it is *served*: a request answered below 400 within
  ``Limits.idle_seconds``. Bytes that never make a request (a bare CRLF every few seconds, which
  resets waitress's own idle timer) and refused requests keep nothing open.
- A request must arrive whole within ``Limits.request_seconds`` of its first byte (slow partial
  requests that keep trickling bytes never look idle).
- One address holds at most ``Limits.connections_per_address``; the whole server at most
  :func:`connection_cap`. At either cap a new connection takes the place of another rather than
  being refused, so that whoever holds connections without using them cannot lock the class out:
  first one that never asked anything, then one whose request is still unfinished (slow headers or
  bodies: the oldest, of the address holding the most), then one idle since its last reply, then a
  connection just opened, last a phone's status waiting for a change. At the server's cap the
  first two kinds make room by the batch (:data:`ROOM_BATCH_SHARE`), so that a full server scans
  its connections once per batch, not once per new one.
- A phone's ``GET status?wait`` that holds the status as it is now (``PollApp.may_wait``) is kept
  on no thread until what phones show changes (the ballot wakes the loop) or
  ``Limits.wait_seconds`` pass; then it is served as any request.
- An address refused by the rate limit has its new connections closed on arrival, unparsed, and
  each connection that asks anything more is answered once (429) and closed.
- Out of file handles, it stops accepting for a moment instead of retrying at once (the pending
  connection keeps the listening socket readable: a loop that retries spins a core).

:meth:`PollServer.stop` closes every socket from the loop's own thread (through waitress's
trigger), then joins it: once it returns, the port is closed.
"""

from __future__ import annotations

import errno
import heapq
import logging
import os
import select
import sys
import threading
import time
from collections.abc import Callable
from typing import Any

from waitress import wasyncore
from waitress.adjustments import Adjustments
from waitress.channel import HTTPChannel
from waitress.parser import HTTPRequestParser
from waitress.server import TcpWSGIServer
from waitress.task import ErrorTask, ThreadedTaskDispatcher, WSGITask

from visualizer.poll.crowding import Cap
from visualizer.poll.network import check_listen_address
from visualizer.poll.web import CLOSE_CONNECTION, SECURITY_HEADERS, Limits, PollApp

PORT = 8765
"""The port tried first; if taken, the next ones (see :data:`PORT_TRIES`)."""
PORT_TRIES = 20

SELECT_SOCKETS = 512
"""Where Python's ``select()`` stops on Windows: it refuses more sockets than FD_SETSIZE (512) in a
list with ValueError. Waitress's loop falls back to it wherever ``select.poll`` is missing."""
SELECT_CONNECTIONS = 480
"""Connections at most where the loop uses ``select()``: its own sockets (the listening one, the
trigger) and the one just accepted before another makes room stay well inside 512."""
FILES_SPARE = 64
"""File handles kept for the rest of the app (a save, a font, the trigger) below the process's limit."""
ACCEPT_PAUSE_S = 0.25
"""Out of file handles, how long the server stops accepting before it tries again."""
NEW_CONNECTION_S = 1.0
"""A connection younger than this that has sent nothing yet is a phone about to ask: it makes room
only after idle ones (its request is on its way)."""
ACCEPTS_PER_PASS = 32
"""Connections taken from the listening socket per pass of the loop, at most (see ``handle_accept``)."""
ROOM_BATCH_SHARE = 0.02
"""At the server's cap, connections that never asked anything or whose request is unfinished make
room this share of the cap at a time (20 of 1,000)."""

# How readily a connection makes room for a new one (higher first); a request being served, never.
_WAITING, _NEW, _SERVED, _UNFINISHED, _BARE = range(5)

# Waitress logs a client that hangs up mid-request as an error with a traceback; for a poll that
# is an ordinary phone leaving. Kept out of the user's terminal; the app reports real errors itself.
# "Task queue depth is 2" is waitress thinking aloud under a burst; not worth a line either.
logging.getLogger("waitress").addHandler(logging.NullHandler())
logging.getLogger("waitress").propagate = False
logging.getLogger("waitress.queue").setLevel(logging.ERROR)


def connection_cap(limits: Limits) -> int:
    """The open connections this process can afford: ``limits.connections``, fewer where the loop
    uses ``select()`` (Windows: :data:`SELECT_CONNECTIONS`) and within the file limit.

    Call it after :func:`_allow_open_files` (the limit is read as it is now).
    """
    cap = limits.connections
    # Windows has no poll(): waitress's loop uses select(), which raises ValueError past 512
    # sockets and ends the loop (the poll would die mid-class).
    if sys.platform == "win32" or not hasattr(select, "poll"):
        cap = min(cap, SELECT_CONNECTIONS)
    files = _file_limit()
    if files is not None:
        cap = min(cap, files - _open_files() - FILES_SPARE)
    return max(1, cap)


class _GuardedTask(WSGITask):
    """A request served: closes its connection when the application says so, and marks the
    connection as served when the reply is not a refusal."""

    def build_response_header(self) -> bytes:
        if self.environ is not None and self.environ.get(CLOSE_CONNECTION):
            self.set_close_on_finish()
        header: bytes = super().build_response_header()
        return header

    def service(self) -> None:
        super().service()
        if self.status[:1] in ("1", "2", "3"):
            channel = self.channel
            channel.served_at = time.time()  # a float set whole: safe to read on the loop's thread
            channel.served = True


class _GuardedErrorTask(ErrorTask):
    """Waitress's own refusals (400, 413, 431, 501) with the app's security headers too."""

    def execute(self) -> None:
        self.response_headers.extend(SECURITY_HEADERS)
        super().execute()


class _GuardedChannel(HTTPChannel):
    """One connection; ``served_at`` says when a request on it was last served."""

    task_class = _GuardedTask
    error_task_class = _GuardedErrorTask
    served = False

    def __init__(self, server: _GuardedServer, sock: Any, addr: Any, adj: Adjustments,
                 map: dict[int, Any] | None = None) -> None:
        self.host = addr[0] if isinstance(addr, tuple) else str(addr)
        self._counted = False
        super().__init__(server, sock, addr, adj, map)
        self.served_at: float = self.creation_time  # not yet served: idle since it opened

    def add_channel(self, map: dict[int, Any] | None = None) -> None:
        super().add_channel(map)
        if not self._counted:
            self._counted = True
            server: _GuardedServer = self.server
            server.connections_of[self.host] = server.connections_of.get(self.host, 0) + 1
            server.channels_of.setdefault(self.host, set()).add(self)

    def del_channel(self, map: dict[int, Any] | None = None) -> None:
        super().del_channel(map)
        if self._counted:
            self._counted = False
            server: _GuardedServer = self.server
            left = server.connections_of.get(self.host, 1) - 1
            if left > 0:
                server.connections_of[self.host] = left
                server.channels_of.get(self.host, set()).discard(self)
            else:
                server.connections_of.pop(self.host, None)
                server.channels_of.pop(self.host, None)
            server.stop_waiting(self)


class _GuardedServer(TcpWSGIServer):
    """Waitress's TCP server with the poll's rules for connections (see the module's docstring)."""

    channel_class = _GuardedChannel

    def __init__(self, application: Any, gate: PollApp, cap: int, **kwargs: Any) -> None:
        self.gate = gate
        self.connection_cap = cap
        self.connections_of: dict[str, int] = {}  # address → open connections (the loop's thread)
        self.channels_of: dict[str, set[_GuardedChannel]] = {}  # address → its connections
        self._partial_since: dict[int, tuple[int, float]] = {}
        self._accept_paused_until = 0.0
        # Phones' statuses waiting for a change: connection → (since when, the revision it holds).
        # Parked by whichever thread hands the request over (the loop, or a worker after the one
        # before it on the same connection), released on the loop's thread.
        self._waiting: dict[_GuardedChannel, tuple[float, int]] = {}
        self._waiting_lock = threading.Lock()
        self._wake_pending = False
        super().__init__(application, **kwargs)

    @property
    def poll_limits(self) -> Limits:
        """The limits in force (the teacher may change them while the poll is open)."""
        return self.gate.limits

    def readable(self) -> bool:
        # Waitress stops listening at its connection limit, which lets idle connections lock
        # everyone else out; here the limit is kept by making room instead (handle_accept).
        now = time.time()
        next_cleanup = float(getattr(self, "next_channel_cleanup", 0.0))  # waitress sets it untyped
        if now >= next_cleanup:
            self.next_channel_cleanup = now + self.adj.cleanup_interval
            self.maintenance(now)
        return bool(self.accepting) and now >= self._accept_paused_until

    def handle_accept(self) -> None:
        # Every pass of waitress's loop registers each open connection with poll() again: under a
        # flood of connections, taking one per pass costs that for each. Several are taken per pass.
        for _ in range(ACCEPTS_PER_PASS):
            try:
                accepted = self.accept()
            except OSError as error:
                if error.errno in (errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM):
                    self._accept_paused_until = time.time() + ACCEPT_PAUSE_S
                return
            if accepted is None:
                return  # no more waiting
            self._take(*accepted)

    def _take(self, connection: Any, address: Any) -> None:
        """A connection just accepted: refused (closed unread), or given a channel, room made for it."""
        host = address[0] if isinstance(address, tuple) else str(address)
        gate = self.gate
        if not gate.rate.allow(host):  # refused for a while: closed before anything is read
            connection.close()
            gate.refuse(host)
            return
        if gate.crowding is not None:
            gate.crowding.heard(host)
        if self.connections_of.get(host, 0) >= self.poll_limits.connections_per_address:
            if gate.crowding is not None:
                gate.crowding.note(host, Cap.CONNECTIONS)
            if not self._make_room(host):
                connection.close()
                return
        elif len(self.active_channels) >= self.connection_cap and not self._make_room(None):
            connection.close()
            return
        try:
            self.set_socket_options(connection)
        except OSError:  # the client hung up before we got to it
            connection.close()
            return
        self.channel_class(self, connection, self.fix_addr(address), self.adj, map=self._map)

    def _make_room(self, host: str | None) -> bool:
        """Close a connection (of ``host``, or of anyone) to make room for a new one; False if every
        one is being served. Which one: see the module's docstring (:meth:`_room_order`). At the
        server's cap (``host`` None), connections that never asked anything or whose request is
        unfinished go by the batch."""
        now = time.time()
        channels = self.channels_of.get(host, set()) if host is not None else self.active_channels.values()
        ordered = ((order, channel) for channel in channels if (order := self._room_order(channel, now)) is not None)
        batch = 1 if host is not None else max(1, int(self.connection_cap * ROOM_BATCH_SHARE))
        chosen = heapq.nlargest(batch, ordered, key=lambda pair: pair[0])
        for number, (order, channel) in enumerate(chosen):
            if number and order[0] < _UNFINISHED:
                break  # a batch only of connections that asked nothing or keep their request unfinished
            channel.handle_close()  # on the loop's thread, no request of its own in flight: closed now
        return bool(chosen)

    def _room_order(self, channel: _GuardedChannel, now: float) -> tuple[int, int, float] | None:
        """How readily ``channel`` makes room (larger first): its kind, then how many connections
        its address holds, then how long it has been so; None while a request of it is served."""
        waiting = self._waiting.get(channel)
        if waiting is not None:
            kind, since = _WAITING, waiting[0]
        elif channel.requests:
            return None
        elif _in_progress(channel.request):
            first = self._partial_since.get(channel._fileno)
            kind, since = _UNFINISHED, first[1] if first is not None and first[0] == id(channel.request) else now
        elif channel.served:
            kind, since = _SERVED, channel.served_at
        elif now - channel.creation_time < NEW_CONNECTION_S:
            kind, since = _NEW, channel.creation_time
        else:
            kind, since = _BARE, channel.creation_time
        return kind, self.connections_of.get(channel.host, 0), now - since

    # ---- phones waiting for a change --------------------------------------------------------

    def add_task(self, task: Any) -> None:
        """A request to serve on ``task`` (a connection): a phone's ``status?wait`` that holds the
        status as it is now waits instead (:meth:`PollApp.may_wait`); any other goes to a worker.
        Called under the connection's request lock, on the loop's thread or a worker's."""
        channel: _GuardedChannel = task
        request = channel.requests[0] if channel.requests else None
        held = None
        if request is not None and not request.error:
            headers = request.headers
            held = self.gate.may_wait(request.command or "", request.path or "", request.query or "",
                                      headers.get("HOST"), headers.get("IF_NONE_MATCH"))
        if held is None:
            super().add_task(channel)
            return
        with self._waiting_lock:
            self._waiting[channel] = (time.time(), held)
        if self.gate.ballot.revision != held:  # changed meanwhile: the wake-up may have come and gone
            self._serve_waiting([channel])

    def wake(self, _revision: int = 0) -> None:
        """What phones show changed: answer the phones waiting for it (safe from any thread; a
        burst of changes wakes the loop once)."""
        if self._wake_pending:
            return
        self._wake_pending = True
        try:
            self.trigger.pull_trigger(self._release_waiting)
        except OSError:  # the trigger is closed: the loop is on its way out
            pass

    def _release_waiting(self) -> None:
        """On the loop's thread: serve every waiting status the change made stale."""
        self._wake_pending = False
        revision = self.gate.ballot.revision
        with self._waiting_lock:
            stale = [channel for channel, (_, held) in self._waiting.items() if held != revision]
        self._serve_waiting(stale)

    def _serve_waiting(self, channels: list[_GuardedChannel]) -> None:
        with self._waiting_lock:
            served = [channel for channel in channels if self._waiting.pop(channel, None) is not None]
        for channel in served:
            if channel.connected:
                super().add_task(channel)

    def stop_waiting(self, channel: _GuardedChannel) -> None:
        """``channel`` closed: it waits no more."""
        with self._waiting_lock:
            self._waiting.pop(channel, None)

    def maintenance(self, now: float) -> None:
        limits = self.poll_limits
        waited = now - limits.wait_seconds
        with self._waiting_lock:
            timed_out = [channel for channel, (since, _) in self._waiting.items() if since < waited]
        self._serve_waiting(timed_out)  # answered as any request: a 304 if nothing changed for it
        idle_since = now - limits.idle_seconds
        deadline = now - limits.request_seconds
        seen = {}
        for fileno, channel in list(self.active_channels.items()):
            if channel.requests:
                continue  # being served
            request = channel.request
            if _in_progress(request):
                first = self._partial_since.get(fileno)
                since = first[1] if first is not None and first[0] == id(request) else now
                seen[fileno] = (id(request), since)
                if since < deadline:
                    channel.will_close = True
            elif channel.served_at < idle_since:
                channel.will_close = True
        self._partial_since = seen


def _in_progress(request: HTTPRequestParser | None) -> bool:
    """Whether a request has begun to arrive: more than blank lines (RFC 7230 lets them precede a
    request, and waitress skips them; they make nothing, so they keep nothing open)."""
    if request is None or request.completed:
        return False
    return request.body_rcv is not None or bool(request.header_plus.strip())


SERVING_SWITCH_INTERVAL_S = 0.0002
"""While the server runs, Python hands the interpreter from one thread to another at least this
often (its default: every 5 ms). The server's threads and the UI share one interpreter. When 300
phones following the stage are answered at once, the loop and four workers all want it, and the
one woken when it is handed over is not always the UI thread: each miss costs the UI one interval.
Measured with ``bench/poll.py``'s step change, 50 times each (rounds of 25, alternating): at 1 ms the UI's
longest frame passed 16 ms 22 times (up to 235 ms); at 0.2 ms, never (at most 14.4 ms, median 6.5).
A thread that waits for nothing asks for no turn, so an idle server costs nothing."""


class _QuickSwitching:
    """Python's switch interval at :data:`SERVING_SWITCH_INTERVAL_S` while any server runs, and its
    own again once the last has stopped."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._servers = 0
        self._own = sys.getswitchinterval()

    def begin(self) -> None:
        with self._lock:
            if self._servers == 0:
                self._own = sys.getswitchinterval()
                sys.setswitchinterval(min(self._own, SERVING_SWITCH_INTERVAL_S))
            self._servers += 1

    def end(self) -> None:
        with self._lock:
            self._servers -= 1
            if self._servers == 0:
                sys.setswitchinterval(self._own)


_quick_switching = _QuickSwitching()


class PollServer:
    """One poll's server: bound at construction, serving from :meth:`start`, closed by :meth:`stop`.

    Parameters
    ----------
    app : PollApp
    host : str
        The address to listen on; :func:`~visualizer.poll.network.check_listen_address`
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
        app.set_limits(limits)
        self.connection_cap = connection_cap(limits)
        self._map: dict[int, Any] = {}
        adjustments = Adjustments(
            host=host, port=port, ipv6=False, threads=limits.threads,
            max_request_body_size=limits.body_bytes, max_request_header_size=limits.header_bytes,
            channel_timeout=limits.idle_seconds, cleanup_interval=1, connection_limit=self.connection_cap,
            asyncore_use_poll=True,  # select() fails past 1,024 file descriptors (ignored where absent)
            log_socket_errors=False, expose_tracebacks=False, ident="", url_scheme="http",
            clear_untrusted_proxy_headers=True,
        )
        # The worker threads start only once the port is bound: a port in use leaves nothing behind.
        dispatcher = ThreadedTaskDispatcher()
        try:
            self._server = _GuardedServer(app, app, self.connection_cap, map=self._map, adj=adjustments,
                                          dispatcher=dispatcher)
        except BaseException:
            wasyncore.close_all(self._map)  # the socket and the trigger's pipe
            raise
        dispatcher.set_thread_count(limits.threads)
        self.host, self.port = host, int(self._server.effective_port)
        app.set_hosts({f"{host}:{self.port}"} | ({host} if self.port == 80 else set()))
        app.ballot.watch(self._server.wake)  # a change of what phones show wakes those waiting
        self._on_error = on_error
        self._thread: threading.Thread | None = None
        self._stopped = threading.Event()
        self._switching = False  # True while this server keeps the interpreter's turns short

    @property
    def url(self) -> str:
        """The address phones open: ``http://HOST:PORT/TOKEN/``."""
        return f"http://{self.host}:{self.port}/{self.app.token}/"

    def set_limits(self, limits: Limits) -> None:
        """Use ``limits`` from now on (the teacher said the room's phones share addresses, or not);
        the total cap stays what this process affords."""
        self.app.set_limits(limits)

    def connections(self) -> int:
        """Connections open now (read on any thread: a snapshot)."""
        return len(self._server.active_channels)

    @property
    def running(self) -> bool:
        """True while the loop's thread lives."""
        return self._thread is not None and self._thread.is_alive()

    def start(self) -> None:
        """Serve on a background thread (the interpreter handed between threads every
        :data:`SERVING_SWITCH_INTERVAL_S` until :meth:`stop`)."""
        if self._thread is not None:
            return
        self._thread = threading.Thread(target=self._run, name=f"class-poll-{self.port}", daemon=True)
        self._thread.start()
        _quick_switching.begin()  # once it runs: a thread that could not start leaves Python's own
        self._switching = True

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
        self.app.ballot.watch(None)
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
        if self._switching:
            self._switching = False
            _quick_switching.end()


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


def _file_limit() -> int | None:
    """This process's limit of open files (None where there is none to read: Windows)."""
    try:
        import resource
    except ImportError:
        return None
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    return None if soft == resource.RLIM_INFINITY else int(soft)


def _open_files() -> int:
    """File handles this process holds now (0 where the system does not say)."""
    for folder in ("/proc/self/fd", "/dev/fd"):
        try:
            return len(os.listdir(folder))
        except OSError:
            continue
    return 0


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


__all__ = ["PORT", "PORT_TRIES", "SELECT_CONNECTIONS", "PollServer", "bind_first_free", "connection_cap", "wait_closed"]
