"""On a projector lesson step 7, "RoPE: hands on a clock", is a stage readable from the back row.

Rendered offscreen at the sizes of classroom projectors, in both languages, the way
``--presentation --size WxH --step 7`` shows it: one large clock face takes most of the screen,
its titles are at least 14 px type or not drawn, the answer (score = cos(1) = 0.540) is on screen in 22 px
type (digits 16 px tall at 768 lines) without scrolling, and no label is cut or lies on another.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRect
from PySide6.QtWidgets import QApplication

from tests import spec
from tests.stage import (
    MIN_DIGIT_PX,
    MIN_LABEL_PX,
    MIN_SHARE,
    SIZE_IDS,
    SIZES,
    assert_labels_apart,
    assert_labels_readable,
    assert_labels_whole,
    digit_height,
    min_label_digits,
    share,
    step_index,
    visible_labels,
)
from visualizer.shell.main_window import MainWindow
from visualizer.toy.rope_clock import RopeClock

CLOCK_STEP = step_index("rope")  # "RoPE: hands on a clock"

def window_rect(widget, window) -> QRect:
    return QRect(widget.mapTo(window, widget.rect().topLeft()), widget.size())


@pytest.mark.parametrize("language", ["en", "pt"])
@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_the_clock_is_a_stage_readable_from_the_back_row(presenting, size, language):
    window = presenting(size, language, CLOCK_STEP)
    view = window.tabs.current_view()
    assert isinstance(view, RopeClock)
    assert view.lesson_mode
    width, height = window.width(), window.height()
    assert (width, height) == size
    assert share(view, window) >= MIN_SHARE, f"the stage has {share(view, window):.0%} of the screen"
    # The main visual is the one large face.
    faces = view.faces_scroll
    assert faces.width() * faces.height() >= 0.5 * view.width() * view.height()
    assert view.faces.face_size() >= 0.6 * min(faces.viewport().width(), faces.viewport().height())
    # Its titles are at least 14 px type (15 px asked, rounding allowed) or not drawn at all.
    title_px = view.faces.title_pixel_size
    assert title_px == 0 or title_px >= MIN_LABEL_PX
    # The answer is on screen, without scrolling, in 22 px type.
    readout = view.controls.readout
    answer = f"{spec.ROPE_SCORES[(3, 1)]:.3f}"
    assert (answer.replace(".", ",") if language == "pt" else answer) in readout.text()
    assert readout.isVisible()
    assert digit_height(readout.font()) >= MIN_DIGIT_PX
    shown = window_rect(view.controls.viewport(), window)
    assert shown.contains(window_rect(readout, window)), "the answer is scrolled out of sight"
    assert window.rect().contains(window_rect(readout, window))
    # Controls the step does not need step aside; play/pause stays.
    controls = view.controls
    for aside in (controls.speed, controls.base_choice, controls.scaling_kind, controls.scaling_factor,
                  controls.theta_table):
        assert not aside.isVisible()
    assert view.controls.play_button.isVisible()
    # No horizontal scroll, no label cut, none lies on another.
    assert not view.controls.horizontalScrollBar().isVisible()
    assert not faces.horizontalScrollBar().isVisible()
    assert_labels_whole(visible_labels(window))
    assert_labels_apart(window, visible_labels(view))
    # The face's title (θ = 0.5, wavelength 12.57) and the q and k at the hands: 14 px digits.
    survey = assert_labels_readable(window, min_label_digits(window))
    assert {"face title", "hand"} <= survey.kinds()


@pytest.mark.parametrize("language", ["en", "pt"])
@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_with_the_models_theta_the_first_pair_is_large_and_the_others_small_multiples(presenting, size, language):
    window = presenting(size, language, CLOCK_STEP)
    view = window.tabs.current_view()
    view.controls.lesson_button.setChecked(False)
    QApplication.processEvents()
    window.grab()
    assert not view.lesson_mode and len(view.thetas()) >= 2
    _, centre_y, radius, _ = view.faces._face_geometry()
    viewport = view.faces_scroll.viewport()
    assert 2 * radius[0] >= 0.6 * viewport.height(), "the first pair is the main visual"
    assert all(radius[1:] < radius[0])
    assert all(centre_y + radius <= viewport.height()), "nothing scrolls"
    assert view.faces.title_pixel_size == 0 or view.faces.title_pixel_size >= MIN_LABEL_PX
    assert not view.faces_scroll.verticalScrollBar().isVisible()
    assert not view.controls.horizontalScrollBar().isVisible()
    shown = window_rect(view.controls.viewport(), window)
    assert shown.contains(window_rect(view.controls.readout, window)), "the score is scrolled out of sight"
    assert digit_height(view.controls.readout.font()) >= MIN_DIGIT_PX
    assert_labels_whole(visible_labels(window))
    assert_labels_readable(window, min_label_digits(window))


def test_the_text_box_stays_aside_when_the_lesson_changes_tab(presenting):
    window = presenting((1024, 768), "en", CLOCK_STEP)
    assert not window.text_input.isVisible()
    view = window.tabs.current_view()
    assert share(view, window) >= MIN_SHARE, f"the stage has {share(view, window):.0%} of the screen"


def test_the_ordinary_window_keeps_every_control(qtbot):
    window = MainWindow()
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.go_to_step(CLOCK_STEP)
    window.show()
    qtbot.waitExposed(window)
    view = window.tabs.current_view()
    assert isinstance(view, RopeClock)
    for control in (view.controls.speed, view.controls.base_choice, view.controls.scaling_kind,
                    view.controls.theta_table, view.controls.scheme_note, view.controls.sweep_slider):
        assert control.isVisible()
    window.close()


def test_leaving_the_stage_brings_every_control_back(presenting):
    window = presenting((1024, 768), "en", CLOCK_STEP)
    view = window.tabs.current_view()
    window.presentation.set_presenting(False)
    QApplication.processEvents()
    for control in (view.controls.speed, view.controls.base_choice, view.controls.scaling_kind,
                    view.controls.theta_table, view.controls.scheme_note, view.controls.lesson_button):
        assert control.isVisible()
    assert view.faces.stage() is None
