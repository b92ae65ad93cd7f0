"""Presentation mode as one object: type scale, contrast, blanking, clicker keys, where the lesson sits."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QMargins, QObject, Qt
from PySide6.QtWidgets import QLabel, QWidget

if TYPE_CHECKING:
    from .main_window import MainWindow

MIN_PRESENTATION_SCALE, MAX_PRESENTATION_SCALE = 1.5, 2.5
ZOOM_STEP = 1.15
STAGE_MARGIN = 2  # px around the stage while presenting (the ordinary window keeps Qt's own)
QWIDGETSIZE_MAX = 16_777_215  # Qt's "no maximum"
LESSON_SHARE = 0.22  # of the window width, for the lesson beside the views
LESSON_SHARE_PRESENTING = 0.24  # of the height at most, for the lesson along the bottom


def presentation_scale(width: int, height: int) -> float:
    """Type size for presenting on a ``width`` × ``height`` screen: 1.5 at 1024 × 768, more on larger."""
    scale = 1.5 * min(width / 1024, height / 768)
    return round(min(MAX_PRESENTATION_SCALE, max(MIN_PRESENTATION_SCALE, scale)), 2)


def stage_scale(width: int, height: int) -> float:
    """Size of each step's main visual on a ``width`` × ``height`` screen: 1.5 at 1024 × 768 and in
    proportion beyond, uncapped (a 4K projector gets digits 2.8 times as tall)."""
    return round(max(MIN_PRESENTATION_SCALE, 1.5 * min(width / 1024, height / 768)), 3)


class Presentation(QObject):
    """Everything that changes when the teacher presses F5, and changes back on Esc.

    While presenting: full screen, the type scaled to the screen, high contrast, no menu bar,
    the text box and vocabulary put aside, the lesson along the bottom like subtitles, and the
    clicker keys (→, ←, B, Space, Esc) enabled. Leaving restores the zoom and contrast the
    teacher had before.
    """

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self._window = window
        self._presenting = False
        self.scale = MIN_PRESENTATION_SCALE
        self.scale_before = 1.0
        self.contrast_before = False
        self._margins, self._spacing = QMargins(), 0  # the ordinary window's, kept while presenting
        self.blank = QLabel(window)  # B: a black screen while the class talks
        self.blank.setStyleSheet("background: black;")
        self.blank.hide()

    @property
    def presenting(self) -> bool:
        """True in presentation mode."""
        return self._presenting

    def toggle(self) -> None:
        """F5: in or out of presentation mode."""
        self.set_presenting(not self._presenting)

    def set_presenting(self, on: bool, full_screen: bool = True) -> None:
        """Enter or leave presentation mode.

        The scale follows the screen (or, with ``full_screen=False``, the window: screenshots):
        150% at 1024 × 768, up to 250% on large screens; zoom keys adjust it from there.
        """
        if on == self._presenting:
            return
        window, appearance = self._window, self._window.appearance
        self._presenting = on
        if on:
            self.scale_before, self.contrast_before = appearance.scale, appearance.high_contrast
            area = window.screen().availableGeometry().size() if full_screen else window.size()
            self.scale = presentation_scale(area.width(), area.height())
            appearance.set_scale(self.scale)
            appearance.set_high_contrast(True)
            # The main visual keeps growing with the screen where the rest of the type stops.
            appearance.set_presenting(True, stage_scale(area.width(), area.height()))
            # The lesson is shown, not started: the class's own sentence stays until Next.
        else:
            # Leave full screen before the layout grows back: the taller panels must not meet a
            # full-screen window (Qt would drop the state without telling anyone).
            if window.isFullScreen():
                window.showNormal()
            appearance.set_presenting(False)
            appearance.set_scale(self.scale_before)
            appearance.set_high_contrast(self.contrast_before)
            self.blank.hide()
        window.arrange_side_widgets()
        window.look.fit_vocabulary()
        window.menuBar().setVisible(not on)
        # Presenting, the lesson runs along the bottom like subtitles: the matrices keep the width.
        area_for_lesson = Qt.DockWidgetArea.BottomDockWidgetArea if on else Qt.DockWidgetArea.RightDockWidgetArea
        window.addDockWidget(area_for_lesson, window.lesson_dock)
        window.scheme_selector.set_compact(on)
        window.tabs.tabBar().setVisible(not on)  # the lesson picks the view; other tabs step aside
        window.tabs.setDocumentMode(on)  # no frame around the stage
        layout = window.central_layout
        if on:
            self._margins, self._spacing = layout.contentsMargins(), layout.spacing()
            layout.setContentsMargins(STAGE_MARGIN, STAGE_MARGIN, STAGE_MARGIN, STAGE_MARGIN)
            layout.setSpacing(STAGE_MARGIN)
        else:
            layout.setContentsMargins(self._margins)
            layout.setSpacing(self._spacing)
        window.lesson_panel.set_wide(on)
        # No title bar on the lesson while presenting: every pixel of height counts.
        window.lesson_dock.setTitleBarWidget(QWidget() if on else None)  # type: ignore[arg-type]  # None: Qt's own bar
        window.lesson_dock.setVisible(on or window.action_table["lesson"].isChecked())
        window.action_table.set_presenting(on)
        if on and full_screen:
            window.showFullScreen()
        self.size_lesson_dock()

    def size_lesson_dock(self, *_: object) -> None:
        """The lesson's share: what its text needs along the bottom (24% of the height at most),
        22% of the width beside."""
        window = self._window
        self.blank.setGeometry(window.rect())
        if window.lesson_dock.isHidden():
            return
        if self._presenting:
            # As tall as this step's text needs, so the stage keeps the rest of the screen.
            needed = window.lesson_panel.heightForWidth(window.width())
            height = min(int(window.height() * LESSON_SHARE_PRESENTING), max(needed, 1))
            window.lesson_panel.setMaximumHeight(height)
            window.resizeDocks([window.lesson_dock], [height], Qt.Orientation.Vertical)
        else:
            window.lesson_panel.setMaximumHeight(QWIDGETSIZE_MAX)
            window.resizeDocks([window.lesson_dock], [int(window.width() * LESSON_SHARE)], Qt.Orientation.Horizontal)

    # ---- zoom and blanking -------------------------------------------------------------------

    def zoom_in(self) -> None:
        """Ctrl+=: everything 15% larger."""
        self._window.appearance.set_scale(self._window.appearance.scale * ZOOM_STEP)

    def zoom_out(self) -> None:
        """Ctrl+-: everything 15% smaller."""
        self._window.appearance.set_scale(self._window.appearance.scale / ZOOM_STEP)

    def reset_zoom(self) -> None:
        """Ctrl+0: back to 100% (or the presentation size while presenting)."""
        self._window.appearance.set_scale(self.scale if self._presenting else 1.0)

    def saved_scale(self) -> float:
        """The teacher's own zoom, whatever presenting has done to it (what settings keep)."""
        return self.scale_before if self._presenting else self._window.appearance.scale

    def saved_contrast(self) -> bool:
        """The teacher's own contrast choice, whatever presenting has done to it."""
        return self.contrast_before if self._presenting else self._window.appearance.high_contrast

    def toggle_blank(self) -> None:
        """B while presenting: black out the screen, or bring it back."""
        self.blank.setGeometry(self._window.rect())
        self.blank.setVisible(not self.blank.isVisible())
        self.blank.raise_()

    def is_blank(self) -> bool:
        """True while the screen is blacked out."""
        return self.blank.isVisible()
