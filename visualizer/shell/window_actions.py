"""The main window's menus: a table of rows whose callbacks are typed, named functions of the
window's parts (:class:`WindowParts`), and whose toggles read their state from getters. Their keys
are the app's one table's (:data:`visualizer.keys.KEYS`, by the row's id)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial

from visualizer.appearance import Appearance
from visualizer.core.problems import QT_TRANSLATE_NOOP
from visualizer.i18n import LANGUAGES
from visualizer.shell.documents import Documents
from visualizer.shell.exports import Exports
from visualizer.shell.help import Help
from visualizer.shell.lesson_director import LessonDirector
from visualizer.shell.lesson_files import LessonFiles
from visualizer.shell.look import Look
from visualizer.shell.presentation import Presentation
from visualizer.shell.undo_actions import UndoActions
from visualizer.shell.view_tabs import ViewTabs
from visualizer.toy.token_strip import TokenStrip
from visualizer.toy.x_panel import XPanel
from visualizer.ui.actions import ActionSpec, MenuSpec
from visualizer.ui.protocol import AnimatedView


@dataclass(frozen=True)
class WindowParts:
    """What the window's actions act on: the shell's parts and the views its keys drive."""

    documents: Documents
    lesson_files: LessonFiles
    exports: Exports
    undo: UndoActions
    presentation: Presentation
    lesson: LessonDirector
    look: Look
    help: Help
    appearance: Appearance
    tabs: ViewTabs
    token_strip: TokenStrip
    x_panel: XPanel
    close: Callable[[], object]
    """Quit: close the window (which saves preferences and tears down)."""


# ---- File ----------------------------------------------------------------------------------------


def open_session(parts: WindowParts) -> None:
    """File → Open session…"""
    parts.documents.ask_open()


def save_session(parts: WindowParts) -> None:
    """File → Save session."""
    parts.documents.ask_save()


def save_session_as(parts: WindowParts) -> None:
    """File → Save session as…"""
    parts.documents.ask_save_as()


def open_lesson(parts: WindowParts) -> None:
    """File → Open lesson…"""
    parts.lesson_files.ask_open()


def save_lesson_as(parts: WindowParts) -> None:
    """File → Save lesson as…"""
    parts.lesson_files.ask_save_as()


def export_x(parts: WindowParts) -> None:
    """File → Export → Export X…"""
    parts.exports.ask_export_x()


def export_view_png(parts: WindowParts, scale: int) -> None:
    """File → Export → Current view as PNG (``scale`` ×)…"""
    parts.exports.ask_export_view(scale)


def export_view_svg(parts: WindowParts) -> None:
    """File → Export → Current view as SVG…"""
    parts.exports.ask_export_view(0)


def export_window(parts: WindowParts) -> None:
    """File → Export → Whole window as PNG (2×)…"""
    parts.exports.ask_export_view(2, whole_window=True)


def export_arrays(parts: WindowParts) -> None:
    """File → Export → Arrays…"""
    parts.exports.ask_export_arrays()


def export_latex(parts: WindowParts) -> None:
    """File → Export → X as LaTeX…"""
    parts.exports.ask_export_latex()


def export_handout(parts: WindowParts) -> None:
    """File → Export handout (PDF)…"""
    parts.exports.ask_export_handout()


def quit_app(parts: WindowParts) -> None:
    """File → Quit."""
    parts.close()


# ---- Edit ----------------------------------------------------------------------------------------


def undo(parts: WindowParts) -> None:
    """Edit → Undo, on the document in front."""
    parts.undo.undo()


def redo(parts: WindowParts) -> None:
    """Edit → Redo, on the document in front."""
    parts.undo.redo()


def copy_view(parts: WindowParts) -> None:
    """Edit → Copy view as image."""
    parts.exports.copy_view()


def delete_token(parts: WindowParts) -> None:
    """Delete (in the strip): remove the selected token."""
    parts.token_strip.remove_selected()


def move_token_left(parts: WindowParts) -> None:
    """Alt+←: move the selected token one place left."""
    parts.token_strip.move_selected(-1)


def move_token_right(parts: WindowParts) -> None:
    """Alt+→: move the selected token one place right."""
    parts.token_strip.move_selected(+1)


# ---- View ----------------------------------------------------------------------------------------


def build_x(parts: WindowParts) -> None:
    """View → Build X step by step (play or stop)."""
    parts.x_panel.player.toggle()


def show_lesson(parts: WindowParts, shown: bool) -> None:
    """View → Guided lesson (F9): show or hide it."""
    parts.lesson.show_lesson(shown)


def lesson_shown(parts: WindowParts) -> bool:
    """Whether the guided lesson is shown (F9's check mark)."""
    return parts.lesson.shown()


def next_step(parts: WindowParts) -> None:
    """Next lesson step (or reveal the answer first)."""
    parts.lesson.advance()


def previous_step(parts: WindowParts) -> None:
    """Previous lesson step."""
    parts.lesson.previous()


def toggle_presentation(parts: WindowParts) -> None:
    """View → Presentation mode (F5)."""
    parts.presentation.toggle()


def leave_presentation(parts: WindowParts) -> None:
    """Esc while presenting."""
    parts.presentation.set_presenting(False)


def zoom_in(parts: WindowParts) -> None:
    """View → Zoom in."""
    parts.presentation.zoom_in()


def zoom_out(parts: WindowParts) -> None:
    """View → Zoom out."""
    parts.presentation.zoom_out()


def reset_zoom(parts: WindowParts) -> None:
    """View → Reset zoom."""
    parts.presentation.reset_zoom()


def set_high_contrast(parts: WindowParts, on: bool) -> None:
    """View → High contrast."""
    parts.appearance.set_high_contrast(on)


def high_contrast(parts: WindowParts) -> bool:
    """Whether the projector theme is on."""
    return parts.appearance.high_contrast


def set_theme(parts: WindowParts, _checked: bool, mode: str) -> None:
    """View → Theme → ``mode``."""
    parts.look.set_theme(mode)


def theme_is(parts: WindowParts, mode: str) -> bool:
    """Whether the theme chosen is ``mode``."""
    return parts.look.theme_mode == mode


def set_language(parts: WindowParts, _checked: bool, code: str) -> None:
    """View → Language → ``code``."""
    parts.look.set_language(code)


def language_is(parts: WindowParts, code: str) -> bool:
    """Whether the app speaks ``code``."""
    return parts.appearance.language == code


def toggle_blank(parts: WindowParts) -> None:
    """B while presenting: black out the screen, or bring it back."""
    parts.presentation.toggle_blank()


def play_pause(parts: WindowParts) -> None:
    """Space while presenting: play or pause the animation of the view in front."""
    view = parts.tabs.current_view()
    if isinstance(view, AnimatedView):
        view.player.toggle()


# ---- Help ----------------------------------------------------------------------------------------


def show_shortcuts(parts: WindowParts) -> None:
    """Help → Keyboard shortcuts (F1)."""
    parts.help.show_shortcuts()


def show_about(parts: WindowParts) -> None:
    """Help → About."""
    parts.help.show_about()


THEME_TITLES = (("system", QT_TRANSLATE_NOOP("MainWindow", "Follow the system")),
                ("light", QT_TRANSLATE_NOOP("MainWindow", "Light")),
                ("dark", QT_TRANSLATE_NOOP("MainWindow", "Dark")))


def window_actions(export_scales: Sequence[int] = (1, 2, 4)) -> tuple[ActionSpec, ...]:
    """The table of the main window's actions, in menu order (callbacks take :class:`WindowParts`)."""
    rows: list[ActionSpec] = [
        ActionSpec("open", QT_TRANSLATE_NOOP("MainWindow", "&Open session…"), "file", open_session),
        ActionSpec("save", QT_TRANSLATE_NOOP("MainWindow", "&Save session"), "file", save_session),
        ActionSpec("save_as", QT_TRANSLATE_NOOP("MainWindow", "Save session &as…"), "file",
                   save_session_as),
        ActionSpec("open_lesson", QT_TRANSLATE_NOOP("MainWindow", "Open &lesson…"), "file", open_lesson,
                   separator_before=True),
        ActionSpec("save_lesson_as", QT_TRANSLATE_NOOP("MainWindow", "Save lesson as…"), "file", save_lesson_as),
        ActionSpec("export", QT_TRANSLATE_NOOP("MainWindow", "&Export X…"), "file/export", export_x,
                   separator_before=True),
    ]
    for scale in export_scales:
        rows.append(ActionSpec(f"export_png_{scale}", QT_TRANSLATE_NOOP("MainWindow", "Current view as PNG ({0}×)…"),
                               "file/export", partial(export_view_png, scale=scale), title_args=(scale,)))
    rows += [
        ActionSpec("export_svg", QT_TRANSLATE_NOOP("MainWindow", "Current view as SVG…"), "file/export",
                   export_view_svg),
        ActionSpec("export_window", QT_TRANSLATE_NOOP("MainWindow", "Whole window as PNG (2×)…"), "file/export",
                   export_window),
        ActionSpec("export_arrays",
                   QT_TRANSLATE_NOOP("MainWindow", "Arrays E, P, X, scores, gradient (CSV and NPY)…"),
                   "file/export", export_arrays),
        ActionSpec("export_latex", QT_TRANSLATE_NOOP("MainWindow", "X as LaTeX…"), "file/export", export_latex),
        ActionSpec("handout", QT_TRANSLATE_NOOP("MainWindow", "Export &handout (PDF)…"), "file",
                   export_handout),
        ActionSpec("quit", QT_TRANSLATE_NOOP("MainWindow", "&Quit"), "file", quit_app,
                   separator_before=True),
        ActionSpec("undo", QT_TRANSLATE_NOOP("MainWindow", "&Undo"), "edit", undo),
        ActionSpec("redo", QT_TRANSLATE_NOOP("MainWindow", "&Redo"), "edit", redo),
        ActionSpec("copy_view", QT_TRANSLATE_NOOP("MainWindow", "&Copy view as image"), "edit", copy_view),
        ActionSpec("delete", QT_TRANSLATE_NOOP("MainWindow", "&Delete selected token"), "edit",
                   delete_token, scope="token_strip"),
        ActionSpec("move_left", QT_TRANSLATE_NOOP("MainWindow", "Move token &left"), "edit",
                   move_token_left),
        ActionSpec("move_right", QT_TRANSLATE_NOOP("MainWindow", "Move token &right"), "edit",
                   move_token_right),
        ActionSpec("build", QT_TRANSLATE_NOOP("MainWindow", "&Build X step by step"), "view", build_x),
        ActionSpec("lesson", QT_TRANSLATE_NOOP("MainWindow", "Guided &lesson"), "view", show_lesson,
                   checked=lesson_shown, checkable=True),
        ActionSpec("next_step", QT_TRANSLATE_NOOP("MainWindow", "&Next lesson step"), "view", next_step),
        ActionSpec("previous_step", QT_TRANSLATE_NOOP("MainWindow", "&Previous lesson step"), "view",
                   previous_step),
        ActionSpec("present", QT_TRANSLATE_NOOP("MainWindow", "&Presentation mode"), "view",
                   toggle_presentation, separator_before=True),
        ActionSpec("zoom_in", QT_TRANSLATE_NOOP("MainWindow", "Zoom &in"), "view", zoom_in),
        ActionSpec("zoom_out", QT_TRANSLATE_NOOP("MainWindow", "Zoom &out"), "view", zoom_out),
        ActionSpec("zoom_reset", QT_TRANSLATE_NOOP("MainWindow", "&Reset zoom"), "view", reset_zoom),
        ActionSpec("contrast", QT_TRANSLATE_NOOP("MainWindow", "&High contrast"), "view", set_high_contrast,
                   checked=high_contrast, checkable=True),
    ]
    for mode, title in THEME_TITLES:
        rows.append(ActionSpec(f"theme_{mode}", title, "view/theme", partial(set_theme, mode=mode),
                               checked=partial(theme_is, mode=mode), checkable=True, group="theme"))
    for code, name in LANGUAGES.items():
        rows.append(ActionSpec(f"language_{code}", name, "view/language", partial(set_language, code=code),
                               checked=partial(language_is, code=code), checkable=True, group="language",
                               translate=False))
    rows += [
        # F1 is a window key: it works while presenting, when the menu bar is hidden.
        ActionSpec("shortcuts", QT_TRANSLATE_NOOP("MainWindow", "&Keyboard shortcuts"), "help",
                   show_shortcuts),
        ActionSpec("about", QT_TRANSLATE_NOOP("MainWindow", "&About"), "help", show_about),
        # Clicker keys: a presenter's remote sends these; only while presenting.
        ActionSpec("leave", QT_TRANSLATE_NOOP("MainWindow", "Leave presentation"), None,
                   leave_presentation, presenting_only=True),
        ActionSpec("clicker_next", QT_TRANSLATE_NOOP("MainWindow", "&Next lesson step"), None,
                   next_step, presenting_only=True),
        ActionSpec("clicker_previous", QT_TRANSLATE_NOOP("MainWindow", "&Previous lesson step"), None,
                   previous_step, presenting_only=True),
        ActionSpec("blank", QT_TRANSLATE_NOOP("MainWindow", "Blank the screen"), None, toggle_blank,
                   presenting_only=True),
        ActionSpec("play", QT_TRANSLATE_NOOP("MainWindow", "Play or pause"), None, play_pause,
                   presenting_only=True),
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
    MenuSpec("poll", QT_TRANSLATE_NOOP("MainWindow", "Class &poll")),  # its rows: poll/part.py
    MenuSpec("help", QT_TRANSLATE_NOOP("MainWindow", "&Help")),
)
"""Menus in the order they appear; a sub-menu sits where its first entry would be."""


__all__ = ["WINDOW_MENUS", "WindowParts", "window_actions"]
