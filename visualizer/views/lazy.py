"""Views in a hidden tab skip their work: they note that they are stale and redraw when shown."""

from __future__ import annotations

from PySide6.QtGui import QShowEvent


class RefreshWhenShown:
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
        if self.isVisible():  # type: ignore[attr-defined]
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
        super().showEvent(event)  # type: ignore[misc]
