"""config.json of a model folder, read with typed look-ups that remember which keys were used. No Qt."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any


class CheckpointError(ValueError):
    """A model folder this app cannot show; the message is one line naming the problem."""


def kind_of(value: object) -> str:
    """A short description of a JSON value for messages: ``str '10000'``, ``nothing``."""
    return "nothing" if value is None else f"{type(value).__name__} {value!r}"[:60]


class ConfigReader:
    """One JSON object of config.json (the whole file, or a nested ``text_config``).

    Every typed look-up records the key and its value in ``used`` (shared with the reader it was
    nested from), under its full dotted name, so the page can list the keys its numbers came from.
    """

    def __init__(self, raw: dict[str, Any], prefix: str = "", used: dict[str, Any] | None = None) -> None:
        self.raw = raw
        self.prefix = prefix
        self.used: dict[str, Any] = {} if used is None else used

    def nested(self, key: str) -> ConfigReader:
        """The object under ``key`` (e.g. a multimodal model's ``text_config``), sharing ``used``."""
        value = self.raw.get(key)
        if value is None:
            value = {}
        if not isinstance(value, dict):
            raise CheckpointError(f"config.json: {self.prefix + key!r} must be an object, got {kind_of(value)}")
        return ConfigReader(value, f"{self.prefix}{key}.", self.used)

    def has(self, key: str) -> bool:
        """True when ``key`` is present and not null."""
        return self.raw.get(key) is not None

    def note(self, key: str, value: Any) -> None:
        """Record a key used without a typed look-up (a string, a list's length)."""
        self.used[self.prefix + key] = value

    def number(self, key: str, where: dict[str, Any] | None = None, prefix: str = "") -> float:
        """A finite number at ``key`` (of ``where``, a nested object named by ``prefix``)."""
        value = (self.raw if where is None else where).get(key)
        name = self.prefix + prefix + key
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
            raise CheckpointError(f"config.json: {name!r} must be a number, got {kind_of(value)}")
        self.used[name] = value
        return float(value)

    def integer(self, key: str, where: dict[str, Any] | None = None, prefix: str = "") -> int:
        """A positive whole number at ``key``."""
        value = (self.raw if where is None else where).get(key)
        name = self.prefix + prefix + key
        if isinstance(value, float) and value.is_integer() and value > 0:
            value = int(value)  # 4096.0 from a config written by hand
        if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
            raise CheckpointError(f"config.json: {name!r} must be a positive whole number, got {kind_of(value)}")
        self.used[name] = value
        return value

    def index(self, key: str) -> int:
        """A whole number ≥ 0 at ``key`` (a token id)."""
        value = self.raw.get(key)
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise CheckpointError(f"config.json: {self.prefix + key!r} must be a token id (a whole number ≥ 0), "
                                  f"got {kind_of(value)}")
        self.used[self.prefix + key] = value
        return value

    def boolean(self, key: str, default: bool) -> bool:
        """true/false at ``key``, or ``default`` when absent (noted only when present)."""
        if key not in self.raw or self.raw[key] is None:
            return default
        value = self.raw[key]
        if not isinstance(value, bool):
            raise CheckpointError(f"config.json: {self.prefix + key!r} must be true or false, got {kind_of(value)}")
        self.used[self.prefix + key] = value
        return value

    def first_integer(self, keys: tuple[str, ...], default: int | None = None) -> int | None:
        """The first of ``keys`` present, as a positive whole number, else ``default``."""
        for key in keys:
            if self.has(key):
                return self.integer(key)
        return default

    def first_number(self, keys: tuple[str, ...], default: float | None = None) -> float | None:
        """The first of ``keys`` present, as a number, else ``default``."""
        for key in keys:
            if self.has(key):
                return self.number(key)
        return default


def read_config(path: Path) -> dict[str, Any]:
    """config.json as a dict; a one-line :class:`CheckpointError` if it is not a JSON object."""
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError):
        raise CheckpointError(f"{path.parent.name}: config.json is not valid JSON") from None
    if not isinstance(raw, dict):
        raise CheckpointError(f"{path.parent.name}: config.json is not a JSON object")
    return raw
