"""A seeded monkey: thousands of random user actions, every invariant checked after each one.

The seed is fixed (the same 5,000 actions every run, so CI is deterministic) unless
`VISUALIZER_SEED=N` gives another; a failure names its seed and action, and
`VISUALIZER_SEED=N pytest tests/reliability/test_random_actions.py -s` replays it exactly.

On screen too, at a laptop's and a projector's sizes and zoomed in: after every action, every
matrix in sight shows all its rows and columns and names every row (or scrolls to them), the numbers
it prints are the model's, a matrix with no room for its numbers has a line saying where they are,
and the vocabulary cuts no text (:func:`check_screen`).
"""

from __future__ import annotations

import os
from collections.abc import Callable

import numpy as np
import pyqtgraph as pg
import pytest
from PySide6.QtCore import QModelIndex, QPoint, QRect, Qt
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QApplication, QLabel, QScrollArea, QStyle

from tests.conftest import type_text
from tests.stage import LabelSurvey, _survey_axis, row_texts_of, stage_heatmaps
from visualizer.core import (
    SCHEMES,
    PositionError,
    TokenizeError,
    detokenize,
    display_token,
    embed,
    tokenize,
    typed_text,
)
from visualizer.model import E_LIMIT
from visualizer.toy.token_strip_model import TOKEN_ID_MIME

ACTIONS = 5_000
DEFAULT_SEED = 20_261_130  # any fixed number: a run that draws a new seed each time cannot be replayed
SENTENCES_GOOD = ["o gato subiu no muro.", "o cão", "o sofá. o chão", "o gato subiu no telhado. no gato", ""]
SENTENCES_BAD = ["o gato voou", "xyz", "o  gato", "o gato. o"]
CELL_VALUES = ["0.25", "-1", "1,5", "−0,75", "nan", "inf", "-inf", "abc", "", "1e999", "3", "1e98", "2000000", "-1e6",
               "1e-300"]


class Monkey:
    """Performs one random action at a time on a window, the way a person would."""

    def __init__(self, window, qtbot, rng: np.random.Generator) -> None:
        self.window, self.qtbot, self.rng = window, qtbot, rng
        self.model = window.model
        self.counts: dict[str, int] = {}
        self.last = ""

    def act(self) -> str:
        actions = [self.drag_chip, self.drop_vocabulary_row, self.delete_chip, self.alt_arrow, self.switch_scheme,
                   self.edit_cell, self.undo, self.redo, self.type_sentence, self.toggle_animation,
                   self.lesson_step, self.switch_tab, self.hover, self.toggle_mask]
        action = actions[self.rng.integers(len(actions))]
        self.last = action.__name__  # named in the failure message even if the action raises
        action()
        self.counts[action.__name__] = self.counts.get(action.__name__, 0) + 1
        return action.__name__

    # -- the actions ---------------------------------------------------------------------------

    def drag_chip(self) -> None:
        strip = self.window.token_strip.strip_model
        if self.model.n == 0:
            return
        source = int(self.rng.integers(self.model.n))
        gap = int(self.rng.integers(self.model.n + 1))
        strip.dropMimeData(strip.mimeData([strip.index(source)]), Qt.DropAction.MoveAction, gap, 0, QModelIndex())

    def drop_vocabulary_row(self) -> None:
        table = self.window.vocabulary.table_model
        mime = table.mimeData([table.index(int(self.rng.integers(self.model.V)), 1)])
        gap = int(self.rng.integers(self.model.n + 1))
        self.window.token_strip.strip_model.dropMimeData(mime, Qt.DropAction.CopyAction, gap, 0, QModelIndex())
        assert mime.hasFormat(TOKEN_ID_MIME)

    def delete_chip(self) -> None:
        strip = self.window.token_strip
        strip.setFocus()
        strip.select_position(int(self.rng.integers(max(self.model.n, 1))) if self.model.n else None)
        self.qtbot.keyClick(strip, Qt.Key.Key_Delete)

    def alt_arrow(self) -> None:
        strip = self.window.token_strip
        if self.model.n:
            strip.setFocus()
            strip.select_position(int(self.rng.integers(self.model.n)))
            key = Qt.Key.Key_Left if self.rng.random() < 0.5 else Qt.Key.Key_Right
            self.qtbot.keyClick(strip, key, Qt.KeyboardModifier.AltModifier)

    def switch_scheme(self) -> None:
        scheme = SCHEMES[int(self.rng.integers(len(SCHEMES)))]
        self.window.scheme_selector.buttons[scheme].click()

    def edit_cell(self) -> None:
        table = self.window.vocabulary.table_model
        index = table.index(int(self.rng.integers(self.model.V)), 2 + int(self.rng.integers(self.model.d)))
        table.setData(index, CELL_VALUES[int(self.rng.integers(len(CELL_VALUES)))])

    def undo(self) -> None:
        self.window.action_table["undo"].trigger()

    def redo(self) -> None:
        self.window.action_table["redo"].trigger()

    def type_sentence(self) -> None:
        pool = SENTENCES_GOOD if self.rng.random() < 0.6 else SENTENCES_BAD
        line = self.window.text_input.line_edit
        line.clear()
        type_text(line, pool[int(self.rng.integers(len(pool)))])
        self.qtbot.keyClick(line, Qt.Key.Key_Return)

    def toggle_animation(self) -> None:
        view = self.window.tabs.current_view()
        if view is self.window.x_panel:
            view.build_button.toggle()
            if view.build_stage() is not None and self.rng.random() < 0.5:
                view._advance_build()
        elif hasattr(view, "player"):
            view.player.button.toggle()

    def toggle_mask(self) -> None:
        view = self.window.view("attention")
        view.causal.click()

    def lesson_step(self) -> None:
        panel = self.window.lesson_panel
        choice = self.rng.random()
        if choice < 0.4:
            panel.advance()
        elif choice < 0.7:
            panel.previous()
        else:
            self.window.go_to_step(int(self.rng.integers(len(panel.lesson.steps) - 1)))  # not the slow last one

    def switch_tab(self) -> None:
        self.window.tabs.setCurrentIndex(int(self.rng.integers(self.window.tabs.count())))

    def hover(self) -> None:
        self.window.highlight.set_position(int(self.rng.integers(self.model.n)) if self.model.n else None)


class Checks:
    """Counts the checks it makes: ``check_invariants`` reports how many it made, not a number typed in."""

    def __init__(self) -> None:
        self.count = 0

    def that(self, condition: bool, what: str) -> None:
        """One check: ``condition`` must hold; ``what`` names it in the failure."""
        self.count += 1
        assert condition, what

    def equal(self, actual: np.ndarray, expected: np.ndarray, what: str, atol: float | None = None) -> None:
        """One check: two arrays equal (within ``atol`` if given)."""
        self.count += 1
        # The same verdict, quicker: numpy.testing's assertions cost ~50 µs each, and nearly every
        # pair here is identical. Arrays of one shape that are equal (NaN matching NaN, as both
        # assertions treat it) or, with ``atol``, close as assert_allclose defines it (its rtol of
        # 1e-7, NaNs equal) pass either way; anything else goes to the assertion itself.
        actual, expected = np.asarray(actual), np.asarray(expected)
        if actual.shape == expected.shape and (
                np.array_equal(actual, expected, equal_nan=True)
                or (atol is not None and np.allclose(actual, expected, rtol=1e-7, atol=atol, equal_nan=True))):
            return
        if atol is None:
            np.testing.assert_array_equal(actual, expected, err_msg=what)
        else:
            np.testing.assert_allclose(actual, expected, atol=atol, err_msg=what)

    def raises(self, error: type[Exception], call: Callable[[], object], what: str) -> None:
        """One check: ``call()`` raises ``error``."""
        self.count += 1
        try:
            call()
        except error:
            return
        raise AssertionError(f"{what}: {error.__name__} was not raised")


def check_invariants(window) -> int:
    """Assert that the model is consistent and every view shows it. Returns the checks made."""
    check = Checks()
    model = window.model
    X = model.X()
    beyond = model.beyond_trained_length()
    trained = model.n - len(beyond)
    check.equal(X[:trained], embed(model.ids[:trained], model.E, model.scheme), "X = core embed", atol=1e-12)
    check.that(bool(np.isnan(X[trained:]).all()), "no X past the trained length")
    if beyond:
        check.raises(PositionError, lambda: embed(model.ids, model.E, model.scheme), "embed refuses past T")
    check.that(bool(np.isfinite(model.E).all()), "E finite")
    check.that(bool((np.abs(model.E) <= E_LIMIT).all()), "E within the limits a session file keeps")
    strip = window.token_strip.strip_model
    check.that(strip.rowCount() == model.n, "a chip per token")
    check.that([strip.index(p).data() for p in range(model.n)] == [display_token(model.tokens[i]) for i in model.ids],
               "the chips' tokens")
    typed = typed_text(window.text_input.line_edit.text())  # the box shows a leading space as ␣
    if typed != model.text:  # refused text stays for correcting, with its error on screen
        check.raises(TokenizeError, lambda: tokenize(typed, model.tokens), "the typed text is refused")
        check.that("No token of the vocabulary matches" in window.text_input.message.text(), "its message shown")
    check.that(model.text == detokenize(model.ids, model.tokens), "text and ids agree")
    check.that(window.scheme_selector.buttons[model.scheme].isChecked(), "the scheme's button checked")
    table = window.vocabulary.table_model
    token_id = int(np.random.default_rng(model.n).integers(model.V))
    shown = [float(table.index(token_id, 2 + c).data(Qt.ItemDataRole.EditRole)) for c in range(model.d)]
    check.that(shown == list(model.E[token_id]), "the vocabulary shows E")
    settings = model.attention
    if window.tabs.pages["attention"].built:  # its controls show the model's settings, hidden or not
        attention = window.view("attention")
        check.that(attention.causal.isChecked() == settings.causal, "the mask box shows the mask")
        check.that((attention.heads.value(), attention.head.value()) == (settings.alibi_heads, settings.alibi_head),
                   "the ALiBi boxes show the heads")
    if window.tabs.pages["rope_clock"].built:
        check.that(window.view("rope_clock").controls.base_choice.currentData() == settings.rope_base,
                   "the clock shows the RoPE base")
    panel = window.x_panel
    if panel.isVisible() and panel.build_stage() is None:
        if panel.lookup_only():  # the lesson's first step: only the lookup, X still to come
            check.that(bool(np.isnan(panel.result.values()).all()), "no X shown yet")
        else:
            check.equal(panel.result.values(), X, "the X panel shows X")
        check.equal(panel.lookup.values(), model.E_rows(), "the X panel shows E[ids]")
    return check.count


def expected_matrices(window, view) -> list[tuple[object, np.ndarray]]:
    """(heatmap, what it must show) for the matrices of ``view`` whose values the model gives."""
    model = window.model
    masked = lambda scores: np.where(np.isneginf(scores), np.nan, scores)  # noqa: E731 (blank, as drawn)
    if view is window.x_panel:
        if view.build_stage() is not None or view.lookup_only():
            return [(view.lookup, model.E_rows())] if view.build_stage() is None else []
        added = model.P_rows() if model.P_rows() is not None else np.full((model.n, model.d), np.nan)
        return [(view.lookup, model.E_rows()), (view.added, added), (view.result, model.X())]
    name = next((name for name, built in window.tabs.built_named().items() if built is view), "")
    if name == "attention":
        pairs = [(view.scores, masked(model.scores())), (view.x_matrix, model.X())]
        if model.scheme == "rope":
            pairs.append((view.side, model.rotated()))
        elif model.scheme == "alibi":
            pairs.append((view.side, masked(model.alibi_bias_matrix())))
        return pairs
    if name == "comparison":
        return [(view.heatmaps[scheme], masked(model.scores(scheme))) for scheme in SCHEMES]
    if name == "lookup_table":
        return [(view.table, model.E)] + ([(view.lookup, model.E_rows())] if view.shows_copies() else [])
    return []


def _in_a_scroll_area(widget) -> bool:
    parent = widget.parentWidget()
    while parent is not None:
        if isinstance(parent, QScrollArea):
            return True
        parent = parent.parentWidget()
    return False


def _fully_shown(widget, window) -> bool:
    """True when all of ``widget`` is within every ancestor and the window."""
    shown = QRect(widget.mapTo(window, QPoint(0, 0)), widget.size())
    whole = QRect(shown)
    parent = widget.parentWidget()
    while parent is not None and parent is not window:
        shown &= QRect(parent.mapTo(window, QPoint(0, 0)), parent.size())
        parent = parent.parentWidget()
    return (shown & window.rect()) == whole


def _rows_named_in(graphics, window) -> int:
    """The most row names one axis along the rows of ``graphics``'s scene draws (a bar chart's)."""
    most = 0
    for item in graphics.scene().items():
        if isinstance(item, pg.AxisItem) and item.orientation == "left" and item.isVisible():
            survey = LabelSurvey()
            _survey_axis(item, graphics, window, survey, "")
            if not survey.missing and not survey.crowded:
                most = max(most, len(survey.labels))
    return most


def check_screen(window) -> int:
    """What is on screen tells the truth: every matrix of the view in front shows all its rows and
    columns (or scrolls to them), names every row, prints the model's numbers or says where they
    are; the vocabulary's cells cut no text. Returns the checks made."""
    check = Checks()
    view = window.tabs.current_view()
    # A view just shown redraws at the next turn of the loop, then paints; the numbers decide whether
    # they fit while painting, and the line that says so follows at the turn after: as a person's eye
    # would, wait until the screen has settled.
    before: object = None
    for _ in range(8):
        QApplication.processEvents()
        view.grab()
        QApplication.processEvents()
        now = ([label.text() for label in view.findChildren(QLabel) if label.isVisible()],
               [heatmap.labels.printed for heatmap in stage_heatmaps(view)])
        if now == before:
            break
        before = now
    numbers = window.appearance.numbers
    heatmaps = [heatmap for heatmap in stage_heatmaps(view) if heatmap.plot.scene().views()[0].isVisible()]
    for heatmap, expected in expected_matrices(window, view):
        if heatmap in heatmaps:
            check.equal(heatmap.values(), expected, f"{heatmap.title()!r} shows the model")
    hints = " ".join(label.text() for label in view.findChildren(QLabel) if label.isVisible())
    named_rows: dict[object, int] = {}
    for heatmap in heatmaps:
        name = heatmap.title() or "a matrix"
        rows, columns = heatmap.values().shape
        (x_low, x_high), (y_low, y_high) = heatmap.plot.getViewBox().viewRange()
        check.that(x_low <= 0 and x_high >= columns and y_low <= 0 and y_high >= rows,
                   f"{name}: every row and column in view ({rows} × {columns}: {x_high - x_low} × {y_high - y_low})")
        graphics = heatmap.plot.scene().views()[0]
        box = graphics.mapFromScene(heatmap.plot.getViewBox().sceneBoundingRect()).boundingRect()
        check.that(box.top() >= -1 and box.bottom() <= graphics.height() + 1 and box.left() >= -1
                   and box.right() <= graphics.width() + 1, f"{name}: its cells within its view ({box})")
        check.that(_fully_shown(graphics, window) or _in_a_scroll_area(graphics), f"{name}: on screen or scrolled to")
        left = heatmap.plot.getAxis("left")
        if left.isVisible():
            survey = LabelSurvey()
            _survey_axis(left, graphics, window, survey, name)
            named = [label for label in survey.labels if label.kind == "row label"]
            check.that(not survey.missing and not survey.crowded and len(named) == rows,
                       f"{name}: every row named ({len(named)} of {rows}; {survey.missing + survey.crowded})")
            named_rows[graphics] = max(named_rows.get(graphics, 0), rows)
        texts = heatmap.cell_texts()
        decimals = heatmap._decimals
        printed = [(r, c) for r, row in enumerate(texts) for c, text in enumerate(row) if text]
        for r, c in printed:
            check.that(texts[r][c] == numbers.cell(float(heatmap.values()[r, c]), decimals),
                       f"{name}[{r + 1}, {c + 1}] prints its value")
        if printed and not heatmap.labels.printed:

            check.that(name in hints and "point at a cell" in hints,
                       f"{name}: no room for its numbers, and nothing says where")
    for heatmap in heatmaps:  # a matrix without names of its own sits beside something that names its rows
        if not heatmap.plot.getAxis("left").isVisible():
            graphics = heatmap.plot.scene().views()[0]
            rows = heatmap.values().shape[0]
            check.that(named_rows.get(graphics, 0) >= rows or bool(row_texts_of(view))
                       or _rows_named_in(graphics, window) >= rows, f"{heatmap.title()!r}: its rows named beside it")
    for texts in row_texts_of(view):
        check.that(texts.drawn_font() is not None, f"{texts.texts()[:2]}…: drawn")
    table = window.vocabulary
    if table.isVisible():
        model = table.table_model
        bold = QFontMetrics(model.bold_font())
        margin = 2 * (table.view.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, table.view) + 1)
        for column in range(model.columnCount()):
            widest = max(bold.horizontalAdvance(str(model.index(row, column).data() or ""))
                         for row in range(model.rowCount()))
            check.that(widest + margin <= table.view.columnWidth(column),
                       f"vocabulary column {column}: text wider than its cells ({widest} + {margin} px)")
    return check.count


def seed_from_environment() -> int:
    """``VISUALIZER_SEED`` (``RANDOM_ACTIONS_SEED`` is the older name), else the fixed default."""
    text = os.environ.get("VISUALIZER_SEED") or os.environ.get("RANDOM_ACTIONS_SEED")
    return int(text) if text else DEFAULT_SEED


def test_the_seed_is_fixed_unless_the_environment_gives_one(monkeypatch):
    monkeypatch.delenv("VISUALIZER_SEED", raising=False)
    monkeypatch.delenv("RANDOM_ACTIONS_SEED", raising=False)
    assert seed_from_environment() == seed_from_environment() == DEFAULT_SEED
    monkeypatch.setenv("VISUALIZER_SEED", "7")
    assert seed_from_environment() == 7


@pytest.mark.slow(seconds=10)
def test_random_user_actions_keep_every_invariant(window, qtbot, figure):
    seed = seed_from_environment()
    figure(f"random actions: seed {seed} (replay with VISUALIZER_SEED={seed})")
    monkey = Monkey(window, qtbot, np.random.default_rng(seed))
    window.lesson_dock.show()
    checks = 0
    for step in range(ACTIONS):
        try:
            monkey.act()
            checks += check_invariants(window)
        except Exception as error:  # an action that raises is as much a failure as a broken invariant
            raise AssertionError(f"seed {seed}, action {step} ({monkey.last}): {type(error).__name__}: {error}\n"
                                 f"replay with VISUALIZER_SEED={seed}") from error
    for view in (window.view("rope_clock"), window.view("gradient_lab")):
        view.player.pause()
    window.x_panel.finish_build()
    figure(f"random actions: {ACTIONS} actions, {checks} invariant checks passed; by kind: {monkey.counts}")
    assert sum(monkey.counts.values()) == ACTIONS


SCREENS = {"1024x768": ((1024, 768), 0), "1366x768": ((1366, 768), 0), "1920x1080": ((1920, 1080), 0),
           "1366x768-zoomed": ((1366, 768), 3)}
"""Sizes (and Ctrl+= presses) of the on-screen walk: a laptop's, a projector's, a laptop zoomed in."""
SCREEN_ACTIONS = 250


@pytest.mark.slow(seconds=40)
@pytest.mark.parametrize("screen", SCREENS)
def test_random_user_actions_keep_the_screen_true(window, qtbot, figure, screen):
    size, zoom = SCREENS[screen]
    seed = seed_from_environment() + sum(size) + zoom  # another walk on each screen
    window.resize(*size)
    for _ in range(zoom):
        window.action_table["zoom_in"].trigger()
    window.lesson_dock.show()
    monkey = Monkey(window, qtbot, np.random.default_rng(seed))
    checks = check_screen(window)
    for step in range(SCREEN_ACTIONS):
        try:
            monkey.act()
            checks += check_invariants(window) + check_screen(window)
        except Exception as error:
            raise AssertionError(f"{screen}, seed {seed}, action {step} ({monkey.last}): {type(error).__name__}: "
                                 f"{error}\nreplay with VISUALIZER_SEED={seed - sum(size) - zoom}") from error
    for view in (window.view("rope_clock"), window.view("gradient_lab")):
        view.player.pause()
    window.x_panel.finish_build()
    figure(f"random actions on screen {screen}: {SCREEN_ACTIONS} actions, {checks} checks passed")
