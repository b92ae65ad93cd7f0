"""The token strip: one chip per token (position, token, id); drag, Delete, Alt+arrows."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QModelIndex, QPersistentModelIndex, QRect, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QBrush,
    QColor,
    QDrag,
    QFontMetrics,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPalette,
    QPen,
    QPixmap,
    QResizeEvent,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QListView,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QWidget,
)

from visualizer.appearance import Appearance
from visualizer.model import EmbeddingModel
from visualizer.selection import Highlight
from visualizer.toy.token_strip_model import TokenStripModel
from visualizer.ui.heatmap import text_width
from visualizer.ui.painted_text import PaintedText
from visualizer.ui.palette import BEYOND_TRAINED, HIGHLIGHT, scaled_font, stage_label_font, token_colour
from visualizer.ui.protocol import ListeningView

AnyIndex = QModelIndex | QPersistentModelIndex


_SELECTED = QStyle.StateFlag.State_Selected


class ChipDelegate(QStyledItemDelegate):
    """Paints a token as a chip: its position on top, the token in large type, its id below."""

    def __init__(self, appearance: Appearance, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._appearance = appearance
        self.restyle()

    def restyle(self) -> None:
        """Rebuild the fonts (and forget drawn chips) after a change of scale or language."""
        self._cache: dict[tuple[object, ...], QPixmap] = {}
        self._sizes: dict[str, QSize] = {}  # a chip's size by its token's text, in the look of now
        # Presenting, the chips are one compact line: the step's stage needs the height.
        self._token_font = scaled_font(self._appearance, 12 if self._appearance.presenting else 16, bold=True)
        # The position is a label the back row reads too: the stage's label type while presenting.
        self._small_font = stage_label_font(self._appearance) if self._appearance.presenting \
            else scaled_font(self._appearance, 9)
        self._metrics = QFontMetrics(self._token_font)

    def _position_width(self) -> int:
        """Room for a two-digit position beside the token (presenting)."""
        return QFontMetrics(self._small_font).horizontalAdvance("88") + self._appearance.px(8)

    def sizeHint(self, option: QStyleOptionViewItem, index: AnyIndex) -> QSize:
        # Asked for every chip, twice, at every layout (each change of the sequence): remembered.
        model = index.model()
        assert isinstance(model, TokenStripModel)
        text = model.chip(index.row()).text
        size = self._sizes.get(text)
        if size is None:
            if len(self._sizes) > 256:
                self._sizes.clear()
            size = self._sizes[text] = self._chip_size(text)
        return size

    def _chip_size(self, text: str) -> QSize:
        """The size of a chip showing the token ``text``."""
        metrics = self._metrics
        token_width = text_width(self._token_font, text)
        px = self._appearance.px
        if self._appearance.presenting:  # one compact line: "position token"
            return QSize(token_width + self._position_width() + px(20), max(metrics.height(), QFontMetrics(
                self._small_font).height()) + px(12))
        return QSize(max(px(64), token_width + px(28)), px(82))

    def chip_texts(self, size: QSize, position: int, text: str, token_id: int, beyond: bool) -> list[PaintedText]:
        """What a chip of ``size`` says and where (in the chip's coordinates): its position, the
        token and (in the window) its id, or "no P" past the learned table."""
        px = self._appearance.px
        rect = QRect(0, 0, size.width(), size.height()).adjusted(px(4), px(4), -px(4), -px(4))
        if self._appearance.presenting:
            # The chips are not the point of most steps: position and token on one line.
            number = QRectF(rect.adjusted(px(6), 0, 0, 0))
            number.setWidth(self._position_width() - px(6))
            return [PaintedText(f"{position + 1}", self._small_font, number, "position"),
                    PaintedText(text, self._token_font, QRectF(rect.adjusted(self._position_width(), 0, 0, 0)),
                                "token")]
        top = QRectF(rect.left(), rect.top() + px(3), rect.width(), px(18))
        bottom = QRectF(rect.left(), rect.bottom() - px(21), rect.width(), px(18))
        return [PaintedText(f"{position + 1}", self._small_font, top, "position"),
                PaintedText(text, self._token_font, QRectF(rect), "token"),
                PaintedText(self.tr("no P") if beyond else self.tr("id {0}").format(token_id), self._small_font,
                            bottom, "id")]

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: AnyIndex) -> None:
        # Chips are drawn once into a pixmap per look and reused: a move repaints every chip,
        # but only the ones whose content changed cost a real drawing.
        model = index.model()
        assert isinstance(model, TokenStripModel)
        chip = model.chip(index.row())
        ratio = painter.device().devicePixelRatioF()
        key = (index.row(), chip.text, chip.token_id, bool(option.state & _SELECTED), chip.highlighted,
               chip.beyond, option.rect.size().toTuple(), self._appearance.scale,
               option.palette.color(QPalette.ColorRole.Text).rgba(), ratio)
        pixmap = self._cache.get(key)
        if pixmap is None:
            pixmap = self._draw_chip(option, key, ratio)
            if len(self._cache) > 256:
                self._cache.clear()
            self._cache[key] = pixmap
        painter.drawPixmap(option.rect.topLeft(), pixmap)

    def _draw_chip(self, option: QStyleOptionViewItem, key: tuple[object, ...], ratio: float) -> QPixmap:
        px = self._appearance.px
        position, text, token_id, selected, highlighted, beyond = key[:6]
        pixmap = QPixmap(option.rect.size() * ratio)
        pixmap.setDevicePixelRatio(ratio)
        pixmap.fill(Qt.GlobalColor.transparent)
        painter = QPainter(pixmap)
        try:
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            rect = QRect(0, 0, option.rect.width(), option.rect.height()).adjusted(px(4), px(4), -px(4), -px(4))
            colour = token_colour(int(str(position)))
            fill = QColor(colour)
            fill.setAlpha(60 if not (selected or highlighted) else 110)
            border = QPen(HIGHLIGHT if highlighted or selected else colour, px(4 if selected else 2))
            if beyond:
                border = QPen(BEYOND_TRAINED, px(3), Qt.PenStyle.DashLine)
            painter.setPen(border)
            painter.setBrush(QBrush(fill))
            painter.drawRoundedRect(rect, px(10), px(10))
            text_pen = option.palette.color(QPalette.ColorRole.Text)  # readable in light and dark themes
            aligned = {"position": Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft}
            for piece in self.chip_texts(option.rect.size(), int(str(position)), str(text or ""),
                                         int(str(token_id)), bool(beyond)):
                painter.setPen(BEYOND_TRAINED if piece.kind == "id" and beyond else text_pen)
                painter.setFont(piece.font)
                flags = aligned.get(piece.kind, Qt.AlignmentFlag.AlignCenter) if self._appearance.presenting \
                    else Qt.AlignmentFlag.AlignCenter
                painter.drawText(piece.rect, flags, piece.text)
        finally:
            painter.end()
        return pixmap


class TokenStrip(ListeningView, QListView):
    """The sequence as draggable chips over a :class:`TokenStripModel`.

    Mouse: drag a chip between two others to move it; drop a vocabulary row to insert it.
    Keyboard: arrows select, Delete removes, Alt+Left / Alt+Right move the selected chip.
    Hovering or selecting a chip highlights its position in every view.

    Signals
    -------
    message : (str)
        Something the user should read (a refused drop or key).
    """

    message = Signal(str)

    def __init__(self, model: EmbeddingModel, appearance: Appearance, highlight: Highlight,
                 parent: QWidget | None = None):
        super().__init__(parent)
        self._model = model
        self._appearance = appearance
        self._highlight = highlight
        self._select_after_change: int | None = None
        self.strip_model = TokenStripModel(model, highlight, self)
        self.setModel(self.strip_model)
        self.chip_delegate = ChipDelegate(appearance, self)
        self.setItemDelegate(self.chip_delegate)
        self.setFlow(QListView.Flow.LeftToRight)
        self.setWrapping(True)
        self.setResizeMode(QListView.ResizeMode.Adjust)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setDragDropMode(QAbstractItemView.DragDropMode.DragDrop)
        self.setDefaultDropAction(Qt.DropAction.MoveAction)
        self.setDragEnabled(True)
        self.setAcceptDrops(True)
        self.setDropIndicatorShown(True)
        self.setMouseTracking(True)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.strip_model.modelReset.connect(self._on_reset)
        self.strip_model.drop_rejected.connect(self.message)
        self.strip_model.dropped.connect(self.select_position)
        self.selectionModel().currentChanged.connect(self._on_current_changed)
        # Chips are drawn in the palette's colours, which the window sets: the look needs nothing here.
        self.listen(appearance.events.scale, self._on_scale_changed)
        self.listen(appearance.events.language, self.retranslate)
        self._on_scale_changed()

    def paintEvent(self, event: QPaintEvent) -> None:
        super().paintEvent(event)
        if self.strip_model.rowCount() == 0:  # an empty strip says what to do
            painter = QPainter(self.viewport())
            painter.setPen(self.palette().color(QPalette.ColorGroup.Disabled, QPalette.ColorRole.Text))
            painter.setFont(scaled_font(self._appearance, 13))
            painter.drawText(self.viewport().rect(), Qt.AlignmentFlag.AlignCenter, self.tr(
                "No tokens. Type a sentence above, or drag a row of the vocabulary here."))
            painter.end()

    # ---- keyboard -------------------------------------------------------------------------------

    def selected_position(self) -> int | None:
        """The selected chip's position (0-based), or None."""
        rows = self.selectionModel().selectedRows()
        return rows[0].row() if rows else None

    def select_position(self, position: int | None) -> None:
        """Select (and make current) the chip at ``position``; None clears the selection."""
        if position is None or not 0 <= position < self._model.n:
            self.clearSelection()
            return
        index = self.strip_model.index(position)
        self.setCurrentIndex(index)

    def insert_after_selection(self, token_id: int) -> None:
        """Insert ``token_id`` after the selected chip (or at the end), then select it."""
        selected = self.selected_position()
        position = self._model.n if selected is None else selected + 1
        try:
            self._model.insert_token(position, token_id)
        except (ValueError, IndexError) as error:
            self.message.emit(str(error))
            return
        self.select_position(position)

    def remove_selected(self) -> None:
        """Remove the selected chip (Delete)."""
        position = self.selected_position()
        if position is None:
            self.message.emit(self.tr("Select a token first, then press Delete."))
            return
        self._select_after_change = min(position, self._model.n - 2)
        self._model.remove_token(position)

    def move_selected(self, step: int) -> None:
        """Move the selected chip ``step`` places (Alt+Left = −1, Alt+Right = +1)."""
        position = self.selected_position()
        if position is None:
            self.message.emit(self.tr("Select a token first, then press Alt+arrow to move it."))
            return
        target = position + step
        if not 0 <= target < self._model.n:
            return
        self._select_after_change = target
        self._model.move_token(position, target)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        alt = event.modifiers() & Qt.KeyboardModifier.AltModifier
        if event.key() in (Qt.Key.Key_Delete, Qt.Key.Key_Backspace):
            self.remove_selected()
        elif alt and event.key() == Qt.Key.Key_Left:
            self.move_selected(-1)
        elif alt and event.key() == Qt.Key.Key_Right:
            self.move_selected(+1)
        else:
            super().keyPressEvent(event)

    # ---- mouse ----------------------------------------------------------------------------------

    def startDrag(self, supported_actions: Qt.DropAction) -> None:
        """Run the drag ourselves: the drop is one move command, Qt must not remove the source."""
        index = self.currentIndex()
        if not index.isValid():
            return
        drag = QDrag(self)
        drag.setMimeData(self.strip_model.mimeData([index]))
        rect = self.visualRect(index)
        pixmap = QPixmap(rect.size())
        pixmap.fill(Qt.GlobalColor.transparent)
        self.viewport().render(pixmap, sourceRegion=rect)
        drag.setPixmap(pixmap)
        drag.setHotSpot(self.viewport().mapFromGlobal(self.cursor().pos()) - rect.topLeft())
        drag.exec(Qt.DropAction.MoveAction)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        index = self.indexAt(event.position().toPoint())
        self._highlight.set_position(index.row() if index.isValid() else self.selected_position())
        super().mouseMoveEvent(event)

    def leaveEvent(self, event: QEvent) -> None:
        self._highlight.set_position(self.selected_position())
        super().leaveEvent(event)

    # ---- model signals -------------------------------------------------------------------------

    def _on_reset(self) -> None:
        self._fit_height()
        target, self._select_after_change = self._select_after_change, None
        if target is not None:
            self.select_position(target)

    def _on_current_changed(self, current: QModelIndex, _previous: QModelIndex) -> None:
        self._highlight.set_position(current.row() if current.isValid() else None)

    def _on_scale_changed(self) -> None:
        self.chip_delegate.restyle()
        self.setSpacing(self._appearance.px(2))
        self._fit_height()
        self.scheduleDelayedItemsLayout()
        self.viewport().update()

    def painted_texts(self) -> list[PaintedText]:
        """What the chips in sight say, in the strip's coordinates (a chip scrolled out of the
        viewport is not painted; one the viewport cuts is, in part)."""
        texts = []
        for position in range(self.strip_model.rowCount()):
            index = self.strip_model.index(position)
            rect = self.visualRect(index)
            if not rect.intersects(self.viewport().rect()):
                continue
            origin = self.viewport().mapTo(self, rect.topLeft())
            chip = self.strip_model.chip(position)
            for piece in self.chip_delegate.chip_texts(rect.size(), position, chip.text, chip.token_id, chip.beyond):
                texts.append(PaintedText(piece.text, piece.font, piece.rect.translated(origin), piece.kind))
        return texts

    def rows_needed(self) -> int:
        """Lines of chips the strip's width holds the sequence in (presenting: one, unless a long
        sentence needs more; each line then gets its room rather than hiding chips below it)."""
        option = QStyleOptionViewItem()
        width, rows, used = max(1, self.viewport().width()), 1, 0
        spacing = self.spacing()
        for position in range(self.strip_model.rowCount()):
            chip = self.chip_delegate.sizeHint(option, self.strip_model.index(position)).width() + 2 * spacing
            if used and used + chip > width:
                rows, used = rows + 1, 0
            used += chip
        return rows

    def _fit_height(self) -> None:
        """As tall as the lines of chips need: one presenting (more for a long sentence), room for
        one line of large chips in the window (a long sentence wraps and scrolls)."""
        if self._appearance.presenting:
            option = QStyleOptionViewItem()
            line = self.chip_delegate.sizeHint(option, self.strip_model.index(0)).height() if self._model.n \
                else QFontMetrics(scaled_font(self._appearance, 12, bold=True)).height() + self._appearance.px(12)
            height = self.rows_needed() * (line + 2 * self.spacing()) + 2 * self.frameWidth() + self._appearance.px(6)
        else:
            height = self._appearance.px(92)
        if self.height() != height or self.minimumHeight() != height:
            self.setFixedHeight(height)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit_height()

    def refresh(self) -> None:
        """Repaint the chips (the strip model resets itself when the tokens change)."""
        self.viewport().update()

    def retranslate(self) -> None:
        """Redraw the chips ("id 3", "no P") and the empty strip's hint in the current language."""
        self.chip_delegate.restyle()
        self.viewport().update()

    def detach(self) -> None:
        """Stop listening, the strip model too."""
        self.strip_model.detach()
        super().detach()
