"""Kept for lesson_panel.py until it moves to :mod:`visualizer.views.listening`."""

from __future__ import annotations

from .listening import ListeningView as DetachOnClose

__all__ = ["DetachOnClose"]
