"""Carries out a lesson step in the window: the step's view in front, taking the step's cue.

The lesson knows no view's insides: a step names its view and gives that view's own options
(``view_options``); the view reads them (:mod:`visualizer.lesson.cue`). The director brings the
view forward, hands each built view its cue (the step's view the step's options, the others none),
and takes the cues back when the lesson is hidden.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial

from PySide6.QtCore import QObject

from visualizer.lesson.band import LessonBand
from visualizer.lesson.cue import NO_CUE, Cue, CuedView, OptionError, read_options
from visualizer.lesson.run import Lesson, LessonError, LessonRun, LessonStep
from visualizer.shell.view_tabs import LESSON_VIEWS, ViewTabs
from visualizer.subscriptions import Listening
from visualizer.ui.protocol import View


def check_view_options(lesson: Lesson, views: Mapping[str, type[View]] = LESSON_VIEWS) -> None:
    """Every step's view exists and its options are ones the view reads (raises :class:`LessonError`
    naming the step and the field): a teacher's mistake in the lesson file shows at start, before
    anything is built."""
    for number, step in enumerate(lesson.steps, 1):
        where = f"step {number} ({step.id!r})"
        if step.view not in views:
            raise LessonError(f"{where}, field 'view': {step.view!r} is not one of {', '.join(views)}")
        kind = views[step.view]
        given = [("view_options", step.view_options)]
        if step.reveal is not None:
            given.append(("reveal.view_options", step.reveal.view_options))
        for field, options in given:
            if not options:
                continue
            options_kind = getattr(kind, "OPTIONS", None)
            if options_kind is None:
                raise LessonError(f"{where}, field '{field}': the view {step.view} has no options")
            try:
                read_options(options_kind, options)
            except OptionError as error:
                raise LessonError(f"{where}, field '{field}.{error.field}': {error.reason}") from None


class LessonDirector(Listening, QObject):
    """Listens to a :class:`~visualizer.lesson.run.LessonRun` and cues each step's view.

    The run (no Qt) decides where the class is; the director shows the lesson band, brings the
    step's view forward and lets it take its cue; on a reveal, the view takes the revealed cue
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
        self.listen(run.changed, self._check_page)
        band.wanted_changed.connect(self._follow_band)
        tabs.currentChanged.connect(self._check_page)
        band.panel.back_requested.connect(self._bring_back)

    def _enter_step(self, step: LessonStep) -> None:
        """The run entered ``step``: show it, the views counting changes from its state."""
        self._show_step(step, begins=True)

    def _show_step(self, step: LessonStep, begins: bool = False, forward: bool = True) -> None:
        """Bring forward (unless not ``forward``) the view a lesson step names, in the state it asks
        for (``begins``: see :class:`Cue`)."""
        if not self._band.wanted:
            self._band.set_wanted(True)
        # Held only where the answer's own cue comes to release it (a reveal with options of its own).
        waits = (step.is_question and not self._run.revealed and step.reveal is not None
                 and bool(step.reveal.view_options))
        self._cue(step, Cue(step.view_options, begins=begins, answer_waits=waits), forward)

    def _show_answer(self, step: LessonStep, forward: bool = True) -> None:
        """The revealed state of the step's view, reporting any outcome back to the run."""
        options = step.reveal.view_options if step.reveal is not None else {}
        if options:
            self._cue(step, Cue(options, self._run.outcome_sink()), forward)

    def _cue(self, step: LessonStep, cue: Cue, forward: bool = True) -> None:
        if forward:
            self._tabs.show_view(self._tabs.view_named(step.view))
        for name, built in self._tabs.built_named().items():
            if isinstance(built, CuedView):
                built.take_cue(cue if name == step.view else Cue(begins=cue.begins))

    def _check_page(self, *_: object) -> None:
        """Tell the panel when the page in front is not the step's (a real model opened, another
        tab chosen): it says where the step is and offers to bring it back."""
        step = self._run.current_step()
        front = self._tabs.current_view()
        mine = None if step is None else self._tabs.built_named().get(step.view)
        if step is None or not self._band.wanted or front is mine:
            self._band.panel.set_elsewhere(None)
        else:
            self._band.panel.set_elsewhere(partial(self._tabs.title_of, step.view))

    def _bring_back(self) -> None:
        """The step's page in front again, with its cue (and its answer's, if revealed)."""
        step = self._run.current_step()
        if step is not None:
            self._cue_step(step, forward=True)

    def _cue_step(self, step: LessonStep, forward: bool) -> None:
        """``step``'s cue to its view (and its answer's, if revealed), brought ``forward`` or not."""
        self._show_step(step, forward=forward)
        if self._run.revealed:
            self._show_answer(step, forward)

    def release_views(self) -> None:
        """Every view back to its ordinary state (the lesson was hidden)."""
        for view in self._tabs.built_views():
            if isinstance(view, CuedView):
                view.take_cue(NO_CUE)

    def shown(self) -> bool:
        """True while the lesson is shown (F9's check mark)."""
        return self._band.wanted

    def _follow_band(self, shown: bool) -> None:
        """Presenting began or ended with the lesson now shown, or now hidden (F9 had hidden it in
        one of the two): the views take its cues again, or their ordinary state."""
        if shown:
            self._cue_again()
        else:
            self.release_views()

    def show_lesson(self, shown: bool) -> None:
        """F9: show the guided lesson (starting it the first time), or hide it and what it cued.

        Shown again while its step's view is in front, the view takes the step's cue again (and
        its answer's, if revealed); a teacher who went to another tab stays there."""
        self._band.set_wanted(shown)
        if not shown:
            self.release_views()
            return
        if self._run.current_step() is None:
            self._run.go_to(0)
        else:
            self._cue_again()

    def _cue_again(self) -> None:
        """The current step's view takes its cue again (and its answer's); a teacher on another tab
        stays there. (Once only the view in front took it: the real-scale race, released by F9,
        then showed its result and let Measure run while the step's question was still open.)"""
        step = self._run.current_step()
        if step is not None:
            self._cue_step(step, forward=self._tabs.built_named().get(step.view) is self._tabs.current_view())

    def advance(self) -> None:
        """Next: reveal first on a question, then move on."""
        self._run.advance()

    def previous(self) -> None:
        """Previous step."""
        self._run.previous()


__all__ = ["LessonDirector", "check_view_options"]
