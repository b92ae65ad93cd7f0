"""Fixtures of the view tests."""

from __future__ import annotations

import pytest

from tests.views.stage import close_all, present


@pytest.fixture
def presenting(qtbot):
    """``presenting(size, language, step)``: a window presenting that lesson step; closed after."""
    windows = []

    def open_window(size: tuple[int, int], language: str, step: int):
        windows.append(present(qtbot, size, language, step))
        return windows[-1]

    yield open_window
    close_all(windows)
