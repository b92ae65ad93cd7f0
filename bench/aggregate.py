"""`make bench RUNS=N`: each figure's median and worst over N whole runs of the bench.

A run is a fresh process of `bench/run.py` (the cold start, the caches, the collector: as a person's
launch has them), which writes its rows as JSON; this reads them back and prints one table. A row's
measured text ("6.10 ms", "5.9×", "300 of 300", "0.84 s") gives its number; whether more is worse
follows its goal ("< 8 ms" and "≤ 1 s": more is worse; "≥ 6×" and "300 of 300": less is) or,
without a goal, its unit (times and memory: more is worse; a speed-up: less is). A row in words
("yes / no") meets its goal when every run said the goal's words.
"""

from __future__ import annotations

import json
import re
import statistics
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

Row = tuple[str, str, str]
NUMBER = re.compile(r"-?\d[\d,]*(?:\.\d+)?")
LOWER_IS_WORSE_UNITS = ("×",)


@dataclass(frozen=True)
class Measured:
    """A row's measured text read as a number: its value, and the text after it (the unit)."""

    value: float
    unit: str


def read_measured(text: str) -> Measured | None:
    """The first number of ``text`` and what follows it ("6.10 ms" → 6.1, "ms"), or None."""
    match = NUMBER.search(text)
    if match is None:
        return None
    return Measured(float(match.group().replace(",", "")), text[match.end():].strip())


def more_is_worse(goal: str, unit: str) -> bool:
    """True when a larger measurement is a worse one (a time, memory), False when it is a better
    one (a speed-up, answers counted)."""
    goal = goal.strip()
    if goal.startswith(("<", "≤")):
        return True
    if goal.startswith(("≥", ">")) or " of " in goal:
        return False
    return not unit.startswith(LOWER_IS_WORSE_UNITS) and "of" not in unit.split()


UNIT = re.compile(r"(?<![\w.])(ms|s|bytes|B|kB|MB|GB)(?!\w)")
IN_BASE_UNITS = {"ms": 1e-3, "s": 1.0, "bytes": 1.0, "B": 1.0, "kB": 1e3, "MB": 1e6, "GB": 1e9}
"""Seconds or bytes per unit: a figure in ms against a goal in s ("213 ms" meets "≤ 1 s")."""


def in_base_units(value: float, unit: str) -> float:
    """``value`` in seconds or bytes when ``unit`` (the text after the number) names a time or a
    size ("ms", "/ 193 ms", "kB"), else as it is."""
    match = UNIT.search(unit)
    return value * IN_BASE_UNITS[match.group(1)] if match else value


def counted_goal(goal: str) -> tuple[float, bool] | None:
    """A goal that is a count: "300 of 300" → (300, True), at least 300; "1" → (1, False), exactly
    one; None for any other goal."""
    count = re.fullmatch(r"\s*(" + NUMBER.pattern + r")(\s+of\s+" + NUMBER.pattern + r")?\s*", goal)
    if count is None:
        return None
    return float(count.group(1).replace(",", "")), count.group(2) is not None


def met(goal: str, value: float, unit: str = "") -> str:
    """"yes" or "no" when ``goal`` is a bound on one number ("< 8 ms", "≥ 6×", "≤ 1 s"), a count
    ("300 of 300": at least 300) or one number ("1": exactly), "" otherwise; ``value`` is in ``unit``
    (a time or a size is compared with the goal in the same base unit)."""
    count = counted_goal(goal)
    if count is not None:
        wanted, at_least = count
        return "yes" if (value >= wanted if at_least else value == wanted) else "no"
    match = re.match(r"\s*([<>≤≥])\s*(" + NUMBER.pattern + ")(.*)", goal)
    if match is None:
        return ""
    bound = float(match.group(2).replace(",", ""))
    if UNIT.search(unit) and UNIT.search(match.group(3)):
        value, bound = in_base_units(value, unit), in_base_units(bound, match.group(3))
    holds = {"<": value < bound, "≤": value <= bound, ">": value > bound, "≥": value >= bound}[match.group(1)]
    return "yes" if holds else "no"


def summarize(runs: list[list[Row]]) -> list[tuple[str, str, str, str, str]]:
    """(figure, median, worst, goal, met by the worst) for every figure of the runs, in the order of
    the first run; the runs' own texts where a figure is not a number."""
    table = []
    for index, (figure, _first, goal) in enumerate(runs[0]):
        texts = [run[index][1] for run in runs if index < len(run) and run[index][0] == figure]
        values = [read_measured(text) for text in texts]
        if any(value is None for value in values) or not values:
            # Words, not numbers ("yes / no"): met when every run said what the goal says.
            said = "" if goal.strip() in ("", "—") else ("yes" if all(text == goal for text in texts) else "no")
            table.append((figure, "; ".join(dict.fromkeys(texts)), "", goal, said))
            continue
        numbers = [value.value for value in values if value is not None]
        unit = values[0].unit if values[0] is not None else ""
        count = counted_goal(goal)
        if count is not None and not count[1]:  # exactly so many: the worst is the farthest from it
            worst = max(numbers, key=lambda number: abs(number - count[0]))
        else:
            worst = max(numbers) if more_is_worse(goal, unit) else min(numbers)
        median = statistics.median(numbers)
        # The worst run's own words, and the median's number with its unit alone: the rest of a text
        # ("(0 over 16.7)", "the last in 147 ms") belongs to one run, not to the others.
        worst_text = texts[numbers.index(worst)]
        table.append((figure, _with_unit(median, unit_alone(unit)), worst_text, goal, met(goal, worst, unit)))
    return table


def unit_alone(unit: str) -> str:
    """The unit of a measured text's first number, without what the text says after it: "ms" of
    "ms (0 over 16.7)", "of 300" of "of 300, the last in 147 ms", "ms" of "/ 74 / 78 ms"."""
    head = re.split(r"[(,;/]", unit, maxsplit=1)[0].strip()
    if head:
        return head
    found = UNIT.search(unit)
    return found.group(1) if found else ""


def _with_unit(value: float, unit: str) -> str:
    """``value`` as the runs wrote it: 7.05×, 12.77 ms."""
    number = _number(value)
    return f"{number}{unit}" if unit.startswith("×") else f"{number} {unit}".strip()


def _number(value: float) -> str:
    return f"{value:,.2f}".rstrip("0").rstrip(".") if abs(value) < 1000 else f"{value:,.0f}"


def run_many(runs: int, arguments: list[str], folder: Path) -> list[list[Row]]:
    """Run `bench/run.py ARGUMENTS` ``runs`` times, one process after the other, each writing its
    rows as JSON into ``folder``; their rows."""
    results = []
    for number in range(1, runs + 1):
        out = folder / f"run-{number}.json"
        print(f"run {number} of {runs} …", flush=True)
        subprocess.run([sys.executable, str(Path(__file__).with_name("run.py")), *arguments, "--json", str(out)],
                       check=True, stdout=subprocess.DEVNULL)
        results.append([tuple(row) for row in json.loads(out.read_text())])
    return results


def print_summary(runs: list[list[Row]]) -> None:
    """The table: each figure's median and worst over the runs, its goal, and whether the worst meets it."""
    table = summarize(runs)
    width = max(len(row[0]) for row in table)
    print(f"{len(runs)} runs: median and worst of each figure")
    print(f"{'figure':<{width}}  {'median':>14}  {'worst':>14}  {'goal':<10}  met")
    print("-" * (width + 50))
    for figure, median, worst, goal, holds in table:
        print(f"{figure:<{width}}  {median:>14}  {worst:>14}  {goal:<10}  {holds}")


__all__ = ["counted_goal", "more_is_worse", "print_summary", "read_measured", "run_many", "summarize", "unit_alone"]
