"""The toy vocabulary of the lesson: 12 tokens, each with a hand-picked 4-number row of E."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

LEADING_SPACE_GLYPH = "\u2423"  # "␣": how the UI shows a token's leading space

_TOY_TOKENS = (
    "o", " no", " gato", " cão", " sub", "iu", " telhado", " muro", " sofá", " chão", ".",
    "<|endoftext|>",
)
_TOY_E = (
    (-0.5, -0.5, 0.0, 1.0),
    (-0.5, 0.0, -0.5, 1.0),
    (1.0, -0.5, 0.0, -0.5),
    (1.0, -0.5, -0.5, 0.0),
    (-0.5, 1.0, 0.0, -0.5),
    (0.0, 0.5, -0.5, 0.0),
    (0.0, -0.5, 1.0, -0.5),
    (1.0, 0.0, -1.0, 0.0),
    (0.5, -0.5, -0.5, 0.5),
    (0.5, 0.0, -0.5, 0.0),
    (0.0, 0.0, 1.0, -1.0),
    (0.5, -0.5, 0.5, -0.5),
)

LESSON_SENTENCE = "o gato subiu no"


@dataclass(frozen=True)
class Vocabulary:
    """Token strings and their embedding table.

    Attributes
    ----------
    tokens : tuple of str, length V
        Token text; a leading space is a real space character.
    E : ndarray, shape (V, d)
        One row per token, read-only.
    """

    tokens: tuple[str, ...]
    E: np.ndarray

    @property
    def size(self) -> int:
        """V, the number of tokens."""
        return len(self.tokens)

    @property
    def dim(self) -> int:
        """d, the length of every embedding row."""
        return int(self.E.shape[1])


def toy_vocabulary() -> Vocabulary:
    """Return the lesson's toy vocabulary (V = 12, d = 4) with a fresh read-only E."""
    E = np.array(_TOY_E, dtype=np.float64)
    E.flags.writeable = False
    return Vocabulary(tokens=_TOY_TOKENS, E=E)


def display_token(token: str) -> str:
    """Show a token as the UI does: a leading space becomes ``␣``."""
    if token.startswith(" "):
        return LEADING_SPACE_GLYPH + token[1:]
    return token
