"""Which RoPE frequencies a layer uses: the size of its q and k weights in each rotated pair. No Qt.

Barbero et al., "Round and Round We Go! What makes Rotary Positional Encodings useful?" (2024)
read a trained model's q and k projections pair by pair: heads that track position put weight
on the fast pairs, the slow pairs carry meaning. For a layer this module gives, per head and
pair i, ‖W[rows of pair i]‖ (the Frobenius norm of the two rows that feed the pair), read
memory-mapped from the checkpoint (:func:`~visualizer.real.safetensors_files.row_square_sums`).

Where q and k sit in each family's projection weights follows its modelling file in
transformers: separate ``q_proj``/``k_proj`` (Llama and most), GPT-J's ``attn.q_proj``, GPT-NeoX's
fused ``query_key_value`` (per head: q, k, v), Phi-3's ``qkv_proj`` (all q, then k, then v),
Falcon's ``query_key_value`` (three layouts), DeepSeek-V3's ``q_b_proj`` and
``kv_a_proj_with_mqa`` (one k for every head).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from visualizer.real.checkpoint import Checkpoint
from visualizer.real.config_json import CheckpointError
from visualizer.real.rope_config import RopeSettings
from visualizer.real.safetensors_files import SafetensorsFileError, TensorEntry, row_square_sums

_Q_PATTERNS = {
    "separate": "layers.{}.self_attn.q_proj.weight",
    "gptj": "h.{}.attn.q_proj.weight",
    "neox": "layers.{}.attention.query_key_value.weight",
    "phi3": "layers.{}.self_attn.qkv_proj.weight",
    "falcon": "h.{}.self_attention.query_key_value.weight",
    "deepseek": "layers.{}.self_attn.q_b_proj.weight",
}


@dataclass(frozen=True)
class PairNorms:
    """The q and k weight norms of one layer, pair by pair.

    Attributes
    ----------
    layer : int
    q : ndarray, shape (heads, pairs)
        ‖W_q[rows of pair i of head h]‖.
    k : ndarray, shape (key heads, pairs)
        The same for the key heads (fewer under grouped-query attention; one for DeepSeek).
    rope : RopeSettings
        The RoPE of this layer (its layer type's, for Gemma 3).
    layer_type : str or None
    tensors : tuple of str
        The tensors read.
    """

    layer: int
    q: np.ndarray
    k: np.ndarray
    rope: RopeSettings
    layer_type: str | None
    tensors: tuple[str, ...]


def _prefix(checkpoint: Checkpoint) -> str:
    """What stands before the family's tensor names (``model.``, ``model.language_model.``, …)."""
    name = checkpoint.tensor_names["E"]
    for suffix in checkpoint.spec.token_table:
        if name == suffix or name.endswith("." + suffix):
            return name[: len(name) - len(suffix)]
    return ""


def attention_layers(checkpoint: Checkpoint) -> list[int]:
    """The layers whose q weights this module can read, in order (empty without RoPE)."""
    layout = checkpoint.spec.attention_layout
    if checkpoint.rope is None or layout is None:
        return []
    patterns = [_Q_PATTERNS[layout]]
    if layout == "deepseek":
        patterns.append("layers.{}.self_attn.q_proj.weight")
    found = set()
    prefix = re.escape(_prefix(checkpoint))
    for pattern in patterns:
        regex = re.compile(prefix + re.escape(pattern).replace(r"\{\}", r"(\d+)") + "$")
        for name in checkpoint.entries:
            match = regex.match(name)
            if match:
                found.add(int(match.group(1)))
    return sorted(found)


def rope_pair_norms(checkpoint: Checkpoint, layer: int) -> PairNorms:
    """‖W_q‖ and ‖W_k‖ per head and RoPE pair of ``layer``.

    Raises
    ------
    CheckpointError
        The model has no RoPE, the layer's weights are missing, of an unexpected shape, or stored
        in a dtype this app does not decode (FP8).
    """
    rope = checkpoint.rope
    layout = checkpoint.spec.attention_layout
    if rope is None or layout is None:
        raise CheckpointError(f"{checkpoint.name} has no RoPE whose frequencies could be read")
    layer_type = checkpoint.layer_types[layer] if layer < len(checkpoint.layer_types) else None
    rope = checkpoint.rope_by_layer_type.get(layer_type or "", rope)
    prefix = _prefix(checkpoint)
    config = checkpoint.config
    heads = checkpoint.heads
    kv_heads = checkpoint.kv_heads or heads
    width = rope.query_width
    pairs = rope.pairs()  # (pairs, 2) dimensions within a head

    def entry(pattern: str) -> TensorEntry:
        name = prefix + pattern.format(layer)
        if name not in checkpoint.entries:
            raise CheckpointError(f"{checkpoint.name}: no tensor {name} for layer {layer}")
        return checkpoint.entries[name]

    def rows_of(starts: np.ndarray) -> np.ndarray:
        """(blocks, pairs, 2) row indices: each block start plus the pairs' dimensions."""
        return starts[:, None, None] + pairs[None, :, :]

    tensors: tuple[str, ...]
    try:
        if layout in ("separate", "gptj"):
            k_pattern = _Q_PATTERNS[layout].replace("q_proj", "k_proj")
            q_entry, k_entry = entry(_Q_PATTERNS[layout]), entry(k_pattern)
            q_sums, k_sums = row_square_sums(q_entry), row_square_sums(k_entry)
            q_rows, k_rows = rows_of(np.arange(heads) * width), rows_of(np.arange(kv_heads) * width)
            tensors = (q_entry.name, k_entry.name)
        elif layout == "neox":
            fused = entry(_Q_PATTERNS[layout])
            q_sums = k_sums = row_square_sums(fused)
            q_rows, k_rows = rows_of(np.arange(heads) * 3 * width), rows_of(np.arange(heads) * 3 * width + width)
            tensors = (fused.name,)
        elif layout == "phi3":
            fused = entry(_Q_PATTERNS[layout])
            q_sums = k_sums = row_square_sums(fused)
            q_rows = rows_of(np.arange(heads) * width)
            k_rows = rows_of(heads * width + np.arange(kv_heads) * width)
            tensors = (fused.name,)
        elif layout == "falcon":
            fused = entry(_Q_PATTERNS[layout])
            q_sums = k_sums = row_square_sums(fused)
            q_rows, k_rows = _falcon_rows(config, heads, width, rows_of)
            tensors = (fused.name,)
        else:  # deepseek: q through q_b_proj (or q_proj), one k for all heads after the compressed kv
            q_pattern = _Q_PATTERNS["deepseek"] if prefix + _Q_PATTERNS["deepseek"].format(layer) in \
                checkpoint.entries else "layers.{}.self_attn.q_proj.weight"
            q_entry, k_entry = entry(q_pattern), entry("layers.{}.self_attn.kv_a_proj_with_mqa.weight")
            q_sums, k_sums = row_square_sums(q_entry), row_square_sums(k_entry)
            rank = int(config.get("kv_lora_rank") or 512)
            q_rows = rows_of(np.arange(heads) * width)
            k_rows = rows_of(np.array([rank - rope.rotated_from]))
            tensors = (q_entry.name, k_entry.name)
    except SafetensorsFileError as error:
        raise CheckpointError(str(error)) from None
    for sums, rows, name in ((q_sums, q_rows, tensors[0]), (k_sums, k_rows, tensors[-1])):
        if rows.size and rows.max() >= sums.size:
            raise CheckpointError(f"{checkpoint.name}: {name} has {sums.size} rows, too few for "
                                  f"{rows.shape[0]} heads of {width}")
    q = np.sqrt(q_sums[q_rows].sum(axis=-1))
    k = np.sqrt(k_sums[k_rows].sum(axis=-1))
    return PairNorms(layer, q, k, rope, layer_type, tensors)


def _falcon_rows(config: dict[str, Any], heads: int, width: int,
                 rows_of: Callable[[np.ndarray], np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
    """q and k row blocks of Falcon's fused weight (FalconAttention._split_heads)."""
    if config.get("new_decoder_architecture"):
        kv = int(config.get("num_kv_heads") or heads)
        per_group = heads // kv + 2
        q_starts = np.array([(g * per_group + j) * width for g in range(kv) for j in range(per_group - 2)])
        k_starts = np.array([(g * per_group + per_group - 2) * width for g in range(kv)])
    elif config.get("multi_query", True):
        q_starts, k_starts = np.arange(heads) * width, np.array([heads * width])
    else:
        q_starts, k_starts = np.arange(heads) * 3 * width, np.arange(heads) * 3 * width + width
    return rows_of(q_starts), rows_of(k_starts)
