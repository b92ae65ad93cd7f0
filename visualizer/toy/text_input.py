"""The sentence box: type text, see whether the toy vocabulary can tokenize it, apply it.

The box shows a leading space as ``␣`` (as the strip's chips do), and reads ``␣`` as a space: a
sentence that starts with a space-led token reads ``␣noo gato subiu``, and typing what is read
gives the same ids.
"""

from __future__ import annotations

from PySide6.QtWidgets import QHBoxLayout, QLabel, QLineEdit, QPushButton, QStyle, QVBoxLayout, QWidget

from visualizer.appearance import Appearance
from visualizer.core import LEADING_SPACE_GLYPH, TokenizeError, shown_text, tokenize, typed_text
from visualizer.model import EmbeddingModel, TooManyTokensError
from visualizer.ui.layout_boundary import LayoutBoundary
from visualizer.ui.palette import scaled_font
from visualizer.ui.protocol import ListeningView
from visualizer.ui.rendering import copy_panel

ERROR_STYLE = "color: #B00020; font-weight: bold;"
OK_STYLE = "color: palette(window-text);"


class TextInput(ListeningView, QWidget):
    """A line edit that tokenizes as you type and applies the sentence on Enter.

    An untokenizable sentence is never applied: the message under the box names the text no
    token matches and its character offset, and the strip keeps the last good sequence.
    """

    def __init__(self, model: EmbeddingModel, appearance: Appearance, parent: QWidget | None = None):
        super().__init__(parent)
        self._model = model
        self._appearance = appearance
        self.line_edit = QLineEdit(shown_text(model.text))
        self.line_edit.setClearButtonEnabled(True)
        copy_panel(self.line_edit, QStyle.PrimitiveElement.PE_PanelLineEdit)  # its frame, drawn once
        self.apply_button = QPushButton()
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.caption = QLabel()
        row = QHBoxLayout()
        row.addWidget(self.caption)
        row.addWidget(self.line_edit, 1)
        row.addWidget(self.apply_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(row)
        # Its words change with every move of a token, its height seldom: its box tells the layout
        # only of a change of height (the box, the strip and the views stay where they are).
        layout.addWidget(LayoutBoundary(self.message))
        self.line_edit.textEdited.connect(self._on_text_edited)
        self.line_edit.returnPressed.connect(self.apply)
        self.apply_button.clicked.connect(self.apply)
        self.listen(model.events.tokens_changed, self.refresh)
        self.listen(appearance.events.scale, self._on_scale_changed)
        self.listen(appearance.events.language, self.retranslate)
        self._on_scale_changed()
        self.retranslate()

    def retranslate(self) -> None:
        """Re-read every visible string."""
        self.caption.setText(self.tr("Text:"))
        self.apply_button.setText(self.tr("Tokenize"))
        self.line_edit.setPlaceholderText(self.tr("Type a sentence made of the vocabulary's tokens"))
        self._show_preview(typed_text(self.line_edit.text()))

    def apply(self) -> bool:
        """Tokenize the box's text and make it the sequence; on failure show why and keep all."""
        text = typed_text(self.line_edit.text())
        try:
            self._model.set_text(text)
        except TokenizeError as error:
            self._show_tokenize_error(error)
            return False
        except TooManyTokensError as error:
            self._show_error(self.tr("{0} tokens is more than this app shows ({1} at most)").format(
                error.count, error.limit))
            return False
        self._show_preview(text)
        return True

    def _on_text_edited(self, text: str) -> None:
        if text.startswith(" "):  # a space typed at the front would be invisible: show it as ␣
            cursor = self.line_edit.cursorPosition()
            self.line_edit.setText(LEADING_SPACE_GLYPH + text[1:])
            self.line_edit.setCursorPosition(cursor)
        self._show_preview(typed_text(text))

    def _show_preview(self, text: str) -> None:
        """The ids of ``text`` (a space, not ␣, at the front), or why it has none."""
        try:
            ids = tokenize(text, self._model.tokens)
        except TokenizeError as error:
            self._show_tokenize_error(error)
            return
        if text == self._model.text:
            message = self.tr("{0} tokens: ids {1}").format(len(ids), ids)
        else:
            message = self.tr("{0} tokens: ids {1}. Press Enter to use them.").format(len(ids), ids)
        self._set_message(message, OK_STYLE)

    def _show_tokenize_error(self, error: TokenizeError) -> None:
        self._show_error(self.tr(
            "No token of the vocabulary matches \u201c{0}\u201d at character {1}. "
            "The strip keeps the last sentence that worked.").format(error.unmatched, error.offset))

    def _show_error(self, text: str) -> None:
        self._set_message(text, ERROR_STYLE)

    def _set_message(self, text: str, style: str) -> None:
        # Re-applying a style sheet re-polishes the widget: only do it when the kind changes.
        if self.message.styleSheet() != style:
            self.message.setStyleSheet(style)
        self.message.setText(text)

    def refresh(self) -> None:
        """Show the model's sentence and its ids."""
        shown = shown_text(self._model.text)
        if self.line_edit.text() != shown:
            self.line_edit.setText(shown)
        self._show_preview(self._model.text)

    def _on_scale_changed(self) -> None:
        self.line_edit.setFont(scaled_font(self._appearance, 16))
        self.caption.setFont(scaled_font(self._appearance, 13, bold=True))
        self.message.setFont(scaled_font(self._appearance, 11))
        self.apply_button.setFont(scaled_font(self._appearance, 12))
