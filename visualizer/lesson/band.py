"""The lesson's place on stage: a dock beside the views, a band along the bottom while presenting."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import QApplication, QDockWidget, QHBoxLayout, QMainWindow, QWidget

from visualizer.appearance import Appearance
from visualizer.lesson.panel import LessonPanel
from visualizer.subscriptions import Listening

QWIDGETSIZE_MAX = 16_777_215  # Qt's "no maximum"
LESSON_SHARE = 0.22  # of the window width, for the lesson beside the views
LESSON_SHARE_PRESENTING = 0.24
"""Of the height, what the lesson along the bottom may always take. At the stage's own size every
step needs less (the stage tests hold the views' share)."""
LESSON_MAX_SHARE = 0.5
"""Of the height at most, for the lesson along the bottom when its text needs more than
:data:`LESSON_SHARE_PRESENTING` (zoomed in) and the views leave room above their least height: at
24%, one zoom step cut the last lines of step 13's answer."""
BESIDE_MIN_WIDTH = 1320
"""A window narrower than this (pixels at the scale) has the lesson along the bottom: beside the
vocabulary and the views it left X too narrow to print its numbers (1024 × 768, 1280 × 720)."""


class LessonBand(Listening, QDockWidget):
    """The guided lesson's dock: the lesson panel, and room beside it for panels that belong with
    the lesson (:meth:`add_beside`: a class poll's results, say).

    It places itself from the appearance and the window's width: beside the views normally (22%
    of the width); along the bottom while presenting (without a title bar) and in a window
    narrower than :data:`BESIDE_MIN_WIDTH`, as tall as the step's text needs (a quarter of the
    height, or up to half of it where the views can spare it: :meth:`most_height`). F9 decides
    whether it is ``wanted``; presenting shows it, until F9 hides it there.

    Parameters
    ----------
    host : QMainWindow
        The window whose dock areas it moves between.
    panel : LessonPanel
        The lesson's own panel.
    appearance : Appearance
        Whose ``presenting``, scale and language it follows.
    """

    wanted_changed = Signal(bool)
    """Presenting began or ended and the lesson's shown state changed with it (F9 had hidden it in
    the one mode and not in the other): what it cued must follow."""

    def __init__(self, host: QMainWindow, panel: LessonPanel, appearance: Appearance) -> None:
        super().__init__()
        self._host, self.panel, self._appearance = host, panel, appearance
        self._wanted = False
        self._hidden_on_stage = False  # F9 while presenting, until F9 again, a step, or presenting ends
        self._presenting = False  # sized for the bottom (presentation mode, told by set_presenting)
        self._presenting_look = False  # the appearance's presenting, as last heard
        self._at_bottom = False  # placed at the bottom (presenting, or a narrow window)
        self._row_beside = (0, 0)  # width taken beside the lesson in the bottom row, and its height (share_row)
        self.setObjectName("lesson")
        self._row: QHBoxLayout | None = None  # made by the first add_beside: the panel alone until then
        self._views_least_height: Callable[[], int] | None = None  # see measure_views_with
        self.setWidget(panel)
        self.setFeatures(QDockWidget.DockWidgetFeature.DockWidgetClosable
                         | QDockWidget.DockWidgetFeature.DockWidgetMovable)
        host.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self)
        self.hide()
        # After the panel: it has re-fonted (or re-written) its text when the band sizes itself.
        self.listen(appearance.events.scale, self._on_scale_changed)
        self.listen(appearance.events.language, self.retranslate)
        self.listen(appearance.events.language, self.fit)
        panel.step_changed.connect(self.fit)
        self._on_scale_changed()
        self.retranslate()

    @property
    def wanted(self) -> bool:
        """True when the teacher asked for the lesson (F9, or a lesson step shown); presenting,
        unless F9 hid it there."""
        return self._wanted_when(self._appearance.presenting)

    def _wanted_when(self, presenting: bool) -> bool:
        return not self._hidden_on_stage if presenting else self._wanted

    def set_wanted(self, wanted: bool) -> None:
        """Show or hide the lesson. Presenting, it shows unless F9 hid it there: the stage's own
        choice, forgotten when presenting ends (the window's comes back)."""
        if self._appearance.presenting:
            self._hidden_on_stage = not wanted
        else:
            self._wanted = wanted
        shown = self.wanted
        focus = QApplication.focusWidget()
        if not shown and focus is not None and self.isAncestorOf(focus):
            # Hidden with the focus inside (on Next, say), Qt gave it to the next widget of the
            # window: the sentence's text box, its text selected, and the next key typed replaced
            # the sentence (seen with real input). The window keeps it, for its keys.
            self._host.setFocus(Qt.FocusReason.OtherFocusReason)
        self.setVisible(shown)
        self.fit()

    def add_beside(self, widget: QWidget) -> None:
        """Put ``widget`` beside the lesson panel, in the band (it goes wherever the band goes)."""
        if self._row is None:
            content = QWidget()
            self._row = QHBoxLayout(content)
            self._row.setContentsMargins(0, 0, 0, 0)
            self._row.setSpacing(0)
            self._row.addWidget(self.panel, 1)
            self.setWidget(content)
        self._row.addWidget(widget)
        self.fit()

    def set_presenting(self, presenting: bool) -> None:
        """Presentation mode begins or ends: from now on the band sizes itself for the bottom (or the
        side); it moves there when the appearance says so (with every view)."""
        self._presenting = presenting

    def share_row(self, width: int, height: int = 0) -> None:
        """Another panel takes ``width`` pixels of the bottom row beside the lesson and needs the row
        ``height`` pixels tall (the class poll's, in a narrow window; 0, 0: none): the lesson
        measures its text in the width left and fills the row's height."""
        if (width, height) != self._row_beside:
            self._row_beside = (width, height)
            self.fit()

    def measure_views_with(self, least_height: Callable[[], int]) -> None:
        """How to measure the least height (px) of the views and what is around them (the window's
        stage): the band grows past a quarter of the window only into what they can spare."""
        self._views_least_height = least_height

    def most_height(self) -> int:
        """The tallest the lesson's panel may be along the bottom: a quarter of the window, or more
        (half at most) where the views are taller than their least height (zoomed in, the text
        grows, and a taller band keeps its lines; the view keeps its own)."""
        host = self._host
        always = int(host.height() * LESSON_SHARE_PRESENTING)
        central = host.centralWidget()
        if self._views_least_height is None or central is None or not central.isVisible():
            return always
        spare = central.height() - self._views_least_height()
        return max(always, min(int(host.height() * LESSON_MAX_SHARE), self.panel.height() + spare))

    @property
    def at_bottom(self) -> bool:
        """True while the lesson runs along the bottom (presenting, or a narrow window)."""
        return self._at_bottom

    def _set_least_width(self) -> None:
        self.setMinimumWidth(min(self._appearance.px(200), 320))

    def _on_scale_changed(self, *_: object) -> None:
        self._set_least_width()
        presenting = self._appearance.presenting
        if presenting != self._presenting_look:
            was_wanted = self._wanted_when(self._presenting_look)
            self._presenting_look = presenting
            self._presenting = presenting
            # No title bar while presenting: every pixel of height counts.
            self.setTitleBarWidget(QWidget() if presenting else None)  # type: ignore[arg-type]  # None: Qt's own bar
            self._place()
            self._hidden_on_stage = False
            self.setVisible(self.wanted)
            if self.wanted != was_wanted:  # F9 had hidden the lesson on stage, or in the window
                self.wanted_changed.emit(self.wanted)
        self.fit()

    def _place(self) -> None:
        """Along the bottom while presenting (like subtitles: the matrices keep the width) and in a
        narrow window (the vocabulary and the views keep it); beside the views otherwise."""
        bottom = self._appearance.presenting or self._host.width() < self._appearance.px(BESIDE_MIN_WIDTH)
        if bottom != self._at_bottom:
            self._at_bottom = bottom
            if not bottom:  # the height fitted along the bottom must not follow the band to the side
                self.panel.setMinimumHeight(0)
                self.panel.setMaximumHeight(QWIDGETSIZE_MAX)
                # Nor the width: along the bottom Qt raised the dock's minimum to the wide panel's
                # (386 px at 1200 px), and back beside, 22% of the width was clamped up to it.
                self._set_least_width()
            area = Qt.DockWidgetArea.BottomDockWidgetArea if bottom else Qt.DockWidgetArea.RightDockWidgetArea
            self._host.addDockWidget(area, self)
            self.panel.set_wide(bottom)

    def fit(self, *_: object) -> None:
        """The lesson's place and share: along the bottom what its text needs (at most
        :meth:`most_height`), beside 22% of the width."""
        self._place()
        if self.isHidden():
            return
        host = self._host
        if self._presenting or self._at_bottom:
            # As tall as this step's text needs, so the stage keeps the rest of the screen.
            needed, row = self._needed_along_the_bottom()
            most = int(host.height() * LESSON_SHARE_PRESENTING)
            if needed > most:  # (measuring what the views spare lays the window out: only then)
                most = self.most_height()
            height = max(min(most, max(needed, 1)), row)
            if self._presenting:
                # At least that tall too: with a band above the views (the class poll's), the window
                # would otherwise share the height out and give the lesson only its smallest size.
                self.panel.setFixedHeight(height)
            else:
                self.panel.setMinimumHeight(0)
                self.panel.setMaximumHeight(height)
            # The dock's own title bar (the window keeps Qt's) and frame come on top of the panel's.
            frame = max(self.minimumSizeHint().height() - self.widget().minimumSizeHint().height(),
                        self.height() - self.widget().height() if self.widget().height() > 0 else 0, 0)
            # The dock's own layout first takes the panel's new limits: resized against the last
            # step's (a shorter one), the band stayed that tall and the caption lost its last line.
            own = self.layout()
            if own is not None:
                own.activate()
            host.resizeDocks([self], [height + frame], Qt.Orientation.Vertical)
        else:
            self.panel.setMinimumHeight(0)
            self.panel.setMaximumHeight(QWIDGETSIZE_MAX)
            host.resizeDocks([self], [int(host.width() * LESSON_SHARE)], Qt.Orientation.Horizontal)

    def _needed_along_the_bottom(self) -> tuple[int, int]:
        """Along the bottom: the height (px) the step's text needs in the width the row leaves it,
        and the height the row's other panel needs (0 without one, and while presenting)."""
        for widget in (self.panel, *self.panel.findChildren(QWidget)):
            widget.ensurePolished()  # measured unpolished (hidden), the answer's last line was cut
        width = self._host.width()
        beside, row = (0, 0) if self._presenting else self._row_beside
        needed = self.panel.needed_height(width - beside)
        if not self._presenting and self._row_beside != (beside, row):
            # Measuring let Qt lay the window out, and the class poll's panel beside took
            # another share of the row (a window being resized): measure in what it left.
            beside, row = self._row_beside
            needed = self.panel.needed_height(width - beside)
        return needed, row

    def holds_its_text(self) -> bool:
        """True when every line of the step's text fits the room the lesson may take: along the
        bottom, :meth:`most_height`; beside the views, the panel's own height. At 1366 × 768, eight
        steps of zoom on a question cut the question's first and last lines (the window itself
        held): the zoom asks this before it stays (:class:`~visualizer.shell.presentation.Presentation`).
        The band is placed first: at the type of now it may belong along the bottom."""
        self._place()
        if self.isHidden():
            return True
        if self._presenting or self._at_bottom:
            return self._needed_along_the_bottom()[0] <= self.most_height()
        panel = self.panel
        return panel.needed_height(panel.width()) <= panel.height()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        # Fitted hidden, before the window's first layout, and again once shown (a window shown
        # before its band had measured a hidden panel, and the answer's last line was cut).
        self.fit()
        QTimer.singleShot(0, self, self.fit)

    def retranslate(self, *_: object) -> None:
        """The dock's title in the current language."""
        self.setWindowTitle(self.tr("Guided lesson"))

    def detach(self) -> None:
        """Stop following the appearance (the window's teardown)."""
        self.stop_listening()


__all__ = ["LESSON_MAX_SHARE", "LESSON_SHARE", "LESSON_SHARE_PRESENTING", "LessonBand"]
