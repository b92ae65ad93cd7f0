"""Attention scores of a single head with q = k = x, under each position scheme."""

from __future__ import annotations

import math

import numpy as np

from visualizer.core.positions import check_scheme
from visualizer.core.rope import rope_frequencies, rope_rotate


def alibi_slopes(heads: int) -> np.ndarray:
    """ALiBi head slopes m_h = 2^(−8h/H) for h = 1 .. H; shape (H,)."""
    if heads < 1:
        raise ValueError(f"ALiBi needs at least one head, got {heads}")
    h = np.arange(1, heads + 1, dtype=np.float64)
    return 2.0 ** (-8.0 * h / heads)


def bloom_alibi_slopes(heads: int) -> np.ndarray:
    """ALiBi slopes as BLOOM (and Falcon's ALiBi option) compute them; shape (heads,).

    With P the largest power of two ≤ H: slopes b^1 .. b^P, b = 2^(−8/P) (the paper's 2^(−8h/H)
    when H is a power of two); the remaining H − P heads take every other power of
    b' = 2^(−4/P): b'^1, b'^3, … Follows ``_get_alibi_slopes`` in transformers'
    ``src/transformers/models/bloom/modeling_bloom.py``.
    """
    if heads < 1:
        raise ValueError(f"ALiBi needs at least one head, got {heads}")
    power = 2 ** math.floor(math.log2(heads))
    base = 2.0 ** (-(2.0 ** -(math.log2(power) - 3)))
    slopes = base ** np.arange(1, power + 1, dtype=np.float64)
    if power != heads:
        extra_base = 2.0 ** (-(2.0 ** -(math.log2(2 * power) - 3)))
        remaining = min(power, heads - power)
        slopes = np.concatenate([slopes, extra_base ** np.arange(1, 1 + 2 * remaining, 2, dtype=np.float64)])
    return slopes


def mpt_alibi_slopes(heads: int, bias_max: float = 8.0) -> np.ndarray:
    """ALiBi slopes as MPT computes them; shape (heads,).

    With Q the smallest power of two ≥ H: s_j = 2^(−j · bias_max / Q), j = 1 .. Q; when Q ≠ H the
    odd-indexed slopes come first, then the even ones, cut to H. Follows ``build_mpt_alibi_tensor``
    in transformers' ``src/transformers/models/mpt/modeling_mpt.py``.
    """
    if heads < 1:
        raise ValueError(f"ALiBi needs at least one head, got {heads}")
    power = 2 ** math.ceil(math.log2(heads))
    slopes = 1.0 / 2.0 ** (np.arange(1, power + 1, dtype=np.float64) * (bias_max / power))
    if power != heads:
        slopes = np.concatenate([slopes[1::2], slopes[::2]])[:heads]
    return slopes


def alibi_bias(n: int, slope: float, causal: bool = True) -> np.ndarray:
    """The bias ALiBi adds to scores: −slope · (i − j) for key j at or before query i.

    Returns
    -------
    ndarray, shape (n, n)
        Row i is the query, column j the key. With ``causal`` the future (j > i) is −inf;
        without it the bias is −slope · |i − j| both ways.
    """
    i = np.arange(n)[:, None]
    j = np.arange(n)[None, :]
    bias = -slope * np.abs(i - j).astype(np.float64)
    if causal:
        bias[j > i] = -np.inf
    return bias


def attention_scores(
    X: np.ndarray,
    scheme: str,
    causal: bool = True,
    theta: np.ndarray | None = None,
    slope: float = 0.5,
) -> np.ndarray:
    """Scaled dot-product scores of one head whose q and k are the rows of X.

    Parameters
    ----------
    X : ndarray, shape (n, d)
        The embedded sequence (already including any additive positions).
    scheme : str
        ``rope`` rotates q and k by (t − 1)·θ_i; ``alibi`` adds −slope·distance; others add nothing.
    causal : bool
        Mask keys after the query with −inf.
    theta : ndarray, shape (d // 2,), optional
        RoPE frequencies; default ``rope_frequencies(d)``.
    slope : float
        ALiBi slope of the head shown.

    Returns
    -------
    ndarray, shape (n, n)
        scores[i, j] = ⟨q_i, k_j⟩ / √d (+ bias), −inf where masked.
    """
    check_scheme(scheme)
    X = np.asarray(X, dtype=np.float64)
    n, d = X.shape
    q = k = X
    if scheme == "rope":
        rotated = rope_rotate(X, np.arange(n), rope_frequencies(d) if theta is None else theta)
        q = k = rotated
    scores = (q @ k.T) / np.sqrt(d)
    if scheme == "alibi":
        scores = scores + alibi_bias(n, slope, causal=False)
    if causal:
        scores[np.triu_indices(n, 1)] = -np.inf
    return scores


def attention_outputs(scores: np.ndarray, values: np.ndarray) -> np.ndarray:
    """What one head returns: each query's softmax over its scores, times the values.

    Parameters
    ----------
    scores : ndarray, shape (n, n)
        From :func:`attention_scores`; −inf where masked (weight 0), NaN rows stay NaN.
    values : ndarray, shape (n, d)
        v for each key (the app's head uses v = x).

    Returns
    -------
    ndarray, shape (n, d)
        Row i is Σ_j softmax(scores[i])_j · values[j].
    """
    scores = np.asarray(scores, dtype=np.float64)
    values = np.asarray(values, dtype=np.float64)
    if scores.size == 0:  # no tokens: nothing to attend to
        return np.zeros((scores.shape[0], values.shape[1] if values.ndim == 2 else 0))
    top = np.max(np.where(np.isneginf(scores), -np.inf, scores), axis=1, keepdims=True)
    weights = np.exp(scores - top)  # exp(−inf) = 0: a masked key weighs nothing
    weights /= weights.sum(axis=1, keepdims=True)
    return weights @ values
