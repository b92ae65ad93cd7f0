"""The guided lesson beside the views: where this step sits in the course, a caption, and
"predict, then reveal" questions that the app answers by running the experiment.

The panel only shows :class:`~visualizer.lesson.run.LessonRun` (the Qt-free state machine) and
forwards its buttons to it."""

from __future__ import annotations

import html
import re
from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QEvent, Qt, Signal
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QBoxLayout, QFrame, QGridLayout, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from visualizer.appearance import Appearance
from visualizer.lesson.kinds.base import Waiting, Withdrawn
from visualizer.lesson.run import NO_BREAK_SPACE, Lesson, LessonRun, LessonStep
from visualizer.lesson.texts import in_language
from visualizer.ui.balanced_label import BalancedLabel
from visualizer.ui.palette import scaled_font
from visualizer.ui.protocol import ListeningView

QUESTION_LEAST_CHARACTERS = 22
"""Along the bottom, the question's least width, in average characters of its type."""


VECTOR = re.compile(r"\[[^\[\]]*\]")
"""A vector in a text: ``[1, 0, 0, -1]``."""

class LessonPanel(ListeningView, QWidget):
    """Steps of the lesson, one at a time: a view of a :class:`LessonRun`.

    Signals
    -------
    step_changed : (int)
        The index of the step now shown.
    back_requested : ()
        The teacher asked for the step's own page again (the page in front is another).
    """

    step_changed = Signal(int)
    back_requested = Signal()

    def __init__(self, run: LessonRun, appearance: Appearance, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.run = run
        self._appearance = appearance
        self.path = QLabel()
        self.path.setWordWrap(True)
        self.path.setTextFormat(Qt.TextFormat.RichText)
        self.counter = QLabel()
        self.counter.setAlignment(Qt.AlignmentFlag.AlignCenter)  # in the width of the widest number
        self.title = BalancedLabel()  # even lines: no word alone on a title's last line
        self.caption = QLabel()
        self.caption.setTextFormat(Qt.TextFormat.PlainText)  # a teacher's text shows as typed, markup too
        self.caption.setWordWrap(True)
        self.caption.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.question_box = QFrame()
        self.question_box.setFrameShape(QFrame.Shape.StyledPanel)
        self.question_box.setObjectName("question_box")
        # Only the box: a bare "QFrame" rule also framed the question label inside (a QFrame too).
        self.question_box.setStyleSheet("QFrame#question_box { background: #E8F1FA; border: 2px solid #0072B2; }")
        self.question = BalancedLabel()
        self.reveal_button = QPushButton()
        self.reveal_button.clicked.connect(self.reveal)
        # Stacked beside the views; side by side along the bottom, where height is scarce (what a
        # part adds, add_to_question_box, follows Reveal).
        self._question_layout = QBoxLayout(QBoxLayout.Direction.TopToBottom, self.question_box)
        self._question_layout.addWidget(self.question, 1)
        self._question_buttons = QBoxLayout(QBoxLayout.Direction.LeftToRight)
        self._question_buttons.addWidget(self.reveal_button)
        self._question_layout.addLayout(self._question_buttons)
        self.previous_button, self.next_button = QPushButton(), QPushButton()
        # Shown while the page in front is not the step's (a real model, another tab): one click
        # brings the step's page back.
        self.back_button = QPushButton()
        self.back_button.hide()
        self.back_button.clicked.connect(self.back_requested)
        self._elsewhere: Callable[[], str] | None = None
        self.previous_button.clicked.connect(self.previous)
        self.next_button.clicked.connect(self.advance)
        self.buttons = QWidget()
        self._buttons_row = QHBoxLayout(self.buttons)
        self._buttons_row.setContentsMargins(0, 0, 0, 0)
        self._buttons_row.addWidget(self.back_button)
        self._buttons_row.addWidget(self.previous_button)
        self._buttons_row.addWidget(self.next_button)
        self._grid = QGridLayout(self)
        self._grid.setContentsMargins(6, 2, 6, 2)
        # Along the bottom of the window, two columns: the title over the caption on the left; the
        # question over Previous, the step's number and Next on the right, the buttons kept at the
        # band's bottom right corner step after step (beside the title they moved up and down with
        # each step's text, y 666 to 704 in a 1024 × 768 window, and a second quick click on Next
        # missed). They stay in the grid, empty in the other arrangements.
        self._left, self._right = QVBoxLayout(), QVBoxLayout()
        self._right.addStretch(1)  # between the question and the buttons; empty, it takes no room
        self._grid.addLayout(self._left, 0, 0)
        self._grid.addLayout(self._right, 0, 1)
        self._cornered = False  # the buttons are in the bottom right corner (see _arrange)
        self._wide = False
        self._arrange()
        self.listen(appearance.events.scale, self._on_scale_changed)
        self.listen(appearance.events.language, self.retranslate)
        self.listen(run.changed, self._on_run_changed)
        self.listen(run.values_changed, self._show_caption)
        self._on_scale_changed()
        self.retranslate()

    def is_wide(self) -> bool:
        """True while the panel is a band along the bottom (presenting, or a narrow window)."""
        return self._wide

    def set_wide(self, wide: bool) -> None:
        """Wide along the bottom (its band says when): title and caption on the left, the question
        on the right, the buttons beside the title on stage and in the corner in a window (see
        :meth:`_buttons_in_corner`). Tall beside the views: everything stacked."""
        if wide != self._wide:
            self._wide = wide
            self._arrange()
            self._on_scale_changed()  # and the step's number, written shorter in the corner

    def needed_height(self, width: int) -> int:
        """The height, in px, that the panel's text and buttons need at ``width`` px, measured now.

        In the corner arrangement the question box sits in a column of its own (a nested layout):
        Qt hands a change of its size up to the panel in posted layout requests, and measured
        before they were delivered the panel gave the old height (hiding practice: 110 px for 104).
        The waiting requests are delivered first, one round for each level (the box's contents, the
        box, the column); a request posted meanwhile waits for the next round, so this ends."""
        for _ in range(3):
            QCoreApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
        return self.heightForWidth(width)

    def _buttons_in_corner(self) -> bool:
        """Along the bottom of the window, Previous and Next keep the band's bottom right corner. On
        stage they sit beside the title: there every line of height goes to the class (in the
        corner the captions lost the buttons' width, and a line of the views on four steps), and
        pages turn with the keys or a clicker."""
        return self._wide and not self._appearance.presenting

    def _arrange(self) -> None:
        step = self.current_step()
        question = step is not None and step.is_question
        direction = QBoxLayout.Direction.LeftToRight if self._wide else QBoxLayout.Direction.TopToBottom
        self._question_layout.setDirection(direction)
        self._question_buttons.setDirection(QBoxLayout.Direction.TopToBottom if self._wide
                                            else QBoxLayout.Direction.LeftToRight)
        margin = 4 if self._wide else 11
        self._question_layout.setContentsMargins(margin, margin, margin, margin)
        for widget in (self.path, self.title, self.caption, self.question_box, self.buttons):
            for layout in (self._grid, self._left, self._right):
                layout.removeWidget(widget)
        self._cornered = self._buttons_in_corner()
        # The step's number between Previous and Next; in the corner it keeps its width, where the
        # caption beside needs the rest. Next is taken out only to follow it.
        for widget in (self.counter, self.next_button):
            self._buttons_row.removeWidget(widget)
        self._buttons_row.addWidget(self.counter, 0 if self._cornered else 1, Qt.AlignmentFlag.AlignCenter)
        self._buttons_row.addWidget(self.next_button)
        # A question step's caption is one short line: the question gets half the width. Once
        # answered, the caption is the answer, the longer text: it gets two thirds.
        answered = question and self.run.revealed
        if self._cornered:
            self.path.hide()  # every line of height counts: the course path stays in the tall panel
            self._left.addWidget(self.title)
            self._left.addWidget(self.caption, 1)
            self._right.insertWidget(0, self.question_box)  # hidden on a step without a question
            self._right.addWidget(self.buttons, 0, Qt.AlignmentFlag.AlignRight)
            # Without a question, the caption takes all but the buttons' width.
            self._stretch(columns=(2 if answered else 1, 1 if question else 0), rows=(1, 0, 0))
        elif self._wide:
            self.path.hide()
            self._grid.addWidget(self.title, 0, 0)
            self._grid.addWidget(self.buttons, 0, 1)
            self._grid.addWidget(self.caption, 1, 0, 1, 1 if question else 2)
            if question:
                self._grid.addWidget(self.question_box, 1, 1)
            self._stretch(columns=(2 if answered else 1 if question else 3, 1 if question else 2), rows=(0, 1, 0))
        else:
            self.path.show()
            for row, widget in enumerate((self.path, self.title, self.caption, self.question_box, self.buttons)):
                self._grid.addWidget(widget, row, 0, 1, 2)
            self._stretch(columns=(0, 0), rows=(0, 0, 1))

    def _stretch(self, columns: tuple[int, int], rows: tuple[int, int, int]) -> None:
        """The grid's stretch factors: of its two columns, and of its first three rows."""
        for column, factor in enumerate(columns):
            self._grid.setColumnStretch(column, factor)
        for row, factor in enumerate(rows):
            self._grid.setRowStretch(row, factor)

    # ---- the run, for the window and the tests ---------------------------------------------

    @property
    def lesson(self) -> Lesson:
        """The lesson being run."""
        return self.run.lesson

    @property
    def index(self) -> int | None:
        """The step shown (0-based), or None before the lesson starts."""
        return self.run.index

    @property
    def revealed(self) -> bool:
        """True once the current question's answer is shown."""
        return self.run.revealed

    def current_step(self) -> LessonStep | None:
        """The step shown."""
        return self.run.current_step()

    def go_to(self, index: int) -> None:
        """Show step ``index`` (see :meth:`LessonRun.go_to`)."""
        self.run.go_to(index)

    def advance(self) -> None:
        """Next: reveal first on a question, then move on."""
        self.run.advance()

    def previous(self) -> None:
        """Previous step."""
        self.run.previous()

    def reveal(self) -> None:
        """Run the question's experiment and show its answer."""
        self.run.reveal()

    def set_elsewhere(self, page: Callable[[], str] | None) -> None:
        """Another page is in front than the step's, whose title ``page`` gives in the current
        language; None: the step's own page is in front (or no step is shown). The caption then
        says where the step is, and a button brings it back: the lesson never talks about a page
        nobody sees."""
        if (page is None) != (self._elsewhere is None) or (page is not None and self.elsewhere() != page()):
            self._elsewhere = page
            self.back_button.setVisible(page is not None)
            self._show_caption()

    def elsewhere(self) -> str | None:
        """The title of the step's page while another page is in front, else None."""
        return None if self._elsewhere is None else self._elsewhere()

    def add_to_question_box(self, widget: QWidget) -> None:
        """Put ``widget`` in the question box after the Reveal button: beside it along the bottom,
        under it beside the views (the class poll's button and offline practice)."""
        self._question_layout.addWidget(widget)

    def _on_run_changed(self) -> None:
        self._arrange()  # a question step puts its box beside the caption
        self.retranslate()
        if self.run.index is not None:
            self.step_changed.emit(self.run.index)

    # ---- text ----------------------------------------------------------------------------------

    def fill(self, text: str) -> str:
        """Replace {ids}, {V}, {d}, {n}, {x1} … {xn} and the other live values of the model."""
        separator = "; " if self._appearance.language == "pt" else ", "
        try:
            return text.format_map(self.run.live_values(self._appearance.numbers, separator))
        except (KeyError, IndexError, ValueError):
            return text

    def _answer_text(self, step: LessonStep) -> str | None:
        """The revealed answer for the state on screen, or what stands in for it (the experiment is
        measuring; the state on screen is no longer the experiment's); None before a reveal."""
        explained = self.run.explained()
        if explained is None:
            return None
        if isinstance(explained, Waiting):
            return self.tr("The app is measuring it now, on this laptop: the answer appears here when the "
                           "measurement ends.")
        if isinstance(explained, Withdrawn):
            if explained.reason == "numbers":
                return self.tr("This answer compares rows of X, and past the learned table a row has no numbers. "
                               "Reveal runs the experiment again on the lesson's sentence.")
            return self.tr("This answer was about “{0}”, and the tokens on screen have changed since. Reveal runs "
                           "the experiment again on that sentence.").format(step.text)
        answer = self.run.answer(self._appearance.language)
        # A vector never breaks across lines: its separators keep its numbers together.
        return None if answer is None else VECTOR.sub(lambda m: m.group(0).replace(" ", NO_BREAK_SPACE), answer)

    def retranslate(self) -> None:
        """Re-read every visible string (and refill live values)."""
        language = self._appearance.language
        chapters = []
        for index, chapter in enumerate(self.lesson.chapters):
            name = html.escape(in_language(chapter, language))  # the path is rich text: a name is not
            if index == self.lesson.current_chapter:
                name = f"<b><u>{name}</u></b> ◀ " + self.tr("you are here")
            chapters.append(name)
        self.path.setText(" → ".join(chapters))
        self.previous_button.setText(self.tr("◀ Previous"))
        self.next_button.setText(self.tr("Next ▶"))
        self.reveal_button.setText(self.tr("Reveal"))
        self.back_button.setText(self.tr("Show the step"))
        step = self.current_step()
        total = len(self.lesson.steps)
        self._show_counter()
        if step is None:
            self.title.setText(self.tr("Guided lesson"))
            self.caption.setText(self.tr("Press Next (or Page Down) to start."))
            self.question_box.hide()
            self.previous_button.setEnabled(True)  # not started: Previous starts at the first step too
            return
        assert self.run.index is not None
        self.title.setText(in_language(step.title, language))
        self._show_caption()
        self.question_box.setVisible(step.is_question)
        # The last step: Next only reveals its answer, then there is nothing after it.
        last = self.run.index is not None and self.run.index + 1 == total
        self._enable(self.next_button, not last or (step.is_question and not self.run.revealed),
                     instead=self.previous_button)
        self._enable(self.previous_button, self.run.index > 0, instead=self.next_button)  # nothing before the first
        if step.question:
            self.question.setText(in_language(step.question.prompt, language))
            self.reveal_button.setEnabled(not self.run.revealed or self.run.withdrawn())

    @staticmethod
    def _enable(button: QPushButton, enabled: bool, instead: QPushButton) -> None:
        """Enable or disable ``button``; disabled while it has the focus, it hands the focus to
        ``instead``. Qt gave it to the next widget of the window, the sentence's text box, with
        its text selected: after the last answer, the next key typed replaced the sentence."""
        if not enabled and button.hasFocus():
            instead.setFocus(Qt.FocusReason.OtherFocusReason)
        button.setEnabled(enabled)

    def _show_caption(self) -> None:
        """The step's caption, or its answer for the state on screen, with live values filled in;
        Reveal is offered again when the state on screen is no longer the experiment's."""
        step = self.current_step()
        if step is None:
            return
        language = self._appearance.language
        answer = self._answer_text(step)
        text = answer if answer is not None else self.fill(in_language(step.caption, language))
        if self._elsewhere is not None:
            text = self.tr("This step is on the page “{0}”, and another page is in front: “Show the step” "
                           "brings it back.").format(self._elsewhere())
        if text != self.caption.text():  # the same words need no new layout
            self.caption.setText(text)
        if step.question:
            self.reveal_button.setEnabled(not self.run.revealed or self.run.withdrawn())

    def _counter_text(self, number: int | None) -> str:
        """"step 3 of 13" ("13 steps" before the lesson starts); in the corner, where the caption
        beside needs the width, "3/13"."""
        total = len(self.lesson.steps)
        if number is None:
            return self.tr("{0} steps").format(total)
        return f"{number}/{total}" if self._cornered else self.tr("step {0} of {1}").format(number, total)

    def _show_counter(self) -> None:
        """The step's number, as wide as the widest it gets: from "step 9" to "step 10", and as the
        lesson started, Previous moved beside it (10 px, 17 px), and a quick click could miss."""
        index = self.run.index
        self.counter.setText(self._counter_text(None if index is None else index + 1))
        metrics = QFontMetrics(self.counter.font())
        texts = [self._counter_text(number) for number in (None, *range(1, len(self.lesson.steps) + 1))]
        # The ink + a glyph's edge, or the advance (what QLabel's size hint asks), whichever is wider.
        self.counter.setMinimumWidth(max(max(metrics.boundingRect(text).width() + 2, metrics.horizontalAdvance(text))
                                         for text in texts))

    def _on_scale_changed(self, *_: object) -> None:
        # Presenting is a change of scale too: on stage the buttons leave the corner (or go back).
        if self._buttons_in_corner() != self._cornered:
            self._arrange()
        # Along the bottom (wide) the type is smaller: the stage above needs the height.
        size = 10 if self._wide else 13
        self.path.setFont(scaled_font(self._appearance, 9 if self._wide else 10))
        self.title.setFont(scaled_font(self._appearance, size + 2, bold=True))
        self.caption.setFont(scaled_font(self._appearance, size))
        self.question.setFont(scaled_font(self._appearance, size, bold=True))
        # Along the bottom the question keeps a column's room beside the answer and the buttons: a
        # word-wrapped label gives way to a word a line, and its last lines were cut (in a 1024 px
        # window, once answered, the answer's two thirds of the row left the question 75 px beside
        # Reveal and the class poll's two buttons).
        least = QFontMetrics(self.question.font()).averageCharWidth() * QUESTION_LEAST_CHARACTERS
        self.question.setMinimumWidth(least if self._wide else 0)
        for widget in (self.reveal_button, self.back_button, self.previous_button, self.next_button, self.counter):
            widget.setFont(scaled_font(self._appearance, 10 if self._wide else 11))
        self._show_counter()
