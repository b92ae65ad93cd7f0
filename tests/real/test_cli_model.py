"""`main.py --model PATH --text T --export FILE`: the toy's keys plus X_model and model."""

import csv
import json
import time

import numpy as np

from tests.real.folders import CLS, SEP, bert_folder, gpt2_folder, rope_folder, word_ids
from visualizer.app import main
from visualizer.model import MAX_TOKENS

TOY_KEYS = {"tokens", "ids", "positions", "scheme", "E_rows", "P", "X"}


def test_json_export_of_a_learned_model(tmp_path):
    folder, tensors = gpt2_folder(tmp_path / "gpt2", T=6)
    out = tmp_path / "x.json"
    assert main(["--model", str(folder), "--text", "the cat sat", "--export", str(out)]) == 0
    data = json.loads(out.read_text())
    assert set(data) == TOY_KEYS | {"X_model", "model"}
    ids = word_ids("the cat sat")
    E, P = tensors["transformer.wte.weight"].astype(float), tensors["transformer.wpe.weight"].astype(float)
    assert data["ids"] == ids and data["tokens"] == ["the", "cat", "sat"]
    assert data["positions"] == [0, 1, 2]  # GPT-2 numbers its positions from 0 (modeling_gpt2.py)
    assert data["scheme"] == "learned"
    np.testing.assert_array_equal(data["E_rows"], E[ids])
    np.testing.assert_array_equal(data["P"], P[:3])
    np.testing.assert_array_equal(data["X"], E[ids] + P[:3])
    np.testing.assert_array_equal(data["X_model"], E[ids] + P[:3])
    model = data["model"]
    (V, d), (T, _) = E.shape, P.shape  # as the folder was written
    assert {k: model[k] for k in ("family", "scheme", "vocab_size", "d", "max_positions", "tied", "rope")} == {
        "family": "gpt2", "scheme": "learned", "vocab_size": V, "d": d, "max_positions": T, "tied": True,
        "rope": None}
    assert model["parameters"] == {"embedding": V * d + T * d, "total": sum(t.size for t in tensors.values())}
    assert model["keys"] == {"model_type": "gpt2", "n_embd": d, "n_positions": 6}


def test_json_export_of_a_rope_model(tmp_path):
    folder, tensors = rope_folder(tmp_path / "phi", "phi", {"partial_rotary_factor": 0.5, "rope_theta": 10_000.0,
                                                            "rope_scaling": {"type": "linear", "factor": 2.0}})
    out = tmp_path / "x.json"
    assert main(["--model", str(folder), "--text", "a dog sat", "--export", str(out)]) == 0
    data = json.loads(out.read_text())
    assert data["P"] is None and data["scheme"] == "rope"
    np.testing.assert_array_equal(data["X"], tensors["model.embed_tokens.weight"][word_ids("a dog sat")])
    rope = data["model"]["rope"]
    assert (rope["base"], rope["head_dim"], rope["rotary_dim"]) == (10_000.0, 16, 8)
    assert rope["scaling"] == {"type": "linear", "factor": 2.0}
    np.testing.assert_allclose(rope["theta"], [1e4 ** (-2 * i / 8) / 2 for i in range(4)], rtol=1e-14)
    assert data["model"]["keys"]["rope_scaling.type"] == "linear" and data["model"]["tied"] is False


def test_csv_tex_and_png_of_a_bert_model(tmp_path, cli):
    folder, tensors = bert_folder(tmp_path / "bert")
    ids = [CLS, *word_ids("the cat"), SEP]
    X = tensors["bert.embeddings.word_embeddings.weight"][ids].astype(float) + \
        tensors["bert.embeddings.position_embeddings.weight"][:4].astype(float)
    csv_path, tex_path, png_path = tmp_path / "x.csv", tmp_path / "x.tex", tmp_path / "x.png"
    for path in (csv_path, tex_path):
        assert main(["--model", str(folder), "--text", "the cat", "--export", str(path)]) == 0
    rows = list(csv.reader(csv_path.read_text().splitlines()))
    assert rows[0] == ["position", "token", "id", *(f"d{c}" for c in range(8))]  # rows named as on screen
    assert [row[0] for row in rows[1:]] == ["1", "2", "3", "4"] and [int(row[2]) for row in rows[1:]] == ids
    np.testing.assert_array_equal(np.array([row[3:] for row in rows[1:]], dtype=float), X)
    assert tex_path.read_text().count("\\\\") == 3  # 4 rows: [CLS] the cat [SEP]
    result = cli("--model", str(folder), "--text", "the cat", "--export", str(png_path))
    assert result.returncode == 0, result.stderr
    from PySide6.QtGui import QImage

    image = QImage(str(png_path))
    assert image.width() >= 8 and image.height() >= 4


def test_toy_export_of_1400_tokens_has_no_strip_cap(tmp_path, cli):
    out = tmp_path / "long.json"
    text = "o" + " gato subiu no" * 350
    start = time.perf_counter()
    result = cli("--scheme", "sinusoidal", "--text", text, "--export", str(out))
    elapsed = time.perf_counter() - start
    assert result.returncode == 0, result.stderr
    data = json.loads(out.read_text())
    assert len(data["ids"]) == 1401 and data["positions"][-1] == 1401
    t = np.arange(1401)[:, None]
    reference = np.concatenate([np.sin(t), np.cos(t), np.sin(t / 100), np.cos(t / 100)], axis=1)
    np.testing.assert_allclose(data["P"], reference, atol=1e-12)
    assert elapsed < 10
    # The strip's cap still holds where there is a strip: a screenshot refuses the same text.
    result = cli("--text", text, "--screenshot", str(tmp_path / "s.png"))
    assert result.returncode == 2 and f"{MAX_TOKENS} at most" in result.stderr


def test_long_toy_text_as_a_picture_and_a_model_window_screenshot(tmp_path, cli):
    from PySide6.QtGui import QImage

    picture = tmp_path / "long.png"
    result = cli("--scheme", "sinusoidal", "--text", "o" + " gato subiu no" * 20, "--export", str(picture))
    assert result.returncode == 0, result.stderr
    assert QImage(str(picture)).height() > 61  # 61 rows of X, at least a pixel each, under a title
    folder, _ = gpt2_folder(tmp_path / "gpt2")
    shot = tmp_path / "shot.png"
    result = cli("--model", str(folder), "--text", "the cat", "--screenshot", str(shot), "--size", "1024x768")
    assert result.returncode == 0, result.stderr
    assert (QImage(str(shot)).width(), QImage(str(shot)).height()) == (1024, 768)
