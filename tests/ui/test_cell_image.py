"""A small matrix's cells take the very colours pyqtgraph's own rendering gives them."""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays
from PySide6.QtGui import QColor

from visualizer.ui.heatmap import CellImage
from visualizer.ui.palette import colormap


def pyqtgraphs_colours(values: np.ndarray, levels: tuple[float, float], lut: np.ndarray) -> list[list[str | None]]:
    """Each cell's colour as pyqtgraph's ImageItem renders it (its QImage), None where blank."""
    reference = pg.ImageItem(axisOrder="row-major")
    reference.setLookupTable(lut)
    reference.setImage(values, levels=levels)
    reference.render()
    image = reference.qimage
    return [[None if QColor.fromRgba(image.pixel(column, row)).alpha() == 0
             else QColor.fromRgba(image.pixel(column, row)).name(QColor.NameFormat.HexArgb)
             for column in range(image.width())] for row in range(image.height())]


@settings(max_examples=80, deadline=None)
@given(values=arrays(np.float64, st.tuples(st.integers(1, 8), st.integers(1, 8)),
                     elements=st.one_of(st.floats(-5, 5), st.just(float("nan")))),
       limit=st.sampled_from([0.5, 1.0, 1.5, 2.5]))
def test_cells_take_the_colours_pyqtgraph_renders(qapp, values, limit):
    if np.isnan(values).all():
        values[0, 0] = 0.0  # pyqtgraph renders nothing of an image with no number at all
    lut = colormap().getLookupTable(nPts=256)
    cells = CellImage(axisOrder="row-major")
    cells.setLookupTable(lut)
    cells.setImage(values, levels=(-limit, limit))
    cells.render()
    assert cells._cells is not None  # looked up here, not rendered by pyqtgraph
    drawn: list[list[str | None]] = [[None] * values.shape[1] for _ in range(values.shape[0])]
    for rect, colour in cells._cells:
        drawn[int(rect.y())][int(rect.x())] = colour.name(QColor.NameFormat.HexArgb)
    assert drawn == pyqtgraphs_colours(values, (-limit, limit), lut)
