"""A control as a value and a ``changed`` signal, kept equal to the model without echoes.

magicgui's idea (``ValueWidget``): a control *is* a value plus a signal. Here ``changed`` carries
only the person's changes; setting ``value`` from the model (or rebuilding a combo box's items
inside :meth:`ControlValue.quietly`) never emits it, so a view can put the model's value in a
control at any time without a command coming back. Other listeners of the Qt widget still hear
every change (unlike ``blockSignals``, which silences the widget for everyone).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, Generic, TypeVar

from psygnal import Signal
from PySide6.QtCore import SignalInstance
from PySide6.QtWidgets import QAbstractButton, QAbstractSlider, QButtonGroup, QComboBox, QSpinBox

T = TypeVar("T")


class ControlValue(Generic[T]):
    """``value`` (read and set) and ``changed`` (the person changed it) of one control.

    Parameters
    ----------
    read, write : callables
        Read the control's value; put a value in the control.
    widget_changed : Qt signal
        The control's own signal for any change of its value.
    counts : callable, optional
        Given that signal's arguments, whether the emission is a change of value (default: all are).

    Signals
    -------
    changed : (value)
        The person changed the control; never emitted by setting ``value`` or inside ``quietly``.
    """

    changed = Signal(object)

    def __init__(self, read: Callable[[], T], write: Callable[[T], object], widget_changed: SignalInstance,
                 counts: Callable[..., bool] | None = None) -> None:
        self._read, self._write = read, write
        self._counts = counts
        self._quiet = 0
        widget_changed.connect(self._on_widget_changed)

    @property
    def value(self) -> T:
        """What the control shows now."""
        return self._read()

    @value.setter
    def value(self, value: T) -> None:
        if value != self._read():
            with self.quietly():
                self._write(value)

    @contextmanager
    def quietly(self) -> Iterator[None]:
        """Change the control from the program (new items, a new range): ``changed`` stays silent."""
        self._quiet += 1
        try:
            yield
        finally:
            self._quiet -= 1

    def _on_widget_changed(self, *arguments: object) -> None:
        if not self._quiet and (self._counts is None or self._counts(*arguments)):
            self.changed.emit(self._read())

    # ---- the kinds of control the app uses ------------------------------------------------------

    @staticmethod
    def check(button: QAbstractButton) -> ControlValue[bool]:
        """A check box or checkable button: checked or not."""
        return ControlValue(button.isChecked, button.setChecked, button.toggled)

    @staticmethod
    def number(spin: QSpinBox) -> ControlValue[int]:
        """A whole-number spin box."""
        return ControlValue(spin.value, spin.setValue, spin.valueChanged)

    @staticmethod
    def position(slider: QAbstractSlider) -> ControlValue[int]:
        """A slider's position."""
        return ControlValue(slider.value, slider.setValue, slider.valueChanged)

    @staticmethod
    def choice(combo: QComboBox) -> ControlValue[Any]:
        """A combo box: the data of the item chosen (a value the box lacks is ignored)."""

        def write(value: object) -> None:
            index = combo.findData(value)
            if index >= 0:
                combo.setCurrentIndex(index)

        return ControlValue(combo.currentData, write, combo.currentIndexChanged)

    @staticmethod
    def index(combo: QComboBox) -> ControlValue[int]:
        """A combo box: the row of the item chosen."""
        return ControlValue(combo.currentIndex, combo.setCurrentIndex, combo.currentIndexChanged)

    @staticmethod
    def one_of(group: QButtonGroup, values: Sequence[T]) -> ControlValue[T | None]:
        """Exclusive buttons (radio buttons): button ``i`` of the group stands for ``values[i]``."""

        def read() -> T | None:  # None until a button is checked
            checked = group.checkedId()
            return values[checked] if checked >= 0 else None

        def write(value: T | None) -> None:
            button = None if value is None else group.button(values.index(value))
            if button is not None:
                button.setChecked(True)

        # idToggled fires for the button going off too: only the one going on is a choice.
        return ControlValue(read, write, group.idToggled, counts=lambda _id, checked: bool(checked))


__all__ = ["ControlValue"]
