"""What a change repaints in part is what a repaint of everything would show.

A drag that swaps two tokens repaints only the cells that changed (heatmap.changed_spans): the
pixels on screen must then be exactly those of a full repaint, whatever came before.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication, QGraphicsView

from tests.conftest import finish_layouts
from visualizer.ui.heatmap import changed_spans

SCHEMES = ["none", "learned", "sinusoidal", "rope", "alibi"]


ANTIALIASING_LEVELS = 2
"""How far apart two paints of the same scene may put a channel of a pixel: Qt's raster engine
blends an antialiased edge a level or two differently when a repaint's clip cuts through it (seen
before partial repaints too). A stale number or colour differs by far more."""


def on_screen(view: QGraphicsView) -> np.ndarray:
    """The view's pixels as the window shows them, shape (height, width, 4) (its backing store:
    ``grab`` would paint anew)."""
    window = view.window()
    corner = view.mapTo(window, view.rect().topLeft())
    image = window.screen().grabWindow(window.winId(), corner.x(), corner.y(), view.width(),
                                       view.height()).toImage().convertToFormat(QImage.Format.Format_RGB32)
    pixels = np.frombuffer(image.constBits(), np.uint8).reshape(image.height(), image.bytesPerLine() // 4, 4)
    return pixels[:, :image.width()].astype(int)


def repainted_whole(view: QGraphicsView) -> np.ndarray:
    """The view's pixels once every part of it is painted again."""
    view.viewport().update()
    QApplication.processEvents()
    return on_screen(view)


def test_changed_spans_cover_every_changed_cell_and_no_other_row():
    changed = np.array([[False, True, False, True],
                        [False, False, False, False],
                        [True, False, False, False]])
    spans = [(span.x(), span.y(), span.width(), span.height()) for span in changed_spans(changed)]
    assert spans == [(1, 0, 3, 1), (0, 2, 1, 1)]


action = st.one_of(
    st.tuples(st.just("move"), st.integers(0, 4), st.integers(0, 4)),
    st.tuples(st.just("scheme"), st.sampled_from(SCHEMES), st.just(0)),
    st.tuples(st.just("edit"), st.integers(0, 3), st.sampled_from([-1.5, -0.5, 0.0, 0.25, 1.0, 2.0])),
    st.tuples(st.just("token"), st.integers(0, 4), st.integers(0, 9)),
)


def act_and_compare(window, views: list[QGraphicsView], actions: list[tuple[object, ...]], where: str) -> None:
    """Apply ``actions`` to the window's model; after each, each view's pixels are a full repaint's."""
    model = window.model
    for kind, first, second in actions:
        if kind == "move" and first < model.n and second < model.n:
            model.move_token(first, second)
        elif kind == "scheme":
            model.set_scheme(first)
        elif kind == "edit":
            model.set_embedding(model.ids[0], first, second)
        elif kind == "token" and first < model.n:
            ids = list(model.ids)
            ids[first] = second
            model.set_ids(ids)
        finish_layouts()
        for view in views:
            shown = on_screen(view)
            difference = np.abs(shown - repainted_whole(view)).max()
            assert difference <= ANTIALIASING_LEVELS, f"{where} after {kind} {first} {second}"


@pytest.mark.parametrize("view_name", ["x_panel", "attention", "lookup_table", "comparison", "gradient_lab"])
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(actions=st.lists(action, min_size=1, max_size=6))
def test_a_partial_repaint_shows_what_a_full_one_would(window, view_name, actions):
    window.tabs.show_view(window.view(view_name))
    finish_layouts()
    views = [view for view in window.view(view_name).findChildren(QGraphicsView) if view.isVisible()]
    assert views
    act_and_compare(window, views, actions, view_name)


@pytest.mark.parametrize("step", [3, 8])
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(actions=st.lists(action, min_size=1, max_size=6))
def test_on_the_stage_too(presenting, step, actions):
    window = presenting((1024, 768), "pt", step)
    views = [view for view in window.findChildren(QGraphicsView) if view.isVisible()]
    assert views
    act_and_compare(window, views, actions, f"step {step + 1} on the stage")
