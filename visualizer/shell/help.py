"""Help → Keyboard shortcuts (F1, also while presenting) and Help → About: the dialogs, opened
once and brought forward after that, retranslated with the window."""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QDialog, QWidget

from visualizer.appearance import Appearance
from visualizer.lesson.run import LessonRun
from visualizer.subscriptions import Listening

if TYPE_CHECKING:  # the dialogs (and Qt's printing) load when first opened: a faster start
    from visualizer.shell.about_dialog import AboutDialog
    from visualizer.shell.shortcuts_dialog import ShortcutsDialog

Dialog = TypeVar("Dialog", bound=QDialog)


class Help(Listening, QObject):
    """The two help dialogs of a window (the menu entries are rows of the action table).

    Parameters
    ----------
    parent : QWidget
        The window the dialogs belong to.
    lesson : LessonRun
        Whose lesson About names (the one in use when it opens).
    appearance : Appearance
        Whose language the dialogs follow.
    """

    def __init__(self, parent: QWidget, lesson: LessonRun, appearance: Appearance) -> None:
        super().__init__(parent)
        self._parent, self._lesson, self._appearance = parent, lesson, appearance
        self.shortcuts_dialog: ShortcutsDialog | None = None
        self.about_dialog: AboutDialog | None = None
        self.listen(appearance.events.language, self.retranslate)

    def show_shortcuts(self) -> ShortcutsDialog:
        """Open (or bring forward) the cheat sheet; returns it."""
        if self.shortcuts_dialog is None:
            from visualizer.shell.shortcuts_dialog import ShortcutsDialog

            self.shortcuts_dialog = ShortcutsDialog(self._parent)
        return self._present(self.shortcuts_dialog)

    def show_about(self) -> AboutDialog:
        """Open (or bring forward) the About dialog; returns it."""
        if self.about_dialog is None:
            from visualizer.shell.about_dialog import AboutDialog

            appearance = self._appearance
            self.about_dialog = AboutDialog(self._lesson.lesson, lambda: appearance.language, self._parent)
        self.about_dialog.lesson = self._lesson.lesson  # the lesson in use now (File → Open lesson)
        self.about_dialog.retranslate()
        return self._present(self.about_dialog)

    def retranslate(self, *_: object) -> None:
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
