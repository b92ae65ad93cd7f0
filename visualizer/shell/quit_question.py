"""The question a window with unsaved work asks before it closes: save, quit without saving, or stay."""

from __future__ import annotations

from enum import Enum

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QMessageBox, QWidget


class QuitChoice(Enum):
    """The teacher's answer."""

    SAVE = "save"
    DISCARD = "discard"
    CANCEL = "cancel"


def ask_about_unsaved_work(parent: QWidget) -> QuitChoice:
    """Ask, in a modal box over ``parent``, what to do with work not saved yet (Return saves,
    Escape stays)."""
    tr = QCoreApplication.translate
    box = QMessageBox(parent)
    box.setIcon(QMessageBox.Icon.Question)
    box.setWindowTitle(tr("QuitQuestion", "Unsaved work"))
    box.setText(tr("QuitQuestion", "Save the session before quitting?"))
    box.setInformativeText(tr("QuitQuestion", "The sentence, the scheme and the edits to E since the last save "
                                              "would be lost."))
    save = box.addButton(tr("QuitQuestion", "&Save"), QMessageBox.ButtonRole.AcceptRole)
    discard = box.addButton(tr("QuitQuestion", "Quit &without saving"), QMessageBox.ButtonRole.DestructiveRole)
    cancel = box.addButton(tr("QuitQuestion", "Cancel"), QMessageBox.ButtonRole.RejectRole)
    box.setDefaultButton(save)
    box.setEscapeButton(cancel)
    box.exec()
    clicked = box.clickedButton()
    box.deleteLater()
    if clicked is save:
        return QuitChoice.SAVE
    return QuitChoice.DISCARD if clicked is discard else QuitChoice.CANCEL


__all__ = ["QuitChoice", "ask_about_unsaved_work"]
