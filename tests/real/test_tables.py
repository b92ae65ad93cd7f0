"""Real-table statistics against plain NumPy references."""

import numpy as np

from visualizer.core import (
    chunked_row_norms,
    cosine_similarity_matrix,
    layer_norm,
    nearest_neighbours,
    principal_components,
    singular_values,
)

rng = np.random.default_rng(0)
E = rng.normal(size=(1000, 16)).astype(np.float32)


def chunks(table, size):
    for start in range(0, table.shape[0], size):
        yield start, table[start:start + size]


def test_nearest_neighbours_in_chunks_equal_the_whole_table_at_once():
    query = E[17]
    unit = E / np.linalg.norm(E, axis=1, keepdims=True)
    scores = unit @ (query / np.linalg.norm(query))
    scores[17] = -np.inf
    expected = np.argsort(-scores, kind="stable")[:10]
    ids, got = nearest_neighbours(query, chunks(E, 64), k=10, exclude=17)
    np.testing.assert_array_equal(ids, expected)
    np.testing.assert_allclose(got, scores[expected], rtol=1e-5)
    assert 17 not in ids
    with_norms = nearest_neighbours(query, chunks(E, 300), k=10, exclude=17, norms=np.linalg.norm(E, axis=1))
    np.testing.assert_array_equal(with_norms[0], expected)
    filled = np.zeros(E.shape[0])
    nearest_neighbours(query, chunks(E, 300), k=10, norms_out=filled)
    np.testing.assert_allclose(filled, np.linalg.norm(E, axis=1), rtol=1e-5)


def test_row_norms_cosine_layer_norm_pca_and_singular_values():
    np.testing.assert_allclose(chunked_row_norms(chunks(E, 100), E.shape[0]), np.linalg.norm(E, axis=1), rtol=1e-5)
    P = E[:50].astype(np.float64)
    unit = P / np.linalg.norm(P, axis=1, keepdims=True)
    np.testing.assert_allclose(cosine_similarity_matrix(P), unit @ unit.T, atol=1e-12)
    w, b = rng.normal(size=16), rng.normal(size=16)
    mean, std = P.mean(1, keepdims=True), np.sqrt(P.var(1, keepdims=True) + 1e-5)
    np.testing.assert_allclose(layer_norm(P, w, b, 1e-5), (P - mean) / std * w + b, atol=1e-12)
    scores, explained = principal_components(P, 2)
    centred = P - P.mean(0)
    eigenvalues, vectors = np.linalg.eigh(centred.T @ centred)
    top = vectors[:, ::-1][:, :2]
    np.testing.assert_allclose(np.abs(scores), np.abs(centred @ top), atol=1e-9)
    np.testing.assert_allclose(explained, eigenvalues[::-1][:2] / eigenvalues.sum(), rtol=1e-9)
    np.testing.assert_allclose(singular_values(P) ** 2, np.sort(np.linalg.eigvalsh(P.T @ P))[::-1], rtol=1e-9)
