"""Carry translations over when a string moves to another class (another Linguist context).

lupdate files a moved string under its new context as unfinished and marks the old one
vanished. This fills each unfinished message whose exact source text has a finished translation
anywhere in the file (vanished ones included), so moving code never loses a translation.
Run by `make translations` between a first lupdate (keeping vanished messages) and the final
one (dropping them). Standard library only.

Merging two branches that both added strings: take one side's file, run lupdate, then
``python tools/carry_translations.py resources/i18n/visualizer_pt.ts OTHER_SIDE.ts`` fills the
other side's new entries from its file (further files are only read, never written).
"""

from __future__ import annotations

import sys
import xml.etree.ElementTree as ET
from pathlib import Path


def _finished(root: ET.Element, known: dict[str, str]) -> None:
    """Add every finished translation of ``root`` to ``known`` (source text → translation)."""
    for message in root.iter("message"):
        translation = message.find("translation")
        if translation is not None and translation.text and translation.get("type") != "unfinished":
            known.setdefault(message.findtext("source") or "", translation.text)


def carry(ts_path: Path, *more: Path) -> list[tuple[str, str]]:
    """Fill unfinished messages of ``ts_path`` in place, from its own finished ones and then from
    the files ``more`` (read only); return those still untranslated."""
    text = ts_path.read_text(encoding="utf-8")
    root = ET.fromstring(text)
    known: dict[str, str] = {}
    _finished(root, known)
    for other in more:
        _finished(ET.fromstring(other.read_text(encoding="utf-8")), known)
    missing = []
    for context in root.iter("context"):
        for message in context.iter("message"):
            translation = message.find("translation")
            if translation is None or translation.get("type") != "unfinished":
                continue
            source = message.findtext("source") or ""
            if source in known:
                translation.text = known[source]
                del translation.attrib["type"]
            else:
                missing.append((context.findtext("name") or "", source))
    header = '<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>\n'
    ts_path.write_text(header + ET.tostring(root, encoding="unicode") + "\n", encoding="utf-8")
    return missing


if __name__ == "__main__":
    for context, source in carry(*map(Path, sys.argv[1:])):
        print(f"still to translate: [{context}] {source!r}")
