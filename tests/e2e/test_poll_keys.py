"""The class poll driven with real keys: the app (``main.py --presentation --step N --poll
--poll-interface 127.0.0.1``) on Xvfb with the xcb platform, keys pressed by xdotool.

Presenting, F6 closes the poll (its port closes) and asks again; the clicker's Page Down shows the
class's answers (phones see the right one), then the demonstration; Ctrl+Q quits and the port is
closed. In the ordinary window one Page Down reveals everywhere: the phones have the right answer
and the app's answer on stage at once, and the next Page Down moves on. The app prints the poll's
address each time it opens, which is how a kiosk's log (and this test) finds it.
"""

from __future__ import annotations

import contextlib
import os
import queue
import re
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.test_real_window import xdotool, xvfb
from tests.poll.phones import Phone
from visualizer.lesson.run import load_lesson
from visualizer.poll.server import wait_closed

ROOT = Path(__file__).resolve().parents[2]
# The step the app starts on, as the command line numbers it: the swap with learned positions.
SWAP_LEARNED = 1 + [step.id for step in load_lesson().steps].index("swap-learned")
pytestmark = [pytest.mark.e2e, pytest.mark.slow(seconds=8)]
OPENED = re.compile(r"class poll open at (http://127\.0\.0\.1:(\d+)/\w+/)")


def lines_of(stream) -> tuple[queue.Queue[str], threading.Thread]:
    """The lines the app prints, as they come, and the thread that reads them."""
    lines: queue.Queue[str] = queue.Queue()

    def read() -> None:
        for line in stream:
            lines.put(line)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    return lines, reader


def next_address(lines: queue.Queue[str], log: list[str]) -> tuple[str, int]:
    while True:
        line = lines.get(timeout=60)
        log.append(line)
        found = OPENED.search(line)
        if found:
            return found.group(1), int(found.group(2))


def phone_sees(phone: Phone, condition: Callable[[dict[str, Any]], bool], what: str, timeout: float = 10) -> None:
    """Wait until the phone's status meets ``condition``, asking four times a second as a phone might
    (the poll lets an address make 10 requests a second after a burst of 30: asking every 50 ms, the
    test itself was refused with 429 on a loaded machine)."""
    deadline = time.monotonic() + timeout
    while not condition(phone.status()):
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.25)


@contextlib.contextmanager
def app_with_the_poll(display: str, *args: str) -> Iterator[tuple[subprocess.Popen[str], queue.Queue[str]]]:
    """``main.py --poll`` on ``display`` with ``args``, its printed lines as they come; killed if
    the test stopped half-way, its output read to the end."""
    env = dict(os.environ, DISPLAY=display, QT_QPA_PLATFORM="xcb")
    app = subprocess.Popen([sys.executable, str(ROOT / "main.py"), *args, "--poll", "--poll-interface", "127.0.0.1",
                            "--lang", "en"], cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           text=True)
    output = app.stdout
    assert output is not None  # stdout=PIPE
    lines, reader = lines_of(output)
    try:
        yield app, lines
    finally:
        if app.poll() is None:
            app.kill()
            app.wait()
        reader.join(timeout=10)  # the app is gone: its output has ended
        output.close()


def focus_the_window(display: str) -> None:
    """Give the app's window the keyboard (the bare X server has no window manager to do it)."""
    window = subprocess.run(["xdotool", "search", "--sync", "--onlyvisible", "--name", "Embeddings"],
                            env=dict(os.environ, DISPLAY=display), capture_output=True, text=True,
                            timeout=30, check=True).stdout.split()[0]
    xdotool(display, "windowfocus", "--sync", window)


def test_f6_page_down_and_ctrl_q_as_real_keys_and_the_port_closes_after(tmp_path):
    log: list[str] = []
    with xvfb() as display, app_with_the_poll(display, "--presentation", "--step", str(SWAP_LEARNED)) as (app, lines):
        url, port = next_address(lines, log)
        phone = Phone(url)
        assert phone.status()["question"]["id"] == "swap-learned"
        phone.close()
        focus_the_window(display)

        xdotool(display, "key", "F6")  # closes the poll
        assert wait_closed("127.0.0.1", port), "F6 left the port open"
        xdotool(display, "key", "F6")  # asks again: the same room, the phones' page still works
        url_again, port = next_address(lines, log)
        assert url_again.rsplit(":", 1)[1].split("/", 1)[1] == url.rsplit(":", 1)[1].split("/", 1)[1]
        phone = Phone(url_again)
        phone.open_page()
        assert phone.answer("swap-learned", 0).status == 200

        xdotool(display, "key", "Next")  # the clicker's Page Down: first the class's answers
        phone_sees(phone, lambda status: status["question"]["revealed"], "the answers shown to phones")
        assert phone.answer("swap-learned", 2).status == 409  # frozen
        xdotool(display, "key", "Next")  # then the demonstration; the poll stays open for the next question
        phone.close()

        xdotool(display, "key", "ctrl+q")
        app.wait(timeout=30)
    assert app.returncode == 0, "".join(log)
    assert wait_closed("127.0.0.1", port), "the port stayed open after Ctrl+Q"


def test_in_the_ordinary_window_one_page_down_reveals_on_the_phones_and_in_the_app(tmp_path):
    from visualizer.lesson.run import LessonRun
    from visualizer.model import EmbeddingModel
    from visualizer.poll.stage import caption_text

    lesson = load_lesson()
    model = EmbeddingModel()
    expected = LessonRun(lesson, model)  # what the app shows once revealed, computed here
    expected.go_to(SWAP_LEARNED - 1)
    asked = caption_text(expected, "en", lambda _language, text: text)
    expected.reveal()
    answered = caption_text(expected, "en", lambda _language, text: text)
    expected.close()
    assert asked != answered
    log: list[str] = []
    with xvfb() as display, app_with_the_poll(display, "--step", str(SWAP_LEARNED)) as (app, lines):
        url, port = next_address(lines, log)
        phone = Phone(url)
        phone.open_page()
        assert phone.answer("swap-learned", 1).status == 200
        before = phone.status()
        assert not before["question"]["revealed"] and before["stage"]["caption"]["en"] == asked
        focus_the_window(display)

        xdotool(display, "key", "Next")  # one key: the answer everywhere
        phone_sees(phone, lambda status: status["stage"]["revealed"], "the app's reveal on the phones")
        after = phone.status()
        assert after["question"]["revealed"] and after["question"]["right"] is not None
        assert after["stage"]["caption"]["en"] == answered  # no longer "Predict, then reveal"
        xdotool(display, "key", "Next")  # the next one moves on
        phone_sees(phone, lambda status: status["stage"]["number"] == SWAP_LEARNED + 1, "the next step")
        phone.close()
        xdotool(display, "key", "ctrl+q")
        app.wait(timeout=30)
    assert app.returncode == 0, "".join(log)
    assert wait_closed("127.0.0.1", port), "the port stayed open after Ctrl+Q"
