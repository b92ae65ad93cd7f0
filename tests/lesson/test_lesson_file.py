"""The lesson file: checked field by field and whole (its questions against their kinds), every
refusal naming the step and the field; a file of the previous version still opens."""

from __future__ import annotations

import copy
import json

import pytest

from visualizer.lesson.file import parse_lesson
from visualizer.lesson.run import BUILT_IN_LESSON, LessonError, load_lesson

BUNDLED = json.loads(BUILT_IN_LESSON.read_text(encoding="utf-8"))
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
    assert swap.reveal is not None and [(m.source, m.target) for m in swap.reveal.moves] == [(2, 1)]
    asked = {step.id: step.question.kind for step in lesson.steps if step.question is not None}
    assert asked == {"swap-none": "swap", "swap-learned": "moved_row", "batch-question": "sparse_gradient"}


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
    (set_in_step("name", "title", "fr", "Un id n'est qu'un nom"),
     f"{where('name')}, field 'title.fr': is not a language of the app (en, pt)"),
    (set_in_step("name", "title", {}), f"{where('name')}, field 'title': needs a text in en or pt"),
    (set_in_step("positions", "caption", "en", 3), f"{where('positions')}, field 'caption.en': must be text, not 3"),
    (set_in_step("schemes", "state", "causal", "yes"),
     f"{where('schemes')}, field 'state.causal': must be true or false"),
    (set_in_step("swap-none", "reveal", "moves", [{"from": 0, "to": 2}]),
     f"{where('swap-none')}, field 'reveal.moves[0].from': must be a whole number of at least 1"),
    (set_in_step("swap-none", "reveal", "caption", {"en": "Rows 2 and 3 traded places.", "pt": "…"}),
     f"{where('swap-none')}, field 'reveal.caption': is not a field here (the fields are moves, view_options)"),
    (set_in_step("lookup", "colour", "red"), f"{where('lookup')}, field 'colour': is not a field here"),
    (set_in_step("rope", "id", "Rope Clock"),
     f"step {STEP_IDS.index('rope') + 1} ('Rope Clock'), field 'id': 'Rope Clock' is not an id of lower-case letters"),
    (set_in_step("swap-learned", "id", "swap-none"),
     f"step {STEP_IDS.index('swap-learned') + 1} ('swap-none'), field 'id': another step already has the id"),
    (drop_in_step("swap-none", "reveal"),
     f"{where('swap-none')}, field 'reveal': is missing: a question and its reveal"),
    (set_in_step("name", "view_options", []), f"{where('name')}, field 'view_options': must be an object"),
    (set_in_step("alibi", "state", "alibi_head", 9),
     f"{where('alibi')}, field 'state.alibi_head': head 9 of 8 heads: the head is 1 .. H and H is 1 .. 16"),
    (set_in_step("alibi", "state", "alibi_heads", 0),
     f"{where('alibi')}, field 'state.alibi_heads': must be a whole number of at least 1, not 0"),
    (lambda data: data.update(version=1), "field 'version': 1 is not one of 3"),
    (lambda data: data.update(steps=[]), "field 'steps': must be a list of at least 1"),
    (lambda data: data["scheme_phrases"].pop("alibi"), "field 'scheme_phrases.alibi': is missing"),
    # The questions, checked against their kinds (their choices were a file of their own once).
    (set_in_step("swap-none", "question", "choices", 1, "why", "nope"),
     f"{where('swap-none')}, field 'question.choices[1].why': must be an object of texts by language"),
    (set_in_step("swap-learned", "question", "choices", 0, "text", "en", " "),
     f"{where('swap-learned')}, field 'question.choices[0].text.en': is empty"),
    (set_in_step("swap-none", "question", "choices", 0, "text", "en", "{row}"),
     f"{where('swap-none')}, field 'question.choices[0].text.en': {{row}} is not a value here "
     "(swap gives a, b, outputs, p"),
    (set_in_step("batch-question", "question", "choices", 1, "text", "pt", "Todas {V linhas"),
     f"{where('batch-question')}, field 'question.choices[1].text.pt': "),
    (set_in_step("batch-question", "question", "choices", 1, "text", "en", "{V:>5}"), "must be a plain name"),
    (set_in_step("swap-none", "question", "kind", "magic"),
     f"{where('swap-none')}, field 'question.kind': 'magic' is not one of swap, moved_row, sparse_gradient"),
    (lambda data: data["steps"][STEP_IDS.index("swap-none")]["question"]["choices"].__delitem__(slice(2, None)),
     f"{where('swap-none')}, field 'question.choices': must be a list of at least 3"),
    (set_in_step("swap-none", "question", "choices", 3, "right_when", "moved"),
     f"{where('swap-none')}, field 'question.choices': outcome 'moved' must make exactly one choice right, not 2"),
    (set_in_step("swap-none", "question", "choices", 0, "right_when", None),
     "outcome 'identical' must make exactly one choice right, not 0"),
    (set_in_step("swap-none", "question", "choices", 0, "right_when", "sideways"),
     f"{where('swap-none')}, field 'question.choices[0].right_when': 'sideways' is not an outcome of swap"),
    (drop_in_step("batch-question", "question", "outcomes", "all"),
     f"{where('batch-question')}, field 'question.outcomes.all': is missing"),
    (drop_in_step("swap-learned", "question", "unavailable"),
     f"{where('swap-learned')}, field 'question.unavailable': is missing"),
    (set_in_step("swap-learned", "question", "follow", 0),
     f"{where('swap-learned')}, field 'question.follow': must be a whole number of at least 1, not 0"),
    (drop_in_step("swap-learned", "question", "follow"),
     f"{where('swap-learned')}, field 'question.follow': is missing"),
    (set_in_step("swap-none", "question", "choices", 1, "key", "nothing"),
     f"{where('swap-none')}, field 'question.choices': two choices share a key"),
    (set_in_step("swap-none", "question", "prompt", "en", "Swap {a}?"),
     f"{where('swap-none')}, field 'question.prompt.en': {{a}} is not a value here (it takes no values)"),
    (set_in_step("batch-question", "question", "unavailable", {"en": "x", "pt": "y"}),
     f"{where('batch-question')}, field 'question.unavailable': is not a field here"),
]


@pytest.mark.parametrize(("change", "message"), CASES, ids=[message[:40] for _, message in CASES])
def test_a_mistake_names_the_step_and_the_field(change, message):
    with pytest.raises(LessonError) as caught:
        parse_lesson(edited(change))
    assert message in str(caught.value)


def test_a_file_mistake_names_the_file_too(tmp_path):
    path = tmp_path / "class.json"
    path.write_text(json.dumps(edited(set_in_step("swap-none", "view", "Attention"))), encoding="utf-8")
    number = STEP_IDS.index("swap-none") + 1
    with pytest.raises(LessonError, match=rf"the lesson class.json: step {number} \('swap-none'\), field 'view': "
                                          r"'Attention' is not a view's name"):
        load_lesson(path)


@pytest.mark.parametrize(("change", "message"), [
    (set_in_step("positions", "view_options", {"lookup_only": "yes"}),
     f"{where('positions')}, field 'view_options.lookup_only': must be true or false, not 'yes'"),
    (set_in_step("rope", "view_options", {"lesson_example": [3]}),
     f"{where('rope')}, field 'view_options.lesson_example': must be a list of 2 whole numbers or null"),
    (set_in_step("batch-question", "reveal", "view_options", {"page": "gpt2"}),
     f"{where('batch-question')}, field 'reveal.view_options.page': 'gpt2' is not one of toy, real_scale"),
    (set_in_step("schemes", "view_options", {"zoom": 2}),
     f"{where('schemes')}, field 'view_options': the view comparison has no options"),
    (set_in_step("positions", "view_options", {"speed": 2}),
     f"{where('positions')}, field 'view_options.speed': not an option of this view; its options are before_after, "
     "build, lookup_only"),
    (set_in_step("positions", "view", "table_e"),
     f"{where('positions')}, field 'view': 'table_e' is not one of x_panel"),
    (set_in_step("gradient", "view_options", {"batch": 0}),
     f"{where('gradient')}, field 'view_options.batch': must be 1 .. 100000, not 0"),
    (set_in_step("name", "view_options", {"copies": 1}),
     f"{where('name')}, field 'view_options.copies': must be true or false"),
    (set_in_step("alibi", "view_options", {"side_numbers": "yes"}),
     f"{where('alibi')}, field 'view_options.side_numbers': must be true or false"),
], ids=["bool", "pair", "page", "no options", "unknown option", "unknown view", "batch", "copies", "side"])
def test_each_view_checks_its_own_options_when_the_window_opens(qtbot, change, message):
    from visualizer.shell.main_window import MainWindow

    lesson = parse_lesson(edited(change))  # the file's own shape is fine: only the view can tell
    with pytest.raises(LessonError) as caught:
        MainWindow(lesson=lesson)
    assert message in str(caught.value)


def version_2(data: dict) -> dict:
    """``data`` (a lesson of this version) written as version 2 was: its course under ``path.stages``,
    a view's options as ``staging``, a reveal's moves as ``commands``, a question only its prompt."""
    old = {"format": data["format"], "version": 2,
           "path": {"current": data["course"]["current"], "stages": data["course"]["chapters"]}, "steps": []}
    for step in data["steps"]:
        step = copy.deepcopy(step)
        if "view_options" in step:
            step["staging"] = step.pop("view_options")
        if "question" in step:
            step["question"] = step["question"]["prompt"]
            reveal = step["reveal"]
            if "view_options" in reveal:
                reveal["staging"] = reveal.pop("view_options")
            if "moves" in reveal:
                reveal["commands"] = [{"move": move} for move in reveal.pop("moves")]
        old["steps"].append(step)
    return old


def test_a_version_2_lesson_opens_as_it_was():
    old = version_2(BUNDLED)
    old["steps"][STEP_IDS.index("name")]["title"]["en"] = "A teacher's own title"
    lesson = parse_lesson(old)
    assert lesson == parse_lesson(edited(set_in_step("name", "title", "en", "A teacher's own title")))
    assert lesson.steps[0].title["en"] == "A teacher's own title"


def test_a_version_2_question_the_app_has_no_choices_for_names_the_step():
    old = version_2(BUNDLED)
    old["steps"][STEP_IDS.index("swap-none")]["id"] = "my-swap"
    with pytest.raises(LessonError, match=rf"step {STEP_IDS.index('swap-none') + 1} \('my-swap'\), field 'question': "
                                          "a version-2 lesson kept its choices in the app's own file"):
        parse_lesson(old)
