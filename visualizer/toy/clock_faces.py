"""The RoPE clock's faces: dials, ticks and titles drawn once, hands drawn every frame.

What the faces show (θ of each face, each hand's angle, colour and label) is asked of the clock
they belong to (:class:`HandsSource`); this widget only draws it.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol, cast

import numpy as np
from PySide6.QtCore import QLineF, QPointF, QRect, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontInfo, QFontMetrics, QPainter, QPaintEvent, QPen, QPixmap
from PySide6.QtWidgets import QScrollArea, QWidget

from visualizer.appearance import Appearance
from visualizer.ui.painted_text import PaintedText
from visualizer.ui.palette import HIGHLIGHT, scaled_font, stage_label_font

TITLE_FLAGS = Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignBottom | Qt.TextFlag.TextWordWrap
# Read once: each lookup of a Qt enum member goes through Python's enum machinery, and a frame
# would make a dozen of them.
_CENTRED = Qt.AlignmentFlag.AlignCenter
_SMOOTH = QPainter.RenderHint.Antialiasing
_NO_BRUSH = Qt.BrushStyle.NoBrush


class HandsSource(Protocol):
    """What the faces draw, read from the clock on every paint."""

    appearance: Appearance

    @property
    def lesson_mode(self) -> bool:
        """The lesson's one-pair example instead of the sequence."""

    def thetas(self) -> np.ndarray:
        """θ_i of every face, shape (pairs,)."""

    def hand_angles(self) -> np.ndarray:
        """Angle of every hand on every face, shape (pairs, hands)."""

    def picked_hands(self) -> tuple[int, ...]:
        """The two hands compared."""

    def hand_colour(self, hand: int) -> QColor:
        """Colour of a hand."""

    def hand_label(self, hand: int) -> str:
        """Text at a hand's tip."""

    def face_label(self, pair: int, theta: float, small: bool) -> str:
        """Title of a face."""


class ClockFaces(QWidget):
    """Paints the faces; all state lives in the clock (it calls ``update``).

    Parameters
    ----------
    clock : HandsSource
        What to draw.
    scroll : QScrollArea
        The area the faces sit in: they size themselves to its visible part.
    """

    def __init__(self, clock: HandsSource, scroll: QScrollArea) -> None:
        super().__init__()
        self._clock = clock
        self._scroll = scroll
        # Every paint covers what it repaints with the static layer: Qt need not paint what is
        # behind first (a third of each animation frame).
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)
        # Stage, grid and face geometry, kept while what they depend on stays: an animation frame
        # reads them several times and changes none of it.
        self._layout: dict[str, Any] = {}
        self._layout_key: tuple[object, ...] = ()
        self.title_pixel_size = 0
        """Pixel size of the face titles last drawn; 0 when none were drawn."""
        self._painted_titles: list[PaintedText] = []
        self._painted_tips: tuple[HandsLook, list[list[float]], list[list[float]]] | None = None

    def _current_layout(self) -> dict[str, Any]:
        """What is kept for the current size, θ, scale, presenting, language and mode (emptied when
        any of them changes): one check of them per paint serves every kept part."""
        visible = self._scroll.viewport().size()
        appearance = self._clock.appearance
        key = (self.width(), visible.width(), visible.height(), self._clock.thetas().tobytes(), appearance.scale,
               appearance.presenting, appearance.language, self._clock.lesson_mode)
        if key != self._layout_key:
            self._layout, self._layout_key = {}, key
        return self._layout

    def _kept(self, name: str, compute: Callable[[], Any]) -> Any:
        """``compute()`` once per size, number of pairs, scale and presenting."""
        layout = self._current_layout()
        if name not in layout:
            layout[name] = compute()
        return layout[name]

    def stage(self) -> tuple[int, int, int] | None:
        """On a projector with more than one pair: (side of the first face, side of the others,
        small faces per column): the first pair large, the others small multiples beside it."""
        return self._kept("stage", self._compute_stage)

    def _compute_stage(self) -> tuple[int, int, int] | None:
        pairs = len(self._clock.thetas())
        if not self._clock.appearance.presenting or pairs < 2:
            return None
        visible = self._scroll.viewport().size()
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
        visible = self._scroll.viewport().size()
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
        height = rows * side if rows * side > self._scroll.viewport().height() else 0
        if self.stage() is not None:  # the stage fits the visible area: nothing scrolls
            height = 0
        if self.minimumHeight() != height:
            self.setMinimumHeight(height)

    def resizeEvent(self, event: object) -> None:
        self.update_minimum_height()

    def title_font(self) -> QFont:
        """The face titles' font: on a projector the stage's label type (small faces have none
        there), 10 pt bold at the scale otherwise (8 pt on small faces)."""
        appearance = self._clock.appearance
        if appearance.presenting:
            return stage_label_font(appearance, bold=True)
        return scaled_font(appearance, 8 if self.is_small(self.face_size()) else 10, bold=True)

    def titles(self) -> tuple[QFont, list[str], int]:
        """(font, title of each titled face, height of the band above each face for its title).

        A title wraps within its face (never cut, never run past it). On a projector its type
        never shrinks: a title that would take more than a third of the face gives way to the
        short one ("0: θ=0.5"), and that to none, on purpose; in the window it shrinks to fit.
        Small multiples on a projector's stage have no text.
        """
        return self._kept("titles", self._compute_titles)

    def _compute_titles(self) -> tuple[QFont, list[str], int]:
        clock, px = self._clock, self._clock.appearance.px
        appearance = clock.appearance
        thetas = clock.thetas()
        size = self.face_size()
        small = self.is_small(size)
        font = self.title_font()
        if appearance.presenting and small:
            return font, [], 0
        titled = 1 if self.stage() is not None else len(thetas)  # small multiples have no text
        room = max(1, size - px(8))

        def lay_out(short: bool) -> list[str]:
            return [clock.face_label(pair, float(thetas[pair]), short) for pair in range(titled)]

        def band(texts: list[str]) -> int:
            metrics = QFontMetrics(font)
            return max((metrics.boundingRect(QRect(0, 0, room, 10_000), TITLE_FLAGS, text).height()
                        for text in texts), default=0)

        def fits(texts: list[str]) -> bool:
            metrics = QFontMetrics(font)  # every word on a line of its own at worst
            return all(metrics.horizontalAdvance(word) <= room for text in texts for word in text.split())

        texts = lay_out(small)
        if appearance.presenting:
            for short in ((small,) if small else (False, True)):
                texts = lay_out(short)
                if fits(texts) and band(texts) <= size / 3:
                    return font, texts, band(texts) + px(4)
            return font, [], 0
        while not fits(texts) and font.pointSizeF() > 5:  # the window: smaller type, never cut
            font.setPointSizeF(font.pointSizeF() * 0.9)
        return font, texts, max(band(texts) + px(4), px(18 if small else 40))

    def _label_height(self, size: int) -> int:
        return self.titles()[2]

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

    def _static_layer(self, layout: dict[str, Any]) -> QPixmap:
        """Dials, ticks and face titles: drawn once per size, θ and scale, then blitted.

        ``layout`` is :meth:`_current_layout`, checked by the caller for this paint.
        """
        px = self._clock.appearance.px
        ratio = self.devicePixelRatioF()
        key = (self.height(), ratio)  # beyond the layout's own key (width, θ, scale, language, ...)
        kept = layout.get("static")
        if kept is not None and kept[0] == key:
            return cast(QPixmap, kept[1])
        # Rounded up: at a ratio of 1.25 or 1.5 the last device pixel must be covered too (the
        # faces are opaque: nothing is painted behind them).
        pixmap = QPixmap(math.ceil(self.width() * ratio), math.ceil(self.height() * ratio))
        pixmap.setDevicePixelRatio(ratio)
        pixmap.fill(QColor("white"))
        painter = QPainter(pixmap)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        centre_x, centre_y, radius, label_height = self._face_geometry()
        size = self.face_size()
        painter.setPen(QPen(QColor(120, 120, 120), px(2)))
        painter.setBrush(QColor(248, 248, 248))
        for x, y, r in zip(centre_x.tolist(), centre_y.tolist(), radius.tolist(), strict=True):
            painter.drawEllipse(QPointF(x, y), r, r)
        painter.setPen(QPen(QColor(170, 170, 170), px(1)))
        painter.drawLines([QLineF(x + d.x() * r * 0.9, y + d.y() * r * 0.9, x + d.x() * r, y + d.y() * r)
                           for x, y, r in zip(centre_x.tolist(), centre_y.tolist(), radius.tolist(),
                                              strict=True) for d in _TICKS])
        painter.setPen(QColor("black"))
        font, texts, _ = self.titles()
        self._painted_titles = []
        painter.setFont(font)
        for pair, text in enumerate(texts):
            x = float(centre_x[pair])
            top = centre_y[pair] - radius[pair] - px(4) - label_height
            box = QRectF(x - size / 2 + px(4), top, size - px(8), label_height)
            painter.drawText(box, TITLE_FLAGS, text)
            self._painted_titles.append(PaintedText(text, QFont(font), box, "face title"))
        self.title_pixel_size = QFontInfo(font).pixelSize() if texts else 0
        painter.end()
        layout["static"] = (key, pixmap)
        return pixmap

    def _hands_look(self, layout: dict[str, Any], visible: QRect, hands: int) -> HandsLook:
        """How the hands are drawn in the band ``visible``, apart from where they point (``layout``:
        :meth:`_current_layout`, checked by the caller for this paint).

        Kept beside the layout (and forgotten with it): an animation frame turns the hands and
        changes nothing here, and building pens, fonts and geometry was most of a frame's cost.
        """
        clock, px = self._clock, self._clock.appearance.px
        appearance = clock.appearance
        picked = clock.picked_hands()
        # What the look depends on beyond the layout's key.
        key = (visible.top(), visible.bottom(), hands, picked, appearance.stage_px(22))
        kept = layout.get("hands")
        if kept is not None and kept[0] == key:
            return cast(HandsLook, kept[1])
        centre_x, centre_y, radius, _ = self._face_geometry()
        size = self.face_size()
        # Only the faces the paint event touches.
        shown = (centre_y + size / 2 >= visible.top()) & (centre_y - size / 2 <= visible.bottom())
        # On a projector's stage only the large face has labels at the hand tips.
        labelled = (np.arange(len(shown)) == 0 if self.stage() is not None else np.ones(len(shown), dtype=bool))[shown]
        centre_x, centre_y, radius = centre_x[shown], centre_y[shown], radius[shown]
        label_font = scaled_font(appearance, 9, bold=True)
        tip = QRectF(-px(14), -px(20), px(28), px(16))
        if appearance.presenting:  # q and k read from the back row
            label_font.setPixelSize(appearance.stage_px(22))
            tip_side = QFontMetrics(label_font).height()
            tip = QRectF(-tip_side, -tip_side - px(6), 2 * tip_side, tip_side)
        # Round caps and smooth edges look best but cost several times as much to rasterise: only
        # for a few large hands. On a grid of small faces (64 pairs × 32 tokens: 2,048 hands) the
        # edges are a little jagged and a frame costs about half. Counted over every face, not the
        # ones this paint touches, so that scrolling never mixes the two looks.
        few = hands * len(shown) <= 64
        cap = Qt.PenCapStyle.RoundCap if few else Qt.PenCapStyle.FlatCap
        # Column h is the length of hand h on each face: later hands are shorter.
        lengths = np.stack([radius * (0.92 - 0.5 * hand / max(hands, 1)) for hand in range(hands)], axis=1) \
            if hands else np.zeros((len(radius), 0))
        gap_radius = radius * 0.35  # the arc between the two compared hands
        look = HandsLook(
            shown=None if shown.all() else shown,
            centre_x=centre_x, centre_y=centre_y, lengths=lengths,
            centres=list(zip(centre_x.tolist(), centre_y.tolist(), strict=True)),
            pens=[QPen(clock.hand_colour(hand), px(5 if hand in picked else 3), Qt.PenStyle.SolidLine, cap)
                  for hand in range(hands)],
            labels=[clock.hand_label(hand) for hand in range(hands)],
            labelled=None if self.is_small(size) else np.flatnonzero(labelled).tolist(),
            label_font=label_font, tip=tip, antialiased=few,
            gap=(picked[0], picked[1]) if len(picked) == 2 and hands > max(picked) else None,
            gap_pen=QPen(HIGHLIGHT, px(3)),
            gap_rects=[QRectF(x - r, y - r, 2 * r, 2 * r)
                       for x, y, r in zip(centre_x.tolist(), centre_y.tolist(), gap_radius.tolist(), strict=True)],
        )
        layout["hands"] = (key, look)
        return look

    def paintEvent(self, event: QPaintEvent) -> None:
        """Blit the static dials, then draw the hands: one batched call per hand colour."""
        painter = QPainter(self)
        visible = event.rect()
        layout = self._current_layout()  # once for the static layer and the hands' look
        painter.drawPixmap(visible, self._static_layer(layout), self._source_rect(visible))
        painter.setRenderHint(_SMOOTH)
        angles = self._clock.hand_angles()
        look = self._hands_look(layout, visible, angles.shape[1])
        if look.shown is not None:
            angles = angles[look.shown]
        # Every tip at once (the same arithmetic, element by element, as one hand at a time).
        tips_x = look.centre_x[:, None] + np.sin(angles) * look.lengths
        tips_y = look.centre_y[:, None] - np.cos(angles) * look.lengths
        painter.setRenderHint(_SMOOTH, look.antialiased)
        if look.labelled is not None:
            painter.setFont(look.label_font)
        tip_x_rows, tip_y_rows = tips_x.T.tolist(), tips_y.T.tolist()
        for hand, pen in enumerate(look.pens):
            painter.setPen(pen)
            painter.drawLines([QLineF(x, y, tip_x, tip_y) for (x, y), tip_x, tip_y in zip(
                look.centres, tip_x_rows[hand], tip_y_rows[hand], strict=True)])
            if look.labelled is not None:
                label = look.labels[hand]
                for box in look.tip_boxes(tip_x_rows[hand], tip_y_rows[hand]):
                    painter.drawText(box, _CENTRED, label)
        if look.gap is not None:
            painter.setRenderHint(_SMOOTH)  # the arcs stay smooth
            painter.setPen(look.gap_pen)
            painter.setBrush(_NO_BRUSH)
            first, second = look.gap
            for rect, a, b in zip(look.gap_rects, angles[:, first].tolist(), angles[:, second].tolist(), strict=True):
                _paint_gap(painter, rect, a, b)
        painter.end()
        # The tips' boxes are described when asked (tests and the projection checks), not per frame.
        self._painted_tips = (look, tip_x_rows, tip_y_rows)

    def painted_texts(self) -> list[PaintedText]:
        """The face titles and the labels at the hand tips, as last painted (this widget's coordinates)."""
        tips: list[PaintedText] = []
        if self._painted_tips is not None:
            look, tip_x_rows, tip_y_rows = self._painted_tips
            if look.labelled is not None:
                for hand, label in enumerate(look.labels):
                    tips += [PaintedText(label, look.label_font, box, "hand")
                             for box in look.tip_boxes(tip_x_rows[hand], tip_y_rows[hand])]
        return [*self._painted_titles, *tips]

    def _source_rect(self, visible: QRect) -> QRect:
        ratio = self.devicePixelRatioF()
        return QRect(int(visible.x() * ratio), int(visible.y() * ratio), int(visible.width() * ratio),
                     int(visible.height() * ratio))


@dataclass(frozen=True)
class HandsLook:
    """What the hands' paint keeps from frame to frame: all of it but the angles.

    Attributes
    ----------
    shown : ndarray of bool, shape (pairs,), or None
        The faces the paint touches; None when it touches every face.
    centre_x, centre_y : ndarray, shape (faces,)
        Centre of each face painted (faces: the ones shown).
    lengths : ndarray, shape (faces, hands)
        Length of each hand on each face painted.
    centres : list of (float, float)
        The same centres, as Python numbers for the lines.
    pens : list of QPen
        One per hand: its colour, and thicker for the two compared.
    labels : list of str
        The text at each hand's tip.
    labelled : list of int, or None
        The faces painted (indices among them) that get labels at the tips; None on faces too small
        for any.
    label_font : QFont
        The tips' type.
    tip : QRectF
        The box of a tip's label, relative to the tip.
    antialiased : bool
        Smooth edges and round caps (few hands) or not.
    gap : (int, int) or None
        The two compared hands, when both are drawn: an arc shows the angle between them.
    gap_pen : QPen
        The arc's pen.
    gap_rects : list of QRectF
        The box of the arc on each face painted.
    """

    shown: np.ndarray | None
    centre_x: np.ndarray
    centre_y: np.ndarray
    lengths: np.ndarray
    centres: list[tuple[float, float]]
    pens: list[QPen]
    labels: list[str]
    labelled: list[int] | None
    label_font: QFont
    tip: QRectF
    antialiased: bool
    gap: tuple[int, int] | None
    gap_pen: QPen
    gap_rects: list[QRectF]

    def tip_boxes(self, tips_x: list[float], tips_y: list[float]) -> list[QRectF]:
        """The label boxes of one hand (``tip`` moved to its tip on each labelled face), given the
        tip on every face painted."""
        tip, labelled = self.tip, self.labelled
        if labelled is None:
            return []
        if len(labelled) < len(tips_x):
            tips_x, tips_y = [tips_x[face] for face in labelled], [tips_y[face] for face in labelled]
        return [tip.translated(x, y) for x, y in zip(tips_x, tips_y, strict=True)]


def _paint_gap(painter: QPainter, rect: QRectF, a: float, b: float) -> None:
    """An arc from hand b to hand a within ``rect``: the angle that decides their score."""
    span = (a - b + math.pi) % (2 * math.pi) - math.pi
    # Qt measures arcs counter-clockwise from 3 o'clock in 1/16 degree; hands start at 12.
    painter.drawArc(rect, int((90 - math.degrees(b)) * 16), int(-math.degrees(span) * 16))


def _direction(angle: float) -> QPointF:
    """Unit vector of a hand at ``angle`` radians, clockwise from 12 o'clock."""
    return QPointF(math.sin(angle), -math.cos(angle))



_TICKS = [_direction(tick * math.pi / 6) for tick in range(12)]
