"""Never crash, never lose work: soak, leaks, clean exits, hostile files, offline, crash dialog."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import tracemalloc
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PySide6.QtCore import QEvent, QTimer
from PySide6.QtWidgets import QApplication, QMessageBox

from tests import spec
from visualizer.appearance import Appearance
from visualizer.io.session import SessionError, load_session
from visualizer.lab.state import GradientLab
from visualizer.model import EmbeddingModel
from visualizer.selection import Highlight
from visualizer.shell.main_window import MainWindow

ROOT = Path(__file__).resolve().parents[2]
PAGE = os.sysconf("SC_PAGE_SIZE")


def resident_bytes() -> int:
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * PAGE


def settle() -> None:
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    QApplication.processEvents()


@pytest.mark.slow(seconds=25)
def test_soak_twenty_thousand_clock_frames(window, figure):
    # At 1024 × 768, the smallest projector the app is made for: the clock's faces are 384 × 288
    # instead of 610 × 470, a frame costs ~1.4 ms instead of ~2.3 ms, and a leak per frame shows
    # just the same (what leaks is Python and Qt objects, not pixels).
    window.resize(1024, 768)
    window.tabs.show_view(window.view("rope_clock"))
    clock = window.view("rope_clock")
    for frame in range(500):  # warm caches before measuring
        clock.set_offset(frame * 0.01)
        clock.faces.repaint()
    start = resident_bytes()
    for frame in range(20_000):
        clock.set_offset((frame % 6400) * 0.01)
        clock.faces.repaint()
    growth = resident_bytes() - start
    figure(f"soak: 20,000 clock frames, resident memory growth {growth / 1e6:.2f} MB")
    assert growth < 5e6


def signal_connections(model: EmbeddingModel, appearance: Appearance, beside: list[Highlight | GradientLab]) -> int:
    """Connections to the shared state, and to the highlights and labs of the windows ``beside`` it."""
    signals = [group[name] for group in (model.events, appearance.events) for name in group]
    signals += [model.events.all, appearance.events.all, *(part.changed for part in beside)]
    return sum(len(signal) for signal in signals)


@pytest.mark.slow(seconds=20)
def test_hundred_open_close_cycles_leak_nothing(qtbot, figure):
    model, appearance = EmbeddingModel(), Appearance()
    settle()
    widgets_before = len(QApplication.allWidgets())
    baseline = signal_connections(model, appearance, [])
    beside: list[Highlight | GradientLab] = []
    for cycle in range(100):
        window = MainWindow(model, appearance)
        beside += [window.highlight, window.lab]
        window.show()
        for index in range(window.tabs.count()):  # build every lazy view
            window.tabs.setCurrentIndex(index)
        window.view("rope_clock").player.set_playing(cycle % 2 == 0)
        window.close()
        window.deleteLater()
        settle()
    leaked_top = [w for w in QApplication.topLevelWidgets() if w.isVisible()]
    timers = [t for w in QApplication.allWidgets() for t in w.findChildren(QTimer) if t.isActive()]
    widgets_after = len(QApplication.allWidgets())
    connections = signal_connections(model, appearance, beside) - baseline
    figure(f"leaks after 100 windows: {len(leaked_top)} top-level widgets, {len(timers)} running timers, "
           f"{widgets_after - widgets_before} widgets, {connections} psygnal connections")
    assert leaked_top == [] and timers == [] and connections == 0
    assert widgets_after == widgets_before


@pytest.mark.slow(seconds=40)  # two launches at a time: ~20 s of wall
def test_fifty_launches_exit_cleanly(tmp_path, figure):
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")  # with the test's private home

    def launch(number: int) -> int:
        return subprocess.run([sys.executable, "main.py", "--screenshot", str(tmp_path / f"s{number}.png")],
                              cwd=ROOT, env=env, capture_output=True, timeout=120).returncode

    # Two launches at a time (one per core of the 2-core CI machine): each is its own process with
    # its own output file, so they cannot disturb each other, and on free cores the 50 take half the time.
    with ThreadPoolExecutor(max_workers=2) as pool:
        codes = list(pool.map(launch, range(50)))
    figure(f"clean exit: 50 launches, exit codes {sorted(set(codes))}")
    assert codes == [0] * 50


def test_no_socket_is_opened_during_a_full_session(window, tmp_path, monkeypatch, qtbot):
    opened = []

    class NoNetwork(socket.socket):
        def __init__(self, *args, **kwargs):
            opened.append(args)
            raise AssertionError("the app tried to open a socket")

    monkeypatch.setattr(socket, "socket", NoNetwork)
    fds_before = sum(1 for fd in os.listdir("/proc/self/fd") if "socket" in _target(fd))
    for step in range(len(window.lesson_panel.lesson.steps) - 1):
        window.go_to_step(step)
        window.lesson_panel.reveal()
    for index in range(window.tabs.count()):
        window.tabs.setCurrentIndex(index)
    window.set_language("pt")
    window.set_language("en")
    window.documents.save_session(tmp_path / "s.json")
    window.documents.open_session(tmp_path / "s.json")
    window.exports.export_arrays(tmp_path)
    window.exports.export_view(tmp_path / "v.svg")
    window.exports.export_handout(tmp_path / "w.pdf")
    panel = window.view("gradient_lab").real_scale
    panel.vocabulary.setValue(2000)
    panel.start()
    qtbot.waitUntil(lambda: panel.result is not None, timeout=20_000)
    fds_after = sum(1 for fd in os.listdir("/proc/self/fd") if "socket" in _target(fd))
    assert opened == [] and fds_after == fds_before


def _target(fd: str) -> str:
    try:
        return os.readlink(f"/proc/self/fd/{fd}")
    except OSError:
        return ""


@pytest.mark.qt_no_exception_capture
def test_an_error_in_a_slot_shows_a_dialog_logs_it_and_the_app_goes_on(window, qtbot):
    from visualizer.crash import install_excepthook, log_path

    previous = sys.excepthook
    try:
        install_excepthook(window)

        def broken_slot() -> None:
            raise RuntimeError("a deliberately broken slot")

        QTimer.singleShot(0, broken_slot)
        qtbot.waitUntil(lambda: window.findChild(QMessageBox, "crash_dialog") is not None, timeout=3000)
        dialog = window.findChild(QMessageBox, "crash_dialog")
        assert "a deliberately broken slot" in dialog.text() and "still usable" in dialog.text()
        assert "a deliberately broken slot" in log_path().read_text()
        dialog.close()
        window.model.move_token(1, 2)  # still usable
        assert window.model.ids == tuple(spec.IDS_SUB_BEFORE_GATO)
    finally:
        sys.excepthook = previous


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10**12, 10**12) | st.floats() | st.text(max_size=20),
    lambda children: st.lists(children, max_size=6) | st.dictionaries(st.text(max_size=12), children, max_size=6),
    max_leaves=30)
session_like = st.fixed_dictionaries(
    {"format": st.sampled_from(["embedding-visualizer-session", "x"]), "version": json_values | st.just(1)},
    optional={"ids": json_values | st.lists(st.integers(-5, 40), max_size=40), "scheme": json_values,
              "attention": json_values, "E_edits": json_values, "lesson_step": json_values, "text": json_values})


@pytest.mark.slow
@given(session_like | json_values)
@settings(max_examples=300, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
          deadline=None)
def test_hostile_session_json_never_crashes(tmp_path, data):
    path = tmp_path / "hostile.json"
    path.write_text(json.dumps(data, allow_nan=True), encoding="utf-8")
    model = EmbeddingModel()
    tracemalloc.start()
    try:
        session = load_session(path, model)
    except SessionError:
        session = None
    finally:
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    assert peak < 100 * path.stat().st_size + 2_000_000  # never more than the file could justify
    if session is not None:
        model.restore(session.state)
        assert np.isfinite(model.X()[: model.n - len(model.beyond_trained_length())]).all()


@given(st.binary(max_size=2000))
@settings(max_examples=200, suppress_health_check=[HealthCheck.function_scoped_fixture], deadline=None)
def test_random_bytes_as_a_session_never_crash(tmp_path, data):
    path = tmp_path / "bytes.json"
    path.write_bytes(data)
    with pytest.raises(SessionError):
        load_session(path, EmbeddingModel())


def test_every_np_load_refuses_pickles_and_nothing_unpickles():
    sources = {p: p.read_text() for p in (ROOT / "visualizer").rglob("*.py")}
    for path, text in sources.items():
        for line in text.splitlines():
            if "np.load(" in line:
                assert "allow_pickle=False" in line, f"{path}: {line.strip()}"
        assert "import pickle" not in text and "pickle.load" not in text, path

