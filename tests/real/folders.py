"""Tiny model folders built by the tests: config.json, tokenizer.json and safetensors files."""

from __future__ import annotations

import json
import struct
from pathlib import Path

import numpy as np
from safetensors.numpy import save_file
from tokenizers import Tokenizer
from tokenizers.models import WordLevel
from tokenizers.pre_tokenizers import Whitespace
from tokenizers.processors import TemplateProcessing

WORDS = ("[PAD]", "[UNK]", "[CLS]", "[SEP]", "the", "cat", "sat", "on", "mat", "a", "dog")
CLS, SEP = 2, 3


def word_ids(text: str) -> list[int]:
    """Ids of a space-separated text under the test vocabulary (no special tokens)."""
    return [WORDS.index(word) for word in text.split()]


def tokenizer(bert: bool = False, extra: int = 0) -> Tokenizer:
    """A word-level tokenizer over WORDS; BERT-like adds [CLS] … [SEP].

    Padding and truncation are switched on, as a batch tokenizer ships them, so the tests see
    that the loader switches them off. ``extra`` adds tokens past the vocabulary (ids V, V+1, …).
    """
    vocabulary = {word: i for i, word in enumerate(WORDS)}
    for k in range(extra):
        vocabulary[f"extra{k}"] = len(WORDS) + k
    tok = Tokenizer(WordLevel(vocabulary, unk_token="[UNK]"))
    tok.pre_tokenizer = Whitespace()
    if bert:
        tok.post_processor = TemplateProcessing(single="[CLS] $A [SEP]",
                                                special_tokens=[("[CLS]", CLS), ("[SEP]", SEP)])
    tok.enable_padding(length=16, pad_id=0, pad_token="[PAD]")
    tok.enable_truncation(max_length=4)
    return tok


def table(rows: int, width: int, seed: int) -> np.ndarray:
    """A float32 table of small random numbers."""
    return np.random.default_rng(seed).normal(0, 0.5, (rows, width)).astype(np.float32)


def write_folder(folder: Path, config: dict, tensors: dict[str, np.ndarray], tok: Tokenizer | None = None,
                 shards: int = 1) -> Path:
    """Write a model folder; ``shards`` > 1 splits the tensors over files with an index."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "config.json").write_text(json.dumps(config))
    (tok or tokenizer()).save(str(folder / "tokenizer.json"))
    if shards == 1:
        save_file(tensors, str(folder / "model.safetensors"))
        return folder
    names = sorted(tensors)
    weight_map = {}
    for k in range(shards):
        file = f"model-{k + 1:05d}-of-{shards:05d}.safetensors"
        part = {name: tensors[name] for name in names[k::shards]}
        save_file(part, str(folder / file))
        weight_map.update(dict.fromkeys(part, file))
    (folder / "model.safetensors.index.json").write_text(json.dumps({"metadata": {}, "weight_map": weight_map}))
    return folder


def write_bf16_file(path: Path, tensors: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
    """Write float32 arrays as a BF16 safetensors file by hand; returns the values it stores.

    The file is the format's header (8-byte little-endian length + JSON) and the top 16 bits
    of each float32 (bfloat16 by truncation), so the expected values are known exactly.
    """
    header, blobs, offset, stored = {}, [], 0, {}
    for name, array in tensors.items():
        bits = (np.ascontiguousarray(array, dtype="<f4").view("<u4") >> 16).astype("<u2")
        stored[name] = (bits.astype("<u4") << 16).view("<f4")
        blob = bits.tobytes()
        header[name] = {"dtype": "BF16", "shape": list(array.shape), "data_offsets": [offset, offset + len(blob)]}
        blobs.append(blob)
        offset += len(blob)
    text = json.dumps(header).encode()
    text += b" " * (-len(text) % 8)
    path.write_bytes(struct.pack("<Q", len(text)) + text + b"".join(blobs))
    return stored


V = len(WORDS)


def gpt2_folder(folder: Path, prefix: str = "transformer.", d: int = 8, T: int = 6) -> tuple[Path, dict]:
    """GPT-2-like: wte, wpe, a LayerNorm of a block, no lm_head (tied)."""
    tensors = {f"{prefix}wte.weight": table(V, d, 1), f"{prefix}wpe.weight": table(T, d, 2),
               f"{prefix}h.0.ln_1.weight": np.ones(d, np.float32),
               f"{prefix}h.0.attn.c_attn.weight": table(d, 3 * d, 3)}
    config = {"model_type": "gpt2", "n_positions": T, "n_embd": d, "vocab_size": V}
    return write_folder(folder, config, tensors), tensors


def bert_folder(folder: Path, d: int = 8, T: int = 8) -> tuple[Path, dict]:
    """BERT-like: word, position and token-type tables, embedding LayerNorm, position_ids (I64)."""
    tensors = {"bert.embeddings.word_embeddings.weight": table(V, d, 4),
               "bert.embeddings.position_embeddings.weight": table(T, d, 5),
               "bert.embeddings.token_type_embeddings.weight": table(2, d, 6),
               "bert.embeddings.LayerNorm.weight": (1 + table(1, d, 7)[0]),
               "bert.embeddings.LayerNorm.bias": table(1, d, 8)[0],
               "bert.embeddings.position_ids": np.arange(T, dtype=np.int64)[None, :]}
    config = {"model_type": "bert", "max_position_embeddings": T, "hidden_size": d, "layer_norm_eps": 1e-5,
              "type_vocab_size": 2}
    return write_folder(folder, config, tensors, tokenizer(bert=True)), tensors


def rope_folder(folder: Path, family: str, config_extra: dict, d: int = 64, dtype: type = np.float32,
                shards: int = 1, lm_head: bool = True, token_table: str | None = None) -> tuple[Path, dict]:
    """Llama/Mistral/Qwen/Phi/Gemma-like: model.embed_tokens (or ``token_table``) and (untied) lm_head."""
    tensors = {token_table or "model.embed_tokens.weight": table(V, d, 9).astype(dtype),
               "model.layers.0.self_attn.q_proj.weight": table(d, d, 10).astype(dtype),
               "model.norm.weight": np.ones(d, dtype)}
    if lm_head:
        tensors["lm_head.weight"] = table(V, d, 11).astype(dtype)
    config = {"model_type": family, "hidden_size": d, "num_attention_heads": 4, "max_position_embeddings": 64,
              "vocab_size": V, **config_extra}
    return write_folder(folder, config, tensors, shards=shards), tensors
