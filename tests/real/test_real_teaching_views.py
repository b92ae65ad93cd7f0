"""What a real model teaches, on the Real model page: where position enters, context extension,
which frequencies it uses, the rows that barely learned; ALiBi and per-layer-type RoPE on Positions;
and a page that fits a 1024 × 768 screen in both languages."""

import math

import numpy as np
import pytest
from PySide6.QtWidgets import QApplication

from tests.real import reference
from tests.real.folders import V, table, write_folder
from tests.real.test_families import ALIBI_CASES, GEMMA3_FORMS, LEARNED, gemma3_tensors
from tests.real.test_frequency_usage import llama_case
from tests.real.test_minilm import minilm_folder
from visualizer.core import alibi_bias

D = 64


@pytest.fixture
def menu(window):
    return window.model_menu


def llama3_folder(tmp_path):
    config = {"model_type": "llama", "hidden_size": D, "num_attention_heads": 4, "max_position_embeddings": 256,
              "rope_theta": 500_000.0, "rope_scaling": {"rope_type": "llama3", "factor": 8.0, "low_freq_factor": 1.0,
                                                        "high_freq_factor": 4.0,
                                                        "original_max_position_embeddings": 32}}
    return write_folder(tmp_path / "llama", config, {"model.embed_tokens.weight": table(V, D, 91)}), config


def show(page, view):
    page.show_view(view)
    QApplication.processEvents()
    return view


def test_the_recipe_locates_the_scheme_in_each_architecture(window, menu, tmp_path):
    assert menu.open_folder(minilm_folder())
    page = menu.page
    recipe = show(page, page.recipe)
    text = " ".join(recipe.steps)
    assert "rows 0–7 of its 512" in text and "token type 0" in text and "ε = 1e-12" in text
    assert "<i>learned</i>" in text and "max_position_embeddings = 512" in recipe.keys.text()
    # RoBERTa numbers from pad_token_id + 1; an ALiBi model adds nothing to X; RoPE names its dimensions.
    config, tensors, _ = LEARNED["roberta"]
    assert menu.open_folder(write_folder(tmp_path / "roberta", config, tensors))
    assert "pad_token_id + 1 = 1" in " ".join(recipe.steps)
    config, token_table, _ = ALIBI_CASES["bloom, 8 heads"]
    tensors = {token_table: table(V, D, 92), "transformer.word_embeddings_layernorm.weight": np.ones(D, np.float32),
               "transformer.word_embeddings_layernorm.bias": np.zeros(D, np.float32)}
    assert menu.open_folder(write_folder(tmp_path / "bloom", config, tensors))
    text = " ".join(recipe.steps)
    assert "ALiBi" in text and "8 heads" in text and "0.5, 0.25, 0.125, 0.0625…" in text and "LayerNorm" in text
    folder, _ = llama3_folder(tmp_path)
    assert menu.open_folder(folder)
    text = " ".join(recipe.steps)
    assert "dimensions 0–15 of each head of 16, pairs (j, j + 8)" in text and "llama3 scaling, factor 8" in text
    assert "500,000" in text and "attention factor 1" in text


def test_gemma3_recipe_and_positions_show_each_layer_type(window, menu, tmp_path):
    config = GEMMA3_FORMS["older: rope_theta, rope_scaling, rope_local_base_freq"]
    assert menu.open_folder(write_folder(tmp_path / "gemma3", config, gemma3_tensors()))
    page = menu.page
    text = " ".join(page.recipe.steps)
    assert "global (full attention) layers (2 of them)" in text and "local (sliding window) layers (10 of them)" in text
    positions = show(page, page.positions)
    QApplication.processEvents()
    positions.refresh()
    curves = [item for item in positions.theta_plot.listDataItems() if item.name()]
    assert len(curves) == 2  # one θ curve per layer type, side by side
    for curve, layer_type in zip(curves, ("full_attention", "sliding_attention"), strict=True):
        np.testing.assert_allclose(curve.yData, reference.inv_freq(config, "gemma3_text", layer_type)[0], rtol=1e-14)
    positions.layer_type.setCurrentIndex(positions.layer_type.findData("sliding_attention"))
    np.testing.assert_allclose(positions.faces.theta, reference.inv_freq(config, "gemma3_text",
                                                                         "sliding_attention")[0], rtol=1e-14)


def test_alibi_slopes_and_the_chosen_heads_bias(window, menu, tmp_path):
    config, token_table, slopes = ALIBI_CASES["mpt, 12 heads"]
    assert menu.open_folder(write_folder(tmp_path / "mpt", config, {token_table: table(V, 48, 93)}))
    page = menu.page
    positions = show(page, page.positions)
    QApplication.processEvents()
    assert not positions.head_row.isHidden() and positions.clock_column.isHidden()
    positions.head.setValue(5)
    n = menu.real_model.n
    np.testing.assert_array_equal(positions.alibi_bias, alibi_bias(n, float(np.float32(slopes[4]))))
    np.testing.assert_allclose(positions.alibi_bias[n - 1, 0], -slopes[4] * (n - 1), rtol=1e-7)
    assert "head 5" in positions.bias_plot.titleLabel.text


def test_context_extension_follows_the_dragged_factor(window, menu, tmp_path, qtbot):
    folder, config = llama3_folder(tmp_path)
    assert menu.open_folder(folder)
    page = menu.page
    view = show(page, page.context)
    assert view.current_kind() == "llama3" and view.stretch == 8.0  # the config's own scaling first
    np.testing.assert_allclose(view.after, reference.inv_freq(config, "llama")[0], rtol=1e-14)
    trained = 2 * np.pi / reference.inv_freq({**config, "rope_scaling": None}, "llama")[0]
    np.testing.assert_allclose(view.trained_curve.yData, trained, rtol=1e-12)
    # Pairs that turn within the trained 32 tokens are kept, the slowest interpolated (llama3's rule).
    wavelength = 2 * np.pi / view.before
    for kind, wave in zip(view.classes, wavelength, strict=True):
        assert kind == ("kept" if wave < 32 / 4 else "interpolated" if wave > 32 else "blended")
    view.kind.setCurrentIndex(view.kind.findData("yarn"))
    view.set_stretch(4.0)  # the slider, as a drag moves it
    yarn = {**config, "rope_scaling": {"rope_type": "yarn", "factor": 4.0, "original_max_position_embeddings": 32}}
    theta, factor = reference.inv_freq(yarn, "llama")
    np.testing.assert_allclose(view.after, theta, rtol=1e-14)
    assert view.attention_factor == pytest.approx(factor) and "1.1386" in view.summary.text()
    view.kind.setCurrentIndex(view.kind.findData("linear"))
    np.testing.assert_allclose(view.after, view.before / 4, rtol=1e-14)
    assert set(view.classes) == {"interpolated"}
    assert "128" in view.target_line.label.format


def test_context_extension_and_frequencies_only_for_rope(window, menu):
    assert menu.open_folder(minilm_folder())
    page = menu.page
    offered = [page.view_choice.itemText(i) for i in range(page.view_choice.count())]
    assert offered == ["Where position enters this model", "Positions", "Neighbours and norms",
                       "Rows that barely learned"]


def test_frequency_usage_draws_the_layers_pair_norms(window, menu, tmp_path):
    config, tensors, q_expected, k_expected = llama_case()
    assert menu.open_folder(write_folder(tmp_path / "m", config, tensors))
    page = menu.page
    view = show(page, page.frequencies)
    assert [view.layer.itemData(i) for i in range(view.layer.count())] == [0, 1]
    np.testing.assert_allclose(view.q_image.image, q_expected, rtol=1e-6)
    np.testing.assert_allclose(view.k_image.image, k_expected, rtol=1e-6)
    view.layer.setCurrentIndex(1)
    np.testing.assert_allclose(view.q_image.image, 2 * q_expected, rtol=1e-6)
    assert "Barbero" in view.caption.text()


def test_rows_that_barely_learned_are_the_lowest_norms(window, menu, tmp_path):
    E = table(V, D, 94) * np.linspace(2.0, 0.1, V, dtype=np.float32)[:, None]  # the last ids barely moved
    config = {"model_type": "llama", "hidden_size": D, "num_attention_heads": 4}
    assert menu.open_folder(write_folder(tmp_path / "m", config, {"model.embed_tokens.weight": E}))
    page = menu.page
    view = show(page, page.rare_rows)
    norms = np.linalg.norm(E.astype(np.float64), axis=1)
    np.testing.assert_array_equal(view.rare_ids, np.argsort(norms, kind="stable")[:view.rare_ids.size])
    first = view.rare_ids[0]
    assert view.table.item(0, 0).text() == menu.real_model.checkpoint.token(int(first))
    assert view.table.item(0, 2).text() == window.appearance.numbers.short(float(norms[first]), 3)


@pytest.mark.parametrize("language", ["en", "pt"])
@pytest.mark.parametrize("size", [(1024, 768), (1366, 768)])
def test_the_page_fits_the_screen_and_its_plots_keep_their_height(window, menu, tmp_path, language, size):
    window.set_language(language)
    window.resize(*size)
    window.show()
    before = window.minimumSizeHint()
    assert menu.open_folder(minilm_folder())
    page = menu.page
    for view in page.offered_views():
        show(page, view)
        QApplication.processEvents()
        hint = window.minimumSizeHint()
        assert hint.width() <= 1024 and hint.height() <= 768 - 40, (view, hint, before)
    show(page, page.positions)
    QApplication.processEvents()
    assert page.positions.graphics.height() >= page.positions.graphics.minimumHeight() >= 120
    window.tabs.setCurrentIndex(0)  # back to Build X: the window still fits
    QApplication.processEvents()
    assert window.minimumSizeHint().height() <= 768 - 40


def test_the_page_fits_while_presenting(window, menu, tmp_path):
    folder, _ = llama3_folder(tmp_path)
    assert menu.open_folder(folder)
    window.appearance.set_scale(2.0)
    page = menu.page
    for view in page.offered_views():
        show(page, view)
        assert page.minimumSizeHint().width() <= 1024 and page.minimumSizeHint().height() <= 768 - 120, view
    assert math.isclose(window.appearance.scale, 2.0)
