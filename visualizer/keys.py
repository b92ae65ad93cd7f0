"""Every key of the app, as data: the one table the window's actions, the cheat sheet and
``--shortcuts`` read. No Qt, so the command line prints the sheet without starting Qt.

:data:`KEYS` binds each command (by the id of its action, as napari's ``DEFAULT_SHORTCUTS``) to its
keys; :data:`CHEAT_SHEET` says, in the teacher's words, what the keys of one or two commands do.
Descriptions are English source strings marked for Qt Linguist (context ``Shortcuts``); whoever shows
them translates them with ``QCoreApplication.translate("Shortcuts", text)`` (or any function of the
same shape).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass

CONTEXT = "Shortcuts"
Translate = Callable[[str, str], str]


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:  # the name lupdate looks for
    """Mark ``text`` for translation in ``context`` without translating it now."""
    return text


def _untranslated(_context: str, text: str) -> str:
    return text


@dataclass(frozen=True)
class Binding:
    """The keys of one command.

    Attributes
    ----------
    keys : tuple of str
        Qt's portable key sequences (``"PgDown"``, ``"Ctrl+Shift+Z"``), as the cheat sheet prints them.
    standard : str or None
        A ``QKeySequence.StandardKey`` (``"Undo"``): the platform's own binding comes with the keys,
        a key it already has is not given twice (Qt would call it ambiguous and do nothing).
    """

    keys: tuple[str, ...]
    standard: str | None = None


KEYS: Mapping[str, Binding] = {
    # Files
    "open": Binding(("Ctrl+O",), "Open"),
    "save": Binding(("Ctrl+S",), "Save"),
    "save_as": Binding(("Ctrl+Shift+S",)),
    "export": Binding(("Ctrl+E",)),
    "handout": Binding(("Ctrl+P",), "Print"),
    "quit": Binding((), "Quit"),  # the platform's own (Ctrl+Q on Linux desktops; none on Windows): not on the sheet
    # Editing
    "undo": Binding(("Ctrl+Z",), "Undo"),
    "redo": Binding(("Ctrl+Shift+Z",), "Redo"),  # the platform's Redo has it (and Ctrl+Y on some)
    "copy_view": Binding(("Ctrl+C",), "Copy"),
    "delete": Binding(("Del",)),
    "move_left": Binding(("Alt+Left",)),
    "move_right": Binding(("Alt+Right",)),
    "insert_token": Binding(("Ins",)),  # read by the vocabulary table itself
    # The lesson
    "build": Binding(("Ctrl+B",)),
    "lesson": Binding(("F9",)),
    "next_step": Binding(("PgDown",)),
    "previous_step": Binding(("PgUp",)),
    # F6 asks the class (again: closes the poll): a function key never types into the text box and
    # works while presenting; after it, a clicker's Next reveals (the chart) and moves on.
    "ask_the_class": Binding(("F6",)),
    "ask_again": Binding(("Shift+F6",)),
    # Presenting: a clicker sends these; the arrows, B and Space work only while presenting
    "present": Binding(("F5",)),
    "clicker_next": Binding(("Right",)),
    "clicker_previous": Binding(("Left",)),
    "blank": Binding(("B",)),
    "play": Binding(("Space",)),
    "leave": Binding(("Esc",)),
    # Zoom and help
    "zoom_in": Binding(("Ctrl+=",), "ZoomIn"),
    "zoom_out": Binding(("Ctrl+-",), "ZoomOut"),
    "zoom_reset": Binding(("Ctrl+0",)),
    "shortcuts": Binding(("F1",)),
}
"""Command id → its keys."""


@dataclass(frozen=True)
class SheetRow:
    """One row of the cheat sheet: the keys of ``commands`` (ids of :data:`KEYS`) and what they do
    (English source text, translated in context ``Shortcuts``), under ``group``."""

    commands: tuple[str, ...]
    description: str
    group: str


CLICKER = QT_TRANSLATE_NOOP("Shortcuts", "Presenting (a clicker sends these keys)")
LESSON = QT_TRANSLATE_NOOP("Shortcuts", "Guided lesson")
EDITING = QT_TRANSLATE_NOOP("Shortcuts", "Editing the sentence and E")
FILES = QT_TRANSLATE_NOOP("Shortcuts", "Files")
VIEW = QT_TRANSLATE_NOOP("Shortcuts", "Zoom and help")

CHEAT_SHEET: tuple[SheetRow, ...] = (
    SheetRow(("present",), QT_TRANSLATE_NOOP("Shortcuts", "Start or stop presentation mode"), CLICKER),
    SheetRow(("next_step", "clicker_next"),
             QT_TRANSLATE_NOOP("Shortcuts", "Next lesson step (arrows while presenting)"), CLICKER),
    SheetRow(("previous_step", "clicker_previous"),
             QT_TRANSLATE_NOOP("Shortcuts", "Previous lesson step (arrows while presenting)"), CLICKER),
    SheetRow(("blank",), QT_TRANSLATE_NOOP("Shortcuts", "Black out the screen, or bring it back"), CLICKER),
    SheetRow(("play",), QT_TRANSLATE_NOOP("Shortcuts", "Play or pause the animation in front"), CLICKER),
    SheetRow(("leave",), QT_TRANSLATE_NOOP("Shortcuts", "Leave presentation mode"), CLICKER),
    SheetRow(("lesson",), QT_TRANSLATE_NOOP("Shortcuts", "Show or hide the guided lesson"), LESSON),
    SheetRow(("build",), QT_TRANSLATE_NOOP("Shortcuts", "Build X step by step"), LESSON),
    SheetRow(("ask_the_class",), QT_TRANSLATE_NOOP("Shortcuts", "Ask the class: phones answer each check-yourself "
                                                               "question (press again to close the poll)"), LESSON),
    SheetRow(("ask_again",), QT_TRANSLATE_NOOP("Shortcuts", "Ask the class again, after a discussion (answers kept)"),
             LESSON),
    SheetRow(("undo",), QT_TRANSLATE_NOOP("Shortcuts", "Undo"), EDITING),
    SheetRow(("redo",), QT_TRANSLATE_NOOP("Shortcuts", "Redo"), EDITING),
    SheetRow(("delete",), QT_TRANSLATE_NOOP("Shortcuts", "Remove the selected token from the strip"), EDITING),
    SheetRow(("move_left", "move_right"), QT_TRANSLATE_NOOP("Shortcuts", "Move the selected token left or right"),
             EDITING),
    SheetRow(("insert_token",),
             QT_TRANSLATE_NOOP("Shortcuts", "Add the selected vocabulary token after the selected one"), EDITING),
    SheetRow(("copy_view",), QT_TRANSLATE_NOOP("Shortcuts", "Copy the view in front as an image"), EDITING),
    SheetRow(("open",), QT_TRANSLATE_NOOP("Shortcuts", "Open a session"), FILES),
    SheetRow(("save",), QT_TRANSLATE_NOOP("Shortcuts", "Save the session"), FILES),
    SheetRow(("save_as",), QT_TRANSLATE_NOOP("Shortcuts", "Save the session under a new name"), FILES),
    SheetRow(("export",), QT_TRANSLATE_NOOP("Shortcuts", "Export X (image or data)"), FILES),
    SheetRow(("handout",), QT_TRANSLATE_NOOP("Shortcuts", "Export the handout (PDF, to print)"), FILES),
    SheetRow(("zoom_in", "zoom_out"), QT_TRANSLATE_NOOP("Shortcuts", "Larger or smaller type"), VIEW),
    SheetRow(("zoom_reset",), QT_TRANSLATE_NOOP("Shortcuts", "Type back to its normal size"), VIEW),
    SheetRow(("shortcuts",), QT_TRANSLATE_NOOP("Shortcuts", "This list of keyboard shortcuts"), VIEW),
)
"""The cheat sheet (F1, ``--shortcuts``), in order; every command of :data:`KEYS` with keys of its own is on
it once."""


def sheet_keys(row: SheetRow) -> tuple[str, ...]:
    """The keys a row of the sheet lists: those of each of its commands, in order."""
    return tuple(key for command in row.commands for key in KEYS[command].keys)


# Key names as printed on keyboards, spelled out: a teacher looks for "Page Down", not "PgDown".
KEY_NAMES = {
    "PgDown": QT_TRANSLATE_NOOP("Shortcuts", "Page Down"),
    "PgUp": QT_TRANSLATE_NOOP("Shortcuts", "Page Up"),
    "Right": QT_TRANSLATE_NOOP("Shortcuts", "Right arrow"),
    "Left": QT_TRANSLATE_NOOP("Shortcuts", "Left arrow"),
    "Space": QT_TRANSLATE_NOOP("Shortcuts", "Space"),
    "Del": QT_TRANSLATE_NOOP("Shortcuts", "Delete"),
    "Ins": QT_TRANSLATE_NOOP("Shortcuts", "Insert"),
    "Esc": QT_TRANSLATE_NOOP("Shortcuts", "Esc"),
}
_OR = QT_TRANSLATE_NOOP("Shortcuts", "{0} or {1}")


def key_label(key: str, translate: Translate = _untranslated) -> str:
    """``"Alt+Left"`` → ``"Alt + Left arrow"``: each part spelled out (``+`` alone stays a key)."""
    return "+".join(translate(CONTEXT, KEY_NAMES[part]) if part in KEY_NAMES else part for part in key.split("+"))


def groups(translate: Translate = _untranslated) -> Iterator[tuple[str, list[tuple[str, str]]]]:
    """The cheat sheet in order: (heading, [(keys, description), …]) per group, translated."""
    headings: dict[str, list[tuple[str, str]]] = {}
    for row in CHEAT_SHEET:
        labels = [key_label(key, translate) for key in sheet_keys(row)]
        text = translate(CONTEXT, _OR).format(*labels) if len(labels) == 2 else ", ".join(labels)
        headings.setdefault(row.group, []).append((text, translate(CONTEXT, row.description)))
    for heading, rows in headings.items():
        yield translate(CONTEXT, heading), rows


def cheat_sheet_text(translate: Translate = _untranslated) -> str:
    """The cheat sheet as plain text, for ``--shortcuts``: one aligned line per shortcut."""
    sections = list(groups(translate))
    width = max(len(keys) for _, rows in sections for keys, _ in rows)
    lines: list[str] = []
    for heading, rows in sections:
        if lines:
            lines.append("")
        lines.append(heading)
        lines.extend(f"  {keys.ljust(width)}  {description}" for keys, description in rows)
    return "\n".join(lines) + "\n"


__all__ = ["CHEAT_SHEET", "CONTEXT", "KEYS", "Binding", "SheetRow", "cheat_sheet_text", "groups", "key_label",
           "sheet_keys"]
