"""Presenting, the X panel's arrangement follows the state shown, not the arrangement it had.

At 1024 × 768 in Portuguese, switching the scheme on four of the steps crashed the app: how many
ticks the colour bar's height held depended on whether X sat beside the others or under them, and
deciding from it sent the panel from one arrangement to the other inside one layout pass until the
stack overflowed. And a "+" wider than its column pushed the colour bar 2 px past the stage's edge.
"""

from __future__ import annotations

import pytest

from tests.conftest import finish_layouts
from tests.stage import STEPS

SCHEMES = ["alibi", "none", "rope", "sinusoidal", "learned"]


@pytest.mark.parametrize("language", ["pt", "en"])
@pytest.mark.parametrize("size", [(1024, 768), (1280, 720)], ids=["1024x768", "1280x720"])
def test_switching_the_scheme_on_any_step_settles_inside_the_stage(presenting, language, size):
    window = presenting(size, language, 0)
    row = window.x_panel.graphics
    for step in range(len(STEPS)):
        window.go_to_step(step)
        for scheme in SCHEMES:
            window.model.set_scheme(scheme)
            finish_layouts()
            if not row.isVisible():
                continue
            where = f"step {step + 1}, {scheme}"
            arranged = (row.two_lines, list(row.prints))
            row.fit_columns()  # asked again with nothing changed, it answers the same
            finish_layouts()
            assert (row.two_lines, list(row.prints)) == arranged, where
            assert row.ci.size().width() <= row.viewport().width(), f"{where}: the panel is wider than the stage"
