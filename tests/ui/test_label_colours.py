"""A cell's number is black on a light colour and white on a dark one, whatever the matrix."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays
from PySide6.QtGui import QColor

from visualizer.ui.heatmap import label_colours
from visualizer.ui.palette import colormap


def relative_luminance(colour: QColor) -> float:
    """WCAG's relative luminance weights on the colour's own components (0..1)."""
    return 0.2126 * colour.redF() + 0.7152 * colour.greenF() + 0.0722 * colour.blueF()


@settings(max_examples=60, deadline=None)
@given(values=arrays(np.float64, st.tuples(st.integers(1, 6), st.integers(1, 6)),
                     elements=st.one_of(st.floats(-4, 4), st.just(float("nan")))),
       limit=st.sampled_from([0.5, 1.0, 1.5, 3.0]))
def test_each_number_takes_the_colour_that_stands_out_from_its_cell(values, limit):
    colours = label_colours(values, (-limit, limit))
    assert [len(row) for row in colours] == [values.shape[1]] * values.shape[0]
    for value, colour in zip(values.ravel(), (c for row in colours for c in row), strict=True):
        clipped = min(max(value if np.isfinite(value) else 0.0, -limit), limit)
        cell = colormap().mapToQColor((clipped + limit) / (2 * limit))
        expected = "#000000" if relative_luminance(cell) > 0.5 else "#ffffff"
        # Right at 0.5 the two ways of reading the map may round apart: no number lives there.
        if abs(relative_luminance(cell) - 0.5) > 0.01:
            assert colour.name() == expected, (value, cell.name())
