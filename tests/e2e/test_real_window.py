"""End to end with a real window and a real pointer: Xvfb, the xcb platform, xdotool.

`.ci/run` installs Xvfb and xdotool; this test does not skip without them, it fails.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests import spec

ROOT = Path(__file__).resolve().parents[2]
pytestmark = [pytest.mark.e2e, pytest.mark.slow]


def wait_for(condition, timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.05)


@pytest.fixture
def display():
    """A private Xvfb display, stopped after the test."""
    for tool in ("Xvfb", "xdotool"):
        assert shutil.which(tool), f"{tool} is missing: .ci/run installs it (apt-get install xvfb xdotool)"
    number = 90 + os.getpid() % 9
    server = subprocess.Popen(["Xvfb", f":{number}", "-screen", "0", "1600x1000x24", "-nolisten", "tcp"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wait_for(lambda: Path(f"/tmp/.X11-unix/X{number}").exists(), 10, "Xvfb")
    yield f":{number}"
    server.terminate()
    server.wait(timeout=10)


def xdotool(display: str, *args: str) -> None:
    subprocess.run(["xdotool", *args], env=dict(os.environ, DISPLAY=display), check=True, timeout=20)


def test_drag_sub_before_gato_with_a_real_pointer(display, tmp_path):
    env = dict(os.environ, DISPLAY=display, QT_QPA_PLATFORM="xcb")
    log_path = tmp_path / "app.log"
    with open(log_path, "w") as log:
        app = subprocess.Popen([sys.executable, str(ROOT / "tests" / "e2e" / "harness.py"), str(tmp_path)],
                               cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    try:
        wait_for(lambda: (tmp_path / "ready.json").exists() or app.poll() is not None, 60, "the window")
        assert app.poll() is None, log_path.read_text()
        ready = json.loads((tmp_path / "ready.json").read_text())
        chips = ready["chips"]
        sub, gato = chips[2], chips[1]  # "o gato subiu no": ␣sub is third, ␣gato second
        x, y = sub["centre"]
        xdotool(display, "mousemove", str(x), str(y))
        time.sleep(0.3)  # the pointer rests on the chip before the press, as a hand would
        xdotool(display, "mousedown", "1")
        time.sleep(0.1)
        target_x, target_y = gato["left"][0] + 4, gato["left"][1]
        for step in range(1, 21):  # a person's drag: many small moves, past the drag threshold
            xdotool(display, "mousemove", str(x + (target_x - x) * step // 20), str(y + (target_y - y) * step // 20))
            time.sleep(0.03)
        time.sleep(0.2)
        xdotool(display, "mouseup", "1")
        time.sleep(0.5)
        (tmp_path / "snapshot").touch()  # the app exports X and a screenshot now
        wait_for(lambda: (tmp_path / "after.png").exists(), 20, "the export")
        xdotool(display, "key", "F5")  # presentation mode
        time.sleep(0.5)
        xdotool(display, "key", "Right")  # the clicker: next lesson step
        time.sleep(0.5)
        (tmp_path / "done").touch()
        app.wait(timeout=60)
    finally:
        if app.poll() is None:
            app.kill()
    assert app.returncode == 0, log_path.read_text()
    exported = json.loads((tmp_path / "after.json").read_text())
    assert exported["ids"] == [0, 4, 2, 5, 1]
    assert exported["X"][2] == pytest.approx(spec.GATO_AT_3_LEARNED, abs=1e-9)
    state = json.loads((tmp_path / "state.json").read_text())
    assert state == {"presenting": True, "step": 0, "platform": "xcb"}  # F5, then → starts the lesson
    from PySide6.QtGui import QImage

    before, after = QImage(str(tmp_path / "before.png")), QImage(str(tmp_path / "after.png"))
    x, y, width, height = ready["strip"]
    assert before.copy(x, y, width, height) != after.copy(x, y, width, height)  # the chips moved on screen
