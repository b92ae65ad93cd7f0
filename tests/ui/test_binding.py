"""Guards against Qt-binding regressions that would crash a class mid-lesson.

PySide6 6.12.0 on Python 3.11 dropped one reference to None/True/False each time Qt read such a
value from a Python ``data()`` override; after a few thousand repaints the interpreter aborted
("deallocating None"). This test fails on such a binding instead of the app crashing later.
"""

import sys

from PySide6.QtCore import Qt

from visualizer.toy.token_strip_model import BeyondTrainedRole, TokenStripModel


def test_reading_none_and_bools_through_qt_keeps_their_reference_counts(model, highlight):
    strip = TokenStripModel(model, highlight)
    index = strip.index(0)
    none_before, false_before = sys.getrefcount(None), sys.getrefcount(False)
    for _ in range(1000):
        index.data(Qt.ItemDataRole.DecorationRole)  # the model answers None
        index.data(BeyondTrainedRole)  # the model answers False
    assert sys.getrefcount(None) >= none_before - 50
    assert sys.getrefcount(False) >= false_before - 50
