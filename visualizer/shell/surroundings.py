"""What is on stage: the text box, strip, scheme and vocabulary where the view in front uses them,
and the window's own frame (menu bar, margins) while presenting."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QMargins, QObject, QTimer
from PySide6.QtWidgets import QLayout, QMenuBar, QSplitter, QWidget

from visualizer.appearance import Appearance
from visualizer.lesson.band import LessonBand
from visualizer.shell.view_tabs import ViewTabs
from visualizer.subscriptions import Listening
from visualizer.toy.scheme_selector import SchemeSelector
from visualizer.toy.vocabulary_table import VocabularyTable

STAGE_MARGIN = 2  # px around the stage while presenting (the ordinary window keeps Qt's own)
SHORT_HEIGHT = 800
"""A window whose central area is shorter than this (pixels at the scale: a laptop's 768 lines)
puts the scheme verdicts in the note, leaving their row to the views."""


class Surroundings(Listening, QObject):
    """Arranges the widgets around the views for the page in front and for presenting.

    Pages that have their own sequence (the gradient lab's batches, the real model's text and
    strip; see :meth:`ViewTabs.uses_toy_sequence`) get the room of the toy's text box, strip and
    scheme; presenting, the text box and vocabulary step aside for every view, the menu bar hides
    and the stage's margins shrink.

    Parameters
    ----------
    appearance : Appearance
        Whose ``presenting`` it follows (heard as a change of scale).
    tabs : ViewTabs
        The views; the page in front decides what else is shown.
    text_input, token_strip, vocabulary : QWidget
        The toy's own widgets around the views.
    scheme_selector : SchemeSelector
        The scheme's buttons; a short window has it put its verdicts in its note.
    body : QSplitter
        Vocabulary on the left, the views on the right.
    layout : QLayout
        The window's central layout (its margins shrink while presenting).
    menu_bar : QMenuBar
        Hidden while presenting.
    lesson_band : LessonBand
        The lesson's dock: along the bottom of a short window, the scheme's note steps aside for it.
    """

    def __init__(self, appearance: Appearance, tabs: ViewTabs, text_input: QWidget, token_strip: QWidget,
                 scheme_selector: SchemeSelector, vocabulary: VocabularyTable, body: QSplitter, layout: QLayout,
                 menu_bar: QMenuBar, lesson_band: LessonBand) -> None:
        QObject.__init__(self)
        self._appearance, self._tabs, self._lesson_band = appearance, tabs, lesson_band
        self._text_input, self._token_strip = text_input, token_strip
        self._scheme_selector, self._vocabulary = scheme_selector, vocabulary
        self._body, self._layout, self._menu_bar = body, layout, menu_bar
        self._presenting = False
        self._sequence_covered = False
        self._margins, self._spacing = QMargins(), 0  # the ordinary window's, kept while presenting
        tabs.currentChanged.connect(self.arrange)
        self.listen(appearance.events.scale, self._on_scale_changed)
        self.listen(appearance.events.language, self.fit_vocabulary)
        vocabulary.width_changed.connect(self.fit_vocabulary)  # "at" grew: a token used once more
        self._central = layout.parentWidget()
        if self._central is not None:  # the window's height decides how much the scheme says
            self._central.installEventFilter(self)
        # And whether the lesson is along the bottom: hidden and shown again with F9, the window's
        # resize came before the band was visible, and the note took 60 px of the scores back.
        lesson_band.visibilityChanged.connect(self.fit_height)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self._central and event.type() == QEvent.Type.Resize:
            self.fit_height()
        return False

    def fit_height(self) -> None:
        """A short window gives the scheme verdicts' row to the views (see :data:`SHORT_HEIGHT`), and
        its note too while the lesson runs along the bottom (showing or hiding it resizes the views'
        part of the window: this runs again)."""
        if self._central is not None:
            band = self._lesson_band
            self._scheme_selector.set_short(self._central.height() < self._appearance.px(SHORT_HEIGHT),
                                            band.isVisible() and band.at_bottom)

    def detach(self) -> None:
        """Stop following the appearance and the window's size (the window's teardown)."""
        if self._central is not None:
            self._central.removeEventFilter(self)
        self.stop_listening()

    def cover_sequence(self, covered: bool) -> None:
        """While presenting, a band above the views (the class poll's) takes the room of the token
        strip and the scheme line: they step aside until it goes."""
        if covered != self._sequence_covered:
            self._sequence_covered = covered
            self.arrange()
            self._forget_sizes()  # the window's least height changed now, not at the next pass

    def _forget_sizes(self) -> None:
        for widget in (self._tabs, self._body, self._layout.parentWidget()):
            if widget is not None:
                widget.updateGeometry()  # each parent layout's cached size of it, too
        self._layout.invalidate()

    def least_height(self) -> int:
        """The height the views and what is shown around them need at the least, now (a view that
        cannot shrink, such as the gradient lab's, raises it). Measured afresh: the layouts' cached
        sizes may still be those of the page in front before."""
        self._forget_sizes()
        return self._layout.totalMinimumSize().height()

    def arrange(self, *_: object) -> None:
        """Show the text box, strip, scheme and vocabulary where the view in front uses them."""
        toy_sequence = self._tabs.uses_toy_sequence(self._tabs.currentWidget())
        presenting = self._appearance.presenting
        sequence = toy_sequence and not (presenting and self._sequence_covered)
        self._scheme_selector.setVisible(self._tabs.uses_scheme(self._tabs.currentWidget())
                                         and not (presenting and self._sequence_covered))
        self._token_strip.setVisible(sequence)
        self._vocabulary.setVisible(toy_sequence and not presenting)
        self._text_input.setVisible(self._tabs.uses_text_box(self._tabs.currentWidget()) and not presenting)

    def fit_vocabulary(self, *_: object) -> None:
        """Give the vocabulary the width its columns need (the numbers are wider in Portuguese)."""
        if self._vocabulary.isHidden():  # presenting or in the lab: sized when it comes back
            return
        total = sum(self._body.sizes())
        wanted = self._vocabulary.sizeHint().width()
        if total > 0:
            self._body.setSizes([wanted, max(1, total - wanted)])

    def fit_vocabulary_soon(self, *_: object) -> None:
        """:meth:`fit_vocabulary` once the window has laid out a change of its docks (a dock
        shown beside the views takes its width from the middle, the vocabulary's too)."""
        QTimer.singleShot(0, self.fit_vocabulary)

    def _on_scale_changed(self, *_: object) -> None:
        presenting = self._appearance.presenting
        if presenting != self._presenting:
            self._presenting = presenting
            self.arrange()
            self._menu_bar.setVisible(not presenting)
            if presenting:
                self._margins, self._spacing = self._layout.contentsMargins(), self._layout.spacing()
                self._layout.setContentsMargins(STAGE_MARGIN, STAGE_MARGIN, STAGE_MARGIN, STAGE_MARGIN)
                self._layout.setSpacing(STAGE_MARGIN)
            else:
                self._layout.setContentsMargins(self._margins)
                self._layout.setSpacing(self._spacing)
        self.fit_height()
        self.fit_vocabulary()


__all__ = ["STAGE_MARGIN", "Surroundings"]
