"""Presentation mode as one object: full screen, type scaled to the screen, contrast, blanking.

Entering or leaving changes the appearance (scale, contrast, ``presenting``); every view and
shell widget hears it and presents itself (the lesson band moves to the bottom, the tabs and the
menu bar step aside, each view stages its main visual). Nothing here reaches into them.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, QSize, QTimer, Signal
from PySide6.QtWidgets import QLabel, QMainWindow, QWidget

from visualizer.appearance import Appearance
from visualizer.shell.screen_fit import dock_least_widths

MIN_PRESENTATION_SCALE, MAX_PRESENTATION_SCALE = 1.5, 2.5
ZOOM_STEP = 1.15


def presentation_scale(width: int, height: int) -> float:
    """Type size for presenting on a ``width`` × ``height`` screen: 1.5 at 1024 × 768, more on larger."""
    scale = 1.5 * min(width / 1024, height / 768)
    return round(min(MAX_PRESENTATION_SCALE, max(MIN_PRESENTATION_SCALE, scale)), 2)


def stage_scale(width: int, height: int) -> float:
    """Size of each step's main visual on a ``width`` × ``height`` screen: 1.5 at 1024 × 768 and in
    proportion beyond, uncapped (a 4K projector gets digits 2.8 times as tall)."""
    return round(max(MIN_PRESENTATION_SCALE, 1.5 * min(width / 1024, height / 768)), 3)


class Presentation(QObject):
    """Everything that changes when the teacher presses F5, and changes back on Esc.

    While presenting: full screen, the type scaled to the screen, high contrast, and the clicker
    keys (→, ←, B, Space, Esc) enabled (``presenting_changed``). Leaving restores the zoom and
    contrast the teacher had before.

    Parameters
    ----------
    screen_window : QWidget
        The top-level window that goes full screen (and that ``B`` blacks out).
    appearance : Appearance
        The look every view follows.
    say : callable
        Shows the teacher a message (the status bar's), such as why the zoom gave way.
    holds_text : callable, optional
        True when the words laid out at the type of now fit the room they may take (the lesson's:
        :meth:`~visualizer.lesson.band.LessonBand.holds_its_text`); a zoom that breaks it is not kept.

    Signals
    -------
    presenting_changed : (bool)
        Entering (True) or leaving (False), before the appearance changes: the clicker keys and
        the lesson band's size follow.
    """

    presenting_changed = Signal(bool)

    def __init__(self, screen_window: QWidget, appearance: Appearance, say: Callable[[str], None],
                 holds_text: Callable[[], bool] = lambda: True) -> None:
        super().__init__(screen_window)
        self._window, self._appearance, self._say = screen_window, appearance, say
        self._holds_text = holds_text
        self._presenting = False
        self.scale = MIN_PRESENTATION_SCALE
        self.scale_before = 1.0
        self.contrast_before = False
        self._maximized_before = False  # the window's state before full screen, to come back to
        self.blank = QLabel(screen_window)  # B: a black screen while the class talks
        self.blank.setStyleSheet("background: black;")
        self.blank.hide()

    @property
    def presenting(self) -> bool:
        """True in presentation mode."""
        return self._presenting

    def toggle(self) -> None:
        """F5: in or out of presentation mode."""
        self.set_presenting(not self._presenting)

    def set_presenting(self, on: bool, full_screen: bool = True) -> None:
        """Enter or leave presentation mode.

        The scale follows the screen (or, with ``full_screen=False``, the window: screenshots):
        150% at 1024 × 768, up to 250% on large screens; zoom keys adjust it from there.
        """
        if on == self._presenting:
            return
        window, appearance = self._window, self._appearance
        self._presenting = on
        self.presenting_changed.emit(on)  # the clicker keys, the lesson band's size
        if on:
            self.scale_before, self.contrast_before = appearance.scale, appearance.high_contrast
            area = window.screen().availableGeometry().size() if full_screen else window.size()
            self.scale = presentation_scale(area.width(), area.height())
            appearance.set_scale(self.scale)
            appearance.set_high_contrast(True)
            # The main visual keeps growing with the screen where the rest of the type stops.
            # Every view and the shell's widgets present themselves on hearing it.
            appearance.set_presenting(True, stage_scale(area.width(), area.height()))
            # The lesson is shown, not started: the class's own sentence stays until Next.
        else:
            # Leave full screen before the layout grows back: the taller panels must not meet a
            # full-screen window (Qt would drop the state without telling anyone).
            if window.isFullScreen():  # back as it was: maximized by the window manager, or not
                window.showMaximized() if self._maximized_before else window.showNormal()
            appearance.set_presenting(False)
            appearance.set_scale(self.scale_before)
            appearance.set_high_contrast(self.contrast_before)
            self.blank.hide()
        if on and full_screen:
            self._maximized_before = window.isMaximized()
            window.showFullScreen()

    def fit_blank(self) -> None:
        """The black screen covers the whole window (after the window's size changed)."""
        self.blank.setGeometry(self._window.rect())

    # ---- zoom and blanking -------------------------------------------------------------------

    def zoom_in(self) -> None:
        """Ctrl+=: everything 15% larger, as long as the window holds what it shows: the lesson, the
        hint bar and the views must still fit its width and height (what scrolls, the views, may
        take any). At 1366 × 768 under a window manager, the eighth step laid the lesson out wider
        than the window (Next and "Got it" cut off) and the window manager let the window grow past
        the screen, where Ctrl+0 left it; the step that would outgrow the window is not taken."""
        before, size = self._appearance.scale, self._window.size()
        # Foreseen first, without taking the step (its least size grows with the type): a step taken
        # and taken back left the lesson's dock as wide as it had become, and the window with it.
        least = self._least_size()
        if least.width() * ZOOM_STEP > size.width() or least.height() * ZOOM_STEP > size.height():
            return
        self._appearance.set_scale(before * ZOOM_STEP)
        if self._outgrows(size):  # more than foreseen (a text that wrapped no longer does)
            self._appearance.set_scale(before)
            self._window.resize(size)  # where the layout already grew it (no window manager to stop it)

    def _settle_least_sizes(self) -> None:
        """The docks' and the window's least sizes made those of the type of now."""
        if isinstance(self._window, QMainWindow):
            dock_least_widths(self._window)  # not the width a dock had at a larger type
        layout = self._window.layout()
        if layout is not None:
            layout.activate()  # the least sizes of the type of now, not the ones cached before

    def _least_size(self) -> QSize:
        """The window's least size at the type of now."""
        self._settle_least_sizes()
        return self._window.minimumSizeHint()

    def _outgrows(self, size: QSize) -> bool:
        """True when the window's least size (at the type of now) is larger than ``size``, its size
        before the step, or when words no longer fit their room (``holds_text``)."""
        least = self._least_size()
        return least.width() > size.width() or least.height() > size.height() or not self._holds_text()

    def keep_within_window_soon(self, *_: object) -> None:
        """A step, an answer or a language is shown: once its view and words are laid out (a turn
        later), the zoom gives way if the window no longer holds them (:meth:`keep_within_window`),
        and the teacher is told why."""
        if not self._window.isVisible():
            return  # not laid out at its size yet (a start restoring the teacher's zoom and step)
        size = self._window.size()  # before the step's least size can grow the window
        QTimer.singleShot(0, self, lambda: self._keep_within(size))

    def _keep_within(self, size: QSize) -> None:
        if self.keep_within_window(size):
            self._say(self.tr("Zoom reduced: this step did not fit the window at the zoom before."))

    def keep_within_window(self, size: QSize) -> bool:
        """After the lesson shows another step or an answer: a zoom the teacher took on a smaller
        step must not let a larger one outgrow the window (2 steps of Ctrl+= on step 1, then step 7
        revealed, laid the window out 1,238 px wide at 1024 × 768, the right side and Next past the
        screen). One step of zoom out at a time, down to the base size at most, until the window's
        least size fits ``size`` (its size before the step) again. True if the zoom gave way."""
        base = self.scale if self._presenting else 1.0
        shrunk = False
        while self._appearance.scale > base * 1.001 and self._outgrows(size):
            self._appearance.set_scale(max(base, self._appearance.scale / ZOOM_STEP))
            shrunk = True
        if shrunk:
            self._settle_least_sizes()
            self._window.resize(size)  # where the layout already grew it (no window manager to stop it)
        return shrunk

    def zoom_out(self) -> None:
        """Ctrl+-: everything 15% smaller (and the docks no wider than what they hold now)."""
        self._appearance.set_scale(self._appearance.scale / ZOOM_STEP)
        self._settle_least_sizes()

    def reset_zoom(self) -> None:
        """Ctrl+0: back to 100% (or the presentation size while presenting), the docks no wider
        than what they hold now."""
        self._appearance.set_scale(self.scale if self._presenting else 1.0)
        self._settle_least_sizes()

    def saved_scale(self) -> float:
        """The teacher's own zoom, whatever presenting has done to it (what settings keep)."""
        return self.scale_before if self._presenting else self._appearance.scale

    def saved_contrast(self) -> bool:
        """The teacher's own contrast choice, whatever presenting has done to it."""
        return self.contrast_before if self._presenting else self._appearance.high_contrast

    def toggle_blank(self) -> None:
        """B while presenting: black out the screen, or bring it back."""
        self.blank.setGeometry(self._window.rect())
        self.blank.setVisible(not self.blank.isVisible())
        self.blank.raise_()

    def is_blank(self) -> bool:
        """True while the screen is blacked out."""
        return self.blank.isVisible()


__all__ = ["MAX_PRESENTATION_SCALE", "MIN_PRESENTATION_SCALE", "ZOOM_STEP", "Presentation", "presentation_scale",
           "stage_scale"]
