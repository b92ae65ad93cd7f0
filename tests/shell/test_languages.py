"""Both languages, live: every visible string changes with the language, numbers follow it."""

import re

import pytest
from PySide6.QtCore import QPoint
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QComboBox,
    QDockWidget,
    QGroupBox,
    QLabel,
    QLineEdit,
    QTabWidget,
    QWidget,
)

from tests.spec import TOKENS
from tests.stage import step_index
from visualizer.i18n import install_language
from visualizer.shell.view_tabs import VIEWS
from visualizer.toy.vocabulary_table import TITLE_GAP_PX

# Words that are the same in both languages: names, symbols and borrowed technical terms.
NEUTRAL = {
    "rope", "alibi", "nope", "gpt", "bert", "llama", "qwen", "mistral", "gemma", "deepseek", "sgd", "adam",
    "yarn", "zipf", "token", "tokens", "ids", "batch", "query", "key", "scores", "embeddings", "softmax",
    "float32", "one-hot", "small", "ntk", "insert", "delete", "enter", "page", "down", "universal",
} | {t.strip().lower() for t in TOKENS}
WORD = re.compile(r"[A-Za-zÀ-ÿ]{3,}")


def visible_texts(window) -> dict[tuple[str, int], str]:
    """Every string a person can read right now, keyed by widget and slot."""
    texts: dict[tuple[str, int], str] = {("title", 0): window.windowTitle()}
    for i, action in enumerate(window.menuBar().actions()):  # keyed by place: wrappers are not stable
        texts[("menu", 1000 * i)] = action.text()
        if action.menu():
            for j, sub in enumerate(action.menu().actions()):
                texts[("menu", 1000 * i + j + 1)] = sub.text()
    for widget in [window, *window.findChildren(QWidget)]:
        if not widget.isVisible():
            continue
        key = id(widget)
        if isinstance(widget, QLabel):
            texts[("label", key)] = widget.text()
        elif isinstance(widget, QAbstractButton):
            texts[("button", key)] = widget.text()
        elif isinstance(widget, QLineEdit):
            texts[("placeholder", key)] = widget.placeholderText()
        elif isinstance(widget, QComboBox):
            for i in range(widget.count()):
                texts[("combo", key * 100 + i)] = widget.itemText(i)
        elif isinstance(widget, QTabWidget):
            for i in range(widget.count()):
                texts[("tab", key * 100 + i)] = widget.tabText(i)
        elif isinstance(widget, QGroupBox):
            texts[("group", key)] = widget.title()
        elif isinstance(widget, QDockWidget):
            texts[("dock", key)] = widget.windowTitle()
        if widget.toolTip():
            texts[("tooltip", key)] = widget.toolTip()
    return texts


def language_words(text: str) -> set[str]:
    """Words of a text that belong to a language (not names, tokens or symbols)."""
    return {w.lower() for w in WORD.findall(re.sub(r"<[^>]+>", " ", text))} - NEUTRAL


def untranslated(english: dict, portuguese: dict) -> list[str]:
    return sorted({english[k] for k in english.keys() & portuguese.keys()
                   if english[k] == portuguese[k] and language_words(english[k])})


SCENES = [entry.name for entry in VIEWS]


@pytest.mark.parametrize("scene", SCENES)
def test_every_visible_string_is_translated_both_ways(window, scene):
    window.go_to_step(step_index("swap-none"))  # the lesson panel at a predict-then-reveal question
    window.tabs.show_view(window.view(scene))
    if scene == "rope_clock":
        window.view("rope_clock").controls.lesson_button.click()
    if scene == "gradient_lab":
        window.lab.set_tied(True)
        window.lab.set_optimizer("adam")
    english = visible_texts(window)
    window.set_language("pt")
    portuguese = visible_texts(window)
    assert untranslated(english, portuguese) == []
    window.set_language("en")
    assert visible_texts(window) == english  # and back: no Portuguese left under English


def test_numbers_follow_the_language_everywhere(window):
    window.set_language("pt")
    assert window.x_panel.result.cell_texts()[1] == ["1,5", "−0,5", "−0,5", "−0,5"]
    assert window.vocabulary.table_model.index(2, 3).data() == "−0,5"
    ticks = window.x_panel.colour_bar.axis._tickLevels[0]
    assert ("−0,5" in [label for _, label in ticks]) and ("-0.5" not in [label for _, label in ticks])
    window.go_to_step(2)
    assert "[1,5;\u00a0−0,5;\u00a0−0,5;\u00a0−0,5]" in window.lesson_panel.caption.text()  # never broken
    window.x_panel.finish_build()
    window.set_language("en")
    assert window.x_panel.result.cell_texts()[1] == ["1.5", "-0.5", "-0.5", "-0.5"]


def test_undo_menu_speaks_the_language(window):
    window.model.move_token(2, 1)
    window.set_language("pt")
    assert window.action_table["undo"].text() == "&Desfazer mover ␣sub para a posição 2"
    window.set_language("en")
    assert window.action_table["undo"].text() == "&Undo move ␣sub to position 2"


def test_unknown_language_is_refused():
    with pytest.raises(ValueError, match="unknown language"):
        install_language("fr")


def test_spin_boxes_write_numbers_in_the_language(window):
    window.set_language("pt")
    lab = window.view("gradient_lab")
    assert lab.learning_rate.text() == "0,050"
    assert lab.real_scale.vocabulary.text() == "50.257"
    window.set_language("en")
    assert lab.learning_rate.text() == "0.050"
    assert lab.real_scale.vocabulary.text() == "50,257"


def test_common_mistakes_are_explained_in_portuguese(window):
    from tests.conftest import type_text

    window.set_language("pt")
    table = window.vocabulary.table_model
    table.setData(table.index(0, 2), "abc")
    assert window.vocabulary.message.text() == "E[0, 0] manteve o valor: 'abc' não é um número"
    table.setData(table.index(0, 2), "nan")
    assert window.vocabulary.message.text() == "E[0, 0] manteve o valor: 'nan' não é um número finito"
    line = window.text_input.line_edit
    line.clear()
    type_text(line, "o" * 33)
    line.returnPressed.emit()
    assert window.text_input.message.text() == "33 tokens são mais do que o app mostra (32 no máximo)"
    window.set_language("en")


@pytest.mark.parametrize("language", ["en", "pt"])
@pytest.mark.parametrize("size", [(1024, 768), (1400, 900)])
def test_the_vocabulary_title_keeps_clear_of_the_scheme_title_beside_it(window, language, size):
    """Wrapped up to the splitter, the title's last word ran on into "Esquema de posição" beside it:
    "… os valores do Esquema de posição" read as one sentence."""
    window.resize(*size)
    window.set_language(language)
    window.go_to_step(step_index("swap-none"))
    QApplication.processEvents()
    title, schemes = window.vocabulary.title, window.scheme_selector
    assert schemes.isVisible() and schemes.title()
    text_ends = title.mapTo(window, title.contentsRect().topRight()).x()
    schemes_begin = schemes.mapTo(window, QPoint(0, 0)).x()
    assert schemes_begin - text_ends >= TITLE_GAP_PX, (text_ends, schemes_begin)
