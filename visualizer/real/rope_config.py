"""A RoPE checkpoint's frequencies from its config, in both forms transformers reads. No Qt.

transformers 5 keeps RoPE under ``rope_parameters`` (``rope_type``, ``rope_theta``, the scaling's
numbers; per layer type for Gemma 3: ``{"full_attention": {...}, "sliding_attention": {...}}``);
older configs have ``rope_theta`` and ``rope_scaling`` at the top (Gemma 3 also
``rope_local_base_freq``). Where a key is missing, transformers' default is used, as
``RotaryEmbeddingConfigMixin.convert_rope_params_to_dict`` and ``standardize_rope_params`` in
``src/transformers/modeling_rope_utils.py`` fill them in (a family's own
``configuration_<family>.py`` may override them: GPT-NeoX, Phi-3, Gemma 3).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from visualizer.core.rope_scaling import (
    longrope_attention_factor,
    rope_default,
    rope_dynamic,
    rope_linear,
    rope_llama3,
    rope_longrope,
    rope_yarn,
    yarn_attention_factor,
)
from visualizer.real.config_json import CheckpointError, ConfigReader, kind_of
from visualizer.real.families import HALVES, Family

SCALING_TYPES = ("linear", "dynamic", "yarn", "llama3", "longrope")
"""``rope_type`` values that change θ (``default`` does not)."""

_SCALING_NUMBERS = {
    "linear": ("factor",),
    "dynamic": ("factor",),
    "yarn": ("factor", "beta_fast", "beta_slow", "mscale", "mscale_all_dim", "attention_factor"),
    "llama3": ("factor", "low_freq_factor", "high_freq_factor"),
    "longrope": ("factor", "attention_factor"),
}
_REQUIRED = {"linear": ("factor",), "dynamic": ("factor",), "yarn": ("factor",),
             "llama3": ("factor", "low_freq_factor", "high_freq_factor"), "longrope": ()}
_WITH_ORIGINAL = ("yarn", "llama3", "longrope")

LAYER_TYPE_NAMES = ("full_attention", "sliding_attention")


@dataclass(frozen=True)
class RopeSettings:
    """How a RoPE checkpoint turns its pairs (one layer type's, when they differ).

    Attributes
    ----------
    base : float
        ``rope_theta``.
    scaling : str or None
        The ``rope_type`` that changes θ (linear, dynamic, yarn, llama3, longrope) or None.
    parameters : dict
        The scaling's numbers, transformers' defaults filled in (factor,
        original_max_position_embeddings, …).
    head_dim : int
        Width of one attention head (the part RoPE sees: DeepSeek's ``qk_rope_head_dim``).
    rotary_dim : int
        How many of its dimensions are rotated (head_dim × partial rotary factor).
    max_positions : int
        ``max_position_embeddings`` (dynamic NTK switches on the text's length against it).
    pairing : str
        ``halves`` (dimension j with j + rotary_dim/2, transformers' ``rotate_half``) or
        ``interleaved`` (2i with 2i + 1).
    rotated_from : int
        First rotated dimension of the head as q and k hold it (DeepSeek rotates the last part).
    query_width : int
        Width of a q head (DeepSeek: nope + rope dimensions); equal to ``head_dim`` elsewhere.
    """

    base: float
    scaling: str | None
    parameters: dict[str, Any]
    head_dim: int
    rotary_dim: int
    max_positions: int
    pairing: str = HALVES
    rotated_from: int = 0
    query_width: int = 0

    @property
    def original_max_positions(self) -> int:
        """The trained context the scaling starts from (``original_max_position_embeddings``)."""
        return int(self.parameters.get("original_max_position_embeddings", self.max_positions))

    def theta(self, seq_len: int | None = None) -> np.ndarray:
        """θ_i the model uses for a sequence of ``seq_len`` tokens; shape (rotary_dim // 2,)."""
        p, dim, base = self.parameters, self.rotary_dim, self.base
        if self.scaling is None:
            return rope_default(dim, base)
        if self.scaling == "linear":
            return rope_linear(dim, base, p["factor"])
        if self.scaling == "dynamic":
            return rope_dynamic(dim, base, p["factor"], self.max_positions, seq_len)
        if self.scaling == "yarn":
            return rope_yarn(dim, base, p["factor"], self.original_max_positions, p.get("beta_fast") or 32.0,
                             p.get("beta_slow") or 1.0, p.get("truncate", True))
        if self.scaling == "llama3":
            return rope_llama3(dim, base, p["factor"], p["low_freq_factor"], p["high_freq_factor"],
                               self.original_max_positions)
        return rope_longrope(dim, base, p["short_factor"], p["long_factor"], self.original_max_positions, seq_len)

    def trained_theta(self) -> np.ndarray:
        """θ_i before any scaling: base^(−2i / rotary_dim); shape (rotary_dim // 2,)."""
        return rope_default(self.rotary_dim, self.base)

    @property
    def attention_factor(self) -> float:
        """transformers' ``attention_scaling``: cos and sin are multiplied by it (so q·k by its square).

        1 except for YaRN (0.1 ln s + 1, or DeepSeek's mscale ratio) and LongRoPE
        (√(1 + ln s / ln L)), unless the config gives ``attention_factor`` itself.
        """
        p = self.parameters
        if self.scaling not in ("yarn", "longrope"):
            return 1.0
        if p.get("attention_factor") is not None:
            return float(p["attention_factor"])
        if self.scaling == "yarn":
            return yarn_attention_factor(p["factor"], p.get("mscale"), p.get("mscale_all_dim"))
        factor = p.get("factor") or self.max_positions / self.original_max_positions
        return longrope_attention_factor(factor, self.original_max_positions)

    def pairs(self) -> np.ndarray:
        """The two dimensions of each pair, as q and k hold them within a head; shape (rotary_dim // 2, 2)."""
        half = self.rotary_dim // 2
        i = np.arange(half)
        first, second = (i, i + half) if self.pairing == HALVES else (2 * i, 2 * i + 1)
        return np.stack([first, second], axis=1) + self.rotated_from

    def summary(self, seq_len: int | None = None) -> dict[str, Any]:
        """The export's ``model.rope`` (or one entry of ``by_layer_type``)."""
        scaling = None if self.scaling is None else {"type": self.scaling, **self.parameters}
        return {"base": self.base, "theta": self.theta(seq_len).tolist(), "attention_factor": self.attention_factor,
                "pairing": self.pairing, "scaling": scaling, "head_dim": self.head_dim,
                "rotary_dim": self.rotary_dim, "rotated_dims": [self.rotated_from, self.rotated_from + self.rotary_dim]}


def read_rope(config: ConfigReader, family: Family, hidden: int, max_positions: int) -> dict[str, RopeSettings]:
    """RoPE settings by layer type (``{"all": …}`` when every layer turns the same way).

    Raises
    ------
    CheckpointError
        A value of the wrong type, an unknown or unsupported ``rope_type`` (M-RoPE), a scaling
        without its numbers, an odd rotary width.
    """
    if family.model_type == "gemma3_text":
        return _read_gemma3(config, family, hidden, max_positions)
    head_dim, query_width, rotated_from = _head(config, family, hidden)
    if family.model_type == "gptj":
        # GPT-J's own code (create_sinusoidal_positions) uses base 10000 on rotary_dim dimensions and
        # reads no rope_theta or rope_scaling.
        rotary_dim = config.integer("rotary_dim") if config.has("rotary_dim") else 64
        return {"all": _settings(10_000.0, None, {}, head_dim, rotary_dim, max_positions, family.pairing)}
    source_key, source = _rope_dict(config)
    theta = _theta(config, family, source, source_key)
    share = _share(config, family, source, source_key)
    rotary_dim = int(head_dim * share)
    pairing = family.pairing
    if family.model_type == "deepseek_v3" and not config.boolean("rope_interleave", True):
        pairing = HALVES
    kind, numbers = _scaling(config, family, source, source_key, max_positions)
    return {"all": _settings(theta, kind, numbers, head_dim, rotary_dim, max_positions, pairing, rotated_from,
                             query_width)}


def _settings(theta: float, kind: str | None, numbers: dict[str, Any], head_dim: int, rotary_dim: int,
              max_positions: int, pairing: str, rotated_from: int = 0, query_width: int = 0) -> RopeSettings:
    if rotary_dim % 2:
        raise CheckpointError(f"config.json: an odd rotary width ({rotary_dim} of a head of {head_dim}) is not "
                              "supported: RoPE turns dimensions in pairs")
    if rotary_dim < 2:
        raise CheckpointError(f"config.json: a rotary width of {rotary_dim} leaves no pair to turn")
    if not theta > 1:
        raise CheckpointError(f"config.json: rope_theta must be above 1, got {theta}")
    settings = RopeSettings(theta, kind, numbers, head_dim, rotary_dim, max_positions, pairing, rotated_from,
                            query_width or head_dim)
    try:
        settings.theta()
        settings.theta(settings.original_max_positions + 1)
        _ = settings.attention_factor
    except (KeyError, ValueError, TypeError, ZeroDivisionError) as error:
        raise CheckpointError(f"config.json: rope scaling {kind!r} is incomplete or wrong: {error}") from None
    return settings


def _rope_dict(config: ConfigReader) -> tuple[str, dict[str, Any]]:
    """transformers' ``rope_scaling or rope_parameters or {}``, with the key it came from."""
    for key in ("rope_scaling", "rope_parameters"):
        value = config.raw.get(key)
        if value is None or value == {}:
            continue
        if not isinstance(value, dict):
            raise CheckpointError(f"config.json: {config.prefix + key!r} must be an object, got {kind_of(value)}")
        return key, value
    return "rope_parameters", {}


def _theta(config: ConfigReader, family: Family, parameters: dict[str, Any], source_key: str) -> float:
    if parameters.get("rope_theta") is not None:
        return config.number("rope_theta", parameters, source_key + ".")
    value = config.first_number(family.theta_keys)
    return family.theta_default if value is None else value


def _share(config: ConfigReader, family: Family, parameters: dict[str, Any], source_key: str) -> float:
    if parameters.get("partial_rotary_factor") is not None:
        share = config.number("partial_rotary_factor", parameters, source_key + ".")
    else:
        value = config.first_number(family.share_keys)
        share = family.share_default if value is None else value
    if not 0 < share <= 1:
        raise CheckpointError(f"config.json: the rotary share must be in (0, 1], got {share}")
    return share


def _head(config: ConfigReader, family: Family, hidden: int) -> tuple[int, int, int]:
    """(head_dim RoPE sees, width of a q head, first rotated dimension)."""
    if family.model_type == "deepseek_v3":
        rope = config.integer("qk_rope_head_dim") if config.has("qk_rope_head_dim") else 64
        nope = config.integer("qk_nope_head_dim") if config.has("qk_nope_head_dim") else 128
        return rope, nope + rope, nope
    heads = config.first_integer(family.heads_keys)
    if config.has("head_dim") and family.model_type not in ("falcon", "gptj", "gpt_neox"):
        return config.integer("head_dim"), config.integer("head_dim"), 0  # an explicit head_dim wins (Qwen3, Gemma)
    if heads is None:
        raise CheckpointError(f"config.json: {family.heads_keys[0]!r} must be a positive whole number, got nothing")
    return hidden // heads, hidden // heads, 0


def _scaling(config: ConfigReader, family: Family, source: dict[str, Any], source_key: str,
             max_positions: int) -> tuple[str | None, dict[str, Any]]:
    """The rope type and its numbers, with transformers' defaults filled in."""
    if not source:
        return None, {}
    prefix = source_key + "."
    if source.get("mrope_section") is not None:
        raise CheckpointError(f"config.json: {config.prefix}{prefix}mrope_section asks for multimodal M-RoPE "
                              "(separate rotary sections for time, height and width), which this app does not show")
    type_key = "rope_type" if source.get("rope_type") is not None else "type"
    kind = source.get(type_key, "default")
    if family.model_type == "phi3" and kind in ("su", "yarn"):
        kind = "longrope"  # Phi3Config renames the types of its earlier releases
    if kind in (None, "default"):
        return None, {}
    if kind == "mrope":
        raise CheckpointError(f"config.json: {config.prefix}{prefix}{type_key} 'mrope' asks for multimodal M-RoPE, "
                              "which this app does not show")
    if kind not in SCALING_TYPES:
        raise CheckpointError(f"config.json: unknown {config.prefix}{prefix}{type_key} {kind!r}; this app knows "
                              "default, " + ", ".join(SCALING_TYPES))
    config.note(prefix + type_key, kind)
    parameters: dict[str, Any] = {}
    for key in _SCALING_NUMBERS[kind]:
        if source.get(key) is not None or key in _REQUIRED[kind]:
            if kind == "yarn" and key == "factor" and key in source and source[key] is None:
                continue  # a null factor: max_position_embeddings / original, below
            parameters[key] = config.number(key, source, prefix)
    if kind in _WITH_ORIGINAL:
        parameters["original_max_position_embeddings"] = _original(config, family, source, prefix, max_positions)
    if kind == "yarn" and "factor" not in parameters:
        parameters["factor"] = max_positions / parameters["original_max_position_embeddings"]
    if kind == "yarn" and "truncate" in source:
        if not isinstance(source["truncate"], bool):
            raise CheckpointError(f"config.json: '{config.prefix}{prefix}truncate' must be true or false")
        parameters["truncate"] = source["truncate"]
        config.note(prefix + "truncate", source["truncate"])
    if kind == "longrope":
        for key in ("short_factor", "long_factor"):
            values = source.get(key)
            if not isinstance(values, list) or not all(
                    isinstance(v, (int, float)) and not isinstance(v, bool) for v in values):
                raise CheckpointError(f"config.json: '{config.prefix}{prefix}{key}' must be a list of numbers")
            parameters[key] = [float(v) for v in values]
            config.note(prefix + key, f"{len(values)} numbers")
    return kind, parameters


def _original(config: ConfigReader, family: Family, source: dict[str, Any], prefix: str, max_positions: int) -> int:
    """``original_max_position_embeddings`` as transformers' ``standardize_rope_params`` settles it.

    A top-level key wins over the rope dict's (Phi-3 keeps it there, and its config defaults it
    to 4096); then the dict's own; then ``max_position_embeddings`` (so llama3 scaling without
    the key falls back to the model's context).
    """
    if config.has("original_max_position_embeddings"):
        return config.integer("original_max_position_embeddings")
    if family.model_type == "phi3":
        return 4096
    if source.get("original_max_position_embeddings") is not None:
        return config.integer("original_max_position_embeddings", source, prefix)
    return max_positions


def _read_gemma3(config: ConfigReader, family: Family, hidden: int, max_positions: int) -> dict[str, RopeSettings]:
    """Gemma 3: one RoPE per layer type, as ``Gemma3TextConfig.convert_rope_params_to_dict`` builds them.

    ``rope_parameters`` nested by layer type (transformers 5); otherwise full attention takes
    ``rope_theta`` (default 1,000,000) and ``rope_scaling``, sliding attention takes
    ``rope_local_base_freq`` (default 10,000) and no scaling.
    """
    raw = config.raw
    nested = raw.get("rope_parameters")
    if nested is not None and not isinstance(nested, dict):
        raise CheckpointError(f"config.json: {config.prefix + 'rope_parameters'!r} must be an object, "
                              f"got {kind_of(nested)}")
    by_type: dict[str, tuple[str, dict[str, Any]]] = {}
    if nested and any(name in nested for name in LAYER_TYPE_NAMES):
        for name in LAYER_TYPE_NAMES:
            entry = nested.get(name)
            if entry is not None and not isinstance(entry, dict):
                raise CheckpointError(f"config.json: 'rope_parameters.{name}' must be an object, got {kind_of(entry)}")
            by_type[name] = (f"rope_parameters.{name}", dict(entry or {}))
    else:
        by_type = {"full_attention": ("rope_parameters", dict(nested or {})),
                   "sliding_attention": ("rope_parameters.sliding_attention", {})}
    scaling = raw.get("rope_scaling")
    if scaling is not None:
        if not isinstance(scaling, dict):
            raise CheckpointError(f"config.json: {config.prefix + 'rope_scaling'!r} must be an object, "
                                  f"got {kind_of(scaling)}")
        key, entry = by_type["full_attention"]
        by_type["full_attention"] = ("rope_scaling", {**entry, **scaling})
    head_dim = config.integer("head_dim") if config.has("head_dim") else 256
    settings: dict[str, RopeSettings] = {}
    for name, (key, entry) in by_type.items():
        top_key, default = ("rope_theta", 1_000_000.0) if name == "full_attention" else \
            ("rope_local_base_freq", 10_000.0)
        if entry.get("rope_theta") is not None:
            theta = config.number("rope_theta", entry, key + ".")
        elif config.has(top_key):
            theta = config.number(top_key)
        else:
            theta = default
        share = 1.0
        if entry.get("partial_rotary_factor") is not None:
            share = config.number("partial_rotary_factor", entry, key + ".")
        kind, numbers = _scaling_nested(config, family, entry, key, max_positions)
        # The default rope of Gemma 3 (compute_default_rope_parameters) turns the whole head.
        rotary_dim = head_dim if kind is None else int(head_dim * share)
        settings[name] = _settings(theta, kind, numbers, head_dim, rotary_dim, max_positions, HALVES)
    return settings


def _scaling_nested(config: ConfigReader, family: Family, entry: dict[str, Any], key: str,
                    max_positions: int) -> tuple[str | None, dict[str, Any]]:
    """A per-layer-type entry: as :func:`_scaling`, but the original context never comes from the top."""
    original = entry.get("original_max_position_embeddings")
    if entry.get("rope_type", entry.get("type")) in _WITH_ORIGINAL and original is None:
        entry = {**entry, "original_max_position_embeddings": max_positions}
    reader = ConfigReader({k: v for k, v in config.raw.items() if k != "original_max_position_embeddings"},
                          config.prefix, config.used)
    return _scaling(reader, family, entry, key, max_positions)


CONTEXT_KINDS = ("linear", "dynamic", "yarn", "llama3", "longrope")
"""Ways to stretch RoPE to a longer context that the context-extension view can show."""


def stretched(rope: RopeSettings, kind: str, factor: float) -> tuple[np.ndarray, float]:
    """θ_i and the attention factor if the model's trained RoPE were stretched ``factor`` times by ``kind``.

    The numbers a config gives are kept (YaRN's betas, llama3's frequency factors, LongRoPE's
    per-pair factors); missing ones take the values the papers and transformers use (β 32 and
    1; low 1 and high 4). Dynamic NTK is shown at the stretched length, factor × the trained one;
    LongRoPE switches to its long factors past the trained length.

    Returns
    -------
    theta : ndarray, shape (rotary_dim // 2,)
    attention_factor : float
    """
    if kind not in CONTEXT_KINDS:
        raise ValueError(f"unknown context extension {kind!r}; choose " + ", ".join(CONTEXT_KINDS))
    if kind == "longrope" and "long_factor" not in rope.parameters:
        raise ValueError("LongRoPE needs the per-pair factors of a config that has them")
    trained = rope.original_max_positions if rope.scaling in ("yarn", "llama3", "longrope") else rope.max_positions
    parameters: dict[str, Any] = {key: value for key, value in rope.parameters.items()
                                  if kind == rope.scaling or key in ("original_max_position_embeddings",)}
    parameters["factor"] = factor
    parameters["original_max_position_embeddings"] = trained
    parameters.setdefault("low_freq_factor", 1.0)
    parameters.setdefault("high_freq_factor", 4.0)
    parameters.pop("attention_factor", None)  # the config's own value belongs to its own factor
    if kind == "longrope":
        parameters.pop("factor")
    settings = RopeSettings(rope.base, kind, parameters, rope.head_dim, rope.rotary_dim,
                            trained if kind != "longrope" else round(trained * factor), rope.pairing,
                            rope.rotated_from, rope.query_width)
    length = round(trained * factor)
    return settings.theta(length), settings.attention_factor
