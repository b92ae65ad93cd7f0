"""Every number of a matrix takes the size its widest number leaves, however the numbers came."""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from hypothesis import given, settings
from hypothesis import strategies as st
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QApplication

from visualizer.appearance import Appearance
from visualizer.ui.heatmap import CellLabels, changed_spans

TEXTS = ["0", "1", "−0.5", "0.25", "−12.5", "1.2e6"]
"""Numbers as cells print them, narrow to wide."""


def drawn_size(labels: CellLabels, view: pg.GraphicsView) -> int:
    """The type the numbers are drawn in, once ``labels`` is painted (0: none drawn)."""
    view.grab()
    return labels.drawn_pixel_size


def shown_in(texts: list[list[str]]) -> tuple[CellLabels, pg.GraphicsView]:
    """``texts`` as a matrix's numbers, cells 60 × 30 px, painted once (close the view after)."""
    view = pg.GraphicsView()
    labels = CellLabels(Appearance())
    rows, columns = len(texts), len(texts[0])
    labels.set_cells(np.zeros((rows, columns)), texts, [[QColor("black")] * columns for _ in range(rows)])
    view.addItem(labels)
    view.setRange(QRectF(0, 0, columns, rows), padding=0)
    view.resize(60 * columns, 30 * rows)
    view.show()
    QApplication.processEvents()
    drawn_size(labels, view)
    return labels, view


@settings(max_examples=30, deadline=None)
@given(before=st.lists(st.lists(st.sampled_from(TEXTS), min_size=3, max_size=3), min_size=3, max_size=3),
       after=st.lists(st.lists(st.sampled_from(TEXTS), min_size=3, max_size=3), min_size=3, max_size=3))
def test_numbers_changed_in_part_take_the_size_of_numbers_set_whole(qapp, before, after):
    labels, view = shown_in(before)
    changed = np.array([[b != a for b, a in zip(row_before, row_after, strict=True)]
                        for row_before, row_after in zip(before, after, strict=True)])
    black = [[QColor("black")] * 3 for _ in range(3)]
    labels.set_cells(np.zeros((3, 3)), after, black, changed_spans(changed))  # only the changed rows
    fresh, fresh_view = shown_in(after)
    try:
        assert drawn_size(labels, view) == drawn_size(fresh, fresh_view)
    finally:
        for shown in (view, fresh_view):
            shown.close()
            shown.deleteLater()
        QApplication.processEvents()
