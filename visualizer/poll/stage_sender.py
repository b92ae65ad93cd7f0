"""Sends what phones show of the step on stage (:mod:`visualizer.poll.stage`) to the ballot, from
the UI thread: at once when the step changes or its answer is revealed, at most every
:data:`STAGE_DELAY_MS` while the model changes under the step (each change wakes every waiting
phone, and a drag makes dozens a second)."""

from __future__ import annotations

from PySide6.QtCore import QObject, QTimer, QTranslator

from visualizer.i18n import translation_file
from visualizer.languages import SOURCE_LANGUAGE
from visualizer.lesson.run import LessonRun
from visualizer.model import EmbeddingModel
from visualizer.poll.ballot import Ballot
from visualizer.poll.stage import stage_for

STAGE_DELAY_MS = 250
"""While the model changes under a step (a drag, an edit of E), phones get the stage at most this often."""


class StageSender(QObject):
    """The step on stage, for the phones.

    Parameters
    ----------
    run : LessonRun
        The step shown, its reveal and its live values.
    model : EmbeddingModel
        The matrices in front.
    ballot : Ballot
        Where phones read it (:meth:`Ballot.set_stage`).
    parent : QObject, optional
    """

    def __init__(self, run: LessonRun, model: EmbeddingModel, ballot: Ballot, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._run, self._model, self._ballot = run, model, ballot
        self._translators: dict[str, QTranslator | None] = {}
        # The model changing under a step: the stage is sent once the changes pause a moment.
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(STAGE_DELAY_MS)
        self._timer.timeout.connect(self.send)

    def send(self) -> None:
        """Phones show the step on stage as it is now."""
        self._timer.stop()
        self._ballot.set_stage(stage_for(self._run, self._model, self.lesson_words))

    def send_soon(self) -> None:
        """The model changed under the step: send it once the changes pause (within :data:`STAGE_DELAY_MS`)."""
        if not self._timer.isActive():
            self._timer.start()

    def stop(self) -> None:
        """Send nothing more (the poll closed)."""
        self._timer.stop()

    def lesson_words(self, language: str, text: str) -> str:
        """The lesson panel's own words in ``language`` (a reveal's "rows whose values changed"), as
        the app's translations have them, whatever the app's language is now."""
        if language == SOURCE_LANGUAGE:
            return text
        if language not in self._translators:
            translator: QTranslator | None = QTranslator(self)
            assert translator is not None
            if not translator.load(str(translation_file(language))):
                translator = None
            self._translators[language] = translator
        translator = self._translators[language]
        return (translator.translate("LessonPanel", text) if translator is not None else "") or text


__all__ = ["STAGE_DELAY_MS", "StageSender"]
