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
    box = QMessageBox(parent)
    box.setIcon(QMessageBox.Icon.Question)
    box.setWindowTitle(QCoreApplication.translate("QuitQuestion", "Unsaved work"))
    box.setText(QCoreApplication.translate("QuitQuestion", "Save the session before quitting?"))
    box.setInformativeText(QCoreApplication.translate(
        "QuitQuestion", "The sentence, the scheme and the edits to E since the last save would be lost."))
    role = QMessageBox.ButtonRole
    save = box.addButton(QCoreApplication.translate("QuitQuestion", "&Save"), role.AcceptRole)
    discard = box.addButton(QCoreApplication.translate("QuitQuestion", "Quit &without saving"), role.DestructiveRole)
    cancel = box.addButton(QCoreApplication.translate("QuitQuestion", "Cancel"), role.RejectRole)
    box.setDefaultButton(save)
    box.setEscapeButton(cancel)
    box.exec()
    clicked = box.clickedButton()
    box.deleteLater()
    if clicked is save:
        return QuitChoice.SAVE
    return QuitChoice.DISCARD if clicked is discard else QuitChoice.CANCEL


__all__ = ["QuitChoice", "ask_about_unsaved_work"]
