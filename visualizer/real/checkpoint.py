"""Hugging Face-style model folders: the real E, P, RoPE and ALiBi of a checkpoint. No Qt.

A folder holds ``config.json``, ``tokenizer.json`` and ``model.safetensors`` (or shards
``model-0000k-of-0000n.safetensors`` listed by ``model.safetensors.index.json``). Only the
embedding tensors are read, and only the rows a sentence needs; everything else is counted from
the file headers. Pickled weights (``.bin``, ``.pt``, ``.pth``, ``.ckpt``) are never opened.

Two X's are built for a sentence. ``X`` is the lesson's formula: E[ids] + P (the rows the family
numbers its positions with) under learned positions, E[ids] under RoPE, ALiBi or no positions.
``X_model`` is what the first block receives: BERT-like models add token-type row 0 and apply
their embedding LayerNorm (ELECTRA then projects to its hidden width), BLOOM applies its
LayerNorm, Gemma multiplies by √d. Each family follows its modelling file in transformers
(:mod:`visualizer.real.families`).
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
from tokenizers import Tokenizer

from visualizer.core import PositionError
from visualizer.core.attention import bloom_alibi_slopes, mpt_alibi_slopes
from visualizer.core.tables import layer_norm
from visualizer.real.config_json import CheckpointError, ConfigReader, read_config
from visualizer.real.families import ALIBI, FAMILIES, LEARNED, MULTIMODAL, ROPE, UNSUPPORTED, Family
from visualizer.real.rope_config import RopeSettings, read_rope
from visualizer.real.safetensors_files import (
    SafetensorsFileError,
    TensorEntry,
    TensorTable,
    read_header,
    read_small_tensor,
)

__all__ = [
    "FAMILIES",
    "AlibiSettings",
    "Checkpoint",
    "CheckpointError",
    "Encoding",
    "RopeSettings",
    "open_checkpoint",
]

PICKLED_SUFFIXES = (".bin", ".pt", ".pth", ".ckpt")


@dataclass(frozen=True)
class AlibiSettings:
    """ALiBi as the family builds it: one slope per head, score bias −slope · distance.

    Attributes
    ----------
    slopes : ndarray, shape (heads,)
        m_h as the model uses them (Falcon rounds them to bfloat16).
    kind : str
        ``bloom``, ``falcon`` or ``mpt``: whose formula gave them.
    """

    slopes: np.ndarray
    kind: str

    @property
    def heads(self) -> int:
        """Number of heads (one slope each)."""
        return int(self.slopes.size)

    def summary(self) -> dict[str, Any]:
        """The export's ``model.alibi``."""
        return {"heads": self.heads, "slopes": self.slopes.tolist(), "formula": self.kind}


@dataclass(frozen=True)
class Encoding:
    """A sentence as the model sees it: ids (special tokens included) and their token texts."""

    ids: tuple[int, ...]
    tokens: tuple[str, ...]


@dataclass
class Checkpoint:
    """A model folder opened for the lesson: its real tables, scheme and tokenizer.

    Attributes
    ----------
    folder : Path
    family : str
        ``model_type`` from the config (gpt2, bert, llama, gemma3, …).
    spec : Family
        What the app knows of that family (for ``gemma3``, of its language model).
    scheme : str
        ``learned``, ``rope``, ``alibi`` or ``none``: what the checkpoint does with positions.
    E : TensorTable
        The token table, shape (V, d), read row by row.
    P : ndarray, shape (T, d), or None
        The learned position table as stored (float64, read-only), None for other schemes.
    rope : RopeSettings or None
        The RoPE of the model (of its full-attention layers when layer types differ).
    rope_by_layer_type : dict
        Layer type → RoPE settings, when the model turns its layer types differently (Gemma 3).
    layer_types : tuple of str
        The type of each layer, when the config names them.
    alibi : AlibiSettings or None
    tied : bool
        True when the output layer reuses E (no separate output tensor, or tie_word_embeddings).
    parameters_embedding, parameters_total : int
        Parameters in the embedding tables (E, P, token types) and in the whole file(s), from shapes.
    keys : dict
        The config keys this reading used, with their values.
    heads, kv_heads, hidden : int
        Attention heads, key/value heads and the model width, from the config.
    entries : dict
        Every tensor of the file(s) by name (headers only), for the views that read layers.
    config : dict
        The language model's config object as read (the nested ``text_config`` of a multimodal one).
    """

    folder: Path
    family: str
    spec: Family
    scheme: str
    E: TensorTable
    P: np.ndarray | None
    rope: RopeSettings | None
    tied: bool
    parameters_embedding: int
    parameters_total: int
    keys: dict[str, Any]
    tokenizer: Tokenizer
    max_positions: int | None
    token_type_row: np.ndarray | None = None
    norm: tuple[np.ndarray, np.ndarray, float] | None = None
    embed_scale: float | None = None
    tensor_names: dict[str, str] = field(default_factory=dict)
    rope_by_layer_type: dict[str, RopeSettings] = field(default_factory=dict)
    layer_types: tuple[str, ...] = ()
    alibi: AlibiSettings | None = None
    first_position_row: int = 0
    pad_id: int | None = None
    project_in: np.ndarray | None = None
    project_after: tuple[np.ndarray, np.ndarray | None] | None = None
    heads: int = 0
    kv_heads: int = 0
    hidden: int = 0
    entries: dict[str, TensorEntry] = field(default_factory=dict)
    config: dict[str, Any] = field(default_factory=dict)

    @property
    def name(self) -> str:
        """The folder's name, for titles and menus."""
        return self.folder.name

    @property
    def vocab_size(self) -> int:
        """V, rows of E."""
        return self.E.shape[0]

    @property
    def d(self) -> int:
        """Width of E's rows."""
        return self.E.shape[1]

    @property
    def trained_length(self) -> int | None:
        """How many tokens the learned table numbers (rows past the family's offset), or None:
        RoPE, ALiBi and no positions take any length."""
        return None if self.P is None else int(self.P.shape[0]) - self.first_position_row

    def width(self, kind: str = "X") -> int:
        """Columns of X (``kind`` "X") or of X_model: E's width unless a projection changes it."""
        if kind == "X_model" and self.project_after is not None:
            return int(self.project_after[0].shape[0])
        if self.project_in is not None:
            return int(self.project_in.shape[0])
        return self.d

    def encode(self, text: str) -> Encoding:
        """Tokenize one sentence as the model would: its special tokens, no padding, no truncation."""
        encoding = self.tokenizer.encode(text)
        return Encoding(tuple(encoding.ids), tuple(encoding.tokens))

    def decode(self, ids: Sequence[int]) -> str:
        """The words of ``ids`` in their order, as the tokenizer writes them (special tokens left out:
        no text stands for them)."""
        return str(self.tokenizer.decode([int(i) for i in ids], skip_special_tokens=True))

    def token(self, token_id: int) -> str:
        """The text of one token id (its vocabulary entry)."""
        return self.tokenizer.id_to_token(int(token_id)) or f"[{token_id}]"

    def positions(self, ids: Sequence[int] | int) -> np.ndarray:
        """The position numbers the model gives the tokens; shape (n,), integers.

        Counted from 0 (``position_ids``), except where the family offsets its learned rows: OPT
        reads row t + 2, RoBERTa and XLM-RoBERTa row ``pad_token_id`` + 1 + t, a padding token
        row ``pad_token_id`` and it does not advance the count. ``ids`` may be a length.
        """
        n = ids if isinstance(ids, int) else len(ids)
        if self.spec.position_offset == "padding" and self.pad_id is not None and not isinstance(ids, int):
            real = np.asarray(ids, dtype=np.int64) != self.pad_id
            return np.where(real, np.cumsum(real) + self.pad_id, self.pad_id).astype(np.int64)
        return np.arange(n, dtype=np.int64) + self.first_position_row

    def E_rows(self, ids: Sequence[int]) -> np.ndarray:
        """E[ids], float64, shape (n, d)."""
        return self.E.rows(ids)

    def P_rows(self, ids: Sequence[int] | int) -> np.ndarray | None:
        """The rows of P the tokens get (by :meth:`positions`), shape (n, width), or None when the
        scheme adds nothing to X. ``ids`` may be a length (no padding tokens then).

        Raises
        ------
        PositionError
            Past the learned table's length.
        """
        if self.P is None:
            return None
        rows = self.positions(ids)
        if rows.size and rows.max() >= self.P.shape[0]:
            length = self.trained_length
            raise PositionError(f"{self.name} has {length} learned positions; a text of {rows.size} tokens "
                                f"reaches position {rows.size}, beyond the trained length")
        return np.array(self.P[rows])

    def token_vectors(self, ids: Sequence[int]) -> np.ndarray:
        """E[ids], projected to the model width first where the family does (OPT-350m's project_in)."""
        rows = self.E_rows(ids)
        return rows @ self.project_in.T if self.project_in is not None else rows

    def X(self, ids: Sequence[int]) -> np.ndarray:
        """The lesson's X: E[ids] + P[positions] (learned), E[ids] otherwise; float64, shape (n, width)."""
        vectors = self.token_vectors(ids)
        added = self.P_rows(ids)
        return vectors + added if added is not None else vectors

    def X_model(self, ids: Sequence[int]) -> np.ndarray:
        """What the first block receives; float64, shape (n, width("X_model")).

        BERT-like: LayerNorm(E[ids] + P + token_type[0]) with the config's eps (ELECTRA then
        × W_projᵀ + b). BLOOM: LayerNorm(E[ids]). Gemma: E[ids] · √d, with √d rounded to the
        table's dtype as the model does. Others: the lesson's X. Computed in float64: the model
        itself rounds each step to its dtype.
        """
        X = self.X(ids)
        if self.token_type_row is not None:
            X = X + self.token_type_row
        if self.norm is not None:
            weight, bias, eps = self.norm
            X = layer_norm(X, weight, bias, eps)
        if self.project_after is not None:
            weight, project_bias = self.project_after
            X = X @ weight.T + (project_bias if project_bias is not None else 0.0)
        if self.embed_scale is not None:
            X = X * self.embed_scale
        return X

    def x_model_description(self) -> str:
        """One line saying what X_model adds to X (English; the UI translates its own)."""
        if self.norm is not None and self.scheme == LEARNED:
            inside = "E[ids] + P + token type 0" if self.token_type_row is not None else "E[ids] + P"
            if self.project_after is not None:
                return f"LayerNorm({inside}) × W_projᵀ + b"
            return f"LayerNorm({inside})"
        if self.norm is not None:
            return "LayerNorm(E[ids])"
        if self.embed_scale is not None:
            return f"E[ids] × √{self.hidden or self.d}"
        return "the same as X"

    def summary(self, seq_len: int | None = None) -> dict[str, Any]:
        """The export's ``model`` object."""
        rope = None
        if self.rope is not None:
            rope = self.rope.summary(seq_len)
            if len(self.rope_by_layer_type) > 1:
                rope["by_layer_type"] = {name: {"theta": settings.theta(seq_len).tolist(),
                                                "attention_factor": settings.attention_factor,
                                                "base": settings.base}
                                         for name, settings in self.rope_by_layer_type.items()}
        return {
            "family": self.family,
            "scheme": self.scheme,
            "vocab_size": self.vocab_size,
            "d": self.d,
            "max_positions": self.max_positions,
            "tied": self.tied,
            "parameters": {"embedding": self.parameters_embedding, "total": self.parameters_total},
            "rope": rope,
            "alibi": None if self.alibi is None else self.alibi.summary(),
            "keys": dict(self.keys),
            "tensors": dict(self.tensor_names),
        }

    def export(self, text: str | Encoding) -> dict[str, Any]:
        """The toy export's keys for ``text`` plus ``X_model`` and ``model``.

        ``positions`` are the model's own numbers (see :meth:`positions`). ``text`` may be an
        :class:`Encoding` already made (tokens reordered in the window).

        Raises
        ------
        PositionError
            A text longer than a learned table.
        """
        encoding = text if isinstance(text, Encoding) else self.encode(text)
        ids = list(encoding.ids)
        added = self.P_rows(ids)
        return {
            "tokens": list(encoding.tokens),
            "ids": ids,
            "positions": self.positions(ids).tolist(),
            "scheme": self.scheme,
            "E_rows": self.E_rows(ids).tolist(),
            "P": None if added is None else added.tolist(),
            "X": self.X(ids).tolist(),
            "X_model": self.X_model(ids).tolist(),
            "model": self.summary(len(ids)),
        }


def open_checkpoint(folder: Path | str) -> Checkpoint:
    """Open a model folder: check everything, read the small tables, memory-map E.

    Raises
    ------
    CheckpointError
        With one line naming the problem: pickled weights only, missing files, a truncated or
        absurd file, a missing shard, tensors of the wrong rank or width, NaN or ±inf in a
        table, config values of the wrong type, an unknown or unsupported family or feature
        (and why), a tokenizer whose ids do not fit the table.
    """
    folder = Path(folder).expanduser()
    try:
        return _open(folder)
    except SafetensorsFileError as error:
        raise CheckpointError(str(error)) from None


def _family(config: ConfigReader) -> tuple[str, Family, ConfigReader]:
    """The config's model_type, the family read and the reader of its language model's keys."""
    family = config.raw.get("model_type")
    if isinstance(family, str) and family in UNSUPPORTED:
        raise CheckpointError(f"config.json: model family {family!r} is not supported: {UNSUPPORTED[family]}")
    if isinstance(family, str) and family in MULTIMODAL:
        config.note("model_type", family)
        text = config.nested("text_config")
        inner = text.raw.get("model_type", MULTIMODAL[family])
        if inner != MULTIMODAL[family]:
            raise CheckpointError(f"config.json: text_config.model_type is {inner!r}; a {family} model's language "
                                  f"model is {MULTIMODAL[family]!r}")
        return family, FAMILIES[MULTIMODAL[family]], text
    if not isinstance(family, str) or family not in FAMILIES:
        raise CheckpointError(f"config.json: unknown model family {family!r}; this app reads "
                              + ", ".join([*FAMILIES, *MULTIMODAL]))
    config.note("model_type", family)
    return family, FAMILIES[family], config


def _open(folder: Path) -> Checkpoint:
    if not folder.is_dir():
        raise CheckpointError(f"{folder} is not a folder")
    weight_files = _weight_files(folder)
    for required in ("config.json", "tokenizer.json"):
        if not (folder / required).is_file():
            raise CheckpointError(f"{folder.name} has no {required}; a model folder needs config.json, "
                                  "tokenizer.json and model.safetensors")
    top = ConfigReader(read_config(folder / "config.json"))
    family, spec, config = _family(top)
    entries: dict[str, TensorEntry] = {}
    for path in weight_files:
        entries.update(read_header(path))
    names = list(entries)

    def find(*suffixes: str) -> TensorEntry | None:
        for suffix in suffixes:
            # The language model's tensor, not a vision tower's: the shortest name that ends so.
            matches = sorted((n for n in names if (n == suffix or n.endswith("." + suffix)) and "vision" not in n),
                             key=len)
            if matches:
                return entries[matches[0]]
        return None

    token_entry = find(*spec.token_table)
    if token_entry is None:
        raise CheckpointError(f"{folder.name}: no token table ({spec.token_table[0]}) among the {len(names)} tensors")
    E = _table(token_entry)
    V, d = E.shape
    hidden = _hidden(config, spec, d)
    heads = config.first_integer(spec.heads_keys) or 0
    kv_heads = config.first_integer(("num_key_value_heads", "num_kv_heads")) or heads
    scheme = spec.scheme
    if spec.model_type == "falcon" and config.boolean("alibi", False):
        scheme = ALIBI
    if config.raw.get("position_embedding_type") not in (None, "absolute", "rope", "rotary"):
        kind = config.raw["position_embedding_type"]
        config.note("position_embedding_type", kind)
        if kind != "none":
            raise CheckpointError(f"config.json: position_embedding_type {kind!r} (relative position embeddings, "
                                  "a learned bias per distance inside attention) is not supported")
        scheme = "none"
    tensor_names = {"E": token_entry.name}
    embedding_parameters = token_entry.count
    P, max_positions, first_row, pad_id = None, None, 0, None
    if scheme == LEARNED:
        P, position_entry = _position_table(find, spec, folder, d if spec.project_in is None else hidden)
        tensor_names["P"] = position_entry.name
        embedding_parameters += position_entry.count
        if spec.position_offset == "opt":
            first_row = 2
        elif spec.position_offset == "padding":
            pad_id = config.index("pad_token_id") if config.has("pad_token_id") else 1
            first_row = pad_id + 1
        max_positions = config.first_integer(spec.positions_keys, int(P.shape[0]) - first_row)
    bad_row = E.first_nonfinite_row()
    if bad_row is not None:
        raise CheckpointError(f"{folder.name}: row {bad_row} of {token_entry.name} holds NaN or infinity")
    token_type_row = norm = None
    if scheme == LEARNED and spec.token_types is not None:
        types = find(spec.token_types)
        if types is not None:
            type_table = _table(types).read_all()
            if type_table.shape[1] != d:
                raise CheckpointError(f"{folder.name}: token types are {type_table.shape[1]} wide, E is {d}")
            _check_finite(type_table, types.name)
            token_type_row = type_table[0]
            tensor_names["token_type"] = types.name
            embedding_parameters += types.count
    if spec.embedding_norm and scheme in (LEARNED, ALIBI):
        norm = _embedding_norm(find, spec, config, folder, d, tensor_names)
    project_in = _projection(find, spec.project_in, d, hidden, folder, tensor_names, "project_in")
    project_after = None
    if spec.project_after is not None:
        weight = _projection(find, spec.project_after, d, None, folder, tensor_names, "project_after")
        if weight is not None:
            bias_entry = find(spec.project_after + ".bias")
            bias = read_small_tensor(bias_entry) if bias_entry is not None else None
            project_after = (weight, bias)
    rope: RopeSettings | None = None
    by_type: dict[str, RopeSettings] = {}
    layer_types: tuple[str, ...] = ()
    alibi: AlibiSettings | None = None
    if scheme == ROPE:
        max_positions = config.first_integer(spec.positions_keys, spec.max_positions_default)
        assert max_positions is not None
        by_type = read_rope(config, spec, hidden, max_positions)
        rope = by_type.get("full_attention", next(iter(by_type.values())))
        layer_types = _layer_types(config, spec)
        if len(by_type) == 1:
            by_type = {}
    elif scheme == ALIBI:
        if heads < 1:
            raise CheckpointError(f"config.json: {spec.heads_keys[0]!r} must be a positive whole number, got nothing")
        alibi = _alibi(spec, heads)
        max_positions = config.first_integer(spec.positions_keys)
    embed_scale = _gemma_normalizer(hidden, E.dtype) if spec.embed_scale else None
    tie = top.boolean("tie_word_embeddings", spec.tie_default)
    tied = find(*spec.output_layer) is None or tie
    tokenizer = _tokenizer(folder / "tokenizer.json", V)
    total = sum(entry.count for entry in entries.values() if entry.is_float)
    return Checkpoint(folder=folder, family=family, spec=spec, scheme=scheme, E=E, P=P, rope=rope, tied=tied,
                      parameters_embedding=embedding_parameters, parameters_total=total, keys=top.used,
                      tokenizer=tokenizer, max_positions=max_positions, token_type_row=token_type_row,
                      norm=norm, embed_scale=embed_scale, tensor_names=tensor_names, rope_by_layer_type=by_type,
                      layer_types=layer_types, alibi=alibi, first_position_row=first_row, pad_id=pad_id,
                      project_in=project_in, project_after=project_after, heads=heads, kv_heads=kv_heads,
                      hidden=hidden, entries=entries, config=config.raw)


def _hidden(config: ConfigReader, spec: Family, d: int) -> int:
    """The model width from the config, checked against E where E is that wide."""
    if spec.model_type == "electra":
        width = config.integer("embedding_size") if config.has("embedding_size") else 128
        if width != d:
            raise CheckpointError(f"config.json: embedding_size is {width} but E is {d} wide")
        return config.integer("hidden_size") if config.has("hidden_size") else 256
    if spec.model_type == "opt":
        hidden = config.integer("hidden_size") if config.has("hidden_size") else d
        width = config.integer("word_embed_proj_dim") if config.has("word_embed_proj_dim") else hidden
        if width != d:
            raise CheckpointError(f"config.json: word_embed_proj_dim is {width} but E is {d} wide")
        return hidden
    stated = config.first_integer(spec.hidden_keys)
    if stated is None:
        if spec.scheme == LEARNED:
            return d  # the width lives in the tables themselves
        raise CheckpointError(f"config.json: {spec.hidden_keys[0]!r} must be a positive whole number, got nothing")
    if stated != d:
        raise CheckpointError(f"config.json: {spec.hidden_keys[0]} is {stated} but E is {d} wide")
    return stated


def _position_table(find: Any, spec: Family, folder: Path, width: int) -> tuple[np.ndarray, TensorEntry]:
    entry = find(*spec.position_table)
    if entry is None:
        raise CheckpointError(f"{folder.name}: no position table ({spec.position_table[0]})")
    P = _table(entry).read_all()
    if P.shape[1] != width:
        raise CheckpointError(f"{folder.name}: E is {width} wide but P is {P.shape[0]} × {P.shape[1]}: "
                              "their widths differ")
    _check_finite(P, entry.name)
    P.flags.writeable = False
    return P, entry


def _embedding_norm(find: Any, spec: Family, config: ConfigReader, folder: Path, d: int,
                    tensor_names: dict[str, str]) -> tuple[np.ndarray, np.ndarray, float] | None:
    for weight_name, bias_name in spec.embedding_norm:
        weight_entry, bias_entry = find(weight_name), find(bias_name)
        if weight_entry is None or bias_entry is None:
            continue
        weight, bias = read_small_tensor(weight_entry), read_small_tensor(bias_entry)
        if weight.shape != (d,) or bias.shape != (d,):
            raise CheckpointError(f"{folder.name}: the embedding LayerNorm is not {d} wide")
        _check_finite(weight, weight_entry.name)
        _check_finite(bias, bias_entry.name)
        eps = config.first_number(spec.norm_eps_keys, spec.norm_eps_default)
        assert eps is not None
        tensor_names["LayerNorm"] = weight_entry.name
        return weight, bias, eps
    return None


def _projection(find: Any, suffix: str | None, d: int, hidden: int | None, folder: Path,
                tensor_names: dict[str, str], label: str) -> np.ndarray | None:
    """A small projection matrix (out × d) read whole, or None when the family or file has none."""
    if suffix is None:
        return None
    entry = find(suffix + ".weight")
    if entry is None:
        if hidden is not None and hidden != d:
            raise CheckpointError(f"{folder.name}: E is {d} wide, the model {hidden}, and no {suffix} maps one "
                                  "to the other")
        return None
    weight = read_small_tensor(entry)
    if weight.ndim != 2 or weight.shape[1] != d or (hidden is not None and weight.shape[0] != hidden):
        raise CheckpointError(f"{folder.name}: {entry.name} has shape {list(weight.shape)}, not fit for E of width {d}")
    _check_finite(weight, entry.name)
    tensor_names[label] = entry.name
    return weight


def _layer_types(config: ConfigReader, spec: Family) -> tuple[str, ...]:
    """Each layer's attention type, as the config lists it or (Gemma 3) as its pattern makes it."""
    raw = config.raw.get("layer_types")
    if isinstance(raw, list) and all(isinstance(item, str) for item in raw):
        config.note("layer_types", f"{len(raw)} layers")
        return tuple(raw)
    if spec.model_type != "gemma3_text":
        return ()
    layers = config.integer("num_hidden_layers") if config.has("num_hidden_layers") else 26
    pattern = config.integer("sliding_window_pattern") if config.has("sliding_window_pattern") else 6
    return tuple("sliding_attention" if (i + 1) % pattern else "full_attention" for i in range(layers))


def _alibi(spec: Family, heads: int) -> AlibiSettings:
    if spec.model_type == "mpt":
        # transformers' MptModel builds its bias with alibi_bias_max = 8, whatever attn_config says.
        return AlibiSettings(mpt_alibi_slopes(heads, 8.0).astype(np.float32).astype(np.float64), "mpt")
    slopes = bloom_alibi_slopes(heads)
    if spec.model_type == "falcon":
        import ml_dtypes

        # Falcon's build_alibi_tensor multiplies with slopes cast to bfloat16.
        slopes = slopes.astype(np.float32).astype(ml_dtypes.bfloat16).astype(np.float64)
        return AlibiSettings(slopes, "falcon")
    return AlibiSettings(slopes.astype(np.float32).astype(np.float64), "bloom")


def _gemma_normalizer(hidden: int, dtype: str) -> float:
    """√hidden as Gemma applies it: a constant in the checkpoint's own dtype (√2048 is 45.25 in BF16)."""
    import ml_dtypes

    kind = {"BF16": ml_dtypes.bfloat16, "F16": np.float16}.get(dtype, np.float32)
    return float(np.asarray(math.sqrt(hidden)).astype(kind))


def _weight_files(folder: Path) -> list[Path]:
    """The safetensors files of the checkpoint (one, or every shard the index names)."""
    index = folder / "model.safetensors.index.json"
    single = folder / "model.safetensors"
    if index.is_file():
        try:
            weight_map = json.loads(index.read_text(encoding="utf-8"))["weight_map"]
            files = sorted(set(weight_map.values()))
            if not files or not all(isinstance(name, str) and "/" not in name for name in files):
                raise TypeError
        except (OSError, UnicodeDecodeError, ValueError, KeyError, TypeError):
            raise CheckpointError(f"{folder.name}: model.safetensors.index.json has no usable weight_map") from None
        missing = [name for name in files if not (folder / name).is_file()]
        if missing:
            raise CheckpointError(f"{folder.name}: shard {missing[0]} is missing ({len(files)} shards listed)")
        return [folder / name for name in files]
    if single.is_file():
        return [single]
    pickled = sorted(p.name for p in folder.iterdir() if p.suffix.lower() in PICKLED_SUFFIXES)
    if pickled:
        raise CheckpointError(f"{folder.name} has only pickled weights ({pickled[0]}); this app never unpickles "
                              "files: convert them to model.safetensors first")
    raise CheckpointError(f"{folder.name} has no model.safetensors; a model folder needs config.json, "
                          "tokenizer.json and model.safetensors")


def _table(entry: TensorEntry) -> TensorTable:
    return TensorTable(entry)


def _check_finite(array: np.ndarray, name: str) -> None:
    if not np.all(np.isfinite(array)):
        row = int(np.flatnonzero(~np.isfinite(array).reshape(array.shape[0], -1).all(axis=1))[0])
        raise CheckpointError(f"{name} holds NaN or infinity (row {row})")


def _tokenizer(path: Path, V: int) -> Tokenizer:
    try:
        tokenizer = Tokenizer.from_file(str(path))
    except Exception as error:  # the library raises a bare Exception for a malformed file
        raise CheckpointError(f"{path.parent.name}: tokenizer.json cannot be read: {str(error)[:120]}") from None
    # One sentence exactly as the model sees it: batch padding and truncation do not belong here.
    tokenizer.no_padding()
    tokenizer.no_truncation()
    vocabulary = tokenizer.get_vocab(with_added_tokens=True)
    largest = max(vocabulary.values(), default=-1)
    if largest >= V:
        token = next(t for t, i in vocabulary.items() if i == largest)
        raise CheckpointError(f"{path.parent.name}: the tokenizer has id {largest} ({token!r}) but E has only "
                              f"{V} rows")
    return tokenizer
