"""The class poll on the projector while the class answers: a QR code of the address, the
address in large type, and how many have answered (never how they answered: nobody copies). In
the ordinary window it also shows on a step that asks nothing (phones follow the lesson), and
there it says what the teacher should know of the network; on stage that stays off the class's
screen.

Two arrangements: a row (the code on the left, the text beside it: a band across the stage) and
a column (the code on top, the text under it: a panel beside the views)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QResizeEvent
from PySide6.QtWidgets import QBoxLayout, QLabel, QSizePolicy, QVBoxLayout, QWidget

from visualizer.appearance import Appearance
from visualizer.poll.qr_code import QrCode
from visualizer.poll.web import code_text
from visualizer.ui.palette import scaled_font
from visualizer.ui.protocol import ListeningView

QR_SHARE_OF_WIDTH = 0.55
"""The code takes the stage's whole height, up to this share of its width (the text needs the rest)."""
MIN_QR_PX = 120
QWIDGETSIZE_MAX = 16_777_215  # Qt's "no maximum"
TYPICAL_MODULES = 37
"""Modules along a side of the code of a classroom address (version 3, its address in capitals,
and its quiet zone): the size a band is planned for before the address is known."""
ROW_MARGIN = 4
"""Around a row (a band across the stage: its height is the code's): the quiet zone is margin enough."""
WARNING_COLOUR = "#D55E00"  # Okabe–Ito vermillion: readable on the light and the dark theme


class JoinPanel(ListeningView, QWidget):
    """Where phones go to answer. A widget of values: the controller's signals set them.

    Parameters
    ----------
    appearance : Appearance
        Presenting, its type is sized for the back row (``stage_px``).
    parent : QWidget, optional
    """

    def __init__(self, appearance: Appearance, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("join_panel")
        self._appearance = appearance
        self._url: str | None = None
        self._count = 0
        self._addresses: int | None = None
        self._warning: str | None = None
        self._problem: str | None = None
        self._following = False
        self.qr = QrCode()
        self.title = QLabel()
        self.title.setWordWrap(True)
        self.hint = QLabel()
        self.hint.setWordWrap(True)
        self.address = QLabel()
        self.address.setObjectName("poll_address")
        self.address.setWordWrap(True)
        self.address.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.count = QLabel()
        self.count.setObjectName("poll_count")
        self.count.setWordWrap(True)
        # In the hint's place while it says something (phones sharing an address), never on stage:
        # advice about the network is the teacher's, and the class must not be invited to use it.
        self.warning = QLabel()
        self.warning.setObjectName("poll_warning")
        self.warning.setWordWrap(True)
        self.warning.setStyleSheet(f"color: {WARNING_COLOUR};")
        self.warning.hide()
        self.message = QLabel()
        self.message.setObjectName("poll_problem")
        self.message.setWordWrap(True)
        self.message.setAlignment(Qt.AlignmentFlag.AlignCenter)
        text = QWidget()
        text.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        column = QVBoxLayout(text)
        column.setContentsMargins(0, 0, 0, 0)
        column.addStretch(1)
        for label in (self.title, self.hint, self.warning, self.address):
            column.addWidget(label)
        column.addSpacing(12)
        column.addWidget(self.count)
        column.addStretch(1)
        self._text = text
        self._column = False
        self._compact = False
        layout = self._layout = QBoxLayout(QBoxLayout.Direction.LeftToRight, self)
        self._column_margin = layout.contentsMargins().left()  # the style's
        layout.setContentsMargins(ROW_MARGIN, ROW_MARGIN, ROW_MARGIN, ROW_MARGIN)
        layout.addWidget(self.qr, 1)
        layout.addWidget(text, 1)
        layout.addWidget(self.message, 1)
        self.listen(appearance.events.scale, self._on_scale_changed)
        self.listen(appearance.events.language, self.retranslate)
        self._on_scale_changed()
        self._show()

    # ---- values --------------------------------------------------------------------------

    def set_address(self, url: str | None) -> None:
        """The poll's address while open, or None once closed."""
        self._url = url
        if url:
            self._problem = None
        self._show()

    def set_count(self, answered: int, addresses: int | None = None) -> None:
        """How many phones answered, and (when phones may share addresses) from how many network
        addresses: 240 answers from 60 addresses in a class of 30 tell the teacher something."""
        self._count, self._addresses = answered, addresses
        integer = self._appearance.numbers.integer
        if addresses is None:
            self.count.setText(self.tr("Answered: {0}").format(integer(answered)))
        else:
            self.count.setText(self.tr("Answered: {0} · addresses: {1}").format(integer(answered), integer(addresses)))

    def set_warning(self, message: str | None) -> None:
        """Something the teacher should know of the network (phones sharing an address, a burst of
        new addresses), shown in the hint's place, off stage only; None: the hint again."""
        if (message or None) == self._warning:
            return
        self._warning = message or None
        self.warning.setText(self._warning or "")
        self._show_warning()

    def warning_shown(self) -> str | None:
        """The advice about the network as shown now: None while presenting (the class's screen)."""
        return None if self.warning.isHidden() else self._warning

    def _show_warning(self) -> None:
        self.warning.setVisible(self._warning is not None and not self._appearance.presenting)
        self._show_hint()
        # In a column or a compact row the hint was already hidden: the warning adds lines there.
        self.fit_code()
        self.updateGeometry()

    def set_following(self, following: bool) -> None:
        """On a step that asks nothing: phones follow the lesson (the title says so, no count); or
        a question (the default)."""
        if following != self._following:
            self._following = following
            self.count.setVisible(not following)
            self.retranslate()

    def set_column(self, column: bool) -> None:
        """The code above the text (a panel beside the views), or beside it (a band: the default)."""
        if column != self._column:
            self._column = column
            self._layout.setDirection(QBoxLayout.Direction.TopToBottom if column
                                      else QBoxLayout.Direction.LeftToRight)
            margin = self._column_margin if column else ROW_MARGIN
            self._layout.setContentsMargins(margin, margin, margin, margin)
            self._layout.setStretch(1, 0 if column else 1)  # in a column the code takes what is left
            self._show_hint()
            self._on_scale_changed()
            self.fit_code()

    def _show_hint(self) -> None:
        """The hint (scan the code, or open the address) where there is room for it: not in a
        column or a row beside the lesson (the title says what to do), nor under a warning."""
        self.hint.setVisible(not (self._column or self._compact) and self.warning.isHidden())

    def set_compact(self, compact: bool) -> None:
        """Smaller type and no hint (a row beside the lesson in a narrow window, where the lesson's
        text shares the height); as a column does."""
        if compact != self._compact:
            self._compact = compact
            self._show_hint()
            self._on_scale_changed()

    def height_for_code(self, side: float) -> int:
        """The height this stage needs, as a row, to draw a code at least ``side`` px tall (its quiet
        zone included): whole pixels per module, so the side is rounded up to the next whole module."""
        modules = self.qr.modules() or TYPICAL_MODULES
        margins = self._layout.contentsMargins()
        return -(-int(side) // modules) * modules + margins.top() + margins.bottom()

    def row_height(self, width: int, height: int) -> int:
        """The height a row ``width`` px wide needs, ``height`` at least: the code as tall as the row
        allows (at most its share of the width), and the text beside it whole (a long address
        breaks onto another line)."""
        margins = self._layout.contentsMargins()
        for _ in range(3):  # a taller row has a larger code and a narrower text: settles in a pass or two
            side = max(MIN_QR_PX, min(height - margins.top() - margins.bottom(), int(width * QR_SHARE_OF_WIDTH)))
            text_width = width - side - self._layout.spacing() - margins.left() - margins.right()
            needed = self._text.heightForWidth(text_width) + margins.top() + margins.bottom()
            if needed <= height:
                break
            height = needed
        return height

    def column_height(self, width: int, code: int = MIN_QR_PX) -> int:
        """The height a column ``width`` px wide needs to show the text whole under a code ``code``
        px tall (margins included)."""
        margins = self._layout.contentsMargins()
        inner = width - margins.left() - margins.right()
        text = self._text.heightForWidth(inner) if self._text.isVisibleTo(self) else 0
        return code + self._layout.spacing() + text + margins.top() + margins.bottom()

    def set_problem(self, message: str | None) -> None:
        """Show ``message`` (no network, say) in place of the code."""
        self._problem = message
        self._show()

    # ---- drawing -------------------------------------------------------------------------

    def _show(self) -> None:
        open_now = bool(self._url) and self._problem is None
        self.qr.set_text(code_text(self._url) if self._url else "")
        self.qr.setVisible(open_now)
        self._text.setVisible(open_now)
        self.message.setVisible(not open_now)
        self.address.setText(breakable(self._url or ""))
        self.retranslate()

    def retranslate(self) -> None:
        """Re-read every visible string in the current language."""
        self.title.setText(self.tr("Follow the lesson on your phone") if self._following
                           else self.tr("Answer on your phone"))
        self.hint.setText(self.tr("Scan the code, or open this address in the phone's browser "
                                  "(on the same Wi-Fi as this laptop):"))
        self.set_count(self._count, self._addresses)
        self.message.setText(self._problem or self.tr("The class poll is closed."))
        if self._column:
            self.fit_code()  # the text's height changed with its words

    def _on_scale_changed(self, *_: object) -> None:
        appearance = self._appearance
        if appearance.presenting:
            def font(px: int, bold: bool = False, mono: bool = False) -> QFont:
                chosen = QFont()
                if mono:
                    chosen.setStyleHint(QFont.StyleHint.Monospace)
                    chosen.setFamily("monospace")
                chosen.setPixelSize(appearance.stage_px(px))
                chosen.setBold(bold)
                return chosen

            self.title.setFont(font(30, bold=True))
            self.hint.setFont(font(18))
            self.warning.setFont(font(18, bold=True))
            self.address.setFont(font(26, bold=True, mono=True))
            self.count.setFont(font(40, bold=True))
            self.message.setFont(font(26, bold=True))
        else:
            # A column beside the views (or a row beside the lesson) shares its height with the
            # lesson: a little smaller there.
            big = 0.8 if self._column or self._compact else 1.0
            mono = scaled_font(appearance, 14 * big, bold=True)
            mono.setStyleHint(QFont.StyleHint.Monospace)
            mono.setFamily("monospace")
            self.title.setFont(scaled_font(appearance, 16 * big, bold=True))
            self.hint.setFont(scaled_font(appearance, 10))
            self.warning.setFont(scaled_font(appearance, 10, bold=True))
            self.address.setFont(mono)
            self.count.setFont(scaled_font(appearance, 20 * big, bold=True))
            self.message.setFont(scaled_font(appearance, 14, bold=True))
        self._show_warning()  # presenting begins or ends: the advice leaves the screen or comes back

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.fit_code()

    def fit_code(self) -> None:
        """The code as large as the stage's present size allows (called on resize; and by a band
        that sized the stage while hidden, when Qt delivers the resize only as it shows)."""
        if self._column:  # as large as the column's width and what the whole text leaves of its height
            self.qr.setMinimumSize(MIN_QR_PX, MIN_QR_PX)
            self.qr.setMaximumSize(QWIDGETSIZE_MAX, QWIDGETSIZE_MAX)
            margins = self._layout.contentsMargins()
            self._text.setMinimumHeight(self._text.heightForWidth(self.width() - margins.left() - margins.right()))
            return
        self._text.setMinimumHeight(0)
        margins = self._layout.contentsMargins()
        height = self.height() - margins.top() - margins.bottom()
        side = max(MIN_QR_PX, min(height, int(self.width() * QR_SHARE_OF_WIDTH)))
        self.qr.setFixedSize(side, side)


def breakable(url: str) -> str:
    """The address with places to break a line: after the port (the room token then starts a line
    of its own) and in the middle of the token (half of it fits a narrow panel in large type)."""
    head, slash, token = url.rstrip("/").rpartition("/")
    if not slash:
        return url
    middle = len(token) // 2
    tail = "/" if url.endswith("/") else ""
    head = head.replace(":", ":\u200b").replace("/", "/\u200b")
    return f"{head}/\u200b{token[:middle]}\u200b{token[middle:]}{tail}"


__all__ = ["TYPICAL_MODULES", "JoinPanel", "breakable"]
