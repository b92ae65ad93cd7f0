"""Session files: exact round trips, a table of bad files that change nothing, crash-safe saves."""

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest

from visualizer.core import RopeScaling
from visualizer.io.session import MAX_BYTES, SessionError, load_session, save_session
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
    save_session(path, model, lesson_step=4)
    fresh = EmbeddingModel()
    session = load_session(path, fresh)
    fresh.restore(session.state)
    assert session.lesson_step == 4
    assert fresh.ids == model.ids and fresh.scheme == model.scheme
    assert fresh.attention == model.attention
    np.testing.assert_array_equal(fresh.E, model.E)
    np.testing.assert_array_equal(fresh.X(), model.X())
    data = json.loads(path.read_text())
    assert data["version"] == 1 and sorted(map(tuple, data["E_edits"])) == [(3, 1, 0.125), (10, 3, -2.5)]


def write(tmp_path: Path, content: str | bytes) -> Path:
    path = tmp_path / "bad.json"
    path.write_bytes(content.encode() if isinstance(content, str) else content)
    return path


def good(**changes) -> str:
    data = {"format": "embedding-visualizer-session", "version": 1, "ids": [0, 2], "scheme": "none",
            "attention": {}, "E_edits": [], "lesson_step": None}
    data.update(changes)
    return json.dumps(data)


BAD_SESSIONS = [
    ("empty file", "", "not valid JSON"),
    ("truncated", good()[:40], "may be truncated"),
    ("binary", b"\x89PNG\r\n\x1a\n\x00\x00", "not text"),
    ("a JSON list", "[1, 2, 3]", "expected a JSON object"),
    ("another app's file", json.dumps({"format": "something-else"}), "not a session of this app"),
    ("future version", good(version=7), "made by a newer version"),
    ("version as text", good(version="1"), "no valid version"),
    ("ids not a list", good(ids="0 2"), "'ids' must be a list"),
    ("id out of range", good(ids=[0, 99]), "outside 0..11"),
    ("boolean id", good(ids=[True]), "'ids' must be a list"),
    ("too many tokens", good(ids=[0] * 33), "more than 32"),
    ("unknown scheme", good(scheme="absolute"), "unknown position scheme"),
    ("NaN in E", good(E_edits=[[0, 0, float("nan")]]), "not a usable number"),
    ("huge value in E", good(E_edits=[[0, 0, 1e300]]), "not a usable number"),
    ("edit outside E", good(E_edits=[[12, 0, 1.0]]), "outside the 12 × 4 table"),
    ("edit of wrong shape", good(E_edits=[[0, 1]]), "[id, dimension, value]"),
    ("bad RoPE base", good(attention={"rope_base": -3}), "RoPE base"),
    ("bad scaling", good(attention={"rope_scaling": {"kind": "magic", "factor": 2}}), "RoPE scaling"),
    ("bad ALiBi head", good(attention={"alibi_heads": 4, "alibi_head": 9}), "ALiBi heads"),
    ("mask not boolean", good(attention={"causal": "yes"}), "'causal' must be true or false"),
    ("bad lesson step", good(lesson_step=-1), "'lesson_step'"),
    ("deep nesting", "[" * 100_000 + "]" * 100_000, "nested too deeply"),
]


@pytest.mark.parametrize(("case", "content", "message"), BAD_SESSIONS, ids=[c[0] for c in BAD_SESSIONS])
def test_bad_session_gives_its_message_and_changes_nothing(window, tmp_path, case, content, message):
    model = window.model
    model.move_token(1, 2)
    before = model.state()
    undo_count = window.undo_stack.count()
    assert not window.open_session(write(tmp_path, content))
    shown = window.statusBar().currentMessage()
    assert "Could not open the session" in shown and message in shown, shown
    after = model.state()
    assert after.ids == before.ids and after.scheme == before.scheme and after.attention == before.attention
    np.testing.assert_array_equal(after.E, before.E)
    assert window.undo_stack.count() == undo_count


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
