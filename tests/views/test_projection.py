"""On a projector every X-panel step of the lesson is a stage readable from the back row.

Rendered offscreen at the sizes of classroom projectors, in both languages, the way
``--presentation --size WxH --step N`` shows them: the step's view takes most of the screen, its
numbers are drawn at 22 px type (digits 16 px tall at 768 lines) or not at all, and no label is
cut or lies on another.
"""

from __future__ import annotations

import pytest

from tests.views.stage import (
    MIN_DIGIT_PX,
    MIN_SHARE,
    SIZE_IDS,
    SIZES,
    assert_labels_apart,
    assert_labels_readable,
    assert_labels_whole,
    digit_height,
    min_label_digits,
    share,
    visible_labels,
)

X_PANEL_STEPS = (0, 1, 2, 5)  # 0-based: an id is a name, the lookup, adding positions, the swap with positions


@pytest.mark.parametrize("language", ["en", "pt"])
@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
@pytest.mark.parametrize("step", X_PANEL_STEPS, ids=[f"step{s + 1}" for s in X_PANEL_STEPS])
def test_the_x_panel_is_a_stage_readable_from_the_back_row(presenting, step, size, language):
    window = presenting(size, language, step)
    view = window.current_view()
    assert view is window.x_panel
    width, height = window.width(), window.height()
    assert (width, height) == size
    assert share(view, window) >= MIN_SHARE, f"the stage has {share(view, window):.0%} of the screen"
    # Every matrix with numbers prints them, each digit at least 16 px tall (more on taller screens).
    with_numbers = [heatmap for heatmap in window.x_panel.graphics.heatmaps if heatmap.values().size
                    and any(text for row in heatmap.cell_texts() for text in row)]
    assert with_numbers, "no matrix of the step has numbers"
    for heatmap in with_numbers:
        drawn = heatmap.labels.drawn_pixel_size
        assert drawn, f"{heatmap.title()}: numbers too small to draw"
        assert digit_height(drawn) >= MIN_DIGIT_PX * max(1.0, height / 768) - 1
    # No label of the window is cut, and none lies on another within the stage.
    assert_labels_whole(visible_labels(window))
    assert_labels_apart(window, visible_labels(view))
    # Every label the design draws (row names, d0–d3, the colour bar's ticks, the chips' positions)
    # is drawn, apart from its neighbours, with digits 14 px tall at 768 lines and more above.
    assert_labels_readable(window, min_label_digits(window))
