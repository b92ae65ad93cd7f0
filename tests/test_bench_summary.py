"""`make bench RUNS=5`'s summary says a goal is met only when the worst run meets it, units and all."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

_SPEC = importlib.util.spec_from_file_location("bench_aggregate", Path(__file__).parents[1] / "bench" / "aggregate.py")
assert _SPEC is not None and _SPEC.loader is not None
aggregate = importlib.util.module_from_spec(_SPEC)
sys.modules[_SPEC.name] = aggregate  # its dataclasses look their module up
_SPEC.loader.exec_module(aggregate)


@pytest.mark.parametrize(("goal", "measured", "expected"), [
    ("≤ 1 s", "213 ms", "yes"),  # read as 213 < 1 before: "no"
    ("≤ 1 s", "1,090 ms", "no"),
    ("< 1 s", "196 / 193 ms", "yes"),  # wall / CPU: the first is held to the goal
    ("< 50 kB", "2,279 bytes", "yes"),  # 2,279 < 50 before: "no"
    ("< 24.6 MB", "8.1 MB", "yes"),
    ("< 8 ms", "13.32 ms", "no"),
    ("< 8 ms", "7.9 ms", "yes"),
    ("≥ 6×", "6.8×", "yes"),
    ("≥ 100×", "99×", "no"),
    ("—", "7.71 ms", ""),
    ("300 of 300", "300 of 300", "yes"),  # a count: at least so many
    ("300 of 300", "298 of 300", "no"),
    ("1", "1", "yes"),  # one number: exactly
    ("1", "2", "no"),
    ("1", "0", "no"),
])
def test_a_goal_is_met_in_its_own_unit(goal, measured, expected):
    value = aggregate.read_measured(measured)
    assert aggregate.met(goal, value.value, value.unit) == expected


def test_the_summary_holds_the_worst_run_to_the_goal():
    runs = [[("move a token", "7.5 ms", "< 8 ms"), ("speed-up", "7.0×", "≥ 6×")],
            [("move a token", "9.1 ms", "< 8 ms"), ("speed-up", "5.9×", "≥ 6×")],
            [("move a token", "7.7 ms", "< 8 ms"), ("speed-up", "6.5×", "≥ 6×")]]
    table = {row[0]: row for row in aggregate.summarize(runs)}
    assert table["move a token"][1:] == ("7.7 ms", "9.1 ms", "< 8 ms", "no")
    assert table["speed-up"][2:] == ("5.9×", "≥ 6×", "no")


def test_the_worst_column_is_the_worst_runs_own_text_and_the_median_claims_nothing_else():
    runs = [[("longest frame", "6 ms (0 over 16.7)", "≤ 16 ms"), ("phones", "300 of 300, the last in 147 ms", "—")],
            [("longest frame", "54.3 ms (2 over 16.7)", "≤ 16 ms"), ("phones", "298 of 300, the last in 990 ms", "—")],
            [("longest frame", "7.1 ms (0 over 16.7)", "≤ 16 ms"), ("phones", "300 of 300, the last in 160 ms", "—")]]
    table = {row[0]: row for row in aggregate.summarize(runs)}
    # Before, the worst read "54.3 ms (0 over 16.7)": the number of one run, the words of another.
    assert table["longest frame"][1:] == ("7.1 ms", "54.3 ms (2 over 16.7)", "≤ 16 ms", "no")
    assert table["phones"][1:3] == ("300 of 300", "298 of 300, the last in 990 ms")


def test_an_exact_count_is_worst_where_it_is_farthest_from_its_goal():
    runs = [[("answers from one address", "1", "1")], [("answers from one address", "0", "1")],
            [("answers from one address", "1", "1")]]
    # The largest (1) would meet "1": the run that counted none does not.
    assert aggregate.summarize(runs)[0][2:] == ("0", "1", "no")


def test_a_row_in_words_meets_its_goal_only_when_every_run_says_it():
    row = ("advice: teacher / stage", "yes / no", "yes / no")
    said = [[row], [row]]
    assert aggregate.summarize(said)[0][1:] == ("yes / no", "", "yes / no", "yes")
    once_on_stage = [*said, [("advice: teacher / stage", "yes / yes", "yes / no")]]
    assert aggregate.summarize(once_on_stage)[0][1:] == ("yes / no; yes / yes", "", "yes / no", "no")
