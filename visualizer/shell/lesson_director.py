"""Carries out a lesson step in the window: the step's view in front, staging itself.

The lesson knows no view's insides: a step names its view and gives that view's own options
(``staging``); the view reads them (:mod:`visualizer.lesson.step_options`). The director brings the
view forward, hands each built view its part (the step's view its staging, the others none), and
takes the staging back when the lesson is hidden.
"""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QWidget

from visualizer.lesson.band import LessonBand
from visualizer.lesson.run import Lesson, LessonError, LessonRun, LessonStep
from visualizer.lesson.step_options import UNSTAGED, StagedView, Staging, StagingError, read_options
from visualizer.shell.view_tabs import LESSON_VIEWS, ViewTabs
from visualizer.subscriptions import Listening


def check_staging(lesson: Lesson, views: Mapping[str, type[QWidget]] = LESSON_VIEWS) -> None:
    """Every step's view exists and its staging is one the view reads (raises :class:`LessonError`
    naming the step and the field): a teacher's mistake in the lesson file shows at start, before
    anything is built."""
    for number, step in enumerate(lesson.steps, 1):
        where = f"step {number} ({step.id!r})"
        if step.view not in views:
            raise LessonError(f"{where}, field 'view': {step.view!r} is not one of {', '.join(views)}")
        kind = views[step.view]
        stagings = [("staging", step.staging)]
        if step.reveal is not None:
            stagings.append(("reveal.staging", step.reveal.staging))
        for field, options in stagings:
            if not options:
                continue
            options_kind = getattr(kind, "STAGING", None)
            if options_kind is None:
                raise LessonError(f"{where}, field '{field}': the view {step.view} has no staging options")
            try:
                read_options(options_kind, options)
            except StagingError as error:
                raise LessonError(f"{where}, field '{field}.{error.field}': {error.reason}") from None


class LessonDirector(Listening, QObject):
    """Listens to a :class:`~visualizer.lesson.run.LessonRun` and stages each step in the views.

    The run (no Qt) decides where the class is; the director shows the lesson band, brings the
    step's view forward and lets it stage itself; on a reveal, the view stages the revealed state
    (and reports what an experiment measured back to the run).

    Parameters
    ----------
    run : LessonRun
        The lesson being run.
    tabs : ViewTabs
        The views, by the names the lesson file uses.
    band : LessonBand
        The lesson's place on stage (F9 shows or hides it).
    """

    def __init__(self, run: LessonRun, tabs: ViewTabs, band: LessonBand) -> None:
        super().__init__(tabs)
        self._run, self._tabs, self._band = run, tabs, band
        self.listen(run.step_shown, self._enter_step)  # dropped by detach() (Listening)
        self.listen(run.answer_shown, self._show_answer)
        band.wanted_changed.connect(self._follow_band)

    def _enter_step(self, step: LessonStep) -> None:
        """The run entered ``step``: show it, the views counting changes from its state."""
        self._show_step(step, begins=True)

    def _show_step(self, step: LessonStep, begins: bool = False) -> None:
        """Bring forward the view a lesson step names, in the state it asks for (``begins``: see
        :class:`Staging`)."""
        if not self._band.wanted:
            self._band.set_wanted(True)
        self._stage(step, Staging(step.staging, begins=begins))

    def _show_answer(self, step: LessonStep) -> None:
        """The revealed state of the step's view, reporting any outcome back to the run."""
        options = step.reveal.staging if step.reveal is not None else {}
        if options:
            self._stage(step, Staging(options, self._run.outcome_sink()))

    def _stage(self, step: LessonStep, staging: Staging) -> None:
        view = self._tabs.view_named(step.view)
        self._tabs.show_view(view)
        for name, built in self._tabs.built_named().items():
            if isinstance(built, StagedView):
                built.stage(staging if name == step.view else Staging(begins=staging.begins))

    def unstage(self) -> None:
        """Every view back to its ordinary state (the lesson was hidden)."""
        for view in self._tabs.built_views():
            if isinstance(view, StagedView):
                view.stage(UNSTAGED)

    def shown(self) -> bool:
        """True while the lesson is shown (F9's check mark)."""
        return self._band.wanted

    def _follow_band(self, shown: bool) -> None:
        """Presenting began or ended with the lesson now shown, or now hidden (F9 had hidden it in
        one of the two): the views take its staging again, or their ordinary state."""
        if shown:
            self._restage()
        else:
            self.unstage()

    def show_lesson(self, shown: bool) -> None:
        """F9: show the guided lesson (starting it the first time), or hide it and what it staged.

        Shown again while its step's view is in front, the view takes the step's staging again (and
        its answer's, if revealed); a teacher who went to another tab stays there."""
        self._band.set_wanted(shown)
        if not shown:
            self.unstage()
            return
        if self._run.current_step() is None:
            self._run.go_to(0)
        else:
            self._restage()

    def _restage(self) -> None:
        """The current step's view, if in front, takes its staging again (and its answer's)."""
        step = self._run.current_step()
        if step is not None and self._tabs.built_named().get(step.view) is self._tabs.current_view():
            self._show_step(step)
            if self._run.revealed:
                self._show_answer(step)

    def advance(self) -> None:
        """Next: reveal first on a question, then move on."""
        self._run.advance()

    def previous(self) -> None:
        """Previous step."""
        self._run.previous()


__all__ = ["LessonDirector", "check_staging"]
