"""What phones show of the step on stage: the matrix the view in front shows, with the app's own
numbers and row names, the step's title and the caption the lesson panel shows, small enough for
a phone's update, and the teacher's text as data (never markup)."""

from __future__ import annotations

import json

import numpy as np
import pytest

from visualizer.appearance import Appearance
from visualizer.core import display_token
from visualizer.core.formatting import NUMBER_FORMATS
from visualizer.i18n import install_language
from visualizer.languages import LANGUAGES
from visualizer.lesson.panel import LessonPanel
from visualizer.lesson.run import LessonRun, load_lesson
from visualizer.model import MAX_TOKENS, EmbeddingModel
from visualizer.poll.ballot import Ballot
from visualizer.poll.stage import STAGE_BYTES, stage_for, tables_for_view
from visualizer.shell.view_tabs import VIEWS

LESSON = load_lesson()
PAGE_BYTES = 50_000
"""The issue's bound on a phone's update."""


def english(_language: str, text: str) -> str:
    return text


def test_each_view_names_its_matrices_and_the_others_a_text_only():
    expected = {"x_panel": ("E_ids", "P", "X"), "lookup_table": ("E_ids",), "rope_clock": ("X",),
                "attention": ("scores",), "comparison": ("scores",), "gradient_lab": (), "table_scale": ()}
    assert {entry.name for entry in VIEWS} == set(expected)  # a new view is given its matrices here
    for name, tables in expected.items():
        assert tables_for_view(name) == tables
    assert tables_for_view("x_panel", {"lookup_only": True}) == ("E_ids",)
    assert tables_for_view("lookup_table", {"copies": False}) == ("E",)
    assert tables_for_view("a_view_of_tomorrow") == () and tables_for_view(None) == ()


def shown_matrix(name: str, model: EmbeddingModel) -> np.ndarray:
    return {"E": model.E, "E_ids": model.E_rows(), "P": model.P_rows(), "X": model.X(), "scores": model.scores(),
            "scores_alibi": model.scores()}[name]


@pytest.mark.parametrize("index", range(len(LESSON.steps)), ids=[step.id for step in LESSON.steps])
def test_every_step_sends_its_title_and_the_app_s_own_numbers(index):
    model = EmbeddingModel()
    run = LessonRun(LESSON, model)
    run.go_to(index)
    step = LESSON.steps[index]
    stage = stage_for(run, model, english)
    assert stage["step"] == step.id and stage["number"] == index + 1 and stage["steps"] == len(LESSON.steps)
    assert stage["title"] == {language: step.title[language] for language in LANGUAGES}
    names = [table["name"].removesuffix("_alibi") for table in stage["tables"]]
    wanted = [name for name in tables_for_view(step.view, step.view_options) if name != "P" or model.adds_positions]
    assert names == wanted
    tokens = [display_token(model.tokens[i]) for i in model.ids]
    for table in stage["tables"]:
        values = shown_matrix(table["name"], model)
        assert len(table["rows"]) == values.shape[0] and len(table["columns"]) == values.shape[1]
        if table["name"] != "E":
            assert [row.split(" ")[:2] for row in table["rows"]] == [[str(p + 1), t] for p, t in enumerate(tokens)]
        for language in LANGUAGES:
            numbers = NUMBER_FORMATS[language]
            expected = [[None if value == -np.inf else numbers.cell(value) for value in row] for row in values.tolist()]
            assert table["cells"][language] == expected
    assert len(compact(stage)) < STAGE_BYTES
    run.close()


def test_numbers_are_written_as_each_language_writes_them():
    model = EmbeddingModel()
    run = LessonRun(LESSON, model)
    run.go_to(LESSON.index_of("positions"))
    x = next(table for table in stage_for(run, model, english)["tables"] if table["name"] == "X")
    flat = {language: [cell for row in x["cells"][language] for cell in row] for language in LANGUAGES}
    negative = next(i for i, value in enumerate(model.X().ravel()) if value < 0 and value != round(value))
    assert flat["pt"][negative].startswith("\u2212") and "," in flat["pt"][negative]  # −0,5
    assert flat["en"][negative].startswith("-") and "." in flat["en"][negative]  # -0.5
    run.close()


def revealed_states():
    """(index, revealed) of every step, and of every question's answer."""
    for index, step in enumerate(LESSON.steps):
        yield index, False
        if step.is_question:
            yield index, True


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_caption_is_the_one_the_lesson_panel_shows(qtbot, language):
    """Step by step, and each answer revealed: the phones' caption is the panel's, live values,
    numbers and the answer's words ("rows whose values changed") included."""
    from visualizer.poll.stage_sender import StageSender

    install_language(language)
    model = EmbeddingModel()
    appearance = Appearance(language=language)
    run = LessonRun(LESSON, model)
    panel = LessonPanel(run, appearance)
    qtbot.addWidget(panel)
    sender = StageSender(run, model, Ballot())
    compared = 0
    for index, revealed in revealed_states():
        run.go_to(index)
        if revealed:
            run.reveal()
        stage = stage_for(run, model, sender.lesson_words)
        assert stage["caption"][language] == panel.caption.text(), (LESSON.steps[index].id, revealed)
        assert stage["revealed"] == revealed
        compared += 1
    assert compared == len(LESSON.steps) + sum(step.is_question for step in LESSON.steps)
    panel.detach()
    run.close()


def test_a_long_sentence_still_fits_a_phone_s_update():
    """The longest sentence the strip takes, on the attention step: its scores (32 × 32, in two
    languages), the question and the rest of the status stay under 50 kB."""
    model = EmbeddingModel()
    run = LessonRun(LESSON, model)
    run.go_to(LESSON.index_of("swap-none"))  # a question too: its texts count
    model.set_ids([number % model.V for number in range(MAX_TOKENS)])
    stage = stage_for(run, model, english)
    assert stage["tables"] and stage["tables"][0]["name"] == "scores" and len(stage["tables"][0]["rows"]) == MAX_TOKENS
    ballot = Ballot()
    from visualizer.lesson.questions import question_for

    ballot.ask(question_for(LESSON.steps[LESSON.index_of("swap-none")], model))
    ballot.set_stage(stage)
    _, body = ballot.status_reply("phone")
    assert len(body) < PAGE_BYTES
    run.close()


def compact(data: object) -> bytes:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode()


def test_a_stage_too_heavy_for_a_phone_keeps_its_last_table_then_none(monkeypatch):
    from visualizer.poll import stage as stage_module

    model = EmbeddingModel()
    run = LessonRun(LESSON, model)
    run.go_to(LESSON.index_of("positions"))
    whole = stage_for(run, model, english)
    weights = sorted(len(compact(table)) for table in whole["tables"])
    monkeypatch.setattr(stage_module, "STAGE_BYTES", len(compact(whole)) - 1)
    assert [t["name"] for t in stage_for(run, model, english)["tables"]] == ["X"]
    monkeypatch.setattr(stage_module, "STAGE_BYTES", weights[0] // 2)
    assert stage_for(run, model, english)["tables"] == []
    run.close()


def test_before_the_lesson_starts_there_is_no_stage():
    model = EmbeddingModel()
    run = LessonRun(LESSON, model)
    assert stage_for(run, model, english) is None
    run.close()
