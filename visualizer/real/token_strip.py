"""The real model's tokens as chips in a row; drag a chip to reorder the sentence."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, Qt, QTimer
from PySide6.QtGui import QBrush
from PySide6.QtWidgets import QAbstractItemView, QListView, QListWidget, QListWidgetItem, QWidget

from visualizer.real.state import RealModel
from visualizer.ui.palette import BEYOND_TRAINED
from visualizer.ui.protocol import ListeningView
from visualizer.ui.values import ControlValue


def chip_text(position: int, token: str, token_id: int) -> str:
    """What a chip shows: position (1-based), the token (␣ for a leading space marker), its id."""
    shown = token.replace(" ", "␣").replace("Ġ", "␣").replace("▁", "␣")
    return f"{position}\n{shown}\n{token_id}"


class RealTokenStrip(ListeningView, QListWidget):
    """One chip per token of the real model's sentence; chips past a learned table are marked."""

    def __init__(self, model: RealModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._model = model
        self.setFlow(QListView.Flow.LeftToRight)
        self.setWrapping(False)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        self.setDragDropMode(QAbstractItemView.DragDropMode.InternalMove)
        self.setDefaultDropAction(Qt.DropAction.MoveAction)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setFixedHeight(86)
        self.setSpacing(3)
        self.model().rowsMoved.connect(self._on_rows_moved)
        self._row = ControlValue(self.currentRow, self.setCurrentRow, self.currentRowChanged)
        self._row.changed.connect(self._on_current_row)
        self.listen(model.tokens_changed, self.refresh)
        self.listen(model.selection_changed, self._on_selection)
        self.refresh()

    def refresh(self) -> None:
        """Rebuild the chips from the model."""
        with self._row.quietly():  # rebuilding the chips is not a selection
            self._fill()

    def _fill(self) -> None:
        model = self._model
        beyond = set(model.beyond_trained_length())
        self.clear()
        for position, (token, token_id) in enumerate(zip(model.tokens, model.ids, strict=True)):
            item = QListWidgetItem(chip_text(position + 1, token, token_id))
            item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
            if position in beyond:
                item.setForeground(QBrush(BEYOND_TRAINED))
                item.setToolTip(self.tr("Beyond the trained length: this model has no position {0}")
                                .format(position + 1))
            self.addItem(item)
        if model.selected is not None:
            self.setCurrentRow(model.selected)

    def _on_rows_moved(self, _parent: QModelIndex, start: int, _end: int, _dest: QModelIndex, row: int) -> None:
        # Qt reports the destination as the row the item was dropped before.
        destination = row - 1 if row > start else row
        # The model rebuilds the chips: let the list finish its own drop first.
        QTimer.singleShot(0, lambda: self._model.move_token(start, destination))

    def _on_current_row(self, row: int) -> None:
        self._model.set_selected(row if row >= 0 else None)

    def _on_selection(self, position: object) -> None:
        if isinstance(position, int):
            self._row.value = position

    def detach(self) -> None:
        """Stop listening to the model (idempotent)."""
        self.stop_listening()
