"""One player for every animation: play, pause, step, and no frame while nobody is looking."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, QTimer, Signal
from PySide6.QtWidgets import QAbstractButton, QWidget

from visualizer.ui.values import ControlValue


class Player(QObject):
    """A frame timer with a checkable play button, shared by the RoPE clock's sweep, the
    gradient lab's training loop and the X panel's build-step-by-step.

    The timer stops when the owning view is hidden (another tab comes to the front) or closed.
    The window's Space key calls ``view.player.toggle()`` on whichever view has a player.

    Parameters
    ----------
    owner : QWidget
        The view; hiding or closing it pauses the player.
    button : QAbstractButton
        Checkable; clicking it plays or pauses, and it is kept checked exactly while playing.
    interval_ms : int
        Time between frames.
    advance : callable
        Draws the next frame; called on every tick and by :meth:`step`.
    name : str
        The timer's object name (what a leak report prints).

    Signals
    -------
    frame : ()
        A frame is due (the timer ticked, or :meth:`step`); ``advance`` is connected to it.
    playing_changed : (bool)
        Playing started (True) or stopped (False), after the timer and the button follow.
    """

    frame = Signal()
    playing_changed = Signal(bool)

    def __init__(self, owner: QWidget, button: QAbstractButton, interval_ms: int, advance: Callable[[], None],
                 name: str) -> None:
        super().__init__(owner)
        self.button = button
        self.timer = QTimer(self)
        self.timer.setObjectName(name)
        self.timer.setInterval(interval_ms)
        # Through a Qt connection, not a Python reference: holding the view's bound method here
        # would tie view and player in a cycle that keeps the view's plots alive until a GC pass.
        self.frame.connect(advance)
        self.timer.timeout.connect(self.frame)
        button.setCheckable(True)
        self._pressed = ControlValue.check(button)  # checked exactly while playing
        self._pressed.changed.connect(self.set_playing)
        owner.installEventFilter(self)

    def is_playing(self) -> bool:
        """True while frames advance."""
        return self.timer.isActive()

    def set_playing(self, playing: bool) -> None:
        """Start or stop the frames; nothing happens if they already are."""
        self._pressed.value = playing  # the button follows; it does not call back in
        if playing == self.is_playing():
            return
        if playing:
            self.timer.start()
        else:
            self.timer.stop()
        self.playing_changed.emit(playing)

    def play(self) -> None:
        """Start the frames."""
        self.set_playing(True)

    def pause(self) -> None:
        """Stop the frames where they are."""
        self.set_playing(False)

    def toggle(self) -> None:
        """Play if paused, pause if playing (Space)."""
        self.set_playing(not self.is_playing())

    def step(self) -> None:
        """Advance one frame without playing."""
        self.frame.emit()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        # No animation while nobody is looking, and none outliving its view.
        if event.type() in (QEvent.Type.Hide, QEvent.Type.Close):
            self.pause()
        return False


__all__ = ["Player"]
