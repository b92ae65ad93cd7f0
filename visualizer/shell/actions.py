"""Every menu entry and keyboard shortcut of the window, as one table of data.

Each row says what an action is (id), what it reads (a translatable title), which keys trigger
it, where it sits (menu path) and what it does (a callback on the window). :class:`ActionTable`
turns the rows into ``QAction``s and menus once, and retranslates them all in one loop. A key
sequence given to two actions, or twice to one action, is refused when the table is built: Qt
would otherwise call the key "ambiguous" and do nothing at all when it is pressed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QCoreApplication, QObject, Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QMenu, QMenuBar, QWidget

from ..core.problems import QT_TRANSLATE_NOOP
from ..i18n import LANGUAGES

TRANSLATION_CONTEXT = "MainWindow"
"""Where the titles live in the Linguist file (the window's own strings)."""

Key = QKeySequence.StandardKey | str
Callback = Callable[..., object]


@dataclass(frozen=True)
class MenuSpec:
    """A menu or sub-menu: ``path`` is ``file`` or ``file/export``; ``title`` is translatable."""

    path: str
    title: str
    after: str | None = None
    """For a menu no row fills: the id of the entry it goes below."""


@dataclass(frozen=True)
class ActionSpec:
    """One row of the table.

    Attributes
    ----------
    id : str
        Unique name; the window finds the action as ``actions["id"]``.
    title : str
        Source text (English), translated in the window's context; ``{0}`` is filled with
        ``title_args``.
    keys : tuple of QKeySequence.StandardKey or str
        Shortcuts; a standard key brings every binding of the platform.
    menu : str or None
        Menu path; None for keys that work without a menu entry (the clicker's).
    callback : callable
        ``callback(window)``, or ``callback(window, checked)`` for a checkable action.
    checkable : bool
        A toggle (``group`` makes it one of a radio set).
    group : str or None
        Radio group name: at most one action of a group is checked.
    separator_before : bool
        A line above the entry in its menu.
    scope : str
        ``window`` (anywhere in the window) or the name of a widget the key is limited to
        (``token_strip``: Delete must not delete text in the text box).
    presenting_only : bool
        Enabled only in presentation mode (clicker keys: arrows and Space keep their usual
        meaning otherwise).
    translate : bool
        False for titles that are names (a language is named in itself).
    """

    id: str
    title: str
    keys: tuple[Key, ...] = ()
    menu: str | None = None
    callback: Callback | None = None
    checkable: bool = False
    group: str | None = None
    separator_before: bool = False
    scope: str = "window"
    presenting_only: bool = False
    translate: bool = True
    title_args: tuple[Any, ...] = ()


class ShortcutConflictError(ValueError):
    """Two actions (or one action twice) claim the same key sequence."""


def key_sequences(keys: Iterable[Key]) -> list[QKeySequence]:
    """The concrete sequences of ``keys`` on this platform (standard keys expanded)."""
    sequences: list[QKeySequence] = []
    for key in keys:
        if isinstance(key, QKeySequence.StandardKey):
            sequences += QKeySequence.keyBindings(key)
        else:
            sequences.append(QKeySequence(key))
    return sequences


def check_shortcuts(specs: Sequence[ActionSpec]) -> None:
    """Raise :class:`ShortcutConflictError` if a key sequence would trigger two things.

    Only actions that can be enabled at the same time are compared: a clicker key (enabled only
    while presenting) may not share a key with a window action either, since both are enabled
    while presenting.
    """
    owners: dict[tuple[str, str], str] = {}
    for spec in specs:
        for sequence in key_sequences(spec.keys):
            text = sequence.toString(QKeySequence.SequenceFormat.PortableText)
            slot = (spec.scope, text)
            if slot in owners:
                other = owners[slot]
                where = "twice" if other == spec.id else f"and to {other!r}"
                raise ShortcutConflictError(f"the key {text} is given to {spec.id!r} {where}")
            owners[slot] = spec.id


def _noop(*_: object) -> None:
    """Placeholder for table rows whose callback is wired by the window (never called)."""


def window_actions(export_scales: Sequence[int] = (1, 2, 4)) -> tuple[ActionSpec, ...]:
    """The table of the main window's actions, in menu order.

    Callbacks take the window (see :class:`visualizer.shell.main_window.MainWindow`).
    """
    S = QKeySequence.StandardKey
    rows: list[ActionSpec] = [
        ActionSpec("open", QT_TRANSLATE_NOOP("MainWindow", "&Open session…"), (S.Open,), "file",
                   lambda w: w.documents.ask_open()),
        ActionSpec("save", QT_TRANSLATE_NOOP("MainWindow", "&Save session"), (S.Save,), "file",
                   lambda w: w.documents.ask_save()),
        ActionSpec("save_as", QT_TRANSLATE_NOOP("MainWindow", "Save session &as…"), ("Ctrl+Shift+S",), "file",
                   lambda w: w.documents.ask_save_as()),
        ActionSpec("export", QT_TRANSLATE_NOOP("MainWindow", "&Export X…"), ("Ctrl+E",), "file/export",
                   lambda w: w.exports.ask_export_x(), separator_before=True),
    ]
    for scale in export_scales:
        rows.append(ActionSpec(f"export_png_{scale}", QT_TRANSLATE_NOOP("MainWindow", "Current view as PNG ({0}×)…"),
                               (), "file/export", lambda w, scale=scale: w.exports.ask_export_view(scale),
                               title_args=(scale,)))
    rows += [
        ActionSpec("export_svg", QT_TRANSLATE_NOOP("MainWindow", "Current view as SVG…"), (), "file/export",
                   lambda w: w.exports.ask_export_view(0)),
        ActionSpec("export_window", QT_TRANSLATE_NOOP("MainWindow", "Whole window as PNG (2×)…"), (), "file/export",
                   lambda w: w.exports.ask_export_view(2, whole_window=True)),
        ActionSpec("export_arrays",
                   QT_TRANSLATE_NOOP("MainWindow", "Arrays E, P, X, scores, gradient (CSV and NPY)…"), (),
                   "file/export", lambda w: w.exports.ask_export_arrays()),
        ActionSpec("export_latex", QT_TRANSLATE_NOOP("MainWindow", "X as LaTeX…"), (), "file/export",
                   lambda w: w.exports.ask_export_latex()),
        ActionSpec("handout", QT_TRANSLATE_NOOP("MainWindow", "Export &handout (PDF)…"), (S.Print,), "file",
                   lambda w: w.exports.ask_export_handout()),
        ActionSpec("quit", QT_TRANSLATE_NOOP("MainWindow", "&Quit"), (S.Quit,), "file", lambda w: w.close(),
                   separator_before=True),
        ActionSpec("undo", QT_TRANSLATE_NOOP("MainWindow", "&Undo"), (S.Undo,), "edit", lambda w: w.undo_stack.undo()),
        # The platform's Redo binding includes Ctrl+Shift+Z everywhere (plus Ctrl+Y on some):
        # listing Ctrl+Shift+Z again made the key ambiguous and redo did nothing.
        ActionSpec("redo", QT_TRANSLATE_NOOP("MainWindow", "&Redo"), (S.Redo,), "edit", lambda w: w.undo_stack.redo()),
        ActionSpec("copy_view", QT_TRANSLATE_NOOP("MainWindow", "&Copy view as image"), (S.Copy,), "edit",
                   lambda w: w.exports.copy_view()),
        ActionSpec("delete", QT_TRANSLATE_NOOP("MainWindow", "&Delete selected token"), ("Del",), "edit",
                   lambda w: w.token_strip.remove_selected(), scope="token_strip"),
        ActionSpec("move_left", QT_TRANSLATE_NOOP("MainWindow", "Move token &left"), ("Alt+Left",), "edit",
                   lambda w: w.token_strip.move_selected(-1)),
        ActionSpec("move_right", QT_TRANSLATE_NOOP("MainWindow", "Move token &right"), ("Alt+Right",), "edit",
                   lambda w: w.token_strip.move_selected(+1)),
        ActionSpec("build", QT_TRANSLATE_NOOP("MainWindow", "&Build X step by step"), ("Ctrl+B",), "view",
                   lambda w: w.x_panel.player.toggle()),
        ActionSpec("lesson", QT_TRANSLATE_NOOP("MainWindow", "Guided &lesson"), ("F9",), "view",
                   lambda w, on: w.lesson_director.show_lesson(on), checkable=True),
        ActionSpec("next_step", QT_TRANSLATE_NOOP("MainWindow", "&Next lesson step"), ("PgDown",), "view",
                   lambda w: w.lesson_panel.advance()),
        ActionSpec("previous_step", QT_TRANSLATE_NOOP("MainWindow", "&Previous lesson step"), ("PgUp",), "view",
                   lambda w: w.lesson_panel.previous()),
        ActionSpec("present", QT_TRANSLATE_NOOP("MainWindow", "&Presentation mode"), ("F5",), "view",
                   lambda w: w.presentation.toggle(), separator_before=True),
        ActionSpec("zoom_in", QT_TRANSLATE_NOOP("MainWindow", "Zoom &in"), (S.ZoomIn, "Ctrl+="), "view",
                   lambda w: w.presentation.zoom_in()),
        ActionSpec("zoom_out", QT_TRANSLATE_NOOP("MainWindow", "Zoom &out"), (S.ZoomOut,), "view",
                   lambda w: w.presentation.zoom_out()),
        ActionSpec("zoom_reset", QT_TRANSLATE_NOOP("MainWindow", "&Reset zoom"), ("Ctrl+0",), "view",
                   lambda w: w.presentation.reset_zoom()),
        ActionSpec("contrast", QT_TRANSLATE_NOOP("MainWindow", "&High contrast"), (), "view",
                   lambda w, on: w.appearance.set_high_contrast(on), checkable=True),
    ]
    themes = (("system", QT_TRANSLATE_NOOP("MainWindow", "Follow the system")),
              ("light", QT_TRANSLATE_NOOP("MainWindow", "Light")),
              ("dark", QT_TRANSLATE_NOOP("MainWindow", "Dark")))
    for mode, title in themes:
        rows.append(ActionSpec(f"theme_{mode}", title, (), "view/theme", lambda w, _, mode=mode: w.set_theme(mode),
                               checkable=True, group="theme"))
    for code, name in LANGUAGES.items():
        rows.append(ActionSpec(f"language_{code}", name, (), "view/language",
                               lambda w, _, code=code: w.set_language(code), checkable=True, group="language",
                               translate=False))
    rows += [
        # F1 is a window key: it works while presenting, when the menu bar is hidden.
        ActionSpec("shortcuts", QT_TRANSLATE_NOOP("MainWindow", "&Keyboard shortcuts"), ("F1",), "help",
                   lambda w: w.help.show_shortcuts()),
        ActionSpec("about", QT_TRANSLATE_NOOP("MainWindow", "&About"), (), "help", lambda w: w.help.show_about()),
        # Clicker keys: a presenter's remote sends these; only while presenting.
        ActionSpec("leave", QT_TRANSLATE_NOOP("MainWindow", "Leave presentation"), ("Esc",), None,
                   lambda w: w.presentation.set_presenting(False), presenting_only=True),
        ActionSpec("clicker_next", QT_TRANSLATE_NOOP("MainWindow", "&Next lesson step"), ("Right",), None,
                   lambda w: w.lesson_panel.advance(), presenting_only=True),
        ActionSpec("clicker_previous", QT_TRANSLATE_NOOP("MainWindow", "&Previous lesson step"), ("Left",), None,
                   lambda w: w.lesson_panel.previous(), presenting_only=True),
        ActionSpec("blank", QT_TRANSLATE_NOOP("MainWindow", "Blank the screen"), ("B",), None,
                   lambda w: w.presentation.toggle_blank(), presenting_only=True),
        ActionSpec("play", QT_TRANSLATE_NOOP("MainWindow", "Play or pause"), ("Space",), None,
                   lambda w: w.play_pause(), presenting_only=True),
    ]
    return tuple(rows)


WINDOW_MENUS = (
    MenuSpec("file", QT_TRANSLATE_NOOP("MainWindow", "&File")),
    MenuSpec("file/recent", QT_TRANSLATE_NOOP("MainWindow", "Open &recent"), after="open"),
    MenuSpec("file/export", QT_TRANSLATE_NOOP("MainWindow", "E&xport")),
    MenuSpec("edit", QT_TRANSLATE_NOOP("MainWindow", "&Edit")),
    MenuSpec("view", QT_TRANSLATE_NOOP("MainWindow", "&View")),
    MenuSpec("view/theme", QT_TRANSLATE_NOOP("MainWindow", "&Theme")),
    MenuSpec("view/language", QT_TRANSLATE_NOOP("MainWindow", "&Language")),
    MenuSpec("help", QT_TRANSLATE_NOOP("MainWindow", "&Help")),
)
"""Menus in the order they appear; a sub-menu sits where its first entry would be."""


class ActionTable(QObject):
    """The ``QAction``s and menus of a table, built once, retranslated in one loop.

    Parameters
    ----------
    host : QWidget
        The window: callbacks receive it, window-scoped actions are added to it (so their keys
        work while the menu bar is hidden).
    specs, menus
        The table (see :func:`window_actions`) and the menus it fills.
    scopes : dict of str to QWidget
        Widgets that key-limited actions (``scope``) belong to.
    menu_bar : QMenuBar
        Where the top-level menus go.
    """

    def __init__(self, host: QWidget, specs: Sequence[ActionSpec], menus: Sequence[MenuSpec],
                 scopes: dict[str, QWidget], menu_bar: QMenuBar) -> None:
        super().__init__(host)
        check_shortcuts(specs)
        self.specs = {spec.id: spec for spec in specs}
        if len(self.specs) != len(specs):
            raise ValueError("two actions share an id")
        self._host = host
        self._menu_specs = list(menus)
        self.actions: dict[str, QAction] = {}
        self.menus: dict[str, QMenu] = {}
        self.groups: dict[str, QActionGroup] = {}
        placed: set[str] = set()
        for menu in menus:
            self.menus[menu.path] = QMenu(host)
            if "/" not in menu.path:  # a top-level menu: on the menu bar, in table order
                menu_bar.addMenu(self.menus[menu.path])
                placed.add(menu.path)
        for spec in specs:
            action = self._make(spec, scopes)
            self.actions[spec.id] = action
            if spec.menu is None:
                continue
            if spec.separator_before:
                self._add_separator(spec.menu, placed)
            self._place_submenus(spec.menu, placed)
            self.menus[spec.menu].addAction(action)
        for menu in menus:  # menus no row fills (recent files: filled at run time)
            if menu.path in placed:
                continue
            placed.add(menu.path)
            parent = self.menus[menu.path.rpartition("/")[0]]
            following = _action_after(parent, self.actions[menu.after]) if menu.after else None
            if following is None:
                parent.addMenu(self.menus[menu.path])
            else:
                parent.insertMenu(following, self.menus[menu.path])

    def __getitem__(self, action_id: str) -> QAction:
        return self.actions[action_id]

    def _make(self, spec: ActionSpec, scopes: dict[str, QWidget]) -> QAction:
        action = QAction(self._host)
        action.setObjectName(spec.id)
        action.setShortcuts(key_sequences(spec.keys))
        action.setCheckable(spec.checkable)
        if spec.group is not None:
            group = self.groups.get(spec.group)
            if group is None:
                group = self.groups[spec.group] = QActionGroup(self._host)
            group.addAction(action)
        callback = spec.callback or _noop
        if spec.checkable:
            action.triggered.connect(lambda checked=False, cb=callback: cb(self._host, checked))
        else:
            action.triggered.connect(lambda _=False, cb=callback: cb(self._host))
        if spec.scope == "window":
            self._host.addAction(action)  # keys work even while the menu bar is hidden
        else:
            action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            scopes[spec.scope].addAction(action)
        if spec.presenting_only:
            action.setEnabled(False)
        return action

    def _place_submenus(self, path: str, placed: set[str]) -> None:
        """Insert each sub-menu of ``path`` into its parent the first time it is used."""
        parts = path.split("/")
        for depth in range(2, len(parts) + 1):
            sub = "/".join(parts[:depth])
            if sub in placed:
                continue
            placed.add(sub)
            parent = self.menus["/".join(parts[:depth - 1])]
            parent.addMenu(self.menus[sub])

    def _add_separator(self, path: str, placed: set[str]) -> None:
        """A line above an entry; above a sub-menu (in its parent) if the entry opens one."""
        parent_path = path.rpartition("/")[0]
        if parent_path and path not in placed:
            self.menus[parent_path].addSeparator()
        else:
            self.menus[path].addSeparator()

    def set_presenting(self, on: bool) -> None:
        """Enable the clicker keys while presenting, and only then."""
        for spec in self.specs.values():
            if spec.presenting_only:
                self.actions[spec.id].setEnabled(on)

    def retranslate(self) -> None:
        """Re-read every title in the current language."""
        for menu in self._menu_specs:
            self.menus[menu.path].setTitle(QCoreApplication.translate(TRANSLATION_CONTEXT, menu.title))
        for spec in self.specs.values():
            title = QCoreApplication.translate(TRANSLATION_CONTEXT, spec.title) if spec.translate else spec.title
            self.actions[spec.id].setText(title.format(*spec.title_args) if spec.title_args else title)


def _action_after(menu: QMenu, action: QAction) -> QAction | None:
    """The entry below ``action`` in ``menu`` (None if it is the last)."""
    entries = menu.actions()
    index = entries.index(action)
    return entries[index + 1] if index + 1 < len(entries) else None
