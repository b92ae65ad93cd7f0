"""Drag-and-drop through the item models' mimeData/dropMimeData, and Qt's model tester."""

from hypothesis import given, settings
from hypothesis import strategies as st
from PySide6.QtCore import QMimeData, QModelIndex, Qt

from tests import spec
from visualizer.appearance import Appearance
from visualizer.toy.token_strip_model import TOKEN_ID_MIME, BeyondTrainedRole, HighlightRole, IdRole, TokenStripModel
from visualizer.toy.vocabulary_table_model import VocabularyTableModel

MOVE = Qt.DropAction.MoveAction


def drop_chip(strip: TokenStripModel, source: int, gap: int) -> bool:
    """Drag the chip at ``source`` and drop it in ``gap`` (0 .. n), as the view would."""
    mime = strip.mimeData([strip.index(source)])
    return strip.dropMimeData(mime, MOVE, gap, 0, QModelIndex())


def test_strip_model_passes_qt_model_tester(qtmodeltester, model, highlight):
    qtmodeltester.check(TokenStripModel(model, highlight))


def test_vocabulary_model_passes_qt_model_tester(qtmodeltester, model, highlight):
    qtmodeltester.check(VocabularyTableModel(model, Appearance(), highlight))


def test_strip_shows_tokens_with_visible_leading_space(model, highlight):
    strip = TokenStripModel(model, highlight)
    assert [strip.index(r).data() for r in range(strip.rowCount())] == ["o", "␣gato", "␣sub", "iu", "␣no"]


def test_dropping_sub_before_gato_swaps_them(model, highlight):
    strip = TokenStripModel(model, highlight)
    dropped = []
    strip.dropped.connect(dropped.append)
    assert drop_chip(strip, source=2, gap=1)
    assert model.ids == tuple(spec.IDS_SUB_BEFORE_GATO)
    assert dropped == [1]
    assert strip.index(2).data() == "␣gato"


def test_dropping_a_chip_after_the_last_moves_it_to_the_end(model, highlight):
    strip = TokenStripModel(model, highlight)
    assert drop_chip(strip, source=0, gap=5)
    assert model.ids == (2, 4, 5, 1, 0)
    assert strip.dropMimeData(strip.mimeData([strip.index(4)]), MOVE, -1, -1, strip.index(0))
    assert model.ids == (0, 2, 4, 5, 1)


def test_dropping_a_chip_into_its_own_gap_changes_nothing(model, highlight):
    strip = TokenStripModel(model, highlight)
    edits = []
    model.events.edited.connect(lambda *a: edits.append(a))
    assert drop_chip(strip, source=1, gap=2)
    assert drop_chip(strip, source=1, gap=1)
    assert model.ids == tuple(spec.IDS) and edits == []


def test_dropping_a_vocabulary_row_inserts_that_token(model, highlight):
    strip = TokenStripModel(model, highlight)
    table = VocabularyTableModel(model, Appearance(), highlight)
    mime = table.mimeData([table.index(6, 1)])
    assert mime.hasFormat(TOKEN_ID_MIME)
    assert strip.canDropMimeData(mime, Qt.DropAction.CopyAction, 5, 0, QModelIndex())
    assert strip.dropMimeData(mime, Qt.DropAction.CopyAction, 5, 0, QModelIndex())
    assert model.ids == (0, 2, 4, 5, 1, 6)
    assert model.text == "o gato subiu no telhado"


def test_foreign_or_malformed_drops_are_refused(model, highlight):
    strip = TokenStripModel(model, highlight)
    plain = QMimeData()
    plain.setText("hello")
    assert not strip.canDropMimeData(plain, MOVE, 0, 0, QModelIndex())
    assert not strip.dropMimeData(plain, MOVE, 0, 0, QModelIndex())
    bad = QMimeData()
    bad.setData(TOKEN_ID_MIME, b"12; rm -rf")
    assert not strip.dropMimeData(bad, MOVE, 0, 0, QModelIndex())
    out_of_range = QMimeData()
    out_of_range.setData(TOKEN_ID_MIME, b"99")
    messages = []
    strip.drop_rejected.connect(messages.append)
    assert not strip.dropMimeData(out_of_range, MOVE, 0, 0, QModelIndex())
    assert messages and "99" in messages[0]
    assert model.ids == tuple(spec.IDS)


def test_table_shows_E_and_where_each_token_is_used(model, highlight):
    table = VocabularyTableModel(model, Appearance(), highlight)
    for token_id, row in enumerate(spec.E):
        shown = [float(table.index(token_id, 2 + c).data(Qt.ItemDataRole.EditRole)) for c in range(4)]
        assert shown == row
    assert table.index(2, table.positions_column).data() == "2"
    model.insert_token(5, 2)
    assert table.index(2, table.positions_column).data() == "2, 6"
    assert table.index(3, table.positions_column).data() == ""
    assert table.index(2, 0).data(Qt.ItemDataRole.BackgroundRole) is not None
    assert table.index(3, 0).data(Qt.ItemDataRole.BackgroundRole) is None


def test_table_cell_edit_accepts_numbers_in_either_convention(model, highlight):
    table = VocabularyTableModel(model, Appearance(language="pt"), highlight)
    assert table.setData(table.index(2, 2), "1,25")
    assert model.E[2, 2 - 2] == 1.25
    assert table.index(2, 2).data() == "1,25"
    assert table.setData(table.index(2, 3), "−0.75")
    assert model.E[2, 1] == -0.75
    assert table.index(2, 3).data() == "−0,75"


def test_table_refuses_nan_inf_and_text_and_keeps_the_value(model, highlight):
    table = VocabularyTableModel(model, Appearance(), highlight)
    messages = []
    table.edit_rejected.connect(messages.append)
    for bad in ("nan", "NaN", "inf", "-inf", "abc", "", "1e999"):
        assert not table.setData(table.index(0, 2), bad)
    assert model.E[0, 0] == -0.5
    assert len(messages) == 7
    assert all("E[0, 0] kept its value" in m for m in messages)
    assert "'abc' is not a number" in messages[4]
    assert not table.setData(table.index(0, 0), "5")


ROLES = (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.BackgroundRole, Qt.ItemDataRole.ForegroundRole,
         Qt.ItemDataRole.FontRole)


def cells(table: VocabularyTableModel) -> dict[tuple[int, int, Qt.ItemDataRole], object]:
    """Every cell's answer to every role the sentence can change."""
    return {(row, column, role): table.index(row, column).data(role)
            for row in range(table.rowCount()) for column in range(table.columnCount()) for role in ROLES}


@settings(max_examples=40, deadline=None)
@given(changes=st.lists(st.tuples(st.sampled_from(["move", "insert", "remove", "highlight"]),
                                  st.integers(0, 40), st.integers(0, 40)), min_size=1, max_size=6))
def test_every_cell_a_sentence_change_alters_is_announced(changes):
    """The table repaints only the cells it names (a move names the "at" cell of two rows, not the
    whole rows): every cell whose text, colour or type changed must be among them."""
    from visualizer.model import EmbeddingModel
    from visualizer.selection import Highlight

    model = EmbeddingModel(text=spec.SENTENCE)
    highlight = Highlight(model)
    table = VocabularyTableModel(model, Appearance(), highlight)
    announced: list[tuple[int, int, int, int, list]] = []
    table.dataChanged.connect(lambda first, last, roles: announced.append(
        (first.row(), last.row(), first.column(), last.column(), list(roles))))
    for kind, a, b in changes:
        before = cells(table)
        announced.clear()
        n = model.n
        if kind == "move" and n > 1:
            model.move_token(a % n, b % n)
        elif kind == "insert":
            model.insert_token(a % (n + 1), b % model.V)
        elif kind == "remove" and n > 1:
            model.remove_token(a % n)
        elif kind == "highlight":
            highlight.set_position(a % n if b % 3 else None)
        after = cells(table)
        for (row, column, role), value in after.items():
            if value != before[(row, column, role)]:
                assert any(r0 <= row <= r1 and c0 <= column <= c1 and (not roles or role in roles)
                           for r0, r1, c0, c1, roles in announced), (kind, row, column, role)
    highlight.close()


STRIP_ROLES = (Qt.ItemDataRole.DisplayRole, IdRole, BeyondTrainedRole, HighlightRole)


@settings(max_examples=40, deadline=None)
@given(changes=st.lists(st.tuples(st.sampled_from(["scheme", "move", "insert", "remove", "highlight"]),
                                  st.integers(0, 40), st.integers(0, 40)), min_size=1, max_size=8))
def test_every_chip_a_change_alters_is_repainted(changes):
    """A scheme or a highlight repaints only the chips it changes: every chip whose text, id,
    "no P" or highlight changed must be among them (or the strip reset whole)."""
    from visualizer.model import EmbeddingModel
    from visualizer.selection import Highlight

    model = EmbeddingModel(text=spec.SENTENCE + " gato subiu no gato")  # 10 tokens: past the 8 learned rows
    highlight = Highlight(model)
    strip = TokenStripModel(model, highlight)
    announced: list[tuple[int, int, list]] = []
    reset = [False]
    strip.dataChanged.connect(lambda first, last, roles: announced.append((first.row(), last.row(), list(roles))))
    strip.modelReset.connect(lambda: reset.__setitem__(0, True))

    def chips() -> dict[tuple[int, int], object]:
        return {(row, role): strip.index(row).data(role) for row in range(strip.rowCount()) for role in STRIP_ROLES}

    schemes = ["none", "learned", "sinusoidal", "rope", "alibi"]
    for kind, a, b in changes:
        before, rows_before = chips(), strip.rowCount()
        announced.clear()
        reset[0] = False
        n = model.n
        if kind == "scheme":
            model.set_scheme(schemes[a % len(schemes)])
        elif kind == "move" and n > 1:
            model.move_token(a % n, b % n)
        elif kind == "insert" and n < 16:
            model.insert_token(a % (n + 1), b % model.V)
        elif kind == "remove" and n > 1:
            model.remove_token(a % n)
        elif kind == "highlight":
            highlight.set_position(a % n if b % 3 else None)
        if reset[0]:
            continue
        assert strip.rowCount() == rows_before
        for (row, role), value in chips().items():
            if value != before[(row, role)]:
                assert any(r0 <= row <= r1 and role in roles for r0, r1, roles in announced), (kind, row, role)
    # What the strip paints from (one call a chip) is what its roles say.
    for row in range(strip.rowCount()):
        assert tuple(strip.chip(row)) == tuple(strip.index(row).data(role) for role in STRIP_ROLES), row
    highlight.close()
