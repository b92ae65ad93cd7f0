"""‖W_q‖ and ‖W_k‖ per head and RoPE pair, against each family's own split of its projections."""

import json
import struct

import numpy as np
import pytest

from tests.real.folders import V, table, write_bf16_file, write_folder
from visualizer.real.attention_weights import attention_layers, rope_pair_norms
from visualizer.real.checkpoint import CheckpointError, open_checkpoint

D = 64


def pair_norms(per_head: np.ndarray, pairs: list[tuple[int, int]]) -> np.ndarray:
    """(heads, hd, hidden) weights → (heads, pairs) norms of the two rows of each pair."""
    return np.stack([np.sqrt((per_head[:, a] ** 2).sum(-1) + (per_head[:, b] ** 2).sum(-1)) for a, b in pairs], axis=1)


def halves(rotary: int, start: int = 0) -> list[tuple[int, int]]:
    return [(start + i, start + i + rotary // 2) for i in range(rotary // 2)]


def interleaved(rotary: int, start: int = 0) -> list[tuple[int, int]]:
    return [(start + 2 * i, start + 2 * i + 1) for i in range(rotary // 2)]


def llama_case():
    # modeling_llama.py: q_proj.view(heads, head_dim), k_proj.view(kv_heads, head_dim); rotate_half.
    heads, kv, hd = 4, 2, 16
    q, k = table(heads * hd, D, 71), table(kv * hd, D, 72)
    config = {"model_type": "llama", "hidden_size": D, "num_attention_heads": heads, "num_key_value_heads": kv}
    tensors = {"model.embed_tokens.weight": table(V, D, 70)}
    for layer in (0, 1):
        tensors[f"model.layers.{layer}.self_attn.q_proj.weight"] = q * (layer + 1)
        tensors[f"model.layers.{layer}.self_attn.k_proj.weight"] = k * (layer + 1)
    return config, tensors, pair_norms(q.reshape(heads, hd, D), halves(hd)), \
        pair_norms(k.reshape(kv, hd, D), halves(hd))


def neox_case():
    # modeling_gpt_neox.py: qkv.view(heads, 3 * head_size).chunk(3); rotary on the first rotary_ndims.
    heads, hd = 4, 16
    fused = table(3 * D, D, 73)
    per_head = fused.reshape(heads, 3, hd, D)
    config = {"model_type": "gpt_neox", "hidden_size": D, "num_attention_heads": heads, "rotary_pct": 0.5}
    tensors = {"gpt_neox.embed_in.weight": table(V, D, 74), "gpt_neox.layers.0.attention.query_key_value.weight": fused}
    return config, tensors, pair_norms(per_head[:, 0], halves(8)), pair_norms(per_head[:, 1], halves(8))


def phi3_case():
    # modeling_phi3.py: qkv[..., :heads·hd] is q, then kv_heads·hd of k.
    heads, kv, hd = 4, 2, 16
    fused = table((heads + 2 * kv) * hd, D, 75)
    config = {"model_type": "phi3", "hidden_size": D, "num_attention_heads": heads, "num_key_value_heads": kv}
    tensors = {"model.embed_tokens.weight": table(V, D, 76), "model.layers.0.self_attn.qkv_proj.weight": fused}
    q = fused[:heads * hd].reshape(heads, hd, D)
    k = fused[heads * hd:(heads + kv) * hd].reshape(kv, hd, D)
    return config, tensors, pair_norms(q, halves(hd)), pair_norms(k, halves(hd))


def gptj_case():
    # modeling_gptj.py: q_proj, k_proj; rotate_every_two on the first rotary_dim dimensions.
    heads, hd = 4, 16
    q, k = table(D, D, 77), table(D, D, 78)
    config = {"model_type": "gptj", "n_embd": D, "n_head": heads, "rotary_dim": 8}
    tensors = {"transformer.wte.weight": table(V, D, 79), "transformer.h.0.attn.q_proj.weight": q,
               "transformer.h.0.attn.k_proj.weight": k}
    return config, tensors, pair_norms(q.reshape(heads, hd, D), interleaved(8)), \
        pair_norms(k.reshape(heads, hd, D), interleaved(8))


def falcon_case(new_architecture: bool):
    # modeling_falcon.py, FalconAttention._split_heads.
    heads, hd = 4, 16
    if new_architecture:
        kv = 2
        fused = table((heads + 2 * kv) * hd, D, 80)
        groups = fused.reshape(kv, heads // kv + 2, hd, D)
        q, k = groups[:, :-2].reshape(heads, hd, D), groups[:, -2]
        extra = {"new_decoder_architecture": True, "num_kv_heads": kv}
    else:  # multi_query (Falcon-7B): all q heads, then one k, one v
        fused = table((heads + 2) * hd, D, 81)
        blocks = fused.reshape(heads + 2, hd, D)
        q, k = blocks[:heads], blocks[heads:heads + 1]
        extra = {"multi_query": True}
    config = {"model_type": "falcon", "hidden_size": D, "num_attention_heads": heads, **extra}
    tensors = {"transformer.word_embeddings.weight": table(V, D, 82),
               "transformer.h.0.self_attention.query_key_value.weight": fused}
    return config, tensors, pair_norms(q, halves(hd)), pair_norms(k, halves(hd))


def deepseek_case():
    # modeling_deepseek_v3.py: q_b_proj → (heads, nope + rope), rotated part last, pairs interleaved;
    # kv_a_proj_with_mqa → [kv_lora_rank | rope], one k_rot shared by every head.
    heads, nope, rope, rank = 4, 8, 8, 16
    q_b, kv_a = table(heads * (nope + rope), 32, 83), table(rank + rope, D, 84)
    config = {"model_type": "deepseek_v3", "hidden_size": D, "num_attention_heads": heads, "qk_nope_head_dim": nope,
              "qk_rope_head_dim": rope, "kv_lora_rank": rank, "q_lora_rank": 32}
    tensors = {"model.embed_tokens.weight": table(V, D, 85), "model.layers.0.self_attn.q_b_proj.weight": q_b,
               "model.layers.0.self_attn.kv_a_proj_with_mqa.weight": kv_a}
    q = q_b.reshape(heads, nope + rope, 32)
    return config, tensors, pair_norms(q, interleaved(rope, nope)), \
        pair_norms(kv_a[None, rank:], interleaved(rope))


CASES = {"llama (grouped-query)": llama_case, "gpt_neox (fused, partial)": neox_case, "phi3 (qkv_proj)": phi3_case,
         "gptj (interleaved)": gptj_case, "falcon (multi-query)": lambda: falcon_case(False),
         "falcon (new decoder architecture)": lambda: falcon_case(True), "deepseek_v3 (rope part)": deepseek_case}


@pytest.mark.parametrize("case", list(CASES))
def test_pair_norms_follow_each_familys_split(tmp_path, case):
    config, tensors, q_expected, k_expected = CASES[case]()
    model = open_checkpoint(write_folder(tmp_path / "m", config, tensors))
    assert attention_layers(model)[0] == 0
    norms = rope_pair_norms(model, 0)
    np.testing.assert_allclose(norms.q, q_expected, rtol=1e-6)
    np.testing.assert_allclose(norms.k, k_expected, rtol=1e-6)


def test_every_layer_and_its_type(tmp_path):
    config, tensors, q_expected, _ = llama_case()
    model = open_checkpoint(write_folder(tmp_path / "m", config, tensors))
    assert attention_layers(model) == [0, 1]
    np.testing.assert_allclose(rope_pair_norms(model, 1).q, 2 * q_expected, rtol=1e-6)
    # Gemma 3, multimodal: the language model's layers (not the vision tower's), each with its type's θ.
    text = {"model_type": "gemma3_text", "hidden_size": D, "num_attention_heads": 2, "head_dim": 16,
            "num_hidden_layers": 6, "num_key_value_heads": 1}
    gemma = {"model.language_model.embed_tokens.weight": table(V, D, 86)}
    for layer in range(6):
        gemma[f"model.language_model.layers.{layer}.self_attn.q_proj.weight"] = table(32, D, 87)
        gemma[f"model.language_model.layers.{layer}.self_attn.k_proj.weight"] = table(16, D, 88)
    gemma["model.vision_tower.vision_model.encoder.layers.9.self_attn.q_proj.weight"] = table(8, 8, 89)
    model = open_checkpoint(write_folder(tmp_path / "g", {"model_type": "gemma3", "text_config": text}, gemma))
    assert attention_layers(model) == list(range(6))
    local, global_ = rope_pair_norms(model, 0), rope_pair_norms(model, 5)
    assert (local.layer_type, global_.layer_type) == ("sliding_attention", "full_attention")
    assert local.rope.base == 10_000.0 and global_.rope.base == 1_000_000.0


def test_bf16_weights_are_read_memory_mapped_and_fp8_refused(tmp_path):
    config, tensors, _, _ = llama_case()
    folder = write_folder(tmp_path / "m", config, {"model.embed_tokens.weight": tensors["model.embed_tokens.weight"]})
    weights = {n: t for n, t in tensors.items() if "layers.0" in n}
    stored = write_bf16_file(folder / "model-00002-of-00002.safetensors", weights)
    (folder / "model.safetensors").rename(folder / "model-00001-of-00002.safetensors")
    index = {"weight_map": {"model.embed_tokens.weight": "model-00001-of-00002.safetensors",
                            **dict.fromkeys(weights, "model-00002-of-00002.safetensors")}}
    (folder / "model.safetensors.index.json").write_text(json.dumps(index))
    model = open_checkpoint(folder)
    q = stored["model.layers.0.self_attn.q_proj.weight"].astype(np.float64).reshape(4, 16, D)
    np.testing.assert_allclose(rope_pair_norms(model, 0).q, pair_norms(q, halves(16)), rtol=1e-12)
    # An FP8 projection (DeepSeek-V3 ships them so) is refused with one line.
    header = {"model.layers.0.self_attn.q_proj.weight": {"dtype": "F8_E4M3", "shape": [64, 64],
                                                         "data_offsets": [0, 4096]},
              "model.layers.0.self_attn.k_proj.weight": {"dtype": "F8_E4M3", "shape": [32, 64],
                                                         "data_offsets": [4096, 6144]}}
    text = json.dumps(header).encode()
    text += b" " * (-len(text) % 8)
    (folder / "model-00002-of-00002.safetensors").write_bytes(struct.pack("<Q", len(text)) + text + bytes(6144))
    model = open_checkpoint(folder)
    with pytest.raises(CheckpointError, match="F8_E4M3"):
        rope_pair_norms(model, 0)


def test_no_rope_no_layers(tmp_path):
    model = open_checkpoint(write_folder(tmp_path / "b", {"model_type": "bloom", "hidden_size": D, "n_head": 4},
                                         {"transformer.word_embeddings.weight": table(V, D, 90)}))
    assert attention_layers(model) == []
    with pytest.raises(CheckpointError, match="no RoPE"):
        rope_pair_norms(model, 0)
