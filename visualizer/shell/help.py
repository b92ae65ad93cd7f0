"""Help → Keyboard shortcuts (F1, also while presenting) and Help → About: the dialogs, opened
once and brought forward after that, retranslated with the window."""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QDialog

from ..views.about_dialog import AboutDialog
from ..views.shortcuts_dialog import ShortcutsDialog

if TYPE_CHECKING:
    from .main_window import MainWindow

Dialog = TypeVar("Dialog", bound=QDialog)


class Help(QObject):
    """The two help dialogs of a window (the menu entries are rows of the action table)."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self._window = window
        self.shortcuts_dialog: ShortcutsDialog | None = None
        self.about_dialog: AboutDialog | None = None

    def show_shortcuts(self) -> ShortcutsDialog:
        """Open (or bring forward) the cheat sheet; returns it."""
        if self.shortcuts_dialog is None:
            self.shortcuts_dialog = ShortcutsDialog(self._window)
        return self._present(self.shortcuts_dialog)

    def show_about(self) -> AboutDialog:
        """Open (or bring forward) the About dialog; returns it."""
        if self.about_dialog is None:
            window = self._window
            self.about_dialog = AboutDialog(window.lesson_run.lesson, lambda: window.appearance.language, window)
        return self._present(self.about_dialog)

    def retranslate(self) -> None:
        """The window's language changed: so do the open dialogs, at once."""
        for dialog in (self.shortcuts_dialog, self.about_dialog):
            if dialog is not None:
                dialog.retranslate()

    @staticmethod
    def _present(dialog: Dialog) -> Dialog:
        dialog.show()  # not modal: the lesson goes on behind it
        dialog.raise_()
        dialog.activateWindow()
        return dialog
