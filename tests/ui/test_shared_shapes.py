"""The shared player and matrix row, on their own."""

from PySide6.QtCore import QCoreApplication, QEvent
from PySide6.QtWidgets import QPushButton, QWidget
from shiboken6 import isValid

from tests.conftest import close_widget
from visualizer.ui.matrix_row import MatrixRow
from visualizer.ui.player import Player


def test_player_keeps_its_button_in_step_and_stops_when_hidden(qtbot):
    owner = QWidget()
    frames = []
    button = QPushButton(owner)
    player = Player(owner, button, 10_000, lambda: frames.append(1), "test_player")
    owner.show()
    qtbot.waitExposed(owner)
    button.click()
    assert player.is_playing() and button.isChecked()
    player.toggle()
    assert not player.is_playing() and not button.isChecked()
    player.step()
    assert frames == [1] and not player.is_playing()
    player.play()
    owner.hide()
    assert not player.is_playing() and not button.isChecked()
    close_widget(owner)


def test_matrix_row_levels_are_set_once_for_every_image(qtbot, appearance):
    row = MatrixRow(appearance, 3, operators=("+", "="))
    qtbot.addWidget(row)
    row.set_levels(2.5)
    assert [heatmap.levels() for heatmap in row.heatmaps] == [(-2.5, 2.5)] * 3
    assert tuple(row.colour_bar.levels()) == (-2.5, 2.5)


def test_matrix_row_lays_out_every_item_it_places_itself(qtbot, appearance):
    # The row places its items in its layout itself, laid out once when shown (not by pyqtgraph
    # after each item): once shown, every matrix, operator and the colour bar has its column, left
    # to right, and the bar's menus are found for disposal though pyqtgraph's record lacks it.
    row = MatrixRow(appearance, 3, operators=("+", "="))
    qtbot.addWidget(row)
    row.resize(900, 400)
    row.show()
    qtbot.waitExposed(row)
    items = [row.heatmaps[0].plot, row._operators[0][0], row.heatmaps[1].plot, row._operators[1][0],
             row.heatmaps[2].plot, row.colour_bar]
    assert all(item.isVisible() and item.geometry().width() > 0 for item in items)
    lefts = [item.geometry().left() for item in items]
    assert lefts == sorted(lefts) and len(set(lefts)) == len(lefts)
    assert [row.ci.layout.itemAt(0, column).graphicsItem() for column in range(6)] == items
    menu = row.colour_bar.ctrlMenu
    row.dispose_menus()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    assert not isValid(menu)


def test_matrix_row_fitted_while_hidden_is_laid_out_when_shown(qtbot, appearance):
    # Fitted while hidden, the row is not laid out (it has no real width yet); showing it fits it
    # to its size and lays it out at once, before any event is processed: every item is as wide
    # as its column.
    row = MatrixRow(appearance, 3, operators=("+", "="))
    qtbot.addWidget(row)
    row.restyle()
    row.resize(900, 400)
    row.show()
    layout = row.ci.layout
    items = [layout.itemAt(0, column).graphicsItem() for column in range(6)]
    assert [item.geometry().width() for item in items] == [layout.columnMaximumWidth(c) for c in range(6)]
    assert items[0].geometry().width() > 200  # a third of the row's width, not a hidden row's guess
    bar_width = items[-1].geometry().width()
    row.set_levels(25000.0)  # wider tick labels: a wider bar, narrower matrices, laid out at once
    assert items[-1].geometry().width() > bar_width
    assert [item.geometry().width() for item in items] == [layout.columnMaximumWidth(c) for c in range(6)]


def test_matrix_title_measures_each_text_it_is_given(qtbot):
    # MatrixTitle keeps its text's (natural, narrowest) widths until the text changes: each new
    # text, the empty one included, measures as a fresh QTextDocument of the same HTML does.
    from PySide6.QtCore import Qt

    from visualizer.ui.heatmap import MatrixTitle

    title = MatrixTitle("")
    for text in ("", "E[ids] of a rather long title", "X", ""):
        title.setText(text, size="13pt", bold=True)
        title.item.setTextWidth(-1)
        fresh = title.item.document().clone()
        natural = fresh.idealWidth()
        fresh.setTextWidth(1)
        title.updateMin()
        assert title.effectiveSizeHint(Qt.SizeHint.PreferredSize).width() == natural
        assert title.minimumWidth() == min(fresh.idealWidth(), title.itemRect().width())


def test_listening_also_records_qt_signals(qtbot):
    from PySide6.QtCore import QObject

    from visualizer.ui.protocol import ListeningView

    class View(ListeningView, QWidget):
        pass

    source, names = QObject(), []
    view = View()
    view.listen(source.objectNameChanged, names.append)
    source.setObjectName("one")
    view.close()  # closing detaches
    source.setObjectName("two")
    assert names == ["one"]
    view.deleteLater()
