"""Where the file dialogs open: the user's documents folder, never the folder the app was started
from (run from a checkout, every dialog opened in the program's own files)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QStandardPaths


def start_path(name: str = "") -> str:
    """The documents folder (the home folder if there is none), with ``name`` in it if given: the
    directory or suggested file a dialog starts at."""
    folder = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
    if not folder or not Path(folder).is_dir():
        folder = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.HomeLocation)
    return str(Path(folder) / name) if name else folder


__all__ = ["start_path"]
