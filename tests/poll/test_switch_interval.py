"""While the poll serves, the UI thread gets the interpreter every 0.2 ms."""

from __future__ import annotations

import sys

from visualizer.poll.ballot import Ballot
from visualizer.poll.server import SERVING_SWITCH_INTERVAL_S, PollServer
from visualizer.poll.web import Limits, PollApp

TOKEN = "k7q2m4xv5n3wz6ta2hq4rb7ceu"


def microseconds(interval: float) -> int:
    """Python keeps its switch interval in whole microseconds (0.0002 reads back as 0.000199…)."""
    return round(interval * 1e6)


def server() -> PollServer:
    limits = Limits()
    return PollServer(PollApp(Ballot(), TOKEN, (), limits), "127.0.0.1", 0, limits)


def test_while_a_server_runs_the_interpreter_changes_hands_more_often():
    """The server's threads and the UI share one interpreter: Python's 5 ms turns let 300 phones
    hold the UI past a frame. Once the last server has stopped, the interval is Python's own."""
    own = sys.getswitchinterval()
    assert own > SERVING_SWITCH_INTERVAL_S  # Python's own (5 ms): the change below can be seen
    serving = microseconds(SERVING_SWITCH_INTERVAL_S)
    first, second = server(), server()
    assert sys.getswitchinterval() == own  # made, not serving
    first.start()
    try:
        assert microseconds(sys.getswitchinterval()) == serving
        second.start()
        second.stop()
        assert microseconds(sys.getswitchinterval()) == serving  # the first still serves
    finally:
        first.stop()
    assert sys.getswitchinterval() == own
    first.stop()  # twice: the interval is given back once
    assert sys.getswitchinterval() == own
