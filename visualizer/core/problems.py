"""Errors a person can act on, with messages the window shows in the user's language. No Qt.

The core, the model and the file readers raise a :class:`TranslatableError` whose English
``template`` is marked for Qt Linguist with :func:`QT_TRANSLATE_NOOP` (lupdate reads the call by its name,
so this stand-in needs no Qt); the window translates the template and fills in the values
(``visualizer.i18n.explain``). The command line prints the English text. Lives in ``core``
so that every layer can raise one.
"""

from __future__ import annotations

PROBLEMS = "Problems"
"""The Linguist context of every problem message."""


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:
    """Mark ``text`` for translation in ``context``; returns it unchanged (translated when shown)."""
    return text


class TranslatableError(ValueError):
    """An error with a translatable message.

    Parameters
    ----------
    template : str
        English text with ``{name}`` fields, marked with ``QT_TRANSLATE_NOOP(PROBLEMS, ...)``.
        Without ``values`` it is taken as the finished message (braces and all).
    **values
        What fills the fields (file names, numbers).
    """

    def __init__(self, template: str, **values: object) -> None:
        self.template = template
        self.values = values
        super().__init__(template.format(**values) if values else template)
