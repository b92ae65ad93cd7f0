"""The lesson editor in the window, as a teacher uses it: a moment added as a step, its texts typed
in each language and seen live on the stage, a question of every kind made, answered in practice
mode, every change undone and redone, the lesson saved and opened again, and no change lost."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QWidget

from visualizer.lesson.file import read_lesson
from visualizer.lesson.kinds import KINDS
from visualizer.shell.quit_question import QuitChoice

TWICE = "o gato no muro. no gato"


class OtherPage(QWidget):
    """A page of the window that no lesson step can show (as the Real model page)."""

    def refresh(self) -> None: ...

    def retranslate(self) -> None: ...

    def detach(self) -> None: ...


@pytest.fixture
def editor(window, qtbot):
    """The window with the lesson editor shown, at step 3."""
    window.go_to_step(2)
    window.action_table["edit_lesson"].trigger()
    qtbot.waitUntil(lambda: window.authoring.editor is not None and window.authoring.editor.isVisible())
    return window.authoring.editor


def type_into(qtbot, field, text):
    """Type ``text`` into a field with real key events, after selecting what it holds."""
    field.setFocus()
    qtbot.keyClick(field, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClicks(field, text)


def test_this_moment_becomes_a_step_after_or_before_the_one_shown(window, editor, qtbot):
    model = window.model
    model.set_text(TWICE)
    model.set_scheme("sinusoidal")
    model.set_causal(False)
    model.set_embedding(2, 1, 1.5)
    window.tabs.show_view(window.view("attention"))
    before = len(window.lesson_run.lesson.steps)
    qtbot.mouseClick(editor.add_after, Qt.MouseButton.LeftButton)
    run = window.lesson_run
    step = run.current_step()
    assert run.index == 3 and len(run.lesson.steps) == before + 1
    assert (step.text, step.scheme, step.causal, step.view) == (TWICE, "sinusoidal", False, "attention")
    assert step.edits == ((2, 1, 1.5),)
    assert editor.steps.currentRow() == 3 and editor.steps.count() == before + 1
    assert "“o gato no muro. no gato”" in editor.form.shows.text()
    window.action_table["add_step_before"].trigger()  # the menu's row: before the step shown (now 4)
    assert run.index == 3 and len(run.lesson.steps) == before + 2
    assert run.lesson.steps[4].id == step.id
    other = OtherPage()  # a page that is no lesson view, as the Real model page is
    window.tabs.add_page("other_page", other, lambda: "Other")
    window.tabs.show_view(other)
    qtbot.mouseClick(editor.add_after, Qt.MouseButton.LeftButton)
    assert len(run.lesson.steps) == before + 2
    assert editor.problem.isVisible() and "lesson's pages" in editor.problem.text()


def test_texts_typed_in_each_language_show_live_on_the_stage_as_plain_text(window, editor, qtbot):
    panel = window.lesson_panel
    title_en = editor.form.field("title", "en")
    markup = "<b>Lookup</b> & <img src=x>"
    type_into(qtbot, title_en, markup)
    assert window.lesson_run.current_step().title["en"] == markup
    assert panel.title.text() == markup and panel.title.textFormat() == Qt.TextFormat.PlainText
    type_into(qtbot, editor.form.field("caption", "en"), "Rows {ids} of E.")
    assert panel.caption.text() == f"Rows {window.lesson_run.live_values(window.appearance.numbers, ', ')['ids']} of E."
    # Typing merges: one entry per text, not one per key.
    assert window.authoring.stack.count() == 2
    # A text taken out of one language shows the other's, marked, in the editor and on the stage.
    type_into(qtbot, editor.form.field("title", "pt"), "")
    qtbot.keyClick(editor.form.field("title", "pt"), Qt.Key.Key_Delete)
    assert "pt" not in window.lesson_run.current_step().title
    placeholder = editor.form.field("title", "pt").placeholderText()
    assert "Not written in Português" in placeholder and markup in placeholder
    window.set_language("pt")
    assert panel.title.text() == markup  # the class sees the English title, never a blank
    assert "Não escrito em Português" in editor.form.field("title", "pt").placeholderText()


def test_a_refused_text_keeps_what_was_typed_and_says_why(window, editor, qtbot):
    window.action_table["next_step"].trigger()  # step 4
    editor.form.kind_chosen.emit("swap")
    field = editor.form.field("choices.0", "en")
    type_into(qtbot, field, "Rows ")
    lesson = window.lesson_run.lesson
    assert lesson.steps[3].question.choices[0].text["en"] == "Rows "
    qtbot.keyClicks(field, "{zz}")
    assert window.lesson_run.lesson == lesson  # each key from "{" on was refused
    assert field.text() == "Rows {zz}" and editor.problem.isVisible()
    assert "{zz} is not a value here" in editor.problem.text()
    window.model.set_scheme("none")  # the editor refreshes: the typed text stays to be corrected
    assert field.text() == "Rows {zz}"
    qtbot.keyClick(field, Qt.Key.Key_Backspace, Qt.KeyboardModifier.ControlModifier)
    type_into(qtbot, field, "Rows {p} and {q} only trade places")
    assert not editor.problem.isVisible()
    assert window.lesson_run.current_step().question.choices[0].text["en"] == "Rows {p} and {q} only trade places"


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_a_question_of_every_kind_is_computed_and_answered_in_practice_mode(window, editor, qtbot, kind):
    window.model.set_text(TWICE)
    window.model.set_scheme("learned")
    qtbot.mouseClick(editor.add_after, Qt.MouseButton.LeftButton)
    kinds = editor.form.kind
    kinds.setCurrentIndex(kinds.findData(kind))
    kinds.activated.emit(kinds.currentIndex())
    step = window.lesson_run.current_step()
    assert step.is_question and step.question.kind == kind
    # No answer before its reveal, in the editor either.
    found = KINDS[kind].find(step, window.model)
    assert found is not None
    outcome, _ = found
    right = next(n for n, c in enumerate(step.question.choices) if outcome in c.right_when)
    assert "is right" not in editor.form.now.text() and f"“{outcome}”" not in editor.form.now.text()
    editor.form.show_answer.setChecked(True)
    assert f"choice {chr(ord('A') + right)} is right" in editor.form.now.text()
    # The lesson asks it: the practice panel offers its choices, and the right one is the kind's.
    practice_button = window.class_poll.practice_button
    qtbot.mouseClick(practice_button, Qt.MouseButton.LeftButton)
    practice = window.class_poll.practice
    qtbot.waitUntil(lambda: practice is not None and practice.question() is not None)
    asked = practice.question()
    assert asked.right == right and len(practice.buttons) == len(step.question.choices)
    qtbot.mouseClick(practice.buttons[right], Qt.MouseButton.LeftButton)
    assert practice.feedback.text().startswith("✓ Right.")
    window.lesson_run.reveal()
    if kind == "sparse_gradient":  # its answer is the race's measurement: wait for it
        qtbot.waitUntil(lambda: window.lesson_run.outcome is not None, timeout=120_000)
    answer = window.lesson_run.answer("en")
    assert (answer and answer in window.lesson_panel.caption.text().replace("\u00a0", " ")) or \
        answer.replace(" ", "\u00a0") in window.lesson_panel.caption.text()


def test_every_change_undoes_and_redoes_and_the_stage_follows(window, editor, qtbot):
    run, stack = window.lesson_run, window.authoring.stack
    original = run.lesson
    window.model.set_text(TWICE)
    qtbot.mouseClick(editor.add_after, Qt.MouseButton.LeftButton)
    type_into(qtbot, editor.form.field("title", "en"), "Twice")
    editor.form.kind_chosen.emit("repeated_token")
    qtbot.mouseClick(editor.duplicate, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(editor.move_up, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(editor.delete, Qt.MouseButton.LeftButton)
    lessons = []
    for _ in range(stack.count()):
        lessons.append(run.lesson)
        qtbot.mouseClick(editor.undo_button, Qt.MouseButton.LeftButton)
    assert run.lesson == original and not editor.undo_button.isEnabled()
    assert editor.steps.count() == len(original.steps)
    for expected in reversed(lessons):
        qtbot.mouseClick(editor.redo_button, Qt.MouseButton.LeftButton)
        assert run.lesson == expected
        assert editor.steps.count() == len(expected.steps)
        assert window.lesson_panel.title.text() == run.current_step().title["en"]


def test_the_lesson_saved_opens_again_the_same_and_nothing_unsaved_is_lost(window, editor, qtbot, tmp_path):
    files, run = window.lesson_files, window.lesson_run
    asked = []
    files._ask_unsaved = lambda name: asked.append(name) or QuitChoice.CANCEL
    files._confirm = lambda lesson, path: True
    window.model.set_text(TWICE)
    qtbot.mouseClick(editor.add_after, Qt.MouseButton.LeftButton)
    editor.form.kind_chosen.emit("repeated_token")
    assert files.has_unsaved_changes() and editor.parent().windowTitle().endswith("*")
    edited = run.lesson
    other = tmp_path / "other.json"
    files.save_as(other)
    asked.clear()
    type_into(qtbot, editor.form.field("title", "pt"), "Duas vezes")
    assert not files.open(other) and asked == ["other.json"] and run.lesson.steps[3].title["pt"] == "Duas vezes"
    assert not files.may_drop_changes() and asked[-1] == ""  # quitting asks too: Cancel keeps the window
    files._ask_unsaved = lambda name: QuitChoice.DISCARD
    assert files.open(other)
    assert run.lesson == read_lesson(other) == edited and not files.has_unsaved_changes()
    assert window.authoring.stack.count() == 0  # another lesson: nothing to undo into it
    files._ask_unsaved = lambda name: QuitChoice.SAVE  # Save writes to the lesson's own file
    type_into(qtbot, editor.form.field("title", "en"), "Saved on the way out")
    assert files.may_drop_changes() and read_lesson(other).steps[0].title["en"] == "Saved on the way out"


def test_presenting_puts_the_editor_aside_and_brings_it_back(window, editor, qtbot):
    window.presentation.set_presenting(True, full_screen=False)
    assert not editor.isVisible() and not window.authoring.editor_shown()
    window.action_table["edit_lesson"].trigger()  # asked for while presenting: after it
    window.presentation.set_presenting(False)
    qtbot.waitUntil(editor.isVisible)


def test_the_editor_fits_a_laptop_screen_in_both_languages(window, editor, qtbot):
    window.resize(1024, 768)
    for language in ("en", "pt"):
        window.set_language(language)
        qtbot.waitUntil(lambda: window.width() == 1024)
        assert window.minimumSizeHint().width() <= 1024 and window.height() <= 768
        for widget in editor.findChildren(QLabel):
            if widget.isVisible():
                assert widget.geometry().right() <= editor.width(), widget.text()
        buttons = [editor.add_before, editor.add_after, editor.retake, editor.duplicate, editor.move_up,
                   editor.move_down, editor.delete, editor.undo_button, editor.redo_button, editor.save_button]
        for button in buttons:  # every label whole
            assert button.fontMetrics().horizontalAdvance(button.text()) <= button.width() - 8, button.text()
