"""Windows that fit the screen they open on, and stay inside it: a laptop's 1366 × 768 must show
the whole window whatever it shows (a real model, a zoom level, a tab).

Three rules. A first launch takes the preferred size or the screen's available area, whichever is
smaller (:func:`fit_to_screen`). What the window holds never raises its minimum size: the content
sits in a scroll area that grows it to the room given and scrolls only when a zoom level asks for
more than the screen has (:func:`within_screen`); so the window never grows on its own, and a zoom
reset finds it the size it was. A remembered geometry comes back exactly, moved and shrunk only as
far as a smaller screen makes it (:func:`remembered_geometry`, :func:`restore_geometry`).
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QRect, QSize, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QDockWidget, QFrame, QMainWindow, QScrollArea, QVBoxLayout, QWidget

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


class ContentLayout(QVBoxLayout):
    """A column whose height does not follow its width, seen from outside: a scroll area given a
    layout with height-for-width sizes its content to the *preferred* height for the width (every
    wrapped label at full length), which scrolls a window that would fit. Inside, the children
    still get the heights their widths need."""

    def hasHeightForWidth(self) -> bool:
        return False


def within_screen(content: QWidget) -> QScrollArea:
    """``content`` (laid out by a :class:`ContentLayout`) in a frameless scroll area: as large as the
    room it is given, with scroll bars only while that room is smaller than ``content``'s minimum.
    Whatever ``content`` holds, the area's own minimum stays small, so the window's minimum never
    outgrows the screen."""
    area = QScrollArea()
    area.setObjectName("within_screen")
    area.setFrameShape(QFrame.Shape.NoFrame)
    area.setWidgetResizable(True)
    area.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # the keyboard goes to what it holds (the text box first)
    area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
    area.setWidget(content)
    return area


def dock_least_widths(window: QMainWindow) -> None:
    """Give each dock of ``window`` no larger least width than what it holds needs: docked along
    the bottom, Qt raises a dock's least width to its contents' of the moment and never lowers it
    again, so after a zoom step and Ctrl+0 the lesson's band kept the width of the larger type
    (876 px for 528 at 1024 × 768) and the window could not take a zoom step again."""
    for dock in window.findChildren(QDockWidget):
        content = dock.widget()
        if content is None or dock.isFloating():
            continue
        layout = dock.layout()
        margins = layout.contentsMargins() if layout is not None else None
        frame = margins.left() + margins.right() if margins is not None else 0
        needed = content.minimumSizeHint().width() + frame
        if dock.minimumWidth() > needed:
            dock.setMinimumWidth(needed)


@dataclass(frozen=True)
class WindowPlace:
    """Where a window was, as a person saw it: its frame (title bar and borders included) and the
    size of its content, and whether it was maximized."""

    frame: QRect
    size: QSize
    maximized: bool = False

    def to_list(self) -> list[int]:
        """What settings keep: [frame x, y, width, height, content width, height, maximized]."""
        frame = self.frame
        return [frame.x(), frame.y(), frame.width(), frame.height(), self.size.width(), self.size.height(),
                int(self.maximized)]

    @classmethod
    def from_value(cls, value: object) -> WindowPlace | None:
        """A place read back from settings (INI files give strings), or None if it is not one."""
        if not isinstance(value, (list, tuple)) or len(value) != 7:
            return None
        try:
            x, y, frame_width, frame_height, width, height, maximized = (int(str(v)) for v in value)
        except ValueError:
            return None
        if not 0 < width <= frame_width or not 0 < height <= frame_height:
            return None
        return cls(QRect(x, y, frame_width, frame_height), QSize(width, height), bool(maximized))


def remembered_geometry(window: QWidget, last_normal: WindowPlace | None = None) -> WindowPlace:
    """Where ``window`` is now; while maximized or full screen, where it was before (``last_normal``,
    else its normal geometry)."""
    state = window.windowState()
    if state & (Qt.WindowState.WindowMaximized | Qt.WindowState.WindowFullScreen):
        maximized = bool(state & Qt.WindowState.WindowMaximized)
        if last_normal is not None:
            return WindowPlace(last_normal.frame, last_normal.size, maximized)
        normal = window.normalGeometry()
        return WindowPlace(normal, normal.size(), maximized)
    return WindowPlace(window.frameGeometry(), window.size())


def restore_geometry(window: QWidget, place: WindowPlace) -> None:
    """Put ``window`` where ``place`` says, on the screen that holds most of it (or the window's
    own): exactly there if it fits, else moved, then shrunk, just enough to be wholly on screen."""
    screens = QGuiApplication.screens()
    best = max(screens, key=lambda screen: _overlap(screen.availableGeometry(), place.frame), default=None)
    screen = best if best is not None and _overlap(best.availableGeometry(), place.frame) > 0 else window.screen()
    area = screen.availableGeometry()
    margins = place.frame.size() - place.size  # the window manager's borders and title bar then
    size = place.size.boundedTo(area.size() - margins)
    frame = QRect(place.frame.topLeft(), size + margins)
    frame.moveLeft(min(max(frame.left(), area.left()), area.right() + 1 - frame.width()))
    frame.moveTop(min(max(frame.top(), area.top()), area.bottom() + 1 - frame.height()))
    window.resize(size)
    window.move(frame.topLeft())  # a top-level window's position is its frame's
    if place.maximized:
        window.setWindowState(window.windowState() | Qt.WindowState.WindowMaximized)


def _overlap(a: QRect, b: QRect) -> int:
    both = a.intersected(b)
    return both.width() * both.height() if both.isValid() else 0


__all__ = ["FRAME_ALLOWANCE", "PREFERRED_SIZE", "ContentLayout", "WindowPlace", "dock_least_widths", "fit_to_screen",
           "remembered_geometry", "restore_geometry", "within_screen"]
