"""The choices file is validated: each problem is refused with a message naming the step and field."""

from __future__ import annotations

import copy
import json

import pytest

from visualizer.lesson.choices import CHOICES_FILE, ChoicesError, load_choices, parse_choices
from visualizer.lesson.run import load_lesson

GOOD = json.loads(CHOICES_FILE.read_text(encoding="utf-8"))


def broken(change) -> dict:
    data = copy.deepcopy(GOOD)
    change(data)
    return data


def test_the_apps_file_loads_and_matches_the_lessons_questions():
    book = load_choices()
    book.check_against(load_lesson())
    assert set(book.questions) == {"swap-none", "swap-learned", "batch-question"}


def set_(path, value):
    def change(data):
        target = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
    return change


def delete(path):
    def change(data):
        target = data
        for key in path[:-1]:
            target = target[key]
        del target[path[-1]]
    return change


CASES = [
    ("not the app's file", set_(["format"], "other"), "not a choices file"),
    ("a newer version", set_(["version"], 2), "version 2"),
    ("a missing language", delete(["questions", "swap-none", "choices", 1, "why", "pt"]),
     "question 'swap-none', choice 2, 'why': the 'pt' text is missing"),
    ("an empty text", set_(["questions", "swap-learned", "choices", 0, "text", "en"], " "),
     "question 'swap-learned', choice 1, 'text': the 'en' text is missing or empty"),
    ("a value the computation does not give", set_(["questions", "swap-none", "choices", 0, "text", "en"], "{row}"),
     "question 'swap-none', choice 1, 'text' (en): {row} is not a value here ('swap' gives"),
    ("a stray brace", set_(["questions", "batch-question", "choices", 1, "text", "pt"], "Todas {V linhas"),
     "question 'batch-question', choice 2, 'text' (pt)"),
    ("a format spec", set_(["questions", "batch-question", "choices", 1, "text", "en"], "{V:>5}"),
     "must be a plain name"),
    ("an unknown computation", set_(["questions", "swap-none", "computed_by"], "magic"),
     "question 'swap-none', 'computed_by': 'magic' is not one of"),
    ("too few choices", lambda d: d["questions"]["swap-none"]["choices"].__delitem__(slice(2, None)),
     "question 'swap-none', 'choices': needs 3 to 5 choices"),
    ("two choices right for one outcome", set_(["questions", "swap-none", "choices", 3, "right_when"], "moved"),
     "question 'swap-none', 'right_when': outcome 'moved' must make exactly one choice right, not 2"),
    ("an outcome nobody gets right", set_(["questions", "swap-none", "choices", 0, "right_when"], None),
     "outcome 'identical' must make exactly one choice right, not 0"),
    ("an unknown outcome", set_(["questions", "swap-none", "choices", 0, "right_when"], "sideways"),
     "choice 1, 'right_when': 'sideways' is not an outcome of 'swap'"),
    ("an outcome left unexplained", delete(["questions", "batch-question", "outcomes", "all"]),
     "question 'batch-question', 'outcomes': must explain exactly all, exactly, fewer"),
    ("no reason when it cannot be asked", delete(["questions", "swap-learned", "unavailable"]),
     "question 'swap-learned', 'unavailable': needs a text in en and pt"),
    ("no token to follow", set_(["questions", "swap-learned", "follow_position"], 0),
     "question 'swap-learned', 'follow_position': must be a position"),
    ("two choices with one key", set_(["questions", "swap-none", "choices", 1, "key"], "nothing"),
     "two choices share a key"),
    ("a scheme without its phrase", delete(["with_scheme", "alibi"]), "'with_scheme', alibi"),
]


@pytest.mark.parametrize(("change", "message"), [case[1:] for case in CASES], ids=[case[0] for case in CASES])
def test_a_broken_file_is_refused_naming_the_step_and_field(change, message):
    with pytest.raises(ChoicesError) as raised:
        parse_choices(broken(change), "choices.json")
    assert message in str(raised.value)
    assert str(raised.value).startswith("choices.json")


def test_an_unreadable_file_names_itself(tmp_path):
    path = tmp_path / "choices.json"
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(ChoicesError, match=r"cannot read the choices .*choices\.json"):
        load_choices(path)
    with pytest.raises(ChoicesError, match="cannot read the choices"):
        load_choices(tmp_path / "missing.json")


def test_the_book_and_the_lesson_must_agree():
    lesson = load_lesson()
    book = parse_choices(broken(delete(["questions", "batch-question"])))
    with pytest.raises(ChoicesError, match=r"no choices for the question step.*batch-question"):
        book.check_against(lesson)
    extra = broken(lambda d: d["questions"].__setitem__("lookup", d["questions"]["swap-none"]))
    with pytest.raises(ChoicesError, match="lookup is not a question step"):
        parse_choices(extra).check_against(lesson)
