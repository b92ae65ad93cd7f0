"""The RoPE clock's animation frame keeps what the offset does not change: it must never show stale kept state.

A frame of the sweep reuses the faces' pens, fonts, geometry and static layer, and rewrites only the
texts that move with s. These tests change everything else the clock depends on and check that
what is drawn and written is what a clock without anything kept draws and writes.
"""

import pytest
from PySide6.QtCore import QCoreApplication


@pytest.fixture
def clock(window):
    window.resize(1024, 768)
    window.tabs.show_view(window.view("rope_clock"))
    return window.view("rope_clock")


def drawn(clock):
    """The faces' picture and the texts they painted."""
    picture = clock.faces.grab().toImage()
    return picture, clock.faces.painted_texts()


def drawn_afresh(clock):
    """The same, with everything the faces keep between frames forgotten first."""
    clock.faces._layout_key = ()  # no key matches this: the next paint rebuilds all it keeps
    return drawn(clock)


def test_kept_drawing_follows_every_change(window, clock):
    changes = [
        lambda: clock.set_offset(1.25),
        lambda: clock.pick(3, 0),  # other hands thick, another arc
        lambda: clock.set_offset(40.37),
        lambda: window.set_language("pt"),
        lambda: clock.show_lesson_positions(10, 8),  # one face, q and k
        lambda: window.appearance.set_scale(1.25),
        lambda: clock.show_sequence(),
        lambda: window.resize(1400, 900),
        lambda: clock.set_offset(63.99),
    ]
    for step, change in enumerate(changes):
        change()
        kept_picture, kept_texts = drawn(clock)
        fresh_picture, fresh_texts = drawn_afresh(clock)
        assert kept_picture == fresh_picture, f"change {step}: the faces drew stale kept state"
        assert kept_texts == fresh_texts, f"change {step}: the painted texts are stale"


@pytest.mark.parametrize("lesson", [False, True])
def test_a_sweep_frame_writes_the_readout_a_full_refresh_writes(window, clock, lesson):
    labels = (clock.controls.sweep_label, clock.controls.readout, clock.controls.scheme_note, clock.pairs)
    if lesson:
        clock.show_lesson_positions(3, 1)
    for language in ("en", "pt"):
        window.set_language(language)
        for offset in (0.37, 5.5, 63.99):
            clock.set_offset(offset)
            after_frame = [label.text() for label in labels]
            clock.refresh()
            assert [label.text() for label in labels] == after_frame
        # A frame writes the shift in the language installed now.
        template = QCoreApplication.translate("RopeClock", "shift s = {0}")
        assert clock.controls.sweep_label.text() == template.format(window.appearance.numbers.fixed(63.99, 2))
        assert (template != "shift s = {0}") == (language == "pt")


def test_the_kept_score_follows_the_pair_and_the_model(window, clock):
    # A frame reuses the score while the pair's distance, X and θ stay: each of them changes here.
    changes = [
        lambda: clock.set_offset(2.0),
        lambda: clock.pick(2, 0),  # another distance
        lambda: clock.pick(3, 1),  # the same distance, other tokens
        lambda: window.model.move_token(1, 3),  # X changes
        lambda: window.model.set_rope_base(50.0),  # θ changes
        lambda: window.set_language("pt"),  # the number format changes
    ]
    for step, change in enumerate(changes):
        change()
        clock.set_offset(clock.offset() + 1)  # whole shifts: the distance is the same float every frame
        score = window.appearance.numbers.fixed(clock.picked_score(), 3)  # worked out afresh
        assert clock.controls.readout.text().endswith(f"⟩ = {score}"), f"change {step}: a stale score"
