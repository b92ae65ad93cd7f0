"""The vocabulary: 12 rows of E, rows in use highlighted with their positions, cells editable."""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QKeyEvent, QKeySequence
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QLabel, QStyle, QTableView, QVBoxLayout, QWidget

from visualizer.appearance import Appearance
from visualizer.keys import KEYS
from visualizer.model import EmbeddingModel
from visualizer.selection import Highlight
from visualizer.toy.vocabulary_table_model import VocabularyTableModel
from visualizer.ui.heatmap import widest_text
from visualizer.ui.palette import scaled_font
from visualizer.ui.protocol import ListeningView

TITLE_GAP_PX = 12
"""Pixels between the title's wrapped text and the scheme buttons' title beside it."""


class VocabularyTable(ListeningView, QWidget):
    """A ``QTableView`` over :class:`VocabularyTableModel` and a line for refused edits, until the
    table takes an edit.

    Drag a row onto the token strip to insert that token; with the keyboard, select a row and
    press Insert (or Enter on the id/token column) to insert it after the selected chip.

    Signals
    -------
    insert_requested : (int)
        The user asked to insert this token id into the sequence.
    """

    insert_requested = Signal(int)
    width_changed = Signal()
    """The columns need another width in all (a token used once more widened "at"): the window
    gives the table that room (otherwise its last column scrolled out of sight)."""
    _fitted_contents: tuple[tuple[int, ...], list[bytes]] | None = None  # what the columns were fitted to

    def __init__(self, model: EmbeddingModel, appearance: Appearance, highlight: Highlight,
                 parent: QWidget | None = None):
        super().__init__(parent)
        self._model = model
        self._appearance = appearance
        self._positions_header: int | None = None  # the "at" column's header width, once measured
        self.table_model = VocabularyTableModel(model, appearance, highlight, self)
        self.view = _TableView(self)
        self.view.setModel(self.table_model)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectItems)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.view.setDragEnabled(True)
        self.view.setDragDropMode(QAbstractItemView.DragDropMode.DragOnly)
        self.view.setDefaultDropAction(Qt.DropAction.CopyAction)
        self.view.verticalHeader().setVisible(False)
        # Widths are fitted once per appearance change, not on every edit (that re-reads every cell).
        self.view.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        self.view.horizontalHeader().setStretchLastSection(False)
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.DoubleClicked
                                  | QAbstractItemView.EditTrigger.EditKeyPressed
                                  | QAbstractItemView.EditTrigger.AnyKeyPressed)
        self.title = QLabel()
        self.title.setWordWrap(True)
        # Room on its right: wrapped up to the splitter, its last word ran on into the title of the
        # scheme buttons beside it ("… os valores do Esquema de posição"). Set once: changed with
        # each change of scale, in the middle of presenting's re-layout, it crashed pyqtgraph.
        self.title.setContentsMargins(0, 0, TITLE_GAP_PX, 0)
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.message.setStyleSheet("color: #B00020; font-weight: bold;")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.title)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.message)
        self.table_model.edit_rejected.connect(self.message.setText)
        self.table_model.refusal_ended.connect(self._on_refusal_ended)
        # A long number typed into E (1,23e6) widens its column, and only then; the table scrolls
        # sideways rather than push the window's layout.
        self.listen(model.events.embedding_changed, self._fit_columns)
        # The "at" column's texts follow the ids ("2, 8" for a token used twice): its width too.
        self.listen(model.events.tokens_changed, self._fit_positions_column)
        self.listen(appearance.events.scale, self._on_scale_changed)
        self.listen(appearance.events.language, self.retranslate)
        self._apply_fonts()
        self.retranslate()  # fits the columns, once

    def retranslate(self) -> None:
        """Re-read every visible string; the numbers' widths change with the language."""
        self._refit_columns()
        self.title.setText(self.tr("Vocabulary and E (V = {0}, d = {1}); "
                                   "the toy values are hand-picked, not trained")
                           .format(self._model.V, self._model.d))
        self.view.setToolTip(self.tr("Double-click a value to edit it. Drag a row onto the "
                                     "strip, or press Insert, to add that token."))

    def refresh(self) -> None:
        """Repaint the table (its item model keeps itself current with the shared model)."""
        self.view.viewport().update()

    def selected_id(self) -> int | None:
        """The token id of the selected row, or None."""
        index = self.view.currentIndex()
        return index.row() if index.isValid() else None

    def _on_refusal_ended(self, message: str) -> None:
        # The table took an edit after the refusal: its message ends with its cause. (It used to end
        # on any repaint outside editing, a hover say, and never after an edit typed into the cell:
        # Qt writes the value while the cell is still being edited.)
        if self.message.text() == message:
            self.message.clear()

    def _on_scale_changed(self) -> None:
        self._apply_fonts()
        self._refit_columns()

    def _apply_fonts(self) -> None:
        self.view.setFont(scaled_font(self._appearance, 11))
        # Its own type: a header takes its view's only now and then (once the window had presented).
        self.view.horizontalHeader().setFont(scaled_font(self._appearance, 9))
        self.view.verticalHeader().setDefaultSectionSize(self._appearance.px(26))
        self.title.setFont(scaled_font(self._appearance, 11, bold=True))
        self.message.setFont(scaled_font(self._appearance, 10))

    def _fit_columns(self) -> None:
        """E changed: refit only the columns whose contents changed. Qt's fit asks each cell for a
        dozen roles and lays its text out (about 11 ms for the table); an edit or an undo changes
        one column. The rows in bold and the "at" column follow the ids: if they changed since the
        last fit, every column is refitted."""
        fitted, now = self._fitted_contents, self._contents()
        if fitted is None or fitted[0] != now[0] or len(fitted[1]) != len(now[1]):
            self._refit_columns()
            return
        first = self.table_model.positions_column - len(now[1])
        for column, (before, after) in enumerate(zip(fitted[1], now[1], strict=True)):
            if before != after:
                self.view.resizeColumnToContents(first + column)
                self._at_least_bold(first + column)
        self._fitted_contents = now
        self._update_needed_width()

    def _refit_columns(self) -> None:
        """Columns as wide as their contents: "−0,5" in Portuguese is wider than "-0.5"."""
        self._positions_header = None  # its words and type may have changed: measured again
        self.view.resizeColumnsToContents()
        for column in range(self.table_model.columnCount()):
            self._at_least_bold(column)
        self._fitted_contents = self._contents()
        self._update_needed_width()

    def _bold_width(self, column: int) -> int:
        """The width ``column`` needs for every row's text in bold, as Qt draws a cell's text (a
        margin each side, the grid's line): a row becomes bold when the sentence uses its token,
        and Qt's fit measured it as it was then ("10" of "." drawn "…" once "." was typed)."""
        model = self.table_model
        margin = self.view.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, self.view) + 1
        widest = widest_text(model.bold_font(), (model.text_at(row, column) for row in range(model.rowCount())))
        return widest + 2 * margin + 1

    def _at_least_bold(self, column: int) -> bool:
        """Widen ``column`` to its texts in bold (:meth:`_bold_width`); True if it changed."""
        need = self._bold_width(column)
        if self.view.columnWidth(column) < need:
            self.view.setColumnWidth(column, need)
            return True
        return False

    def _fit_positions_column(self) -> None:
        """The "at" column as wide as its header and its texts in bold, whatever the ids now."""
        column = self.table_model.positions_column
        if self._positions_header is None:  # measured once per language and scale, not per move
            self._positions_header = self.view.horizontalHeader().sectionSizeFromContents(column).width()
        need = max(self._positions_header, self._bold_width(column))
        if self.view.columnWidth(column) != need:
            self.view.setColumnWidth(column, need)
            self._update_needed_width()

    def _update_needed_width(self) -> None:
        """A size hint wide enough to show every column: the last must not scroll out of sight."""
        header = self.view.horizontalHeader()
        frame = 2 * self.view.frameWidth() + self.view.verticalScrollBar().sizeHint().width()
        needed = header.length() + self.view.verticalHeader().width() + frame
        if needed != getattr(self, "_needed_width", None):
            self._needed_width = needed
            self.updateGeometry()
            self.width_changed.emit()

    def _contents(self) -> tuple[tuple[int, ...], list[bytes]]:
        """What an edit can change of what the fit measures: the ids (the rows in bold, the "at"
        column) and each column of E. Fonts, headers and the number format change only with the
        scale or the language, which always refit."""
        E = self._model.E
        return self._model.ids, [E[:, column].tobytes() for column in range(E.shape[1])]

    def sizeHint(self) -> QSize:
        """As wide as every column needs (the window gives the vocabulary that much room)."""
        hint = super().sizeHint()
        return QSize(max(hint.width(), getattr(self, "_needed_width", 0)), hint.height())

    def detach(self) -> None:
        """Stop listening, the table model too."""
        self.table_model.detach()
        super().detach()


class _TableView(QTableView):
    """Insert key (or Enter on id/token) asks to insert the selected token."""

    def keyPressEvent(self, event: QKeyEvent) -> None:
        index = self.currentIndex()
        owner = self.parent()
        is_label_column = index.isValid() and index.column() < 2
        if index.isValid() and isinstance(owner, VocabularyTable) and (
            _is_insert(event)
            or (is_label_column and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter))
        ):
            owner.insert_requested.emit(index.row())
            return
        super().keyPressEvent(event)


def _is_insert(event: QKeyEvent) -> bool:
    """The key that adds the selected vocabulary token after the strip's selected one (Insert: the
    app's key table, ``insert_token``)."""
    return QKeySequence(event.keyCombination()) in [QKeySequence(key) for key in KEYS["insert_token"].keys]
