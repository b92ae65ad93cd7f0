"""The widgets that show a class poll, kept in step with it: the stage (address, count, crowding,
problems), the line that says it is open on a step that asks nothing, the results chart and the
practice question.

The widgets are values that know nothing of the poll; a :class:`PollFeed` is the one place that
feeds them, from the poll's signals.
"""

from __future__ import annotations

from typing import Protocol

import shiboken6
from PySide6.QtCore import QObject, SignalInstance

from visualizer.lesson.questions import AskedQuestion
from visualizer.poll.ballot import PollResults
from visualizer.poll.join_panel import JoinPanel
from visualizer.poll.open_line import OpenLine
from visualizer.poll.practice_question import PracticeQuestion
from visualizer.poll.results import PollResultsView


class FedPoll(Protocol):
    """What a feed reads of a poll (:class:`~visualizer.poll.class_poll.ClassPoll`): its signals,
    and what they announce."""

    state_changed: SignalInstance
    answers_changed: SignalInstance
    crowding_changed: SignalInstance
    problem: SignalInstance
    question_changed: SignalInstance

    @property
    def url(self) -> str | None: ...

    @property
    def question(self) -> AskedQuestion | None: ...

    @property
    def answered(self) -> int: ...

    @property
    def addresses(self) -> int: ...

    @property
    def shared_addresses(self) -> bool: ...

    @property
    def warning(self) -> str | None: ...

    def results(self) -> PollResults | None: ...


def _alive(widget: QObject | None) -> bool:
    """True if ``widget`` is given and its C++ object still exists (a closed band deletes it)."""
    return widget is not None and shiboken6.isValid(widget)


class PollFeed(QObject):
    """Keep ``join_panel``, ``results``, ``practice`` and ``line`` (any may be None) showing ``poll``,
    from now on.

    A child of ``parent`` (the poll itself): it goes with it, or when the poll is shown elsewhere
    (:meth:`stop`). A widget deleted before the poll is skipped.
    """

    def __init__(self, poll: FedPoll, join_panel: JoinPanel | None = None, results: PollResultsView | None = None,
                 practice: PracticeQuestion | None = None, line: OpenLine | None = None, *,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._poll = poll
        self._join_panel, self._results, self._practice, self._line = join_panel, results, practice, line
        poll.state_changed.connect(self._show_state)
        poll.answers_changed.connect(self._show_count)
        poll.crowding_changed.connect(self._show_crowding)
        poll.problem.connect(self._show_problem)
        poll.question_changed.connect(self._show_question)
        self._show_state()
        self._show_count()
        self._show_crowding()
        self._show_question()

    def stop(self) -> None:
        """Feed nothing more (its connections go with it)."""
        self._join_panel = self._results = self._practice = None
        self._line = None
        self.setParent(None)
        self.deleteLater()

    def _show_state(self) -> None:
        if _alive(self._join_panel):
            assert self._join_panel is not None
            self._join_panel.set_address(self._poll.url)
        if _alive(self._line):
            assert self._line is not None
            self._line.set_address(self._poll.url)
        self._show_results()

    def _show_count(self, *_: int) -> None:
        if _alive(self._join_panel):
            assert self._join_panel is not None
            self._show_count_on(self._join_panel)
        self._show_results()

    def _show_results(self) -> None:
        if _alive(self._results):
            assert self._results is not None
            self._results.set_results(self._poll.results())

    def _show_crowding(self) -> None:
        if _alive(self._join_panel):
            assert self._join_panel is not None
            self._show_count_on(self._join_panel)
            self._join_panel.set_warning(self._poll.warning)

    def _show_count_on(self, join_panel: JoinPanel) -> None:
        """How many answered (and from how many addresses, when phones share them)."""
        poll = self._poll
        join_panel.set_count(poll.answered, poll.addresses if poll.shared_addresses else None)

    def _show_problem(self, message: str) -> None:
        if _alive(self._join_panel):
            assert self._join_panel is not None
            self._join_panel.set_problem(message)

    def _show_question(self) -> None:
        if _alive(self._practice):
            assert self._practice is not None
            self._practice.set_question(self._poll.question)
