"""What a matrix shows is the model: every row and column in view, every row named."""

import numpy as np

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
