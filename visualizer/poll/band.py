"""The class poll's place on stage: its QR code while the class answers, the chart of the answers
once the question is revealed; beside the views, offline practice when no poll is open.

Presenting, it is a band across the top of the stage, in the place of the token strip and the
scheme line (they step aside while it shows): the step's view keeps the whole width, so its numbers
keep their size, and the lesson's band below keeps the question. The band is as tall as a code
a third of the screen's height needs; the chart that replaces the code at the reveal's first beat
gets the same height (more if it needs it). At the reveal's second beat (the demonstration) the
band makes room again, and the step's view has the stage as without a poll. Beside the views (not
presenting) it is a panel under the lesson, in the lesson's column: the code on top, the address
and the count under it, in what the lesson's text leaves of the column; or offline practice (a
student alone), scrolled if that column is short. In a window too narrow for the lesson beside
the views (the lesson runs along the bottom), it sits beside the lesson in that row, the code as
tall as the row.

On a step that asks nothing, an open poll still says where it is: beside the views the same panel
(the code, the address, "follow the lesson on your phone"); on stage one line across the top
(the token strip and the scheme line stay), so that the step's view keeps the stage.

Imported only when a poll is first used: it brings the QR code (segno) and the poll's views.
"""

from __future__ import annotations

from typing import Protocol

from PySide6.QtCore import Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QDockWidget,
    QFrame,
    QMainWindow,
    QScrollArea,
    QSizePolicy,
    QStackedWidget,
    QStyle,
    QWidget,
)

from visualizer.appearance import Appearance
from visualizer.lesson.band import LESSON_SHARE_PRESENTING, QWIDGETSIZE_MAX, LessonBand
from visualizer.poll.join_panel import MIN_QR_PX, JoinPanel
from visualizer.poll.open_line import OpenLine
from visualizer.poll.practice_question import PracticeQuestion
from visualizer.poll.results import PollResultsView
from visualizer.subscriptions import Listening


class Surroundings(Protocol):
    """What the poll's band asks of the widgets around the views (the shell's
    :class:`~visualizer.shell.surroundings.Surroundings`)."""

    def cover_sequence(self, covered: bool) -> None:
        """While presenting, the band takes the room of the token strip and the scheme line."""

    def least_height(self) -> int:
        """The height the views and what is shown around them need at the least, now."""


STAGE, COLUMN, ROW = "stage", "column", "row"
"""Where the band is: across the top of the stage (presenting), under the lesson in its column
(beside the views), or beside the lesson in its row along the bottom (a narrow window)."""
ROW_SHARE = 0.36
"""In a narrow window's bottom row, the panel's share of the width at most (the lesson's text keeps the rest)."""
CODE, RESULTS, PRACTICE, FOLLOW, LINE = "code", "results", "practice", "follow", "line"
"""What the band shows: the code (the class answers), the chart (the reveal), offline practice, the
code on a step that asks nothing (phones follow the lesson), one line on stage on such a step."""
CODE_SHARE = 1 / 3
"""Presenting, the code (its quiet zone included) is this share of the screen's height, unless the
view in front cannot leave that much (see :meth:`PollBand.fit`)."""


class PollBand(Listening, QDockWidget):
    """Where the class poll shows: a band above the views while presenting, a panel under the
    lesson otherwise. A place, not a controller: the class poll's controller feeds its widgets
    (``join_panel``, ``results``), and :meth:`show_poll` says what to show.

    Parameters
    ----------
    host : QMainWindow
        The window whose dock areas it moves between.
    lesson_band : LessonBand
        The lesson's dock: beside the views, the panel goes under it.
    surroundings : Surroundings
        Told to put the token strip and the scheme line aside while the band shows on stage.
    appearance : Appearance
        Whose ``presenting``, scale and language it follows.
    """

    def __init__(self, host: QMainWindow, lesson_band: LessonBand, surroundings: Surroundings,
                 appearance: Appearance) -> None:
        super().__init__()
        self._host, self._lesson_band, self._appearance = host, lesson_band, appearance
        self._surroundings = surroundings
        self.setObjectName("class_poll")
        self.setFeatures(QDockWidget.DockWidgetFeature.NoDockWidgetFeatures)  # it goes when the poll goes
        self.join_panel = JoinPanel(appearance)
        self.results = PollResultsView(appearance)
        self.results.set_prompt_shown(False)  # the lesson shows the question right beside it
        self.practice = PracticeQuestion(appearance)
        self.practice.set_prompt_shown(False)  # the lesson above shows the question; the title says what
        self.line = OpenLine(appearance)
        self._pages = QStackedWidget()
        # The chart and practice scroll if the column beside the views is short: the lesson's text
        # above them stays whole (presenting, the band is as tall as the chart needs, room allowing).
        self._page_widgets: dict[str, QWidget] = {CODE: self.join_panel, FOLLOW: self.join_panel,
                                                  RESULTS: _scrolled(self.results), PRACTICE: _scrolled(self.practice),
                                                  LINE: self.line}
        for page in dict.fromkeys(self._page_widgets.values()):
            self._pages.addWidget(page)
        self.setWidget(self._pages)
        self._page = CODE
        self._wanted = False
        self._aside = False
        self._where: str | None = None  # STAGE, COLUMN or ROW
        host.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self)
        self.hide()
        # After the lesson's band (made before this): it has moved when this band follows it.
        self.listen(appearance.events.scale, self._place)
        self.listen(appearance.events.language, self.retranslate)
        self.retranslate()

    @property
    def showing_results(self) -> bool:
        """True when the chart shows (after the reveal)."""
        return self._page == RESULTS

    @property
    def page(self) -> str | None:
        """What shows: ``code``, ``results``, ``practice``, ``follow``, ``line``, or None (hidden)."""
        return self._page if self._wanted else None

    def show_page(self, page: str | None) -> None:
        """Show ``page`` (:data:`CODE`, :data:`RESULTS`, :data:`PRACTICE`, :data:`FOLLOW`, :data:`LINE`),
        or nothing (None)."""
        shown = page is not None
        if shown != self._wanted or (shown and page != self._page):
            if page is not None:
                self._page = page
                current = self._page_widgets[page]
                self._pages.setCurrentWidget(current)
                self.join_panel.set_following(page == FOLLOW)
                # Only the page shown counts for the band's size (a stack counts every page).
                for widget in dict.fromkeys(self._page_widgets.values()):
                    policy = QSizePolicy.Policy.Preferred if widget is current else QSizePolicy.Policy.Ignored
                    widget.setSizePolicy(policy, policy)
                self.retranslate()
            self._wanted = shown
            self._place()

    def step_aside(self) -> None:
        """Out of sight until :meth:`come_back`: while presentation mode begins or ends, every
        other part changes its size; a band still sized for its old place would grow the window."""
        self._aside = True
        self.hide()

    def come_back(self) -> None:
        """Back in its place (the new one), once the window has changed around it."""
        self._aside = False
        self._place()

    def _place(self, *_: object) -> None:
        if self._aside:
            return
        if not self._wanted:
            self.hide()
            self._surroundings.cover_sequence(False)
            self._lesson_band.share_row(0)
            self._lesson_band.fit()
            return
        presenting = self._appearance.presenting
        where = STAGE if presenting else ROW if self._lesson_band.at_bottom else COLUMN
        if where != self._where:
            self._where = where
            # Out of sight while it is arranged for its new place: a band that showed there with
            # its old place's sizes (a column's height, a row's width) would grow the window.
            self.hide()
            self.join_panel.set_column(where == COLUMN)
            self.join_panel.set_compact(where == ROW)
            self.results.set_column(where != STAGE)  # a row beside the lesson is as narrow as a column
            if where == STAGE:  # a band across the top, without a title bar: every pixel of height counts
                self._host.addDockWidget(Qt.DockWidgetArea.TopDockWidgetArea, self)
                self.setTitleBarWidget(QWidget())
            elif where == ROW:  # beside the lesson along the bottom: under it, the views had no height left
                self._host.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, self)
                self._host.splitDockWidget(self._lesson_band, self, Qt.Orientation.Horizontal)
                self.setTitleBarWidget(QWidget())  # its own title says what it is: the views keep the height
            else:  # under the lesson, in its column
                self._host.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self)
                self._host.splitDockWidget(self._lesson_band, self, Qt.Orientation.Vertical)
                self.setTitleBarWidget(None)  # type: ignore[arg-type]  # None: Qt's own bar
        # One line leaves the token strip and the scheme line in place; the code's band takes their room.
        self._surroundings.cover_sequence(presenting and self._page != LINE)
        self.fit()  # sized before it shows: a band that showed taller first would grow the window
        self.show()
        self.fit()

    def fit(self, *_: object) -> None:
        """Presenting: the height a code of a third of the screen needs. Beside the views: the
        lesson above keeps the height its text needs, the panel takes the rest of the column
        (its code as large as that leaves, and never wider than the column)."""
        if not self._wanted or self._aside:
            return
        host = self._host
        if self._where != (STAGE if self._appearance.presenting else ROW if self._lesson_band.at_bottom else COLUMN):
            self._place()  # the lesson moved (the window was narrowed or widened): follow it
            return
        if self._where == ROW:
            self._fit_row()
            return
        self._lesson_band.share_row(0)
        if self._where == STAGE and self._page == LINE:
            height = self.line.heightForWidth(host.width())
            self._pages.setFixedHeight(height)
            host.resizeDocks([self], [height], Qt.Orientation.Vertical)
            self._lesson_band.fit()
            return
        if self._where == STAGE:
            height = self.join_panel.height_for_code(host.height() * CODE_SHARE)
            if self.showing_results:  # as tall as the code's band, or as the chart needs
                height = max(height, self.results.heightForWidth(host.width()))
            # Never more than the view (at its smallest) and the lesson's text leave: a view that
            # cannot shrink (the gradient lab's real-scale page) keeps the lesson's band whole, and
            # the code is then as large as what is left allows.
            panel = self._lesson_band.panel
            lesson_height = min(int(host.height() * LESSON_SHARE_PRESENTING), panel.needed_height(host.width()))
            # Two separators: between this band and the views, and between the views and the lesson.
            separators = 2 * host.style().pixelMetric(QStyle.PixelMetric.PM_DockWidgetSeparatorExtent, None, host)
            room = host.height() - self._surroundings.least_height() - lesson_height - separators
            height = max(min(height, room), self.join_panel.height_for_code(MIN_QR_PX))
            self._pages.setFixedHeight(height)
            host.resizeDocks([self], [height], Qt.Orientation.Vertical)
            self._lesson_band.fit()  # the window shared the height out again: the lesson's text first
            return
        self._pages.setMinimumHeight(0)
        self._pages.setMaximumHeight(QWIDGETSIZE_MAX)
        lesson = self._lesson_band
        content = lesson.widget()
        if not lesson.isVisible() or not self.isVisible() or content is None:
            return
        column = lesson.height() + self.height()
        chrome = lesson.height() - content.height()  # the lesson's title bar
        needed = content.heightForWidth(content.width()) + chrome
        width = self._pages.width()
        page = self._page_widgets[self._page]
        least = self.join_panel.column_height(width) if page is self.join_panel else page.minimumSizeHint().height()
        least += self.height() - self._pages.height()  # and its title bar
        wanted = max(least, column - needed)
        if abs(self.height() - wanted) > 2:
            host.resizeDocks([lesson, self], [column - wanted, wanted], Qt.Orientation.Vertical)

    def _fit_row(self) -> None:
        """Beside the lesson along the bottom: as wide as the page shown asks (the code as tall as
        the row, the address and count beside it), at most :data:`ROW_SHARE` of the window; the
        lesson measures its text in the width left."""
        host = self._host
        separator = host.style().pixelMetric(QStyle.PixelMetric.PM_DockWidgetSeparatorExtent, None, host)
        # The dock's frame around the pages (0 while the two widths are stale, the band hidden).
        frame = max(0, self.width() - self._pages.width()) if self._pages.width() > 0 else 0
        wanted = int(host.width() * ROW_SHARE)
        # The row is as tall as the lesson's text needs beside it (a quarter of the window at most),
        # and the code at its smallest: the code is as large as that leaves.
        lesson = self._lesson_band.panel.needed_height(host.width() - wanted - separator)
        lesson_room = min(int(host.height() * LESSON_SHARE_PRESENTING), lesson)
        # The row holds both docks whole: the lesson's text and its dock's title bar, beside this
        # band's pages and its thinner frame (without that, an answer's last line was cut by 1 px).
        height = max(self.join_panel.height_for_code(MIN_QR_PX), lesson_room + self._frames_apart())
        page = self._page_widgets[self._page]
        # Sized now, hidden or not: a code still as large as its last place's would widen the window
        # as the band shows.
        page.resize(min(wanted - frame, max(page.width(), 1)), height)
        if self._page == RESULTS:  # the chart takes the panel's whole share: its answers need the width
            page.resize(wanted - frame, height)
        else:  # as wide as the page asks (the code and its text, or practice)
            wanted = min(wanted, max(page.sizeHint().width(), page.minimumSizeHint().width()) + frame)
        if page is self.join_panel:  # taller if the address beside the code needs another line
            height = self.join_panel.row_height(wanted - frame, height)
            page.resize(page.width(), height)
        self._pages.setFixedHeight(height)
        self.join_panel.fit_code()
        self._lesson_band.share_row(wanted + separator, height)
        if wanted > 0 and abs(self.width() - wanted) > 2:
            host.resizeDocks([self], [wanted], Qt.Orientation.Horizontal)
        self._lesson_band.fit()

    def _frames_apart(self) -> int:
        """How much more the lesson's dock adds around its text (its title bar, its frame) than
        this band adds around its pages, in height."""
        lesson = self._lesson_band
        content = lesson.widget()
        if content is None:
            return 0
        if content.height() > 0 and lesson.height() > content.height():
            lesson_frame = lesson.height() - content.height()
        else:
            lesson_frame = max(lesson.minimumSizeHint().height() - content.minimumSizeHint().height(), 0)
        own_frame = self.height() - self._pages.height() if self._pages.height() > 0 else 0
        return max(lesson_frame - max(own_frame, 0), 0)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self._where == COLUMN:
            self.fit()  # the window laid the column out: share it again

    def retranslate(self, *_: object) -> None:
        """The panel's title in the current language."""
        self.setWindowTitle(self.tr("Practice on your own") if self._page == PRACTICE else self.tr("Class poll"))

    def detach(self) -> None:
        """Stop following the appearance, and the widgets with it (the window's teardown)."""
        self.stop_listening()
        self.join_panel.detach()
        self.results.detach()
        self.practice.detach()
        self.line.detach()


def _scrolled(widget: QWidget) -> QScrollArea:
    """``widget`` in a frameless scroll area that scrolls only up and down."""
    scroll = QScrollArea()
    scroll.setObjectName(f"{widget.objectName()}_scroll")
    scroll.setWidgetResizable(True)
    scroll.setFrameShape(QFrame.Shape.NoFrame)
    scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    scroll.setWidget(widget)
    return scroll


__all__ = ["CODE", "CODE_SHARE", "FOLLOW", "LINE", "PRACTICE", "RESULTS", "PollBand"]
