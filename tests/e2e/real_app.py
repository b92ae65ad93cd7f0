"""The app itself on a private X server, driven by xdotool: the helpers of the window's end-to-end
tests (not a test module).

A :class:`Display` is an Xvfb screen of a chosen size, with or without a window manager (openbox);
:meth:`Display.launch` starts ``harness.py --app`` there with a private home (the user's settings,
the autosave), and :class:`RunningApp` clicks, types and reads the window's state back.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from tests.conftest import private_home_env

ROOT = Path(__file__).resolve().parents[2]
HARNESS = ROOT / "tests" / "e2e" / "harness.py"


def wait_for(condition: Callable[[], object], timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.05)


class Display:
    """A private X display (``name``), with a window manager if asked."""

    def __init__(self, name: str, window_manager: bool) -> None:
        self.name, self.window_manager = name, window_manager

    def xdotool(self, *args: str) -> str:
        result = subprocess.run(["xdotool", *args], env=dict(os.environ, DISPLAY=self.name), check=True,
                                timeout=20, capture_output=True, text=True)
        return result.stdout

    @contextlib.contextmanager
    def running(self, folder: Path, home: Path, *args: str) -> Iterator[RunningApp]:
        """:meth:`launch`, and the launch ended whatever state it is in when the block ends (a test
        that failed half-way leaves no app behind)."""
        app = self.launch(folder, home, *args)
        try:
            yield app
        finally:
            app.stop()

    def launch(self, folder: Path, home: Path, *args: str) -> RunningApp:
        """The app (``visualizer.app.main(args)``) under the harness, its home ``home``."""
        folder.mkdir(parents=True, exist_ok=True)
        for stale in ("ready.json",):
            (folder / stale).unlink(missing_ok=True)
        env = dict(os.environ, DISPLAY=self.name, QT_QPA_PLATFORM="xcb", **private_home_env(home))
        env.pop("QT_SCALE_FACTOR", None)
        log = open(folder / "app.log", "a")  # closed by RunningApp
        process = subprocess.Popen([sys.executable, str(HARNESS), str(folder), "--app", *args], cwd=ROOT, env=env,
                                   stdout=log, stderr=subprocess.STDOUT)
        wait_for(lambda: (folder / "ready.json").exists() or process.poll() is not None, 60, "the window")
        assert process.poll() is None, (folder / "app.log").read_text()
        app = RunningApp(self, folder, process, log)
        app.focus()
        return app


@contextlib.contextmanager
def display(width: int = 1366, height: int = 768, window_manager: bool = False) -> Iterator[Display]:
    """Xvfb at ``width`` × ``height`` on a free number (Xvfb picks it), openbox on it if asked."""
    for tool in ("Xvfb", "xdotool", *(("openbox",) if window_manager else ())):
        assert shutil.which(tool), f"{tool} is missing: `make test` installs it (packaging/debian-packages.txt)"
    read_end, write_end = os.pipe()
    server = subprocess.Popen(["Xvfb", "-displayfd", str(write_end), "-screen", "0", f"{width}x{height}x24",
                               "-nolisten", "tcp"], pass_fds=(write_end,),
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write_end)
    manager = None
    try:
        with os.fdopen(read_end) as announced:
            number = announced.readline().strip()  # written once the server accepts clients
        assert number, "Xvfb did not start"
        name = f":{number}"
        if window_manager:
            manager = subprocess.Popen(["openbox", "--sm-disable"], env=dict(os.environ, DISPLAY=name),
                                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            time.sleep(0.5)  # it takes the screen before the window maps
        yield Display(name, window_manager)
    finally:
        if manager is not None:
            manager.terminate()
            manager.wait(timeout=10)
        server.terminate()
        server.wait(timeout=10)


class RunningApp:
    """One launch of the app: real clicks and keys in, its state read back through the harness."""

    def __init__(self, display: Display, folder: Path, process: subprocess.Popen[bytes], log: Any) -> None:
        self.display, self.folder, self.process, self._log = display, folder, process, log
        self._requests = 0
        self.ready = json.loads((folder / "ready.json").read_text())

    def focus(self) -> None:
        """Give the window the keyboard, as a person's first click would (a bare X server has no
        window manager to do it)."""
        window = self.display.xdotool("search", "--onlyvisible", "--pid", str(self.process.pid)).split()[0]
        self.display.xdotool("windowfocus", "--sync", window)
        time.sleep(0.2)

    def log(self) -> str:
        return (self.folder / "app.log").read_text()

    def state(self) -> dict[str, Any]:
        """The window's state now (after the events already sent have been handled)."""
        self._requests += 1
        name = f"r{self._requests}"
        (self.folder / f"state-{name}").touch()
        path = self.folder / f"{name}.state.json"
        wait_for(lambda: path.exists() or self.process.poll() is not None, 20, "the window's state")
        assert self.process.poll() is None, self.log()
        return json.loads(path.read_text())

    def centre(self, place: str) -> tuple[int, int]:
        x, y, width, height = self.state()["places"][place]
        return x + width // 2, y + height // 2

    def click(self, place: str, double: bool = False) -> None:
        x, y = self.centre(place)
        self.display.xdotool("mousemove", str(x), str(y))
        time.sleep(0.1)
        self.display.xdotool("click", *(("--repeat", "2", "--delay", "80") if double else ()), "1")
        time.sleep(0.2)

    def key(self, *keys: str, pause: float = 0.2) -> None:
        for key in keys:
            self.display.xdotool("key", "--clearmodifiers", key)
            time.sleep(pause)

    def type(self, text: str) -> None:
        self.display.xdotool("type", "--delay", "30", "--", text)  # "--": a text such as "-0" is no option
        time.sleep(0.2)

    def kill(self) -> None:
        """As a crash would: no chance to save or clean up."""
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=20)
        self._log.close()

    def wait_exit(self, timeout: float = 30) -> int:
        code = self.process.wait(timeout=timeout)
        self._log.close()
        return code

    def stop(self) -> None:
        """End the launch whatever state it is in (the test failed half-way)."""
        if self.process.poll() is None:
            self.kill()
        self._log.close()
