"""Where the app remembers things between runs: Qt's settings, or a dict for tests and screenshots."""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

from PySide6.QtCore import QSettings, QStandardPaths


class SettingsStore(Protocol):
    """What the window keeps between runs: zoom, language, theme, geometry, recent files.

    ``persistent`` stores also give the folder of the autosave; others keep nothing on disk.
    """

    persistent: bool

    def value(self, key: str, default: object = None) -> object:
        """The stored value of ``key``, or ``default``."""
        ...

    def set_value(self, key: str, value: object) -> None:
        """Remember ``value`` under ``key``."""
        ...

    def sync(self) -> None:
        """Write pending changes to disk (no-op in memory)."""
        ...

    def autosave_path(self) -> Path | None:
        """Where the crash-safety copy of the work lives, or None to keep none."""
        ...


class QtSettingsStore:
    """The user's settings through ``QSettings`` (the platform's own place), autosave in app data."""

    persistent = True

    def __init__(self, settings: QSettings | None = None) -> None:
        self.settings = settings if settings is not None else QSettings()

    def value(self, key: str, default: object = None) -> object:
        return self.settings.value(key, default)

    def set_value(self, key: str, value: object) -> None:
        self.settings.setValue(key, value)

    def sync(self) -> None:
        self.settings.sync()

    def autosave_path(self) -> Path | None:
        folder = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
        return Path(folder) / "autosave.json"


class MemorySettingsStore:
    """Settings that live as long as the window: screenshots, exports and tests leave nothing."""

    persistent = False

    def __init__(self, values: dict[str, object] | None = None) -> None:
        self.values: dict[str, object] = dict(values or {})

    def value(self, key: str, default: object = None) -> object:
        return self.values.get(key, default)

    def set_value(self, key: str, value: object) -> None:
        self.values[key] = value

    def sync(self) -> None:
        return None

    def autosave_path(self) -> Path | None:
        return None


def string_list(value: object) -> list[str]:
    """A stored list of strings: QSettings hands back one entry as a plain string, several as a list."""
    return [str(v) for v in (value if isinstance(value, list) else [value]) if v]


def settings_store(settings: QSettings | SettingsStore | None) -> SettingsStore:
    """A store for what the window was given: a ``QSettings``, a store, or None (memory only)."""
    if settings is None:
        return MemorySettingsStore()
    if isinstance(settings, QSettings):
        return QtSettingsStore(settings)
    return settings
