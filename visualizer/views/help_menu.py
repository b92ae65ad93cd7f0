"""The Help menu: keyboard shortcuts (also F1, which works while presenting) and About.

The window gets it with one call, :func:`install_help_menu`, so the menu can be re-wired into
another window layout without touching its contents.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDialog, QMenu

from .about_dialog import AboutDialog
from .shortcuts_dialog import ShortcutsDialog

if TYPE_CHECKING:
    from ..window import MainWindow

HELP_KEY = "F1"
Dialog = TypeVar("Dialog", bound=QDialog)


class HelpMenu(QMenu):
    """Help → Keyboard shortcuts (F1), About.

    Parameters
    ----------
    window : MainWindow
        The window the menu and its dialogs belong to.
    """

    def __init__(self, window: MainWindow):
        super().__init__(window)
        self.setObjectName("help_menu")
        self._window = window
        self.shortcuts_dialog: ShortcutsDialog | None = None
        self.about_dialog: AboutDialog | None = None
        self.shortcuts_action = QAction(self)
        self.shortcuts_action.setShortcut(QKeySequence(HELP_KEY))
        self.shortcuts_action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        self.shortcuts_action.triggered.connect(self.show_shortcuts)
        window.addAction(self.shortcuts_action)  # the menu bar is hidden while presenting: F1 still works
        self.about_action = QAction(self)
        self.about_action.setMenuRole(QAction.MenuRole.AboutRole)
        self.about_action.triggered.connect(self.show_about)
        self.addActions([self.shortcuts_action, self.about_action])
        self._language = window.appearance.language
        window.appearance.changed.connect(self._on_appearance_changed)
        self._attached = True
        window.installEventFilter(self)
        self.retranslate()

    def retranslate(self) -> None:
        """Re-read the menu's strings in the current language."""
        self.setTitle(self.tr("&Help"))
        self.shortcuts_action.setText(self.tr("&Keyboard shortcuts"))
        self.about_action.setText(self.tr("&About"))

    def _on_appearance_changed(self) -> None:
        # The window's language switch is synchronous: follow it at once, not at Qt's next
        # LanguageChange event, so that nothing is seen in the old language. Zoom and theme changes
        # come through the same signal and leave the text alone.
        if self._window.appearance.language != self._language:
            self._language = self._window.appearance.language
            self.retranslate()
            for dialog in (self.shortcuts_dialog, self.about_dialog):
                if dialog is not None:
                    dialog.retranslate()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        # No connection may outlive the window: drop it when the window closes.
        if watched is self._window and event.type() == QEvent.Type.Close:
            self.detach()
        return False

    def detach(self) -> None:
        """Disconnect from the window's appearance (idempotent)."""
        if self._attached:
            self._attached = False
            self._window.appearance.changed.disconnect(self._on_appearance_changed)

    def show_shortcuts(self) -> ShortcutsDialog:
        """Open (or bring forward) the cheat sheet; returns it."""
        if self.shortcuts_dialog is None:
            self.shortcuts_dialog = ShortcutsDialog(self._window)
        return self._present(self.shortcuts_dialog)

    def show_about(self) -> AboutDialog:
        """Open (or bring forward) the About dialog; returns it."""
        if self.about_dialog is None:
            window = self._window
            self.about_dialog = AboutDialog(window.lesson_panel.lesson, lambda: window.appearance.language, window)
        return self._present(self.about_dialog)

    @staticmethod
    def _present(dialog: Dialog) -> Dialog:
        dialog.show()  # not modal: the lesson goes on behind it
        dialog.raise_()
        dialog.activateWindow()
        return dialog


def install_help_menu(window: MainWindow) -> HelpMenu:
    """Add the Help menu (and F1) to ``window``'s menu bar; returns the menu."""
    menu = HelpMenu(window)
    window.menuBar().addMenu(menu)
    window.help_menu = menu  # type: ignore[attr-defined]  # reachable for tests and later re-wiring
    return menu
