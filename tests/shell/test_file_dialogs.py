"""Every file dialog opens in the user's documents folder (or home), never in the folder the app
was started from: run from a checkout, the Save dialog opened among the program's own files."""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import QStandardPaths
from PySide6.QtWidgets import QFileDialog

from visualizer.ui.file_places import start_path

DIALOGS = ("getSaveFileName", "getOpenFileName", "getExistingDirectory")


def test_the_start_is_the_documents_folder_else_home(_private_home):
    assert start_path() == str(_private_home)  # no Documents folder yet
    documents = Path(QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation))
    documents.mkdir(parents=True)
    assert documents.parent == _private_home
    assert start_path("lesson.json") == str(documents / "lesson.json")


def test_every_dialog_of_the_menus_starts_there(window, monkeypatch, _private_home):
    starts: list[tuple[str, str]] = []

    def recorder(name: str):
        def dialog(_parent, _title, start="", *_rest):
            starts.append((name, start))
            return "" if name == "getExistingDirectory" else ("", "")  # the teacher cancels
        return staticmethod(dialog)

    for name in DIALOGS:
        monkeypatch.setattr(QFileDialog, name, recorder(name))
    documents, exports = window.documents, window.exports
    # (The poll's "save the counts" asks only once a poll ran: no network here to open one.)
    asks = (documents.ask_open, documents.ask_save_as, exports.ask_export_x, exports.ask_export_arrays,
            exports.ask_export_latex, exports.ask_export_handout, lambda: exports.ask_export_view(1),
            window.model_menu.open_action.trigger)
    for ask in asks:
        ask()
    assert len(starts) == len(asks)
    for name, start in starts:
        assert Path(start) == _private_home or Path(start).parent == _private_home, (name, start)
        assert not start.startswith(os.getcwd()), (name, start)
