"""Languages: English (the source strings) and Brazilian Portuguese, through Qt Linguist files."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QTranslator

from .resources import resource

LANGUAGES = {"en": "English", "pt": "Português (Brasil)"}
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
    for translator in _installed:
        app.removeTranslator(translator)
    _installed.clear()
    if language == "en":
        return True
    ours = QTranslator()
    if not ours.load(str(translation_file(language))):
        return False
    # Qt's standard dialogs and buttons. "qtbase", not the "qt" meta catalogue: that one also names
    # the add-on modules' files, which PySide6-Essentials (and the standalone build) do not ship, and
    # then it does not load at all.
    qt_own = QTranslator()
    if qt_own.load(QLocale(QLocale.Language.Portuguese, QLocale.Country.Brazil), "qtbase", "_",
                   QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)):
        app.installTranslator(qt_own)
        _installed.append(qt_own)
    app.installTranslator(ours)
    _installed.append(ours)
    return True
