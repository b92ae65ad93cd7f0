"""The window's Qt palette for the light, dark and high-contrast looks."""

from __future__ import annotations

from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication

from visualizer.appearance import Appearance

Role = QPalette.ColorRole
DARK = ((Role.Window, "#2B2B2B"), (Role.Base, "#1E1E1E"), (Role.AlternateBase, "#262626"),
        (Role.WindowText, "#E8E8E8"), (Role.Text, "#E8E8E8"), (Role.Button, "#3A3A3A"),
        (Role.ButtonText, "#E8E8E8"), (Role.Highlight, "#3A78C2"), (Role.ToolTipBase, "#2B2B2B"),
        (Role.ToolTipText, "#E8E8E8"))
HIGH_CONTRAST = ((Role.Window, "white"), (Role.Base, "white"), (Role.WindowText, "black"), (Role.Text, "black"),
                 (Role.ButtonText, "black"), (Role.Highlight, "#0057A8"))
"""Black on white: a projector washes out greys and pastel backgrounds."""
Group = QPalette.ColorGroup
TEXT_ROLES = (Role.WindowText, Role.Text, Role.ButtonText)
DISABLED_TEXT = "#8A8A8A"
"""Text of what cannot be used now, in either look: plainly grey on white and on dark grey."""


def window_palette(appearance: Appearance) -> QPalette:
    """The style's standard palette with the dark or high-contrast colours of ``appearance``."""
    palette = QApplication.style().standardPalette()
    looks = (DARK if appearance.dark else ()) + (HIGH_CONTRAST if appearance.high_contrast else ())
    for role, colour in looks:
        # Active and inactive only: set for every group, a disabled button (Previous on the first
        # step, Cancel with nothing running) was drawn as black as an enabled one on the projector.
        for group in (Group.Active, Group.Inactive):
            palette.setColor(group, role, QColor(colour))
        if role in TEXT_ROLES:
            palette.setColor(Group.Disabled, role, QColor(DISABLED_TEXT))
    return palette
