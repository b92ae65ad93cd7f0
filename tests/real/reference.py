"""NumPy references written from transformers' own modelling code, independently of the app.

Each function follows one file of Hugging Face transformers (5.x), named in its docstring, step
by step in that file's order: configs are standardized as ``PreTrainedConfig`` does, then the
rotary embedding, the ALiBi slopes, the position ids and the embedding module's forward pass are
computed as the modelling file computes them, in float64. The app's code is not imported here.
"""

from __future__ import annotations

import copy
import math

import numpy as np

# --- configs, as configuration_<family>.py and modeling_rope_utils.py standardize them -------------

# Class-level defaults of each config (configuration_<family>.py): default_theta, the
# partial_rotary_factor set in __post_init__, max_position_embeddings.
DEFAULT_THETA = {"mixtral": 1_000_000.0}
DEFAULT_SHARE = {"phi": 0.5, "stablelm": 0.25, "gpt_neox": 0.25}
DEFAULT_MAX_POSITIONS = {"llama": 2048, "mistral": 131072, "mixtral": 131072, "qwen2": 32768, "qwen3": 32768,
                         "qwen2_moe": 32768, "qwen3_moe": 32768, "phi": 2048, "phi3": 4096, "gemma": 8192,
                         "gemma2": 8192, "gemma3_text": 131072, "olmo": 2048, "olmo2": 2048, "stablelm": 4096,
                         "gpt_neox": 2048, "falcon": 2048, "deepseek_v3": 4096, "gptj": 2048}


def standardized_rope(config: dict, family: str) -> dict:
    """``config.rope_parameters`` after the config class is built (transformers 5).

    ``RotaryEmbeddingConfigMixin.convert_rope_params_to_dict`` and ``standardize_rope_params``
    (modeling_rope_utils.py), with the overrides of configuration_gpt_neox.py (rotary_emb_base,
    rotary_pct), configuration_phi3.py (su/yarn → longrope, original_max_position_embeddings
    field defaulting to 4096) and configuration_gemma3.py (one dict per layer type).
    """
    config = copy.deepcopy(config)
    max_positions = config.get("max_position_embeddings", DEFAULT_MAX_POSITIONS.get(family, 2048))
    if family == "gemma3_text":
        rope = config.get("rope_parameters") or {"sliding_attention": {"rope_type": "default"},
                                                 "full_attention": {"rope_type": "default"}}
        if config.get("rope_scaling") is not None:
            rope["full_attention"].update(config["rope_scaling"])
        rope.setdefault("full_attention", {"rope_type": "default"})
        rope["full_attention"].setdefault("rope_theta", config.get("rope_theta", 1_000_000.0))
        rope.setdefault("sliding_attention", {"rope_type": "default"})
        rope["sliding_attention"].setdefault("rope_theta", config.get("rope_local_base_freq", 10_000.0))
        for entry in rope.values():
            entry.setdefault("rope_type", entry.get("type", "default"))
            if entry["rope_type"] in ("llama3", "yarn", "longrope"):
                entry.setdefault("original_max_position_embeddings", max_positions)
        return rope
    rope = config.get("rope_scaling") or config.get("rope_parameters") or {}
    if family == "gpt_neox":
        rope.setdefault("rope_theta", config.get("rotary_emb_base", 10_000.0))
        rope.setdefault("partial_rotary_factor", config.get("rotary_pct", 0.25))
    elif family == "phi3":
        rope.setdefault("rope_theta", config.get("rope_theta", 10_000.0))
        rope.setdefault("partial_rotary_factor", config.get("partial_rotary_factor", 1.0))
    else:
        rope.setdefault("rope_theta", config.get("rope_theta", DEFAULT_THETA.get(family, 10_000.0)))
        share = config.get("partial_rotary_factor", DEFAULT_SHARE.get(family))
        if share is not None:
            rope.setdefault("partial_rotary_factor", share)
    rope.setdefault("rope_type", rope.get("type", "default"))
    if family == "phi3" and rope["rope_type"] in ("su", "yarn"):
        rope["rope_type"] = "longrope"
    if rope["rope_type"] in ("llama3", "yarn", "longrope"):
        if "original_max_position_embeddings" in config or family == "phi3":
            rope["original_max_position_embeddings"] = config.get("original_max_position_embeddings", 4096)
        else:
            rope.setdefault("original_max_position_embeddings", max_positions)
    return rope


def head_dim(config: dict, family: str) -> int:
    """``getattr(config, "head_dim", None) or hidden_size // num_attention_heads`` (DeepSeek-V3:
    qk_rope_head_dim, configuration_deepseek_v3.py; Falcon: a property, configuration_falcon.py)."""
    if family == "deepseek_v3":
        return config.get("qk_rope_head_dim", 64)
    hidden = config.get("hidden_size", config.get("n_embd"))
    heads = config.get("num_attention_heads", config.get("n_head"))
    if family in ("falcon", "gptj", "gpt_neox"):
        return hidden // heads
    return config.get("head_dim") or hidden // heads


def inv_freq(config: dict, family: str, layer_type: str | None = None, seq_len: int | None = None
             ) -> tuple[np.ndarray, float]:
    """(inv_freq, attention_scaling) of the rotary embedding at ``seq_len`` tokens.

    ``ROPE_INIT_FUNCTIONS`` of modeling_rope_utils.py (the default one of each modelling file),
    with ``dynamic_rope_update``: dynamic recomputes past ``max_position_embeddings``, longrope
    switches to its long factors past the original context. GPT-J instead builds
    ``create_sinusoidal_positions`` (modeling_gptj.py) from base 10000 on ``rotary_dim``.
    """
    if family == "gptj":
        dim = config.get("rotary_dim", 64)
        return 1.0 / 10000 ** (np.arange(0, dim, 2) / dim), 1.0
    rope = standardized_rope(config, family)
    if layer_type is not None:
        rope = rope[layer_type]
    base = rope["rope_theta"]
    share = rope.get("partial_rotary_factor", 1.0)
    dim = int(head_dim(config, family) * share)
    max_positions = config.get("max_position_embeddings", DEFAULT_MAX_POSITIONS.get(family, 2048))
    kind = rope["rope_type"]
    exponents = np.arange(0, dim, 2) / dim
    if kind == "default":
        if family == "gemma3_text":  # Gemma3RotaryEmbedding.compute_default_rope_parameters: the whole head
            dim = head_dim(config, family)
            exponents = np.arange(0, dim, 2) / dim
        return 1.0 / base ** exponents, 1.0
    if kind == "linear":
        return 1.0 / base ** exponents / rope["factor"], 1.0
    if kind == "dynamic":
        length = max_positions if seq_len is None else max(seq_len, max_positions)
        grown = base * ((rope["factor"] * length / max_positions) - (rope["factor"] - 1)) ** (dim / (dim - 2))
        return 1.0 / grown ** exponents, 1.0
    if kind == "yarn":
        factor = rope["factor"]
        original = rope["original_max_position_embeddings"]
        if factor is None:
            factor = max_positions / original

        def mscale_of(scale: float, m: float = 1.0) -> float:
            return 1.0 if scale <= 1 else 0.1 * m * math.log(scale) + 1.0

        attention = rope.get("attention_factor")
        if attention is None:
            if rope.get("mscale") and rope.get("mscale_all_dim"):
                attention = mscale_of(factor, rope["mscale"]) / mscale_of(factor, rope["mscale_all_dim"])
            else:
                attention = mscale_of(factor)
        fast, slow = rope.get("beta_fast") or 32, rope.get("beta_slow") or 1

        def correction(rotations: float) -> float:
            return (dim * math.log(original / (rotations * 2 * math.pi))) / (2 * math.log(base))

        low, high = correction(fast), correction(slow)
        if rope.get("truncate", True):
            low, high = math.floor(low), math.ceil(high)
        low, high = max(low, 0), min(high, dim - 1)
        if low == high:
            high += 0.001
        ramp = np.clip((np.arange(dim // 2) - low) / (high - low), 0, 1)
        extrapolation = 1 - ramp
        position_frequencies = base ** exponents
        result = (1.0 / (factor * position_frequencies)) * (1 - extrapolation) + \
            (1.0 / position_frequencies) * extrapolation
        return result, attention
    if kind == "llama3":
        theta = 1.0 / base ** exponents
        old = rope["original_max_position_embeddings"]
        low_wave, high_wave = old / rope["low_freq_factor"], old / rope["high_freq_factor"]
        wave = 2 * math.pi / theta
        scaled = np.where(wave > low_wave, theta / rope["factor"], theta)
        smooth = (old / wave - rope["low_freq_factor"]) / (rope["high_freq_factor"] - rope["low_freq_factor"])
        smoothed = (1 - smooth) * scaled / rope["factor"] + smooth * scaled
        medium = ~(wave < high_wave) & ~(wave > low_wave)
        return np.where(medium, smoothed, scaled), 1.0
    if kind == "longrope":
        original = rope["original_max_position_embeddings"]
        factor = rope.get("factor") or max_positions / original
        attention = rope.get("attention_factor")
        if attention is None:
            attention = 1.0 if factor <= 1 else math.sqrt(1 + math.log(factor) / math.log(original))
        extensions = np.asarray(rope["long_factor"] if seq_len and seq_len > original else rope["short_factor"])
        return 1.0 / (extensions * base ** exponents), attention
    raise AssertionError(kind)


def rotate(x: np.ndarray, positions: np.ndarray, theta: np.ndarray, pairing: str, start: int = 0) -> np.ndarray:
    """q or k of one head rotated as the family does; x of shape (n, head_dim).

    ``halves``: ``apply_rotary_pos_emb`` with ``rotate_half`` on the first 2·len(θ) dimensions
    (modeling_llama.py, modeling_gpt_neox.py). ``interleaved``: ``rotate_every_two``
    (modeling_gptj.py) or ``apply_rotary_pos_emb_interleave`` (modeling_deepseek_v3.py, which
    rotates the part starting at ``start``, and writes the pairs back de-interleaved: a
    permutation that q and k share, so their dot products are those of pairs (2i, 2i+1)).
    """
    out = np.array(x, dtype=np.float64)
    r = 2 * theta.size
    part = out[:, start:start + r]
    angles = positions[:, None] * theta[None, :]
    if pairing == "halves":
        emb = np.concatenate([angles, angles], axis=1)
        half = np.concatenate([-part[:, r // 2:], part[:, :r // 2]], axis=1)
        out[:, start:start + r] = part * np.cos(emb) + half * np.sin(emb)
    else:
        cos, sin = np.repeat(np.cos(angles), 2, axis=1), np.repeat(np.sin(angles), 2, axis=1)
        every_two = np.stack([-part[:, 1::2], part[:, ::2]], axis=-1).reshape(part.shape)
        out[:, start:start + r] = part * cos + every_two * sin
    return out


# --- positions and ALiBi ----------------------------------------------------------------------------

def position_ids(family: str, ids: list[int], pad: int | None = None) -> np.ndarray:
    """The rows (or RoPE/ALiBi positions) a family gives a sentence with no padding mask.

    RoBERTa/XLM-R: ``create_position_ids_from_input_ids`` (modeling_roberta.py): cumsum of
    non-padding tokens, times the mask, plus padding_idx. OPT: ``OPTLearnedPositionalEmbedding``
    (modeling_opt.py): cumsum(attention_mask) · mask − 1, plus offset 2. Others: arange.
    """
    ids_array = np.asarray(ids)
    if family in ("roberta", "xlm-roberta"):
        mask = (ids_array != pad).astype(np.int64)
        return np.cumsum(mask) * mask + pad
    if family == "opt":
        mask = np.ones(len(ids), dtype=np.int64)
        return (np.cumsum(mask) * mask - 1) + 2
    return np.arange(len(ids))


def bloom_slopes(num_heads: int) -> np.ndarray:
    """``_get_alibi_slopes`` (modeling_bloom.py), computed in float32 as torch does."""
    closest = 2 ** math.floor(math.log2(num_heads))
    base = np.float32(2 ** (-(2 ** -(math.log2(closest) - 3))))
    slopes = [base ** np.float32(p) for p in range(1, 1 + closest)]
    if closest != num_heads:
        extra = np.float32(2 ** (-(2 ** -(math.log2(2 * closest) - 3))))
        slopes += [extra ** np.float32(p) for p in range(1, 1 + 2 * min(closest, num_heads - closest), 2)]
    return np.array(slopes, dtype=np.float32).astype(np.float64)


def mpt_slopes(num_heads: int, alibi_bias_max: float = 8) -> np.ndarray:
    """``build_mpt_alibi_tensor`` (modeling_mpt.py), float32."""
    power = 2 ** math.ceil(math.log2(num_heads))
    base = np.arange(1, power + 1, dtype=np.float32) * np.float32(alibi_bias_max / power)
    slopes = (np.float32(1.0) / np.power(np.float32(2), base)).astype(np.float32)
    if power != num_heads:
        slopes = np.concatenate([slopes[1::2], slopes[::2]])[:num_heads]
    return slopes.astype(np.float64)


def falcon_slopes(num_heads: int) -> np.ndarray:
    """``build_alibi_tensor`` (modeling_falcon.py): BLOOM's slopes, cast to bfloat16 before use."""
    import ml_dtypes

    return bloom_slopes(num_heads).astype(np.float32).astype(ml_dtypes.bfloat16).astype(np.float64)


# --- the embedding module's forward pass -------------------------------------------------------------

def layer_norm(x: np.ndarray, weight: np.ndarray, bias: np.ndarray, eps: float) -> np.ndarray:
    """torch.nn.LayerNorm: biased variance over the last axis."""
    mean = x.mean(axis=-1, keepdims=True)
    variance = ((x - mean) ** 2).mean(axis=-1, keepdims=True)
    return (x - mean) / np.sqrt(variance + eps) * weight + bias
