"""The lesson's changes, made in the app: Lesson → Add this moment as a step, and the lesson
editor beside the stage. Every change is an entry of the lesson's own undo stack; the stack's
clean state says whether the lesson has changes not saved to a file.

The part reads the model (the moment to write down), asks the window which lesson view is in
front, and changes the lesson in use through :meth:`~visualizer.lesson.run.LessonRun.revise`:
the stage beside the editor is its preview.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QUndoStack
from PySide6.QtWidgets import QDockWidget, QMainWindow

from visualizer.appearance import Appearance
from visualizer.authoring.drafts import DraftError
from visualizer.authoring.edits import (
    Moment,
    duplicate_step,
    insert_step,
    moment_step,
    move_step,
    remove_step,
    with_kind,
    with_moment,
    with_text,
)
from visualizer.authoring.lesson_change import LessonChange
from visualizer.authoring.lesson_editor import LessonEditor
from visualizer.core import toy_vocabulary
from visualizer.lesson.file import Lesson, LessonError, LessonStep, in_language
from visualizer.lesson.run import LessonRun
from visualizer.model import EmbeddingModel
from visualizer.subscriptions import Listening
from visualizer.ui.messages import MessageSink

EDITOR_LEAST_WIDTH = 320
"""The editor's narrowest: at 1024 × 768 the views keep some 680 px beside it."""


class MomentError(ValueError):
    """What the screen shows cannot be a step (the message says why, in the app's language)."""


class Authoring(Listening, QObject):
    """Adds moments as steps, runs the lesson editor, and keeps the lesson's undo stack.

    Parameters
    ----------
    run : LessonRun
        The lesson in use: every change is made on it.
    model : EmbeddingModel
        The toy model: its state is the moment a step writes down.
    appearance : Appearance
        The language the editor speaks and new steps are written in.
    window : QMainWindow
        Where the editor docks (on the left: the lesson panel on the right is the preview).
    front_view : callable
        The name of the lesson view in front (``x_panel``, …), or None when the page in front is
        not one (the Real model page).
    view_title : callable
        A view's tab title, by its name.
    messages : MessageSink
        Where a change asked from the menu (the editor hidden) says what it did or why not.
    save_as : callable
        File → Save lesson as…, for the editor's own button.

    Signals
    -------
    shown_changed : (bool)
        The editor came or went: the window's middle got narrower or wider.
    """

    shown_changed = Signal(bool)

    def __init__(self, run: LessonRun, model: EmbeddingModel, appearance: Appearance, window: QMainWindow,
                 front_view: Callable[[], str | None], view_title: Callable[[str], str],
                 messages: MessageSink, save_as: Callable[[], object]) -> None:
        super().__init__(window)
        self._run, self._model, self._appearance, self._window = run, model, appearance, window
        self._front_view, self._view_title, self._messages = front_view, view_title, messages
        self._save_as = save_as
        self.stack = QUndoStack(self)
        self.stack.setObjectName("lesson_undo_stack")
        self.dock: QDockWidget | None = None
        self.editor: LessonEditor | None = None
        self._presenting = False
        self._shown_before_presenting = False
        self.listen(run.changed, self.refresh)
        self.listen(run.values_changed, self.refresh)
        self.listen(appearance.events.language, self.retranslate)
        self.stack.indexChanged.connect(self._on_stack_changed)
        self.stack.cleanChanged.connect(self._on_stack_changed)

    # ---- the editor ----------------------------------------------------------------------------

    def editor_shown(self) -> bool:
        """Whether the lesson editor is shown (Lesson → Edit the lesson's check mark)."""
        return self.dock is not None and not self.dock.isHidden()  # asked for: shown with the window

    def show_editor(self, shown: bool) -> None:
        """Show or hide the lesson editor (made on first use). While presenting it stays hidden,
        and comes back after."""
        if self._presenting:
            self._shown_before_presenting = shown
            return
        if shown and self.dock is None:
            self._make_editor()
        if self.dock is not None:
            self.dock.setVisible(shown)
        if shown:
            if self._run.index is None:
                self._run.go_to(0)
            self.refresh()

    def set_presenting(self, presenting: bool) -> None:
        """Presenting, the stage is the class's: the editor steps aside until it ends."""
        if presenting == self._presenting:
            return
        if presenting:
            self._shown_before_presenting = self.editor_shown()
            if self.dock is not None:
                self.dock.hide()
            self._presenting = True
        else:
            self._presenting = False
            if self._shown_before_presenting:
                self.show_editor(True)

    def _make_editor(self) -> None:
        self.editor = editor = LessonEditor()
        editor.setMinimumWidth(EDITOR_LEAST_WIDTH)
        self.dock = QDockWidget(self._window)
        self.dock.setObjectName("lesson_editor_dock")
        self.dock.setWidget(editor)
        self.dock.setFeatures(QDockWidget.DockWidgetFeature.DockWidgetClosable
                              | QDockWidget.DockWidgetFeature.DockWidgetMovable
                              | QDockWidget.DockWidgetFeature.DockWidgetFloatable)
        self._window.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, self.dock)
        self.dock.visibilityChanged.connect(self.shown_changed)
        editor.step_chosen.connect(self._run.go_to)
        editor.add_requested.connect(self.add_moment)
        editor.retake_requested.connect(self.retake)
        editor.duplicate_requested.connect(self.duplicate)
        editor.delete_requested.connect(self.delete)
        editor.move_requested.connect(self.move)
        editor.undo_requested.connect(self.stack.undo)
        editor.redo_requested.connect(self.stack.redo)
        editor.text_edited.connect(self.set_text)
        editor.kind_chosen.connect(self.set_kind)
        editor.form.answer_wanted.connect(self.refresh)
        editor.save_requested.connect(self._save_as)
        self.retranslate()
        self._on_stack_changed()

    def refresh(self, *_: object) -> None:
        """The editor shows the lesson in use, at the step shown."""
        if self.editor is None or not self.editor_shown():
            return
        run, language = self._run, self._appearance.language
        step = run.current_step()
        shows = "" if step is None else self.describe(step)
        revealed = run.revealed or self.editor.form.show_answer.isChecked()
        now = "" if step is None else self.answer_now(step, revealed)
        self.editor.show_lesson(run.lesson, run.index, language, shows, now)

    def retranslate(self, *_: object) -> None:
        """Re-read every visible string in the current language."""
        if self.dock is not None and self.editor is not None:
            self.editor.retranslate()
            self._on_stack_changed()
            self.refresh()

    def _on_stack_changed(self, *_: object) -> None:
        if self.dock is None or self.editor is None:
            return
        title = self.tr("Lesson editor")
        self.dock.setWindowTitle(title if self.stack.isClean() else title + " *")
        self.editor.set_undo_state(self.stack.canUndo(), self.stack.canRedo(), self.stack.undoText(),
                                   self.stack.redoText())
        self.editor.form.pending.clear()  # undone or redone: every field shows the lesson again
        self.refresh()

    # ---- what a step shows, in words ---------------------------------------------------------

    def describe(self, step: LessonStep) -> str:
        """What ``step`` puts on screen, in a line: its sentence, scheme, mask, E and view."""
        language = self._appearance.language
        parts = [f"“{step.text}”", in_language(self._run.lesson.scheme_phrases.get(step.scheme, {}), language)
                 or step.scheme,
                 self.tr("causal mask on") if step.causal else self.tr("causal mask off")]
        if step.edits:
            parts.append(self.tr("edits to E: {0}").format(len(step.edits)))
        parts.append(self.tr("page: {0}").format(self._view_title(step.view)))
        return self.tr("The step shows: {0}").format(" · ".join(parts))

    def answer_now(self, step: LessonStep, shown: bool = True) -> str:
        """For a question: its right choice and answer on the step's own state (the kind's), or why
        it cannot be asked there. Unless ``shown``, the right choice stays hidden (before the reveal)."""
        question = step.question
        if question is None:
            return ""
        language = self._appearance.language
        found = question.computed_by.find(step, self._model)
        if found is not None and not shown:
            return self.tr("On the step's own state the kind finds the right choice and writes the answer: they "
                           "show after the reveal, or here with the box above ticked.")
        if found is None:
            reason = in_language(question.unavailable or {}, language)
            return self.tr("On the step's own state this question cannot be asked: {0}").format(reason)
        outcome, values = found
        filled = {name: value[language] for name, value in values.items()}
        right = next(number for number, choice in enumerate(question.choices) if outcome in choice.right_when)
        choice = _filled(in_language(question.choices[right].text, language), filled)
        answer = _filled(in_language(question.outcomes[outcome], language), filled)
        return self.tr("On the step's own state the kind finds “{0}”: choice {1} is right ({2}). The answer "
                       "then: {3}").format(outcome, chr(ord("A") + right), choice, answer)

    # ---- changes -------------------------------------------------------------------------------

    def moment(self) -> Moment:
        """What the class sees now, as a step's state and view. Raises :class:`MomentError`."""
        view = self._front_view()
        if view is None:
            raise MomentError(self.tr("A step shows one of the lesson's pages: bring one to the front (Build X, "
                                      "Table E, …) and add the moment again."))
        model, toy = self._model, toy_vocabulary()
        if tuple(model.tokens) != tuple(toy.tokens) or np.shape(model.E) != toy.E.shape:
            raise MomentError(self.tr("A step uses the toy's vocabulary of {0} tokens; this one has {1}.").format(
                len(toy.tokens), len(model.tokens)))
        E = np.asarray(model.E)
        edits = tuple((int(token_id), int(column), float(E[token_id, column]))
                      for token_id, column in zip(*np.nonzero(E != toy.E), strict=True))
        shown = self._run.current_step()
        options = dict(shown.view_options) if shown is not None and shown.view == view else {}
        attention = model.attention
        return Moment(model.text, model.scheme, attention.causal, (attention.alibi_heads, attention.alibi_head),
                      edits, view, options)

    def add_moment(self, after: bool = True) -> bool:
        """Add what the screen shows as a step after (or before) the step shown; with no step
        shown, at the end (or the start)."""
        try:
            moment = self.moment()
        except MomentError as error:
            return self._refuse(str(error))
        lesson, index = self._run.lesson, self._run.index
        at = (len(lesson.steps) if after else 0) if index is None else index + (1 if after else 0)
        language = self._appearance.language
        title = {language: self.tr("A new step")}
        caption = {language: f"{in_language(lesson.scheme_phrases[moment.scheme], language)}: “{moment.text}”."}
        done = self._change(lambda old: insert_step(old, at, moment_step(old, moment, title, caption)), at,
                            self.tr("Add step {0}").format(at + 1))
        if done and not self.editor_shown():
            self._messages.show_message(self.tr("Step {0} added: Lesson → Edit the lesson writes its texts.").format(
                at + 1))
        return done

    def retake(self) -> bool:
        """The step shown takes what the screen shows instead; its texts stay."""
        index = self._run.index
        if index is None:
            return False
        try:
            moment = self.moment()
        except MomentError as error:
            return self._refuse(str(error))
        tokens = self._model.tokens
        return self._change(lambda old: with_moment(old, index, moment, tokens), index,
                            self.tr("Retake step {0}").format(index + 1))

    def duplicate(self) -> bool:
        """A copy of the step shown, after it."""
        index = self._run.index
        if index is None:
            return False
        return self._change(lambda old: duplicate_step(old, index), index + 1,
                            self.tr("Duplicate step {0}").format(index + 1))

    def move(self, delta: int) -> bool:
        """The step shown, ``delta`` places later (earlier if negative)."""
        index = self._run.index
        if index is None or not 0 <= index + delta < len(self._run.lesson.steps):
            return False
        return self._change(lambda old: move_step(old, index, index + delta), index + delta,
                            self.tr("Move step {0} to {1}").format(index + 1, index + delta + 1))

    def delete(self) -> bool:
        """Delete the step shown; the next one (or the last) is shown."""
        index = self._run.index
        if index is None:
            return False
        after = min(index, len(self._run.lesson.steps) - 2)
        return self._change(lambda old: remove_step(old, index), max(after, 0),
                            self.tr("Delete step {0}").format(index + 1))

    def set_text(self, name: str, language: str, text: str) -> bool:
        """The text ``name`` of the step shown, in ``language``, is ``text`` (typing merges)."""
        index = self._run.index
        step = self._run.current_step()
        if index is None or step is None:
            return False
        done = self._change(lambda old: with_text(old, index, name, language, text), index,
                            self.tr("Edit a text of step {0}").format(index + 1), (step.id, name, language))
        if self.editor is not None:
            if done:
                self.editor.form.pending.discard((name, language))
            else:
                self.editor.form.pending.add((name, language))
        return done

    def set_kind(self, kind: str) -> bool:
        """The step shown asks a question of ``kind`` ("" : none), drafted by the kind."""
        index = self._run.index
        step = self._run.current_step()
        if index is None or step is None or (step.question.kind if step.question else "") == kind:
            return False
        tokens = self._model.tokens
        text = (self.tr("Make step {0} a question").format(index + 1) if kind
                else self.tr("Step {0} asks no question").format(index + 1))
        done = self._change(lambda old: with_kind(old, index, kind or None, tokens), index, text)
        if not done:
            self.refresh()  # the list of kinds shows the step's own again
        return done

    def _change(self, make: Callable[[Lesson], Lesson], index_after: int, text: str,
                typing: tuple[str, str, str] | None = None) -> bool:
        before = self._run.lesson
        try:
            after = make(before)
        except DraftError as error:
            return self._refuse(self.tr("Not a question of that kind here: {0}").format(
                in_language(error.reason, self._appearance.language)))
        except LessonError as error:
            return self._refuse(self.tr("Not changed: {0}").format(error))
        if self.editor is not None:
            self.editor.show_problem("")
        if after == before:
            return True
        self.stack.push(LessonChange(self._run, before, after, self._run.index, index_after, text, typing))
        return True

    def _refuse(self, text: str) -> bool:
        if self.editor is not None and self.editor_shown():
            self.editor.show_problem(text)
        else:
            self._messages.show_message(text)
        return False

    def detach(self) -> None:
        """Stop listening (the window calls it on closing; idempotent)."""
        self.stop_listening()


def _filled(text: str, values: dict[str, str]) -> str:
    try:
        return text.format(**values)
    except (KeyError, IndexError, ValueError):
        return text


__all__ = ["EDITOR_LEAST_WIDTH", "Authoring", "MomentError"]
