"""Help → Keyboard shortcuts (F1, printable on one page) and Help → About, in both languages."""

import re

from PySide6.QtCore import Qt

from tests.conftest import close_widget
from visualizer import __version__


def help_menu(window):
    return window.action_table.menus["help"]


def test_help_is_in_the_menu_bar_with_its_two_entries(window):
    menu = help_menu(window)
    assert menu.menuAction() in window.menuBar().actions()
    assert menu.title() == "&Help"
    assert [action.text() for action in menu.actions()] == ["&Keyboard shortcuts", "&About"]


def test_f1_opens_the_cheat_sheet_even_while_presenting(window, qtbot):
    window.presentation.set_presenting(True, full_screen=False)
    assert not window.menuBar().isVisible()
    qtbot.keyClick(window, Qt.Key.Key_F1)
    dialog = window.help.shortcuts_dialog
    assert dialog is not None and dialog.isVisible()
    text = dialog.browser.toPlainText()
    for expected in ("Page Down or Right arrow", "F5", "Black out the screen", "Ctrl+Shift+Z", "Delete"):
        assert expected in text
    close_widget(dialog)
    window.presentation.set_presenting(False)


def test_the_cheat_sheet_prints_on_one_page(window, tmp_path):
    dialog = window.help.show_shortcuts()
    pdf = tmp_path / "shortcuts.pdf"
    dialog.save_pdf(pdf)
    data = pdf.read_bytes()
    assert data.startswith(b"%PDF")
    assert len(re.findall(rb"/Type\s*/Page\b(?!s)", data)) == 1
    close_widget(dialog)


def test_about_names_version_lesson_and_licences(window):
    dialog = window.help.show_about()
    text = dialog.text.text()
    assert __version__ in text
    steps = len(window.lesson_run.lesson.steps)
    assert "chapter 2 of 7" in text and "“Embeddings”" in text and f"{steps} steps" in text
    for licence in ("Qt", "PySide6", "GNU LGPL v3", "pyqtgraph", "MIT", "NumPy", "BSD 3-Clause", "psygnal"):
        assert licence in text
    assert "http" not in text  # nothing to fetch: it works offline
    close_widget(dialog)


def test_help_follows_the_language_live(window, qtbot):
    menu = help_menu(window)
    shortcuts, about = window.help.show_shortcuts(), window.help.show_about()
    window.set_language("pt")
    qtbot.waitUntil(lambda: menu.title() == "A&juda")
    assert "Próxima etapa da aula" in shortcuts.browser.toPlainText()
    assert "Seta para a direita" in shortcuts.browser.toPlainText()
    # The course's step is a "passo", as its page says; the app's own steps are its "etapas".
    assert "passo 2 de 7" in about.text.text() and "Um id é só um nome" in about.text.text()
    window.set_language("en")
    qtbot.waitUntil(lambda: menu.title() == "&Help")
    assert "Next lesson step" in shortcuts.browser.toPlainText()
    close_widget(shortcuts)
    close_widget(about)


def test_qt_own_buttons_speak_portuguese_too(window, qtbot):
    from PySide6.QtWidgets import QDialogButtonBox

    window.set_language("pt")
    dialog = window.help.show_shortcuts()
    close = dialog.buttons.button(QDialogButtonBox.StandardButton.Close)
    assert close.text().replace("&", "") == "Fechar"  # from Qt's own qtbase_pt_BR.qm
    window.set_language("en")
    close_widget(dialog)
