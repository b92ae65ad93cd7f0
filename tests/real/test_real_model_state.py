"""RealModel, the Qt-free state of the Real model page: commands validate, then change, then emit."""

import numpy as np
import pytest

from tests.real.folders import gpt2_folder, word_ids
from visualizer.real.checkpoint import CheckpointError
from visualizer.real.state import RealModel


def test_open_move_kind_and_a_refused_open(tmp_path):
    folder, tensors = gpt2_folder(tmp_path / "gpt2", T=6)
    real = RealModel()
    seen = []
    real.tokens_changed.connect(lambda: seen.append("tokens"))
    real.checkpoint_changed.connect(lambda: seen.append("checkpoint"))
    real.open(folder)
    assert seen == ["checkpoint", "tokens"] and real.ids == tuple(word_ids("the cat sat on the mat"))
    E, P = tensors["transformer.wte.weight"].astype(float), tensors["transformer.wpe.weight"].astype(float)
    real.move_token(0, 5)
    assert real.tokens == ("cat", "sat", "on", "the", "mat", "the") and real.selected == 5
    np.testing.assert_array_equal(real.X(), E[list(real.ids)] + P)
    assert not real.X().flags.writeable
    with pytest.raises(ValueError):
        real.set_x_kind("Y")
    checkpoint, ids = real.checkpoint, real.ids
    (tmp_path / "empty").mkdir()
    with pytest.raises(CheckpointError):
        real.open(tmp_path / "empty")
    assert real.checkpoint is checkpoint and real.ids == ids
    with pytest.raises(IndexError):
        real.move_token(0, 6)
    real.set_text("the cat sat on the mat a dog")
    assert real.beyond_trained_length() == [6, 7]
    assert np.isnan(real.X()[6:]).all()
    real.use_toy()
    assert real.checkpoint is None and real.ids == ()
