"""Looking at real tables: LayerNorm, cosine similarity, principal components, nearest neighbours.

Stateless NumPy. Functions over a whole vocabulary take its rows in chunks, so a 128k × 4096
table is never copied whole into float32.
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np


def layer_norm(x: np.ndarray, weight: np.ndarray, bias: np.ndarray, eps: float) -> np.ndarray:
    """LayerNorm of each row: (x − mean) / √(var + eps) · weight + bias (biased variance).

    Parameters
    ----------
    x : ndarray, shape (n, d)
    weight, bias : ndarray, shape (d,)
    eps : float

    Returns
    -------
    ndarray, shape (n, d), float64
    """
    x = np.asarray(x, dtype=np.float64)
    mean = x.mean(axis=-1, keepdims=True)
    var = ((x - mean) ** 2).mean(axis=-1, keepdims=True)
    return (x - mean) / np.sqrt(var + eps) * np.asarray(weight, np.float64) + np.asarray(bias, np.float64)


def cosine_similarity_matrix(rows: np.ndarray) -> np.ndarray:
    """Cosine similarity of every pair of rows: (R / ‖R‖)(R / ‖R‖)ᵀ; zero rows give 0.

    Parameters
    ----------
    rows : ndarray, shape (T, d)

    Returns
    -------
    ndarray, shape (T, T), values in [−1, 1]
    """
    R = np.asarray(rows, dtype=np.float64)
    norms = np.linalg.norm(R, axis=1, keepdims=True)
    unit = np.divide(R, norms, out=np.zeros_like(R), where=norms > 0)
    return np.clip(unit @ unit.T, -1.0, 1.0)


def principal_components(rows: np.ndarray, k: int = 3) -> tuple[np.ndarray, np.ndarray]:
    """The first ``k`` principal components of the rows (centred), as curves over the row index.

    Parameters
    ----------
    rows : ndarray, shape (T, d)
    k : int

    Returns
    -------
    scores : ndarray, shape (T, k)
        Row t's coordinate along component j (sign fixed so the first entry is ≥ 0).
    explained : ndarray, shape (k,)
        Share of the variance each component explains.
    """
    R = np.asarray(rows, dtype=np.float64)
    centred = R - R.mean(axis=0, keepdims=True)
    U, S, _ = np.linalg.svd(centred, full_matrices=False)
    k = min(k, S.shape[0])
    scores = U[:, :k] * S[:k]
    signs = np.where(scores[0] < 0, -1.0, 1.0)  # an SVD's signs are arbitrary: pin them
    total = float(np.sum(S**2))
    explained = S[:k] ** 2 / total if total > 0 else np.zeros(k)
    return scores * signs, explained


def singular_values(rows: np.ndarray) -> np.ndarray:
    """Singular values of the table, largest first; shape (min(T, d),)."""
    return np.linalg.svd(np.asarray(rows, dtype=np.float64), compute_uv=False)


def nearest_neighbours(query: np.ndarray, chunks: Iterable[tuple[int, np.ndarray]], k: int = 10,
                       exclude: int | None = None, norms: np.ndarray | None = None,
                       norms_out: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
    """The ``k`` rows most similar to ``query`` by cosine similarity, scanning the table in chunks.

    Parameters
    ----------
    query : ndarray, shape (d,)
    chunks : iterable of (start, block)
        Consecutive blocks of the table, ``block`` of shape (rows, d) holding rows start .. start+rows−1.
        Only one block and the running top k are alive at a time.
    k : int
    exclude : int, optional
        A row id left out (the query token itself).
    norms : ndarray, shape (V,), optional
        ‖E[i]‖ already known (from :func:`chunked_row_norms`): each chunk then costs one
        matrix-vector product instead of two passes.
    norms_out : ndarray, shape (V,), optional
        Filled with ‖E[i]‖ on the way when ``norms`` is not given: the norms for later queries
        come with the first one, in the same pass.

    Returns
    -------
    ids : ndarray of int64, shape (k,)
        Most similar first.
    scores : ndarray of float64, shape (k,)
        Their cosine similarities.
    """
    q = np.asarray(query, dtype=np.float32).reshape(-1)
    q_norm = float(np.linalg.norm(q))
    best_ids = np.empty(0, dtype=np.int64)
    best_scores = np.empty(0, dtype=np.float64)
    for start, block in chunks:
        block = np.asarray(block, dtype=np.float32)
        if norms is None:
            row_norms = np.sqrt(np.einsum("ij,ij->i", block, block))
            if norms_out is not None:
                norms_out[start:start + block.shape[0]] = row_norms
        else:
            row_norms = np.asarray(norms[start:start + block.shape[0]], dtype=np.float32)
        # NumPy's own loop, not BLAS: a matrix-vector product gains nothing from threads, and
        # BLAS threads on a busy machine cost several times more than they save.
        dots = np.einsum("ij,j->i", block, q)
        scale = row_norms * q_norm
        scores = np.divide(dots, scale, out=np.zeros_like(dots), where=scale > 0)
        ids = np.arange(start, start + block.shape[0], dtype=np.int64)
        if exclude is not None and start <= exclude < start + block.shape[0]:
            scores[exclude - start] = -np.inf
        keep = min(k, scores.shape[0])
        top = np.argpartition(-scores, keep - 1)[:keep] if keep else np.empty(0, dtype=np.intp)
        best_ids = np.concatenate([best_ids, ids[top]])
        best_scores = np.concatenate([best_scores, scores[top].astype(np.float64)])
        order = np.lexsort((best_ids, -best_scores))[:k]  # ties: the lower id first
        best_ids, best_scores = best_ids[order], best_scores[order]
    return best_ids, best_scores


def chunked_row_norms(chunks: Iterable[tuple[int, np.ndarray]], rows: int) -> np.ndarray:
    """‖E[i]‖ for every row, one chunk at a time.

    Returns
    -------
    ndarray of float64, shape (rows,)
    """
    out = np.zeros(rows, dtype=np.float64)
    for start, block in chunks:
        block = np.asarray(block, dtype=np.float32)
        out[start:start + block.shape[0]] = np.sqrt(np.einsum("ij,ij->i", block, block))
    return out
