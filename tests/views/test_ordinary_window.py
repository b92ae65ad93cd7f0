"""The ordinary window (not presenting) at 1024 × 768: every lesson step fits, nothing is cut."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication

from tests.views.stage import assert_labels_whole, close_all, ordinary, visible_labels


@pytest.mark.parametrize("language", ["en", "pt"])
def test_every_step_fits_1024x768_in_the_ordinary_window(qtbot, language):
    window = ordinary(qtbot, language)
    try:
        for step in range(len(window.lesson_run.lesson.steps)):
            window.go_to_step(step)
            for _ in range(3):  # let the layouts settle, as a person's eyes would
                QApplication.processEvents()
                window.grab()
            # No view forces the window wider than the screen (the lab did in Portuguese: 1,082 px).
            assert window.width() == 1024, f"step {step + 1}: {window.width()} px wide"
            assert_labels_whole(visible_labels(window))
    finally:
        close_all([window])
