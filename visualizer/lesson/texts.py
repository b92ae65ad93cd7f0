"""A lesson's texts: one text in one or more languages, and the one shown in each. No Qt.

A teacher may write a lesson in one language only: wherever a text lacks the app's language, the
first language it is written in is shown instead, never a blank.
"""

from __future__ import annotations

from collections.abc import Mapping

from visualizer.languages import LANGUAGES

Texts = Mapping[str, str]
"""A text in the languages it is written in: ``{"en": …, "pt": …}``."""


def in_language(texts: Texts, language: str) -> str:
    """``texts`` in ``language``; in the first language it is written in, where it lacks that one."""
    if language in texts:
        return texts[language]
    return next((texts[other] for other in LANGUAGES if other in texts), "")


def complete(texts: Texts) -> dict[str, str]:
    """``texts`` in every language of the app, each missing one in the first language it is written in."""
    return {language: in_language(texts, language) for language in LANGUAGES}


__all__ = ["Texts", "complete", "in_language"]
