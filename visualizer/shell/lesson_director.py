"""Carries out a lesson step in the window: the step's view in front, in the state it asks for."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject

from ..lesson import LessonStep
from ..subscriptions import Listening
from ..views.rope_clock import RopeClock

if TYPE_CHECKING:
    from .main_window import MainWindow


class LessonDirector(Listening, QObject):
    """Listens to the window's :class:`~visualizer.lesson.LessonRun` and stages each step.

    The run (no Qt) decides where the class is; the director moves the window there: shows the
    lesson, brings the step's view forward, starts or stops the build animation, and runs reveal
    actions that are not model commands (the real-scale race).
    """

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self._window = window
        self._listening_to_race = False
        self.listen(window.lesson_run.step_shown, self.show_step)  # dropped by detach() (Listening)
        self.listen(window.lesson_run.action_requested, self.run_action)

    def show_step(self, step: LessonStep) -> None:
        """Bring forward the view a lesson step names, in the state it asks for."""
        window = self._window
        if not window.lesson_dock.isVisible():
            window.lesson_dock.show()
            window.presentation.size_lesson_dock()
        window.action_table["lesson"].setChecked(True)
        view = window.view_named(step.view)
        window.show_view(view)
        # Each step sets the build animation explicitly: one left running would confuse the class.
        window.x_panel.finish_build()
        window.x_panel.set_lookup_only(step.lookup_only)
        if step.build:
            window.x_panel.player.play()
        if step.view == "gradient_lab":  # the toy page, or GPT-2's real scale for a question about it
            lab = window.gradient_lab
            page = lab.real_scale if step.real_scale else lab.pages.widget(0)
            if page is not None:
                lab.pages.setCurrentWidget(page)
        if isinstance(view, RopeClock):
            if step.rope_lesson:
                view.show_lesson_positions(3, 1)
            elif view.lesson_mode:
                view.show_sequence()

    def run_action(self, action: dict[str, object]) -> None:
        """A reveal that is not a model command: the real-scale measurement."""
        if action.get("real_scale"):
            lab = self._window.gradient_lab
            self._window.show_view(lab)
            lab.pages.setCurrentWidget(lab.real_scale)
            if not self._listening_to_race:  # the answer waits for the race's numbers
                lab.real_scale.measured.connect(self._window.lesson_run.report_outcome)
                self._listening_to_race = True
            lab.real_scale.start()

    def show_lesson(self, shown: bool) -> None:
        """F9: show or hide the guided lesson (starting it the first time)."""
        window = self._window
        window.lesson_dock.setVisible(shown)
        window.presentation.size_lesson_dock()
        if shown and window.lesson_run.index is None:
            window.lesson_run.go_to(0)
