"""The class poll's pictures for the README, made by its widgets (until the poll is wired into the
window, when ``main.py --screenshot --poll`` will make the whole projector's picture).

    QT_QPA_PLATFORM=offscreen .venv/bin/python tools/poll_pictures.py resources/screenshots

Writes poll-stage.png (the stage of a 1024 × 768 projector, as phones are answering) and
poll-practice.png (offline practice after a wrong choice). The stage shows an example classroom
address (a fixed example token): a real one is this laptop's Wi-Fi address, chosen when the poll
opens. The phone's pictures and the results chart come from the browser test
(tests/e2e/test_phone_browser.py with VISUALIZER_POLL_PICTURES set; ``make screenshots`` runs both).
"""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtWidgets import QApplication

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

EXAMPLE_ADDRESS = "http://192.168.0.12:8765/k7q2m4xv5n3wz6ta2hq4rb7ceu/"
"""An example of what a classroom sees (the same each time, so the picture only changes with the app)."""


def main(folder: Path) -> None:
    from visualizer.appearance import Appearance
    from visualizer.classroom import question_for
    from visualizer.lesson import load_lesson
    from visualizer.model import EmbeddingModel
    from visualizer.shell.presentation import presentation_scale, stage_scale
    from visualizer.views.poll_stage import PollStage
    from visualizer.views.practice_question import PracticeQuestion

    app = QApplication.instance() or QApplication([])
    projector = Appearance()
    projector.set_scale(presentation_scale(1024, 768))
    projector.set_presenting(True, stage_scale(1024, 768))
    stage = PollStage(projector)
    stage.resize(1024, 516)  # what the stage gets of 1024 × 768 above the lesson's band
    stage.set_address(EXAMPLE_ADDRESS)
    stage.set_count(23)
    stage.show()
    app.processEvents()
    stage.grab().save(str(folder / "poll-stage.png"))
    stage.close()

    step = next(step for step in load_lesson().steps if step.id == "swap-learned")
    question = question_for(step, EmbeddingModel())
    practice = PracticeQuestion(Appearance())
    practice.resize(440, 420)
    practice.set_question(question)
    practice.show()
    practice.choose(0)  # the old row: the misconception the "why" answers
    app.processEvents()
    practice.grab().save(str(folder / "poll-practice.png"))
    practice.close()


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "resources" / "screenshots")
