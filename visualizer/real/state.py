"""The state of the "Real model" page: an opened checkpoint, the typed text, its tokens. No Qt.

Like :class:`visualizer.model.EmbeddingModel`, commands validate first, then change, then
emit; a command that fails raises and leaves everything as it was (an open that fails keeps the
model already shown). Arrays handed out are read-only.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
from psygnal import Signal

from visualizer.core import sinusoidal
from visualizer.derived import DerivedArrays, read_only
from visualizer.model import Edit

if TYPE_CHECKING:
    from visualizer.real.checkpoint import Checkpoint

DEFAULT_TEXT = "the cat sat on the mat"


@dataclass(frozen=True)
class RealModelState:
    """What an undo step of the real model's page puts back: the sentence and its tokens, in order."""

    text: str
    ids: tuple[int, ...]
    tokens: tuple[str, ...]


class RealModel:
    """An opened checkpoint and the sentence shown with it.

    Signals
    -------
    checkpoint_changed : ()
        Another model folder was opened, or the toy came back (``checkpoint`` is None).
    tokens_changed : ()
        The ids changed (text typed, a token dragged).
    x_kind_changed : (str)
        "X" (the lesson's E[ids] + P) or "X_model" (what the first block receives).
    selection_changed : (object)
        The selected position (int) or None.
    edited : (RealModelState, RealModelState, Edit)
        Before, after, and what the command did (a sentence typed, a token dragged), for the page's
        own undo stack; not emitted by ``restore`` (nor by opening a model, which starts afresh).
    """

    checkpoint_changed = Signal()
    tokens_changed = Signal()
    x_kind_changed = Signal(str)
    selection_changed = Signal(object)
    edited = Signal(RealModelState, RealModelState, Edit)

    def __init__(self) -> None:
        self._checkpoint: Checkpoint | None = None
        self._text = DEFAULT_TEXT
        self._ids: tuple[int, ...] = ()
        self._tokens: tuple[str, ...] = ()
        self._x_kind = "X"
        self._selected: int | None = None
        self._cache = DerivedArrays()

    # ---- read access -------------------------------------------------------------------------

    @property
    def checkpoint(self) -> Checkpoint | None:
        """The opened checkpoint, or None while the toy is shown."""
        return self._checkpoint

    @property
    def ids(self) -> tuple[int, ...]:
        """Token ids of the sentence (special tokens included), length n."""
        return self._ids

    @property
    def tokens(self) -> tuple[str, ...]:
        """Token texts of the sentence, length n."""
        return self._tokens

    @property
    def n(self) -> int:
        """Sequence length."""
        return len(self._ids)

    @property
    def text(self) -> str:
        """The sentence: as last typed, or as the tokens read after a drag."""
        return self._text

    @property
    def x_kind(self) -> str:
        """"X" or "X_model"."""
        return self._x_kind

    @property
    def selected(self) -> int | None:
        """Selected position (0-based) or None."""
        return self._selected

    def beyond_trained_length(self) -> list[int]:
        """Positions (0-based) past a learned table: X has no P row there."""
        length = None if self._checkpoint is None else self._checkpoint.trained_length
        return [] if length is None else list(range(length, self.n))

    def X(self) -> np.ndarray:
        """The matrix shown, shape (n, d), read-only: X or X_model; NaN rows past a learned table."""
        return self._cache.get(f"X:{self._x_kind}", self._compute_X)

    def row_norms(self) -> np.ndarray:
        """‖E[i]‖ for every id, shape (V,), read-only: one chunked pass over E, then cached."""
        from visualizer.core import chunked_row_norms

        checkpoint = self._checkpoint
        if checkpoint is None:
            return read_only(np.zeros(0))
        return self._cache.get("row_norms", lambda: chunked_row_norms(checkpoint.E.chunks(), checkpoint.vocab_size))

    def P_similarity(self) -> np.ndarray | None:
        """Cosine similarity of the learned rows, shape (T, T), or None."""
        from visualizer.core import cosine_similarity_matrix

        P = None if self._checkpoint is None else self._checkpoint.P
        return None if P is None else self._cache.get("P_sim", lambda: cosine_similarity_matrix(P))

    def sinusoidal_similarity(self) -> np.ndarray | None:
        """Cosine similarity of a sinusoidal table of P's size, shape (T, T), for comparison."""
        from visualizer.core import cosine_similarity_matrix

        P = None if self._checkpoint is None else self._checkpoint.P
        if P is None:
            return None
        width = P.shape[1] - P.shape[1] % 2
        return self._cache.get("sin_sim", lambda: cosine_similarity_matrix(sinusoidal(P.shape[0], width)))

    # ---- commands ----------------------------------------------------------------------------

    def open(self, folder: Path | str) -> None:
        """Open a model folder and tokenize the current text with it.

        Raises
        ------
        visualizer.real.checkpoint.CheckpointError
            The folder is refused; the model shown before stays.
        """
        from visualizer.real.checkpoint import open_checkpoint  # tokenizers and safetensors: only when a model opens

        checkpoint = open_checkpoint(folder)
        encoding = checkpoint.encode(self._text)
        self._checkpoint = checkpoint
        self._ids, self._tokens = encoding.ids, encoding.tokens
        self._selected = None
        self._cache.clear()
        self.checkpoint_changed.emit()
        self.tokens_changed.emit()

    def use_toy(self) -> None:
        """Close the checkpoint: the toy vocabulary is shown again."""
        if self._checkpoint is None:
            return
        self._checkpoint = None
        self._ids, self._tokens, self._selected = (), (), None
        self._cache.clear()
        self.checkpoint_changed.emit()
        self.tokens_changed.emit()

    def set_text(self, text: str) -> None:
        """Tokenize ``text`` with the checkpoint's own tokenizer."""
        if self._checkpoint is None:
            self._text = text
            return
        encoding = self._checkpoint.encode(text)
        before = self.state()
        self._text = text
        if encoding.ids != self._ids:
            self._set_tokens(encoding.ids, encoding.tokens)
            self.edited.emit(before, self.state(), Edit("text"))

    def move_token(self, src: int, dst: int) -> None:
        """Move the token at ``src`` so that it ends at ``dst`` (0-based): drag to reorder."""
        if not (0 <= src < self.n and 0 <= dst < self.n):
            raise IndexError(f"positions must lie in 1..{self.n}")
        if src == dst:
            return
        before = self.state()
        ids, tokens = list(self._ids), list(self._tokens)
        ids.insert(dst, ids.pop(src))
        tokens.insert(dst, tokens.pop(src))
        if self._checkpoint is not None:  # the sentence follows the tokens: it reads as they stand
            self._text = self._checkpoint.decode(ids)
        self._set_tokens(tuple(ids), tuple(tokens))
        self.set_selected(dst)
        self.edited.emit(before, self.state(), Edit("move", (tokens[dst], dst + 1)))

    def state(self) -> RealModelState:
        """A snapshot for undo."""
        return RealModelState(self._text, self._ids, self._tokens)

    def restore(self, state: RealModelState) -> None:
        """Put back a snapshot (undo/redo). Emits ``tokens_changed`` but not ``edited``."""
        self._text = state.text
        if (state.ids, state.tokens) != (self._ids, self._tokens):
            self._set_tokens(state.ids, state.tokens)

    def set_x_kind(self, kind: str) -> None:
        """Show "X" (the lesson's formula) or "X_model" (what the first block receives)."""
        if kind not in ("X", "X_model"):
            raise ValueError(f"X kind must be 'X' or 'X_model', got {kind!r}")
        if kind != self._x_kind:
            self._x_kind = kind
            self.x_kind_changed.emit(kind)

    def set_selected(self, position: int | None) -> None:
        """Select one position (0-based) or none."""
        if position is not None and not 0 <= position < self.n:
            position = None
        if position != self._selected:
            self._selected = position
            self.selection_changed.emit(position)

    # ---- internals ---------------------------------------------------------------------------

    def _set_tokens(self, ids: tuple[int, ...], tokens: tuple[str, ...]) -> None:
        self._ids, self._tokens = ids, tokens
        self._cache.clear("X:")
        if self._selected is not None and self._selected >= self.n:
            self._selected = None
        self.tokens_changed.emit()

    def _compute_X(self) -> np.ndarray:
        checkpoint = self._checkpoint
        if checkpoint is None or not self._ids:
            return np.zeros((0, 0 if checkpoint is None else checkpoint.width(self._x_kind)))
        known = self.n - len(self.beyond_trained_length())
        X = np.full((self.n, checkpoint.width(self._x_kind)), np.nan)
        ids = list(self._ids[:known])
        if ids:
            X[:known] = checkpoint.X_model(ids) if self._x_kind == "X_model" else checkpoint.X(ids)
        return X
