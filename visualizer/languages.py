"""The languages of the app, named in themselves. No Qt: the lesson, the command line and the
window all read this one list."""

from __future__ import annotations

LANGUAGES = {"en": "English", "pt": "Português (Brasil)"}
"""Code → name. English is the source language of every string; the others are Linguist files."""

SOURCE_LANGUAGE = "en"
