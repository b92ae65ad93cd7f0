"""The class poll in `make bench`: 300 phones answer within one second; 300 phones following the
stage get a step change within one second; hostile clients flood it.

The app's side runs here: the controller serving on loopback, and the stage (QR code, address,
count) shown at a projector's size, its count updated by the controller's signal. The phones run
in another process (bench/phones.py), each from its own loopback address. Measured: answers
counted, each answer's latency (p50, p99), and the UI's longest frame during the burst (the
longest gap between ticks of a 1 ms timer on the UI thread, while the stage repaints its count);
for the phones following the stage, when the last of them had the new step, and the update's size.

Imported by bench/run.py; `python bench/run.py poll` runs this section alone.
"""

from __future__ import annotations

import gc
import itertools
import json
import statistics
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QElapsedTimer, QEventLoop, Qt, QTimer
from PySide6.QtWidgets import QApplication

if TYPE_CHECKING:
    from visualizer.poll.class_poll import ClassPoll
    from visualizer.poll.join_panel import JoinPanel

Row = tuple[str, str, str]
PHONES = 300
BURST_S = 1.0
HERE = Path(__file__).resolve().parent


def as_the_app_runs() -> None:
    """What the app does once its window is built (``visualizer.app.resume_collections``): what
    lives so far is frozen out of the garbage collector. Without it a full collection, walking
    every object of the windows built (~40 ms here), could fall inside a measured frame, which
    never happens to the app."""
    gc.collect()
    gc.freeze()


def percentile(values: list[float], share: float) -> float:
    """The ``share`` quantile (0..1) of ``values``, nearest rank."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


def longest_gap(ticks: list[float]) -> float:
    """The longest time (ms) between two ticks of the UI thread's timer."""
    return max((later - earlier for earlier, later in itertools.pairwise(ticks)), default=float("nan"))


def run_event_loop(seconds: float, until: Callable[[], bool] | None = None) -> None:
    """Run Qt's own event loop (it sleeps when idle, as the app's does) for ``seconds`` or until
    ``until()`` holds (checked every 5 ms)."""
    loop = QEventLoop()
    QTimer.singleShot(round(seconds * 1000), loop.quit)
    check = QTimer()
    if until is not None:
        check.timeout.connect(lambda: loop.quit() if until() else None)
        check.start(5)
    loop.exec()
    check.stop()


def frames_over(ticks: list[float], budget_ms: float = 1000 / 60) -> int:
    """How many gaps between ticks of the UI thread's timer exceed one 60 Hz frame."""
    return sum(1 for earlier, later in itertools.pairwise(ticks) if later - earlier > budget_ms)


def frame_ticks() -> tuple[list[float], QTimer]:
    """The UI thread's frames: a running 1 ms timer that notes the time (ms) whenever the event
    loop is free to fire it, and the list it fills; a gap between two notes is a frame."""
    ticks: list[float] = []
    clock = QElapsedTimer()
    clock.start()
    timer = QTimer()
    timer.setTimerType(Qt.TimerType.PreciseTimer)
    timer.setInterval(1)
    timer.timeout.connect(lambda: ticks.append(clock.nsecsElapsed() / 1e6))
    timer.start()
    return ticks, timer


def projected_poll() -> tuple[ClassPoll, JoinPanel]:
    """A class poll on loopback asking the swap without positions (not open yet), and its stage as
    a 1024 × 768 projector shows it."""
    from visualizer.appearance import Appearance
    from visualizer.lesson.run import LessonRun, load_lesson
    from visualizer.model import EmbeddingModel
    from visualizer.poll.class_poll import ClassPoll
    from visualizer.poll.join_panel import JoinPanel
    from visualizer.shell.presentation import presentation_scale, stage_scale

    model, appearance = EmbeddingModel(), Appearance()
    appearance.set_scale(presentation_scale(1024, 768))
    appearance.set_presenting(True, stage_scale(1024, 768))
    lesson = load_lesson()
    run = LessonRun(lesson, model)
    run.go_to(next(index for index, step in enumerate(lesson.steps) if step.id == "swap-none"))
    poll = ClassPoll(model, appearance, run, address="127.0.0.1", port=0)
    stage = JoinPanel(appearance)
    stage.resize(1024, 516)
    return poll, stage


def poll_burst(app: QApplication) -> list[Row]:
    """Open a poll on loopback, let 300 phones answer within a second, measure both sides."""
    poll, stage = projected_poll()
    poll.answers_changed.connect(stage.set_count)
    if not poll.open() or poll.url is None:
        raise RuntimeError("the poll did not open on loopback")
    stage.set_address(poll.url)
    stage.show()
    app.processEvents()

    phones = subprocess.Popen([sys.executable, str(HERE / "phones.py"), poll.url, "swap-none", str(PHONES),
                               str(BURST_S)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert phones.stdin is not None and phones.stdout is not None
    if phones.stdout.readline().strip() != "ready":
        raise RuntimeError("the simulated phones did not get ready")

    as_the_app_runs()
    ticks, timer = frame_ticks()
    run_event_loop(BURST_S)  # the same second without phones: this machine's own noise
    quiet = longest_gap(ticks)
    quiet_over = frames_over(ticks)
    ticks.clear()
    phones.stdin.write("go\n")
    phones.stdin.flush()
    started = time.perf_counter()
    run_event_loop(BURST_S + 5, until=lambda: poll.answered >= PHONES)
    burst_ms = (time.perf_counter() - started) * 1000
    run_event_loop(0.05)  # the frames of the last answers
    timer.stop()
    result = json.loads(phones.stdout.readline())
    phones.wait(10)
    counted = poll.answered
    poll.detach()
    stage.close()
    stage.deleteLater()
    app.processEvents()

    gaps = [later - earlier for earlier, later in itertools.pairwise(ticks)]
    longest = longest_gap(ticks)
    latencies = [ms for ms, status in zip(result["latencies_ms"], result["statuses"], strict=True) if status == 200]
    accepted = sum(1 for status in result["statuses"] if status == 200)
    return [
        (f"class poll: {PHONES} phones answering within {BURST_S:g} s, answers counted",
         f"{counted} of {PHONES}", f"{PHONES} of {PHONES}"),
        ("  accepted by the server (HTTP 200)", f"{accepted} of {PHONES}", "—"),
        ("  answer latency, 99th percentile (median)",
         f"{percentile(latencies, 0.99):.1f} ms (p50 {statistics.median(latencies):.1f} ms)", "< 100 ms"),
        ("  the UI's longest frame during the burst (stage count repainting)",
         f"{longest:.1f} ms ({frames_over(ticks)} over 16.7)", "≤ 16 ms"),
        ("  the same second before the burst, no phones (this machine's own noise)",
         f"{quiet:.1f} ms ({quiet_over} over 16.7)", "—"),
        ("  the UI's frames during the burst, median", f"{statistics.median(gaps):.2f} ms ({len(gaps)} frames, "
         f"{burst_ms:.0f} ms)", "—"),
    ]


def poll_follow(app: QApplication) -> list[Row]:
    """300 phones follow the stage (each keeps a status waiting for a change, as the phone page
    does); the lesson moves to the next step: when each phone has it, measured in its own process
    on the same clock, and how large the update is."""
    from visualizer.appearance import Appearance
    from visualizer.lesson.run import LessonRun, load_lesson
    from visualizer.model import EmbeddingModel
    from visualizer.poll.class_poll import ClassPoll
    from visualizer.poll.web import Limits

    model, appearance = EmbeddingModel(), Appearance()
    lesson = load_lesson()
    run = LessonRun(lesson, model)
    start = lesson.index_of("positions")
    assert start is not None
    run.go_to(start)
    poll = ClassPoll(model, appearance, run, address="127.0.0.1", port=0)
    if not poll.open() or poll.url is None:
        raise RuntimeError("the poll did not open on loopback")
    phones = subprocess.Popen([sys.executable, str(HERE / "phones.py"), "follow", poll.url, str(PHONES)],
                              stdout=subprocess.PIPE, text=True)
    assert phones.stdout is not None
    if phones.stdout.readline().strip() != "ready":
        raise RuntimeError("the simulated phones did not get ready")
    run_event_loop(0.3)  # their waiting statuses reach the server
    lines: list[str] = []
    reader = threading.Thread(target=lambda: lines.append(phones.stdout.readline() if phones.stdout else ""))
    reader.start()
    as_the_app_runs()
    ticks, timer = frame_ticks()
    changed = time.monotonic()
    run.advance()  # the next step: its title, its caption, its matrices, to every phone
    run_event_loop(10, until=lambda: bool(lines))
    timer.stop()
    reader.join(10)
    phones.wait(10)
    stage = poll._ballot.status(None)["stage"]
    tables = ", ".join(table["name"].replace("_ids", "[ids]") for table in stage["tables"])
    poll.detach()
    run.close()
    app.processEvents()
    result = json.loads(lines[0])
    reached = [(arrived - changed) * 1000 for arrived, status in zip(result["arrived"], result["statuses"], strict=True)
               if status == 200]
    wait_s = Limits().wait_seconds
    last, middle = (max(reached), statistics.median(reached)) if reached else (float("nan"), float("nan"))
    return [
        (f"class poll: {PHONES} phones following the stage, a step change reaches them",
         f"{len(reached)} of {PHONES}", f"{PHONES} of {PHONES}"),
        ("  the last of them has it after (median)", f"{last:.0f} ms (p50 {middle:.0f} ms)", "< 1 s"),
        (f"  the update (the status with step {stage['number']}'s title, caption and {tables}, in two languages)",
         f"{max(result['sizes']):,} bytes", "< 50 kB"),
        ("  an unchanged step: what a phone asks", f"one status every {wait_s} s, answered 304 with no body", "—"),
        ("  the UI's longest frame meanwhile", f"{longest_gap(ticks):.1f} ms ({frames_over(ticks)} over 16.7)",
         "≤ 16 ms"),
    ]


FLOOD_S = 2.0


def poll_flood(app: QApplication) -> list[Row]:
    """Hostile clients on three addresses for two seconds (bench/flood.py, another process) while
    the stage shows the count: the UI's longest frame, and how many times the UI heard of it."""
    poll, stage = projected_poll()
    poll.show_in(join_panel=stage)
    heard = [0]
    poll.answers_changed.connect(lambda _count: heard.__setitem__(0, heard[0] + 1))
    poll.crowding_changed.connect(lambda: heard.__setitem__(0, heard[0] + 1))
    if not poll.open() or poll.url is None:
        raise RuntimeError("the poll did not open on loopback")
    stage.show()
    app.processEvents()
    hostile = subprocess.Popen([sys.executable, str(HERE / "flood.py"), poll.url, "swap-none", str(FLOOD_S)],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert hostile.stdin is not None and hostile.stdout is not None
    if hostile.stdout.readline().strip() != "ready":
        raise RuntimeError("the hostile clients did not get ready")
    as_the_app_runs()
    ticks, timer = frame_ticks()
    run_event_loop(FLOOD_S)  # as long without the flood: this machine's own noise
    quiet, quiet_over = longest_gap(ticks), frames_over(ticks)
    ticks.clear()
    hostile.stdin.write("go\n")
    hostile.stdin.flush()
    run_event_loop(FLOOD_S + 0.2)
    timer.stop()
    result = json.loads(hostile.stdout.readline())
    hostile.wait(10)
    counted, warned, on_stage = poll.answered, poll.warning is not None, stage.warning_shown() is not None
    poll.detach()
    stage.close()
    stage.deleteLater()
    app.processEvents()
    statuses = result["statuses"]
    return [
        (f"class poll: hostile clients on 3 addresses for {FLOOD_S:g} s (flood, new phone ids, idle lines)",
         f"{result['sent']:,} requests tried: {statuses.get('200', 0):,} served, {statuses.get('429', 0):,} × 429, "
         f"{statuses.get('dropped', 0):,} dropped", "—"),
        ("  answers counted from the address minting phone ids", f"{counted}", "1"),
        ("  the UI's longest frame during the flood (stage shown)",
         f"{longest_gap(ticks):.1f} ms ({frames_over(ticks)} over 16.7)", "≤ 16 ms"),
        (f"  the same {FLOOD_S:g} s before the flood (this machine's own noise)",
         f"{quiet:.1f} ms ({quiet_over} over 16.7)", "—"),
        # One per address crowding and one per burst of answers: a few, never one per request.
        ("  signals the UI handled (answers, crowding)", f"{heard[0]}", "≤ 10"),
        ("  advice about the network: on the teacher's screen / on stage",
         f"{'yes' if warned else 'no'} / {'yes' if on_stage else 'no'}", "yes / no"),
    ]


if __name__ == "__main__":
    existing = QApplication.instance()
    application = existing if isinstance(existing, QApplication) else QApplication([])
    for row in (*poll_burst(application), *poll_follow(application)):
        print(" | ".join(row))
