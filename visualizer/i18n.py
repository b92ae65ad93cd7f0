"""Languages: English (the source strings) and Brazilian Portuguese, through Qt Linguist files."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QTranslator

from visualizer.core.problems import PROBLEMS, TranslatableError
from visualizer.languages import LANGUAGES, SOURCE_LANGUAGE
from visualizer.resources import resource

__all__ = ["LANGUAGES", "explain", "install_language", "locale_for", "system_language"]

_installed: list[QTranslator] = []


def system_language() -> str:
    """``pt`` when the system locale is Portuguese, else ``en``."""
    return "pt" if QLocale.system().language() == QLocale.Language.Portuguese else "en"


def translation_file(language: str) -> Path:
    """The compiled Qt Linguist file of ``language`` (``resources/i18n/visualizer_pt.qm``)."""
    return resource("i18n", f"visualizer_{language}.qm")


def install_language(language: str) -> bool:
    """Make ``language`` the app's language (call before retranslating the views).

    Returns False (and stays in English) if the translation file cannot be loaded.
    """
    if language not in LANGUAGES:
        raise ValueError(f"unknown language {language!r}; choose {' or '.join(LANGUAGES)}")
    app = QCoreApplication.instance()
    assert app is not None, "install a language after the QApplication exists"
    for translator in _installed:
        app.removeTranslator(translator)
    _installed.clear()
    if language == SOURCE_LANGUAGE:
        return True
    ours = QTranslator()
    if not ours.load(str(translation_file(language))):
        return False
    # Qt's standard dialogs and buttons. "qtbase", not the "qt" meta catalogue: that one also names
    # the add-on modules' files, which PySide6-Essentials (and the standalone build) do not ship, and
    # then it does not load at all.
    qt_own = QTranslator()
    if qt_own.load(locale_for(language), "qtbase", "_",
                   QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)):
        app.installTranslator(qt_own)
        _installed.append(qt_own)
    app.installTranslator(ours)
    _installed.append(ours)
    return True


def locale_for(language: str) -> QLocale:
    """The Qt locale of a language: English numbers (1,000.5) or Brazilian ones (1.000,5)."""
    if language == "pt":
        return QLocale(QLocale.Language.Portuguese, QLocale.Country.Brazil)
    return QLocale(QLocale.Language.English, QLocale.Country.UnitedStates)


def explain(error: BaseException) -> str:
    """The message of ``error`` in the app's language (English for errors without a template)."""
    if not isinstance(error, TranslatableError):
        return str(error)
    template = QCoreApplication.translate(PROBLEMS, error.template)
    if not error.values:
        return template
    # A problem inside a problem (a session's value that the model refused) is said in the language too.
    values = {key: explain(value) if isinstance(value, TranslatableError) else value
              for key, value in error.values.items()}
    try:
        return template.format(**values)
    except (KeyError, IndexError, ValueError):  # a translation that lost a field: say it in English
        return str(error)
