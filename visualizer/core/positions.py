"""Position schemes and the lookup that builds X = E[ids] (+ positions)."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from visualizer.core.problems import QT_TRANSLATE_NOOP, TranslatableError

SCHEMES = ("none", "learned", "sinusoidal", "rope", "alibi")
"""Every position scheme, in the order the UI lists them."""

ADDITIVE_SCHEMES = ("learned", "sinusoidal")
"""Schemes that add a vector to X; the others act inside attention or not at all."""

_LEARNED_P = (
    (0.0, 0.0, 0.0, 0.0),
    (0.5, 0.0, -0.5, 0.0),
    (0.0, 0.5, 0.0, -0.5),
    (-0.5, 0.0, 0.5, 0.0),
    (0.0, -0.5, 0.0, 0.5),
    (0.5, 0.5, -0.5, -0.5),
    (-0.5, 0.5, 0.5, -0.5),
    (-0.5, -0.5, 0.5, 0.5),
)


class PositionError(TranslatableError):
    """A sequence the chosen position scheme cannot place (too long for a learned table)."""


def check_scheme(scheme: str) -> None:
    """Raise ``ValueError`` naming the valid schemes if ``scheme`` is not one of them."""
    if scheme not in SCHEMES:
        raise ValueError(f"unknown position scheme {scheme!r}; choose one of {', '.join(SCHEMES)}")


def learned_positions() -> np.ndarray:
    """The toy learned table P, shape (8, 4); row t-1 holds P_t (positions are 1-based)."""
    P = np.array(_LEARNED_P, dtype=np.float64)
    P.flags.writeable = False
    return P


def sinusoidal(n: int, d: int, base: float = 10000.0) -> np.ndarray:
    """Sinusoidal position vectors for t = 0 .. n-1.

    PE[t, 2i] = sin(t / base^(2i/d)), PE[t, 2i+1] = cos(t / base^(2i/d)).

    Parameters
    ----------
    n : int
        Number of positions.
    d : int
        Even model width.
    base : float
        The wavelength base, 10000 in the original paper.

    Returns
    -------
    ndarray, shape (n, d)
    """
    if d % 2:
        raise ValueError(f"sinusoidal positions need an even width d, got {d}")
    t = np.arange(n, dtype=np.float64)[:, None]
    inverse_wavelength = base ** (-np.arange(0, d, 2, dtype=np.float64) / d)
    angles = t * inverse_wavelength[None, :]
    pe = np.empty((n, d), dtype=np.float64)
    pe[:, 0::2] = np.sin(angles)
    pe[:, 1::2] = np.cos(angles)
    return pe


def positions(scheme: str, n: int, d: int, learned: np.ndarray | None = None) -> np.ndarray | None:
    """The vectors a scheme adds to X for a sequence of ``n`` tokens.

    Parameters
    ----------
    scheme : str
        One of :data:`SCHEMES`.
    n, d : int
        Sequence length and model width.
    learned : ndarray, shape (T, d), optional
        The learned table; defaults to :func:`learned_positions`.

    Returns
    -------
    ndarray, shape (n, d), or None
        None for schemes that add nothing to X (none, rope, alibi).

    Raises
    ------
    PositionError
        Under ``learned`` when ``n`` exceeds the table's trained length.
    ValueError
        For an unknown scheme.
    """
    check_scheme(scheme)
    if scheme == "learned":
        table = learned_positions() if learned is None else learned
        if n > table.shape[0]:
            raise PositionError(QT_TRANSLATE_NOOP(
                "Problems", "the learned table has {rows} positions; position {first} is beyond the trained length"),
                rows=table.shape[0], first=table.shape[0] + 1)
        return np.array(table[:n], dtype=np.float64)
    if scheme == "sinusoidal":
        return sinusoidal(n, d)
    return None


def padded_positions(table: np.ndarray, n: int) -> np.ndarray:
    """The learned table's rows for ``n`` positions, NaN past its trained length.

    Unlike :func:`positions`, a sequence longer than the table is not an error: the app shows
    it, with the positions that have no vector left blank ("beyond the trained length").

    Parameters
    ----------
    table : ndarray, shape (T, d)
        The learned position table; row t-1 holds P_t.
    n : int
        Sequence length.

    Returns
    -------
    ndarray, shape (n, d)
        A new array: rows 0 .. min(n, T) - 1 copied from ``table``, the rest NaN.
    """
    rows = np.full((n, table.shape[1]), np.nan)
    known = min(n, table.shape[0])
    rows[:known] = table[:known]
    return rows


def embed(
    ids: Sequence[int], E: np.ndarray, scheme: str, learned: np.ndarray | None = None
) -> np.ndarray:
    """Build X: look up ``E[ids]`` and add the scheme's position vectors, if any.

    Parameters
    ----------
    ids : sequence of int, length n
    E : ndarray, shape (V, d)
    scheme : str
        One of :data:`SCHEMES`.
    learned : ndarray, shape (T, d), optional
        The learned table for ``scheme == "learned"``.

    Returns
    -------
    ndarray, shape (n, d)
        A new array; E is not modified.
    """
    ids_array = np.asarray(ids, dtype=np.intp).reshape(-1)
    if ids_array.size and (ids_array.min() < 0 or ids_array.max() >= E.shape[0]):
        raise ValueError(f"token ids must lie in 0..{E.shape[0] - 1}")
    X = np.array(E[ids_array], dtype=np.float64)
    added = positions(scheme, len(ids_array), E.shape[1], learned)
    if added is not None:
        X += added
    return X
