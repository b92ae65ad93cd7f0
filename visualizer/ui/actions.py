"""Menus and keyboard shortcuts as tables of data (napari's actions, in small).

Each row says what an action is (id), what it reads (a translatable title), where it sits (menu
path), what it does (a typed, named callback given the rows' context: the shell's parts, never the
window) and, for a toggle, where its state is read (a getter). Its keys are the app's one table's,
found by the id (:data:`visualizer.keys.KEYS`).
:class:`ActionTable` turns rows into ``QAction``s and menus, and retranslates them all in one
loop; a part added later (a class poll) brings its own rows with :meth:`ActionTable.add`. A key
sequence given to two actions, or twice to one action, is refused: Qt would otherwise call the
key "ambiguous" and do nothing at all when it is pressed.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QCoreApplication, QObject, Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QMenu, QMenuBar, QWidget

from visualizer.keys import Binding

TRANSLATION_CONTEXT = "MainWindow"
"""Where the titles live in the Linguist file (the window's own strings)."""

Callback = Callable[..., object]
"""``callback(context)``, or ``callback(context, checked)`` for a checkable row."""
Getter = Callable[[Any], bool]
"""``checked(context)``: whether a toggle is on, read from the state it shows."""


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
    menu : str or None
        Menu path; None for keys that work without a menu entry (the clicker's).
    callback : callable
        ``callback(context)``, or ``callback(context, checked)`` for a checkable action; the
        context is what the table's rows were added with (the window's parts, say).
    checked : callable
        For a toggle: ``checked(context)`` reads its state (the check mark follows it, never the
        other way round).
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
    menu: str | None = None
    callback: Callback | None = None
    checked: Getter | None = None
    checkable: bool = False
    group: str | None = None
    separator_before: bool = False
    scope: str = "window"
    presenting_only: bool = False
    translate: bool = True
    title_args: tuple[Any, ...] = ()


class ShortcutConflictError(ValueError):
    """Two actions (or one action twice) claim the same key sequence."""


def key_sequences(binding: Binding | None) -> list[QKeySequence]:
    """The sequences of ``binding`` on this platform: the standard key's own bindings, then each key
    it does not already have (none for no binding)."""
    if binding is None:
        return []
    sequences: list[QKeySequence] = []
    if binding.standard is not None:
        sequences += QKeySequence.keyBindings(getattr(QKeySequence.StandardKey, binding.standard))
    sequences += [QKeySequence(key) for key in binding.keys if QKeySequence(key) not in sequences]
    return sequences


def check_shortcuts(specs: Sequence[ActionSpec], keys: Mapping[str, Binding]) -> None:
    """Raise :class:`ShortcutConflictError` if a key sequence of ``keys`` (by action id) would
    trigger two things.

    Only actions that can be enabled at the same time are compared: a clicker key (enabled only
    while presenting) may not share a key with a window action either, since both are enabled
    while presenting.
    """
    owners: dict[tuple[str, str], str] = {}
    for spec in specs:
        for sequence in key_sequences(keys.get(spec.id)):
            text = sequence.toString(QKeySequence.SequenceFormat.PortableText)
            slot = (spec.scope, text)
            if slot in owners:
                other = owners[slot]
                where = "twice" if other == spec.id else f"and to {other!r}"
                raise ShortcutConflictError(f"the key {text} is given to {spec.id!r} {where}")
            owners[slot] = spec.id


class ActionTable(QObject):
    """The ``QAction``s and menus of tables of rows, built once, retranslated in one loop.

    Parameters
    ----------
    host : QWidget
        The window: window-scoped actions are added to it (so their keys work while the menu bar
        is hidden).
    menus : sequence of MenuSpec
        Every menu the rows may name, in menu-bar order.
    scopes : dict of str to QWidget
        Widgets that key-limited actions (``scope``) belong to.
    menu_bar : QMenuBar
        Where the top-level menus go.
    keys : mapping of str to Binding
        Each action's keys, by its id (the app's: :data:`visualizer.keys.KEYS`).
    """

    def __init__(self, host: QWidget, menus: Sequence[MenuSpec], scopes: dict[str, QWidget],
                 menu_bar: QMenuBar, keys: Mapping[str, Binding]) -> None:
        super().__init__(host)
        self._host, self._scopes, self._keys = host, scopes, keys
        self.specs: dict[str, ActionSpec] = {}
        self._contexts: dict[str, Any] = {}
        self._menu_specs = list(menus)
        self.actions: dict[str, QAction] = {}
        self.menus: dict[str, QMenu] = {}
        self.groups: dict[str, QActionGroup] = {}
        self._placed: set[str] = set()
        for menu in menus:
            self.menus[menu.path] = QMenu(host)
            self.menus[menu.path].aboutToShow.connect(self.refresh_checks)
            if "/" not in menu.path:  # a top-level menu: on the menu bar, in table order
                menu_bar.addMenu(self.menus[menu.path])
                self._placed.add(menu.path)

    def add(self, specs: Sequence[ActionSpec], context: object) -> None:
        """Make the actions of ``specs``, whose callbacks and getters are given ``context``.

        Raises
        ------
        ShortcutConflictError
            A key of these rows is taken (by them or by rows added before).
        ValueError
            An id is taken.
        """
        ids = [spec.id for spec in specs]
        if len(set(ids)) != len(ids) or set(ids) & set(self.specs):
            raise ValueError("two actions share an id")
        check_shortcuts([*self.specs.values(), *specs], self._keys)
        for spec in specs:
            self.specs[spec.id] = spec
            self._contexts[spec.id] = context
            action = self._make(spec, context)
            self.actions[spec.id] = action
            if spec.menu is None:
                continue
            if spec.separator_before:
                self._add_separator(spec.menu, self._placed)
            self._place_submenus(spec.menu, self._placed)
            self.menus[spec.menu].addAction(action)
        for menu in self._menu_specs:  # menus no row fills (recent files: filled at run time)
            if menu.path in self._placed or (menu.after is not None and menu.after not in self.actions):
                continue
            self._placed.add(menu.path)
            parent = self.menus[menu.path.rpartition("/")[0]]
            following = _action_after(parent, self.actions[menu.after]) if menu.after else None
            if following is None:
                parent.addMenu(self.menus[menu.path])
            else:
                parent.insertMenu(following, self.menus[menu.path])
        self.refresh_checks()

    def __getitem__(self, action_id: str) -> QAction:
        return self.actions[action_id]

    def _make(self, spec: ActionSpec, context: object) -> QAction:
        action = QAction(self._host)
        action.setObjectName(spec.id)
        action.setShortcuts(key_sequences(self._keys.get(spec.id)))
        action.setCheckable(spec.checkable)
        if spec.group is not None:
            group = self.groups.get(spec.group)
            if group is None:
                group = self.groups[spec.group] = QActionGroup(self._host)
            group.addAction(action)
        if spec.callback is not None:
            callback = spec.callback
            if spec.checkable:
                action.triggered.connect(lambda checked=False: self._run(callback, context, checked))
            else:
                action.triggered.connect(lambda _=False: self._run(callback, context))
        if spec.scope == "window":
            self._host.addAction(action)  # keys work even while the menu bar is hidden
        else:
            action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            self._scopes[spec.scope].addAction(action)
        if spec.presenting_only:
            action.setEnabled(False)
        return action

    def _run(self, callback: Callback, *arguments: object) -> None:
        callback(*arguments)
        self.refresh_checks()  # a toggle shows the state it made, read back

    def refresh_checks(self) -> None:
        """Every toggle's check mark from its getter (before a menu opens, after an action, and
        whenever a part changes what a toggle shows)."""
        for spec_id, spec in self.specs.items():
            if spec.checked is not None:
                on = bool(spec.checked(self._contexts[spec_id]))
                if self.actions[spec_id].isChecked() != on:
                    self.actions[spec_id].setChecked(on)

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
