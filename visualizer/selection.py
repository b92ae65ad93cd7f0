"""The highlighted position: hover and selection, shared by every view, never undone or saved.

No Qt. It lives beside the model rather than in it: undo snapshots and sessions hold what the
lesson computes with, and a pointer resting on a row is not part of that. The window makes one,
hands it to every view that shows or sets the highlight, and closes it with the views.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from psygnal import Signal

if TYPE_CHECKING:
    from visualizer.model import EmbeddingModel

class Highlight:
    """One highlighted position (0-based) of the model's sequence, or none.

    It forgets a position the sequence no longer has, before any view hears of the new tokens.

    Parameters
    ----------
    model : EmbeddingModel
        The model whose positions are highlighted.

    Signals
    -------
    changed : (int or None)
        The highlighted position, or None.
    """

    changed = Signal(object)

    def __init__(self, model: EmbeddingModel) -> None:
        self._model = model
        self._position: int | None = None
        # Highest priority: when tokens disappear, views asked to redraw must not meet a
        # highlight pointing past the end of the sequence.
        model.events.tokens_changed.connect(self._forget_missing_position, priority=1000)

    @property
    def position(self) -> int | None:
        """The highlighted position (0-based), or None."""
        return self._position

    def set_position(self, position: int | None) -> None:
        """Highlight ``position`` in every view; one the sequence does not have means none."""
        if position is not None and not 0 <= position < self._model.n:
            position = None
        if position != self._position:
            self._position = position
            self.changed.emit(position)

    def close(self) -> None:
        """Stop following the model's sequence (idempotent); the window calls it on closing."""
        self._model.events.tokens_changed.disconnect(self._forget_missing_position, missing_ok=True)

    def _forget_missing_position(self) -> None:
        if self._position is not None and self._position >= self._model.n:
            self.set_position(None)


__all__ = ["Highlight"]
