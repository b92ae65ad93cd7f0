"""The RoPE frequencies θ_i that real checkpoints use, one function per ``rope_scaling`` type.

Every function returns θ_i (radians per position) for the pairs (2i, 2i+1) of the rotated part
of a head, shape (rotary_dim // 2,). The formulas are those of Hugging Face transformers'
``src/transformers/modeling_rope_utils.py`` (``_compute_default_rope_parameters``,
``_compute_linear_scaling_rope_parameters``, ``_compute_dynamic_ntk_parameters``,
``_compute_yarn_parameters``, ``_compute_llama3_parameters``, ``_compute_longrope_parameters``),
restated here from their papers and docstrings, in float64.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np


def rope_default(rotary_dim: int, base: float) -> np.ndarray:
    """The trained frequencies: θ_i = base^(−2i / rotary_dim), i = 0 .. rotary_dim/2 − 1.

    Parameters
    ----------
    rotary_dim : int
        How many dimensions of a head are rotated (head_dim × partial rotary factor); even.
    base : float
        ``rope_theta`` (10,000 in the RoPE paper; 500,000 for Llama 3).

    Returns
    -------
    ndarray, shape (rotary_dim // 2,)
    """
    if rotary_dim <= 0 or rotary_dim % 2:
        raise ValueError(f"RoPE needs a positive even rotary width, got {rotary_dim}")
    if not math.isfinite(base) or base <= 1:
        raise ValueError(f"RoPE base must be a finite number above 1, got {base}")
    return base ** -(np.arange(0, rotary_dim, 2, dtype=np.float64) / rotary_dim)


def _check_factor(factor: float) -> None:
    if not math.isfinite(factor) or factor < 1:
        raise ValueError(f"a RoPE scaling factor must be a finite number ≥ 1, got {factor}")


def rope_linear(rotary_dim: int, base: float, factor: float) -> np.ndarray:
    """Position interpolation (``linear``): θ_i / factor, so position m turns like m / factor.

    Returns
    -------
    ndarray, shape (rotary_dim // 2,)
    """
    _check_factor(factor)
    return rope_default(rotary_dim, base) / factor


def rope_dynamic(rotary_dim: int, base: float, factor: float, max_positions: int,
                 seq_len: int | None = None) -> np.ndarray:
    """Dynamic NTK scaling: the base grows only once the sequence is longer than trained.

    For seq_len > max_positions the base becomes
    base · ((factor · seq_len / max_positions) − (factor − 1))^(rotary_dim / (rotary_dim − 2));
    otherwise θ_i are the trained ones. So θ depends on the length of the text.

    Parameters
    ----------
    max_positions : int
        ``max_position_embeddings``, the trained context.
    seq_len : int, optional
        Length of the sequence being encoded; None means "not past the trained context".

    Returns
    -------
    ndarray, shape (rotary_dim // 2,)
    """
    _check_factor(factor)
    if seq_len is None or seq_len <= max_positions or rotary_dim <= 2:
        return rope_default(rotary_dim, base)
    grown = base * ((factor * seq_len / max_positions) - (factor - 1)) ** (rotary_dim / (rotary_dim - 2))
    return rope_default(rotary_dim, grown)


def yarn_attention_factor(factor: float, mscale: float | None = None, mscale_all_dim: float | None = None) -> float:
    """YaRN's attention factor (transformers' ``attention_scaling``): cos and sin are multiplied by it.

    g(s, m) = 0.1 · m · ln s + 1 for s > 1 (else 1). With both ``mscale`` and ``mscale_all_dim``
    set (DeepSeek) the factor is g(s, mscale) / g(s, mscale_all_dim); otherwise g(s, 1), which is
    1.1386 for s = 4. As ``_compute_yarn_parameters`` in transformers'
    ``src/transformers/modeling_rope_utils.py`` sets it when the config gives no ``attention_factor``.
    """

    def grown(scale: float, m: float = 1.0) -> float:
        return 1.0 if scale <= 1 else 0.1 * m * math.log(scale) + 1.0

    if mscale and mscale_all_dim:
        return grown(factor, mscale) / grown(factor, mscale_all_dim)
    return grown(factor)


def longrope_attention_factor(factor: float, original_max_positions: int) -> float:
    """LongRoPE's attention factor: √(1 + ln s / ln L) for s > 1, else 1 (L the original context).

    As ``_compute_longrope_parameters`` in transformers' ``modeling_rope_utils.py`` sets it when the
    config gives no ``attention_factor``; s is the config's ``factor`` or, without one,
    ``max_position_embeddings / original_max_position_embeddings``.
    """
    if factor <= 1.0:
        return 1.0
    return math.sqrt(1 + math.log(factor) / math.log(original_max_positions))


def yarn_correction_dim(rotations: float, rotary_dim: int, base: float, original_max_positions: int) -> float:
    """The (fractional) dimension whose pair turns ``rotations`` times over the trained context.

    d(r) = rotary_dim · ln(L / (2π r)) / (2 ln base), with L the original context.
    """
    return rotary_dim * math.log(original_max_positions / (rotations * 2 * math.pi)) / (2 * math.log(base))


def rope_yarn(rotary_dim: int, base: float, factor: float, original_max_positions: int,
              beta_fast: float = 32.0, beta_slow: float = 1.0, truncate: bool = True) -> np.ndarray:
    """YaRN ("NTK-by-parts"): interpolate the slow pairs, keep the fast ones, ramp in between.

    low = ⌊d(β_fast)⌋ and high = ⌈d(β_slow)⌉ (unrounded when ``truncate`` is false), clamped to
    0 .. rotary_dim − 1, with d(r) from :func:`yarn_correction_dim`. The ramp
    r_i = clip((i − low) / (high − low), 0, 1) (high nudged by 0.001 when equal to low); the
    kept share is 1 − r_i, so θ_i = (θ_i / factor) · r_i + θ_i · (1 − r_i).
    (YaRN also scales attention logits, by 0.1 · ln(factor) + 1: that acts on scores, not on θ.)

    Returns
    -------
    ndarray, shape (rotary_dim // 2,)
    """
    _check_factor(factor)
    theta = rope_default(rotary_dim, base)
    low = yarn_correction_dim(beta_fast, rotary_dim, base, original_max_positions)
    high = yarn_correction_dim(beta_slow, rotary_dim, base, original_max_positions)
    if truncate:
        low, high = math.floor(low), math.ceil(high)
    low, high = max(low, 0), min(high, rotary_dim - 1)
    if low == high:
        high += 0.001  # avoids a division by zero, as the reference does
    ramp = np.clip((np.arange(rotary_dim // 2, dtype=np.float64) - low) / (high - low), 0.0, 1.0)
    kept = 1.0 - ramp
    return theta / factor * (1.0 - kept) + theta * kept


def rope_llama3(rotary_dim: int, base: float, factor: float, low_freq_factor: float, high_freq_factor: float,
                original_max_positions: int) -> np.ndarray:
    """Llama 3.1's scaling: slow pairs divided by ``factor``, fast pairs kept, a smooth blend between.

    With wavelength λ_i = 2π / θ_i, L the original context, λ_low = L / low_freq_factor and
    λ_high = L / high_freq_factor: λ_i > λ_low → θ_i / factor; λ_i < λ_high → θ_i; otherwise
    s = (L / λ_i − low_freq_factor) / (high_freq_factor − low_freq_factor) and
    θ_i ← (1 − s) · θ_i / factor + s · θ_i.

    Returns
    -------
    ndarray, shape (rotary_dim // 2,)
    """
    _check_factor(factor)
    if not high_freq_factor > low_freq_factor > 0:
        raise ValueError(f"llama3 RoPE needs high_freq_factor > low_freq_factor > 0, got "
                         f"{high_freq_factor} and {low_freq_factor}")
    theta = rope_default(rotary_dim, base)
    wavelength = 2 * math.pi / theta
    low_wavelength = original_max_positions / low_freq_factor
    high_wavelength = original_max_positions / high_freq_factor
    scaled = np.where(wavelength > low_wavelength, theta / factor, theta)
    smooth = (original_max_positions / wavelength - low_freq_factor) / (high_freq_factor - low_freq_factor)
    blended = (1 - smooth) * scaled / factor + smooth * scaled
    medium = (wavelength >= high_wavelength) & (wavelength <= low_wavelength)
    return np.where(medium, blended, scaled)


def rope_longrope(rotary_dim: int, base: float, short_factor: Sequence[float], long_factor: Sequence[float],
                  original_max_positions: int, seq_len: int | None = None) -> np.ndarray:
    """LongRoPE (Phi-3): one searched rescale factor per pair, short or long by the text's length.

    θ_i = base^(−2i / rotary_dim) / f_i with f = ``long_factor`` when seq_len exceeds the original
    context, else ``short_factor``. (Its attention factor √(1 + ln s / ln L) scales q·k, not θ.)

    Returns
    -------
    ndarray, shape (rotary_dim // 2,)
    """
    use_long = seq_len is not None and seq_len > original_max_positions
    factors = np.asarray(long_factor if use_long else short_factor, dtype=np.float64)
    if factors.shape != (rotary_dim // 2,) or not np.all(np.isfinite(factors)) or np.any(factors <= 0):
        raise ValueError(f"longrope needs {rotary_dim // 2} positive factors per list, got {factors.shape[0]}")
    return rope_default(rotary_dim, base) / factors


ROPE_SCALING_TYPES = ("linear", "dynamic", "yarn", "llama3", "longrope")
"""The ``rope_scaling`` types a checkpoint may name (``type`` or ``rope_type``) that change θ."""
