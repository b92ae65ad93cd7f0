"""What a field of the lesson file may hold, as data: each type checks a value and says why not. No Qt.

A teacher writes the lesson file, so reading it never trusts it: a mistake is refused with one
message naming the field (``field 'state.scheme': 'nope' is not one of none, learned, …``); the
lesson file (:mod:`visualizer.lesson.file`) adds the step, and a question kind
(:mod:`visualizer.lesson.kinds`) declares its own fields with the same types.

The schema is written here as data rather than checked by a JSON Schema library: importing one
(jsonschema: 95-190 ms; fastjsonschema: about 20 ms, plus 25 ms to compile) would cost every
start more than the app may spend on its whole window.
"""

from __future__ import annotations

import re
from collections.abc import Mapping


class LessonError(ValueError):
    """A lesson file that does not describe a lesson; the message says where and what is wrong."""


def field_error(where: str, reason: str) -> LessonError:
    """The refusal of field ``where`` (a dotted path such as ``state.scheme``) for ``reason``."""
    return LessonError(f"field '{where}': {reason}" if where else reason)


def join(where: str, name: str) -> str:
    """The path of field ``name`` inside ``where``."""
    return f"{where}.{name}" if where else name


class FieldType:
    """What one field of the file may hold; :meth:`check` raises :class:`LessonError` saying why not.

    The types are plain classes, not dataclasses: a dataclass writes and compiles its methods when
    the module is imported, about 0.7 ms a class, paid by every start for schema objects that only
    ever check."""

    __slots__ = ()

    def check(self, value: object, where: str) -> None:
        raise NotImplementedError

    def __repr__(self) -> str:
        names: tuple[str, ...] = self.__slots__
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in names)
        return f"{type(self).__name__}({fields})"


class Text(FieldType):
    """A string, optionally matching ``pattern`` (described by ``meaning``)."""

    __slots__ = ("meaning", "pattern")

    def __init__(self, pattern: str | None = None, meaning: str = "") -> None:
        self.pattern, self.meaning = pattern, meaning

    def check(self, value: object, where: str) -> None:
        if not isinstance(value, str):
            raise field_error(where, f"must be text, not {value!r}")
        if self.pattern is not None and not re.fullmatch(self.pattern, value):
            raise field_error(where, f"{value!r} is not {self.meaning}")


class OneOf(FieldType):
    """One of ``choices``."""

    __slots__ = ("choices",)

    def __init__(self, choices: tuple[object, ...]) -> None:
        self.choices = choices

    def check(self, value: object, where: str) -> None:
        if value not in self.choices:
            raise field_error(where, f"{value!r} is not one of {', '.join(map(str, self.choices))}")


class Nullable(FieldType):
    """null, or what ``item`` holds."""

    __slots__ = ("item",)

    def __init__(self, item: FieldType) -> None:
        self.item = item

    def check(self, value: object, where: str) -> None:
        if value is not None:
            self.item.check(value, where)


class OneOrMore(FieldType):
    """What ``item`` holds, or a non-empty list of such."""

    __slots__ = ("item",)

    def __init__(self, item: FieldType) -> None:
        self.item = item

    def check(self, value: object, where: str) -> None:
        if isinstance(value, list):
            ListOf(self.item, minimum=1).check(value, where)
        else:
            self.item.check(value, where)


class Number(FieldType):
    """A finite number at most ``limit`` in size."""

    __slots__ = ("limit",)

    def __init__(self, limit: float) -> None:
        self.limit = limit

    def check(self, value: object, where: str) -> None:
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not -self.limit <= value <= self.limit:
            raise field_error(where, f"must be a number from −{self.limit:g} to {self.limit:g}, not {value!r}")


class LanguageTexts(FieldType):
    """A text in one or more of ``languages``: ``{"en": …, "pt": …}``; at least one is written."""

    __slots__ = ("languages",)

    def __init__(self, languages: tuple[str, ...]) -> None:
        self.languages = languages

    def check(self, value: object, where: str) -> None:
        if not isinstance(value, dict):
            raise field_error(where, f"must be an object of texts by language ({', '.join(self.languages)}), "
                                     f"not {value!r}")
        for language, text in value.items():
            if language not in self.languages:
                raise field_error(join(where, str(language)),
                                  f"is not a language of the app ({', '.join(self.languages)})")
            Text().check(text, join(where, language))
        if not value:
            raise field_error(where, f"needs a text in {' or '.join(self.languages)}")


class Boolean(FieldType):
    """true or false."""

    __slots__ = ()

    def check(self, value: object, where: str) -> None:
        if not isinstance(value, bool):
            raise field_error(where, f"must be true or false, not {value!r}")


class Whole(FieldType):
    """A whole number of at least ``minimum``."""

    __slots__ = ("minimum",)

    def __init__(self, minimum: int = 0) -> None:
        self.minimum = minimum

    def check(self, value: object, where: str) -> None:
        if not isinstance(value, int) or isinstance(value, bool) or value < self.minimum:
            raise field_error(where, f"must be a whole number of at least {self.minimum}, not {value!r}")


class Record(FieldType):
    """A JSON object with these fields (``required`` must be there; nothing else may be)."""

    __slots__ = ("optional", "required")

    def __init__(self, required: Mapping[str, FieldType], optional: Mapping[str, FieldType] | None = None) -> None:
        self.required: Mapping[str, FieldType] = required
        self.optional: Mapping[str, FieldType] = {} if optional is None else optional

    def check(self, value: object, where: str) -> None:
        if not isinstance(value, dict):
            raise field_error(where, f"must be an object, not {value!r}")
        for name in value:
            if name not in self.required and name not in self.optional:
                known = ", ".join([*self.required, *self.optional])
                raise field_error(join(where, name), f"is not a field here (the fields are {known})")
        for name, kind in self.required.items():
            if name not in value:
                raise field_error(join(where, name), "is missing")
            kind.check(value[name], join(where, name))
        for name, kind in self.optional.items():
            if name in value:
                kind.check(value[name], join(where, name))


class Options(FieldType):
    """A JSON object of options whose meaning belongs to someone else (a view's options)."""

    __slots__ = ()

    def check(self, value: object, where: str) -> None:
        if not isinstance(value, dict):
            raise field_error(where, f"must be an object, not {value!r}")


class ListOf(FieldType):
    """A JSON list of ``item``, ``minimum`` to ``maximum`` long."""

    __slots__ = ("item", "maximum", "minimum")

    def __init__(self, item: FieldType, minimum: int = 0, maximum: int | None = None) -> None:
        self.item, self.minimum, self.maximum = item, minimum, maximum

    def check(self, value: object, where: str) -> None:
        if not isinstance(value, list) or len(value) < self.minimum:
            raise field_error(where, f"must be a list of at least {self.minimum}, not {value!r}")
        if self.maximum is not None and len(value) > self.maximum:
            raise field_error(where, f"must be a list of at most {self.maximum}, not {len(value)}")
        for index, item in enumerate(value):
            self.item.check(item, f"{where}[{index}]")


__all__ = ["Boolean", "FieldType", "LanguageTexts", "LessonError", "ListOf", "Nullable", "Number", "OneOf", "OneOrMore",
           "Options", "Record", "Text", "Whole", "field_error", "join"]
