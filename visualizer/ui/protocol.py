"""How a view listens, and what every view offers the window.

:class:`ListeningView` is :class:`~visualizer.subscriptions.Listening` for widgets: closing the
widget detaches it, so no signal of the shared model outlives the view. :class:`View` is the
shape the window relies on, :class:`AnimatedView` a view with a player; mypy checks that every
view satisfies them (``tests/ui/test_view_protocol.py`` is in its file list).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, runtime_checkable

from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import QWidget

from visualizer.subscriptions import Listening
from visualizer.ui.player import Player


@runtime_checkable
class Detachable(Protocol):
    """Anything the window tears down on close: views, panels, item models."""

    def detach(self) -> None:
        """Stop timers and listening."""


@runtime_checkable
class View(Protocol):
    """What the window asks of any view."""

    def refresh(self) -> None:
        """Redraw everything from the model."""

    def retranslate(self) -> None:
        """Re-read every visible string in the current language."""

    def detach(self) -> None:
        """Stop timers and listening: on the window's teardown, or from ``closeEvent``."""


@runtime_checkable
class AnimatedView(View, Protocol):
    """A view with an animation: the window's Space key calls ``player.toggle()``."""

    player: Player


# A mixin for widgets: type-checked as the QWidget it is mixed into, a plain class at run time (a
# second Qt base would give the view two C++ objects).
if TYPE_CHECKING:
    _Widget = QWidget
else:
    _Widget = object


class ListeningView(Listening, _Widget):
    """Mixin for a QWidget view: ``closeEvent`` calls ``detach()`` before Qt closes it.

    Put it before the Qt class in the bases, so that its ``closeEvent`` runs first.
    """

    def closeEvent(self, event: QCloseEvent) -> None:
        self.detach()
        super().closeEvent(event)


__all__ = ["AnimatedView", "Detachable", "ListeningView", "View"]
