"""The class poll without Qt: questions with choices computed from the model, the answers in
memory, and the small web server phones answer on (waitress, on a thread of its own).

The Qt side (a controller handing answers to the UI through signals, the stage with the QR code,
the results chart, offline practice) lives in ``shell/class_poll.py`` and ``views/``.
"""

from .ballot import PHONES_PER_ADDRESS, SHARED_PHONES_PER_ADDRESS, Ballot, PollResults, Verdict
from .choices import ChoiceBook, ChoicesError, load_choices
from .crowding import Cap, Crowding
from .network import (
    LocalInterface,
    NoNetworkError,
    NotLocalAddressError,
    check_listen_address,
    choose_interface,
    is_room_address,
)
from .questions import AskedQuestion, Choice, Question, Unavailable, question_for
from .server import PORT, PollServer, bind_first_free, connection_cap, wait_closed
from .web import Limits, PollApp, code_text, load_page

__all__ = [
    "PHONES_PER_ADDRESS",
    "PORT",
    "SHARED_PHONES_PER_ADDRESS",
    "AskedQuestion",
    "Ballot",
    "Cap",
    "Choice",
    "ChoiceBook",
    "ChoicesError",
    "Crowding",
    "Limits",
    "LocalInterface",
    "NoNetworkError",
    "NotLocalAddressError",
    "PollApp",
    "PollResults",
    "PollServer",
    "Question",
    "Unavailable",
    "Verdict",
    "bind_first_free",
    "check_listen_address",
    "choose_interface",
    "code_text",
    "connection_cap",
    "is_room_address",
    "load_choices",
    "load_page",
    "question_for",
    "wait_closed",
]
