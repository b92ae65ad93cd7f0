"""Errors inside Qt slots would otherwise vanish: log them, tell the user, keep the app running."""

from __future__ import annotations

import logging
import sys
import traceback
from collections.abc import Callable
from pathlib import Path
from types import TracebackType

from PySide6.QtCore import QCoreApplication, QStandardPaths, Qt
from PySide6.QtWidgets import QMessageBox, QWidget

LOGGER = logging.getLogger("embedding-visualizer")


def log_path() -> Path:
    """The error log in the user's data folder (created on demand)."""
    folder = Path(QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation))
    folder.mkdir(parents=True, exist_ok=True)
    return folder / "errors.log"


def install_excepthook(window: QWidget) -> Callable[..., None]:
    """Route uncaught exceptions to the log and a non-blocking dialog over ``window``.

    Returns the hook (also set as ``sys.excepthook``).
    """

    def hook(kind: type[BaseException], error: BaseException, tb: TracebackType | None) -> None:
        details = "".join(traceback.format_exception(kind, error, tb))
        path: Path | None
        try:
            path = log_path()
            with open(path, "a", encoding="utf-8") as log:
                log.write(details + "\n")
        except OSError:
            path = None
        LOGGER.error(details)
        translate = QCoreApplication.translate
        box = QMessageBox(QMessageBox.Icon.Warning, translate("CrashDialog", "Unexpected error"),
                          translate("CrashDialog", "Something went wrong: {0}\n\nThe app is still usable.")
                          .format(error)
                          + ("\n" + translate("CrashDialog", "Details were written to {0}.").format(path)
                             if path else ""),
                          QMessageBox.StandardButton.Ok, window)
        box.setObjectName("crash_dialog")
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.open()  # not exec(): the lesson goes on behind it

    sys.excepthook = hook
    return hook
