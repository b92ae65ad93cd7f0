"""On a projector every step of the lesson, and every answer once revealed, is a stage readable from
the back row.

One window per projector size and language walks the whole lesson the way ``--presentation --size
WxH --step N [--reveal]`` shows it: the step's view takes most of the screen; every number on stage
(matrix cells, counts, figures) has digits at least 16 px tall at 768 lines, growing with the
height, or is deliberately not drawn (a picture of colours); every label the design draws (row and
column names, ids, tokens, headers, titles) is at least 14 px and is not dropped for want of room;
no label is cut or lies on another; no step leaves more than a third of the screen blank.

The label survey (``tests/stage.py``: every label the design draws is there, apart from its
neighbours and at the stage's type) runs in the same walk, also while a step's build animation
plays; the smallest digits it found of each kind are a figure of the run.
"""

from __future__ import annotations

import pytest
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QApplication

from tests.stage import (
    BLANK_TILES,
    MAX_BLANK,
    STEPS,
    assert_labels_readable,
    blank_share,
    close_all,
    min_label_digits,
    present,
    reveal_and_wait,
    settle,
    stage_problems,
)

PROJECTORS = ((1024, 768), (1280, 720), (1920, 1080))
BLANK_CHECKED = ((1024, 768),)
"""Where the blank share is held to a third: the 4:3 projector the lesson is laid out for. On a 16:9
screen the type grows with the height only, so a step keeps its 4:3 layout with room to its sides
(docs/features.md gives the shares measured at 1280 × 720 and 1920 × 1080)."""
WHOLE_LESSON = [step.id for step in STEPS]


@pytest.mark.slow(seconds=12)
@pytest.mark.parametrize("language", ["en", "pt"])
@pytest.mark.parametrize("size", PROJECTORS, ids=[f"{w}x{h}" for w, h in PROJECTORS])
def test_every_step_and_every_revealed_answer_is_a_stage_readable_from_the_back_row(qtbot, size, language, figure):
    window = present(qtbot, size, language, 0)
    problems: list[str] = []
    smallest: dict[str, float] = {}
    blank_limit = MAX_BLANK if size in BLANK_CHECKED else None

    def survey_labels(where: str) -> None:
        try:
            survey = assert_labels_readable(window, min_label_digits(window))
        except AssertionError as error:
            problems.append(f"{where}: {error}")
            return
        for label in survey.labels:
            smallest[label.kind] = min(smallest.get(label.kind, 1e9), label.digits)

    try:
        assert (window.width(), window.height()) == size
        for index, step in enumerate(STEPS):
            window.go_to_step(index)
            where = f"step {index + 1} ({step.id}) at {size[0]}x{size[1]} in {language}"
            if window.x_panel.player.is_playing():  # a step that plays the build: its labels mid-build too
                for _ in range(2):
                    QApplication.processEvents()
                    window.grab()
                survey_labels(where + ", building")
            settle(window)
            problems += stage_problems(window, where, blank_limit)
            survey_labels(where)
            if step.is_question:
                reveal_and_wait(qtbot, window)
                settle(window)
                where += ", revealed"
                problems += stage_problems(window, where, blank_limit)
                survey_labels(where)
    finally:
        close_all([window])
    figure(f"{size[0]}x{size[1]} {language}: smallest label digits per kind: "
           f"{ {kind: round(pixels, 1) for kind, pixels in sorted(smallest.items())} }")
    assert not problems, "\n".join(problems)


def test_the_blank_share_counts_the_tiles_of_one_near_white_colour(qapp):
    image = QImage(1024, 768, QImage.Format.Format_RGB32)
    image.fill(QColor(250, 250, 250))
    assert blank_share(image) == 1.0
    tile = 768 // BLANK_TILES
    painter = QPainter(image)
    painter.fillRect(0, 0, 512, 768, QColor(30, 60, 200))  # the left half: a cell's colour
    painter.fillRect(512, 0, 1, 768, QColor(240, 240, 253))  # near-white, within the spread of 12
    painter.end()
    right_half = (1024 // tile - 512 // tile) / (1024 // tile)
    assert blank_share(image) == right_half
    for x in range(512, 1024, tile):  # one grey pixel in each tile of the top line of the right half
        image.setPixelColor(x + 3, 5, QColor(200, 200, 200))
    assert blank_share(image) == right_half * (1 - 1 / BLANK_TILES)
