"""The texts of one lesson step, in every language of the app, and the kind of its question.

A widget of values (magicgui's way): :meth:`StepForm.show_step` sets what it shows, and the
teacher's edits leave as signals; the lesson editor turns them into changes of the lesson. Each
text has one field per language. A language the step is not written in shows, greyed in the
empty field, the text the class sees instead and says so: never a blank.
"""

from __future__ import annotations

from collections.abc import Iterator

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from visualizer.languages import LANGUAGES
from visualizer.lesson.file import LessonStep, Texts
from visualizer.lesson.kinds import KINDS

Field = QLineEdit | QPlainTextEdit
LONG_TEXT_LINES = 3
"""A caption, a prompt or an explanation shows this many lines before it scrolls."""


class StepForm(QWidget):
    """One step's title, caption and question, one field per language.

    Signals
    -------
    text_edited : (str, str, str)
        The teacher typed: (the text's name as :func:`~visualizer.authoring.edits.with_text` takes
        it, the language, the whole new text).
    kind_chosen : (str)
        Another kind of question was chosen ("" for none).
    answer_wanted : (bool)
        The teacher asks to see (or hide) the question's right choice before its reveal.
    """

    text_edited = Signal(str, str, str)
    kind_chosen = Signal(str)
    answer_wanted = Signal(bool)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("step_form")
        self._step: LessonStep | None = None
        self._filling = False  # set while show_step writes the fields: those are not the teacher's edits
        self.fields: dict[tuple[str, str], Field] = {}
        self.pending: set[tuple[str, str]] = set()
        """Fields whose text the lesson refused: they keep what the teacher typed, to be corrected."""
        self._labels: dict[str, QLabel] = {}
        self.shows = QLabel()
        self.shows.setObjectName("step_shows")
        self.shows.setWordWrap(True)
        self.shows.setTextFormat(Qt.TextFormat.PlainText)
        self.kind = QComboBox()
        self.kind.setObjectName("question_kind")
        self.kind.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.kind.setMinimumContentsLength(12)
        self.kind.addItem("", "")
        for name in KINDS:
            self.kind.addItem("", name)
        self.kind.activated.connect(self._on_kind_activated)
        # No answer shows before its reveal, not even here: the laptop's screen may be the projector's.
        self.show_answer = QCheckBox()
        self.show_answer.setObjectName("show_answer")
        self.show_answer.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)  # the dock decides
        self.show_answer.toggled.connect(self.answer_wanted)
        self.now = QLabel()
        self.now.setObjectName("question_now")
        self.now.setWordWrap(True)
        self.now.setTextFormat(Qt.TextFormat.PlainText)
        self._texts = QWidget()
        self._texts_layout = QFormLayout(self._texts)
        self._texts_layout.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapAllRows)
        self._texts_layout.setContentsMargins(0, 0, 0, 0)
        self._question = QWidget()
        self._question_layout = QFormLayout(self._question)
        self._question_layout.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapAllRows)
        self._question_layout.setContentsMargins(0, 0, 0, 0)
        self._kind_label = QLabel()
        column = QVBoxLayout(self)
        column.addWidget(self.shows)
        column.addWidget(self._texts)
        column.addWidget(self._kind_label)
        column.addWidget(self.kind)
        column.addWidget(self.show_answer)
        column.addWidget(self.now)
        column.addWidget(self._question)
        column.addStretch(1)
        self._add_texts(self._texts_layout, ("title", "caption"))
        self.retranslate()

    # ---- what it shows -------------------------------------------------------------------------

    def show_step(self, step: LessonStep, shows: str, now: str) -> None:
        """Show ``step``'s texts (a field in :attr:`pending` keeps what the teacher typed), ``shows``
        (what the step puts on screen) and ``now`` (the question's answer for its state)."""
        names = self._question_names(step)
        rebuild = self._step is None or names != self._question_names(self._step)
        if self._step is not None and self._step.id != step.id:
            self.show_answer.setChecked(False)  # another step: its answer stays hidden until asked
        self._step = step
        if rebuild:
            self._rebuild_question(names)
        self._filling = True
        try:
            for (name, language), field in self.fields.items():
                texts = self.texts_of(step, name)
                field.setPlaceholderText(self._stand_in(texts, language))
                written, typed = texts.get(language, ""), _text(field)
                # Blanks typed where the step has no text are the same nothing: the cursor stays.
                if (name, language) not in self.pending and typed != written and (typed.strip() or written):
                    _set_text(field, written)
            index = self.kind.findData(step.question.kind if step.question is not None else "")
            self.kind.setCurrentIndex(index)
        finally:
            self._filling = False
        self.shows.setText(shows)
        self.now.setText(now)
        self.now.setVisible(bool(now))
        self.show_answer.setVisible(step.question is not None)
        self._question.setVisible(step.question is not None)

    @staticmethod
    def texts_of(step: LessonStep, name: str) -> Texts:
        """The texts (by language) of ``step`` named ``name`` (``title``, ``choices.0``, …)."""
        head, _, rest = name.partition(".")
        if head == "title":
            return step.title
        if head == "caption":
            return step.caption
        question = step.question
        assert question is not None, name
        if head == "prompt":
            return question.prompt
        if head == "choices":
            return question.choices[int(rest)].text
        return question.outcomes[rest]

    def field(self, name: str, language: str) -> Field:
        """The field of text ``name`` in ``language``."""
        return self.fields[(name, language)]

    # ---- language --------------------------------------------------------------------------------

    def retranslate(self) -> None:
        """Re-read every visible string in the current language."""
        translate = QCoreApplication.translate  # the kinds' titles are marked in their modules
        for index in range(self.kind.count()):
            name = self.kind.itemData(index)
            self.kind.setItemText(index, translate("QuestionKinds", KINDS[name].title) if name
                                  else self.tr("Not a question: a step to look at"))
        self._kind_label.setText(self.tr("Question"))
        self.show_answer.setText(self.tr("Show its answer here"))
        self.show_answer.setToolTip(self.tr("The right choice and the answer, before the class sees them revealed"))
        for name, label in self._labels.items():
            label.setText(self._title_of(name))
        if self._step is not None:
            for (name, language), field in self.fields.items():
                field.setPlaceholderText(self._stand_in(self.texts_of(self._step, name), language))

    def _title_of(self, name: str) -> str:
        head, _, rest = name.partition(".")
        if head == "title":
            return self.tr("Title")
        if head == "caption":
            return self.tr("Caption (may name live values: {ids}, {x1}, {V}, …)")
        if head == "prompt":
            return self.tr("What the class is asked")
        if head == "choices":
            return self.tr("Choice {0}").format(chr(ord("A") + int(rest)))
        return self.tr("The answer when the outcome is “{0}”").format(rest)

    def _stand_in(self, texts: Texts, language: str) -> str:
        """What an empty field of ``language`` says: the text the class sees instead, marked."""
        if language in texts:
            return ""
        other = next((code for code in LANGUAGES if code in texts), None)
        if other is None:
            return ""
        return self.tr("Not written in {0}: the class sees the {1} text, “{2}”").format(
            LANGUAGES[language], LANGUAGES[other], texts[other])

    # ---- fields --------------------------------------------------------------------------------

    @staticmethod
    def _question_names(step: LessonStep | None) -> tuple[str, ...]:
        if step is None or step.question is None:
            return ()
        question = step.question
        return ("prompt", *(f"choices.{number}" for number in range(len(question.choices))),
                *(f"outcomes.{outcome}" for outcome in question.outcomes))

    def _rebuild_question(self, names: tuple[str, ...]) -> None:
        self.pending = {key for key in self.pending if key[0] in ("title", "caption")}
        for key in [key for key in self.fields if key[0] not in ("title", "caption")]:
            del self.fields[key]
            self._labels.pop(key[0], None)
        while self._question_layout.rowCount():  # removing a row deletes its label and fields
            self._question_layout.removeRow(0)
        self._add_texts(self._question_layout, names)
        self.retranslate()

    def _add_texts(self, layout: QFormLayout, names: tuple[str, ...]) -> None:
        for name in names:
            label = QLabel()
            label.setWordWrap(True)
            self._labels[name] = label
            column = QWidget()
            rows = QFormLayout(column)
            rows.setContentsMargins(0, 0, 0, 0)
            for language in LANGUAGES:
                field = self._make_field(name, language)
                tag = QLabel(language.upper())
                tag.setToolTip(LANGUAGES[language])
                rows.addRow(tag, field)
            layout.addRow(label, column)

    def _make_field(self, name: str, language: str) -> Field:
        field: Field
        if name == "title" or name.startswith("choices."):
            field = QLineEdit()
            field.textChanged.connect(lambda text, n=name, code=language: self._on_edited(n, code, text))
        else:
            field = QPlainTextEdit()
            field.setTabChangesFocus(True)
            lines = QFontMetrics(field.font()).lineSpacing() * LONG_TEXT_LINES
            field.setFixedHeight(lines + 2 * field.frameWidth() + 8)
            field.textChanged.connect(
                lambda n=name, code=language, edit=field: self._on_edited(n, code, edit.toPlainText()))
        field.setObjectName(f"text:{name}:{language}")
        field.setAccessibleName(f"{name} ({LANGUAGES[language]})")
        self.fields[(name, language)] = field
        return field

    def _on_edited(self, name: str, language: str, text: str) -> None:
        if not self._filling:
            self.text_edited.emit(name, language, text)

    def _on_kind_activated(self, index: int) -> None:
        self.kind_chosen.emit(str(self.kind.itemData(index)))

    def all_fields(self) -> Iterator[Field]:
        """Every text field, in order."""
        yield from self.fields.values()


def _text(field: Field) -> str:
    return field.text() if isinstance(field, QLineEdit) else field.toPlainText()


def _set_text(field: Field, text: str) -> None:
    if isinstance(field, QLineEdit):
        field.setText(text)
        field.setCursorPosition(0)  # a long title shows its start, not its end
    else:
        field.setPlainText(text)


__all__ = ["StepForm"]
