"""The token sequence as a Qt list model: one row per position, drag-and-drop to reorder."""

from __future__ import annotations

from typing import Any, NamedTuple

from PySide6.QtCore import (
    QAbstractListModel,
    QByteArray,
    QMimeData,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
    Signal,
)

from visualizer.core import display_token
from visualizer.model import EmbeddingModel, TooManyTokensError
from visualizer.selection import Highlight
from visualizer.subscriptions import Listening

TOKEN_POSITION_MIME = "application/x-embedding-visualizer-position"
"""A chip being dragged within the strip: payload is its 0-based position, as ASCII digits."""
TOKEN_ID_MIME = "application/x-embedding-visualizer-token-id"
"""A vocabulary row being dragged onto the strip: payload is the token id, as ASCII digits."""

IdRole = Qt.ItemDataRole.UserRole + 1
BeyondTrainedRole = Qt.ItemDataRole.UserRole + 2
HighlightRole = Qt.ItemDataRole.UserRole + 3

AnyIndex = QModelIndex | QPersistentModelIndex

CHIP_FLAGS = (Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemIsDragEnabled
              | Qt.ItemFlag.ItemNeverHasChildren)
"""What every chip allows (made once: Qt's flags combine in Python, slowly, and are asked per chip per paint)."""


class Chip(NamedTuple):
    """What one chip shows: the token as written, its id, past the learned table, highlighted."""

    text: str
    token_id: int
    beyond: bool
    highlighted: bool


_CHIP_FIELDS = {Qt.ItemDataRole.DisplayRole: "text", IdRole: "token_id", BeyondTrainedRole: "beyond",
                HighlightRole: "highlighted"}
"""Which field of a :class:`Chip` each role reads."""


class TokenStripModel(Listening, QAbstractListModel):
    """List model over ``EmbeddingModel.ids``.

    Drops are model commands: a chip dropped between two others is ``move_token``, a
    vocabulary row dropped on the strip is ``insert_token``. Qt never removes the dragged row
    itself (the strip view runs its own drag), so a move is one atomic, undoable command.

    Signals
    -------
    drop_rejected : (str)
        A drop the model refused, with the reason (e.g. too many tokens).
    dropped : (int)
        A drop succeeded; the position (0-based) where the moved or inserted token now stands.
    """

    drop_rejected = Signal(str)
    dropped = Signal(int)

    def __init__(self, model: EmbeddingModel, highlight: Highlight, parent: Any = None) -> None:
        super().__init__(parent)
        self._model = model
        self._highlight = highlight
        # What the chips last showed of these two, so that a change repaints only the chips it changed.
        self._beyond = self._beyond_positions()
        self._highlighted = highlight.position
        self.listen(model.events.tokens_changed, self._on_tokens_changed)
        self.listen(model.events.scheme_changed, self._on_scheme_changed)
        self.listen(highlight.changed, self._on_highlight_changed)

    # ---- read ---------------------------------------------------------------------------------

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008 (Qt signature)
        return 0 if parent.isValid() else self._model.n

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < self._model.n:
            return None
        position = index.row()
        if role == Qt.ItemDataRole.ToolTipRole:
            return self.tr("position {0} · id {1}").format(position + 1, self._model.ids[position])
        field = _CHIP_FIELDS.get(role)
        return None if field is None else getattr(self.chip(position), field)

    def chip(self, position: int) -> Chip:
        """Everything the chip at ``position`` (0-based, in range) shows, in one call: the strip
        paints from this rather than asking ``data`` four times a chip through Qt (the roles read it too)."""
        token_id = self._model.ids[position]
        return Chip(display_token(self._model.tokens[token_id]), token_id,
                    self._model.is_beyond_trained(position),  # asked per chip per paint: no list built
                    self._highlight.position == position)

    def flags(self, index: AnyIndex) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.ItemIsDropEnabled
        return CHIP_FLAGS

    # ---- drag and drop ------------------------------------------------------------------------

    def supportedDropActions(self) -> Qt.DropAction:
        return Qt.DropAction.MoveAction | Qt.DropAction.CopyAction

    def supportedDragActions(self) -> Qt.DropAction:
        return Qt.DropAction.MoveAction

    def mimeTypes(self) -> list[str]:
        return [TOKEN_POSITION_MIME, TOKEN_ID_MIME]

    def mimeData(self, indexes: Any) -> QMimeData:
        mime = QMimeData()
        rows = sorted({i.row() for i in indexes if i.isValid()})
        if rows:
            mime.setData(TOKEN_POSITION_MIME, QByteArray(str(rows[0]).encode("ascii")))
            mime.setText(self.data(self.index(rows[0]), Qt.ItemDataRole.DisplayRole))
        return mime

    def canDropMimeData(self, data: QMimeData, action: Qt.DropAction, row: int, column: int,
                        parent: AnyIndex) -> bool:
        return _payload(data) is not None

    def dropMimeData(self, data: QMimeData, action: Qt.DropAction, row: int, column: int,
                     parent: AnyIndex) -> bool:
        """Apply a drop as one model command.

        ``row`` is the gap the drop landed in (0 .. n); -1 means "on an item" (``parent``) or
        on empty space after the last chip.
        """
        payload = _payload(data)
        if payload is None or action == Qt.DropAction.IgnoreAction:
            return False
        gap = row if row >= 0 else (parent.row() if parent.isValid() else self._model.n)
        kind, value = payload
        try:
            if kind == TOKEN_POSITION_MIME:
                if not 0 <= value < self._model.n:
                    return False
                # Taking the chip out first shifts every later gap one to the left.
                destination = min(gap - 1 if gap > value else gap, self._model.n - 1)
                self._model.move_token(value, destination)
            else:
                destination = min(gap, self._model.n)
                self._model.insert_token(destination, value)
        except TooManyTokensError as error:
            self.drop_rejected.emit(self.tr("{0} tokens is more than this app shows ({1} at most)").format(
                error.count, error.limit))
            return False
        except (ValueError, IndexError) as error:
            self.drop_rejected.emit(str(error))
            return False
        self.dropped.emit(destination)
        return True

    # ---- model signals ------------------------------------------------------------------------

    def _on_tokens_changed(self) -> None:
        self.beginResetModel()
        self._beyond = self._beyond_positions()
        self._highlighted = self._highlight.position
        self.endResetModel()

    def _beyond_positions(self) -> frozenset[int]:
        """The positions past the learned table (shown "no P")."""
        return frozenset(p for p in range(self._model.n) if self._model.is_beyond_trained(p))

    def _on_scheme_changed(self, _scheme: str) -> None:
        # Only the chips that cross the learned table's end: a switch between schemes without a
        # table repainted every chip for nothing.
        now = self._beyond_positions()
        changed, self._beyond = now ^ self._beyond, now
        self._announce(changed, BeyondTrainedRole)

    def _on_highlight_changed(self, _position: object) -> None:
        # The chip that was highlighted and the one that is: a hover repainted every chip.
        now = self._highlight.position
        changed = {position for position in (self._highlighted, now) if position is not None}
        self._highlighted = now
        self._announce(changed, HighlightRole)

    def _announce(self, positions: set[int] | frozenset[int], role: int) -> None:
        """dataChanged for ``role`` at each of ``positions`` still in the strip (one cell at a time:
        a range repaints every chip between)."""
        for position in sorted(positions):
            if 0 <= position < self._model.n:
                index = self.index(position)
                self.dataChanged.emit(index, index, [role])


def _payload(data: QMimeData) -> tuple[str, int] | None:
    """The (MIME type, integer) a drop carries, or None if it is not ours or is malformed."""
    for kind in (TOKEN_POSITION_MIME, TOKEN_ID_MIME):
        if data.hasFormat(kind):
            raw = bytes(data.data(kind).data()).decode("ascii", errors="replace")
            return (kind, int(raw)) if raw.isdigit() else None
    return None
