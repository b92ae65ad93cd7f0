"""Views in a hidden tab skip their work: they note that they are stale and redraw when shown."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import QWidget

from visualizer.ui.layout_boundary import LayoutBoundary

# A mixin for widgets: type-checked as the QWidget it is mixed into, a plain class at run time (a
# second Qt base would give the view two C++ objects).
if TYPE_CHECKING:
    _Widget = QWidget
else:
    _Widget = object


class RefreshWhenShown(_Widget):
    """Mixin for a QWidget with a ``refresh()``: call ``request_refresh()`` on model changes.

    A visible view refreshes at once; a hidden one (another tab is in front) only remembers
    that it is stale and refreshes on its next ``showEvent``. This keeps a model command's cost
    to the views a person can actually see.
    """

    _stale = False

    def refresh(self) -> None:  # pragma: no cover - every user defines it
        raise NotImplementedError

    def request_refresh(self) -> None:
        """Refresh now if visible, otherwise when next shown."""
        if self.isVisible():
            self._stale = False
            self.refresh()
        else:
            self._stale = True

    def is_stale(self) -> bool:
        """True while a change waits for the view to be shown."""
        return self._stale

    def showEvent(self, event: QShowEvent) -> None:
        if self._stale:
            self._stale = False
            self.refresh()
        super().showEvent(event)


class LazyPage(LayoutBoundary):
    """A tab page that builds its view the first time it is shown (or asked for).

    Startup then pays only for the tab in front; the others cost nothing until opened. The page
    is a :class:`~visualizer.ui.layout_boundary.LayoutBoundary`: the view's re-layouts (its words
    changing on a drag) stay inside the page unless the view's size hints change.

    Parameters
    ----------
    factory : callable returning QWidget
        Builds the view; called at most once.
    """

    def __init__(self, factory: Callable[[], QWidget], parent: QWidget | None = None) -> None:
        super().__init__(parent=parent)
        self._factory: Callable[[], QWidget] | None = factory
        self._view: QWidget | None = None

    @property
    def built(self) -> bool:
        """True once the view exists."""
        return self._view is not None

    @property
    def view(self) -> QWidget:
        """The view, built now if it was not yet."""
        if self._view is None:
            assert self._factory is not None
            self._view = self._factory()
            self._view.setLocale(self.locale())  # numbers in the language chosen before it existed
            self._factory = None
            self.set_child(self._view)
        return self._view

    def showEvent(self, event: QShowEvent) -> None:
        self.view  # noqa: B018 (building is the point)
        super().showEvent(event)
