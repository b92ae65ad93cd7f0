"""Greedy longest-match tokenizer over a fixed vocabulary."""

from __future__ import annotations

from collections.abc import Sequence

from visualizer.core.vocabulary import LEADING_SPACE_GLYPH


class TokenizeError(ValueError):
    """Raised when part of the text matches no vocabulary token.

    Attributes
    ----------
    unmatched : str
        The text from the first character no token matches up to the next space (or the end).
    offset : int
        0-based character offset of that text in the input.
    """

    def __init__(self, unmatched: str, offset: int) -> None:
        self.unmatched = unmatched
        self.offset = offset
        super().__init__(f"no token matches {unmatched!r} at character {offset}")


def tokenize(text: str, tokens: Sequence[str]) -> list[int]:
    """Split ``text`` into vocabulary ids, left to right, always taking the longest match.

    Parameters
    ----------
    text : str
        Raw text; spaces are part of tokens (``" gato"``).
    tokens : sequence of str, length V
        The vocabulary; position in the sequence is the id.

    Returns
    -------
    list of int
        The ids, one per token; empty for empty text.

    Raises
    ------
    TokenizeError
        If some character starts no vocabulary token. Nothing is returned in that case.
    """
    by_first_char: dict[str, list[tuple[str, int]]] = {}
    for token_id, token in enumerate(tokens):
        if token:
            by_first_char.setdefault(token[0], []).append((token, token_id))
    for candidates in by_first_char.values():
        candidates.sort(key=lambda pair: -len(pair[0]))

    ids: list[int] = []
    offset = 0
    while offset < len(text):
        for token, token_id in by_first_char.get(text[offset], ()):
            if text.startswith(token, offset):
                ids.append(token_id)
                offset += len(token)
                break
        else:
            raise TokenizeError(_unmatched_span(text, offset), offset)
    return ids


def _unmatched_span(text: str, offset: int) -> str:
    """The word that failed: from ``offset`` to the next space, at least one character."""
    end = text.find(" ", offset + 1)
    return text[offset : end if end != -1 else len(text)]


def detokenize(ids: Sequence[int], tokens: Sequence[str]) -> str:
    """Join the token texts of ``ids`` back into raw text."""
    return "".join(tokens[i] for i in ids)


def shown_text(text: str) -> str:
    """``text`` as a text box shows it: a leading space as ``␣``, which a box would not show.

    A sequence that starts with a space-led token (``␣no`` dragged to the front) then reads
    ``␣noo gato subiu``: what is read, retyped (with a space or the ``␣``), gives the same ids.
    """
    return LEADING_SPACE_GLYPH + text[1:] if text.startswith(" ") else text


def typed_text(text: str) -> str:
    """What a text box's ``text`` means: every ``␣`` is a space (the strip and the box write one so)."""
    return text.replace(LEADING_SPACE_GLYPH, " ")
