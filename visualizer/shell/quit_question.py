"""The question asked before unsaved work would go: on quitting, and before a session or a real model
replaces what is open. Save, go on without saving, or Cancel (nothing happens)."""

from __future__ import annotations

from enum import Enum

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QMessageBox, QWidget

from visualizer.core.problems import QT_TRANSLATE_NOOP

CONTEXT = "QuitQuestion"


class QuitChoice(Enum):
    """The teacher's answer."""

    SAVE = "save"
    DISCARD = "discard"
    CANCEL = "cancel"


class Purpose(Enum):
    """What the teacher is about to do: the question and its *without saving* button say it.

    The values are (question, the button that goes on without saving), English sources in context
    ``QuitQuestion``; ``{0}`` is the name of what opens.
    """

    QUIT = (QT_TRANSLATE_NOOP("QuitQuestion", "Save the session before quitting?"),
            QT_TRANSLATE_NOOP("QuitQuestion", "Quit &without saving"))
    OPEN = (QT_TRANSLATE_NOOP("QuitQuestion", "Save the session before opening {0}?"),
            QT_TRANSLATE_NOOP("QuitQuestion", "Open &without saving"))
    MODEL = (QT_TRANSLATE_NOOP("QuitQuestion", "Save the session before opening the model {0}?"),
             QT_TRANSLATE_NOOP("QuitQuestion", "Open &without saving"))
    TOY = (QT_TRANSLATE_NOOP("QuitQuestion", "Save the session before closing the real model?"),
           QT_TRANSLATE_NOOP("QuitQuestion", "Close &without saving"))
    RESTORE = (QT_TRANSLATE_NOOP("QuitQuestion", "Save the session before restoring the work saved automatically?"),
               QT_TRANSLATE_NOOP("QuitQuestion", "Restore &without saving"))


def ask_about_unsaved_work(parent: QWidget, purpose: Purpose = Purpose.QUIT, name: str = "",
                           toy_work: bool = True, real_work: bool = False) -> QuitChoice:
    """Ask, in a modal box over ``parent``, what to do with work not saved yet (Return saves,
    Escape cancels).

    Parameters
    ----------
    parent : QWidget
        The window.
    purpose : Purpose
        Quitting, or what is about to open or close.
    name : str
        The file or folder about to open (``{0}`` of the question).
    toy_work, real_work : bool
        Which work would be lost, said under the question: the toy's (sentence, scheme, E) and the
        Real model page's (its sentence, the order of its tokens, their undo history).
    """
    question, go_on = purpose.value
    box = QMessageBox(parent)
    box.setIcon(QMessageBox.Icon.Question)
    box.setWindowTitle(QCoreApplication.translate("QuitQuestion", "Unsaved work"))
    box.setText(QCoreApplication.translate(CONTEXT, question).format(name))
    lost = []
    if toy_work:
        lost.append(QCoreApplication.translate(
            "QuitQuestion", "The sentence, the scheme and the edits to E since the last save would be lost."))
    if real_work:
        lost.append(QCoreApplication.translate(
            "QuitQuestion", "The changes on the Real model page since the last save would be lost."))
    box.setInformativeText(" ".join(lost))
    return save_discard_or_cancel(box, QCoreApplication.translate("QuitQuestion", "&Save"),
                                  QCoreApplication.translate(CONTEXT, go_on),
                                  QCoreApplication.translate("QuitQuestion", "Cancel"))


def save_discard_or_cancel(box: QMessageBox, save_text: str, discard_text: str, cancel_text: str) -> QuitChoice:
    """Give ``box`` (its question written) its three buttons, Return saving and Escape cancelling,
    ask, and delete it; the teacher's answer."""
    role = QMessageBox.ButtonRole
    save = box.addButton(save_text, role.AcceptRole)
    discard = box.addButton(discard_text, role.DestructiveRole)
    cancel = box.addButton(cancel_text, role.RejectRole)
    box.setDefaultButton(save)
    box.setEscapeButton(cancel)
    box.exec()
    clicked = box.clickedButton()
    box.deleteLater()
    if clicked is save:
        return QuitChoice.SAVE
    return QuitChoice.DISCARD if clicked is discard else QuitChoice.CANCEL


__all__ = ["Purpose", "QuitChoice", "ask_about_unsaved_work", "save_discard_or_cancel"]
