"""The vocabulary and E as a Qt table: id, token, d0 … d(d−1), and where the token is used."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QByteArray,
    QMimeData,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
    Signal,
)
from PySide6.QtGui import QBrush, QColor, QFont

from visualizer.appearance import Appearance
from visualizer.core import display_token
from visualizer.core.formatting import NumberParseError
from visualizer.i18n import explain
from visualizer.model import EmbeddingModel
from visualizer.selection import Highlight
from visualizer.subscriptions import Listening
from visualizer.toy.token_strip_model import TOKEN_ID_MIME

AnyIndex = QModelIndex | QPersistentModelIndex


class _AmbiguousCommaError(Exception):
    """A comma typed in English: ``reason`` says the two ways it reads, in the app's language."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


ID_COLUMN, TOKEN_COLUMN, FIRST_DIM_COLUMN = 0, 1, 2
USED_ROW = QColor(255, 214, 153)
HIGHLIGHTED_ROW = QColor(255, 160, 90)
_ANSWERED_ROLES = frozenset({
    Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole, Qt.ItemDataRole.ToolTipRole,
    Qt.ItemDataRole.TextAlignmentRole, Qt.ItemDataRole.BackgroundRole, Qt.ItemDataRole.ForegroundRole,
    Qt.ItemDataRole.FontRole,
})
"""The roles :meth:`VocabularyTableModel.data` answers; every other role is None."""


class VocabularyTableModel(Listening, QAbstractTableModel):
    """Table model over the vocabulary and E of the shared model.

    Rows are token ids. The E cells are editable; a value that is not a finite number is
    refused and ``edit_rejected`` says why, E keeps its old value. The next edit the table takes
    ends that message (``refusal_ended``). In English a comma is refused: "1,5" could be fifteen
    (a thousands separator) or one and a half (a decimal comma), and the message says both; in
    Portuguese it is the decimal comma. The last column lists the positions (1-based) where the
    token occurs in the sequence.

    Signals
    -------
    edit_rejected : (str)
        A message naming the refused value.
    refusal_ended : (str)
        An edit was taken after that refusal: its message (the argument) no longer holds.
    """

    edit_rejected = Signal(str)
    refusal_ended = Signal(str)

    def __init__(self, model: EmbeddingModel, appearance: Appearance, highlight: Highlight,
                 parent: Any = None) -> None:
        super().__init__(parent)
        self._model = model
        self._appearance = appearance
        self._highlight = highlight
        self._positions_by_id: dict[int, list[int]] = {}
        self._highlighted_id: int | None = None
        self._refusal = ""  # the message of the last refused edit, until an edit is taken
        self._bold_font = QFont()
        self._bold_font.setBold(True)
        # The table's own size from the start, not only after a change of scale: the rows in use
        # were drawn 9 pt beside the others' 11 until the window first zoomed or presented.
        self._bold_font.setPointSizeF(appearance.pt(11))
        self._index_usage()
        self.listen(model.events.tokens_changed, self._on_tokens_changed)
        self.listen(model.events.embedding_changed, self._on_embedding_changed)
        self.listen(highlight.changed, self._on_highlight_changed)
        # The look (theme, contrast) reaches the table through the Qt palette, not through here.
        self.listen(appearance.events.scale, self._on_font_or_numbers_changed)
        self.listen(appearance.events.language, self._on_font_or_numbers_changed)

    @property
    def positions_column(self) -> int:
        """Index of the "used at" column."""
        return FIRST_DIM_COLUMN + self._model.d

    def text_at(self, row: int, column: int) -> str:
        """What cell (``row``, ``column``) shows (its display text), without an index."""
        if column == ID_COLUMN:
            return str(row)
        if column == TOKEN_COLUMN:
            return display_token(self._model.tokens[row])
        if FIRST_DIM_COLUMN <= column < self.positions_column:
            return self._appearance.numbers.short(float(self._model.E[row, column - FIRST_DIM_COLUMN]))
        return ", ".join(str(p + 1) for p in self._positions_by_id.get(row, ()))

    def bold_font(self) -> QFont:
        """The type of the rows the sentence uses (the widest a cell's text is drawn in)."""
        return QFont(self._bold_font)

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else self._model.V

    def columnCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else FIRST_DIM_COLUMN + self._model.d + 1

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role != Qt.ItemDataRole.DisplayRole or orientation != Qt.Orientation.Horizontal:
            return None
        if section == ID_COLUMN:
            return self.tr("id")
        if section == TOKEN_COLUMN:
            return self.tr("token")
        if section == self.positions_column:
            return self.tr("at")
        if FIRST_DIM_COLUMN <= section < self.positions_column:
            return f"d{section - FIRST_DIM_COLUMN}"
        return None

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        # Qt asks each cell for a dozen roles whenever it sizes the columns (~900 calls per fit):
        # the ones answered below are settled before any work.
        if role not in _ANSWERED_ROLES or not index.isValid():
            return None
        token_id, column = index.row(), index.column()
        numbers = self._appearance.numbers
        is_dim = FIRST_DIM_COLUMN <= column < self.positions_column
        if role == Qt.ItemDataRole.DisplayRole:
            return self.text_at(token_id, column)
        if role == Qt.ItemDataRole.EditRole and is_dim:
            return numbers.full(float(self._model.E[token_id, column - FIRST_DIM_COLUMN]))
        if role == Qt.ItemDataRole.ToolTipRole and is_dim:
            return f"E[{token_id}, {column - FIRST_DIM_COLUMN}] = " + numbers.full(
                float(self._model.E[token_id, column - FIRST_DIM_COLUMN]))
        if role == Qt.ItemDataRole.TextAlignmentRole and (is_dim or column == ID_COLUMN):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        used = token_id in self._positions_by_id
        if role == Qt.ItemDataRole.BackgroundRole:
            highlight = self._highlight.position
            if highlight is not None and self._model.ids[highlight] == token_id:
                return QBrush(HIGHLIGHTED_ROW)
            if used:
                return QBrush(USED_ROW)
        if role == Qt.ItemDataRole.ForegroundRole and used:
            return QBrush(QColor("black"))
        if role == Qt.ItemDataRole.FontRole and used:
            return self._bold_font
        return None

    def flags(self, index: AnyIndex) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemIsDragEnabled
        if FIRST_DIM_COLUMN <= index.column() < self.positions_column:
            flags |= Qt.ItemFlag.ItemIsEditable
        return flags | Qt.ItemFlag.ItemNeverHasChildren

    def setData(self, index: AnyIndex, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        if role != Qt.ItemDataRole.EditRole or not index.isValid():
            return False
        column = index.column()
        if not FIRST_DIM_COLUMN <= column < self.positions_column:
            return False
        token_id, dim = index.row(), column - FIRST_DIM_COLUMN
        try:
            number = value if isinstance(value, (int, float)) else self._parse(str(value))
            self._model.set_embedding(token_id, dim, number)
        except NumberParseError as error:
            reason = {"empty": self.tr("an empty cell is not a number"),
                      "not_finite": self.tr("'{0}' is not a finite number").format(error.text)}.get(
                error.kind, self.tr("'{0}' is not a number").format(error.text))
            return self._refuse(self.tr("E[{0}, {1}] kept its value: {2}").format(token_id, dim, reason))
        except _AmbiguousCommaError as error:
            return self._refuse(self.tr("E[{0}, {1}] kept its value: {2}").format(token_id, dim, error.reason))
        except ValueError as error:  # the model's limits (StateError), said in the app's language
            return self._refuse(self.tr("E[{0}, {1}] kept its value: {2}").format(token_id, dim, explain(error)))
        if self._refusal:  # taken (an equal value too): the complaint about an earlier try no longer holds
            ended, self._refusal = self._refusal, ""
            self.refusal_ended.emit(ended)
        return True

    def _refuse(self, message: str) -> bool:
        self._refusal = message
        self.edit_rejected.emit(message)
        return False

    def _parse(self, text: str) -> float:
        """A number typed into a cell, in the app's language. English writes 1.5 and 1,500: a comma
        there is refused with both readings (a Portuguese habit would otherwise turn "1,5" into 1.5,
        or a thousands separator into a decimal point, without a word)."""
        numbers = self._appearance.numbers
        if numbers.decimal == "." and "," in text:
            grouped, decimal = text.strip().replace(",", ""), text.strip().replace(",", ".")
            try:
                numbers.parse(grouped)
                numbers.parse(decimal)
            except NumberParseError:
                raise _AmbiguousCommaError(self.tr(
                    "'{0}' has a comma: in English, type 1.5 for one and a half and 1500 for fifteen hundred").format(
                    text.strip())) from None
            raise _AmbiguousCommaError(self.tr(
                "'{0}' is ambiguous in English: {1} or {2}? Type it without a comma").format(
                text.strip(), grouped, decimal))
        return numbers.parse(text)

    # ---- drag a vocabulary row onto the strip -------------------------------------------------

    def mimeTypes(self) -> list[str]:
        return [TOKEN_ID_MIME]

    def mimeData(self, indexes: Any) -> QMimeData:
        mime = QMimeData()
        rows = sorted({i.row() for i in indexes if i.isValid()})
        if rows:
            mime.setData(TOKEN_ID_MIME, QByteArray(str(rows[0]).encode("ascii")))
            mime.setText(display_token(self._model.tokens[rows[0]]))
        return mime

    def supportedDragActions(self) -> Qt.DropAction:
        return Qt.DropAction.CopyAction

    # ---- model signals ------------------------------------------------------------------------

    def _index_usage(self) -> set[int]:
        """Recompute where each id is used; return the ids whose usage changed."""
        before = self._positions_by_id
        self._positions_by_id = {}
        for position, token_id in enumerate(self._model.ids):
            self._positions_by_id.setdefault(token_id, []).append(position)
        return {i for i in before.keys() | self._positions_by_id.keys()
                if before.get(i) != self._positions_by_id.get(i)}

    def _emit_rows_changed(self, roles: list[int], first_column: int = 0,
                           last_column: int | None = None, rows: set[int] | None = None) -> None:
        """dataChanged for the cells of ``rows`` (default all) between the two columns.

        One signal per cell: for a range of several cells Qt's views repaint their whole
        viewport, for a single cell only that cell.
        """
        last = self.columnCount() - 1 if last_column is None else last_column
        if rows is None:
            self.dataChanged.emit(self.index(0, first_column), self.index(self.rowCount() - 1, last), roles)
            return
        for row in sorted(rows):
            for column in range(first_column, last + 1):
                index = self.index(row, column)
                self.dataChanged.emit(index, index, roles)

    def _on_tokens_changed(self) -> None:
        # Only rows whose positions changed are repainted: a swap touches two rows, not twelve. A row
        # that stays in use (or out of it) keeps its colours and type: only its "at" cell is new (a
        # whole row cost seven cells asked for their roles, on every drag).
        used_before = set(self._positions_by_id)
        moved = self._index_usage()
        restyled = (moved & (used_before ^ self._positions_by_id.keys())) | self._highlight_rows()
        self._emit_rows_changed([Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.BackgroundRole,
                                 Qt.ItemDataRole.ForegroundRole, Qt.ItemDataRole.FontRole],
                                rows=restyled)
        self._emit_rows_changed([Qt.ItemDataRole.DisplayRole], self.positions_column, self.positions_column,
                                rows=moved - restyled)

    def _highlight_rows(self) -> set[int]:
        """The rows whose highlight changed (the old and the new highlighted id)."""
        highlight = self._highlight.position
        now = self._model.ids[highlight] if highlight is not None else None
        if now == self._highlighted_id:
            return set()
        changed = {i for i in (self._highlighted_id, now) if i is not None}
        self._highlighted_id = now
        return changed

    def _on_embedding_changed(self) -> None:
        self._emit_rows_changed(
            [Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole, Qt.ItemDataRole.ToolTipRole],
            FIRST_DIM_COLUMN, self.positions_column - 1)

    def _on_highlight_changed(self, _position: object) -> None:
        self._emit_rows_changed([Qt.ItemDataRole.BackgroundRole], rows=self._highlight_rows())

    def _on_font_or_numbers_changed(self) -> None:
        self._bold_font.setPointSizeF(self._appearance.pt(11))
        self._emit_rows_changed([])
        self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, self.columnCount() - 1)
