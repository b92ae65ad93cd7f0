"""What a matrix shows is the model: every row and column in view, every row named."""

import numpy as np
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QStyle

from visualizer.ui.matrix_row import MatrixRow


def test_a_matrix_without_row_names_shows_every_row_when_it_grows(qtbot, appearance):
    # X beside E[ids] names no rows of its own and keeps the same column names (d0 … d3): going
    # from 5 tokens to 7, its view stayed on the first 5 rows, and rows 6 and 7 were cut.
    row = MatrixRow(appearance, 2)
    qtbot.addWidget(row)
    row.resize(700, 400)
    row.show()
    named, unnamed = row.heatmaps
    for n in (5, 7, 3):
        values = np.arange(n * 4, dtype=float).reshape(n, 4)
        named.set_matrix(values, [str(p + 1) for p in range(n)], ["d0", "d1", "d2", "d3"])
        unnamed.set_matrix(values, None, ["d0", "d1", "d2", "d3"])
        for heatmap in (named, unnamed):
            assert heatmap.plot.getViewBox().viewRange() == [[0.0, 4.0], [0.0, float(n)]]


def test_the_vocabulary_cuts_no_id_and_no_list_of_positions(window):
    # 'o gato subiu no telhado. no gato' uses '.' (id 10) and '␣gato', '␣no' twice: the rows turn
    # bold, and the id column drew "10" as "…", the "at" column "2, 9" as "…".
    window.resize(1024, 768)
    window.model.set_text("o gato subiu no telhado. no gato")
    table = window.vocabulary.table_model
    view = window.vocabulary.view
    bold = QFontMetrics(table.bold_font())
    margin = 2 * (view.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, view) + 1)
    assert table.index(1, table.positions_column).data() == "5, 8"
    for column in range(table.columnCount()):
        for row in range(table.rowCount()):
            text = str(table.index(row, column).data() or "")
            assert bold.horizontalAdvance(text) + margin <= view.columnWidth(column), (row, column, text)
    header = view.horizontalHeader()
    assert header.length() <= view.viewport().width()  # and the window gives the table that width
