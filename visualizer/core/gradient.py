"""The way back through the lookup: sparse gradients, Zipf-distributed tokens, table sizes."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import pairwise

import numpy as np

TOY_FREQUENCY_ORDER = (10, 0, 1, 5, 2, 4, 3, 9, 7, 8, 6, 11)
"""Toy ids from most to least frequent (rank 1 first): ".", "o", " no", "iu", " gato", … ,
"<|endoftext|>". A stated, illustrative order, not measured from a corpus."""

GPT2_SMALL_VOCAB = 50_257
GPT2_SMALL_WIDTH = 768
GPT2_SMALL_CONTEXT = 1024
GPT2_SMALL_PARAMETERS = 124_439_808
"""All parameters of GPT-2 small (E tied to the output projection, counted once)."""
LLAMA3_VOCAB = 128_256
LLAMA3_WIDTH = 4096


def zipf_probabilities(V: int, s: float = 1.0) -> np.ndarray:
    """p(rank r) ∝ 1 / r^s for r = 1 .. V; shape (V,), sums to 1. Index r − 1 holds rank r."""
    if V < 1:
        raise ValueError(f"a vocabulary needs at least one token, got V = {V}")
    if not np.isfinite(s) or s < 0:
        raise ValueError(f"the Zipf exponent must be a finite number ≥ 0, got {s}")
    weights = np.arange(1, V + 1, dtype=np.float64) ** -s
    return weights / weights.sum()


def zipf_batch(V: int, size: int, s: float, rng: np.random.Generator) -> np.ndarray:
    """Draw ``size`` ranks (0-based: 0 is the most frequent token) from the Zipf law.

    Returns
    -------
    ndarray of int64, shape (size,)
    """
    if size < 0:
        raise ValueError(f"a batch size cannot be negative, got {size}")
    return rng.choice(V, size=size, p=zipf_probabilities(V, s)).astype(np.int64)


def embedding_gradient(ids: np.ndarray, upstream: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """∂L/∂E as the lookup's backward pass computes it: only rows present, repeats summed.

    Sorts the occurrences by id, copies each id's first occurrence, then adds its 2nd, 3rd, …
    occurrences in one vectorised step per rank. Never builds a one-hot matrix nor a V × d
    array. (``np.add.reduceat`` gives the same sums but its inner loop runs down the short
    segments, once per column: 4× slower at GPT-2 scale on the machine this was written on.)

    Parameters
    ----------
    ids : ndarray of int, shape (n,)
        The token id of each occurrence in the batch.
    upstream : ndarray, shape (n, d)
        ∂L/∂y_t for each occurrence.

    Returns
    -------
    rows : ndarray of int, shape (k,)
        The distinct ids, ascending (k ≤ n).
    grads : ndarray, shape (k, d)
        grads[j] = Σ_{t : ids[t] = rows[j]} upstream[t]; every id not in ``rows`` gets exactly 0.
    """
    ids = np.asarray(ids).reshape(-1)
    upstream = np.asarray(upstream)
    if upstream.ndim != 2 or upstream.shape[0] != ids.shape[0]:
        raise ValueError(f"upstream must have shape (n, d) with n = {ids.shape[0]}, got {upstream.shape}")
    if ids.size == 0:
        return ids.astype(np.int64), np.zeros((0, upstream.shape[1]), dtype=upstream.dtype)
    order = np.argsort(ids, kind="stable")
    sorted_ids = ids[order]
    starts = np.flatnonzero(np.r_[True, sorted_ids[1:] != sorted_ids[:-1]])
    lengths = np.diff(np.r_[starts, sorted_ids.size])
    grads = upstream[order[starts]]  # first occurrence of every id: a new (k, d) array
    segment = np.repeat(np.arange(starts.size), lengths)
    rank = np.arange(sorted_ids.size) - np.repeat(starts, lengths)  # 0 for first occurrences
    later = np.flatnonzero(rank > 0)
    later = later[np.argsort(rank[later], kind="stable")]  # grouped: all 2nd, then all 3rd, …
    bounds: list[int] = np.flatnonzero(np.r_[True, np.diff(rank[later]) != 0, True]).tolist() if later.size else []
    for begin, end in pairwise(bounds):
        block = later[begin:end]  # one occurrence per id at most, so no two targets collide
        grads[segment[block]] += upstream[order[block]]
    return sorted_ids[starts].astype(np.int64), grads


def dense_embedding_gradient(ids: np.ndarray, upstream: np.ndarray, V: int) -> np.ndarray:
    """The same gradient by the textbook route: one-hot(ids)ᵀ · upstream.

    Kept as the reference for tests and benchmarks; it allocates n × V and V × d.

    Returns
    -------
    ndarray, shape (V, d)
    """
    ids = np.asarray(ids).reshape(-1)
    one_hot = np.zeros((ids.shape[0], V), dtype=np.asarray(upstream).dtype)
    one_hot[np.arange(ids.shape[0]), ids] = 1
    return one_hot.T @ upstream


def iter_dense_embedding_gradient(ids: np.ndarray, upstream: np.ndarray, V: int,
                                  block: int = 2048) -> Iterator[tuple[int, np.ndarray]]:
    """The one-hot product in blocks of vocabulary rows, so a caller can report and cancel.

    Yields
    ------
    done : int
        Rows of the result computed so far (the last value is V).
    result : ndarray, shape (V, d)
        The gradient being filled in (complete after the last yield).
    """
    ids = np.asarray(ids).reshape(-1)
    upstream = np.asarray(upstream)
    result = np.empty((V, upstream.shape[1]), dtype=upstream.dtype)
    for start in range(0, V, block):
        stop = min(V, start + block)
        one_hot = (ids[:, None] == np.arange(start, stop)[None, :]).astype(upstream.dtype)
        result[start:stop] = one_hot.T @ upstream
        yield stop, result


def toy_zipf_ids(size: int, s: float, rng: np.random.Generator) -> np.ndarray:
    """A batch of toy token ids: Zipf ranks mapped through :data:`TOY_FREQUENCY_ORDER`."""
    order = np.asarray(TOY_FREQUENCY_ORDER, dtype=np.int64)
    return order[zipf_batch(len(order), size, s, rng)]


def parameter_count(V: int, d: int, tied: bool = False) -> int:
    """Parameters the vocabulary costs a model: the input table E (V × d) plus, unless it is
    tied to E, an output projection of the same size.

    ``parameter_count(50257, 768, tied=True)`` is GPT-2 small's 38,597,376.
    """
    table = int(V) * int(d)
    return table if tied else 2 * table
