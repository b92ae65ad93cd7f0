"""A first launch opens on the guided lesson with a one-line hint; a later one on the lesson shown when
the app quit; the command line always wins.

Settings live in an INI file under tmp_path: no test reads or writes the real home.
"""

import pytest
from PySide6.QtCore import QSettings

from tests.conftest import REAL_HOME, close_widget
from visualizer.app import open_window, parse_arguments
from visualizer.appearance import Appearance
from visualizer.lesson.first_run_hint import DISMISSED_KEY, FirstRunHint
from visualizer.model import EmbeddingModel


@pytest.fixture
def settings(tmp_path):
    # The window's autosave lives in the app-data folder, which conftest keeps in a private home.
    return QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)


def launch(qtbot, settings, *argv):
    args = parse_arguments(list(argv))
    first_run = not settings.allKeys()
    model = EmbeddingModel(text=args.text, scheme=args.scheme)
    window = open_window(model, Appearance(), settings, args, first_run)
    qtbot.addWidget(window)
    window.show()
    return window


def hint(window):
    return window.findChild(FirstRunHint, "first_run_hint")


def test_first_launch_opens_on_the_first_step_with_the_hint(qtbot, settings, tmp_path):
    from PySide6.QtCore import QStandardPaths as Paths

    assert not Paths.writableLocation(Paths.StandardLocation.AppDataLocation).startswith(str(REAL_HOME))
    window = launch(qtbot, settings)
    assert window.lesson_panel.index == 0 and window.lesson_dock.isVisible()
    first = window.lesson_panel.lesson.steps[0]
    assert window.model.text == first.text and window.model.scheme == first.scheme
    assert not window.undo_stack.canUndo()  # the lesson's start is not an edit to undo
    bar = hint(window)
    assert bar is not None and bar.isVisible()
    assert "F5" in bar.label.text() and "F9" in bar.label.text()
    close_widget(window)


def test_one_click_dismisses_the_hint_for_good(qtbot, settings):
    window = launch(qtbot, settings)
    hint(window).button.click()
    assert not hint(window).isVisible()
    close_widget(window)  # saves the window's settings: the next launch is not a first run
    assert settings.value(DISMISSED_KEY) in (True, "true")
    again = launch(qtbot, settings)
    assert hint(again) is None
    close_widget(again)


def test_the_hint_stays_until_dismissed(qtbot, settings):
    close_widget(launch(qtbot, settings))
    again = launch(qtbot, settings)
    assert hint(again) is not None and hint(again).isVisible()
    close_widget(again)


@pytest.mark.parametrize("argv", [("--scheme", "rope"), ("--text", "o gato"), ("--step", "4")])
def test_command_line_options_win_over_the_first_run(qtbot, settings, argv):
    window = launch(qtbot, settings, *argv)
    assert hint(window) is None
    if argv[0] == "--step":
        assert window.lesson_panel.index == 3
    else:
        assert window.lesson_panel.index is None
        assert (window.model.scheme, window.model.text) == (
            ("rope", "o gato subiu no") if argv[0] == "--scheme" else ("learned", "o gato"))
    close_widget(window)


def test_the_hint_speaks_portuguese(qtbot, settings):
    window = launch(qtbot, settings)
    window.set_language("pt")
    qtbot.waitUntil(lambda: hint(window).button.text() == "Entendi")
    assert "Aperte F5" in hint(window).label.text()
    close_widget(window)


def test_the_hint_steps_aside_while_presenting(qtbot, settings):
    window = launch(qtbot, settings)
    window.presentation.set_presenting(True)  # full screen: the window's state changes
    qtbot.waitUntil(lambda: not hint(window).isVisible())
    window.presentation.set_presenting(False)
    qtbot.waitUntil(lambda: hint(window).isVisible())
    close_widget(window)


# ---- the lesson shown when the app quit ------------------------------------------------------------


def test_the_lesson_shown_at_quit_is_shown_at_the_next_start(qtbot, settings):
    first = launch(qtbot, settings)
    steps = first.lesson_panel.lesson.steps
    swap = next(index for index, step in enumerate(steps) if step.id == "swap-none")
    first.go_to_step(swap)
    first.lesson_run.reveal()
    revealed_ids = first.model.ids
    close_widget(first)
    again = launch(qtbot, settings)
    assert again.lesson_dock.isVisible() and again.action_table["lesson"].isChecked()  # not hidden until F9
    assert again.lesson_panel.index == swap and again.lesson_panel.revealed
    assert again.model.ids == revealed_ids and again.model.text != steps[swap].text  # the answer's own state, moved
    assert not again.undo_stack.canUndo() and not again.isWindowModified()  # the lesson's state: nobody's work
    close_widget(again)
    third = launch(qtbot, settings)  # and again: it was shown when the second run quit
    assert third.lesson_panel.index == swap and third.lesson_dock.isVisible()
    close_widget(third)


@pytest.mark.parametrize("hide", ["F9", "the dock's close button"])
def test_a_lesson_hidden_at_quit_stays_hidden_at_the_next_start(qtbot, settings, hide):
    first = launch(qtbot, settings)
    first.go_to_step(3)
    if hide == "F9":
        first.lesson_director.show_lesson(False)
    else:
        first.lesson_dock.close()
    assert not first.lesson_dock.isVisible()
    close_widget(first)
    again = launch(qtbot, settings)
    assert again.lesson_panel.index is None and not again.lesson_dock.isVisible()
    assert again.model.text == "o gato subiu no"  # the app's own start, as before
    close_widget(again)


def test_a_remembered_step_this_lesson_lacks_starts_without_the_lesson(qtbot, settings):
    close_widget(launch(qtbot, settings))
    settings.setValue("lesson/shown_step", "a-step-of-another-lesson")
    settings.setValue("lesson/revealed", True)
    again = launch(qtbot, settings)
    assert again.lesson_panel.index is None and not again.lesson_dock.isVisible()
    close_widget(again)


@pytest.mark.parametrize("argv", [("--text", "o gato"), ("--step", "2")])
def test_the_command_line_wins_over_the_lesson_shown_at_quit(qtbot, settings, argv):
    first = launch(qtbot, settings)
    first.go_to_step(6)
    close_widget(first)
    again = launch(qtbot, settings, *argv)
    assert again.lesson_panel.index == (1 if argv[0] == "--step" else None)
    close_widget(again)
