"""A lesson is a file (issue 31): written and read back to the same bytes, opened with --lesson by
every option and by File → Open lesson after saying whose it is; a broken or hostile file is refused
with one line naming the step and the field, and the lesson in use stays; a teacher's text is plain
text; a lesson written in one language shows it in the other, never a blank."""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.stage import step_index
from visualizer.lesson.file import BUILT_IN_LESSON, LessonError, lesson_text, parse_lesson, read_lesson

ROOT = Path(__file__).resolve().parents[2]
BUILT_IN = json.loads(BUILT_IN_LESSON.read_text(encoding="utf-8"))
EXAMPLE = ROOT / "docs" / "example-lesson.json"


def run_app(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(ROOT / "main.py"), *args], capture_output=True, text=True,
                          timeout=120, cwd=cwd, env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})


def a_lesson(change=None) -> dict:
    """The app's lesson as data, changed by ``change``."""
    data = copy.deepcopy(BUILT_IN)
    if change is not None:
        change(data)
    return data


# ---- the file, written and read ------------------------------------------------------------------


def test_the_app_s_own_lesson_is_such_a_file_and_writes_back_to_the_same_bytes(tmp_path):
    assert lesson_text(read_lesson(BUILT_IN_LESSON)) == BUILT_IN_LESSON.read_text(encoding="utf-8")
    first, second = tmp_path / "first.json", tmp_path / "second.json"
    assert run_app("--export-lesson", str(first)).returncode == 0
    assert run_app("--lesson", str(first), "--export-lesson", str(second)).returncode == 0
    assert first.read_bytes() == second.read_bytes() == BUILT_IN_LESSON.read_bytes()  # export, open, export
    example = tmp_path / "example.json"
    assert run_app("--lesson", str(EXAMPLE), "--export-lesson", str(example)).returncode == 0
    assert read_lesson(example) == read_lesson(EXAMPLE)
    assert str(ROOT) not in first.read_text(encoding="utf-8")  # self-contained: no path of this machine


@pytest.mark.parametrize(("name", "content", "message"), [
    ("truncated", lambda: BUILT_IN_LESSON.read_bytes()[:3000], "is not a JSON file"),
    ("latin-1", lambda: "{\"format\": \"n\u00e3o\"}".encode("latin-1"), "is not UTF-8 text"),
    ("nested", lambda: ("[" * 100_000 + "]" * 100_000).encode(), "nests objects too deeply"),
    ("huge", lambda: b" " * 30_000_000, "is 30.0 MB; a lesson file is at most 2 MB"),
    ("scheme", lambda: json.dumps(a_lesson(lambda d: d["steps"][2]["state"].update(scheme="absolute"))).encode(),
     "step 3 ('positions'), field 'state.scheme': 'absolute' is not one of"),
    ("kind", lambda: json.dumps(a_lesson(lambda d: d["steps"][5]["question"].update(kind="magic"))).encode(),
     "step 6 ('swap-none'), field 'question.kind': 'magic' is not one of swap"),
    ("types", lambda: json.dumps(a_lesson(lambda d: d["steps"][0].update(title=["An id"]))).encode(),
     "step 1 ('name'), field 'title': must be an object of texts by language"),
], ids=lambda value: value if isinstance(value, str) and len(value) < 10 else None)
def test_a_broken_or_hostile_file_is_one_line_and_exit_2(tmp_path, name, content, message):
    path = tmp_path / f"{name}.json"
    path.write_bytes(content())
    for options in (["--step", "2"], ["--export", str(tmp_path / "handout.pdf")], ["--export-lesson",
                                                                                   str(tmp_path / "out.json")]):
        result = run_app("--lesson", str(path), *options)
        assert result.returncode == 2, (options, result.stderr)
        assert len(result.stderr.strip().splitlines()) == 1 and message in result.stderr, result.stderr
        assert "Traceback" not in result.stderr
    assert not (tmp_path / "out.json").exists() and not (tmp_path / "handout.pdf").exists()


JSON_VALUES = st.recursive(st.none() | st.booleans() | st.integers(-3, 20) | st.floats(allow_nan=True) |
                           st.text(max_size=12), lambda inner: st.lists(inner, max_size=3) |
                           st.dictionaries(st.text(max_size=8), inner, max_size=3), max_leaves=6)


def paths_of(value, path=()):
    """Every path into a JSON value: keys of objects, indices of lists."""
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from paths_of(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from paths_of(item, (*path, index))


ALL_PATHS = [path for path in paths_of(BUILT_IN) if path]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(where=st.sampled_from(ALL_PATHS), value=JSON_VALUES, delete=st.booleans())
def test_a_mutated_lesson_opens_or_is_refused_naming_a_step_or_a_field(where, value, delete):
    data = a_lesson()
    target = data
    for key in where[:-1]:
        target = target[key]
    if delete and isinstance(target, dict):
        del target[where[-1]]
    else:
        target[where[-1]] = value
    try:
        parse_lesson(data)
    except LessonError as error:
        assert "field '" in str(error) or str(error).startswith("step "), str(error)


# ---- every option with --lesson ---------------------------------------------------------------------


def test_every_option_works_with_a_teacher_s_lesson(tmp_path):
    example = read_lesson(EXAMPLE)
    question = next(number for number, step in enumerate(example.steps, 1) if step.is_question)
    shot = tmp_path / "stage.png"
    result = run_app("--lesson", str(EXAMPLE), "--step", str(question), "--reveal", "--presentation",
                     "--screenshot", str(shot), "--size", "1024x768")
    assert result.returncode == 0 and result.stderr == "", result.stderr
    assert shot.read_bytes().startswith(b"\x89PNG")
    handout = tmp_path / "handout.pdf"
    assert run_app("--lesson", str(EXAMPLE), "--export", str(handout)).returncode == 0
    text = subprocess.run(["pdftotext", str(handout), "-"], capture_output=True, text=True, check=True).stdout
    prompt = example.steps[question - 1].question.prompt["en"]
    assert " ".join(prompt.split()) in " ".join(text.split())  # the teacher's question, not the app's
    assert "o gato subiu no" not in " ".join(text.split()) or example.steps[0].text == "o gato subiu no"
    result = run_app("--lesson", str(EXAMPLE), "--step", str(len(example.steps) + 1))
    assert result.returncode == 2 and f"--step must be 1 .. {len(example.steps)}" in result.stderr
    result = run_app("--lesson", str(EXAMPLE), "--poll", "--poll-interface", "127.0.0.1", "--step",
                     str(question), "--screenshot", str(shot))
    assert result.returncode == 0, result.stderr


# ---- in the window -------------------------------------------------------------------------------------


def test_open_lesson_says_whose_it_is_and_a_broken_one_leaves_the_lesson_in_use(window, tmp_path):
    files = window.lesson_files
    asked = []
    files._confirm = lambda lesson, path: asked.append((lesson, path)) or True
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps(a_lesson(lambda d: d["steps"][2]["state"].update(scheme="absolute"))),
                      encoding="utf-8")
    in_use = window.lesson_run.lesson
    assert not files.open(broken)
    assert window.lesson_run.lesson is in_use and asked == []
    assert "step 3 ('positions'), field 'state.scheme'" in window.problem_bar.label.text()
    assert files.open(EXAMPLE)
    assert asked and asked[0][1] == EXAMPLE and window.lesson_run.lesson == read_lesson(EXAMPLE)
    assert window.lesson_run.index == 0
    assert window.lesson_panel.title.text() == read_lesson(EXAMPLE).steps[0].title["en"]
    from visualizer.shell.lesson_files import describe

    said = describe(read_lesson(EXAMPLE), "en", EXAMPLE)
    lesson = read_lesson(EXAMPLE)
    assert str(len(lesson.steps)) in said and "English" in said and (lesson.author or "did not sign") in said
    saved = tmp_path / "saved.json"
    assert files.save_as(saved) and read_lesson(saved) == lesson
    files._confirm = lambda lesson, path: False  # the teacher cancels: the lesson in use stays
    assert not files.open(BUILT_IN_LESSON) and window.lesson_run.lesson == lesson


def test_a_teacher_s_text_is_plain_text_and_one_language_shows_in_the_other(window, tmp_path):
    def change(data):
        step = data["steps"][0]
        step["title"] = {"en": "<b>Bold</b> <img src=x onerror=alert(1)>"}
        step["caption"] = {"en": "Ids {ids} & <i>friends</i>"}

    path = tmp_path / "teacher.json"
    path.write_text(json.dumps(a_lesson(change)), encoding="utf-8")
    window.lesson_files._confirm = lambda lesson, path: True
    assert window.lesson_files.open(path)
    assert window.lesson_run.lesson.languages == ("en",)
    panel = window.lesson_panel
    window.set_language("pt")  # the step has no Portuguese: its English shows, never a blank
    assert panel.title.text() == "<b>Bold</b> <img src=x onerror=alert(1)>"
    assert panel.caption.text() == "Ids [0,\u00a02,\u00a04,\u00a05,\u00a01] & <i>friends</i>"
    from PySide6.QtCore import Qt

    assert panel.caption.textFormat() == Qt.TextFormat.PlainText
    assert panel.title.textFormat() == Qt.TextFormat.PlainText
    window.go_to_step(step_index("swap-none"))  # the other steps keep both languages
    assert panel.title.text().startswith("Verifique")
