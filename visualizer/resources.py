"""Where the app's data files are: the repository's resources/ or, installed, a copy inside."""

from __future__ import annotations

from pathlib import Path

_REPOSITORY = Path(__file__).resolve().parents[1] / "resources"
_INSTALLED = Path(__file__).resolve().parent / "_resources"


def resource(*parts: str) -> Path:
    """Path of a file under resources/ (e.g. ``resource("lesson", "embeddings.json")``)."""
    base = _REPOSITORY if _REPOSITORY.is_dir() else _INSTALLED
    return base.joinpath(*parts)
