"""The lesson file: checked field by field, every refusal naming the step and the field."""

from __future__ import annotations

import copy
import json

import pytest

from visualizer.lesson.file import parse_lesson
from visualizer.lesson.run import LESSON_FILE, LessonError, load_lesson

BUNDLED = json.loads(LESSON_FILE.read_text(encoding="utf-8"))
# The ids of the first lesson (sessions, the class poll's answers and the handout key on them) and,
# in between, the steps that brought every scheme and the scale facts on stage (issue 16).
FIRST_IDS = ("name", "lookup", "positions", "schemes", "swap-none", "swap-learned", "rope", "gradient",
             "batch-question")
STEP_IDS = ("name", "lookup", "positions", "sinusoidal", "schemes", "swap-none", "swap-learned", "rope", "alibi",
            "nope", "gradient", "scale", "batch-question")


def test_the_bundled_lesson_reads_with_its_step_ids_unchanged():
    # Sessions and the class poll's answers are keyed by these ids: they must stay put, in order.
    lesson = load_lesson()
    assert tuple(step.id for step in lesson.steps) == STEP_IDS
    assert tuple(step_id for step_id in STEP_IDS if step_id in FIRST_IDS) == FIRST_IDS
    assert [lesson.index_of(step_id) for step_id in STEP_IDS] == list(range(len(STEP_IDS)))
    swap = lesson.steps[STEP_IDS.index("swap-none")]
    assert swap.reveal is not None and [(m.source, m.target) for m in swap.reveal.commands] == [(2, 1)]


def edited(change) -> dict:
    data = copy.deepcopy(BUNDLED)
    change(data)
    return data


def where(step_id: str) -> str:
    """How a message names the bundled step ``step_id``: "step 6 ('swap-none')"."""
    return f"step {STEP_IDS.index(step_id) + 1} ({step_id!r})"


def set_in_step(step_id: str, *path_and_value):
    *path, value = path_and_value

    def change(data: dict) -> None:
        target = data["steps"][STEP_IDS.index(step_id)]
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return change


def drop_in_step(step_id: str, *path):
    def change(data: dict) -> None:
        target = data["steps"][STEP_IDS.index(step_id)]
        for key in path[:-1]:
            target = target[key]
        del target[path[-1]]

    return change


CASES = [
    (set_in_step("swap-none", "state", "scheme", "absolute"),
     f"{where('swap-none')}, field 'state.scheme': 'absolute' is not one of none, learned, sinusoidal, rope, alibi"),
    (drop_in_step("name", "title", "pt"), f"{where('name')}, field 'title.pt': is missing"),
    (set_in_step("positions", "caption", "en", 3), f"{where('positions')}, field 'caption.en': must be text, not 3"),
    (set_in_step("schemes", "state", "causal", "yes"),
     f"{where('schemes')}, field 'state.causal': must be true or false"),
    (set_in_step("swap-none", "reveal", "commands", [{"move": {"from": 0, "to": 2}}]),
     f"{where('swap-none')}, field 'reveal.commands[0].move.from': must be a whole number of at least 1"),
    (set_in_step("swap-none", "reveal", "variants", [{"when": {"moon": True}, "caption": {"en": "", "pt": ""}}]),
     f"{where('swap-none')}, field 'reveal.variants[0].when.moon': is not a field here"),
    (set_in_step("lookup", "colour", "red"), f"{where('lookup')}, field 'colour': is not a field here"),
    (set_in_step("rope", "id", "Rope Clock"),
     f"step {STEP_IDS.index('rope') + 1} ('Rope Clock'), field 'id': 'Rope Clock' is not an id of lower-case letters"),
    (set_in_step("swap-learned", "id", "swap-none"),
     f"step {STEP_IDS.index('swap-learned') + 1} ('swap-none'), field 'id': another step already has the id"),
    (drop_in_step("swap-none", "reveal"),
     f"{where('swap-none')}, field 'reveal': is missing: a question and its reveal"),
    (set_in_step("name", "staging", []), f"{where('name')}, field 'staging': must be an object"),
    (set_in_step("alibi", "state", "alibi_head", 9),
     f"{where('alibi')}, field 'state.alibi_head': head 9 of 8 heads: the head is 1 .. H and H is 1 .. 16"),
    (set_in_step("alibi", "state", "alibi_heads", 0),
     f"{where('alibi')}, field 'state.alibi_heads': must be a whole number of at least 1, not 0"),
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
    path.write_text(json.dumps(edited(set_in_step("swap-none", "view", "Attention"))), encoding="utf-8")
    number = STEP_IDS.index("swap-none") + 1
    with pytest.raises(LessonError, match=rf"the lesson steps.json: step {number} \('swap-none'\), field 'view': "
                                          r"'Attention' is not a view's name"):
        load_lesson(path)


@pytest.mark.parametrize(("change", "message"), [
    (set_in_step("positions", "staging", {"lookup_only": "yes"}),
     f"{where('positions')}, field 'staging.lookup_only': must be true or false, not 'yes'"),
    (set_in_step("rope", "staging", {"lesson_example": [3]}),
     f"{where('rope')}, field 'staging.lesson_example': must be a list of 2 whole numbers or null"),
    (set_in_step("batch-question", "reveal", "staging", {"page": "gpt2"}),
     f"{where('batch-question')}, field 'reveal.staging.page': 'gpt2' is not one of toy, real_scale"),
    (set_in_step("schemes", "staging", {"zoom": 2}),
     f"{where('schemes')}, field 'staging': the view comparison has no staging options"),
    (set_in_step("positions", "staging", {"speed": 2}),
     f"{where('positions')}, field 'staging.speed': not an option of this view; its options are before_after, "
     "build, lookup_only"),
    (set_in_step("positions", "view", "table_e"),
     f"{where('positions')}, field 'view': 'table_e' is not one of x_panel"),
    (set_in_step("gradient", "staging", {"batch": 0}),
     f"{where('gradient')}, field 'staging.batch': must be 1 .. 100000, not 0"),
    (set_in_step("name", "staging", {"copies": 1}), f"{where('name')}, field 'staging.copies': must be true or false"),
    (set_in_step("alibi", "staging", {"side_numbers": "yes"}),
     f"{where('alibi')}, field 'staging.side_numbers': must be true or false"),
], ids=["bool", "pair", "page", "no options", "unknown option", "unknown view", "batch", "copies", "side"])
def test_each_view_checks_its_own_staging_when_the_window_opens(qtbot, change, message):
    from visualizer.shell.main_window import MainWindow

    lesson = parse_lesson(edited(change))  # the file's own shape is fine: only the view can tell
    with pytest.raises(LessonError) as caught:
        MainWindow(lesson=lesson)
    assert message in str(caught.value)
