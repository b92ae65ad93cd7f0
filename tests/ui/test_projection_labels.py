"""A long sentence keeps every chip on stage, its labels readable from the back row.

Every label of every step of the lesson, presented at the projectors' sizes in both languages,
before and (for a question) after its reveal, is surveyed in the walk of ``test_projection.py``
(one window per size and language walks the lesson once for both its checks).
"""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication

from tests.stage import assert_labels_readable, close_all, min_label_digits, present


def settle(window) -> None:
    for _ in range(2):
        QApplication.processEvents()
        window.grab()


@pytest.mark.parametrize("language", ["en", "pt"])
def test_a_long_sentence_keeps_every_chip_on_stage(qtbot, language):
    """Ten tokens at 1024 × 768: the chips take a second line rather than hide 8, 9 and 10 below the
    strip (Portuguese, with wider chips, lost two of nine)."""
    window = present(qtbot, (1024, 768), language, 0)
    try:
        window.model.set_ids([0, 2, 4, 5, 1, 7, 1, 6, 1, 8])  # o gato subiu no muro no telhado no sofá
        settle(window)
        strip = window.token_strip
        positions = [text for text in strip.painted_texts() if text.kind == "position"]
        assert [text.text for text in positions] == [str(p) for p in range(1, 11)]
        assert strip.rows_needed() >= 2
        assert_labels_readable(window, min_label_digits(window))  # none cut by the strip's edge
    finally:
        close_all([window])
