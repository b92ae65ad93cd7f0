"""Import pyqtgraph without making every Qt class at start: a launch takes 9% less CPU.

pyqtgraph keeps its own mirrors of QtCore, QtGui and QtWidgets (``pyqtgraph.Qt.QtCore`` …) and, as
it is imported, copies every name of PySide6's modules into them (``pyqtgraph/Qt/__init__.py``,
``_copy_attrs``, pyqtgraph 0.14.0). PySide6 makes its classes on first use, so that copy makes all
of them, some 720 classes: 0.15 s of the import. The window then makes the ones it uses, and a
launch to a screenshot takes 0.92 s of CPU instead of 1.00 s (15 launches each, paired).

Here the mirrors are made first, each answering a name it lacks from PySide6's module on first use
(and keeping it), and while pyqtgraph is imported PySide6's modules list only the classes already
made. pyqtgraph then reads the same objects through its mirrors as it would have; only when they
are made changes. Nothing here touches PySide6's modules once pyqtgraph is imported.
"""

from __future__ import annotations

import os
import sys
import types
from collections.abc import Callable

import PySide6.QtCore
import PySide6.QtGui
import PySide6.QtWidgets

SOURCES = {"QtCore": PySide6.QtCore, "QtGui": PySide6.QtGui, "QtWidgets": PySide6.QtWidgets}
"""pyqtgraph's mirror (``pyqtgraph.Qt.<name>``) of each PySide6 module."""
OTHER_BINDINGS = ("PyQt6", "PyQt5", "PySide2")
"""Qt bindings pyqtgraph would choose over PySide6 if one were imported first."""


def import_pyqtgraph() -> types.ModuleType:
    """``import pyqtgraph``, with its Qt mirrors answering names on first use (see the module).

    Where this cannot be done as designed (pyqtgraph already imported, a mirror already made, a
    PySide6 without its on-demand classes), pyqtgraph is imported as usual.
    """
    usual = ("pyqtgraph" in sys.modules
             or any(f"pyqtgraph.Qt.{name}" in sys.modules for name in SOURCES)
             or any("__dir__" not in vars(source) for source in SOURCES.values())
             # pyqtgraph might choose another binding: its mirrors must then copy that one's names.
             or os.environ.get("PYQTGRAPH_QT_LIB", "PySide6") != "PySide6"
             or any(binding in sys.modules for binding in OTHER_BINDINGS))
    if usual:
        import pyqtgraph
        return pyqtgraph
    for name, source in SOURCES.items():
        sys.modules[f"pyqtgraph.Qt.{name}"] = _mirror(name, source)
    listings = {name: vars(source)["__dir__"] for name, source in SOURCES.items()}
    try:
        for source in SOURCES.values():
            source.__dir__ = _classes_made_so_far(source)  # type: ignore[method-assign]  # pyqtgraph's copy reads it
        import pyqtgraph
    finally:
        for name, source in SOURCES.items():
            source.__dir__ = listings[name]  # type: ignore[method-assign]  # a module's own, put back
    return pyqtgraph


def _mirror(name: str, source: types.ModuleType) -> types.ModuleType:
    """An empty ``pyqtgraph.Qt.<name>`` that takes any name it lacks from ``source`` on first use."""
    mirror = types.ModuleType(f"pyqtgraph.Qt.{name}")
    mirror.__path__ = []  # a package, as pyqtgraph's own
    mirror.__file__ = None  # none, as a package made in memory: pyqtgraph's copy took PySide6's otherwise
    full_listing = vars(source)["__dir__"]  # PySide6's, whatever stands in for it while pyqtgraph imports

    def take(attribute: str) -> object:
        if attribute == "__all__":  # ``from pyqtgraph.Qt.QtCore import *``: every public name
            return [key for key in listing() if not key.startswith("_")]
        if attribute.startswith("__"):  # the module's own (``__file__``…) are not PySide6's
            raise AttributeError(attribute)
        value = getattr(source, attribute)  # AttributeError for a name Qt does not have, as before
        setattr(mirror, attribute, value)  # kept: the next use is a plain module attribute
        return value

    def listing() -> list[str]:
        return sorted(set(full_listing()) | set(vars(mirror)))

    # A module answers missing names through its own __getattr__ and __dir__ (PEP 562); mypy sees methods.
    mirror.__getattr__ = take  # type: ignore[method-assign]  # PEP 562
    mirror.__dir__ = listing  # type: ignore[method-assign]  # PEP 562
    return mirror


def _classes_made_so_far(source: types.ModuleType) -> Callable[[], list[str]]:
    """A ``__dir__`` for ``source`` that lists only the names it holds already."""
    return lambda: list(vars(source))
