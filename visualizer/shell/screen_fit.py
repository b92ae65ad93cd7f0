"""Windows that fit the screen they open on: a laptop's 1366 × 768 must show the whole window.

A remembered geometry needs nothing here: ``restoreGeometry`` already brings a window that no
longer fits (a smaller screen, an unplugged one) back inside the available area.
"""

from __future__ import annotations

from PySide6.QtCore import QRect, QSize
from PySide6.QtWidgets import QWidget

PREFERRED_SIZE = QSize(1400, 900)
FRAME_ALLOWANCE = QSize(16, 48)
"""Room for the window manager's borders and title bar, which ``resize`` does not count."""


def fit_to_screen(window: QWidget, preferred: QSize = PREFERRED_SIZE) -> None:
    """Size ``window`` to ``preferred``, or to the screen's available area if that is smaller,
    and centre it there (a first launch)."""
    area = window.screen().availableGeometry()
    size = preferred.boundedTo(area.size() - FRAME_ALLOWANCE)
    window.resize(size)
    frame = QRect(area.topLeft(), size + FRAME_ALLOWANCE)
    frame.moveCenter(area.center())
    window.move(frame.topLeft())
