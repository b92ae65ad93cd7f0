"""The bar that says why a file was refused, and stays until the teacher dismisses it."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QWidget


class ProblemBar(QWidget):
    """One line naming a refused file's problem, with *Dismiss*: a status-bar message is gone after
    a few seconds, often before anyone at the front of a class has read it.

    A newer problem replaces the one shown; opening something else successfully leaves it until
    dismissed (it still says what went wrong with that file).
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("problem_bar")
        self.setStyleSheet("#problem_bar { background: #FDE2E1; } QLabel { color: #7A0012; }")
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.label = QLabel()
        self.label.setWordWrap(True)
        self.label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.dismiss_button = QPushButton()
        row = QHBoxLayout(self)
        row.addWidget(self.label, 1)
        row.addWidget(self.dismiss_button)
        self.dismiss_button.clicked.connect(self.dismiss)
        self.retranslate()
        self.hide()

    def show_problem(self, text: str) -> None:
        """Show ``text`` until dismissed."""
        self.label.setText(text)
        self.show()

    def text(self) -> str:
        """The problem shown ("" when none is)."""
        return self.label.text() if not self.isHidden() else ""

    def dismiss(self) -> None:
        """The teacher has read it."""
        self.hide()
        self.label.clear()

    def retranslate(self) -> None:
        """Re-read the button's text (the problem itself was said in the language of its moment)."""
        self.dismiss_button.setText(self.tr("Dismiss"))


__all__ = ["ProblemBar"]
