"""``python -m visualizer``: the same as the ``embedding-visualizer`` command (desktop entries use it)."""

from visualizer.app import run

run()
