"""The shell: the main window and what it does (menus and keys, presentation, documents, exports).

Imports point down: the shell uses views, item models, io, lesson and model; nothing below
imports the shell.
"""

from .main_window import MainWindow
from .presentation import presentation_scale

__all__ = ["MainWindow", "presentation_scale"]
