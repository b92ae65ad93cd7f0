"""Runs the real main window on an X display for the end-to-end tests (not a test itself).

``harness.py FOLDER`` builds a bare ``MainWindow`` at (0, 0), 1280 × 860;
``harness.py FOLDER --app ARGS…`` runs the app itself (``visualizer.app.main(ARGS)``: the user's
settings in the test's private home, the autosave, the question on quitting).

Writes ``ready.json`` (the chips' screen positions and where the window's controls are) into
FOLDER once the window has settled, then waits. When the test creates ``snapshot`` there, it
exports X as JSON and a screenshot; for ``snapshot-NAME`` it exports X as ``NAME.json``; for
``state-NAME`` it writes the window's state (geometry, minimum size, the screen, E, the text box,
the bars, where the controls are) as ``NAME.state.json``; each request is removed once answered.
When the test creates ``done``, it writes the window's state and quits.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, QEvent, QRect, QTimer

# The checkout this file is in, first: run as a script, Python would find the package wherever it
# was installed (another checkout's, with `pip install -e`), and the window tested would not be this one's.
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from PySide6.QtWidgets import QApplication, QFileDialog, QMessageBox, QPushButton, QWidget


def box(widget: QWidget, rect: QRect | None = None) -> list[int]:
    """``rect`` of ``widget`` (default: all of it) on the screen: [x, y, width, height]."""
    rect = rect if rect is not None else widget.rect()
    top_left = widget.mapToGlobal(rect.topLeft())
    return [top_left.x(), top_left.y(), rect.width(), rect.height()]


def places(window: Any) -> dict[str, list[int]]:
    """Where a person would click: chips, E's cells, tabs, buttons (screen boxes)."""
    found: dict[str, list[int]] = {}
    strip = window.token_strip
    for position in range(window.model.n):
        found[f"chip {position}"] = box(strip.viewport(), strip.visualRect(strip.strip_model.index(position)))
    table = window.vocabulary.view
    for token_id in range(window.model.V):
        for dim in range(window.model.d):
            rect = table.visualRect(window.vocabulary.table_model.index(token_id, 2 + dim))
            found[f"E[{token_id}, {dim}]"] = box(table.viewport(), rect)
    bar = window.tabs.tabBar()
    for index in range(window.tabs.count()):
        if window.tabs.isTabVisible(index):
            found[f"tab {window.tabs.tabText(index).replace('&', '')}"] = box(bar, bar.tabRect(index))
    page = window.model_menu.page
    if page is not None and page.isVisible():
        found["real text box"] = box(page.text)
        for row in range(page.strip.count()):
            found[f"real chip {row}"] = box(page.strip.viewport(), page.strip.visualItemRect(page.strip.item(row)))
    # The lesson's band or dock, and the first run's "Got it": what a zoom step laid out past the
    # window's edge (tests/e2e/test_window_holds.py).
    if window.lesson_dock.isVisible():
        found["lesson"] = box(window.lesson_dock)
    hint = window.findChild(QPushButton, "dismiss_hint")
    if hint is not None and hint.isVisible():
        found["got it"] = box(hint)
    # The lesson editor's buttons and its English title field (tests/e2e/test_lesson_editor.py).
    editor = window.authoring.editor if window.authoring.editor_shown() else None
    if editor is not None:
        for name in ("add_after", "undo_button", "redo_button", "delete"):
            found[f"editor {name}"] = box(getattr(editor, name))
        found["editor title en"] = box(editor.form.field("title", "en"))
    for name, widget in (("restore", window.restore_bar.restore_button), ("discard", window.restore_bar.discard_button),
                         ("dismiss", window.problem_bar.dismiss_button), ("text box", window.text_input.line_edit),
                         ("previous", window.lesson_panel.previous_button), ("next", window.lesson_panel.next_button)):
        if widget.isVisible():
            found[name] = box(widget)
    return found


def lesson_lines_cut(window: Any) -> list[str]:
    """The lesson's texts that lose a line or a word in their label (``tests.stage``'s rule)."""
    from tests.stage import assert_labels_whole, visible_labels

    cut = []
    for label in visible_labels(window.lesson_panel):
        try:
            assert_labels_whole([label])
        except AssertionError:
            cut.append(label.text())
    return cut


def laid_out() -> None:
    """Finish the layouts still on their way: a change is laid out one level a turn of the event
    loop (each level posts the next its request), and a request answered between two turns read
    places that were about to move (a double click on E[1, 0] after Ctrl+0 landed on E[2, 0])."""
    for _ in range(12):  # deeper than any chain of layouts in the window
        QCoreApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)


def state(window: Any) -> dict[str, Any]:
    """What the tests read back from the running window, its layouts finished."""
    laid_out()
    frame, geometry = window.frameGeometry(), window.geometry()
    screen = window.screen()
    real = window.model_menu.real_model
    return {
        "frame": [frame.x(), frame.y(), frame.width(), frame.height()],
        "geometry": [geometry.x(), geometry.y(), geometry.width(), geometry.height()],
        "minimum": [window.minimumSize().width(), window.minimumSize().height()],
        "minimum_hint": [window.minimumSizeHint().width(), window.minimumSizeHint().height()],
        "available": box_of(screen.availableGeometry()),
        "screen": box_of(screen.geometry()),
        "scale": window.appearance.scale,
        "ids": list(window.model.ids),
        "E": window.model.E.tolist(),
        "scheme": window.model.scheme,
        "text_box": window.text_input.line_edit.text(),
        "text_message": window.text_input.message.text(),
        "restore_bar": window.restore_bar.isVisible(),
        "vocabulary_message": window.vocabulary.message.text(),
        "question": modal.text() if isinstance(modal := QApplication.activeModalWidget(), QMessageBox) else None,
        "file_dialog": modal.windowTitle() if isinstance(modal, QFileDialog) else None,
        "undo": window.action_table["undo"].text().replace("&", ""),
        "lesson": {"shown": window.lesson_dock.isVisible(), "step": window.lesson_run.index,
                   "revealed": window.lesson_run.revealed, "steps": len(window.lesson_run.lesson.steps),
                   "title": window.lesson_panel.title.text()},
        "recent": window.documents.recent_files(),
        "session_path": None if window.documents.session_path is None else str(window.documents.session_path),
        "problem": window.problem_bar.text(),
        "modified": window.isWindowModified(),
        "tab": window.tabs.tabText(window.tabs.currentIndex()).replace("&", ""),
        "real_ids": list(real.ids) if real.checkpoint is not None else None,
        "places": places(window),
        "lesson_cut": lesson_lines_cut(window),
        "platform": QApplication.platformName(),
    }


def box_of(rect: QRect) -> list[int]:
    return [rect.x(), rect.y(), rect.width(), rect.height()]


def write(path: Path, data: object) -> None:
    """Whole or not at all: the test reads the file as soon as it exists."""
    partial = path.with_suffix(".partial")
    partial.write_text(json.dumps(data))
    partial.rename(path)


def main_window() -> Any:
    from visualizer.shell.main_window import MainWindow

    for widget in QApplication.topLevelWidgets():
        if isinstance(widget, MainWindow) and widget.isVisible():
            return widget
    return None


def watch(folder: Path, app: QApplication, settle_ms: int = 1500) -> QTimer:
    """Answer the test's requests in ``folder`` (see the module's docstring) every 100 ms, the first
    ``settle_ms`` after the window is shown."""
    reported = []

    def report(window: Any) -> None:
        ready = {"chips": [], "state": state(window)}
        strip = window.token_strip
        for position in range(window.model.n):
            rect = strip.visualRect(strip.strip_model.index(position))
            centre = strip.viewport().mapToGlobal(rect.center())
            left = strip.viewport().mapToGlobal(rect.topLeft())
            ready["chips"].append({"centre": [centre.x(), centre.y()], "left": [left.x(), centre.y()]})
        window.grab().save(str(folder / "before.png"))
        strip_box = strip.geometry().translated(strip.parentWidget().mapTo(window, strip.pos()) - strip.pos())
        ready["strip"] = [strip_box.x(), strip_box.y(), strip_box.width(), strip_box.height()]
        write(folder / "ready.json", ready)

    def poll() -> None:
        window = main_window()
        if window is None:
            return
        if not reported:
            reported.append(True)
            QTimer.singleShot(settle_ms, lambda: report(window))  # after the first paint and layout have settled
            return
        if (folder / "snapshot").exists() and not (folder / "after.json").exists():
            window.exports.export(folder / "after.json")
            window.grab().save(str(folder / "after.png"))
        for request in sorted(folder.glob("snapshot-*")):
            window.exports.export(folder / f"{request.name.removeprefix('snapshot-')}.json")
            request.unlink()
        for request in sorted(folder.glob("state-*")):
            write(folder / f"{request.name.removeprefix('state-')}.state.json", state(window))
            request.unlink()
        if (folder / "done").exists():
            (folder / "state.json").write_text(json.dumps(
                {"presenting": window.presentation.presenting, "step": window.lesson_panel.index,
                 "platform": QApplication.platformName()}))
            window.close()
            app.quit()

    timer = QTimer()
    timer.timeout.connect(poll)
    timer.start(100)
    return timer


def main() -> int:
    folder = Path(sys.argv[1])
    app = QApplication(sys.argv[:1])
    app_mode = sys.argv[2:3] == ["--app"]
    # The app's tests read every place afresh (state-NAME): they need the window shown, not settled.
    timer = watch(folder, app, 700 if app_mode else 1500)
    if app_mode:
        from visualizer.app import main as run_app

        status = run_app(sys.argv[3:])
        timer.stop()
        return status
    from visualizer.shell.main_window import MainWindow

    window = MainWindow()
    window.move(0, 0)
    window.resize(1280, 860)
    window.show()
    window.activateWindow()
    status = app.exec()
    timer.stop()
    return status


if __name__ == "__main__":
    raise SystemExit(main())
