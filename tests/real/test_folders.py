"""Synthetic model folders of every family: the right tensors, scheme, θ_i and both X's."""

import math

import ml_dtypes
import numpy as np
import pytest

from tests.real.folders import (
    CLS,
    SEP,
    V,
    bert_folder,
    gpt2_folder,
    rope_folder,
    table,
    tokenizer,
    word_ids,
    write_bf16_file,
    write_folder,
)
from visualizer.real.checkpoint import open_checkpoint

TEXT = "the cat sat on the mat"


@pytest.mark.parametrize("prefix", ["transformer.", ""])
def test_gpt2_like(tmp_path, prefix):
    folder, tensors = gpt2_folder(tmp_path / "gpt2", prefix=prefix, T=6)
    model = open_checkpoint(folder)
    ids = word_ids(TEXT)
    assert model.encode(TEXT).ids == tuple(ids)  # no padding to 16, no truncation to 4
    E, P = tensors[f"{prefix}wte.weight"], tensors[f"{prefix}wpe.weight"]
    assert (model.family, model.scheme, model.vocab_size, model.d, model.max_positions) == ("gpt2", "learned", V, 8, 6)
    np.testing.assert_array_equal(model.E_rows(ids), E[ids].astype(np.float64))
    np.testing.assert_array_equal(model.P, P.astype(np.float64))
    expected = E[ids].astype(np.float64) + P[:6].astype(np.float64)
    np.testing.assert_array_equal(model.X(ids), expected)
    np.testing.assert_array_equal(model.X_model(ids), expected)
    assert model.tied and model.rope is None
    assert model.parameters_embedding == V * 8 + 6 * 8
    assert model.parameters_total == sum(t.size for t in tensors.values())
    assert model.keys["n_positions"] == 6


def test_bert_like_adds_token_type_and_layer_norm(tmp_path):
    folder, tensors = bert_folder(tmp_path / "bert")
    model = open_checkpoint(folder)
    encoding = model.encode("the cat sat")
    assert encoding.ids == (CLS, *word_ids("the cat sat"), SEP)
    assert encoding.tokens == ("[CLS]", "the", "cat", "sat", "[SEP]")
    ids = list(encoding.ids)
    E = tensors["bert.embeddings.word_embeddings.weight"].astype(np.float64)
    P = tensors["bert.embeddings.position_embeddings.weight"].astype(np.float64)
    T = tensors["bert.embeddings.token_type_embeddings.weight"].astype(np.float64)
    w = tensors["bert.embeddings.LayerNorm.weight"].astype(np.float64)
    b = tensors["bert.embeddings.LayerNorm.bias"].astype(np.float64)
    np.testing.assert_array_equal(model.X(ids), E[ids] + P[:5])
    summed = E[ids] + P[:5] + T[0]
    reference = (summed - summed.mean(1, keepdims=True)) / np.sqrt(summed.var(1, keepdims=True) + 1e-5) * w + b
    np.testing.assert_allclose(model.X_model(ids), reference, atol=1e-12)
    assert model.keys["layer_norm_eps"] == 1e-5
    assert model.parameters_embedding == (V + 8 + 2) * 8
    # position_ids is an I64 buffer: skipped by the loader, not a parameter.
    assert model.parameters_total == sum(t.size for n, t in tensors.items() if t.dtype != np.int64)


def test_llama_like_with_llama3_scaling(tmp_path):
    scaling = {"rope_type": "llama3", "factor": 8.0, "low_freq_factor": 1.0, "high_freq_factor": 4.0,
               "original_max_position_embeddings": 16}
    folder, tensors = rope_folder(tmp_path / "llama", "llama", {"rope_theta": 500_000.0, "rope_scaling": scaling})
    model = open_checkpoint(folder)
    ids = word_ids(TEXT)
    assert model.scheme == "rope" and model.P is None and not model.tied
    rope = model.rope
    assert (rope.base, rope.head_dim, rope.rotary_dim, rope.scaling) == (500_000.0, 16, 16, "llama3")
    expected = []
    for i in range(8):
        theta = 500_000.0 ** (-2 * i / 16)
        wavelength = 2 * math.pi / theta
        if wavelength < 16 / 4.0:
            expected.append(theta)
        elif wavelength > 16 / 1.0:
            expected.append(theta / 8)
        else:
            s = (16 / wavelength - 1) / 3
            expected.append((1 - s) * theta / 8 + s * theta)
    np.testing.assert_allclose(rope.theta(), expected, rtol=1e-13)
    E = tensors["model.embed_tokens.weight"].astype(np.float64)
    np.testing.assert_array_equal(model.X(ids), E[ids])
    np.testing.assert_array_equal(model.X_model(ids), E[ids])
    assert model.keys["rope_scaling.rope_type"] == "llama3" and model.keys["rope_theta"] == 500_000.0
    export = model.export(TEXT)
    assert export["P"] is None and export["model"]["rope"]["theta"] == pytest.approx(expected, rel=1e-13)


def test_qwen_like_explicit_head_dim_wins_and_f16_tables(tmp_path):
    folder, tensors = rope_folder(tmp_path / "qwen", "qwen2", {"head_dim": 32, "rope_theta": 1_000_000.0},
                                  dtype=np.float16)
    model = open_checkpoint(folder)
    assert (model.rope.head_dim, model.rope.rotary_dim) == (32, 32)  # not 64 / 4 = 16
    np.testing.assert_allclose(model.rope.theta(), [1e6 ** (-2 * i / 32) for i in range(16)], rtol=1e-14)
    ids = word_ids(TEXT)
    np.testing.assert_array_equal(model.X(ids), tensors["model.embed_tokens.weight"][ids].astype(np.float64))
    assert model.keys["head_dim"] == 32


@pytest.mark.parametrize(("family", "key", "share", "rotary"),
                         [("phi", "partial_rotary_factor", 0.25, 4), ("gpt_neox", "rotary_pct", 0.25, 4)])
def test_partial_rotary(tmp_path, family, key, share, rotary):
    # Phi reads partial_rotary_factor, GPT-NeoX rotary_pct (configuration_phi.py, configuration_gpt_neox.py).
    folder, _ = rope_folder(tmp_path / family, family, {key: share, "rope_theta": 10_000.0},
                            token_table="gpt_neox.embed_in.weight" if family == "gpt_neox" else None)
    model = open_checkpoint(folder)
    assert (model.rope.head_dim, model.rope.rotary_dim) == (16, rotary)
    np.testing.assert_allclose(model.rope.theta(), [1e4 ** (-2 * i / rotary) for i in range(rotary // 2)])
    assert model.keys[key] == share


def test_gemma_like_bf16_written_by_hand_multiplies_by_sqrt_d(tmp_path):
    folder = tmp_path / "gemma"
    d = 32
    write_folder(folder, {"model_type": "gemma", "hidden_size": d, "num_attention_heads": 2, "head_dim": 16,
                          "rope_theta": 10_000.0, "tie_word_embeddings": True}, {"unused": np.zeros(1, np.float32)})
    stored = write_bf16_file(folder / "model.safetensors",
                             {"model.embed_tokens.weight": table(V, d, 12), "model.norm.weight": table(1, d, 13)[0]})
    model = open_checkpoint(folder)
    assert model.E.dtype == "BF16" and model.tied
    ids = word_ids(TEXT)
    E = stored["model.embed_tokens.weight"].astype(np.float64)
    np.testing.assert_array_equal(model.X(ids), E[ids])
    # Gemma's normalizer is √d in the model's dtype: √32 = 5.65685… is 5.65625 in bfloat16.
    assert model.embed_scale == 5.65625 and float(ml_dtypes.bfloat16(math.sqrt(d))) == 5.65625
    np.testing.assert_array_equal(model.X_model(ids), E[ids] * 5.65625)
    # The library's bfloat16 and the by-hand decoding agree with the stored bits.
    block = next(model.E.chunks())[1]
    np.testing.assert_array_equal(block, stored["model.embed_tokens.weight"])
    assert ml_dtypes.bfloat16(E[ids][0, 0]) == E[ids][0, 0]


def test_sharded_checkpoint_with_nested_rope_parameters(tmp_path):
    extra = {"rope_parameters": {"rope_type": "yarn", "rope_theta": 10_000.0, "factor": 4.0,
                                 "original_max_position_embeddings": 2048}}
    folder, tensors = rope_folder(tmp_path / "mistral", "mistral", extra, shards=2)
    assert (folder / "model-00002-of-00002.safetensors").exists()
    model = open_checkpoint(folder)
    ids = word_ids(TEXT)
    np.testing.assert_array_equal(model.X(ids), tensors["model.embed_tokens.weight"][ids].astype(np.float64))
    assert model.rope.scaling == "yarn" and model.keys["rope_parameters.rope_theta"] == 10_000.0
    assert model.parameters_total == sum(t.size for t in tensors.values())
    assert model.rope.theta()[0] == 1.0 and model.rope.theta()[-1] == pytest.approx(1e4 ** (-14 / 16) / 4)


def test_neighbours_and_norms_of_the_real_table(tmp_path):
    folder, tensors = gpt2_folder(tmp_path / "gpt2")
    model = open_checkpoint(folder)
    from visualizer.core import chunked_row_norms, nearest_neighbours

    E = tensors["transformer.wte.weight"]
    np.testing.assert_allclose(chunked_row_norms(model.E.chunks(chunk_bytes=64), V), np.linalg.norm(E, axis=1),
                               rtol=1e-6)
    ids, scores = nearest_neighbours(E[5], model.E.chunks(chunk_bytes=96), k=3, exclude=5)
    unit = E / np.linalg.norm(E, axis=1, keepdims=True)
    reference = unit @ unit[5]
    reference[5] = -np.inf
    np.testing.assert_array_equal(ids, np.argsort(-reference)[:3])
    np.testing.assert_allclose(scores, np.sort(reference)[::-1][:3], rtol=1e-5)


def test_tokenizer_padding_and_truncation_are_off_even_when_the_file_has_them(tmp_path):
    folder, _ = gpt2_folder(tmp_path / "g", T=40)
    long_text = " ".join(["the cat"] * 10)
    # The file's own settings would cut the text to 4 tokens, then pad it to 16.
    assert tokenizer().encode(long_text).ids == [4, 5, 4, 5] + [0] * 12
    assert open_checkpoint(folder).encode(long_text).ids == (4, 5) * 10


def test_phi3_like_longrope_switches_factors_past_the_original_context(tmp_path):
    short, long = [1.0, 1.1, 1.2, 1.3, 1.4, 1.5, 1.6, 1.7], [2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0]
    extra = {"rope_theta": 10_000.0, "original_max_position_embeddings": 4,
             "rope_scaling": {"type": "longrope", "short_factor": short, "long_factor": long}}
    folder, _ = rope_folder(tmp_path / "phi3", "phi3", extra)
    model = open_checkpoint(folder)
    base = [1e4 ** (-2 * i / 16) for i in range(8)]
    np.testing.assert_allclose(model.rope.theta(4), [t / f for t, f in zip(base, short, strict=True)], rtol=1e-14)
    np.testing.assert_allclose(model.export("the cat sat on the mat")["model"]["rope"]["theta"],
                               [t / f for t, f in zip(base, long, strict=True)], rtol=1e-14)  # 6 tokens > 4
    assert model.keys["original_max_position_embeddings"] == 4


def test_a_config_without_positions_gives_scheme_none(tmp_path):
    folder, tensors = rope_folder(tmp_path / "nope", "llama", {"position_embedding_type": "none"})
    model = open_checkpoint(folder)
    assert (model.scheme, model.rope, model.P, model.trained_length) == ("none", None, None, None)
    ids = word_ids(" ".join([TEXT] * 3))
    data = model.export(" ".join([TEXT] * 3))
    assert data["P"] is None and data["model"]["rope"] is None and data["scheme"] == "none"
    np.testing.assert_array_equal(data["X"], tensors["model.embed_tokens.weight"][ids].astype(np.float64))
