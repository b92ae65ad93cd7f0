"""Session files: exact round trips, a table of bad files that change nothing, crash-safe saves."""

import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest

from visualizer.core import RopeScaling
from visualizer.io.session import (
    MAX_BYTES,
    LessonPlace,
    RealModelPlace,
    SessionError,
    load_session,
    save_session,
)
from visualizer.model import EmbeddingModel

ROOT = Path(__file__).resolve().parents[1]


def edited_model() -> EmbeddingModel:
    model = EmbeddingModel(text="o cão subiu no muro.")
    model.set_scheme("rope")
    model.set_embedding(3, 1, 0.125)
    model.set_embedding(10, 3, -2.5)
    model.set_rope_base(500_000)
    model.set_rope_scaling(RopeScaling("yarn", 8.0))
    model.set_alibi_heads(4, 2)
    model.set_causal(False)
    return model


def test_save_and_load_round_trip_exactly(tmp_path):
    model = edited_model()
    path = tmp_path / "lesson.json"
    real = RealModelPlace("/models/gpt2", "the dog ran", (50256, 1, 0, 2))  # its path, never its weights
    save_session(path, model, LessonPlace("swap-none", revealed=True), real, "real_model")
    fresh = EmbeddingModel()
    session = load_session(path, fresh)
    fresh.restore(session.state)
    assert session.lesson == LessonPlace("swap-none", revealed=True)
    assert session.real_model == real and session.page == "real_model" and session.session_file is None
    assert fresh.ids == model.ids and fresh.scheme == model.scheme
    assert fresh.attention == model.attention
    np.testing.assert_array_equal(fresh.E, model.E)
    np.testing.assert_array_equal(fresh.X(), model.X())
    data = json.loads(path.read_text())
    assert data["version"] == 3 and sorted(map(tuple, data["E_edits"])) == [(3, 1, 0.125), (10, 3, -2.5)]
    assert data["real_model"] == {"folder": "/models/gpt2", "text": "the dog ran", "ids": [50256, 1, 0, 2]}
    assert "session_file" not in data  # the autosave's only


def test_the_autosave_keeps_the_session_file_it_belongs_to(tmp_path):
    path = tmp_path / "autosave.json"
    save_session(path, EmbeddingModel(), None, None, "x_panel", str(tmp_path / "lesson.json"))
    session = load_session(path, EmbeddingModel())
    assert session.session_file == str(tmp_path / "lesson.json") and session.lesson_file is None
    assert session.real_model is None and session.page == "x_panel" and session.lesson is None


def test_the_autosave_keeps_the_file_of_the_lesson_being_edited(tmp_path):
    path = tmp_path / "autosave.json"
    save_session(path, EmbeddingModel(), lesson_file=str(tmp_path / "my-lesson.json"))
    assert load_session(path, EmbeddingModel()).lesson_file == str(tmp_path / "my-lesson.json")
    save_session(path, EmbeddingModel())
    assert "lesson_file" not in json.loads(path.read_text())  # only when given (the autosave, while edited)


def test_a_folder_whose_name_is_not_utf8_is_kept_exactly(tmp_path):
    folder = os.fsdecode(b"/models/caf\xe9")  # a Latin-1 name: Python keeps the byte as a lone surrogate
    path = tmp_path / "s.json"
    save_session(path, EmbeddingModel(), real_model=RealModelPlace(folder, "hi", (1,)))
    assert load_session(path, EmbeddingModel()).real_model == RealModelPlace(folder, "hi", (1,))


def test_missing_and_oversized_files(tmp_path):
    model = EmbeddingModel()
    with pytest.raises(SessionError, match="cannot open"):
        load_session(tmp_path / "nope.json", model)
    big = tmp_path / "big.json"
    big.write_bytes(b" " * (MAX_BYTES + 1))
    with pytest.raises(SessionError, match="a session is at most"):
        load_session(big, model)


def test_unwritable_path_is_reported(tmp_path):
    with pytest.raises(SessionError, match="cannot save"):
        save_session(tmp_path / "missing-folder" / "s.json", EmbeddingModel())


WRITER = """
import sys
from pathlib import Path
from visualizer.io.session import save_session
from visualizer.model import EmbeddingModel
a, b = EmbeddingModel(text="o gato subiu no"), EmbeddingModel(text="o cão subiu no muro." * 1)
for scheme in ("none", "learned"):
    pass
print("ready", flush=True)
while True:
    save_session(Path(sys.argv[1]), a)
    save_session(Path(sys.argv[1]), b)
"""


def test_killing_the_process_during_saves_leaves_a_whole_file(tmp_path):
    path = tmp_path / "session.json"
    save_session(path, EmbeddingModel())
    rng = np.random.default_rng(5)
    for _ in range(5):
        process = subprocess.Popen([sys.executable, "-c", WRITER, str(path)], cwd=ROOT,
                                   stdout=subprocess.PIPE, text=True)
        assert process.stdout.readline().strip() == "ready"
        time.sleep(float(rng.uniform(0.01, 0.2)))
        os.kill(process.pid, signal.SIGKILL)
        process.wait()
        process.stdout.close()
        session = load_session(path, EmbeddingModel())  # parses: never half-written
        assert session.state.ids in ((0, 2, 4, 5, 1), (0, 3, 4, 5, 1, 7, 10))


def test_a_version_1_session_still_opens_with_its_lesson_step(tmp_path):
    # Written by the app before sessions kept the lesson's place by step id.
    path = tmp_path / "old.json"
    path.write_text(json.dumps({"format": "embedding-visualizer-session", "version": 1, "text": "o cão",
                                "ids": [0, 3], "scheme": "none", "attention": {"causal": False},
                                "E_edits": [[3, 0, 0.25]], "lesson_step": 4}))
    model = EmbeddingModel()
    session = load_session(path, model)
    model.restore(session.state)
    assert model.ids == (0, 3) and model.scheme == "none" and not model.attention.causal
    assert model.E[3, 0] == 0.25
    assert session.lesson == LessonPlace(4, revealed=False)


@pytest.mark.parametrize("place", [[], {"step": 3, "revealed": False}, {"step": "x"}, {"step": "x", "revealed": 1},
                                   {"step": "", "revealed": True}, {"step": "x", "revealed": True, "more": 1}])
def test_a_malformed_lesson_place_is_refused(tmp_path, place):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"format": "embedding-visualizer-session", "version": 2, "ids": [0], "scheme": "none",
                                "lesson": place}))
    with pytest.raises(SessionError, match="'lesson' must be null or"):
        load_session(path, EmbeddingModel())


def test_a_version_2_session_opens_with_the_toy_alone(tmp_path):
    # Written by the app before sessions kept the real model and the page in front.
    path = tmp_path / "v2.json"
    path.write_text(json.dumps({"format": "embedding-visualizer-session", "version": 2, "ids": [0, 3],
                                "scheme": "none", "E_edits": [], "lesson": {"step": "rope", "revealed": False},
                                "real_model": {"folder": "ignored: version 2 had none"}, "page": 3}))
    session = load_session(path, EmbeddingModel())
    assert session.lesson == LessonPlace("rope") and session.real_model is None and session.page is None


def version_3(**fields) -> str:
    data = {"format": "embedding-visualizer-session", "version": 3, "ids": [0], "scheme": "none"}
    data.update(fields)
    return json.dumps(data)


@pytest.mark.parametrize(("fields", "words"), [
    ({"real_model": "/models/gpt2"}, "'real_model' must be null or {folder: a full path"),
    ({"real_model": {"folder": "/m", "text": "hi"}}, "'real_model' must be null or"),
    ({"real_model": {"folder": "models/gpt2", "text": "hi", "ids": []}}, "'real_model' must be null or"),
    ({"real_model": {"folder": "", "text": "hi", "ids": []}}, "'real_model' must be null or"),
    ({"real_model": {"folder": "/m\u0000", "text": "hi", "ids": []}}, "'real_model' must be null or"),
    ({"real_model": {"folder": "/m", "text": 5, "ids": []}}, "'real_model' must be null or"),
    ({"real_model": {"folder": "/m", "text": "x" * 10_001, "ids": []}}, "'real_model' must be null or"),
    ({"real_model": {"folder": "/m", "text": "hi", "ids": [True]}}, "'real_model' must be null or"),
    ({"real_model": {"folder": "/m", "text": "hi", "ids": [-1]}}, "'real_model' must be null or"),
    ({"real_model": {"folder": "/m", "text": "hi", "ids": [2**31]}}, "'real_model' must be null or"),
    ({"real_model": {"folder": "/m", "text": "hi", "ids": [0] * 10_001}}, "'real_model' must be null or"),
    ({"page": ""}, "'page' must be null or a page's name"),
    ({"page": "../x"}, "'page' must be null or a page's name"),
    ({"page": ["x_panel"]}, "'page' must be null or a page's name"),
    ({"session_file": "lesson.json"}, "'session_file' must be null or a full path"),
    ({"lesson_file": "my-lesson.json"}, "'lesson_file' must be null or a full path"),
    ({"lesson_file": 3}, "'lesson_file' must be null or a full path"),
])
def test_a_malformed_real_model_page_or_session_file_is_refused(tmp_path, fields, words):
    path = tmp_path / "bad.json"
    path.write_text(version_3(**fields))
    with pytest.raises(SessionError, match=re.escape(words)):
        load_session(path, EmbeddingModel())
