"""The window's Qt palette for the light, dark and high-contrast looks."""

from __future__ import annotations

from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication

from ..appearance import Appearance

Role = QPalette.ColorRole
DARK = ((Role.Window, "#2B2B2B"), (Role.Base, "#1E1E1E"), (Role.AlternateBase, "#262626"),
        (Role.WindowText, "#E8E8E8"), (Role.Text, "#E8E8E8"), (Role.Button, "#3A3A3A"),
        (Role.ButtonText, "#E8E8E8"), (Role.Highlight, "#3A78C2"), (Role.ToolTipBase, "#2B2B2B"),
        (Role.ToolTipText, "#E8E8E8"))
HIGH_CONTRAST = ((Role.Window, "white"), (Role.Base, "white"), (Role.WindowText, "black"), (Role.Text, "black"),
                 (Role.ButtonText, "black"), (Role.Highlight, "#0057A8"))
"""Black on white: a projector washes out greys and pastel backgrounds."""


def window_palette(appearance: Appearance) -> QPalette:
    """The style's standard palette with the dark or high-contrast colours of ``appearance``."""
    palette = QApplication.style().standardPalette()
    if appearance.dark:
        for role, colour in DARK:
            palette.setColor(role, QColor(colour))
    if appearance.high_contrast:
        for role, colour in HIGH_CONTRAST:
            palette.setColor(role, QColor(colour))
    return palette
