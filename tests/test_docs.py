"""The README (for teachers) and docs/ (for developers) name only files that exist, and the README
stays a short guide."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
MADE_BY_COMMANDS = ("dist/", "build/", ".venv/", "visualizer/_resources")
"""Paths a command makes (the standalone folder, the wheel, the venv, the installed resources): named,
not kept in the repository."""
TOP = ("visualizer/", "tests/", "docs/", "resources/", "packaging/", "tools/", "bench/", ".ci/")
PATH = re.compile(r"(?<![\w/.~$-])((?:[\w.-]+/)+[\w.-]*[\w-])")


def named_paths(text: str) -> set[str]:
    """Repository paths a document names: ``a/b.py``, ``docs/x.md`` in code spans and links."""
    spans = re.findall(r"`([^`]+)`", text) + re.findall(r"\]\(([^)#]+)", text)
    found = set()
    for span in spans:
        for path in PATH.findall(span):
            if "://" in span or path.startswith(MADE_BY_COMMANDS) or not path.startswith(TOP):
                continue  # a web address, a file a command makes, words with a slash (q/k, 2/2.5/3)
            found.add(path.rstrip("/"))
    return found


def test_every_file_the_documents_name_exists():
    named = {(document.name, path) for document in DOCUMENTS
             for path in named_paths(document.read_text(encoding="utf-8"))}
    assert len(named) > 50  # the documents name the code they talk about
    missing = sorted((document, path) for document, path in named
                     if not (ROOT / path).exists() and not (ROOT / "docs" / path).exists())
    assert missing == []


def test_the_check_sees_a_missing_file():
    assert named_paths("see `visualizer/nowhere.py` and [the guide](docs/absent.md)") == {
        "visualizer/nowhere.py", "docs/absent.md"}


def test_the_readme_is_a_short_guide_for_teachers():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert readme.count("\n") <= 300
    assert "make run" in readme and "make test" in readme
    for picture in re.findall(r"\]\((resources/screenshots/[^)]+\.png)\)", readme):
        assert (ROOT / picture).is_file(), picture
