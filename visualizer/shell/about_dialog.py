"""Help → About: the version, the lesson the app teaches, and the licences of what it is built on.

Everything is in the app itself: the dialog works offline.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape

from PySide6.QtCore import Qt, qVersion
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QVBoxLayout, QWidget

from visualizer import __version__
from visualizer.lesson.file import in_language
from visualizer.lesson.run import Lesson


def component_versions() -> list[tuple[str, str, str]]:
    """(name, version, licence) of each library the app runs on, read from the running modules."""
    import numpy
    import psygnal
    import pyqtgraph
    import PySide6

    return [
        ("Qt", qVersion(), "GNU LGPL v3"),
        ("PySide6 (Qt for Python)", PySide6.__version__, "GNU LGPL v3"),
        ("pyqtgraph", pyqtgraph.__version__, "MIT"),
        ("NumPy", numpy.__version__, "BSD 3-Clause"),
        ("psygnal", psygnal.__version__, "BSD 3-Clause"),
    ]


class AboutDialog(QDialog):
    """Version, lesson and licences, in the app's language.

    Parameters
    ----------
    lesson : Lesson
        The guided lesson (its stage in the course and its steps are named).
    language : callable
        Gives the app's current language code (``"en"`` or ``"pt"``) for the lesson's own texts.
    parent : QWidget, optional
        The main window.
    """

    def __init__(self, lesson: Lesson, language: Callable[[], str], parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("about_dialog")
        self.lesson = lesson
        self.language = language
        self.text = QLabel()
        self.text.setObjectName("about_text")
        self.text.setWordWrap(True)
        self.text.setTextFormat(Qt.TextFormat.RichText)
        self.text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.close)
        layout = QVBoxLayout(self)
        layout.addWidget(self.text)
        layout.addWidget(buttons)
        self.setMinimumWidth(520)
        self.retranslate()

    def retranslate(self) -> None:
        """Re-read every string in the current language."""
        self.setWindowTitle(self.tr("About the embeddings visualizer"))
        language = self.language()
        lesson = self.lesson
        chapter = in_language(lesson.chapters[lesson.current_chapter], language)
        steps = lesson.steps
        rows = "".join(f"<tr><td>{escape(name)} {escape(version)}</td><td>{escape(licence)}</td></tr>"
                       for name, version, licence in component_versions())
        summary = self.tr("How a transformer turns token ids into the matrix X: the lookup E[ids], "
                          "the positions added (or not), and the X every later step reads.")
        taught = self.tr("The lesson: chapter {0} of {1} of the course, “{2}”, in {3} steps, "
                         "from “{4}” to “{5}”.").format(lesson.current_chapter + 1, len(lesson.chapters), chapter,
                                                      len(steps), in_language(steps[0].title, language),
                                                      in_language(steps[-1].title, language))
        built_on = self.tr("This app is free software under the MIT licence. It is built on:")
        lgpl = self.tr("Qt and PySide6 are used under the GNU Lesser General Public License v3: their "
                       "libraries are unmodified, in separate files of the app, and may be replaced by "
                       "other builds of the same version.")
        title = self.tr("Embeddings visualizer")
        self.text.setText(f"<h2>{escape(title)} {escape(__version__)}</h2><p>{escape(summary)}</p>"
                          f"<p>{escape(taught)}</p><p>{escape(built_on)}</p>"
                          f"<table cellspacing='0' cellpadding='2'>{rows}</table><p>{escape(lgpl)}</p>")

