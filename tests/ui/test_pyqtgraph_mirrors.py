"""pyqtgraph imported through :mod:`visualizer.ui.pyqtgraph_mirrors` gives every name of its Qt
mirrors the object its own import gives, and leaves PySide6's modules as they were."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# Prints, for each of pyqtgraph's mirrors, every name it lists and what the name is (its type and
# qualified name, or the value of a plain constant), and the names PySide6's modules list.
LISTING = """
import json, sys
{first}
import PySide6.QtCore, PySide6.QtGui, PySide6.QtWidgets
import pyqtgraph.Qt as qt

def what(value):
    name = getattr(value, "__qualname__", None) or getattr(value, "__name__", None)
    return f"{{type(value).__name__}} {{name}}" if name else f"{{type(value).__name__}} {{value!r}}"[:80]

mirrors = {{name: {{key: what(getattr(getattr(qt, name), key)) for key in dir(getattr(qt, name))
                   if not key.startswith("__")}} for name in ("QtCore", "QtGui", "QtWidgets")}}
sources = {{module.__name__.split(".")[1]: [key for key in dir(module) if not key.startswith("__")]
           for module in (PySide6.QtCore, PySide6.QtGui, PySide6.QtWidgets)}}
made = "__getattr__" in vars(sys.modules["pyqtgraph.Qt.QtCore"])
# The very objects: every public name of PySide6's module is the same object in the mirror.
same = all(getattr(getattr(qt, name), key) is getattr(module, key)
           for name, module in (("QtCore", PySide6.QtCore), ("QtGui", PySide6.QtGui), ("QtWidgets", PySide6.QtWidgets))
           for key in dir(module) if not key.startswith("_"))
star = {{}}
exec("from pyqtgraph.Qt.QtWidgets import *", star)
files = [getattr(getattr(qt, name), "__file__", None) for name in ("QtCore", "QtGui", "QtWidgets")]
print(json.dumps({{"mirrors": mirrors, "sources": sources, "on_demand": made, "same": same,
                  "star": sorted(key for key in star if not key.startswith("_")), "files": files}}))
"""


def listing(first_import: str) -> dict:
    result = subprocess.run([sys.executable, "-c", LISTING.format(first=first_import)], cwd=ROOT,
                            capture_output=True, text=True, timeout=120, check=True)
    return json.loads(result.stdout)


def test_the_mirrors_hold_what_pyqtgraphs_own_import_gives():
    usual = listing("import pyqtgraph")  # pyqtgraph's own import: it copies every name
    ours = listing("from visualizer.ui.pyqtgraph_mirrors import import_pyqtgraph; import_pyqtgraph()")  # the app's
    assert not usual["on_demand"] and ours["on_demand"]
    for name in ("QtCore", "QtGui", "QtWidgets"):
        assert set(usual["mirrors"][name]) >= set(usual["sources"][name])  # pyqtgraph copied every name
        assert ours["mirrors"][name] == usual["mirrors"][name], name
    assert ours["sources"] == usual["sources"]  # PySide6's modules list all their names again
    assert usual["same"] and ours["same"]
    assert ours["star"] == usual["star"]  # a star import gives every name, as before
    # A mirror's own module attributes are not PySide6's (pyqtgraph's files, or none).
    assert not any(file and "PySide6" in file for file in ours["files"])


def test_this_process_imported_pyqtgraph_as_the_app_does():
    import pyqtgraph as pg

    assert "__getattr__" in vars(sys.modules["pyqtgraph.Qt.QtCore"])
    assert pg.QtWidgets.QGraphicsView.__module__ == "PySide6.QtWidgets"
