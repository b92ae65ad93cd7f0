"""The RoPE clock's column of controls and readouts, beside its faces.

Each control is a value plus a ``changed`` signal (:class:`~visualizer.ui.values.ControlValue`):
the clock puts its state in them without hearing it back, and hears only what the teacher changes.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QSize, Qt
from PySide6.QtGui import QFontInfo
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

from visualizer.appearance import Appearance
from visualizer.model import ROPE_BASES
from visualizer.ui.palette import scaled_font
from visualizer.ui.values import ControlValue

SWEEP_STEPS_PER_POSITION = 100  # slider resolution: 0.01 of a position
MAX_SWEEP = 64  # positions the slider can shift the sequence by
LESSON_PAIRS = ((3, 1), (10, 8), (4, 1))
"""The lesson's example: one pair, θ = 0.5, q = k = [1, 0], at positions (m, n)."""


class ClockControls(QScrollArea):
    """Play, speed, sweep, the tokens compared, the lesson's pairs, RoPE base and context extension,
    the θ table, the readout and a note: a narrow column that scrolls if it must.

    Attributes
    ----------
    sweep, shift, first, second, lesson, base, scaling, factor : ControlValue
        The sweep slider (hundredths of a position), "shift both by", the two tokens compared
        (rows), the lesson-example button, the RoPE base, the context extension's kind (None for
        none) and its factor.
    """

    def __init__(self, speed: float, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.play_button = QPushButton()
        self.speed = QDoubleSpinBox()
        self.speed.setRange(0.1, 16.0)
        self.speed.setValue(speed)
        self.speed.setSingleStep(0.5)
        self.sweep_slider = QSlider(Qt.Orientation.Horizontal)
        self.sweep_slider.setRange(0, MAX_SWEEP * SWEEP_STEPS_PER_POSITION)
        self.sweep_label = QLabel()
        self.first_token, self.second_token = QComboBox(), QComboBox()
        self.shift_both = QSpinBox()
        self.shift_both.setRange(0, MAX_SWEEP)
        self.readout = QLabel()
        self.readout.setWordWrap(True)
        self.lesson_button = QPushButton()
        self.lesson_button.setCheckable(True)
        self.lesson_choices = [QPushButton(f"({m}, {n})") for m, n in LESSON_PAIRS]
        for button in self.lesson_choices:  # shown pressed while the hands show its pair (the clock says)
            button.setCheckable(True)
        self.base_choice = QComboBox()
        for base in ROPE_BASES:
            self.base_choice.addItem(f"{base:,.0f}", base)
        self.scaling_kind = QComboBox()
        self.scaling_factor = QDoubleSpinBox()
        self.scaling_factor.setRange(1.0, 64.0)
        self.scaling_factor.setValue(4.0)
        self.theta_table = QLabel()
        self.theta_table.setTextFormat(Qt.TextFormat.RichText)
        self.scheme_note = QLabel()
        self.scheme_note.setWordWrap(True)
        self.captions = {name: QLabel() for name in ("speed", "pick", "shift", "base", "scaling")}
        self.sweep = ControlValue.position(self.sweep_slider)
        self.shift = ControlValue.number(self.shift_both)
        self.first, self.second = ControlValue.index(self.first_token), ControlValue.index(self.second_token)
        self.lesson = ControlValue.check(self.lesson_button)
        self.base = ControlValue.choice(self.base_choice)
        self.scaling = ControlValue.choice(self.scaling_kind)
        self.factor = ControlValue(self.scaling_factor.value, self.scaling_factor.setValue,
                                   self.scaling_factor.valueChanged)
        self._lay_out()

    def _lay_out(self) -> None:
        c = self.captions
        column = QWidget()
        controls = QGridLayout(column)
        # Short rows: the column is narrow, and wrapped text must not be pushed out of sight.
        rows: list[tuple[QWidget, ...]] = [
            (self.scheme_note,), (self.readout,),
            (self.play_button,), (c["speed"], self.speed), (self.sweep_slider, self.sweep_label),
            (c["pick"],), (self.first_token, self.second_token), (c["shift"], self.shift_both),
            (self.lesson_button,), tuple(self.lesson_choices),
            (c["base"], self.base_choice), (c["scaling"],), (self.scaling_kind, self.scaling_factor),
            (self.theta_table,),
        ]
        for row, widgets in enumerate(rows):
            line = QHBoxLayout()
            for widget in widgets:
                line.addWidget(widget, 1 if widget in (self.sweep_slider, self.scheme_note, self.readout) else 0)
            line.addStretch(0 if len(widgets) == 1 else 1)
            controls.addLayout(line, row, 0)
        controls.setRowStretch(len(rows), 1)
        self.setWidgetResizable(True)
        self.setWidget(column)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        column.installEventFilter(self)  # its least width changes with the language and the scale

    def minimumSizeHint(self) -> QSize:
        """As wide as the column's widest row and the scroll bar: the column scrolls up and down,
        never sideways (sideways, the wrapped texts were cut at the window's edge: at 1024 × 768
        the column needed 270 px and was given 234)."""
        hint = super().minimumSizeHint()
        column = self.widget()
        if column is None:
            return hint
        width = column.minimumSizeHint().width() + 2 * self.frameWidth() + self.verticalScrollBar().sizeHint().width()
        return QSize(max(hint.width(), width), hint.height())

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.widget() and event.type() == QEvent.Type.LayoutRequest:
            self.updateGeometry()  # a row grew or shrank: the column's least width with it
        return super().eventFilter(watched, event)

    def restyle(self, appearance: Appearance, lesson_mode: bool) -> None:
        """Type sizes for the scale; on a projector only what the step needs (see :meth:`show_needed`)."""
        for label in (*self.captions.values(), self.readout, self.sweep_label, self.scheme_note, self.theta_table):
            label.setFont(scaled_font(appearance, 11))
        readout_font = scaled_font(appearance, 13, bold=True)
        if appearance.presenting:  # the step's answer, read from the back row: 22 px type at least
            readout_font.setPixelSize(max(appearance.stage_px(22), QFontInfo(readout_font).pixelSize()))
        self.readout.setFont(readout_font)
        self.show_needed(appearance.presenting, lesson_mode)
        self.setHorizontalScrollBarPolicy(
            Qt.ScrollBarPolicy.ScrollBarAlwaysOff if appearance.presenting else Qt.ScrollBarPolicy.ScrollBarAsNeeded)

    def show_needed(self, presenting: bool, lesson_mode: bool) -> None:
        """On a projector only what the step needs: the answer, play/pause and the lesson's pairs
        (or, with the model's θ, the tokens compared); the rest steps aside."""
        c = self.captions
        aside = (self.scheme_note, c["speed"], self.speed, self.sweep_slider, self.sweep_label, c["shift"],
                 self.shift_both, self.lesson_button, c["base"], self.base_choice, c["scaling"], self.scaling_kind,
                 self.scaling_factor, self.theta_table)
        for widget in aside:
            widget.setVisible(not presenting)
        for widget in (c["pick"], self.first_token, self.second_token):
            widget.setVisible(not (presenting and lesson_mode))
        for button in self.lesson_choices:
            button.setVisible(lesson_mode or not presenting)

    def retranslate(self, playing: bool) -> None:
        """Captions and button texts in the current language."""
        c = self.captions
        c["speed"].setText(self.tr("speed (positions/s):"))
        c["pick"].setText(self.tr("Compare:"))
        c["shift"].setText(self.tr("shift both by:"))
        c["base"].setText(self.tr("RoPE base:"))
        c["scaling"].setText(self.tr("context extension:"))
        self.play_button.setText(self.tr("Pause") if playing else self.tr("Play"))
        self.lesson_button.setText(self.tr("Lesson example (θ = 0.5)"))
        kind = self.scaling.value
        with self.scaling.quietly():  # new names for the same choices: not a choice
            self.scaling_kind.clear()
            for label, data in ((self.tr("none"), None), (self.tr("position interpolation"), "pi"),
                                (self.tr("NTK-aware"), "ntk"), (self.tr("YaRN"), "yarn")):
                self.scaling_kind.addItem(label, data)
            self.scaling_kind.setCurrentIndex(max(0, self.scaling_kind.findData(kind)))

    def show_tokens(self, labels: list[str], picked: tuple[int, int]) -> None:
        """The tokens to compare (``labels``) with ``picked`` chosen in the two boxes."""
        for combo, control, position in ((self.first_token, self.first, picked[0]),
                                         (self.second_token, self.second, picked[1])):
            with control.quietly():
                if [combo.itemText(i) for i in range(combo.count())] != labels:
                    combo.clear()
                    combo.addItems(labels)
                combo.setCurrentIndex(min(position, len(labels) - 1))


__all__ = ["LESSON_PAIRS", "MAX_SWEEP", "SWEEP_STEPS_PER_POSITION", "ClockControls"]
