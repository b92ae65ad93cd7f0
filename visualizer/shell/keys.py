"""Every keyboard shortcut of the app, as data: the one list the cheat sheet and ``--shortcuts`` read.

No Qt here, so the command line prints the list without starting Qt. Descriptions are English
source strings marked for Qt Linguist (context ``Shortcuts``); whoever shows them translates them
with ``QCoreApplication.translate("Shortcuts", text)`` (or any function of the same shape).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

CONTEXT = "Shortcuts"
Translate = Callable[[str, str], str]


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:  # the name lupdate looks for
    """Mark ``text`` for translation in ``context`` without translating it now."""
    return text


def _untranslated(_context: str, text: str) -> str:
    return text


@dataclass(frozen=True)
class Shortcut:
    """One row of the cheat sheet.

    Attributes
    ----------
    keys : tuple of str
        Qt's portable key sequences (``"PgDown"``, ``"Ctrl+Shift+Z"``), alternatives of each other;
        the same text a ``QKeySequence`` is built from.
    description : str
        What the keys do (English source text, translated in context ``Shortcuts``).
    group : str
        The heading it is listed under (English source text, translated likewise).
    """

    keys: tuple[str, ...]
    description: str
    group: str


CLICKER = QT_TRANSLATE_NOOP("Shortcuts", "Presenting (a clicker sends these keys)")
LESSON = QT_TRANSLATE_NOOP("Shortcuts", "Guided lesson")
EDITING = QT_TRANSLATE_NOOP("Shortcuts", "Editing the sentence and E")
FILES = QT_TRANSLATE_NOOP("Shortcuts", "Files")
VIEW = QT_TRANSLATE_NOOP("Shortcuts", "Zoom and help")

SHORTCUTS: tuple[Shortcut, ...] = (
    Shortcut(("F5",), QT_TRANSLATE_NOOP("Shortcuts", "Start or stop presentation mode"), CLICKER),
    Shortcut(("PgDown", "Right"), QT_TRANSLATE_NOOP("Shortcuts", "Next lesson step (arrows while presenting)"),
             CLICKER),
    Shortcut(("PgUp", "Left"), QT_TRANSLATE_NOOP("Shortcuts", "Previous lesson step (arrows while presenting)"),
             CLICKER),
    Shortcut(("B",), QT_TRANSLATE_NOOP("Shortcuts", "Black out the screen, or bring it back"), CLICKER),
    Shortcut(("Space",), QT_TRANSLATE_NOOP("Shortcuts", "Play or pause the animation in front"), CLICKER),
    Shortcut(("Esc",), QT_TRANSLATE_NOOP("Shortcuts", "Leave presentation mode"), CLICKER),
    Shortcut(("F9",), QT_TRANSLATE_NOOP("Shortcuts", "Show or hide the guided lesson"), LESSON),
    Shortcut(("Ctrl+B",), QT_TRANSLATE_NOOP("Shortcuts", "Build X step by step"), LESSON),
    Shortcut(("F6",), QT_TRANSLATE_NOOP("Shortcuts", "Ask the class: phones answer each check-yourself question "
                                                     "(press again to close the poll)"), LESSON),
    Shortcut(("Shift+F6",), QT_TRANSLATE_NOOP("Shortcuts", "Ask the class again, after a discussion (answers kept)"),
             LESSON),
    Shortcut(("Ctrl+Z",), QT_TRANSLATE_NOOP("Shortcuts", "Undo"), EDITING),
    Shortcut(("Ctrl+Shift+Z",), QT_TRANSLATE_NOOP("Shortcuts", "Redo"), EDITING),
    Shortcut(("Del",), QT_TRANSLATE_NOOP("Shortcuts", "Remove the selected token from the strip"), EDITING),
    Shortcut(("Alt+Left", "Alt+Right"), QT_TRANSLATE_NOOP("Shortcuts", "Move the selected token left or right"),
             EDITING),
    Shortcut(("Ins",), QT_TRANSLATE_NOOP("Shortcuts", "Add the selected vocabulary token after the selected one"),
             EDITING),
    Shortcut(("Ctrl+C",), QT_TRANSLATE_NOOP("Shortcuts", "Copy the view in front as an image"), EDITING),
    Shortcut(("Ctrl+O",), QT_TRANSLATE_NOOP("Shortcuts", "Open a session"), FILES),
    Shortcut(("Ctrl+S",), QT_TRANSLATE_NOOP("Shortcuts", "Save the session"), FILES),
    Shortcut(("Ctrl+Shift+S",), QT_TRANSLATE_NOOP("Shortcuts", "Save the session under a new name"), FILES),
    Shortcut(("Ctrl+E",), QT_TRANSLATE_NOOP("Shortcuts", "Export X (image or data)"), FILES),
    Shortcut(("Ctrl+P",), QT_TRANSLATE_NOOP("Shortcuts", "Export the handout (PDF, to print)"), FILES),
    Shortcut(("Ctrl+=", "Ctrl+-"), QT_TRANSLATE_NOOP("Shortcuts", "Larger or smaller type"), VIEW),
    Shortcut(("Ctrl+0",), QT_TRANSLATE_NOOP("Shortcuts", "Type back to its normal size"), VIEW),
    Shortcut(("F1",), QT_TRANSLATE_NOOP("Shortcuts", "This list of keyboard shortcuts"), VIEW),
)

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
    for shortcut in SHORTCUTS:
        labels = [key_label(key, translate) for key in shortcut.keys]
        text = translate(CONTEXT, _OR).format(*labels) if len(labels) == 2 else ", ".join(labels)
        headings.setdefault(shortcut.group, []).append((text, translate(CONTEXT, shortcut.description)))
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
