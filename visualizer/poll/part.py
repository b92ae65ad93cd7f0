"""Ask the class: the class poll in the window.

The part gives the lesson's question box an *Ask the class* button beside *Reveal* (F6 does the
same, also while presenting, where the question along the bottom needs the button's width), and
*Practice on your own* for a student alone; it brings the poll's menu (ask again, reset, save the
class's answers, close). Once asked, the poll follows the lesson: phones show each step, each
check-yourself step shows its code and how many have answered, and a step that asks nothing says
the poll is open and where (the code beside the views, one line on stage). Presenting, the reveal
comes in two beats, each a click of Reveal or of the clicker's Next: first the chart of the class's
answers with the right one marked (phones show it too), then the app's live demonstration as
without a poll (the chart makes room for it). So a teacher with a clicker presses F6 once, then
only Next. In the ordinary window one click reveals everywhere: the chart beside the views, the
answer on the phones and the demonstration at once.

Nothing of the poll is imported before it is first used (the controller, waitress, segno, the QR
code and the chart): the window starts as fast without it. The controller
(:class:`~visualizer.poll.class_poll.ClassPoll`) is made then, with the lesson's run, the model
and the appearance; the band it shows in is :class:`~visualizer.poll.band.PollBand`.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtWidgets import QFileDialog, QMainWindow, QPushButton, QVBoxLayout, QWidget

from visualizer.appearance import Appearance
from visualizer.core.problems import QT_TRANSLATE_NOOP
from visualizer.lesson.band import LessonBand
from visualizer.lesson.panel import LessonPanel
from visualizer.lesson.run import LessonRun
from visualizer.model import EmbeddingModel
from visualizer.subscriptions import Listening
from visualizer.ui.actions import ActionSpec
from visualizer.ui.file_places import start_path
from visualizer.ui.messages import MessageSink
from visualizer.ui.palette import scaled_font
from visualizer.ui.settings_store import MemorySettingsStore, SettingsStore

if TYPE_CHECKING:
    from visualizer.poll.band import PollBand, Surroundings
    from visualizer.poll.class_poll import ClassPoll
    from visualizer.poll.practice_question import PracticeQuestion

SHARED_ADDRESSES_KEY = "poll/shared_addresses"
"""The settings' key of *Phones share addresses*: a property of the room's Wi-Fi, not of a lesson,
so it is remembered between runs like the zoom and the theme."""


class PollPart(Listening, QObject):
    """The class poll's keys, buttons and place in the window; the controller, made on first use.

    Parameters
    ----------
    run : LessonRun
        The lesson: the poll asks its check-yourself questions and follows its reveals.
    model, appearance
        The shared state (the choices' numbers) and look (the phones' language).
    panel : LessonPanel
        Its question box gets the buttons.
    lesson_band : LessonBand
        Beside the views, the poll's panel goes under it.
    surroundings : Surroundings
        While presenting, the poll's band takes the place of the token strip and the scheme line.
    messages : MessageSink
        Where problems and what was saved are said.
    host : QMainWindow
        The window (its dock areas; the parent of the save dialog).
    store : SettingsStore, optional
        Where *Phones share addresses* is remembered (memory only by default).

    Signals
    -------
    opened : (str)
        The poll opened; its address (the command line prints it, for a kiosk's log).
    """

    opened = Signal(str)

    def __init__(self, run: LessonRun, model: EmbeddingModel, appearance: Appearance, panel: LessonPanel,
                 lesson_band: LessonBand, surroundings: Surroundings, messages: MessageSink, host: QMainWindow,
                 store: SettingsStore | None = None) -> None:
        super().__init__(host)
        self._store: SettingsStore = store if store is not None else MemorySettingsStore()
        self._run, self._model, self._appearance = run, model, appearance
        self._panel, self._lesson_band, self._surroundings = panel, lesson_band, surroundings
        self._messages, self._host = messages, host
        self._poll: ClassPoll | None = None
        self._band: PollBand | None = None
        self._address: str | None = None  # where to listen, if chosen (kiosks, tests)
        self._port: int | None = None
        self._problem: str | None = None
        self._was_open = False
        self._buttons_shown: tuple[bool, bool] | None = None
        self.ask_button = QPushButton()
        self.ask_button.setObjectName("ask_the_class")
        self.ask_button.setCheckable(True)
        # Open or close as the poll is, not as the button's own check mark says (the poll may have
        # closed by itself).
        self.ask_button.clicked.connect(lambda _checked=False: self.set_open(not self.is_open()))
        self.practice_button = QPushButton()
        self.practice_button.setObjectName("practice_on_your_own")
        self.practice_button.setCheckable(True)
        self.practice_button.toggled.connect(self._show_practice)
        self.buttons = QWidget()
        column = QVBoxLayout(self.buttons)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.ask_button)
        column.addWidget(self.practice_button)
        panel.add_to_question_box(self.buttons)
        self._release_reveal = run.hold_reveal(self._answers_first)
        self.listen(run.changed, self._on_lesson_changed)
        self.listen(appearance.events.scale, self._on_scale_changed)
        self.listen(appearance.events.language, self.retranslate)
        self._on_scale_changed()
        self.retranslate()

    # ---- what the window and the tests read -------------------------------------------------

    @property
    def poll(self) -> ClassPoll | None:
        """The controller, once the poll was first used (None before)."""
        return self._poll

    @property
    def band(self) -> PollBand | None:
        """Where the poll shows, once made."""
        return self._band

    @property
    def practice(self) -> PracticeQuestion | None:
        """Offline practice, once the poll was first used."""
        return self._band.practice if self._band is not None else None

    @property
    def problem(self) -> str | None:
        """Why the poll did not open, or closed (shown on stage until it opens or is closed)."""
        return self._problem

    def is_open(self) -> bool:
        """True while the poll listens (F6's check mark)."""
        return self._poll is not None and self._poll.is_open

    def shares_addresses(self) -> bool:
        """Whether the room's phones may share network addresses (the menu's check mark)."""
        return self._store.value(SHARED_ADDRESSES_KEY, False) in (True, "true")

    def listen_on(self, address: str | None, port: int | None = None) -> None:
        """Listen on ``address`` (a room address or loopback, as ``--poll-interface`` gives it)
        instead of the interface chosen among this machine's, from the next poll made."""
        self._address, self._port = address, port

    # ---- what the teacher does -----------------------------------------------------------------

    def set_open(self, on: bool) -> None:
        """Ask the class (open the poll), or close it."""
        if on:
            self.ask()
        else:
            self.close()

    def ask(self) -> bool:
        """Open the poll: the current question (and each one after it) is served to the room.
        False, and the problem said on stage and in the status bar, if it cannot open."""
        poll = self._made()
        self._problem = None
        opened = poll.open()
        self._show()
        return opened

    def close(self) -> None:
        """Close the poll: its port closes; the answers stay in memory (they can be saved)."""
        self._problem = None
        if self._poll is not None:
            self._poll.close()
        self._show()

    def ask_again(self) -> None:
        """Take answers to this question again, after a discussion: back to the question (a
        revealed answer is hidden again), the answers kept and changeable, the poll open."""
        if not self._on_question(QT_TRANSLATE_NOOP("PollPart", "Ask again works on a check-yourself step.")):
            return
        self._back_to_the_question()
        self._problem = None
        self._made().reopen()
        self._show()

    def reset(self) -> None:
        """Forget every answer to this question and ask it again from the start."""
        if not self._on_question(QT_TRANSLATE_NOOP("PollPart", "Reset works on a check-yourself step.")):
            return
        self._back_to_the_question()
        poll = self._made()
        poll.reset()
        if not poll.is_open:
            self.ask()
        self._show()

    def set_shared_addresses(self, shared: bool) -> None:
        """*Phones share addresses*: on, one network address answers for a class's phones (a
        school Wi-Fi that puts them behind one address); off (the default), for one phone, so one
        machine cannot pass for many. Remembered between runs; applies at once."""
        self._store.set_value(SHARED_ADDRESSES_KEY, bool(shared))
        if self._poll is not None:
            self._poll.set_shared_addresses(bool(shared))
        self._show()

    def new_room_code(self) -> None:
        """A new room code: phones holding the old address (a code that left the room, the last
        class) can no longer answer; an open poll shows its new code at once."""
        poll = self._made()
        if poll.new_room_code():  # else the poll could not open again, and its problem says why
            self._messages.show_message(self.tr("New room code: phones must scan the new code."))
        self._show()

    def ask_save_counts(self) -> None:
        """Save the class's answers to every question asked as CSV (each choice's first vote and,
        after a discussion, its second; no phone ids, no names), through a file dialog."""
        if self._poll is None:
            self._messages.show_message(self.tr("No answers to save: ask the class first."))
            return
        path, _ = QFileDialog.getSaveFileName(self._host, self.tr("Save the class's answers"),
                                              start_path("class-poll.csv"), self.tr("CSV table (*.csv)"))
        if not path:
            return
        if not path.lower().endswith(".csv"):
            path += ".csv"
        if self._poll.save_counts(Path(path)):
            self._messages.show_message(self.tr("The class's answers saved to {0}").format(path))

    def _on_question(self, refusal: str) -> bool:
        step = self._run.current_step()
        if step is None or not step.is_question:
            self._messages.show_message(self.tr(refusal))
            return False
        return True

    def _back_to_the_question(self) -> None:
        if self._run.revealed and self._run.index is not None:
            self._run.go_to(self._run.index)  # the step's own state again, its answer hidden

    # ---- made on first use ---------------------------------------------------------------------

    def _made(self) -> ClassPoll:
        if self._poll is None:
            from visualizer.poll.band import PollBand
            from visualizer.poll.class_poll import ClassPoll
            from visualizer.poll.server import PORT

            self._band = PollBand(self._host, self._lesson_band, self._surroundings, self._appearance)
            poll = self._poll = ClassPoll(self._model, self._appearance, self._run, self, address=self._address,
                                          port=PORT if self._port is None else self._port)
            poll.set_shared_addresses(self.shares_addresses())
            poll.state_changed.connect(self._on_poll_changed)
            poll.problem.connect(self._on_problem)
            # After the stage shows the warning (ClassPoll hears it first): its lines need room.
            poll.crowding_changed.connect(self._band.fit)
            self._feed()
        return self._poll

    def _feed(self) -> None:
        if self._poll is not None and self._band is not None:
            band = self._band
            self._poll.show_in(join_panel=band.join_panel, results=band.results, practice=band.practice,
                               line=band.line)

    def _show_practice(self, shown: bool) -> None:
        if shown:
            self._made()
        self._show()

    # ---- following the lesson and the poll ---------------------------------------------------

    def _answers_first(self) -> bool:
        """Presenting, the reveal's first beat while the class is asked: how it answered (True:
        shown; the demonstration waits for the next click). In the ordinary window one click
        reveals everywhere: the chart, the phones and the demonstration at once (False)."""
        poll = self._poll
        results = poll.results() if poll is not None and poll.is_open else None
        if poll is None or results is None or results.revealed:
            return False
        poll.show_answers()
        return self._appearance.presenting

    def _on_lesson_changed(self) -> None:
        self._show()

    def _on_poll_changed(self) -> None:
        open_now = self.is_open()
        if open_now and not self._was_open:
            self._problem = None
            assert self._poll is not None and self._poll.url is not None
            self.opened.emit(self._poll.url)
        self._was_open = open_now
        self._show()

    def _on_problem(self, message: str) -> None:
        self._problem = message
        self._messages.show_message(message)
        self._show()

    def _show(self) -> None:
        """The band: on a question step the code or the chart while the poll is open, practice
        beside the views when asked for and no poll is open; on a step that asks nothing, where
        the open poll is (the code beside the views, one line on stage); the problem the poll has
        to say, on any step; the buttons as the poll is."""
        step = self._run.current_step()
        question = step is not None and step.is_question
        open_now = self.is_open()
        presenting = self._appearance.presenting
        practising = not open_now and not presenting
        if self._band is not None:
            from visualizer.poll.band import CODE, FOLLOW, LINE, PRACTICE, RESULTS

            results = self._poll.results() if self._poll is not None else None
            answers_shown = open_now and results is not None and results.revealed
            # Presenting, the demonstration (the lesson's reveal) gets the stage back, as without a poll.
            demonstrating = self._run.revealed and presenting
            page: str | None = None
            if self._problem is not None:
                page = CODE  # the stage says the problem in the code's place
            elif open_now and not question:
                page = LINE if presenting else FOLLOW  # phones follow the lesson: say where
            elif question and open_now and not demonstrating:
                page = RESULTS if answers_shown else CODE
            elif question and practising and self.practice_button.isChecked():
                page = PRACTICE
            self._band.show_page(page)
            self._band.fit()  # the lesson's text may have grown (an answer's caption): share again
        self.ask_button.setChecked(open_now)
        self.ask_button.setText(self.tr("Close the poll") if open_now else self.tr("Ask the class"))
        # Presenting, F6 asks and closes (the cheat sheet, F1, says so): the question along the
        # bottom keeps its width, and the projector shows nothing the class need not read.
        asking = not presenting
        shown = (asking, practising)
        if shown != self._buttons_shown:
            self._buttons_shown = shown
            self.ask_button.setVisible(asking)
            self.practice_button.setVisible(practising)
            self.buttons.setVisible(asking or practising)
            # The question box grew or shrank: the lesson panel forgets its cached height now (not
            # when next shown), so that the lesson's band fits the question's new height.
            box = self.buttons.parentWidget()
            if box is not None:
                box.updateGeometry()
            self._lesson_band.fit()

    def _on_scale_changed(self, *_: object) -> None:
        size = 10 if self._appearance.presenting else 11  # as the lesson panel's own buttons
        for button in (self.ask_button, self.practice_button):
            button.setFont(scaled_font(self._appearance, size))
        self._show()

    def set_presenting(self, _presenting: bool) -> None:
        """Presentation mode begins or ends (before anything changes): the band steps aside while
        the window changes, and comes back in its new place once the event loop runs again."""
        if self._band is not None and self._band.isVisible():
            self._band.step_aside()
            QTimer.singleShot(0, self._band.come_back)

    def fit(self) -> None:
        """The window was resized: the band keeps its share."""
        if self._band is not None:
            self._band.fit()

    def retranslate(self, *_: object) -> None:
        """Re-read every visible string in the current language."""
        self.practice_button.setText(self.tr("Practice on your own"))
        self._show()

    def detach(self) -> None:
        """Close the poll (its port closes) and stop listening (the window's teardown)."""
        self.stop_listening()
        self._release_reveal()
        if self._poll is not None:
            self._poll.detach()
        if self._band is not None:
            self._band.detach()


# ---- the menu ------------------------------------------------------------------------------------


def ask_the_class(part: PollPart, _checked: bool) -> None:
    """Class poll → Ask the class (F6): open the poll, or close it if it is open.

    Read from the poll, not from the entry's check mark: the poll also opens and closes by
    itself (``--poll``, an error), and the mark is only read back from it (:func:`poll_is_open`).
    """
    part.set_open(not part.is_open())


def poll_is_open(part: PollPart) -> bool:
    """Whether the poll listens (F6's check mark)."""
    return part.is_open()


def ask_again(part: PollPart) -> None:
    """Class poll → Ask again (Shift+F6)."""
    part.ask_again()


def reset_answers(part: PollPart) -> None:
    """Class poll → Reset the answers."""
    part.reset()


def share_addresses(part: PollPart, checked: bool) -> None:
    """Class poll → Phones share addresses: whether one network address may answer for many phones."""
    part.set_shared_addresses(checked)


def shares_addresses(part: PollPart) -> bool:
    """Whether phones may share addresses (the entry's check mark)."""
    return part.shares_addresses()


def new_room_code(part: PollPart) -> None:
    """Class poll → New room code."""
    part.new_room_code()


def save_counts(part: PollPart) -> None:
    """Class poll → Save the class's answers… (a CSV)"""
    part.ask_save_counts()


def close_poll(part: PollPart) -> None:
    """Class poll → Close the poll."""
    part.close()


POLL_MENU = "poll"


def poll_actions() -> tuple[ActionSpec, ...]:
    """The class poll's menu entries and keys (callbacks take the :class:`PollPart`)."""
    return (
        ActionSpec("ask_the_class", QT_TRANSLATE_NOOP("MainWindow", "&Ask the class"), POLL_MENU,
                   ask_the_class, checked=poll_is_open, checkable=True),
        ActionSpec("ask_again", QT_TRANSLATE_NOOP("MainWindow", "Ask a&gain (answers kept)"), POLL_MENU, ask_again),
        ActionSpec("reset_answers", QT_TRANSLATE_NOOP("MainWindow", "&Reset the answers"), POLL_MENU,
                   reset_answers),
        ActionSpec("new_room_code", QT_TRANSLATE_NOOP("MainWindow", "&New room code"), POLL_MENU,
                   new_room_code),
        ActionSpec("share_addresses", QT_TRANSLATE_NOOP("MainWindow", "&Phones share addresses"), POLL_MENU,
                   share_addresses, checked=shares_addresses, checkable=True, separator_before=True),
        ActionSpec("save_counts", QT_TRANSLATE_NOOP("MainWindow", "&Save the class's answers…"), POLL_MENU,
                   save_counts, separator_before=True),
        ActionSpec("close_poll", QT_TRANSLATE_NOOP("MainWindow", "&Close the poll"), POLL_MENU, close_poll,
                   separator_before=True),
    )


__all__ = ["POLL_MENU", "SHARED_ADDRESSES_KEY", "PollPart", "poll_actions"]
