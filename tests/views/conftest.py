"""Fixtures of the view tests."""

from __future__ import annotations

import pytest

from tests.views.stage import close_all, present


@pytest.fixture
def presenting(qtbot):
    """``presenting(size, language, step[, before_paint])``: a window presenting that lesson step
    (see :func:`tests.views.stage.present`); closed after the test."""
    windows = []

    def open_window(size: tuple[int, int], language: str, step: int, before_paint=None):
        windows.append(present(qtbot, size, language, step, before_paint))
        return windows[-1]

    yield open_window
    close_all(windows)
