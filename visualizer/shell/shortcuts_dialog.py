"""Help → Keyboard shortcuts: the clicker and editing keys on one printable page."""

from __future__ import annotations

from html import escape
from pathlib import Path

from PySide6.QtCore import QCoreApplication
from PySide6.QtPrintSupport import QPrintDialog, QPrinter
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QFileDialog, QMessageBox, QTextBrowser, QVBoxLayout, QWidget

from visualizer.io.tables import ExportError
from visualizer.keys import groups
from visualizer.ui.file_places import start_path
from visualizer.ui.rendering import save_pdf


def cheat_sheet_html(title: str) -> str:
    """The cheat sheet as HTML (in the app's current language), for the dialog and for printing."""
    parts = [f"<h2>{escape(title)}</h2>"]
    for heading, rows in groups(QCoreApplication.translate):
        parts.append(f"<h3>{escape(heading)}</h3><table cellspacing='0' cellpadding='3'>")
        parts.extend(f"<tr><td width='40%'><b>{escape(keys)}</b></td><td>{escape(text)}</td></tr>"
                     for keys, text in rows)
        parts.append("</table>")
    return "".join(parts)


class ShortcutsDialog(QDialog):
    """Every key of the app from :mod:`visualizer.shell.keys`, with Print and Save as PDF.

    Parameters
    ----------
    parent : QWidget, optional
        The main window.
    """

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("shortcuts_dialog")
        self.browser = QTextBrowser()
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.print_button = self.buttons.addButton("", QDialogButtonBox.ButtonRole.ActionRole)
        self.pdf_button = self.buttons.addButton("", QDialogButtonBox.ButtonRole.ActionRole)
        self.buttons.rejected.connect(self.close)
        self.print_button.clicked.connect(self._on_print)
        self.pdf_button.clicked.connect(self._on_save_pdf)
        layout = QVBoxLayout(self)
        layout.addWidget(self.browser)
        layout.addWidget(self.buttons)
        self.resize(640, 720)
        self.retranslate()

    def retranslate(self) -> None:
        """Re-read the cheat sheet and the buttons in the current language."""
        self.setWindowTitle(self.tr("Keyboard shortcuts"))
        self.browser.setHtml(self.html())
        self.print_button.setText(self.tr("&Print…"))
        self.pdf_button.setText(self.tr("Save as &PDF…"))

    def html(self) -> str:
        """The page shown, printed and saved."""
        return cheat_sheet_html(self.tr("Embeddings visualizer: keyboard shortcuts"))


    def save_pdf(self, path: Path) -> None:
        """Write the cheat sheet as a one-page A4 PDF. Raises ``ExportError``."""
        save_pdf(self.html(), path)

    def _on_save_pdf(self) -> None:
        path_text, _ = QFileDialog.getSaveFileName(self, self.tr("Save the shortcuts as PDF"),
                                                   start_path("shortcuts.pdf"), "*.pdf")
        if not path_text:
            return
        try:
            self.save_pdf(Path(path_text))
        except ExportError as error:
            QMessageBox.warning(self, self.windowTitle(), str(error))

    def _on_print(self) -> None:
        printer = QPrinter(QPrinter.PrinterMode.HighResolution)
        dialog = QPrintDialog(printer, self)
        if dialog.exec() == QDialog.DialogCode.Accepted:
            self.browser.document().print_(printer)
