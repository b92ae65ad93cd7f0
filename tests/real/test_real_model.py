"""The Model menu and the Real model page: opening, refusing, reordering, X at real scale."""

import numpy as np
import pytest
from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtWidgets import QApplication

from tests.real.folders import gpt2_folder, rope_folder
from tests.real.test_minilm import minilm_folder
from tests.real.test_refusals import CASES


@pytest.fixture
def menu(window):
    return window.model_menu


def test_open_minilm_shows_its_real_x_and_both_kinds(window, menu):
    assert menu.open_folder(minilm_folder())
    page = menu.page
    assert window.tabs.currentWidget() is page
    real = menu.real_model
    assert real.ids == (101, 1996, 4937, 2938, 2006, 1996, 13523, 102)  # "the cat sat on the mat"
    checkpoint = real.checkpoint
    np.testing.assert_array_equal(page.matrix.values, checkpoint.X(real.ids))
    page.show_x_model.setChecked(True)
    assert real.x_kind == "X_model"
    np.testing.assert_array_equal(page.matrix.values, checkpoint.X_model(real.ids))
    assert "LayerNorm" in page.kind_caption.text()
    assert "30,522" in page.facts.text() and "tied to E" in page.facts.text()
    assert not window.token_strip.isVisible() and not window.text_input.isVisible()


def test_hover_readout_and_numbers_only_where_legible(window, menu, qtbot):
    menu.open_folder(minilm_folder())
    matrix = menu.page.matrix
    value = matrix.values[2, 17]
    shown = window.appearance.numbers.short(float(value))  # the cells' format, not 17 digits
    assert matrix.describe((2, 17)).endswith(": " + shown) and len(shown.lstrip("-")) <= 6
    matrix.grab()
    assert matrix.numbers.drawn == 0  # 384 columns in a few hundred pixels: no numbers
    matrix.show_cells((0, 3), (0, 4))
    QApplication.processEvents()
    matrix.grab()
    assert matrix.numbers.drawn == 12


def test_drag_to_reorder_real_tokens(window, menu, qtbot):
    menu.open_folder(minilm_folder())
    real, strip = menu.real_model, menu.page.strip
    before = real.ids
    assert strip.model().moveRow(QModelIndex(), 2, QModelIndex(), 4)  # "cat" dropped before "on"
    qtbot.waitUntil(lambda: real.ids != before)
    assert real.ids == (101, 1996, 2938, 4937, 2006, 1996, 13523, 102)
    np.testing.assert_array_equal(menu.page.matrix.values, real.checkpoint.X(real.ids))
    assert strip.item(3).text().split("\n")[1] == "cat"
    # The sentence box reads as the chips stand, and typed again it gives the same ids.
    assert menu.page.text.text() == "the sat cat on the mat"
    assert real.checkpoint.encode(menu.page.text.text()).ids == real.ids
    window.undo.undo()  # the real model's own undo (its page is in front): the sentence comes back too
    assert real.ids == before and menu.page.text.text() == "the cat sat on the mat"


def test_neighbours_chosen_after_the_model_opened_list_the_first_tokens(window, menu):
    # The page builds a view when it is first chosen, after the model has opened.
    from safetensors.numpy import load_file

    assert menu.open_folder(minilm_folder())
    page = menu.page
    page.show_view(page.neighbours)
    QApplication.processEvents()
    E = load_file(str(minilm_folder() / "model.safetensors"))["embeddings.word_embeddings.weight"].astype(np.float64)
    first = menu.real_model.ids[0]  # [CLS]: nothing is selected yet
    unit = E / np.linalg.norm(E, axis=1, keepdims=True)
    scores = unit @ unit[first]
    scores[first] = -np.inf
    expected = np.argsort(-scores)[:10]
    np.testing.assert_array_equal(page.neighbours.neighbour_ids, expected)
    assert page.neighbours.table.rowCount() == 10


def test_a_refused_folder_keeps_the_model_shown(window, menu, tmp_path):
    menu.open_folder(minilm_folder())
    checkpoint, ids = menu.real_model.checkpoint, menu.real_model.ids
    (tmp_path / "empty").mkdir()
    assert not menu.open_folder(tmp_path / "empty")
    assert "Cannot open this model" in window.problem_bar.text()  # until dismissed
    assert menu.real_model.checkpoint is checkpoint and menu.real_model.ids == ids


def test_toy_vocabulary_comes_back_in_one_click_and_recent_models(window, menu, tmp_path):
    folder, _ = gpt2_folder(tmp_path / "gpt2")
    menu.open_folder(folder)
    assert menu.recent_models()[0] == str(folder.resolve())
    menu.toy_action.trigger()
    assert menu.real_model.checkpoint is None
    assert window.tabs.currentIndex() == 0 and not window.tabs.isTabVisible(window.tabs.indexOf(menu.page))
    assert window.token_strip.isVisible()
    menu.recent_menu.actions()[0].trigger()
    assert menu.real_model.checkpoint is not None and window.tabs.currentWidget() is menu.page


def test_past_a_learned_table_is_marked(window, menu, tmp_path):
    folder, _ = gpt2_folder(tmp_path / "gpt2", T=6)
    menu.open_folder(folder)
    page = menu.page
    page.text.setText("the cat sat on the mat a dog")
    page.text.returnPressed.emit()
    assert menu.real_model.beyond_trained_length() == [6, 7]
    assert np.isnan(page.matrix.values[6:]).all() and np.isfinite(page.matrix.values[:6]).all()
    assert "beyond the trained length" in page.error.text()
    assert len(page.matrix.marks) == 2


def test_rope_clock_uses_the_models_theta_and_neighbours(window, menu, tmp_path):
    scaling = {"rope_type": "llama3", "factor": 8.0, "low_freq_factor": 1.0, "high_freq_factor": 4.0,
               "original_max_position_embeddings": 16}
    folder, tensors = rope_folder(tmp_path / "llama", "llama", {"rope_theta": 500_000.0, "rope_scaling": scaling})
    menu.open_folder(folder)
    menu.page.show_view(menu.page.positions)
    QApplication.processEvents()  # P and θ views are built once X is painted
    page = menu.page
    positions = page.positions
    theta = menu.real_model.checkpoint.rope.theta()
    np.testing.assert_array_equal(positions.theta, theta)
    assert positions.faces.pairs() == theta.size
    np.testing.assert_allclose(positions.faces.hand_angles()[7],
                               np.mod(np.arange(menu.real_model.n) * theta[7], 2 * np.pi))
    page.show_view(page.neighbours)
    menu.real_model.set_selected(1)  # "cat"
    cat = menu.real_model.ids[1]
    E = tensors["model.embed_tokens.weight"]
    unit = E / np.linalg.norm(E, axis=1, keepdims=True)
    scores = unit @ unit[cat]
    scores[cat] = -np.inf
    expected = np.argsort(-scores)[:10]
    np.testing.assert_array_equal(page.neighbours.neighbour_ids, expected)
    np.testing.assert_allclose(page.neighbours.scores, scores[expected], rtol=1e-5)
    np.testing.assert_allclose(page.neighbours.norms, np.linalg.norm(E, axis=1), rtol=1e-5)


def test_learned_positions_views(window, menu):
    menu.open_folder(minilm_folder())
    QApplication.processEvents()
    positions = menu.page.positions
    assert positions.P_plot is None  # its decompositions wait until someone chooses Positions
    menu.page.show_view(positions)
    P = menu.real_model.checkpoint.P
    np.testing.assert_array_equal(positions.P_image.image, P)
    unit = P / np.linalg.norm(P, axis=1, keepdims=True)
    np.testing.assert_allclose(positions.similarity_image.image, unit @ unit.T, atol=1e-12)
    np.testing.assert_allclose(positions.singular_values, np.linalg.svd(P, compute_uv=False), rtol=1e-9)


@pytest.mark.parametrize("case", list(CASES))
def test_every_refusal_keeps_the_model_shown(window, menu, tmp_path, case):
    folder, _ = gpt2_folder(tmp_path / "good")
    menu.open_folder(folder)
    real = menu.real_model
    checkpoint, ids, text = real.checkpoint, real.ids, real.text
    make, message = CASES[case]
    bad = make(tmp_path)
    assert not menu.open_folder(bad)
    assert message in window.problem_bar.text()
    assert (real.checkpoint, real.ids, real.text) == (checkpoint, ids, text)
    assert window.tabs.currentWidget() is menu.page
    np.testing.assert_array_equal(menu.page.matrix.values, checkpoint.X(ids))


def test_export_the_models_x_as_shown(window, menu, tmp_path):
    import json

    folder, tensors = gpt2_folder(tmp_path / "gpt2", T=6)
    menu.open_folder(folder)
    real = menu.real_model
    real.move_token(1, 3)  # "the sat on cat the mat": the export follows the strip, not the typed text
    out = tmp_path / "x.json"
    assert menu.export_x(out)
    data = json.loads(out.read_text())
    E, P = tensors["transformer.wte.weight"].astype(float), tensors["transformer.wpe.weight"].astype(float)
    assert data["tokens"] == ["the", "sat", "on", "cat", "the", "mat"]
    np.testing.assert_array_equal(data["X"], E[list(real.ids)] + P)
    assert menu.export_x(tmp_path / "x.png") and (tmp_path / "x.png").stat().st_size > 100
    real.set_text("the cat sat on the mat a")  # 7 tokens, 6 positions
    assert not menu.export_x(tmp_path / "y.csv")
    assert "beyond the trained length" in window.statusBar().currentMessage()
    assert not (tmp_path / "y.csv").exists()


def test_the_page_speaks_portuguese(window, menu):
    menu.open_folder(minilm_folder())
    QApplication.processEvents()
    window.set_language("pt")
    page = menu.page
    assert menu.menu.title() == "&Modelo"
    assert window.tabs.tabText(window.tabs.indexOf(page)) == "Modelo real"
    assert page.show_x.text() == "X (a da lição)"
    assert "posições absolutas aprendidas" in page.facts.text() and "30.522" in page.facts.text()
    page.show_view(page.positions)
    assert page.positions.P_plot.titleLabel.text.startswith("P aprendida: 512 × 384")
    assert page.neighbours.title.text().startswith("As 10 linhas de E mais próximas de “[CLS]”")


def test_on_stage_the_real_xs_row_names_and_column_numbers_reach_the_back_row(window, menu, qtbot):
    # pyqtgraph's own tick type (about 10 px) stayed on the Real model page while presenting.
    from tests.stage import digit_height
    from visualizer.ui.palette import STAGE_LABEL_PX

    menu.open_folder(minilm_folder())
    QApplication.processEvents()
    qtbot.keyClick(window, Qt.Key.Key_F5)
    assert window.presentation.presenting
    for name in ("left", "bottom"):
        font = menu.page.matrix.plot.getAxis(name).style["tickFont"]
        assert font is not None and font.pixelSize() >= window.appearance.stage_px(STAGE_LABEL_PX)
        assert digit_height(font.pixelSize()) >= 14
    qtbot.keyClick(window, Qt.Key.Key_F5)  # and back: the window's type again
    assert menu.page.matrix.plot.getAxis("left").style["tickFont"].pixelSize() < STAGE_LABEL_PX
