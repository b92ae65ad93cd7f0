"""The model families this app reads, as data: where each keeps its tables and how it uses position.

Each entry restates what the family's own modelling code in Hugging Face transformers does
(``src/transformers/models/<family>/modeling_<family>.py`` and ``configuration_<family>.py``, the
file named in each comment): which tensors hold E, P and the embedding LayerNorm, how positions
are numbered, whether RoPE pairs halves or neighbours, which config keys (and defaults) give the
width, the heads and the context. No Qt.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

LEARNED, ROPE, ALIBI = "learned", "rope", "alibi"

HALVES, INTERLEAVED = "halves", "interleaved"
"""RoPE pairings: dimension j with j + r/2 (``rotate_half``), or 2i with 2i + 1 (``rotate_every_two``)."""


@dataclass(frozen=True)
class Family:
    """How one ``model_type`` keeps and uses its embeddings.

    Attributes
    ----------
    model_type : str
    scheme : str
        ``learned``, ``rope`` or ``alibi`` (Falcon's is decided by its ``alibi`` key).
    token_table : tuple of str
        Tensor-name suffixes of E, first match wins (whatever prefix the file uses).
    position_table : tuple of str
        Suffixes of the learned table P (learned families).
    position_offset : str
        ``none`` (row t for position t, counted from 0), ``opt`` (row t + 2) or ``padding``
        (RoBERTa: rows from ``pad_token_id`` + 1, padding tokens on row ``pad_token_id``).
    token_types : str or None
        Suffix of the token-type table (row 0 is added).
    embedding_norm : tuple of (weight, bias) suffix pairs
        The LayerNorm applied to the embeddings, if the family has one.
    norm_eps_keys : tuple of str
        Config keys of that LayerNorm's epsilon; ``norm_eps_default`` when absent (or fixed).
    project_in : str or None
        Suffix of a projection applied to E[ids] before P is added (OPT-350m).
    project_after : str or None
        Suffix of a projection applied after the embedding LayerNorm (ELECTRA's embeddings_project).
    output_layer : tuple of str
        Suffixes of a separate output layer (its absence means the output reuses E).
    tie_default : bool
        ``tie_word_embeddings`` when the config does not say.
    hidden_keys, heads_keys, positions_keys : tuple of str
        Config keys of the width, the number of heads and the context, in the order tried.
    max_positions_default : int
    theta_keys : tuple of str
        Top-level config keys of the RoPE base (after ``rope_parameters``/``rope_scaling``).
    theta_default : float
    share_keys : tuple of str
        Top-level keys of the rotated share of a head.
    share_default : float
    pairing : str
    embed_scale : bool
        Gemma: E[ids] × √hidden, √hidden rounded to the table's dtype.
    attention_layout : str or None
        How q and k sit in the projection weights (for the frequency-usage view).
    modelling_file : str
        The transformers file this entry follows.
    """

    model_type: str
    scheme: str
    token_table: tuple[str, ...]
    modelling_file: str
    position_table: tuple[str, ...] = ()
    position_offset: str = "none"
    token_types: str | None = None
    embedding_norm: tuple[tuple[str, str], ...] = ()
    norm_eps_keys: tuple[str, ...] = ()
    norm_eps_default: float = 1e-12
    project_in: str | None = None
    project_after: str | None = None
    output_layer: tuple[str, ...] = ("lm_head.weight",)
    tie_default: bool = False
    hidden_keys: tuple[str, ...] = ("hidden_size",)
    heads_keys: tuple[str, ...] = ("num_attention_heads",)
    positions_keys: tuple[str, ...] = ("max_position_embeddings",)
    max_positions_default: int = 2048
    theta_keys: tuple[str, ...] = ("rope_theta",)
    theta_default: float = 10_000.0
    share_keys: tuple[str, ...] = ("partial_rotary_factor",)
    share_default: float = 1.0
    pairing: str = HALVES
    embed_scale: bool = False
    attention_layout: str | None = "separate"

    @property
    def learned(self) -> bool:
        """True for families with a learned position table."""
        return self.scheme == LEARNED


_BERT_NORM = (("embeddings.LayerNorm.weight", "embeddings.LayerNorm.bias"),
              ("embeddings.LayerNorm.gamma", "embeddings.LayerNorm.beta"))


def _bert_like(model_type: str, modelling_file: str, **changes: Any) -> Family:
    bert = Family(model_type, scheme=LEARNED, token_table=("embeddings.word_embeddings.weight",),
                  modelling_file=modelling_file, position_table=("embeddings.position_embeddings.weight",),
                  token_types="embeddings.token_type_embeddings.weight", embedding_norm=_BERT_NORM,
                  norm_eps_keys=("layer_norm_eps",), output_layer=("cls.predictions.decoder.weight",),
                  tie_default=True, max_positions_default=512, attention_layout=None)
    return replace(bert, **changes)


def _rope_like(model_type: str, modelling_file: str, **changes: Any) -> Family:
    return replace(Family(model_type, scheme=ROPE, token_table=("embed_tokens.weight",),
                          modelling_file=modelling_file), **changes)


_ENTRIES = (
    # GPT-2: wte + wpe[0 .. n−1]; modeling_gpt2.py.
    Family("gpt2", LEARNED, ("wte.weight",), "models/gpt2/modeling_gpt2.py", position_table=("wpe.weight",),
           tie_default=True, hidden_keys=("n_embd", "hidden_size"), heads_keys=("n_head", "num_attention_heads"),
           positions_keys=("n_positions", "max_position_embeddings"), max_positions_default=1024,
           attention_layout=None),
    _bert_like("bert", "models/bert/modeling_bert.py"),
    # RoBERTa and XLM-RoBERTa number positions from padding_idx + 1 (create_position_ids_from_input_ids).
    _bert_like("roberta", "models/roberta/modeling_roberta.py", position_offset="padding",
               output_layer=("lm_head.decoder.weight",)),
    _bert_like("xlm-roberta", "models/xlm_roberta/modeling_xlm_roberta.py", position_offset="padding",
               output_layer=("lm_head.decoder.weight",)),
    # DistilBERT: no token types, LayerNorm with eps fixed at 1e-12, width under "dim".
    _bert_like("distilbert", "models/distilbert/modeling_distilbert.py", token_types=None, norm_eps_keys=(),
               output_layer=("vocab_projector.weight",), hidden_keys=("dim", "hidden_size"),
               heads_keys=("n_heads", "num_attention_heads")),
    # ELECTRA: BERT's embeddings at embedding_size, then embeddings_project up to hidden_size.
    _bert_like("electra", "models/electra/modeling_electra.py", project_after="embeddings_project",
               output_layer=("generator_lm_head.weight",), hidden_keys=("embedding_size", "hidden_size")),
    # OPT: learned rows offset by 2; OPT-350m projects E up to the model width first.
    Family("opt", LEARNED, ("decoder.embed_tokens.weight", "embed_tokens.weight"), "models/opt/modeling_opt.py",
           position_table=("decoder.embed_positions.weight", "embed_positions.weight"), position_offset="opt",
           project_in="project_in", tie_default=True, max_positions_default=2048, attention_layout=None),
    # GPT-J: rotate_every_two on the first rotary_dim dimensions, base 10000 fixed in its code.
    Family("gptj", ROPE, ("wte.weight",), "models/gptj/modeling_gptj.py", hidden_keys=("n_embd", "hidden_size"),
           heads_keys=("n_head", "num_attention_heads"), positions_keys=("n_positions", "max_position_embeddings"),
           theta_keys=(), share_keys=(), pairing=INTERLEAVED, attention_layout="gptj"),
    # GPT-NeoX / Pythia: rotary_pct (0.25) of each head, base rotary_emb_base.
    Family("gpt_neox", ROPE, ("embed_in.weight",), "models/gpt_neox/modeling_gpt_neox.py",
           output_layer=("embed_out.weight", "lm_head.weight"), theta_keys=("rotary_emb_base",),
           share_keys=("rotary_pct",), share_default=0.25, attention_layout="neox"),
    # BLOOM: ALiBi, and a LayerNorm right after the lookup (word_embeddings_layernorm).
    Family("bloom", ALIBI, ("word_embeddings.weight",), "models/bloom/modeling_bloom.py",
           embedding_norm=(("word_embeddings_layernorm.weight", "word_embeddings_layernorm.bias"),),
           norm_eps_keys=("layer_norm_epsilon",), norm_eps_default=1e-5, tie_default=True,
           hidden_keys=("hidden_size", "n_embed"), heads_keys=("n_head", "num_attention_heads"),
           positions_keys=("seq_length", "max_position_embeddings"), attention_layout=None),
    # MPT: ALiBi with MPT's own slopes.
    Family("mpt", ALIBI, ("wte.weight",), "models/mpt/modeling_mpt.py", tie_default=True,
           hidden_keys=("d_model", "hidden_size"), heads_keys=("n_heads", "num_attention_heads"),
           positions_keys=("max_seq_len",), attention_layout=None),
    # Falcon: RoPE (rotate_half) or, with "alibi": true, BLOOM's slopes rounded to bfloat16.
    Family("falcon", ROPE, ("word_embeddings.weight",), "models/falcon/modeling_falcon.py", tie_default=True,
           hidden_keys=("hidden_size", "n_embed"), heads_keys=("num_attention_heads", "n_head"),
           share_keys=(), attention_layout="falcon"),
    _rope_like("stablelm", "models/stablelm/modeling_stablelm.py", share_default=0.25, max_positions_default=4096),
    _rope_like("olmo", "models/olmo/modeling_olmo.py"),
    _rope_like("olmo2", "models/olmo2/modeling_olmo2.py"),
    _rope_like("llama", "models/llama/modeling_llama.py"),
    _rope_like("mistral", "models/mistral/modeling_mistral.py", max_positions_default=131_072),
    _rope_like("mixtral", "models/mixtral/modeling_mixtral.py", max_positions_default=131_072,
               theta_default=1_000_000.0),
    _rope_like("qwen2", "models/qwen2/modeling_qwen2.py", max_positions_default=32_768),
    _rope_like("qwen2_moe", "models/qwen2_moe/modeling_qwen2_moe.py", max_positions_default=32_768),
    _rope_like("qwen3", "models/qwen3/modeling_qwen3.py", max_positions_default=32_768),
    _rope_like("qwen3_moe", "models/qwen3_moe/modeling_qwen3_moe.py", max_positions_default=32_768),
    _rope_like("phi", "models/phi/modeling_phi.py", share_default=0.5),
    _rope_like("phi3", "models/phi3/modeling_phi3.py", max_positions_default=4096, attention_layout="phi3"),
    _rope_like("gemma", "models/gemma/modeling_gemma.py", max_positions_default=8192, embed_scale=True,
               tie_default=True),
    _rope_like("gemma2", "models/gemma2/modeling_gemma2.py", max_positions_default=8192, embed_scale=True,
               tie_default=True),
    # Gemma 3: RoPE per layer type (sliding: rope_local_base_freq, full: rope_theta and rope_scaling).
    _rope_like("gemma3_text", "models/gemma3/modeling_gemma3.py", max_positions_default=131_072,
               embed_scale=True, tie_default=True, theta_default=1_000_000.0),
    # DeepSeek-V3: RoPE on the last qk_rope_head_dim dimensions of each head, pairs interleaved.
    _rope_like("deepseek_v3", "models/deepseek_v3/modeling_deepseek_v3.py", max_positions_default=4096,
               pairing=INTERLEAVED, attention_layout="deepseek"),
)

FAMILIES: dict[str, Family] = {family.model_type: family for family in _ENTRIES}
"""Every family read, by ``model_type``."""

MULTIMODAL = {"gemma3": "gemma3_text"}
"""Multimodal configs whose language model is read from ``text_config`` as this family."""

UNSUPPORTED = {
    "t5": "T5 adds a learned bias per bucket of relative distance to the attention scores (relative buckets), "
          "which this app does not show",
    "mt5": "mT5 adds a learned bias per bucket of relative distance to the attention scores (relative buckets), "
           "which this app does not show",
    "umt5": "UMT5 adds a learned bias per bucket of relative distance to the attention scores (relative buckets), "
            "which this app does not show",
    "longt5": "LongT5 uses relative position buckets, which this app does not show",
    "deberta": "DeBERTa uses disentangled relative-position attention, which this app does not show",
    "deberta-v2": "DeBERTa-v2 uses disentangled relative-position attention, which this app does not show",
    "transfo-xl": "Transformer-XL uses relative positions with a memory, which this app does not show",
    "xlnet": "XLNet uses relative positions and two attention streams, which this app does not show",
    "qwen2_vl": "Qwen2-VL turns q and k with multimodal M-RoPE (sections for time, height and width), "
                "which this app does not show",
    "qwen2_5_vl": "Qwen2.5-VL turns q and k with multimodal M-RoPE (sections for time, height and width), "
                  "which this app does not show",
    "qwen3_vl": "Qwen3-VL turns q and k with multimodal M-RoPE (interleaved sections for time, height and width), "
                "which this app does not show",
    "mamba": "Mamba is a state-space model with no attention and no position scheme to show",
    "mamba2": "Mamba-2 is a state-space model with no attention and no position scheme to show",
    "rwkv": "RWKV is a recurrent model with no attention and no position scheme to show",
}
"""Families met in courses that this app refuses, with the reason (one line each)."""
