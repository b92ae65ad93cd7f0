"""The real model's RoPE clock: one face per pair, hands turned by (p − 1)·θ_i, a grid that fits."""

import json

import numpy as np
import pytest
from PySide6.QtCore import QEvent, QPointF, QRectF, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication

from tests.real.folders import rope_folder
from visualizer.real.clock import MIN_TEXT_PX


def reference_theta(config: dict) -> np.ndarray:
    """θ_i from config.json alone: base^(−2i / rotary_dim), divided by a linear scaling's factor."""
    head_dim = config.get("head_dim", config["hidden_size"] // config["num_attention_heads"])
    rotary_dim = int(head_dim * config.get("partial_rotary_factor", 1.0))
    rotary_dim -= rotary_dim % 2
    theta = float(config.get("rope_theta", 10_000.0)) ** (-np.arange(0, rotary_dim, 2) / rotary_dim)
    scaling = config.get("rope_scaling")
    return theta / scaling["factor"] if scaling else theta


CONFIGS = {
    "32 pairs": ({"rope_theta": 10_000.0}, 256),
    "64 pairs, base 500,000": ({"rope_theta": 500_000.0, "head_dim": 128}, 64),
    "partial rotary": ({"rope_theta": 10_000.0, "partial_rotary_factor": 0.5}, 64),
    "linear scaling": ({"rope_theta": 10_000.0, "rope_scaling": {"rope_type": "linear", "factor": 4.0}}, 64),
}


@pytest.fixture
def menu(window):
    return window.model_menu


@pytest.mark.parametrize("case", list(CONFIGS))
def test_one_face_per_pair_hands_turned_by_the_configs_theta(window, menu, tmp_path, case):
    extra, d = CONFIGS[case]
    folder, _ = rope_folder(tmp_path / "rope", "llama", extra, d=d)
    config = json.loads((folder / "config.json").read_text())
    assert menu.open_folder(folder)
    menu.page.show_view(menu.page.positions)
    QApplication.processEvents()
    positions = menu.page.positions
    positions.refresh()
    faces = positions.faces
    theta = reference_theta(config)
    assert faces.pairs() == theta.size == menu.real_model.checkpoint.rope.rotary_dim // 2
    assert len(faces.face_rects()) == theta.size
    n = menu.real_model.n
    assert n > 1
    p = np.arange(1, n + 1)  # 1-based positions: position 1 is not turned
    expected = np.mod((p - 1)[None, :] * theta[:, None], 2 * np.pi)
    angles = faces.hand_angles()
    assert angles.shape == (theta.size, n)
    difference = np.angle(np.exp(1j * (angles - expected)))  # compare on the circle (0 ≡ 2π)
    np.testing.assert_allclose(difference, 0.0, atol=1e-9)
    assert (angles[:, 0] == 0).all()


@pytest.mark.parametrize("size", [(300, 200), (640, 480), (180, 600), (1200, 300)])
def test_the_grid_fits_the_widget(window, menu, tmp_path, size):
    folder, _ = rope_folder(tmp_path / "rope", "llama", {"rope_theta": 10_000.0, "head_dim": 128}, d=64)
    assert menu.open_folder(folder)
    menu.page.show_view(menu.page.positions)
    QApplication.processEvents()
    faces = menu.page.positions.faces
    faces.setMinimumSize(1, 1)
    faces.resize(*size)
    bounds = QRectF(faces.rect())
    rects = faces.face_rects()
    assert len(rects) == 64
    side, columns = faces.grid()
    assert side >= 1 and columns * side <= size[0]
    for rect in rects:
        assert bounds.contains(rect), (rect, bounds)
    for i, a in enumerate(rects):  # small multiples: no two faces overlap
        for b in rects[i + 1:]:
            assert not a.intersected(b).isValid() or a.intersected(b).isEmpty()
    titled = faces.has_titles()
    for cell in rects:
        centre, radius = faces.dial(cell, titled)
        dial = QRectF(centre.x() - radius, centre.y() - radius, 2 * radius, 2 * radius)
        assert cell.contains(dial)
    faces.grab()  # paints without error


def test_hover_reads_the_pair_and_theta_no_small_text(window, menu, tmp_path, qtbot):
    folder, _ = rope_folder(tmp_path / "rope", "llama", {"rope_theta": 10_000.0, "head_dim": 128}, d=64)
    assert menu.open_folder(folder)
    menu.page.show_view(menu.page.positions)
    QApplication.processEvents()
    positions = menu.page.positions
    positions.refresh()
    faces = positions.faces
    faces.setMinimumSize(1, 1)
    faces.resize(320, 320)  # 8 × 8 faces of 40 px: too small for titles
    assert not faces.has_titles()
    assert faces.title_font().pixelSize() >= MIN_TEXT_PX
    assert positions.readout.font().pixelSize() >= MIN_TEXT_PX
    rect = faces.face_rects()[9]
    assert faces.pair_at(rect.center()) == 9
    assert faces.pair_at(QPointF(-5, -5)) == -1
    move = QMouseEvent(QEvent.Type.MouseMove, rect.center(), faces.mapToGlobal(rect.center()), Qt.MouseButton.NoButton,
                       Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(faces, move)
    assert faces.hovered_pair == 9
    theta = positions.theta
    assert positions.readout.text().startswith("Pair 9: θ = ")
    assert positions.readout.text() == f"Pair 9: θ = {window.appearance.numbers.full(float(theta[9]))} rad per position"
    np.testing.assert_array_equal(positions.theta_mark.getData()[0], [9])  # marked on the θ_i curve
    faces._set_hovered(-1)
    assert positions.theta_mark.getData()[0] is None or len(positions.theta_mark.getData()[0]) == 0
    assert "point at a clock" in positions.readout.text()
    faces.resize(1600, 1600)  # 200 px faces: titled
    assert faces.has_titles()
    assert not hasattr(positions, "pair")  # every pair is shown: no spin box to pick one


def test_learned_model_has_no_clock(window, menu):
    from tests.real.test_minilm import minilm_folder

    assert menu.open_folder(minilm_folder())
    QApplication.processEvents()
    menu.page.show_view(menu.page.positions)
    assert menu.page.positions.clock_column.isHidden()
