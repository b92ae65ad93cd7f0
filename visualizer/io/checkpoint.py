"""Hugging Face-style model folders: the real E, P and RoPE frequencies of a checkpoint. No Qt.

A folder holds ``config.json``, ``tokenizer.json`` and ``model.safetensors`` (or shards
``model-0000k-of-0000n.safetensors`` listed by ``model.safetensors.index.json``). Only the
embedding tensors are read, and only the rows a sentence needs; everything else is counted from
the file headers. Pickled weights (``.bin``, ``.pt``, ``.pth``, ``.ckpt``) are never opened.

Two X's are built for a sentence. ``X`` is the lesson's formula: E[ids] + P under learned
positions, E[ids] under RoPE or no positions. ``X_model`` is what the first block receives:
BERT adds token-type row 0 and applies its embedding LayerNorm; Gemma multiplies by √d.
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

from ..core import PositionError
from ..core.rope_scaling import rope_default, rope_dynamic, rope_linear, rope_llama3, rope_longrope, rope_yarn
from ..core.tables import layer_norm
from .safetensors_files import SafetensorsFileError, TensorEntry, TensorTable, read_header, read_small_tensor

PICKLED_SUFFIXES = (".bin", ".pt", ".pth", ".ckpt")

LEARNED_FAMILIES = ("gpt2", "bert")
ROPE_FAMILIES = ("llama", "mistral", "mixtral", "qwen2", "qwen3", "phi", "phi3", "gemma", "gemma2", "gemma3_text")
FAMILIES = LEARNED_FAMILIES + ROPE_FAMILIES
GEMMA_FAMILIES = ("gemma", "gemma2", "gemma3_text")

# Tensor names by family, matched whatever comes before them (transformer., bert., model., …).
_TOKEN_TABLES = {"gpt2": "wte.weight", "bert": "embeddings.word_embeddings.weight"}
_POSITION_TABLES = {"gpt2": "wpe.weight", "bert": "embeddings.position_embeddings.weight"}
_ROPE_TOKEN_TABLE = "embed_tokens.weight"
_BERT_TYPES = "embeddings.token_type_embeddings.weight"
_BERT_NORM = (("embeddings.LayerNorm.weight", "embeddings.LayerNorm.bias"),
              ("embeddings.LayerNorm.gamma", "embeddings.LayerNorm.beta"))
_OUTPUT_LAYER = "lm_head.weight"


class CheckpointError(ValueError):
    """A model folder this app cannot show; the message is one line naming the problem."""


@dataclass(frozen=True)
class RopeSettings:
    """How a RoPE checkpoint turns its pairs.

    Attributes
    ----------
    base : float
        ``rope_theta``.
    scaling : str or None
        The ``rope_scaling`` type (linear, dynamic, yarn, llama3, longrope) or None.
    parameters : dict
        The scaling's numbers as read from the config (factor, original_max_position_embeddings, …).
    head_dim : int
        Width of one attention head.
    rotary_dim : int
        How many of its dimensions are rotated (head_dim × partial rotary factor).
    max_positions : int
        ``max_position_embeddings`` (dynamic and longrope switch on the text's length against it).
    """

    base: float
    scaling: str | None
    parameters: dict[str, Any]
    head_dim: int
    rotary_dim: int
    max_positions: int

    def theta(self, seq_len: int | None = None) -> np.ndarray:
        """θ_i the model uses for a sequence of ``seq_len`` tokens; shape (rotary_dim // 2,)."""
        p, dim, base = self.parameters, self.rotary_dim, self.base
        original = int(p.get("original_max_position_embeddings", self.max_positions))
        if self.scaling is None:
            return rope_default(dim, base)
        if self.scaling == "linear":
            return rope_linear(dim, base, p["factor"])
        if self.scaling == "dynamic":
            return rope_dynamic(dim, base, p["factor"], self.max_positions, seq_len)
        if self.scaling == "yarn":
            return rope_yarn(dim, base, p["factor"], original, p.get("beta_fast", 32.0), p.get("beta_slow", 1.0),
                             p.get("truncate", True))
        if self.scaling == "llama3":
            return rope_llama3(dim, base, p["factor"], p["low_freq_factor"], p["high_freq_factor"], original)
        return rope_longrope(dim, base, p["short_factor"], p["long_factor"], original, seq_len)

    def summary(self, seq_len: int | None = None) -> dict[str, Any]:
        """The export's ``model.rope``: base, scaling, head_dim, rotary_dim, theta."""
        scaling = None if self.scaling is None else {"type": self.scaling, **self.parameters}
        return {"base": self.base, "scaling": scaling,
                "head_dim": self.head_dim, "rotary_dim": self.rotary_dim, "theta": self.theta(seq_len).tolist()}


@dataclass(frozen=True)
class Encoding:
    """A sentence as the model sees it: ids (special tokens included) and their token texts."""

    ids: tuple[int, ...]
    tokens: tuple[str, ...]


class _Config:
    """config.json with typed look-ups that remember which keys were used."""

    def __init__(self, raw: dict[str, Any]) -> None:
        self.raw = raw
        self.used: dict[str, Any] = {}

    def has(self, key: str) -> bool:
        return self.raw.get(key) is not None

    def number(self, key: str, where: dict[str, Any] | None = None, prefix: str = "") -> float:
        value = (self.raw if where is None else where).get(key)
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
            raise CheckpointError(f"config.json: {prefix + key!r} must be a number, got {_kind(value)}")
        self.used[prefix + key] = value
        return float(value)

    def integer(self, key: str, where: dict[str, Any] | None = None, prefix: str = "") -> int:
        value = (self.raw if where is None else where).get(key)
        if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
            raise CheckpointError(f"config.json: {prefix + key!r} must be a positive whole number, got {_kind(value)}")
        self.used[prefix + key] = value
        return value

    def first_integer(self, *keys: str) -> int | None:
        for key in keys:
            if key in self.raw and self.raw[key] is not None:
                return self.integer(key)
        return None


def _kind(value: object) -> str:
    return "nothing" if value is None else f"{type(value).__name__} {value!r}"[:60]


@dataclass
class Checkpoint:
    """A model folder opened for the lesson: its real tables, scheme and tokenizer.

    Attributes
    ----------
    folder : Path
    family : str
        ``model_type`` from the config (gpt2, bert, llama, qwen2, phi, gemma, …).
    scheme : str
        ``learned``, ``rope`` or ``none``: what the checkpoint does with positions.
    E : TensorTable
        The token table, shape (V, d), read row by row.
    P : ndarray, shape (T, d), or None
        The learned position table (float64, read-only), None for other schemes.
    rope : RopeSettings or None
    tied : bool
        True when the output layer reuses E (no separate lm_head.weight, or tie_word_embeddings).
    parameters_embedding, parameters_total : int
        Parameters in the embedding tables (E, P, token types) and in the whole file(s), from shapes.
    keys : dict
        The config keys this reading used, with their values.
    """

    folder: Path
    family: str
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
        """Model width, columns of E."""
        return self.E.shape[1]

    @property
    def trained_length(self) -> int | None:
        """Rows of the learned table P, or None: RoPE and no positions take any length."""
        return None if self.P is None else int(self.P.shape[0])

    def encode(self, text: str) -> Encoding:
        """Tokenize one sentence as the model would: its special tokens, no padding, no truncation."""
        encoding = self.tokenizer.encode(text)
        return Encoding(tuple(encoding.ids), tuple(encoding.tokens))

    def token(self, token_id: int) -> str:
        """The text of one token id (its vocabulary entry)."""
        return self.tokenizer.id_to_token(int(token_id)) or f"[{token_id}]"

    def E_rows(self, ids: Sequence[int]) -> np.ndarray:
        """E[ids], float64, shape (n, d)."""
        return self.E.rows(ids)

    def P_rows(self, n: int) -> np.ndarray | None:
        """P_1 .. P_n, shape (n, d), or None when the scheme adds nothing to X.

        Raises
        ------
        PositionError
            Past the learned table's length.
        """
        if self.P is None:
            return None
        if n > self.P.shape[0]:
            raise PositionError(f"{self.name} has {self.P.shape[0]} learned positions; a text of {n} tokens "
                                f"reaches position {n}, beyond the trained length")
        return np.array(self.P[:n])

    def X(self, ids: Sequence[int]) -> np.ndarray:
        """The lesson's X: E[ids] + P (learned), E[ids] (RoPE, none); float64, shape (n, d)."""
        E_rows = self.E_rows(ids)
        added = self.P_rows(len(E_rows))
        return E_rows + added if added is not None else E_rows

    def X_model(self, ids: Sequence[int]) -> np.ndarray:
        """What the first block receives; float64, shape (n, d).

        BERT: LayerNorm(E[ids] + P + token_type[0]) with the config's eps. Gemma: E[ids] · √d, with
        √d rounded to the table's dtype as the model does. Others: the lesson's X. Computed in
        float64: the model itself rounds each step to its dtype.
        """
        X = self.X(ids)
        if self.token_type_row is not None:
            X = X + self.token_type_row
        if self.norm is not None:
            weight, bias, eps = self.norm
            X = layer_norm(X, weight, bias, eps)
        if self.embed_scale is not None:
            X = X * self.embed_scale
        return X

    def x_model_description(self) -> str:
        """One line saying what X_model adds to X (English; the UI translates its own)."""
        if self.norm is not None:
            return "LayerNorm(E[ids] + P + token type 0)"
        if self.embed_scale is not None:
            return f"E[ids] × √{self.d}"
        return "the same as X"

    def summary(self, seq_len: int | None = None) -> dict[str, Any]:
        """The export's ``model`` object."""
        return {
            "family": self.family,
            "scheme": self.scheme,
            "vocab_size": self.vocab_size,
            "d": self.d,
            "max_positions": self.max_positions,
            "tied": self.tied,
            "parameters": {"embedding": self.parameters_embedding, "total": self.parameters_total},
            "rope": None if self.rope is None else self.rope.summary(seq_len),
            "keys": dict(self.keys),
            "tensors": dict(self.tensor_names),
        }

    def export(self, text: str | Encoding) -> dict[str, Any]:
        """The toy export's keys for ``text`` plus ``X_model`` and ``model``.

        ``text`` may be an :class:`Encoding` already made (tokens reordered in the window).

        Raises
        ------
        PositionError
            A text longer than a learned table.
        """
        encoding = text if isinstance(text, Encoding) else self.encode(text)
        ids = list(encoding.ids)
        added = self.P_rows(len(ids))
        E_rows = self.E_rows(ids)
        return {
            "tokens": list(encoding.tokens),
            "ids": ids,
            "positions": list(range(1, len(ids) + 1)),
            "scheme": self.scheme,
            "E_rows": E_rows.tolist(),
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
        table, config values of the wrong type, an unknown family, a tokenizer whose ids do
        not fit the table.
    """
    folder = Path(folder).expanduser()
    try:
        return _open(folder)
    except SafetensorsFileError as error:
        raise CheckpointError(str(error)) from None


def _open(folder: Path) -> Checkpoint:
    if not folder.is_dir():
        raise CheckpointError(f"{folder} is not a folder")
    weight_files = _weight_files(folder)
    for required in ("config.json", "tokenizer.json"):
        if not (folder / required).is_file():
            raise CheckpointError(f"{folder.name} has no {required}; a model folder needs config.json, "
                                  "tokenizer.json and model.safetensors")
    config = _Config(_read_config(folder / "config.json"))
    family = config.raw.get("model_type")
    if not isinstance(family, str) or family not in FAMILIES:
        raise CheckpointError(f"config.json: unknown model family {family!r}; this app reads "
                              + ", ".join(FAMILIES))
    config.used["model_type"] = family
    entries: dict[str, TensorEntry] = {}
    for path in weight_files:
        entries.update(read_header(path))
    names = list(entries)

    def find(suffix: str) -> TensorEntry | None:
        matches = sorted((n for n in names if n == suffix or n.endswith("." + suffix)), key=len)
        return entries[matches[0]] if matches else None

    token_suffix = _TOKEN_TABLES.get(family, _ROPE_TOKEN_TABLE)
    token_entry = find(token_suffix)
    if token_entry is None:
        raise CheckpointError(f"{folder.name}: no token table ({token_suffix}) among the {len(names)} tensors")
    E = _table(token_entry)
    V, d = E.shape
    scheme = "rope" if family in ROPE_FAMILIES else "learned"
    if config.raw.get("position_embedding_type") == "none":
        scheme = "none"
        config.used["position_embedding_type"] = "none"
    tensor_names = {"E": token_entry.name}
    P: np.ndarray | None = None
    max_positions: int | None = None
    embedding_parameters = token_entry.count
    if scheme == "learned":
        max_positions = config.first_integer("n_positions", "max_position_embeddings")
        position_entry = find(_POSITION_TABLES[family])
        if position_entry is None:
            raise CheckpointError(f"{folder.name}: no position table ({_POSITION_TABLES[family]})")
        P = _table(position_entry).read_all()
        if P.shape[1] != d:
            raise CheckpointError(f"{folder.name}: E is {V} × {d} but P is {P.shape[0]} × {P.shape[1]}: "
                                  "their widths differ")
        _check_finite(P, position_entry.name)
        P.flags.writeable = False
        tensor_names["P"] = position_entry.name
        embedding_parameters += position_entry.count
        if max_positions is None:
            max_positions = int(P.shape[0])
    bad_row = E.first_nonfinite_row()
    if bad_row is not None:
        raise CheckpointError(f"{folder.name}: row {bad_row} of {token_entry.name} holds NaN or infinity")
    token_type_row = norm = None
    if family == "bert":
        types = find(_BERT_TYPES)
        if types is not None:
            type_table = _table(types).read_all()
            if type_table.shape[1] != d:
                raise CheckpointError(f"{folder.name}: token types are {type_table.shape[1]} wide, E is {d}")
            _check_finite(type_table, types.name)
            token_type_row = type_table[0]
            tensor_names["token_type"] = types.name
            embedding_parameters += types.count
        for weight_name, bias_name in _BERT_NORM:
            weight_entry, bias_entry = find(weight_name), find(bias_name)
            if weight_entry is not None and bias_entry is not None:
                weight, bias = read_small_tensor(weight_entry), read_small_tensor(bias_entry)
                if weight.shape != (d,) or bias.shape != (d,):
                    raise CheckpointError(f"{folder.name}: the embedding LayerNorm is not {d} wide")
                _check_finite(weight, weight_entry.name)
                _check_finite(bias, bias_entry.name)
                eps = config.number("layer_norm_eps") if config.has("layer_norm_eps") else 1e-12
                norm = (weight, bias, eps)
                tensor_names["LayerNorm"] = weight_entry.name
                break
    rope = _rope_settings(config, d) if scheme == "rope" else None
    if scheme == "rope":
        max_positions = config.first_integer("max_position_embeddings")
    embed_scale = _gemma_normalizer(config.integer("hidden_size"), E.dtype) if family in GEMMA_FAMILIES else None
    if "tie_word_embeddings" in config.raw:
        value = config.raw["tie_word_embeddings"]
        if not isinstance(value, bool):
            raise CheckpointError(f"config.json: 'tie_word_embeddings' must be true or false, got {_kind(value)}")
        config.used["tie_word_embeddings"] = value
    tied = find(_OUTPUT_LAYER) is None or config.raw.get("tie_word_embeddings") is True
    tokenizer = _tokenizer(folder / "tokenizer.json", V)
    total = sum(entry.count for entry in entries.values() if entry.is_float)
    return Checkpoint(folder=folder, family=family, scheme=scheme, E=E, P=P, rope=rope, tied=tied,
                      parameters_embedding=embedding_parameters, parameters_total=total, keys=config.used,
                      tokenizer=tokenizer, max_positions=max_positions, token_type_row=token_type_row,
                      norm=norm, embed_scale=embed_scale, tensor_names=tensor_names)


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


def _read_config(path: Path) -> dict[str, Any]:
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError):
        raise CheckpointError(f"{path.parent.name}: config.json is not valid JSON") from None
    if not isinstance(raw, dict):
        raise CheckpointError(f"{path.parent.name}: config.json is not a JSON object")
    return raw


def _table(entry: TensorEntry) -> TensorTable:
    return TensorTable(entry)


def _check_finite(array: np.ndarray, name: str) -> None:
    if not np.all(np.isfinite(array)):
        row = int(np.flatnonzero(~np.isfinite(array).reshape(array.shape[0], -1).all(axis=1))[0])
        raise CheckpointError(f"{name} holds NaN or infinity (row {row})")


def _rope_settings(config: _Config, d: int) -> RopeSettings:
    """RoPE's base, head and rotary widths and scaling from the config, noting the keys used."""
    nested = config.raw.get("rope_parameters")
    if nested is not None and not isinstance(nested, dict):
        raise CheckpointError(f"config.json: 'rope_parameters' must be an object, got {_kind(nested)}")
    if nested and "rope_theta" in nested:
        base = config.number("rope_theta", nested, "rope_parameters.")
    elif config.has("rope_theta"):
        base = config.number("rope_theta")
    else:
        base = 10_000.0  # the RoPE paper's base, which transformers also assumes
    if base <= 1:
        raise CheckpointError(f"config.json: rope_theta must be above 1, got {base}")
    hidden = config.integer("hidden_size")
    if hidden != d:
        raise CheckpointError(f"config.json: hidden_size is {hidden} but E is {d} wide")
    if config.has("head_dim"):
        head_dim = config.integer("head_dim")  # an explicit head_dim wins (Qwen3, Gemma)
    else:
        head_dim = hidden // config.integer("num_attention_heads")
    share = 1.0
    for key in ("partial_rotary_factor", "rotary_pct"):
        where = nested if nested and key in nested else config.raw
        if where.get(key) is not None:
            share = config.number(key, where, "rope_parameters." if where is nested else "")
            break
    if not 0 < share <= 1:
        raise CheckpointError(f"config.json: the rotary share must be in (0, 1], got {share}")
    rotary_dim = int(head_dim * share)
    rotary_dim -= rotary_dim % 2
    if rotary_dim < 2:
        raise CheckpointError(f"config.json: a rotary width of {rotary_dim} leaves no pair to turn")
    max_positions = config.integer("max_position_embeddings") if config.has("max_position_embeddings") else 2048
    scaling, parameters = _rope_scaling(config, nested)
    settings = RopeSettings(base, scaling, parameters, head_dim, rotary_dim, max_positions)
    try:
        settings.theta()
    except (KeyError, ValueError, TypeError) as error:
        raise CheckpointError(f"config.json: rope scaling {scaling!r} is incomplete or wrong: {error}") from None
    return settings


_SCALING_NUMBERS = {
    "linear": ("factor",),
    "dynamic": ("factor",),
    "yarn": ("factor", "beta_fast", "beta_slow", "original_max_position_embeddings", "mscale", "mscale_all_dim",
             "attention_factor"),
    "llama3": ("factor", "low_freq_factor", "high_freq_factor", "original_max_position_embeddings"),
    "longrope": ("factor", "original_max_position_embeddings", "attention_factor"),
}
_REQUIRED = {"linear": ("factor",), "dynamic": ("factor",), "yarn": ("factor",),
             "llama3": ("factor", "low_freq_factor", "high_freq_factor", "original_max_position_embeddings"),
             "longrope": ()}


def _rope_scaling(config: _Config, nested: dict[str, Any] | None) -> tuple[str | None, dict[str, Any]]:
    source_key = "rope_scaling"
    source = config.raw.get("rope_scaling")
    if source is None and nested:
        source_key, source = "rope_parameters", nested
    if source is None:
        return None, {}
    if not isinstance(source, dict):
        raise CheckpointError(f"config.json: {source_key!r} must be an object, got {_kind(source)}")
    type_key = "rope_type" if "rope_type" in source else "type"
    kind = source.get(type_key)
    if kind in (None, "default"):
        return None, {}
    if kind not in _SCALING_NUMBERS:
        raise CheckpointError(f"config.json: unknown {source_key}.{type_key} {kind!r}; this app knows "
                              + ", ".join(_SCALING_NUMBERS))
    config.used[f"{source_key}.{type_key}"] = kind
    prefix = source_key + "."
    parameters: dict[str, Any] = {}
    for key in _SCALING_NUMBERS[kind]:
        if source.get(key) is not None or key in _REQUIRED[kind]:
            parameters[key] = config.number(key, source, prefix)
    if "original_max_position_embeddings" not in parameters and config.has("original_max_position_embeddings"):
        # Phi-3 keeps the trained context at the top of the config, not inside rope_scaling.
        parameters["original_max_position_embeddings"] = config.integer("original_max_position_embeddings")
    if "original_max_position_embeddings" in parameters:
        parameters["original_max_position_embeddings"] = int(parameters["original_max_position_embeddings"])
    if kind == "yarn" and "truncate" in source:
        if not isinstance(source["truncate"], bool):
            raise CheckpointError(f"config.json: '{prefix}truncate' must be true or false")
        parameters["truncate"] = config.used[prefix + "truncate"] = source["truncate"]
    if kind == "longrope":
        for key in ("short_factor", "long_factor"):
            values = source.get(key)
            if not isinstance(values, list) or not all(
                    isinstance(v, (int, float)) and not isinstance(v, bool) for v in values):
                raise CheckpointError(f"config.json: '{prefix}{key}' must be a list of numbers")
            parameters[key] = [float(v) for v in values]
            config.used[prefix + key] = f"{len(values)} numbers"
    return kind, parameters


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
