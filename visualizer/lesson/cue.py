"""A lesson step's cue to the view it shows: the view's own options, read from the lesson file.

No Qt. The lesson file gives each step a view and, optionally, that view's ``view_options`` (and
the options once its answer is revealed); the lesson itself knows nothing of what they mean. Each
view that takes cues declares its options as a frozen dataclass (``OPTIONS``) and reads them with
:func:`read_options`, which refuses an unknown option or a value of the wrong type with a message
naming the option. The window checks every step's options against the view it names when it opens,
so a mistake in the lesson file is reported at start, naming the step and the field.

("Stage" means the projected screen while presenting; a cue is what a step asks of a view,
presenting or not.)
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol, TypeVar, runtime_checkable


class Dataclass(Protocol):
    """Any dataclass (what ``dataclasses.fields`` takes): a view's options are one."""

    __dataclass_fields__: ClassVar[dict[str, Any]]


Options = TypeVar("Options", bound=Dataclass)
Outcome = Mapping[str, object]


class OptionError(ValueError):
    """An option the view does not have, or a value of the wrong type.

    Attributes
    ----------
    field : str
        The option's name, as in the lesson file.
    """

    def __init__(self, field_name: str, reason: str) -> None:
        super().__init__(f"{field_name}: {reason}")
        self.field = field_name
        self.reason = reason


def _ignore(_outcome: Outcome) -> None:
    """Where the outcome of a cue nobody waits for goes."""


@dataclass(frozen=True)
class Cue:
    """One view's part in a lesson step.

    Attributes
    ----------
    options : mapping
        The step's options for this view (empty: the view's ordinary state).
    report : callable
        Where an experiment the cue starts (the real-scale race of a revealed answer) reports
        its outcome; the lesson shows the answer with its numbers. Ignored after the step changed.
    begins : bool
        True as the run enters the step (not when F9 shows the lesson again, nor for the answer):
        what the lesson changed to show the step is nobody's change, and changes count from here.
    answer_waits : bool
        The step asks a question whose answer is not revealed yet (and its reveal cues the view
        again): a view that could give it away holds it, whatever the teacher presses there, until
        the lesson's Reveal (the gradient lab's real-scale race does).
    """

    options: Mapping[str, object] = field(default_factory=dict)
    report: Callable[[Outcome], None] = _ignore
    begins: bool = False
    answer_waits: bool = False


NO_CUE = Cue()
"""No lesson step on this view: the view's ordinary state."""


@runtime_checkable
class CuedView(Protocol):
    """A view a lesson step can show in a state of its own (see :class:`Cue`)."""

    OPTIONS: ClassVar[type]
    """A frozen dataclass: the options the view reads, each with its default."""

    def take_cue(self, cue: Cue) -> None:
        """Show what ``cue`` asks (``NO_CUE``: leave the lesson's state, back to the ordinary one)."""


def read_options(kind: type[Options], options: Mapping[str, object]) -> Options:
    """``kind`` (a dataclass) built from ``options``, checked field by field.

    Types understood: ``bool``, ``int``, ``str``, ``tuple[int, ...]`` (a JSON list) and any of
    them ``| None``.

    Raises
    ------
    OptionError
        For an option ``kind`` does not have, or a value of the wrong type; names the option.
    """
    if not isinstance(options, Mapping):
        raise OptionError("view_options", f"must be an object, not {type(options).__name__}")
    hints = typing.get_type_hints(kind)
    names = {f.name for f in dataclasses.fields(kind)}
    values: dict[str, Any] = {}
    for name, value in options.items():
        if name not in names:
            raise OptionError(name, f"not an option of this view; its options are {', '.join(sorted(names))}")
        values[name] = _checked(name, value, hints[name])
    return kind(**values)


def _checked(name: str, value: object, annotation: Any) -> object:
    """``value`` converted to ``annotation`` (a JSON list to a tuple), or OptionError."""
    options = typing.get_args(annotation) if isinstance(annotation, types.UnionType) else (annotation,)
    if value is None:
        if type(None) in options:
            return None
        raise OptionError(name, "may not be null")
    for option in options:
        if option is bool and isinstance(value, bool):
            return value
        if option in (int, str) and isinstance(value, option) and not isinstance(value, bool):
            return value
        if typing.get_origin(option) is tuple and isinstance(value, list):
            items = typing.get_args(option)
            length_ok = items[-1:] == (Ellipsis,) or len(value) == len(items)
            if length_ok and all(isinstance(v, int) and not isinstance(v, bool) for v in value):
                return tuple(value)
    wanted = " or ".join(_type_name(option) for option in options)
    raise OptionError(name, f"must be {wanted}, not {value!r}")


def _type_name(annotation: Any) -> str:
    if annotation is type(None):
        return "null"
    if typing.get_origin(annotation) is tuple:
        items = typing.get_args(annotation)
        count = "whole numbers" if items[-1:] == (Ellipsis,) else f"{len(items)} whole numbers"
        return f"a list of {count}"
    return {bool: "true or false", int: "a whole number", str: "text"}.get(annotation, str(annotation))


__all__ = ["NO_CUE", "Cue", "CuedView", "OptionError", "Outcome", "read_options"]
