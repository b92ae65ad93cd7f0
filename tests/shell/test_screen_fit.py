"""A window opens inside the screen it is on: first launch, and a geometry remembered elsewhere."""

from __future__ import annotations

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication

from tests.stage import close_all, ordinary
from visualizer.shell.main_window import MainWindow


def test_a_first_launch_fits_a_small_screen(qtbot):
    window = MainWindow()  # the offscreen test screen is 800 × 800: smaller than 1400 × 900
    qtbot.addWidget(window)
    area = window.screen().availableGeometry()
    assert area.width() < 1400
    assert window.width() <= area.width() and window.height() <= area.height()
    window.show()
    qtbot.waitExposed(window)
    assert area.contains(window.geometry())
    window.close()


def test_a_remembered_geometry_that_no_longer_fits_comes_back_on_screen(qtbot, tmp_path):
    settings_path = str(tmp_path / "settings.ini")
    first = MainWindow(settings=QSettings(settings_path, QSettings.Format.IniFormat))
    qtbot.addWidget(first)
    first.show()
    first.setGeometry(600, 500, 1400, 900)  # as on a large monitor, now unplugged
    first.close()
    second = MainWindow(settings=QSettings(settings_path, QSettings.Format.IniFormat))
    qtbot.addWidget(second)
    area = second.screen().availableGeometry()
    assert area.contains(second.geometry()), (area, second.geometry())
    second.close()


def test_the_ordinary_window_at_1024x768_shows_every_tab_and_every_column(qtbot):
    for language in ("en", "pt"):
        window = ordinary(qtbot, language)
        # No scroll arrows on the tab bar, no column of the vocabulary scrolled out of sight.
        assert window.tabs.tabBar().sizeHint().width() <= window.tabs.width(), language
        table = window.vocabulary.view
        assert not table.horizontalScrollBar().isVisible(), language
        close_all([window])


def test_eight_zoom_steps_never_lay_the_window_out_wider_than_it_is_and_ctrl_0_comes_back(qtbot):
    # At 1366 × 768 (and 1024 × 768) on a question step, eight Ctrl+= laid the lesson out wider than
    # the window (Next and its right side cut off): the step that would outgrow the window is not
    # taken. (Under a window manager: tests/e2e/test_window_holds.py.)
    for size in ((1024, 768), (1366, 768)):
        window = ordinary(qtbot, "en", size)
        try:
            window.go_to_step(5)  # the swap's question
            scales = []
            for _ in range(8):
                window.action_table["zoom_in"].trigger()
                QApplication.processEvents()
                scales.append(window.appearance.scale)
                least = window.minimumSizeHint()
                assert (window.width(), window.height()) == size
                assert least.width() <= size[0] and least.height() <= size[1], (size, scales[-1], least)
            assert scales[0] > 1.0 and scales == sorted(scales) and scales[-1] < 3.0  # stopped where it must
            window.action_table["zoom_reset"].trigger()
            QApplication.processEvents()
            assert window.appearance.scale == 1.0 and (window.width(), window.height()) == size
            window.action_table["zoom_in"].trigger()  # and it zooms again
            assert window.appearance.scale > 1.0
        finally:
            close_all([window])
