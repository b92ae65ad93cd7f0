"""Runs the real main window on an X display for the end-to-end test (not a test itself).

Writes ``ready.json`` (the chips' screen positions) into the folder given as argument, then
waits. When the test creates ``snapshot`` there, it exports X as JSON and a screenshot; for
``snapshot-NAME`` it exports X as ``NAME.json`` and removes the request; when the test creates
``done``, it writes the window's state and quits.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

from visualizer.shell import MainWindow


def main() -> int:
    folder = Path(sys.argv[1])
    app = QApplication(sys.argv[:1])
    window = MainWindow()
    window.move(0, 0)
    window.resize(1280, 860)
    window.show()
    window.activateWindow()

    def report() -> None:
        strip = window.token_strip
        chips = []
        for position in range(window.model.n):
            rect = strip.visualRect(strip.strip_model.index(position))
            centre = strip.viewport().mapToGlobal(rect.center())
            left = strip.viewport().mapToGlobal(rect.topLeft())
            chips.append({"centre": [centre.x(), centre.y()], "left": [left.x(), centre.y()]})
        window.grab().save(str(folder / "before.png"))
        strip_box = strip.geometry().translated(strip.parentWidget().mapTo(window, strip.pos()) - strip.pos())
        (folder / "ready.json").write_text(json.dumps(
            {"chips": chips, "strip": [strip_box.x(), strip_box.y(), strip_box.width(), strip_box.height()]}))

    def poll() -> None:
        if (folder / "snapshot").exists() and not (folder / "after.json").exists():
            window.exports.export(folder / "after.json")
            window.grab().save(str(folder / "after.png"))
        for request in sorted(folder.glob("snapshot-*")):
            window.exports.export(folder / f"{request.name.removeprefix('snapshot-')}.json")
            request.unlink()
        if (folder / "done").exists():
            (folder / "state.json").write_text(json.dumps(
                {"presenting": window.presentation.presenting, "step": window.lesson_panel.index,
                 "platform": QApplication.platformName()}))
            window.close()
            app.quit()

    QTimer.singleShot(1500, report)  # after the first paint and layout have settled
    timer = QTimer()
    timer.timeout.connect(poll)
    timer.start(100)
    return app.exec()


if __name__ == "__main__":
    raise SystemExit(main())
