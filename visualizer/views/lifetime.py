"""Closing a view disconnects it from the shared model (no signal outlives its widget)."""

from __future__ import annotations

from PySide6.QtGui import QCloseEvent


class DetachOnClose:
    """Mixin for views: ``closeEvent`` calls the view's ``detach()`` before Qt closes it."""

    def detach(self) -> None:  # pragma: no cover - every view defines it
        raise NotImplementedError

    def closeEvent(self, event: QCloseEvent) -> None:
        self.detach()
        super().closeEvent(event)  # type: ignore[misc]
