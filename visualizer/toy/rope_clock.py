"""The RoPE clock: each dimension pair is a clock face, each token a hand turned by (t − 1)·θ_i.

The faces are drawn by :class:`~visualizer.toy.clock_faces.ClockFaces`, the controls live in
:class:`~visualizer.toy.clock_controls.ClockControls`; this widget holds the state (the sweep,
the tokens compared, the lesson's example) and says what it means.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from PySide6.QtCore import QElapsedTimer, QEvent, QObject, Qt
from PySide6.QtGui import QColor, QKeySequence, QResizeEvent, QShortcut
from PySide6.QtWidgets import QHBoxLayout, QScrollArea, QVBoxLayout, QWidget

from visualizer.appearance import Appearance
from visualizer.core import RopeScaling, display_token, rope_score
from visualizer.core.formatting import NumberFormat
from visualizer.lesson.cue import Cue, read_options
from visualizer.model import EmbeddingModel
from visualizer.toy.clock_controls import LESSON_PAIRS, MAX_SWEEP, SWEEP_STEPS_PER_POSITION, ClockControls
from visualizer.toy.clock_faces import ClockFaces
from visualizer.toy.clock_pairs import LESSON_THETA, ClockPairs
from visualizer.ui.lazy import RefreshWhenShown
from visualizer.ui.palette import token_colour
from visualizer.ui.player import Player
from visualizer.ui.protocol import ListeningView

FRAME_MS = 16  # ~60 frames per second
QWIDGETSIZE_MAX = 16_777_215  # Qt's "no maximum"


@dataclass(frozen=True)
class RopeClockOptions:
    """What a lesson step may ask of the clock: the ``view_options`` of a step whose view is ``rope_clock``."""

    lesson_example: tuple[int, int] | None = None
    """Positions (m, n) of the lesson's one-pair example (θ = 0.5, q = k = [1, 0]); null: the sequence."""


class PairTexts:
    """The picked pair's distance, the angles between its hands and its score, as the readout writes
    them, kept from one animation frame to the next.

    All three depend on the distance between the two positions, not on the sweep s (RoPE's point):
    they are worked out again only when that distance (exactly, as a float), the pair, X, θ or the
    number format changes. X and θ are the model's read-only arrays, replaced (never changed in
    place) when the model changes, so they are told apart by identity; holding them keeps an
    identity from being reused.
    """

    def __init__(self) -> None:
        self._key: tuple[object, ...] = ()
        self._held: tuple[object, ...] = ()
        self._texts = ("", "", "")

    def texts(self, numbers: NumberFormat, X: np.ndarray, theta: np.ndarray, picked: tuple[int, int],
              positions: np.ndarray) -> tuple[str, str, str]:
        """(distance m − n, the angle between the hands on each of the first four faces in degrees,
        ⟨R_m q, R_n k⟩) for the hands ``picked`` at ``positions`` (shape (hands,)); X has shape
        (hands, d), θ shape (d // 2,)."""
        a, b = picked
        distance = positions[a] - positions[b]
        key = (a, b, float(distance), id(X), id(theta), id(numbers))
        if key != self._key:
            gaps = [numbers.short(math.degrees(distance * t) % 360, 1) for t in theta[:4]]
            score = rope_score(X[a], X[b], positions[a], positions[b], theta)
            self._texts = (numbers.short(distance, 2), ", ".join(gaps), numbers.fixed(score, 3))
            self._key, self._held = key, (X, theta, numbers)
        return self._texts


class RopeClock(RefreshWhenShown, ListeningView, QWidget):
    """RoPE as clock hands.

    Face i is the dimension pair (2i, 2i+1), turning θ_i radians per position. The token at
    position t has a hand at (t − 1 + s)·θ_i, where s is the sweep offset: play (Space) or drag
    the slider and every hand turns, yet the angle between any two hands, and so their score,
    stays the same. "Lesson example" switches to the lesson's one pair with θ = 0.5.
    """

    OPTIONS = RopeClockOptions

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
        self._pair_texts = PairTexts()

        self.faces_scroll = QScrollArea()
        self.faces_scroll.setWidgetResizable(True)
        self.faces = ClockFaces(self, self.faces_scroll)
        self.faces_scroll.setWidget(self.faces)
        self.faces_scroll.viewport().installEventFilter(self)
        self.controls = controls = ClockControls(self._speed)
        controls.readout.setMinimumWidth(appearance.px(200))
        self.player = Player(self, controls.play_button, FRAME_MS, self._on_frame, "rope_clock_animation")
        self.player.playing_changed.connect(self._on_playing_changed)
        controls.speed.valueChanged.connect(self._on_speed_changed)
        controls.sweep.changed.connect(self._on_sweep_moved)
        controls.first.changed.connect(self._on_pick_changed)
        controls.second.changed.connect(self._on_pick_changed)
        controls.shift.changed.connect(self._on_shift_both)
        controls.lesson.changed.connect(self._on_lesson_toggled)
        for button, positions in zip(controls.lesson_choices, LESSON_PAIRS, strict=True):
            button.clicked.connect(lambda _=False, p=positions: self.show_lesson_positions(*p))
        controls.base.changed.connect(self._on_base_changed)
        controls.scaling.changed.connect(self._on_scaling_changed)
        controls.factor.changed.connect(self._on_scaling_changed)
        # The lesson's three pairs at once, each with its angle and score (the lesson's own numbers).
        self.pairs = ClockPairs(appearance)
        self._column = column = QVBoxLayout()
        column.addWidget(controls, 1)
        column.addWidget(self.pairs)
        self._outer = layout = QHBoxLayout(self)
        layout.addWidget(self.faces_scroll, 3)
        layout.addLayout(column, 2)

        self._shortcut = QShortcut(QKeySequence(Qt.Key.Key_Space), self)
        self._shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self._shortcut.activated.connect(self.player.toggle)
        # Scores depend on X and on the attention settings: redraw after any change.
        self.listen(model.events.changed, self.request_refresh)
        # The base and extension boxes follow the model at once, hidden or not (undo, a session).
        self.listen(model.events.attention_changed, self._show_settings)
        self.listen(appearance.events.scale, self._on_scale_changed)
        self.listen(appearance.events.language, self.retranslate)
        self._on_scale_changed()
        self.retranslate()
        self._show_settings()

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
        """t − 1 (+ the sweep s) for each hand, the multiple of θ_i it is turned by; shape (hands,).

        Positions are 1-based on screen and the first one is not turned, as everywhere in the app.
        """
        if self._lesson_positions is not None:
            return np.array(self._lesson_positions, dtype=float) - 1
        return np.arange(self._model.n, dtype=float) + self._offset

    def hand_angles(self) -> np.ndarray:
        """Angle of every hand on every face, (t − 1 + s)·θ_i mod 2π; shape (pairs, hands)."""
        # θ_i × position by broadcasting: what np.outer computes, without its wrapper's cost per frame.
        return np.mod(self.thetas()[:, None] * self.hand_positions()[None, :], 2 * np.pi)

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
        self.controls.sweep.value = round(self._offset * SWEEP_STEPS_PER_POSITION)
        self.controls.shift.value = int(self._offset)
        self._refresh_sweep_readout()  # nothing else the readout says depends on s
        self.faces.update()

    def pick(self, first: int, second: int) -> None:
        """Compare the tokens at positions ``first`` and ``second`` (0-based)."""
        self._picked = (first, second)
        self._sync_pickers()
        self._refresh_readout()
        self.faces.update()

    def show_lesson_positions(self, m: int, n: int) -> None:
        """Show the lesson's example at positions (m, n)."""
        self.controls.lesson.value = True
        self._lesson_positions = self._lesson_base = (m, n)
        self._after_mode_change()

    def show_sequence(self) -> None:
        """Leave the lesson's example: the hands of the sequence again."""
        self.controls.lesson.value = False
        if self._lesson_positions is not None:
            self._lesson_base = LESSON_PAIRS[0]
            self._lesson_positions = None
            self._after_mode_change()

    def take_cue(self, cue: Cue) -> None:
        """A lesson step's clock: the lesson's example at the positions it names, or the sequence."""
        options = read_options(RopeClockOptions, cue.options)
        if options.lesson_example is not None:
            self.show_lesson_positions(*options.lesson_example)
        else:
            self.show_sequence()

    # ---- signals --------------------------------------------------------------------------------

    def _on_playing_changed(self, playing: bool) -> None:
        if playing:
            self._elapsed.start()  # the first frame moves by the time since now
        self.controls.play_button.setText(self.tr("Pause") if playing else self.tr("Play"))

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
        first, second = self.controls.first.value, self.controls.second.value
        if first >= 0 and second >= 0 and (first, second) != self._picked:
            self._picked = (first, second)
            self._refresh_readout()
            self.faces.update()

    def _on_lesson_toggled(self, on: bool) -> None:
        if on:
            self.show_lesson_positions(*LESSON_PAIRS[0])
        else:
            self.show_sequence()

    def _after_mode_change(self) -> None:
        self.controls.shift.value = 0 if self.lesson_mode else int(self._offset)
        self.faces.update_minimum_height()
        self.controls.show_needed(self.appearance.presenting, self.lesson_mode)
        self._fit_stage_columns()  # one face (a circle) or the model's faces
        self._refresh_readout()
        self.retranslate()
        self.faces.update()

    def _on_base_changed(self, base: float | None) -> None:
        if base is not None:
            self._model.set_rope_base(float(base))

    def _on_scaling_changed(self) -> None:
        kind = self.controls.scaling.value
        self.controls.scaling_factor.setEnabled(kind is not None)
        self._model.set_rope_scaling(None if kind is None else RopeScaling(kind, self.controls.factor.value))

    def _show_settings(self) -> None:
        """The RoPE base and the context extension as the model has them."""
        settings = self._model.attention
        scaling = settings.rope_scaling
        self.controls.base.value = settings.rope_base
        self.controls.scaling.value = None if scaling is None else scaling.kind
        if scaling is not None:
            self.controls.factor.value = scaling.factor
        self.controls.scaling_factor.setEnabled(scaling is not None)

    def refresh(self) -> None:
        """Re-read the sequence and θ from the model."""
        self._sync_pickers()
        self.faces.update_minimum_height()
        self._refresh_readout()
        self._refresh_theta_table()  # θ changes with the model, not with each animation frame
        self.faces.update()

    def _on_scale_changed(self) -> None:
        self.controls.restyle(self.appearance, self.lesson_mode)
        self._fit_stage_columns()
        self._refresh_readout()  # the pairs say more on stage (m − n of each)
        self.faces.update_minimum_height()
        self.faces.update()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit_stage_columns()
        self._fit_pairs_font()

    def _fit_stage_columns(self) -> None:
        """Presenting, the clock as wide as it is tall (a circle: wider, it left blank bands at its
        sides) and the column beside it the rest; the controls only as tall as what they show, the
        lesson's pairs the height below them (a quarter of the stage was an empty frame)."""
        presenting = self.appearance.presenting and self.lesson_mode  # one face: a circle
        outer = self._outer
        # At least half the view's area, the clock being the step's picture.
        margins = outer.contentsMargins()
        tall = max(1, self.height() - margins.top() - margins.bottom())
        half = math.ceil(self.width() * self.height() / (2 * tall))
        self.faces_scroll.setMaximumWidth(max(self.height(), half) if presenting else QWIDGETSIZE_MAX)
        self._column.setStretchFactor(self.controls, 0 if presenting else 1)
        self._column.setStretchFactor(self.pairs, 1 if presenting else 0)
        column = self.controls.widget()
        layout = column.layout() if column is not None else None
        if presenting and column is not None and layout is not None:
            # As tall as its rows shown need at its width (wrapped texts at their heights).
            layout.invalidate()  # the rows just set aside no longer count
            width = self.controls.viewport().width() or column.width()
            need = layout.heightForWidth(width) if layout.hasHeightForWidth() else layout.sizeHint().height()
            self.controls.setMaximumHeight(need + 2 * self.controls.frameWidth())
        else:
            self.controls.setMaximumHeight(QWIDGETSIZE_MAX)
        outer.activate()  # now, not at the next pass: a picture taken at once shows it settled

    def _fit_pairs_font(self) -> None:
        height = self.height() - self.controls.height() if self.height() > self.controls.height() > 0 else 0
        self.pairs.fit_font(self.controls.width(), height)

    def retranslate(self) -> None:
        """Re-read every visible string."""
        self.controls.retranslate(self.player.is_playing())
        self._sync_pickers()
        self._refresh_readout()
        self._refresh_theta_table()
        self.faces.update()  # the faces' labels are written in the language's numbers

    # ---- text -----------------------------------------------------------------------------------

    def _sync_pickers(self) -> None:
        labels = [f"{p + 1} {display_token(self._model.tokens[i])}" for p, i in enumerate(self._model.ids)]
        self.controls.show_tokens(labels, self._picked)
        if self._model.n:
            self._picked = (min(self._picked[0], self._model.n - 1), min(self._picked[1], self._model.n - 1))

    def _refresh_readout(self) -> None:
        """Every text beside the faces: the note, the lesson's pairs, and what moves with the sweep."""
        self.pairs.setVisible(self._lesson_positions is not None)
        for button, pair in zip(self.controls.lesson_choices, LESSON_PAIRS, strict=True):
            button.setChecked(pair == self._lesson_positions)  # the pair the hands show (shifted there too)
        numbers = self.appearance.numbers
        if self._lesson_positions is not None:
            m, n = self._lesson_positions
            angle = (m - n) * LESSON_THETA
            score = numbers.fixed(self.picked_score(), 3)
            self.controls.readout.setText(self.tr(
                "q at position {0}, k at position {1}: angle (m − n)·θ = {2} rad; "
                "score = cos({2}) = {3}").format(m, n, numbers.short(angle, 3), score)
                # A formula must not break across lines: "(m −" / "n)·θ" misreads on a projector.
                .replace("(m − n)", "(m\u00a0−\u00a0n)"))
            self.controls.scheme_note.setText(self.tr(
                "The lesson's example: one pair, θ = 0.5, q = k = [1, 0]. Try (3, 1), then shift "
                "both by 7 to (10, 8): same score. (4, 1) is one step further apart."))
            self.pairs.show_pairs()
            self._fit_pairs_font()
        else:
            scheme_note = self.tr("Every hand turns by (t − 1 + s)·θ_i. Sweep s: all hands turn, "
                                  "the angles between them, and the score, stay put.")
            # The attention view shows scaled scores: say why its numbers are smaller.
            scheme_note += " " + self.tr("The score here is the plain dot product; the attention view "
                                         "divides it by √d = {0}.").format(
                self.appearance.numbers.short(math.sqrt(self._model.d), 3))
            if self._model.scheme != "rope":
                scheme_note += " " + self.tr("(The sequence uses another scheme; this shows what "
                                             "RoPE would do with it.)")
            self.controls.scheme_note.setText(scheme_note)
        self._refresh_sweep_readout()

    def _refresh_sweep_readout(self) -> None:
        """What moves with the sweep s: its label and, for the sequence, the positions, the angles and
        the score (the lesson's example does not move with it).

        The one text work of an animation frame (60 a second): the rest of the readout is left as it
        is. The templates are translated here, each frame, like every other text of the app: a text
        kept in one language could outlive a switch of the translator that the appearance did not
        announce.
        """
        numbers = self.appearance.numbers
        self.controls.sweep_label.setText(self.tr("shift s = {0}").format(numbers.fixed(self._offset, 2)))
        if self._lesson_positions is not None:
            return
        a, b = self._picked
        positions = self.hand_positions()
        if max(a, b) < len(positions):
            distance, gaps, score = self._pair_texts.texts(numbers, self._model.X(), self._model.theta(), (a, b),
                                                           positions)
            self.controls.readout.setText(self.tr(
                "positions m = {0}, n = {1} (distance {2}); angle between hands per pair: {3}°; "
                "score ⟨R_m q, R_n k⟩ = {4}").format(
                numbers.short(positions[a] + 1, 2), numbers.short(positions[b] + 1, 2), distance, gaps, score))

    def _refresh_theta_table(self) -> None:
        numbers = self.appearance.numbers
        trained, scaled = self._model.theta(scaled=False), self._model.theta()
        cells = "".join(
            f"<td>&nbsp;θ<sub>{i}</sub> = {numbers.short(float(t), 5)}"
            + (f" → <b>{numbers.short(float(s), 5)}</b>" if not np.isclose(t, s) else "") + "&nbsp;</td>"
            for i, (t, s) in enumerate(zip(trained[:8], scaled[:8], strict=True)))
        more = "<td>…</td>" if len(trained) > 8 else ""
        self.controls.theta_table.setText(f"<table><tr>{cells}{more}</tr></table>")

    # ---- lifetime -------------------------------------------------------------------------------

    def detach(self) -> None:
        """Stop the sweep and listening to the model."""
        self.player.pause()
        super().detach()
