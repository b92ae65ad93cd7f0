"""Every folder the app refuses: one clear line on stderr, exit status 2, never a traceback."""

import json
import pickle
import struct

import numpy as np
import pytest

from tests.real.folders import V, bert_folder, gpt2_folder, rope_folder, table, tokenizer, write_folder
from visualizer.app import main
from visualizer.real.checkpoint import CheckpointError, open_checkpoint


class _Marker:
    """Unpickling this would create a file: proof that the app never unpickles."""

    def __init__(self, path):
        self.path = path

    def __reduce__(self):
        return (open, (self.path, "w"))


def pickled_only(tmp_path):
    folder, _ = gpt2_folder(tmp_path / "m")
    (folder / "model.safetensors").unlink()
    (folder / "pytorch_model.bin").write_bytes(pickle.dumps(_Marker(str(tmp_path / "unpickled"))))
    return folder


def empty_folder(tmp_path):
    (tmp_path / "m").mkdir()
    return tmp_path / "m"


def no_tokenizer(tmp_path):
    folder, _ = gpt2_folder(tmp_path / "m")
    (folder / "tokenizer.json").unlink()
    return folder


def truncated(tmp_path):
    folder, _ = gpt2_folder(tmp_path / "m")
    data = (folder / "model.safetensors").read_bytes()
    (folder / "model.safetensors").write_bytes(data[:-100])
    return folder


def absurd_header(tmp_path):
    folder, _ = gpt2_folder(tmp_path / "m")
    data = (folder / "model.safetensors").read_bytes()
    (folder / "model.safetensors").write_bytes(struct.pack("<Q", 2**60) + data[8:])
    return folder


def wrong_rank(tmp_path):
    folder = tmp_path / "m"
    write_folder(folder, {"model_type": "gpt2", "n_positions": 6},
                 {"wte.weight": table(V, 8, 1)[:, :, None], "wpe.weight": table(6, 8, 2)})
    return folder


def widths_differ(tmp_path):
    folder = tmp_path / "m"
    write_folder(folder, {"model_type": "gpt2", "n_positions": 6}, {"wte.weight": table(V, 8, 1),
                                                                   "wpe.weight": table(6, 4, 2)})
    return folder


def nan_in_E(tmp_path):
    E = table(V, 8, 1)
    E[7, 3] = np.nan
    folder = tmp_path / "m"
    write_folder(folder, {"model_type": "gpt2", "n_positions": 6}, {"wte.weight": E, "wpe.weight": table(6, 8, 2)})
    return folder


def inf_in_P(tmp_path):
    P = table(6, 8, 2)
    P[2, 0] = np.inf
    folder = tmp_path / "m"
    write_folder(folder, {"model_type": "gpt2", "n_positions": 6}, {"wte.weight": table(V, 8, 1), "wpe.weight": P})
    return folder


def missing_shard(tmp_path):
    folder, _ = rope_folder(tmp_path / "m", "llama", {}, shards=2)
    (folder / "model-00002-of-00002.safetensors").unlink()
    return folder


def wrong_type(tmp_path):
    folder, _ = rope_folder(tmp_path / "m", "llama", {"rope_theta": "10000"})
    return folder


def unknown_family(tmp_path):
    folder, _ = gpt2_folder(tmp_path / "m")
    config = json.loads((folder / "config.json").read_text())
    (folder / "config.json").write_text(json.dumps({**config, "model_type": "zebra"}))
    return folder


def t5_relative_buckets(tmp_path):
    folder, _ = rope_folder(tmp_path / "m", "llama", {})
    (folder / "config.json").write_text(json.dumps({"model_type": "t5", "d_model": 64,
                                                    "relative_attention_num_buckets": 32}))
    return folder


def multimodal_mrope(tmp_path):
    folder, _ = rope_folder(tmp_path / "m", "qwen2", {"rope_scaling": {"type": "mrope", "mrope_section": [2, 3, 3]}})
    return folder


def bert_relative_positions(tmp_path):
    folder, _ = bert_folder(tmp_path / "m")
    config = json.loads((folder / "config.json").read_text())
    (folder / "config.json").write_text(json.dumps({**config, "position_embedding_type": "relative_key"}))
    return folder


def unknown_rope_type(tmp_path):
    folder, _ = rope_folder(tmp_path / "m", "llama", {"rope_scaling": {"rope_type": "ntk-by-parts", "factor": 2.0}})
    return folder


def odd_rotary_width(tmp_path):
    folder, _ = rope_folder(tmp_path / "m", "phi", {"partial_rotary_factor": 0.5625})  # 16 × 0.5625 = 9
    return folder


def tokenizer_too_big(tmp_path):
    folder, _ = gpt2_folder(tmp_path / "m")
    tokenizer(extra=3).save(str(folder / "tokenizer.json"))
    return folder


CASES = {
    "pickled weights only": (pickled_only, "never unpickles files: convert them to model.safetensors"),
    "a folder without the files": (empty_folder, "has no model.safetensors"),
    "no tokenizer.json": (no_tokenizer, "has no tokenizer.json"),
    "a truncated file": (truncated, "is truncated"),
    "an absurd header length": (absurd_header, "absurd header length"),
    "a table of the wrong rank": (wrong_rank, "must have 2 dimensions"),
    "E and P of different widths": (widths_differ, "their widths differ"),
    "NaN in E": (nan_in_E, "row 7 of wte.weight holds NaN or infinity"),
    "infinity in P": (inf_in_P, "wpe.weight holds NaN or infinity (row 2)"),
    "a missing shard": (missing_shard, "shard model-00002-of-00002.safetensors is missing"),
    "a config value of the wrong type": (wrong_type, "'rope_theta' must be a number, got str"),
    "an unknown family": (unknown_family, "unknown model family 'zebra'"),
    "T5's relative position buckets": (t5_relative_buckets, "model family 't5' is not supported: T5 adds a learned "
                                                            "bias per bucket of relative distance"),
    "multimodal M-RoPE": (multimodal_mrope, "rope_scaling.mrope_section asks for multimodal M-RoPE"),
    "BERT's relative position embeddings": (bert_relative_positions, "position_embedding_type 'relative_key' "
                                                                     "(relative position embeddings"),
    "an unknown RoPE type": (unknown_rope_type, "unknown rope_scaling.rope_type 'ntk-by-parts'"),
    "an odd rotary width": (odd_rotary_width, "an odd rotary width (9 of a head of 16) is not supported"),
    "tokenizer ids past the table": (tokenizer_too_big, "the tokenizer has id 13 ('extra2') but E has only 11 rows"),
}


@pytest.mark.parametrize("case", list(CASES))
def test_refused_with_one_line(tmp_path, capsys, case):
    make, message = CASES[case]
    folder = make(tmp_path)
    with pytest.raises(CheckpointError) as caught:
        open_checkpoint(folder)
    assert message in str(caught.value) and "\n" not in str(caught.value)
    out = tmp_path / "x.json"
    with pytest.raises(SystemExit) as exit_info:
        main(["--model", str(folder), "--text", "the cat", "--export", str(out)])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err and "Traceback" not in err
    assert not out.exists()
    assert not (tmp_path / "unpickled").exists()


def test_text_past_a_learned_table_is_refused_headless(tmp_path, capsys):
    folder, _ = gpt2_folder(tmp_path / "m", T=6)
    out = tmp_path / "x.json"
    with pytest.raises(SystemExit) as exit_info:
        main(["--model", str(folder), "--text", "the cat sat on the mat a", "--export", str(out)])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "6 learned positions" in err and "beyond the trained length" in err
    assert not out.exists()
    # Six tokens fit exactly.
    assert main(["--model", str(folder), "--text", "the cat sat on the mat", "--export", str(out)]) == 0
    assert len(json.loads(out.read_text())["X"]) == 6
