"""The one shared state every view reads: vocabulary, E, P, the token ids, the scheme.

No Qt here. Commands validate first, then change, then emit; a command that fails validation
raises and changes nothing. Arrays handed out are read-only.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from typing import Any, SupportsFloat, SupportsIndex

import numpy as np
from psygnal import Signal, SignalGroup

from visualizer.core import (
    ADDITIVE_SCHEMES,
    LESSON_SENTENCE,
    SCHEMES,
    RopeScaling,
    Vocabulary,
    alibi_bias,
    alibi_slopes,
    attention_scores,
    check_scheme,
    detokenize,
    display_token,
    learned_positions,
    padded_positions,
    rope_frequencies,
    rope_rotate,
    sinusoidal,
    tokenize,
    toy_vocabulary,
)
from visualizer.core.problems import QT_TRANSLATE_NOOP, TranslatableError
from visualizer.derived import DerivedArrays, read_only

MAX_TOKENS = 32
"""Longest sequence the app holds; enough for any classroom sentence, small enough to read."""


ROPE_BASES = (10_000.0, 500_000.0)
"""The two RoPE bases the lesson contrasts: the original paper's and a long-context model's."""
MAX_ALIBI_HEADS = 16

# The limits of what the model holds: the same for an edit, an undo, a session file and the autosave
# (io.session reads files through the checks below), so that every state the app accepts can be
# saved and opened again.
E_LIMIT = 1e6
"""The largest size of an entry of E: far past any value a lesson needs, small enough that X, the
scores (≈ d · E_LIMIT²) and every number derived from them stay finite and printable."""
ROPE_BASE_LIMIT = 1e9
ROPE_SCALINGS = ("pi", "ntk", "yarn")
MAX_ROPE_FACTOR = 1024.0
MAX_ROPE_CONTEXT = 10**7


@dataclass(frozen=True)
class AttentionSettings:
    """How position enters attention: RoPE's frequencies, ALiBi's heads, the causal mask.

    Attributes
    ----------
    rope_base : float
        θ_i = base^(−2i/d).
    rope_scaling : RopeScaling or None
        Context extension (PI, NTK, YaRN), or None for the trained frequencies.
    alibi_heads : int
        H, the number of heads whose slopes are 2^(−8h/H).
    alibi_head : int
        The head shown, 1 .. H.
    causal : bool
        Mask keys after the query.
    """

    rope_base: float = 10_000.0
    rope_scaling: RopeScaling | None = None
    alibi_heads: int = 8
    alibi_head: int = 1
    causal: bool = True


class TooManyTokensError(ValueError):
    """A sequence longer than the app shows. Attributes: ``count`` and ``limit``."""

    def __init__(self, count: int, limit: int = MAX_TOKENS) -> None:
        self.count, self.limit = count, limit
        super().__init__(f"{count} tokens is more than this app shows ({limit} at most)")


@dataclass(frozen=True)
class Edit:
    """What a command did, for the undo menu: a kind and its arguments (translated by the UI).

    Kinds and arguments: ``text`` (), ``tokens`` (), ``move`` (token, position),
    ``insert`` (token, position), ``remove`` (token, position), ``scheme`` (name),
    ``embedding`` (id, dim, value), ``rope_base`` (base), ``rope_scaling`` (kind or None, factor),
    ``alibi`` (head, heads), ``causal`` (on). Tokens are display strings (␣ for a space).
    """

    kind: str
    args: tuple[Any, ...] = ()

    def __str__(self) -> str:
        return " ".join([self.kind, *map(str, self.args)])


@dataclass(frozen=True)
class ModelState:
    """Everything an undo step needs to put back. E is shared, never mutated (copy on write)."""

    ids: tuple[int, ...]
    scheme: str
    E: np.ndarray
    attention: AttentionSettings = field(default_factory=AttentionSettings)


class StateError(TranslatableError):
    """A value the model does not hold (an entry of E past :data:`E_LIMIT`, a RoPE base out of range…);
    the message names the value and the limit. A ``ValueError``: callers that catch those keep working."""


def check_embedding_value(value: object) -> float:
    """``value`` as an entry of E, or :class:`StateError` naming why it cannot be one.

    An entry must be a finite number of size at most :data:`E_LIMIT`; edits, undo, sessions and the
    autosave all go through here.
    """
    if isinstance(value, bool):
        raise StateError(QT_TRANSLATE_NOOP("Problems", "{value!r} is not a number"), value=value)
    if not isinstance(value, (SupportsFloat, SupportsIndex, str, bytes)):  # what float() takes
        raise StateError(QT_TRANSLATE_NOOP("Problems", "{value!r} is not a number"), value=value)
    try:
        number = float(value)
    except (TypeError, ValueError, OverflowError):
        raise StateError(QT_TRANSLATE_NOOP("Problems", "{value!r} is not a number"), value=value) from None
    if not math.isfinite(number):
        raise StateError(QT_TRANSLATE_NOOP("Problems", "{value} is not a finite number"), value=number)
    if abs(number) > E_LIMIT:
        shown = str(int(number)) if number.is_integer() and abs(number) < 1e16 else repr(number)  # 2000000, 1e+98
        raise StateError(QT_TRANSLATE_NOOP(
            "Problems", "{value} is too large: an entry of E lies between -1,000,000 and 1,000,000"), value=shown)
    return number


def check_embedding_table(E: np.ndarray, shape: tuple[int, ...]) -> None:
    """Raise :class:`StateError` unless ``E`` has ``shape`` and every entry passes
    :func:`check_embedding_value`."""
    if E.shape != shape:
        raise StateError(QT_TRANSLATE_NOOP("Problems", "E must have shape {shape}, not {got}"), shape=shape,
                         got=E.shape)
    bad = ~(np.isfinite(E) & (np.abs(E) <= E_LIMIT))
    if bad.any():
        row, column = (int(i) for i in np.argwhere(bad)[0])
        check_embedding_value(float(E[row, column]))


def check_attention(settings: AttentionSettings) -> AttentionSettings:
    """``settings`` if the model can hold them, else :class:`StateError` naming the value out of range."""
    base = settings.rope_base
    if not (math.isfinite(base) and 1 < base <= ROPE_BASE_LIMIT):
        raise StateError(QT_TRANSLATE_NOOP("Problems", "RoPE base must be a number above 1 and at most "
                                           "1,000,000,000, got {base}"), base=base)
    scaling = settings.rope_scaling
    if scaling is not None and (scaling.kind not in ROPE_SCALINGS or not math.isfinite(scaling.factor)
                                or not 1 <= scaling.factor <= MAX_ROPE_FACTOR
                                or not 1 <= scaling.original_context <= MAX_ROPE_CONTEXT):
        raise StateError(QT_TRANSLATE_NOOP("Problems", "RoPE scaling must be pi, ntk or yarn with a factor of "
                                           "1 .. 1024, got {kind} × {factor}"), kind=scaling.kind,
                         factor=scaling.factor)
    if not (1 <= settings.alibi_heads <= MAX_ALIBI_HEADS and 1 <= settings.alibi_head <= settings.alibi_heads):
        raise StateError(QT_TRANSLATE_NOOP("Problems", "ALiBi heads must be 1 .. {limit} with a head among them, "
                                           "got head {head} of {heads}"), limit=MAX_ALIBI_HEADS,
                         head=settings.alibi_head, heads=settings.alibi_heads)
    return settings


class ModelEvents(SignalGroup):
    """What changed in an :class:`EmbeddingModel`; ``events.all`` relays every one of them.

    Signals
    -------
    tokens_changed : ()
        The token ids changed (text typed, token moved, inserted or removed).
    scheme_changed : (str)
        The position scheme changed; the new scheme's name.
    embedding_changed : ()
        A value of E changed.
    x_changed : ()
        After any of the three above: X must be redrawn.
    attention_changed : ()
        RoPE base/scaling, ALiBi heads or the causal mask changed.
    changed : ()
        Last, after any change of state: whatever the model shows must be redrawn (scores
        depend on X and on the attention settings, so views of scores listen here).
    edited : (ModelState, ModelState, Edit)
        Before, after, and what the command did, for the undo stack (not emitted by ``restore``).
    """

    tokens_changed = Signal()
    scheme_changed = Signal(str)
    embedding_changed = Signal()
    x_changed = Signal()
    attention_changed = Signal()
    changed = Signal()
    edited = Signal(ModelState, ModelState, Edit)


class EmbeddingModel:
    """State of the lesson's step 2 and the arrays derived from it.

    Positions are 0-based in this API (index into the sequence); the UI shows them 1-based.
    Signals are in ``events`` (:class:`ModelEvents`). What is neither undone nor saved lives beside
    it, owned by the window: the highlighted position (:class:`~visualizer.selection.Highlight`)
    and the sparse-gradient lab (:class:`~visualizer.lab.state.GradientLab`).
    """

    def __init__(
        self,
        vocabulary: Vocabulary | None = None,
        text: str = LESSON_SENTENCE,
        scheme: str = "learned",
    ) -> None:
        vocabulary = vocabulary or toy_vocabulary()
        check_scheme(scheme)
        self._tokens = vocabulary.tokens
        self._E = read_only(np.array(vocabulary.E, dtype=np.float64))
        self._toy_E = self._E  # the table as shipped: sessions store edits against it
        # The learned table is the lesson's for d = 4; another width gets a stand-in of the
        # same length (the sinusoidal vectors), so every scheme still works on it.
        self._P = learned_positions() if vocabulary.dim == 4 else read_only(sinusoidal(8, vocabulary.dim))
        self._attention = AttentionSettings()
        self._ids: tuple[int, ...] = tuple(self._validated_ids(tokenize(text, self._tokens)))
        self._scheme = scheme
        self._cache = DerivedArrays()
        self.events = ModelEvents()

    # ---- read access -------------------------------------------------------------------------

    @property
    def tokens(self) -> tuple[str, ...]:
        """Vocabulary token texts, length V."""
        return self._tokens

    @property
    def E(self) -> np.ndarray:
        """The embedding table, shape (V, d), read-only."""
        return self._E

    @property
    def toy_E(self) -> np.ndarray:
        """E as the vocabulary shipped it, before any edit; shape (V, d), read-only."""
        return self._toy_E

    @property
    def P(self) -> np.ndarray:
        """The learned position table, shape (T, d) with T = 8, read-only; row t-1 is P_t."""
        return self._P

    @property
    def ids(self) -> tuple[int, ...]:
        """Token ids of the sequence, length n."""
        return self._ids

    @property
    def n(self) -> int:
        """Sequence length."""
        return len(self._ids)

    @property
    def d(self) -> int:
        """Model width."""
        return int(self._E.shape[1])

    @property
    def V(self) -> int:
        """Vocabulary size."""
        return len(self._tokens)

    @property
    def scheme(self) -> str:
        """Current position scheme, one of ``SCHEMES``."""
        return self._scheme

    @property
    def text(self) -> str:
        """The sequence written back as raw text."""
        return detokenize(self._ids, self._tokens)

    @property
    def trained_length(self) -> int:
        """How many positions the learned table covers."""
        return int(self._P.shape[0])

    @property
    def adds_positions(self) -> bool:
        """True when the scheme adds a vector to X (learned, sinusoidal)."""
        return self._scheme in ADDITIVE_SCHEMES

    def is_beyond_trained(self, position: int) -> bool:
        """True if ``position`` (0-based) has no row of P: past T under the learned scheme."""
        return self._scheme == "learned" and position >= self.trained_length

    def beyond_trained_length(self) -> list[int]:
        """Positions (0-based) that have no row of P: past T under the learned scheme."""
        return [p for p in range(self.trained_length, self.n) if self.is_beyond_trained(p)]

    def E_rows(self) -> np.ndarray:
        """E[ids], shape (n, d), read-only."""
        return self._cache.get("E_rows", lambda: self._E[np.asarray(self._ids, dtype=np.intp)])

    def P_rows(self) -> np.ndarray | None:
        """What the scheme adds at each position, shape (n, d), read-only; None if nothing.

        Under ``learned``, positions past the trained length have no vector: their rows are NaN.
        """
        if not self.adds_positions:
            return None
        return self._cache.get("P_rows", self._compute_P_rows)

    def X(self) -> np.ndarray:
        """X = E[ids] + positions, shape (n, d), read-only; NaN rows past the trained length."""

        def compute() -> np.ndarray:
            added = self.P_rows()
            return self.E_rows() + added if added is not None else self.E_rows().copy()

        return self._cache.get("X", compute)

    def positions_of(self, token_id: int) -> list[int]:
        """0-based positions where ``token_id`` occurs in the sequence."""
        return [p for p, i in enumerate(self._ids) if i == token_id]

    def state(self) -> ModelState:
        """A snapshot for undo and sessions."""
        return ModelState(self._ids, self._scheme, self._E, self._attention)

    # ---- attention: where RoPE and ALiBi act -----------------------------------------------------

    @property
    def attention(self) -> AttentionSettings:
        """RoPE, ALiBi and mask settings."""
        return self._attention

    def theta(self, scaled: bool = True) -> np.ndarray:
        """RoPE frequencies θ_i, shape (d // 2,), read-only; ``scaled=False`` ignores extension."""
        settings = self._attention
        scaling = settings.rope_scaling if scaled else None
        return self._cache.get(f"theta{scaled}", lambda: rope_frequencies(self.d, settings.rope_base, scaling))

    def alibi_slope(self) -> float:
        """The slope of the ALiBi head shown."""
        return float(alibi_slopes(self._attention.alibi_heads)[self._attention.alibi_head - 1])

    def rotated(self) -> np.ndarray:
        """q = k = X rotated by RoPE, position t turned by (t − 1)·θ_i; shape (n, d), read-only."""
        return self._cache.get("rotated", lambda: rope_rotate(self.X(), np.arange(self.n), self.theta()))

    def scores(self, scheme: str | None = None) -> np.ndarray:
        """Attention scores of one head with q = k = x, shape (n, n), −inf where masked.

        ``scheme`` defaults to the current one; pass another to compare schemes on the same
        sequence (X is then rebuilt for that scheme). Rows past the trained length are NaN.
        """
        scheme = scheme or self._scheme

        def compute() -> np.ndarray:
            X = self.X() if scheme == self._scheme else self._x_of(self._ids, scheme)
            return attention_scores(X, scheme, causal=self._attention.causal, theta=self.theta(),
                                    slope=self.alibi_slope())

        return self._cache.get(f"scores:{scheme}", compute)

    def alibi_bias_matrix(self) -> np.ndarray:
        """The bias ALiBi adds for the head shown, shape (n, n), read-only."""
        return self._cache.get("alibi_bias", lambda: alibi_bias(self.n, self.alibi_slope(),
                                                              causal=self._attention.causal))

    def set_rope_base(self, base: float) -> None:
        """RoPE base (10,000 in the original paper; 500,000 in long-context models)."""
        self._set_attention(replace(self._attention, rope_base=float(base)), Edit("rope_base", (base,)))

    def set_rope_scaling(self, scaling: RopeScaling | None) -> None:
        """Context extension by rescaling θ (PI, NTK, YaRN), or None."""
        label = Edit("rope_scaling", (None, 1.0) if scaling is None else (scaling.kind, scaling.factor))
        self._set_attention(replace(self._attention, rope_scaling=scaling), label)

    def set_alibi_heads(self, heads: int, head: int) -> None:
        """Show head ``head`` (1 .. H) of an ALiBi layer with ``heads`` heads."""
        self._set_attention(replace(self._attention, alibi_heads=heads, alibi_head=head),
                            Edit("alibi", (head, heads)))

    def set_causal(self, causal: bool) -> None:
        """Mask (or not) the keys after each query."""
        self._set_attention(replace(self._attention, causal=bool(causal)), Edit("causal", (bool(causal),)))

    def _set_attention(self, settings: AttentionSettings, description: Edit) -> None:
        """Validated by :func:`check_attention`, the limits a session file is read with."""
        check_attention(settings)
        if settings != self._attention:
            self._apply(ModelState(self._ids, self._scheme, self._E, settings), description)

    def X_under(self, scheme: str) -> np.ndarray:
        """X the current sequence would have under ``scheme``, shape (n, d), read-only (NaN rows
        past the learned table). Views use it to keep one colour scale whatever the scheme."""
        check_scheme(scheme)
        if scheme == self._scheme:
            return self.X()
        return self._cache.get(f"X:{scheme}", lambda: self._x_of(self._ids, scheme))

    def X_for(self, ids: tuple[int, ...]) -> np.ndarray:
        """X that the sequence ``ids`` would have under the current scheme and E, shape (len(ids), d),
        NaN rows past the learned table; not kept (the lesson compares an answer with this)."""
        return self._x_of(tuple(self._validated_ids(list(ids))), self._scheme)

    def scores_for(self, ids: tuple[int, ...]) -> np.ndarray:
        """The scores ``ids`` would get under the current scheme, E and attention settings, shape
        (len(ids), len(ids)), −inf where masked; not kept."""
        settings = self._attention
        return attention_scores(self.X_for(ids), self._scheme, causal=settings.causal, theta=self.theta(),
                                slope=self.alibi_slope())

    def _x_of(self, ids: tuple[int, ...], scheme: str) -> np.ndarray:
        E_rows = self._E[np.asarray(ids, dtype=np.intp)].reshape(len(ids), self.d)
        if scheme == "sinusoidal":
            return E_rows + sinusoidal(len(ids), self.d)
        if scheme == "learned":
            return E_rows + padded_positions(self._P, len(ids))
        return E_rows.copy()

    # ---- commands ----------------------------------------------------------------------------

    def set_text(self, text: str) -> None:
        """Tokenize ``text`` and make it the sequence. Raises ``TokenizeError`` or ``ValueError``."""
        ids = self._validated_ids(tokenize(text, self._tokens))
        if tuple(ids) != self._ids:
            self._apply(ModelState(tuple(ids), self._scheme, self._E, self._attention), Edit("text"))

    def set_ids(self, ids: list[int] | tuple[int, ...]) -> None:
        """Make ``ids`` the sequence. Raises ``ValueError`` for an unknown id or too many."""
        ids = self._validated_ids(list(ids))
        if tuple(ids) != self._ids:
            self._apply(ModelState(tuple(ids), self._scheme, self._E, self._attention), Edit("tokens"))

    def move_token(self, src: int, dst: int) -> None:
        """Move the token at position ``src`` so that it ends at position ``dst`` (both 0-based)."""
        self._check_position(src, self.n)
        self._check_position(dst, self.n)
        if src == dst:
            return
        ids = list(self._ids)
        ids.insert(dst, ids.pop(src))
        self._apply(
            ModelState(tuple(ids), self._scheme, self._E, self._attention),
            Edit("move", (display_token(self._tokens[self._ids[src]]), dst + 1)),
        )

    def insert_token(self, pos: int, token_id: int) -> None:
        """Insert ``token_id`` so that it stands at position ``pos`` (0 .. n)."""
        self._check_position(pos, self.n + 1)
        ids = list(self._ids)
        ids.insert(pos, int(token_id))
        ids = self._validated_ids(ids)
        self._apply(
            ModelState(tuple(ids), self._scheme, self._E, self._attention),
            Edit("insert", (display_token(self._tokens[token_id]), pos + 1)),
        )

    def remove_token(self, pos: int) -> None:
        """Remove the token at position ``pos``."""
        self._check_position(pos, self.n)
        ids = list(self._ids)
        removed = ids.pop(pos)
        self._apply(
            ModelState(tuple(ids), self._scheme, self._E, self._attention),
            Edit("remove", (display_token(self._tokens[removed]), pos + 1)),
        )

    def set_scheme(self, name: str) -> None:
        """Switch the position scheme. Raises ``ValueError`` for an unknown name."""
        check_scheme(name)
        if name != self._scheme:
            self._apply(ModelState(self._ids, name, self._E, self._attention), Edit("scheme", (name,)))

    def set_embedding(self, token_id: int, dim: int, value: float) -> None:
        """Set E[token_id, dim] = value.

        Raises ``ValueError`` for a bad index, :class:`StateError` (a ``ValueError`` too) for a value
        :func:`check_embedding_value` refuses: NaN, ±inf, or larger than :data:`E_LIMIT`.
        """
        if not 0 <= token_id < self.V:
            raise ValueError(f"token id {token_id} is outside 0..{self.V - 1}")
        if not 0 <= dim < self.d:
            raise ValueError(f"dimension {dim} is outside 0..{self.d - 1}")
        value = check_embedding_value(value)
        if self._E[token_id, dim] == value:
            return
        E = self._E.copy()
        E[token_id, dim] = value
        self._apply(
            ModelState(self._ids, self._scheme, read_only(E), self._attention),
            Edit("embedding", (token_id, dim, value)),
        )

    def restore(self, state: ModelState) -> None:
        """Put back a snapshot (undo/redo, sessions). Emits change signals but not ``edited``.

        The snapshot passes the same checks as the commands (``ValueError`` and nothing changes).
        """
        self._validated_ids(list(state.ids))
        check_scheme(state.scheme)
        check_embedding_table(state.E, self._E.shape)
        check_attention(state.attention)
        self._set_state(state)

    # ---- internals ---------------------------------------------------------------------------

    def _apply(self, new: ModelState, description: Edit) -> None:
        before = self.state()
        self._set_state(new)
        self.events.edited.emit(before, new, description)

    def _set_state(self, new: ModelState) -> None:
        tokens_differ = new.ids != self._ids
        scheme_differs = new.scheme != self._scheme
        embedding_differs = new.E is not self._E
        attention_differs = new.attention != self._attention
        if not (tokens_differ or scheme_differs or embedding_differs or attention_differs):
            return
        self._ids, self._scheme, self._attention = tuple(new.ids), new.scheme, new.attention
        if embedding_differs:
            E = new.E if not new.E.flags.writeable else np.array(new.E, dtype=np.float64)
            self._E = read_only(E)
        self._cache.clear()
        events = self.events
        if tokens_differ:
            events.tokens_changed.emit()
        if scheme_differs:
            events.scheme_changed.emit(self._scheme)
        if embedding_differs:
            events.embedding_changed.emit()
        if tokens_differ or scheme_differs or embedding_differs:
            events.x_changed.emit()
        if attention_differs:
            events.attention_changed.emit()
        events.changed.emit()

    def _validated_ids(self, ids: list[int]) -> list[int]:
        if len(ids) > MAX_TOKENS:
            raise TooManyTokensError(len(ids))
        for token_id in ids:
            if not 0 <= int(token_id) < len(self._tokens):
                raise ValueError(f"token id {token_id} is outside 0..{len(self._tokens) - 1}")
        return [int(i) for i in ids]

    @staticmethod
    def _check_position(pos: int, limit: int) -> None:
        if not 0 <= pos < limit:
            raise IndexError(f"position {pos + 1} is outside 1..{limit}")

    def _compute_P_rows(self) -> np.ndarray:
        if self._scheme == "sinusoidal":
            return sinusoidal(self.n, self.d)
        return padded_positions(self._P, self.n)


__all__ = [
    "E_LIMIT",
    "MAX_ALIBI_HEADS",
    "MAX_ROPE_CONTEXT",
    "MAX_ROPE_FACTOR",
    "MAX_TOKENS",
    "ROPE_BASES",
    "ROPE_BASE_LIMIT",
    "ROPE_SCALINGS",
    "SCHEMES",
    "AttentionSettings",
    "Edit",
    "EmbeddingModel",
    "ModelEvents",
    "ModelState",
    "StateError",
    "check_attention",
    "check_embedding_table",
    "check_embedding_value",
]
