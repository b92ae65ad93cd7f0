"""``python -m visualizer``: the same as the ``embedding-visualizer`` command (desktop entries use it)."""

import gc

gc.disable()  # until the window is built: see main.py

from visualizer.app import run  # noqa: E402

run()
