"""The lesson file: checked field by field, every refusal naming the step and the field."""

from __future__ import annotations

import copy
import json

import pytest

from visualizer.lesson import LESSON_FILE, LessonError, load_lesson
from visualizer.lesson_file import parse_lesson

BUNDLED = json.loads(LESSON_FILE.read_text(encoding="utf-8"))
STEP_IDS = ("name", "lookup", "positions", "schemes", "swap-none", "swap-learned", "rope", "gradient",
            "batch-question")


def test_the_bundled_lesson_reads_with_its_step_ids_unchanged():
    # Sessions and the class poll's answers are keyed by these ids: they must stay put.
    lesson = load_lesson()
    assert tuple(step.id for step in lesson.steps) == STEP_IDS
    assert [lesson.index_of(step_id) for step_id in STEP_IDS] == list(range(len(STEP_IDS)))
    swap = lesson.steps[STEP_IDS.index("swap-none")]
    assert swap.reveal is not None and [(m.source, m.target) for m in swap.reveal.commands] == [(2, 1)]


def edited(change) -> dict:
    data = copy.deepcopy(BUNDLED)
    change(data)
    return data


def set_in_step(index: int, *path_and_value):
    *path, value = path_and_value

    def change(data: dict) -> None:
        target = data["steps"][index]
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return change


def drop_in_step(index: int, *path):
    def change(data: dict) -> None:
        target = data["steps"][index]
        for key in path[:-1]:
            target = target[key]
        del target[path[-1]]

    return change


CASES = [
    (set_in_step(4, "state", "scheme", "absolute"),
     "step 5 ('swap-none'), field 'state.scheme': 'absolute' is not one of none, learned, sinusoidal, rope, alibi"),
    (drop_in_step(0, "title", "pt"), "step 1 ('name'), field 'title.pt': is missing"),
    (set_in_step(2, "caption", "en", 3), "step 3 ('positions'), field 'caption.en': must be text, not 3"),
    (set_in_step(3, "state", "causal", "yes"), "step 4 ('schemes'), field 'state.causal': must be true or false"),
    (set_in_step(4, "reveal", "commands", [{"move": {"from": 0, "to": 2}}]),
     "step 5 ('swap-none'), field 'reveal.commands[0].move.from': must be a whole number of at least 1"),
    (set_in_step(4, "reveal", "variants", [{"when": {"moon": True}, "caption": {"en": "", "pt": ""}}]),
     "step 5 ('swap-none'), field 'reveal.variants[0].when.moon': is not a field here"),
    (set_in_step(1, "colour", "red"), "step 2 ('lookup'), field 'colour': is not a field here"),
    (set_in_step(6, "id", "Rope Clock"),
     "step 7 ('Rope Clock'), field 'id': 'Rope Clock' is not an id of lower-case letters"),
    (set_in_step(5, "id", "swap-none"), "step 6 ('swap-none'), field 'id': another step already has the id"),
    (drop_in_step(4, "reveal"), "step 5 ('swap-none'), field 'reveal': is missing: a question and its reveal"),
    (set_in_step(0, "staging", []), "step 1 ('name'), field 'staging': must be an object"),
    (lambda data: data.update(version=1), "field 'version': 1 is not one of 2"),
    (lambda data: data.update(steps=[]), "field 'steps': must be a list of at least 1"),
]


@pytest.mark.parametrize(("change", "message"), CASES, ids=[message[:40] for _, message in CASES])
def test_a_mistake_names_the_step_and_the_field(change, message):
    with pytest.raises(LessonError) as caught:
        parse_lesson(edited(change))
    assert message in str(caught.value)


def test_a_file_mistake_names_the_file_too(tmp_path):
    path = tmp_path / "steps.json"
    path.write_text(json.dumps(edited(set_in_step(4, "view", "Attention"))), encoding="utf-8")
    with pytest.raises(LessonError, match=r"the lesson steps.json: step 5 \('swap-none'\), field 'view': "
                                          r"'Attention' is not a view's name"):
        load_lesson(path)


@pytest.mark.parametrize(("change", "message"), [
    (set_in_step(0, "staging", {"lookup_only": "yes"}),
     "step 1 ('name'), field 'staging.lookup_only': must be true or false, not 'yes'"),
    (set_in_step(6, "staging", {"lesson_example": [3]}),
     "step 7 ('rope'), field 'staging.lesson_example': must be a list of 2 whole numbers or null"),
    (set_in_step(8, "reveal", "staging", {"page": "gpt2"}),
     "step 9 ('batch-question'), field 'reveal.staging.page': 'gpt2' is not one of toy, real_scale"),
    (set_in_step(3, "staging", {"zoom": 2}),
     "step 4 ('schemes'), field 'staging': the view comparison has no staging options"),
    (set_in_step(1, "staging", {"speed": 2}),
     "step 2 ('lookup'), field 'staging.speed': not an option of this view; its options are build, lookup_only"),
    (set_in_step(2, "view", "table_e"), "step 3 ('positions'), field 'view': 'table_e' is not one of x_panel"),
], ids=["bool", "pair", "page", "no options", "unknown option", "unknown view"])
def test_each_view_checks_its_own_staging_when_the_window_opens(qtbot, change, message):
    from visualizer.shell import MainWindow

    lesson = parse_lesson(edited(change))  # the file's own shape is fine: only the view can tell
    with pytest.raises(LessonError) as caught:
        MainWindow(lesson=lesson)
    assert message in str(caught.value)
