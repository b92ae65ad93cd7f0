"""The RoPE clock: each dimension pair is a clock face, each token a hand turned by (p − 1)·θ_i."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import numpy as np
from PySide6.QtCore import QElapsedTimer, QEvent, QLineF, QObject, QPointF, QRect, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontInfo,
    QFontMetrics,
    QKeySequence,
    QPainter,
    QPaintEvent,
    QPen,
    QPixmap,
    QShortcut,
)
from PySide6.QtWidgets import (
    QComboBox,
    QDoubleSpinBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QSlider,
    QSpinBox,
    QWidget,
)

from ..appearance import Appearance
from ..core import RopeScaling, display_token, rope_score
from ..model import ROPE_BASES, EmbeddingModel
from .lazy import RefreshWhenShown
from .palette import HIGHLIGHT, scaled_font, token_colour
from .player import Player
from .protocol import ListeningView

FRAME_MS = 16  # ~60 frames per second
SWEEP_STEPS_PER_POSITION = 100  # slider resolution: 0.01 of a position
MAX_SWEEP = 64  # positions the slider can shift the sequence by
LESSON_THETA = 0.5
LESSON_PAIRS = ((3, 1), (10, 8), (4, 1))
"""The lesson's example: one pair, θ = 0.5, q = k = [1, 0], at positions (m, n)."""


class ClockFaces(QWidget):
    """Paints the faces; all state lives in :class:`RopeClock` (it calls ``update``)."""

    def __init__(self, clock: RopeClock) -> None:
        super().__init__(clock)
        self._clock = clock
        # Every paint covers what it repaints with the static layer: Qt need not paint what is
        # behind first (a third of each animation frame).
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)
        self._static: QPixmap | None = None
        self._static_key: tuple[object, ...] = ()
        # Stage, grid and face geometry, kept while what they depend on stays: an animation frame
        # reads them several times and changes none of it.
        self._layout: dict[str, Any] = {}
        self._layout_key: tuple[object, ...] = ()
        self.title_pixel_size = 0
        """Pixel size of the face titles last drawn; 0 when none were drawn."""

    def _kept(self, name: str, compute: Callable[[], Any]) -> Any:
        """``compute()`` once per size, number of pairs, scale and presenting."""
        visible = self._clock.faces_scroll.viewport().size()
        appearance = self._clock.appearance
        key = (self.width(), visible.width(), visible.height(), len(self._clock.thetas()), appearance.scale,
               appearance.presenting)
        if key != self._layout_key:
            self._layout, self._layout_key = {}, key
        if name not in self._layout:
            self._layout[name] = compute()
        return self._layout[name]

    def stage(self) -> tuple[int, int, int] | None:
        """On a projector with more than one pair: (side of the first face, side of the others,
        small faces per column): the first pair large, the others small multiples beside it."""
        return self._kept("stage", self._compute_stage)

    def _compute_stage(self) -> tuple[int, int, int] | None:
        pairs = len(self._clock.thetas())
        if not self._clock.appearance.presenting or pairs < 2:
            return None
        visible = self._clock.faces_scroll.viewport().size()
        width, height = max(2, visible.width()), max(2, visible.height())
        large = min(height, width * 7 // 10)
        room = width - large
        for side in range(max(1, min(large // 2, room)), 0, -1):
            per_column = max(1, height // side)
            if math.ceil((pairs - 1) / per_column) * side <= room:
                return large, side, per_column
        return large, 1, height

    def grid(self) -> tuple[int, int]:
        """(face side in pixels, faces per row): the largest faces that fit the visible area;
        when there are too many pairs for that, faces of a readable minimum size that scroll.
        On a projector with more than one pair, the side of the first, large face."""
        return self._kept("grid", self._compute_grid)

    def _compute_grid(self) -> tuple[int, int]:
        stage = self.stage()
        if stage is not None:
            return stage[0], 1
        pairs = max(1, len(self._clock.thetas()))
        visible = self._clock.faces_scroll.viewport().size()
        width, height = max(1, visible.width()), max(1, visible.height())
        side, columns = max((min(width // c, height // math.ceil(pairs / c)), c) for c in range(1, pairs + 1))
        smallest = self._clock.appearance.px(120)
        if side < smallest:
            side, columns = smallest, max(1, width // smallest)
        return side, columns

    def is_small(self, side: int) -> bool:
        """Faces this small get a one-line title and no labels at the hand tips."""
        return side < self._clock.appearance.px(140)

    def face_size(self) -> int:
        """Side of one face in pixels."""
        return self.grid()[0]

    def columns(self) -> int:
        """Faces per row."""
        return self.grid()[1]

    def update_minimum_height(self) -> None:
        """Tall enough for every row of faces (the scroll area scrolls)."""
        pairs = max(1, len(self._clock.thetas()))
        side, columns = self.grid()
        rows = math.ceil(pairs / columns)
        height = rows * side if rows * side > self._clock.faces_scroll.viewport().height() else 0
        if self.stage() is not None:  # the stage fits the visible area: nothing scrolls
            height = 0
        if self.minimumHeight() != height:
            self.setMinimumHeight(height)

    def resizeEvent(self, event: object) -> None:
        self.update_minimum_height()

    def title_font(self) -> QFont:
        """The face titles' font: on a projector 15 px type (small faces have none there)."""
        appearance = self._clock.appearance
        font = scaled_font(appearance, 8 if self.is_small(self.face_size()) else 10, bold=True)
        if appearance.presenting:
            font.setPixelSize(appearance.stage_px(15))
        return font

    def _label_height(self, size: int) -> int:
        px, small = self._clock.appearance.px, self.is_small(size)
        if self._clock.appearance.presenting:  # room for the titles' lines, none on small faces
            return 0 if small else 2 * QFontMetrics(self.title_font()).lineSpacing() + px(4)
        return px(18 if small else 40)

    def _face_geometry(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, int]:
        """Centre x, centre y and radius of every face (arrays of length pairs, not to be written
        to), label height."""
        return self._kept("geometry", self._compute_face_geometry)

    def _compute_face_geometry(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, int]:
        px = self._clock.appearance.px
        size, columns = self.face_size(), self.columns()
        label_height = self._label_height(size)
        pairs = np.arange(len(self._clock.thetas()))
        radius = np.full(pairs.shape, min(size, size - label_height) / 2 - px(10), dtype=float)
        margin = max(0.0, (self.width() - columns * size) / 2)  # centre the grid
        centre_x = margin + (pairs % columns) * size + size / 2
        centre_y = (pairs // columns) * size + label_height + radius + px(4)
        stage = self.stage()
        if stage is not None:  # the first face large, the others in columns beside it
            large, small, per_column = stage
            others = np.maximum(pairs - 1, 0)
            small_columns = math.ceil((len(pairs) - 1) / per_column)
            margin = max(0.0, (self.width() - large - small_columns * small) / 2)
            centre_x = np.where(pairs == 0, margin + large / 2,
                                margin + large + (others // per_column) * small + small / 2)
            centre_y = np.where(pairs == 0, label_height + radius + px(4), (others % per_column) * small + small / 2)
            radius = np.where(pairs == 0, radius, max(1.0, small / 2 - px(3)))
        return centre_x, centre_y, radius, label_height

    def _static_layer(self) -> QPixmap:
        """Dials, ticks and face titles: drawn once per size, θ and scale, then blitted."""
        clock, px = self._clock, self._clock.appearance.px
        thetas = clock.thetas()
        ratio = self.devicePixelRatioF()
        key = (self.width(), self.height(), ratio, thetas.tobytes(), clock.appearance.scale,
               clock.appearance.language, clock.lesson_mode, clock.appearance.presenting)
        if key == self._static_key and self._static is not None:
            return self._static
        # Rounded up: at a ratio of 1.25 or 1.5 the last device pixel must be covered too (the
        # faces are opaque: nothing is painted behind them).
        pixmap = QPixmap(math.ceil(self.width() * ratio), math.ceil(self.height() * ratio))
        pixmap.setDevicePixelRatio(ratio)
        pixmap.fill(QColor("white"))
        painter = QPainter(pixmap)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        centre_x, centre_y, radius, label_height = self._face_geometry()
        size = self.face_size()
        small = self.is_small(size)
        painter.setPen(QPen(QColor(120, 120, 120), px(2)))
        painter.setBrush(QColor(248, 248, 248))
        for x, y, r in zip(centre_x.tolist(), centre_y.tolist(), radius.tolist(), strict=True):
            painter.drawEllipse(QPointF(x, y), r, r)
        painter.setPen(QPen(QColor(170, 170, 170), px(1)))
        painter.drawLines([QLineF(x + d.x() * r * 0.9, y + d.y() * r * 0.9, x + d.x() * r, y + d.y() * r)
                           for x, y, r in zip(centre_x.tolist(), centre_y.tolist(), radius.tolist(),
                                              strict=True) for d in _TICKS])
        painter.setPen(QColor("black"))
        font = self.title_font()
        presenting = clock.appearance.presenting
        if presenting and small:  # small multiples on a projector: no text too small to read
            painter.end()
            self._static, self._static_key, self.title_pixel_size = pixmap, key, 0
            return pixmap
        titled = 1 if self.stage() is not None else len(thetas)  # small multiples have no text
        widest = max((QFontMetrics(font).horizontalAdvance(line) for pair in range(titled)
                      for line in clock.face_label(pair, float(thetas[pair]), small).split("\n")), default=1)
        if widest > size - px(8) and presenting:  # the short title, or none: never shrunk on a projector
            small = True
            widest = max((QFontMetrics(font).horizontalAdvance(clock.face_label(pair, float(thetas[pair]), True))
                          for pair in range(titled)), default=1)
            if widest > size - px(8):
                painter.end()
                self._static, self._static_key, self.title_pixel_size = pixmap, key, 0
                return pixmap
        elif widest > size - px(8):  # shrink the titles to fit the faces
            font.setPointSizeF(font.pointSizeF() * (size - px(8)) / widest)
        painter.setFont(font)
        self.title_pixel_size = QFontInfo(font).pixelSize()
        for pair, x in enumerate(centre_x.tolist()[:titled]):
            top = centre_y[pair] - radius[pair] - px(4) - label_height
            painter.drawText(QRectF(x - size / 2, top, size, label_height), Qt.AlignmentFlag.AlignCenter,
                             clock.face_label(pair, float(thetas[pair]), small))
        painter.end()
        self._static, self._static_key = pixmap, key
        return pixmap

    def paintEvent(self, event: QPaintEvent) -> None:
        """Blit the static dials, then draw the hands: one batched call per hand colour."""
        painter = QPainter(self)
        visible = event.rect()
        painter.drawPixmap(visible, self._static_layer(), self._source_rect(visible))
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        clock, px = self._clock, self._clock.appearance.px
        centre_x, centre_y, radius, _ = self._face_geometry()
        size = self.face_size()
        # Only the faces the paint event touches.
        shown = ((centre_y + size / 2 >= visible.top()) & (centre_y - size / 2 <= visible.bottom()))
        # On a projector's stage only the large face has labels at the hand tips.
        labelled = (np.arange(len(shown)) == 0 if self.stage() is not None else np.ones(len(shown), dtype=bool))[shown]
        centre_x, centre_y, radius = centre_x[shown], centre_y[shown], radius[shown]
        angles = clock.hand_angles()[shown]
        hands = angles.shape[1]
        picked = clock.picked_hands()
        small = self.is_small(size)
        label_font = scaled_font(clock.appearance, 9, bold=True)
        tip = QRectF(-px(14), -px(20), px(28), px(16))
        if clock.appearance.presenting:  # q and k read from the back row
            label_font.setPixelSize(clock.appearance.stage_px(22))
            tip_side = QFontMetrics(label_font).height()
            tip = QRectF(-tip_side, -tip_side - px(6), 2 * tip_side, tip_side)
        # Round caps and smooth edges look best but cost several times as much to rasterise: only
        # for a few large hands. On a grid of small faces (64 pairs × 32 tokens: 2,048 hands) the
        # edges are a little jagged and a frame costs about half. Counted over every face, not the
        # ones this paint touches, so that scrolling never mixes the two looks.
        few = hands * len(shown) <= 64
        cap = Qt.PenCapStyle.RoundCap if few else Qt.PenCapStyle.FlatCap
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, few)
        for hand in range(hands):
            length = radius * (0.92 - 0.5 * hand / max(hands, 1))
            tip_x = centre_x + np.sin(angles[:, hand]) * length
            tip_y = centre_y - np.cos(angles[:, hand]) * length
            painter.setPen(QPen(clock.hand_colour(hand), px(5 if hand in picked else 3),
                                Qt.PenStyle.SolidLine, cap))
            painter.drawLines([QLineF(*points) for points in zip(
                centre_x.tolist(), centre_y.tolist(), tip_x.tolist(), tip_y.tolist(), strict=True)])
            if not small:
                painter.setFont(label_font)
                for x, y in zip(tip_x[labelled].tolist(), tip_y[labelled].tolist(), strict=True):
                    painter.drawText(tip.translated(x, y), Qt.AlignmentFlag.AlignCenter, clock.hand_label(hand))
        if len(picked) == 2 and hands > max(picked):
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)  # the arcs stay smooth
            for face in range(len(radius)):
                self._paint_gap(painter, QPointF(centre_x[face], centre_y[face]), radius[face] * 0.35,
                                angles[face, picked[0]], angles[face, picked[1]])
        painter.end()

    def _source_rect(self, visible: QRect) -> QRect:
        ratio = self.devicePixelRatioF()
        return QRect(int(visible.x() * ratio), int(visible.y() * ratio), int(visible.width() * ratio),
                     int(visible.height() * ratio))

    def _paint_gap(self, painter: QPainter, centre: QPointF, radius: float, a: float, b: float) -> None:
        """An arc from hand b to hand a: the angle that decides their score."""
        pen = QPen(HIGHLIGHT, self._clock.appearance.px(3))
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        span = (a - b + math.pi) % (2 * math.pi) - math.pi
        rect = QRectF(centre.x() - radius, centre.y() - radius, 2 * radius, 2 * radius)
        # Qt measures arcs counter-clockwise from 3 o'clock in 1/16 degree; hands start at 12.
        painter.drawArc(rect, int((90 - math.degrees(b)) * 16), int(-math.degrees(span) * 16))


def _direction(angle: float) -> QPointF:
    """Unit vector of a hand at ``angle`` radians, clockwise from 12 o'clock."""
    return QPointF(math.sin(angle), -math.cos(angle))


_TICKS = [_direction(tick * math.pi / 6) for tick in range(12)]


class RopeClock(RefreshWhenShown, ListeningView, QWidget):
    """RoPE as clock hands.

    Face i is the dimension pair (2i, 2i+1), turning θ_i radians per position. The token at
    position p has a hand at (p − 1 + s)·θ_i, where s is the sweep offset: play (Space) or drag
    the slider and every hand turns, yet the angle between any two hands, and so their score,
    stays the same. "Lesson example" switches to the lesson's one pair with θ = 0.5.
    """

    def __init__(self, model: EmbeddingModel, appearance: Appearance, parent: QWidget | None = None):
        super().__init__(parent)
        self._model = model
        self.appearance = appearance
        self._offset = 0.0
        self._speed = 1.0  # positions per second
        self._picked = (1, 0)  # positions (0-based) of the two tokens compared
        self._lesson_positions: tuple[int, int] | None = None
        self._lesson_base = LESSON_PAIRS[0]  # the pair "shift both" counts from
        self._elapsed = QElapsedTimer()

        self.faces_scroll = QScrollArea()
        self.faces_scroll.setWidgetResizable(True)
        self.faces = ClockFaces(self)
        self.faces_scroll.setWidget(self.faces)
        self.faces_scroll.viewport().installEventFilter(self)
        self.play_button = QPushButton()
        self.player = Player(self, self.play_button, FRAME_MS, self._on_frame, "rope_clock_animation")
        self.player.playing_changed.connect(self._on_playing_changed)
        self.speed = QDoubleSpinBox()
        self.speed.setRange(0.1, 16.0)
        self.speed.setValue(self._speed)
        self.speed.setSingleStep(0.5)
        self.speed.valueChanged.connect(self._on_speed_changed)
        self.sweep = QSlider(Qt.Orientation.Horizontal)
        self.sweep.setRange(0, MAX_SWEEP * SWEEP_STEPS_PER_POSITION)
        self.sweep.valueChanged.connect(self._on_sweep_moved)
        self.sweep_label = QLabel()
        self.first_token, self.second_token = QComboBox(), QComboBox()
        self.first_token.currentIndexChanged.connect(self._on_pick_changed)
        self.second_token.currentIndexChanged.connect(self._on_pick_changed)
        self.shift_both = QSpinBox()
        self.shift_both.setRange(0, MAX_SWEEP)
        self.shift_both.valueChanged.connect(self._on_shift_both)
        self.readout = QLabel()
        self.readout.setWordWrap(True)
        self.readout.setMinimumWidth(appearance.px(200))
        self.lesson_button = QPushButton()
        self.lesson_button.setCheckable(True)
        self.lesson_button.toggled.connect(self._on_lesson_toggled)
        self.lesson_choices = [QPushButton(f"({m}, {n})") for m, n in LESSON_PAIRS]
        for button, positions in zip(self.lesson_choices, LESSON_PAIRS, strict=True):
            button.clicked.connect(lambda _=False, p=positions: self.show_lesson_positions(*p))
        self.base = QComboBox()
        for base in ROPE_BASES:
            self.base.addItem(f"{base:,.0f}", base)
        self.base.currentIndexChanged.connect(self._on_base_changed)
        self.scaling_kind = QComboBox()
        self.scaling_factor = QDoubleSpinBox()
        self.scaling_factor.setRange(1.0, 64.0)
        self.scaling_factor.setValue(4.0)
        self.scaling_kind.currentIndexChanged.connect(self._on_scaling_changed)
        self.scaling_factor.valueChanged.connect(self._on_scaling_changed)
        self.theta_table = QLabel()
        self.theta_table.setTextFormat(Qt.TextFormat.RichText)
        self.scheme_note = QLabel()
        self.scheme_note.setWordWrap(True)
        self._captions = {name: QLabel() for name in ("speed", "pick", "shift", "base", "scaling")}
        self._build_layout()

        self._shortcut = QShortcut(QKeySequence(Qt.Key.Key_Space), self)
        self._shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self._shortcut.activated.connect(self.player.toggle)
        # Scores depend on X and on the attention settings: redraw after any change.
        self.listen(model.events.changed, self.request_refresh)
        self.listen(appearance.events.scale, self._on_scale_changed)
        self.listen(appearance.events.language, self.retranslate)
        self._on_scale_changed()
        self.retranslate()

    def _build_layout(self) -> None:
        """Faces on the left, taking what room there is; the controls in a column on the right."""
        c = self._captions
        column = QWidget()
        controls = QGridLayout(column)
        # Short rows: the column is narrow, and wrapped text must not be pushed out of sight.
        rows: list[tuple[QWidget, ...]] = [
            (self.scheme_note,), (self.readout,),
            (self.play_button,), (c["speed"], self.speed), (self.sweep, self.sweep_label),
            (c["pick"],), (self.first_token, self.second_token), (c["shift"], self.shift_both),
            (self.lesson_button,), tuple(self.lesson_choices),
            (c["base"], self.base), (c["scaling"],), (self.scaling_kind, self.scaling_factor),
            (self.theta_table,),
        ]
        for row, widgets in enumerate(rows):
            line = QHBoxLayout()
            for widget in widgets:
                line.addWidget(widget, 1 if widget in (self.sweep, self.scheme_note, self.readout) else 0)
            line.addStretch(0 if len(widgets) == 1 else 1)
            controls.addLayout(line, row, 0)
        controls.setRowStretch(len(rows), 1)
        self.controls = QScrollArea()
        self.controls.setWidgetResizable(True)
        self.controls.setWidget(column)
        self.controls.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        layout = QHBoxLayout(self)
        layout.addWidget(self.faces_scroll, 3)
        layout.addWidget(self.controls, 2)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        # Faces size themselves to the visible area: re-fit when it changes.
        if event.type() == QEvent.Type.Resize:
            self.faces.update_minimum_height()
        return False

    # ---- what the faces show (read by the painter and by tests) ---------------------------------

    @property
    def lesson_mode(self) -> bool:
        """True while the lesson's one-pair example is shown instead of the sequence."""
        return self._lesson_positions is not None

    def thetas(self) -> np.ndarray:
        """θ_i of every face."""
        if self.lesson_mode:
            return np.array([LESSON_THETA])
        return self._model.theta()

    def hand_positions(self) -> np.ndarray:
        """p − 1 (+ the sweep s) for each hand, the multiple of θ_i it is turned by; shape (hands,).

        Positions are 1-based on screen and the first one is not turned, as everywhere in the app.
        """
        if self._lesson_positions is not None:
            return np.array(self._lesson_positions, dtype=float) - 1
        return np.arange(self._model.n, dtype=float) + self._offset

    def hand_angles(self) -> np.ndarray:
        """Angle of every hand on every face, (p − 1 + s)·θ_i mod 2π; shape (pairs, hands)."""
        return np.mod(np.outer(self.thetas(), self.hand_positions()), 2 * np.pi)

    def picked_hands(self) -> tuple[int, ...]:
        """The two hands compared (indices into the hands)."""
        if self.lesson_mode:
            return (0, 1)
        return tuple(p for p in self._picked if p < self._model.n)

    def hand_colour(self, hand: int) -> QColor:
        """Colour of a hand: the chip's colour, or q/k colours in the lesson example."""
        if self.lesson_mode:
            return QColor("#0072B2") if hand == 0 else QColor("#D55E00")
        return token_colour(hand)

    def hand_label(self, hand: int) -> str:
        """Text at a hand's tip: its position (1-based), or q/k in the lesson example."""
        if self.lesson_mode:
            return ("q", "k")[hand]
        return str(hand + 1)

    def face_label(self, pair: int, theta: float, small: bool) -> str:
        """Title of a face: the pair, θ_i and its wavelength 2π/θ_i in positions."""
        numbers = self.appearance.numbers
        wavelength = 2 * math.pi / theta
        if small:
            return f"{pair}: θ={numbers.short(theta, 4)}"
        if self.lesson_mode:  # not pair 0 of this sequence (whose θ is 1): the lesson's own pair
            return self.tr("the lesson's example: one pair, θ = {0}\nwavelength 2π/θ = {1} positions").format(
                numbers.short(theta, 4), numbers.short(wavelength, 2))
        return self.tr("pair {0} (d{1}, d{2}): θ = {3}\nwavelength 2π/θ = {4} positions").format(
            pair, 2 * pair, 2 * pair + 1, numbers.short(theta, 4), numbers.short(wavelength, 2))

    def picked_score(self) -> float:
        """⟨R_m q, R_n k⟩ for the two picked hands (the lesson's raw dot product, no 1/√d)."""
        if self._lesson_positions is not None:
            m, n = self._lesson_positions
            return rope_score(np.array([1.0, 0.0]), np.array([1.0, 0.0]), m, n, np.array([LESSON_THETA]))
        a, b = self._picked
        if max(a, b) >= self._model.n:
            return float("nan")
        X, positions = self._model.X(), self.hand_positions()
        return rope_score(X[a], X[b], positions[a], positions[b], self._model.theta())

    def offset(self) -> float:
        """The sweep offset s added to every position."""
        return self._offset

    # ---- commands -------------------------------------------------------------------------------

    def set_offset(self, offset: float) -> None:
        """Shift every position by ``offset`` (0 .. 64) and redraw."""
        self._offset = min(max(0.0, offset), float(MAX_SWEEP))
        self.sweep.blockSignals(True)
        self.sweep.setValue(round(self._offset * SWEEP_STEPS_PER_POSITION))
        self.sweep.blockSignals(False)
        self.shift_both.blockSignals(True)
        self.shift_both.setValue(int(self._offset))
        self.shift_both.blockSignals(False)
        self._refresh_readout()
        self.faces.update()

    def pick(self, first: int, second: int) -> None:
        """Compare the tokens at positions ``first`` and ``second`` (0-based)."""
        self._picked = (first, second)
        self._sync_pickers()
        self._refresh_readout()
        self.faces.update()

    def show_lesson_positions(self, m: int, n: int) -> None:
        """Show the lesson's example at positions (m, n)."""
        self.lesson_button.blockSignals(True)
        self.lesson_button.setChecked(True)
        self.lesson_button.blockSignals(False)
        self._lesson_positions = self._lesson_base = (m, n)
        self._after_mode_change()

    # ---- signals --------------------------------------------------------------------------------

    def _on_playing_changed(self, playing: bool) -> None:
        if playing:
            self._elapsed.start()  # the first frame moves by the time since now
        self.play_button.setText(self.tr("Pause") if playing else self.tr("Play"))

    def _on_frame(self) -> None:
        seconds = self._elapsed.restart() / 1000
        offset = self._offset + seconds * self._speed
        self.set_offset(offset if offset <= MAX_SWEEP else 0.0)

    def _on_speed_changed(self, value: float) -> None:
        self._speed = value

    def _on_sweep_moved(self, value: int) -> None:
        self.set_offset(value / SWEEP_STEPS_PER_POSITION)

    def _on_shift_both(self, value: int) -> None:
        if self._lesson_positions is not None:
            base_m, base_n = self._lesson_base
            self._lesson_positions = (base_m + value, base_n + value)
            self._refresh_readout()
            self.faces.update()
        else:
            self.set_offset(float(value))

    def _on_pick_changed(self) -> None:
        first, second = self.first_token.currentIndex(), self.second_token.currentIndex()
        if first >= 0 and second >= 0 and (first, second) != self._picked:
            self._picked = (first, second)
            self._refresh_readout()
            self.faces.update()

    def _on_lesson_toggled(self, on: bool) -> None:
        self._lesson_base = LESSON_PAIRS[0]
        self._lesson_positions = self._lesson_base if on else None
        self._after_mode_change()

    def _after_mode_change(self) -> None:
        self.shift_both.blockSignals(True)
        self.shift_both.setValue(0 if self.lesson_mode else int(self._offset))
        self.shift_both.blockSignals(False)
        self.faces.update_minimum_height()
        self._show_controls()
        self._refresh_readout()
        self.retranslate()
        self.faces.update()

    def _on_base_changed(self) -> None:
        base = self.base.currentData()
        if base is not None and base != self._model.attention.rope_base:
            self._model.set_rope_base(float(base))

    def _on_scaling_changed(self) -> None:
        kind = self.scaling_kind.currentData()
        scaling = None if kind is None else RopeScaling(kind, self.scaling_factor.value())
        self.scaling_factor.setEnabled(kind is not None)
        if scaling != self._model.attention.rope_scaling:
            self._model.set_rope_scaling(scaling)

    def refresh(self) -> None:
        """Re-read the sequence and θ from the model."""
        self._sync_pickers()
        settings = self._model.attention
        scaling_kind = settings.rope_scaling.kind if settings.rope_scaling else None
        for combo, value in ((self.base, settings.rope_base), (self.scaling_kind, scaling_kind)):
            index = combo.findData(value)
            if index >= 0 and index != combo.currentIndex():
                combo.blockSignals(True)
                combo.setCurrentIndex(index)
                combo.blockSignals(False)
        self.faces.update_minimum_height()
        self._refresh_readout()
        self._refresh_theta_table()  # θ changes with the model, not with each animation frame
        self.faces.update()

    def _on_scale_changed(self) -> None:
        for label in (*self._captions.values(), self.readout, self.sweep_label, self.scheme_note,
                      self.theta_table):
            label.setFont(scaled_font(self.appearance, 11))
        readout_font = scaled_font(self.appearance, 13, bold=True)
        presenting = self.appearance.presenting
        if presenting:  # the step's answer, read from the back row: 22 px type at least
            readout_font.setPixelSize(max(self.appearance.stage_px(22), QFontInfo(readout_font).pixelSize()))
        self.readout.setFont(readout_font)
        self._show_controls()
        self.controls.setHorizontalScrollBarPolicy(
            Qt.ScrollBarPolicy.ScrollBarAlwaysOff if presenting else Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        self.faces.update_minimum_height()
        self.faces.update()

    def _show_controls(self) -> None:
        """On a projector only what the step needs: the answer, play/pause and the lesson's pairs
        (or, with the model's θ, the tokens compared); the rest steps aside."""
        presenting, lesson = self.appearance.presenting, self.lesson_mode
        c = self._captions
        aside = (self.scheme_note, c["speed"], self.speed, self.sweep, self.sweep_label, c["shift"], self.shift_both,
                 self.lesson_button, c["base"], self.base, c["scaling"], self.scaling_kind, self.scaling_factor,
                 self.theta_table)
        for widget in aside:
            widget.setVisible(not presenting)
        for widget in (c["pick"], self.first_token, self.second_token):
            widget.setVisible(not (presenting and lesson))
        for button in self.lesson_choices:
            button.setVisible(lesson or not presenting)

    def retranslate(self) -> None:
        """Re-read every visible string."""
        c = self._captions
        c["speed"].setText(self.tr("speed (positions/s):"))
        c["pick"].setText(self.tr("Compare:"))
        c["shift"].setText(self.tr("shift both by:"))
        c["base"].setText(self.tr("RoPE base:"))
        c["scaling"].setText(self.tr("context extension:"))
        self.play_button.setText(self.tr("Pause") if self.player.is_playing() else self.tr("Play"))
        self.lesson_button.setText(self.tr("Lesson example (θ = 0.5)"))
        kind = self.scaling_kind.currentData()
        self.scaling_kind.blockSignals(True)
        self.scaling_kind.clear()
        for label, data in ((self.tr("none"), None), (self.tr("position interpolation"), "pi"),
                            (self.tr("NTK-aware"), "ntk"), (self.tr("YaRN"), "yarn")):
            self.scaling_kind.addItem(label, data)
        self.scaling_kind.setCurrentIndex(max(0, self.scaling_kind.findData(kind)))
        self.scaling_kind.blockSignals(False)
        self._sync_pickers()
        self._refresh_readout()
        self._refresh_theta_table()
        self.faces.update()  # the faces' labels are written in the language's numbers

    # ---- text -----------------------------------------------------------------------------------

    def _sync_pickers(self) -> None:
        labels = [f"{p + 1} {display_token(self._model.tokens[i])}" for p, i in enumerate(self._model.ids)]
        for combo, position in ((self.first_token, self._picked[0]), (self.second_token, self._picked[1])):
            combo.blockSignals(True)
            if [combo.itemText(i) for i in range(combo.count())] != labels:
                combo.clear()
                combo.addItems(labels)
            combo.setCurrentIndex(min(position, len(labels) - 1))
            combo.blockSignals(False)
        if self._model.n:
            self._picked = (min(self._picked[0], self._model.n - 1), min(self._picked[1], self._model.n - 1))

    def _refresh_readout(self) -> None:
        numbers = self.appearance.numbers
        self.sweep_label.setText(self.tr("shift s = {0}").format(numbers.fixed(self._offset, 2)))
        score = numbers.fixed(self.picked_score(), 3)
        if self._lesson_positions is not None:
            m, n = self._lesson_positions
            angle = (m - n) * LESSON_THETA
            self.readout.setText(self.tr(
                "q at position {0}, k at position {1}: angle (m − n)·θ = {2} rad; "
                "score = cos({2}) = {3}").format(m, n, numbers.short(angle, 3), score)
                # A formula must not break across lines: "(m −" / "n)·θ" misreads on a projector.
                .replace("(m − n)", "(m\u00a0−\u00a0n)"))
            self.scheme_note.setText(self.tr(
                "The lesson's example: one pair, θ = 0.5, q = k = [1, 0]. Try (3, 1), then shift "
                "both by 7 to (10, 8): same score. (4, 1) is one step further apart."))
        else:
            a, b = self._picked
            positions = self.hand_positions()
            if max(a, b) < len(positions):
                gaps = [numbers.short(math.degrees((positions[a] - positions[b]) * t) % 360, 1)
                        for t in self.thetas()[:4]]
                self.readout.setText(self.tr(
                    "positions m = {0}, n = {1} (distance {2}); angle between hands per pair: {3}°; "
                    "score ⟨R_m q, R_n k⟩ = {4}").format(
                    numbers.short(positions[a] + 1, 2), numbers.short(positions[b] + 1, 2),
                    numbers.short(positions[a] - positions[b], 2), ", ".join(gaps), score))
            scheme_note = self.tr("Every hand turns by (p − 1 + s)·θ_i. Sweep s: all hands turn, "
                                  "the angles between them, and the score, stay put.")
            # The attention view shows scaled scores: say why its numbers are smaller.
            scheme_note += " " + self.tr("The score here is the plain dot product; the attention view "
                                         "divides it by √d = {0}.").format(
                self.appearance.numbers.short(math.sqrt(self._model.d), 3))
            if self._model.scheme != "rope":
                scheme_note += " " + self.tr("(The sequence uses another scheme; this shows what "
                                             "RoPE would do with it.)")
            self.scheme_note.setText(scheme_note)

    def _refresh_theta_table(self) -> None:
        numbers = self.appearance.numbers
        trained, scaled = self._model.theta(scaled=False), self._model.theta()
        cells = "".join(
            f"<td>&nbsp;θ<sub>{i}</sub> = {numbers.short(float(t), 5)}"
            + (f" → <b>{numbers.short(float(s), 5)}</b>" if not np.isclose(t, s) else "") + "&nbsp;</td>"
            for i, (t, s) in enumerate(zip(trained[:8], scaled[:8], strict=True)))
        more = "<td>…</td>" if len(trained) > 8 else ""
        self.theta_table.setText(f"<table><tr>{cells}{more}</tr></table>")

    # ---- lifetime -------------------------------------------------------------------------------

    def detach(self) -> None:
        """Stop the sweep and listening to the model."""
        self.player.pause()
        super().detach()
