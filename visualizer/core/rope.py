"""Rotary position embedding (RoPE): rotate adjacent pairs of q and k by position × θ_i."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import numpy as np

ScalingKind = Literal["pi", "ntk", "yarn"]


@dataclass(frozen=True)
class RopeScaling:
    """Context extension by rescaling RoPE frequencies.

    Attributes
    ----------
    kind : {"pi", "ntk", "yarn"}
        ``pi``: position interpolation, every θ_i divided by ``factor``.
        ``ntk``: NTK-aware, the base grows to ``base · factor^(d/(d-2))``.
        ``yarn``: per-pair blend: pairs whose wavelength is long compared with the trained
        context are interpolated like ``pi``, fast pairs are kept, a linear ramp in between.
    factor : float
        How many times longer the target context is (s ≥ 1).
    original_context : int
        The trained context length, used by ``yarn`` to sort pairs into fast and slow.
    """

    kind: ScalingKind
    factor: float
    original_context: int = 2048
    yarn_alpha: float = 1.0
    yarn_beta: float = 32.0


def rope_frequencies(d: int, base: float = 10000.0, scaling: RopeScaling | None = None) -> np.ndarray:
    """θ_i = base^(−2i/d) for i = 0 .. d/2 − 1, optionally rescaled for a longer context.

    Returns
    -------
    ndarray, shape (d // 2,)
        Radians per position for each pair (2i, 2i+1).
    """
    if d % 2 or d <= 0:
        raise ValueError(f"RoPE needs a positive even width d, got {d}")
    if base <= 1:
        raise ValueError(f"RoPE base must be greater than 1, got {base}")
    exponents = np.arange(0, d, 2, dtype=np.float64) / d
    if scaling is None:
        return base**-exponents
    if scaling.factor < 1:
        raise ValueError(f"a context-extension factor must be at least 1, got {scaling.factor}")
    if scaling.kind == "pi":
        return base**-exponents / scaling.factor
    if scaling.kind == "ntk":
        new_base = base * scaling.factor ** (d / (d - 2)) if d > 2 else base * scaling.factor
        return new_base**-exponents
    if scaling.kind == "yarn":
        theta = base**-exponents
        rotations_in_context = scaling.original_context * theta / (2 * np.pi)
        ramp = np.clip(
            (rotations_in_context - scaling.yarn_alpha) / (scaling.yarn_beta - scaling.yarn_alpha),
            0.0,
            1.0,
        )
        return (1 - ramp) * theta / scaling.factor + ramp * theta
    raise ValueError(f"unknown RoPE scaling {scaling.kind!r}; choose pi, ntk or yarn")


def rope_rotate(x: np.ndarray | list[float], positions: np.ndarray | float,
                theta: np.ndarray | float) -> np.ndarray:
    """Rotate each pair (2i, 2i+1) of each row by ``positions[row] · theta[i]``.

    Parameters
    ----------
    x : ndarray, shape (n, d) or (d,)
    positions : ndarray, shape (n,) or scalar
        The position m of each row, counted from 0 (the UI's position p is m + 1).
    theta : ndarray, shape (d // 2,), or float
        One frequency per pair; a plain number is the one pair's θ (d = 2), as the lesson writes it.

    Returns
    -------
    ndarray, same shape as ``x``
    """
    x = np.asarray(x, dtype=np.float64)
    single = x.ndim == 1
    rows = np.atleast_2d(x)
    m = np.asarray(positions, dtype=np.float64).reshape(-1)
    if m.shape[0] != rows.shape[0]:  # one position for every row (else broadcast_to says what is wrong)
        m = np.broadcast_to(m, (rows.shape[0],))
    angles = m[:, None] * np.atleast_1d(np.asarray(theta, dtype=np.float64))[None, :]
    cos, sin = np.cos(angles), np.sin(angles)
    even, odd = rows[:, 0::2], rows[:, 1::2]
    out = np.empty_like(rows)
    out[:, 0::2] = even * cos - odd * sin
    out[:, 1::2] = even * sin + odd * cos
    return out[0] if single else out


def rope_score(q: np.ndarray | list[float], k: np.ndarray | list[float], m: float, n: float,
               theta: np.ndarray | float) -> float:
    """⟨R_m q, R_n k⟩: the dot product after rotating q to position m and k to position n.

    Equal to ⟨q, R_{n−m} k⟩, so only the distance n − m matters. ``theta`` is an array of
    shape (d // 2,) or, for a single pair, a plain number: ``rope_score([1, 0], [1, 0], 3, 1, 0.5)``
    is cos(2 × 0.5) = 0.540.
    """
    # Both rotated in one call (rows q and k): the same arithmetic element by element as two calls,
    # at half the cost of numpy's per-call overhead (the RoPE clock asks for a score every frame).
    rotated = rope_rotate(np.array((q, k), dtype=np.float64),
                          np.array([m, n], dtype=np.float64), theta)
    return float(np.dot(rotated[0], rotated[1]))
