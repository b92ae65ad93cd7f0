"""Undo and redo keep every control equal to the model: a state machine (hypothesis) clicks the
checkable and choosing controls, undoes and redoes at random, and after every step compares each
control with the model."""

from __future__ import annotations

import numpy as np
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule, run_state_machine_as_test

from tests import spec
from tests.stage import step_index
from visualizer.core import SCHEMES
from visualizer.model import MAX_ALIBI_HEADS, ROPE_BASES


def controls_equal_model(window) -> list[str]:
    """Every control that shows a setting of the model, with what it shows if that differs."""
    model, attention, clock = window.model, window.view("attention"), window.view("rope_clock")
    settings_ = model.attention
    wrong = []
    shown = {
        "mask box": (attention.causal.isChecked(), settings_.causal),
        "ALiBi heads": (attention.heads.value(), settings_.alibi_heads),
        "ALiBi head": (attention.head.value(), settings_.alibi_head),
        "scheme buttons": ([s for s in SCHEMES if window.scheme_selector.buttons[s].isChecked()], [model.scheme]),
        "RoPE base": (clock.controls.base_choice.currentData(), settings_.rope_base),
        "context extension": (clock.controls.scaling_kind.currentData(),
                              None if settings_.rope_scaling is None else settings_.rope_scaling.kind),
    }
    for name, (control, state) in shown.items():
        if control != state:
            wrong.append(f"{name}: shows {control!r}, the model has {state!r}")
    return wrong


def test_the_mask_box_follows_undo_on_the_swap_step(window):
    # The report: tick the mask on step 5, Ctrl+Z: the mask was off but the box stayed ticked.
    window.go_to_step(step_index("swap-none"))
    window.undo_stack.clear()
    window.view("attention").causal.click()
    assert window.model.attention.causal and window.view("attention").causal.isChecked()
    window.action_table["undo"].trigger()
    assert not window.model.attention.causal
    assert not window.view("attention").causal.isChecked()
    window.action_table["redo"].trigger()
    assert window.model.attention.causal and window.view("attention").causal.isChecked()


def test_undo_and_redo_of_every_control_keep_control_and_model_equal(window):
    window.tabs.show_view(window.view("attention"))
    start = window.model.state()

    class Controls(RuleBasedStateMachine):
        """Clicks, picks, undo and redo on one window, brought back to the start for each run."""

        def __init__(self) -> None:
            super().__init__()
            window.model.restore(start)
            window.undo_stack.clear()

        @rule()
        def tick_the_mask(self) -> None:
            window.view("attention").causal.click()

        @rule(scheme=st.sampled_from(SCHEMES))
        def pick_a_scheme(self, scheme: str) -> None:
            window.scheme_selector.buttons[scheme].click()

        @rule(heads=st.integers(1, MAX_ALIBI_HEADS))
        def set_the_alibi_heads(self, heads: int) -> None:
            window.view("attention").heads.setValue(heads)

        @rule(head=st.integers(1, MAX_ALIBI_HEADS))
        def set_the_head_shown(self, head: int) -> None:
            window.view("attention").head.setValue(head)  # clamped to H by the box, as a person finds it

        @rule(base=st.sampled_from(ROPE_BASES))
        def pick_a_rope_base(self, base: float) -> None:
            combo = window.view("rope_clock").controls.base_choice
            combo.setCurrentIndex(combo.findData(base))

        @rule(kind=st.sampled_from([None, "pi", "ntk", "yarn"]))
        def pick_a_context_extension(self, kind: str | None) -> None:
            combo = window.view("rope_clock").controls.scaling_kind
            combo.setCurrentIndex(combo.findData(kind))

        @rule()
        def undo(self) -> None:
            window.action_table["undo"].trigger()

        @rule()
        def redo(self) -> None:
            window.action_table["redo"].trigger()

        @invariant()
        def every_control_shows_the_model(self) -> None:
            assert controls_equal_model(window) == []

    run_state_machine_as_test(Controls, settings=settings(max_examples=25, stateful_step_count=25, deadline=None,
                                                          suppress_health_check=list(HealthCheck)))
    # Undoing everything gets back to the start, controls and all.
    while window.undo_stack.canUndo():
        window.undo_stack.undo()
    assert window.model.state().attention == start.attention and window.model.scheme == start.scheme
    assert controls_equal_model(window) == []
    np.testing.assert_array_equal(window.x_panel.result.values(), np.array(spec.X_LEARNED))
