"""The class poll's pictures for the README, made by the app's own window.

    QT_QPA_PLATFORM=offscreen .venv/bin/python tools/poll_pictures.py resources/screenshots

Writes poll-projector.png (the window as ``main.py --screenshot --presentation --size 1024x768
--step N --poll`` shows the swap with positions while phones answer) and poll-practice.png (the lesson's column of the
ordinary window, offline practice after a wrong choice). The projector shows an example classroom
address and count (a fixed example token, so that the picture changes only when the app does): a
real one is this laptop's Wi-Fi address, chosen when the poll opens. The phone's pictures and the
projector after the reveal come from the browser test (tests/e2e/test_phone_browser.py with
VISUALIZER_POLL_PICTURES set; ``make screenshots`` runs both).
"""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import QPoint
from PySide6.QtWidgets import QApplication

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

EXAMPLE_ADDRESS = "http://192.168.0.12:8765/k7q2m4xv5n3wz6ta2hq4rb7ceu/"
"""An example of what a classroom sees (the same each time, so the picture only changes with the app)."""
EXAMPLE_COUNT = 23


def main(folder: Path) -> None:
    from visualizer import app as command_line
    from visualizer.appearance import Appearance
    from visualizer.lesson.run import load_lesson
    from visualizer.model import EmbeddingModel

    _app = QApplication.instance() or QApplication([])

    def window_for(*arguments: str):
        args = command_line.parse_arguments([*arguments, "--poll-interface", "127.0.0.1", "--lang", "en"])
        model = EmbeddingModel(text=args.text, scheme=args.scheme)
        command_line._go_to_step(model, command_line.load_bundled_lesson(), args.step, args.reveal)
        return command_line.open_window(model, Appearance(language="en"), None, args)

    # The swap with positions, numbered as the command line counts steps (from 1).
    swap_learned = str(1 + [step.id for step in load_lesson().steps].index("swap-learned"))
    projector = window_for("--screenshot", "x.png", "--presentation", "--size", "1024x768", "--step", swap_learned,
                           "--poll")
    assert command_line.start_poll(projector), projector.class_poll.problem
    stage = projector.class_poll.band.join_panel
    stage.set_address(EXAMPLE_ADDRESS)  # what the controller would show on a classroom's Wi-Fi
    stage.set_count(EXAMPLE_COUNT)
    command_line.window_picture(projector, (1024, 768)).save(str(folder / "poll-projector.png"))
    projector.close()

    window = window_for("--screenshot", "x.png", "--size", "1400x900", "--step", swap_learned)
    part = window.class_poll
    part.practice_button.click()
    command_line.window_picture(window, (1400, 900))
    assert part.practice is not None
    part.practice.choose(0)  # the old row: the misconception the "why" answers
    picture = command_line.window_picture(window, (1400, 900))
    column = window.lesson_dock.geometry().united(part.band.geometry())
    practice = part.practice
    bottom = practice.mapTo(window, QPoint(0, practice.heightForWidth(practice.width()))).y() + 8
    column.setBottom(min(column.bottom(), bottom))  # down to the feedback, not the empty column below
    picture.copy(column).save(str(folder / "poll-practice.png"))
    window.close()


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "resources" / "screenshots")
