"""The class poll's controller: asks the room the lesson's current question, on the laptop's
local network, and hands the answers to the UI through signals.

It is given what it uses (the model, the appearance, and the lesson's run), never the window. It
follows the lesson on its own: every phone shows the step on stage (its title, its caption and the
matrix in front: :mod:`visualizer.poll.stage`), entering a question step asks that question, the
lesson's reveal closes the answers and shows phones the right one. The server (waitress, in
:mod:`visualizer.poll`) runs on its own threads only while the poll is open; answers reach
the UI thread as a queued signal, coalesced, so a burst of phones never blocks a frame, and the
stage reaches the phones at most every 250 ms while the class drags tokens
(:mod:`visualizer.poll.stage_sender`).
"""

from __future__ import annotations

import base64
import errno
import functools
import secrets
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from types import TracebackType

from PySide6.QtCore import QCoreApplication, QObject, Qt, Signal

from visualizer.appearance import Appearance
from visualizer.io.atomic import write_atomically
from visualizer.lesson.questions import AskedQuestion, question_for
from visualizer.lesson.run import LessonRun
from visualizer.model import EmbeddingModel
from visualizer.poll.ballot import Ballot, PollResults
from visualizer.poll.crowding import Cap, Crowding
from visualizer.poll.feed import PollFeed
from visualizer.poll.join_panel import JoinPanel
from visualizer.poll.local_network import local_interfaces
from visualizer.poll.network import LocalInterface, NoNetworkError, NotLocalAddressError, choose_interface
from visualizer.poll.open_line import OpenLine
from visualizer.poll.practice_question import PracticeQuestion
from visualizer.poll.results import PollResultsView
from visualizer.poll.server import PORT, PORT_TRIES, PollServer, bind_first_free
from visualizer.poll.stage_sender import StageSender
from visualizer.poll.web import AssetError, Limits, PollApp, load_page
from visualizer.subscriptions import Listening

ExceptHook = Callable[[type[BaseException], BaseException, TracebackType | None], object]

ROOM_CODE_PAUSE_S = 20 * 60
"""A poll closed this long opens again with a new room code: the next class on the same Wi-Fi
does not inherit the last one's address (phones of the last class cannot answer). Closed and
opened again sooner (a discussion, a slip of F6), it keeps its code: no one has to scan again."""


def fresh_room_code() -> tuple[str, bytes]:
    """A room code: the address's token (:func:`room_token`) and a new 256-bit key for phone ids."""
    return room_token(), secrets.token_bytes(32)


def room_token() -> str:
    """128 random bits as 26 lowercase letters and digits (base 32: no 0/O or 1/l to mistype)."""
    return base64.b32encode(secrets.token_bytes(16)).decode("ascii").rstrip("=").lower()


class ClassPoll(Listening, QObject):
    """The room's answers to the lesson's current question.

    Parameters
    ----------
    model : EmbeddingModel
        Its table E gives the choices their numbers.
    appearance : Appearance
        Phones follow its language (each may switch).
    lesson : LessonRun
        Where the lesson is: phones follow its step, its question and its reveal.
    parent : QObject, optional
    address : str, optional
        Listen here instead of the interface chosen among ``interfaces()`` (tests and kiosks:
        loopback); a public address or 0.0.0.0 is refused with a message.
    port : int
        The port tried first; the next free one if it is taken (0: any free port).
    limits : Limits, optional
        Sizes, rates and timeouts of the server.
    interfaces : callable, optional
        This machine's interfaces (tests pass their own).
    clock : callable, optional
        Monotonic seconds: when the poll closed, for :data:`ROOM_CODE_PAUSE_S` (tests pass their own).

    Signals
    -------
    state_changed : ()
        Opened, closed, revealed, re-opened or reset: re-read ``is_open``, ``url``, ``results()``.
    question_changed : ()
        The current step's question changed (another step, or E was edited): re-read ``question``.
    answers_changed : (int)
        How many phones answered the current question (never how they answered).
    crowding_changed : ()
        The addresses the answers came from, or the warning about phones sharing addresses,
        changed: re-read ``addresses`` and ``warning``.
    problem : (str)
        A message for the teacher, translated: no network, no free port, an error closed the poll.
    """

    state_changed = Signal()
    question_changed = Signal()
    answers_changed = Signal(int)
    crowding_changed = Signal()
    problem = Signal(str)
    _answers_arrived = Signal()  # emitted on the server's threads; queued to this object's thread
    _server_failed = Signal(int, str)  # the opening it happened in, what happened

    def __init__(self, model: EmbeddingModel, appearance: Appearance, lesson: LessonRun,
                 parent: QObject | None = None, *, address: str | None = None, port: int = PORT,
                 limits: Limits | None = None, interfaces: Callable[[], list[LocalInterface]] = local_interfaces,
                 clock: Callable[[], float] = time.monotonic) -> None:
        QObject.__init__(self, parent)
        self._model, self._appearance, self._lesson = model, appearance, lesson
        self._address, self._port, self._limits = address, port, limits or Limits()
        self._interfaces, self._clock = interfaces, clock
        self._token, self._secret = fresh_room_code()
        self._shared = False
        self._closed_at: float | None = None
        # Noted on the server's threads: the UI hears it as it hears answers (one event per burst).
        self._crowding = Crowding(on_change=self._answer_arrived_on_a_server_thread)
        self._ballot = Ballot(on_change=self._answer_arrived_on_a_server_thread,
                              phones_per_address=self._limits.phones_per_address, crowding=self._crowding)
        self._server: PollServer | None = None
        self._opening = 0  # counts the openings: an error queued by a former server closes nothing now
        self._arrival_pending = False
        self._arrival_lock = threading.Lock()
        self._answered = 0
        self._turnout: tuple[int, str | None] = (0, None)  # addresses, warning
        self._question: AskedQuestion | None = None
        self._seen: tuple[str | None, object, bool] = (None, None, False)  # step, its question (edited?), revealed
        self._hooks: tuple[ExceptHook, ExceptHook] | None = None
        self._feed: PollFeed | None = None
        self._stage = StageSender(lesson, model, self._ballot, self)
        self._answers_arrived.connect(self._on_answers_arrived, Qt.ConnectionType.QueuedConnection)
        self._server_failed.connect(self._on_server_failed, Qt.ConnectionType.QueuedConnection)
        self.listen(lesson.changed, self._on_lesson_changed)
        self.listen(model.events.embedding_changed, self._on_embedding_changed)
        self.listen(model.events.changed, self._on_model_changed)
        self.listen(appearance.events.language, self._ballot.set_language)
        self.listen(appearance.events.language, self._on_language_changed)
        application = QCoreApplication.instance()
        if application is not None:
            self.listen(application.aboutToQuit, self.close)  # quitting closes the port
        self._ballot.set_language(appearance.language)
        self._on_lesson_changed()

    # ---- what the UI reads ------------------------------------------------------------------

    @property
    def is_open(self) -> bool:
        """True while the server listens."""
        return self._server is not None

    @property
    def url(self) -> str | None:
        """The address phones open (the QR code's text), while open."""
        return self._server.url if self._server is not None else None

    @property
    def question(self) -> AskedQuestion | None:
        """The current step's question with its computed choices (or why it cannot be asked);
        None on a step that asks nothing. Offline practice reads it too, open or not."""
        return self._question

    @property
    def answered(self) -> int:
        """Phones that answered the current question."""
        return self._answered

    @property
    def addresses(self) -> int:
        """Network addresses the current question's answers came from: as many as the answers,
        unless phones share addresses (then the stage shows both)."""
        return self._turnout[0]

    @property
    def warning(self) -> str | None:
        """What the teacher should know about phones sharing addresses (translated), or None."""
        return self._turnout[1]

    @property
    def shared_addresses(self) -> bool:
        """Whether the room's phones may share network addresses (see :meth:`set_shared_addresses`)."""
        return self._shared

    @property
    def token(self) -> str:
        """The room code: the address's last part."""
        return self._token

    def results(self) -> PollResults | None:
        """The counts of the current question, with its right choice; None if it asks nothing."""
        return self._ballot.results()

    # ---- what the teacher does --------------------------------------------------------------

    def open(self) -> bool:
        """Start serving the current question; False (and a ``problem``) if it cannot."""
        if self._server is not None:
            return True
        host = self._address
        try:
            if host is None:
                host = choose_interface(self._interfaces()).address
            if self._closed_at is not None and self._clock() - self._closed_at >= ROOM_CODE_PAUSE_S:
                self._token, self._secret = fresh_room_code()  # another class, maybe
            limits = self._limits_now()
            self._opening += 1
            on_error = functools.partial(self._error_on_a_server_thread, self._opening)
            app = PollApp(self._ballot, self._token, (), limits, page=load_page(), secret=self._secret,
                          on_error=on_error, crowding=self._crowding)
            server = bind_first_free(app, host, self._port, limits, on_error=on_error)
        except NoNetworkError:
            self.problem.emit(self.tr("No local network: join the classroom Wi-Fi or start this laptop's hotspot, "
                                      "then ask the class again."))
            return False
        except NotLocalAddressError:
            self.problem.emit(self.tr("The poll listens only on this laptop's local network, not on {0}.")
                              .format(host))
            return False
        except AssetError as error:
            self.problem.emit(self.tr("The phone page cannot be served: {0}").format(error))
            return False
        except OSError as error:
            if error.errno == errno.EADDRINUSE:
                message = self.tr("Ports {0} to {1} are all in use: close what uses them, then ask the class again.")
                self.problem.emit(message.format(self._port, self._port + PORT_TRIES - 1))
            else:
                self.problem.emit(self.tr("The poll cannot listen on {0}: {1}").format(host, error.strerror or error))
            return False
        self._server = server
        self._closed_at = None
        self._crowding.clear()  # what crowded the last opening may be gone (or was the setting's)
        self._stage.send()
        server.start()
        self._install_error_hook()
        self._count_answers()
        self.state_changed.emit()
        return True

    def close(self) -> None:
        """Stop the server: the port is closed when this returns. The answers stay (in memory)."""
        server, self._server = self._server, None
        if server is None:
            return
        self._closed_at = self._clock()
        self._stage.stop()
        self._remove_error_hook()
        server.stop()
        self._count_answers()  # no warning while closed
        self.state_changed.emit()

    def new_room_code(self) -> bool:
        """A new room code: a new token in the address and a new key for phone ids. Phones on the
        old address can no longer answer or read anything (an earlier class on the same Wi-Fi,
        or a code that left the room); the answers stay. An open poll opens again at once on the
        new address (the stage shows its code)."""
        was_open = self._server is not None
        self.close()
        self._token, self._secret = fresh_room_code()
        if was_open:
            return self.open()  # False: it could not open again (the problem says why)
        self.state_changed.emit()
        return True

    def set_shared_addresses(self, shared: bool) -> None:
        """Whether the room's phones may share network addresses (a school Wi-Fi that puts the
        class behind one address): then one address answers for up to
        :data:`~visualizer.poll.SHARED_PHONES_PER_ADDRESS` phones and has a class's
        allowance of requests and connections. Off (the default) each address answers for one
        phone, and one machine cannot pass for many. Applies at once, open or not."""
        shared = bool(shared)
        if shared == self._shared:
            return
        self._shared = shared
        limits = self._limits_now()
        self._ballot.set_phones_per_address(limits.phones_per_address)
        if self._server is not None:
            self._server.set_limits(limits)
        self._crowding.clear()
        self._count_answers()
        self.state_changed.emit()

    def _limits_now(self) -> Limits:
        return self._limits.for_shared_addresses(self._shared)

    def reopen(self) -> None:
        """Ask the current question again after a discussion (peer instruction): the first vote is
        kept, the answers (kept, changeable) make the second; the server opens if it was closed."""
        if not self._ballot.start_second_vote():
            self._ballot.reopen()  # nobody had voted: still the first vote, open again
        self.open()
        self.state_changed.emit()

    def show_answers(self) -> None:
        """Freeze the answers and show the right one, on phones and on the chart, before the
        lesson's own reveal: the class sees how it answered first, then the demonstration."""
        self._ballot.reveal()
        self.state_changed.emit()

    def reset(self) -> None:
        """Forget every answer to the current question and take answers again."""
        self._ballot.reset()
        self._count_answers()
        self.state_changed.emit()

    def save_counts(self, path: Path) -> bool:
        """Write the class's answers to every question as CSV (:meth:`Ballot.csv`: no phone ids, no
        names); False and a ``problem`` if it fails."""
        try:
            write_atomically(Path(path), self._ballot.csv(self._appearance.language).encode("utf-8"))
        except OSError as error:
            self.problem.emit(self.tr("Cannot save the class's answers to {0}: {1}")
                              .format(path, error.strerror or error))
            return False
        return True

    def show_in(self, join_panel: JoinPanel | None = None, results: PollResultsView | None = None,
                practice: PracticeQuestion | None = None, line: OpenLine | None = None) -> None:
        """Keep these widgets showing the poll, from now on (instead of those given before): the
        stage its address, count and problems; the chart the current question's results; practice
        the current question; the line its address (:class:`~visualizer.poll.feed.PollFeed`)."""
        if self._feed is not None:
            self._feed.stop()
        self._feed = PollFeed(self, join_panel, results, practice, line, parent=self)

    def detach(self) -> None:
        """Close the poll and stop listening (the window's teardown)."""
        self.close()
        self.stop_listening()
        if self._feed is not None:
            self._feed.stop()
            self._feed = None

    def _on_language_changed(self, *_: object) -> None:
        self._count_answers()  # the warning, in the new language

    # ---- following the lesson ---------------------------------------------------------------

    def _on_lesson_changed(self) -> None:
        step = self._lesson.current_step()
        seen = (None, None, False) if step is None else (step.id, step.question, self._lesson.revealed)
        with self._ballot.batch():  # the question and the stage reach a waiting phone together
            if self._server is not None:  # the step, its reveal, or what its experiment reported
                self._stage.send()
            if seen == self._seen and step is not None:
                return
            entered = seen[:2] != self._seen[:2] or step is None
            self._seen = seen
            if entered:
                self._question = question_for(step, self._model)
                self._ballot.ask(self._question, revealed=seen[2])
            elif seen[2]:
                self._ballot.reveal()
            else:
                self._ballot.reopen()
        if entered:
            self.question_changed.emit()
        self._count_answers()
        self.state_changed.emit()

    def _on_model_changed(self) -> None:
        if self._server is not None:  # only while open: no one else could ask for it
            self._stage.send_soon()


    def _on_embedding_changed(self) -> None:
        question = question_for(self._lesson.current_step(), self._model)
        if question != self._question:
            self._question = question
            self._ballot.ask(question)
            self._count_answers()
            self.question_changed.emit()
            self.state_changed.emit()

    # ---- answers, from the server's threads -------------------------------------------------

    def _answer_arrived_on_a_server_thread(self) -> None:
        # A burst of answers posts one event, not one per answer: the UI reads the count once.
        with self._arrival_lock:
            if self._arrival_pending:
                return
            self._arrival_pending = True
        self._answers_arrived.emit()

    def _on_answers_arrived(self) -> None:
        with self._arrival_lock:
            self._arrival_pending = False
        self._count_answers()

    def _count_answers(self) -> None:
        answered = self._ballot.answered()
        turnout = (self._ballot.addresses(), self._crowding_warning())
        counted, crowded = answered != self._answered, turnout != self._turnout
        self._answered, self._turnout = answered, turnout
        if counted:
            self.answers_changed.emit(answered)
        if crowded:
            self.crowding_changed.emit()

    def _crowding_warning(self) -> str | None:
        """What the teacher should know of the network, for their screen only: phones behind one
        address (the setting helps, but lets one machine vote many times: only the teacher can tell),
        one device's too many requests, a burst of new addresses answering as they appeared."""
        if self._server is None:
            return None
        said = []
        if self._crowding.hit(Cap.PHONES) and self._shared:
            said.append(self.tr("Very many phones share one network address: some answers may be missing."))
        elif self._crowding.hit(Cap.PHONES):
            said.append(self.tr("Several phones answered from one network address: only one answer per "
                                "address counts. If this Wi-Fi puts the class behind one address, choose "
                                "Class poll → Phones share addresses; if it is one machine, leave it off."))
        elif self._crowding.hit(Cap.REQUESTS) or self._crowding.hit(Cap.CONNECTIONS):
            said.append(self.tr("One network address sends too many requests: it is slowed down, and its "
                                "phones may have to tap again."))
        if fresh := self._crowding.addresses(Cap.FRESH):
            said.append(self.tr("{0} network addresses answered as soon as they appeared: if they are more "
                                "than the phones that just joined, one machine may be answering from several "
                                "addresses.").format(self._appearance.numbers.integer(fresh)))
        return "\n".join(said) or None

    # ---- errors close the port --------------------------------------------------------------

    def _error_on_a_server_thread(self, opening: int, error: BaseException) -> None:
        server = self._server
        if server is not None and opening == self._opening:
            server.close_soon()  # the sockets close now, from the server's own loop
        self._server_failed.emit(opening, f"{type(error).__name__}: {error}")

    def _on_server_failed(self, opening: int, description: str) -> None:
        if self._server is None or opening != self._opening:
            return  # closed already, or a former opening's server (a new room code opened anew)
        self.close()
        self.problem.emit(self.tr("The poll stopped after an error ({0}); its port is closed. "
                                  "Ask the class again to reopen it.").format(description))

    def _install_error_hook(self) -> None:
        """While open, an error anywhere in the app closes the poll first (then is reported as
        before): nothing keeps listening on the network from a program in an unknown state."""
        previous = sys.excepthook

        def hook(kind: type[BaseException], error: BaseException, tb: TracebackType | None) -> None:
            try:
                if self._server is not None:
                    self.close()
                    self.problem.emit(self.tr("The poll was closed after an error in the app; "
                                              "ask the class again to reopen it."))
            finally:
                previous(kind, error, tb)

        self._hooks = (hook, previous)
        sys.excepthook = hook

    def _remove_error_hook(self) -> None:
        if self._hooks is not None:
            hook, previous = self._hooks
            if sys.excepthook is hook:  # unless someone installed theirs on top since
                sys.excepthook = previous
            self._hooks = None


__all__ = ["ClassPoll", "room_token"]
