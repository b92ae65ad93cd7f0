"""LayoutBoundary: a child's re-layout stays inside the box unless its size changes, and the box
stands in its layout exactly as the child would (Qt's own layout is the reference)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from PySide6.QtCore import QEvent, QObject, QSize
from PySide6.QtWidgets import QLabel, QSizePolicy, QVBoxLayout, QWidget

from tests.conftest import finish_layouts
from visualizer.ui.layout_boundary import LayoutBoundary, layout_sizes

POLICIES = [QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Minimum, QSizePolicy.Policy.Maximum,
            QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Expanding, QSizePolicy.Policy.MinimumExpanding,
            QSizePolicy.Policy.Ignored]


class LayoutRequests(QObject):
    """Counts the layout requests ``widget`` receives."""

    def __init__(self, widget: QWidget) -> None:
        super().__init__()
        self.count = 0
        widget.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.LayoutRequest:
            self.count += 1
        return False


def view_with_label(text: str) -> tuple[QWidget, QLabel]:
    """A view (a label above a stretch) as a page would hold it."""
    view = QWidget()
    label = QLabel(text)
    label.setWordWrap(True)
    layout = QVBoxLayout(view)
    layout.addWidget(label)
    layout.addStretch(1)
    return view, label


def window_around(child: QWidget) -> tuple[QWidget, QVBoxLayout]:
    window = QWidget()
    layout = QVBoxLayout(window)
    layout.setContentsMargins(0, 0, 0, 0)
    layout.addWidget(child)
    return window, layout


def requests_outside_after_new_words(qtbot, boxed: bool) -> int:
    """Layout requests the window gets when a label of its view says something else, as long."""
    view, label = view_with_label("rows that only moved: 2 gato moved from 3")
    window, _ = window_around(LayoutBoundary(view) if boxed else view)
    qtbot.addWidget(window)
    window.resize(600, 300)
    window.show()
    qtbot.waitExposed(window)
    finish_layouts()
    outside = LayoutRequests(window)
    label.setText("rows that only moved: 3 gato moved from 2")
    finish_layouts()
    assert label.geometry().height() > 0
    return outside.count


def test_new_words_of_the_same_size_stay_inside_the_box(qtbot):
    assert requests_outside_after_new_words(qtbot, boxed=True) == 0
    # Without the box the same change reaches the window: the count above can fail.
    assert requests_outside_after_new_words(qtbot, boxed=False) > 0


def test_a_child_that_grows_gets_its_room_from_the_layout_around(qtbot):
    view = QWidget()
    view_layout = QVBoxLayout(view)
    label = QLabel("one line")
    view_layout.addWidget(label)
    box = LayoutBoundary(view)
    window, layout = window_around(box)
    layout.addStretch(1)
    qtbot.addWidget(window)
    window.resize(400, 600)
    window.show()
    qtbot.waitExposed(window)
    finish_layouts()
    before = box.height()
    label.setText("\n".join(f"line {n}" for n in range(8)))
    finish_layouts()
    assert box.height() >= label.sizeHint().height() > before
    assert view.geometry() == box.rect()


def test_a_child_hidden_by_hand_takes_no_room_and_comes_back(qtbot):
    first, second = QLabel("first"), QLabel("second")
    box = LayoutBoundary(first)
    window, layout = window_around(box)
    layout.addWidget(second)
    layout.addStretch(1)
    qtbot.addWidget(window)
    window.resize(300, 300)
    window.show()
    qtbot.waitExposed(window)
    shown_at = second.y()
    first.hide()
    finish_layouts()
    assert box.isHidden() and second.y() < shown_at
    first.show()
    finish_layouts()
    assert box.isVisible() and first.isVisible() and second.y() == shown_at


@settings(max_examples=60, deadline=None)
@given(hint=st.tuples(st.integers(-1, 400), st.integers(-1, 400)),
       least_hint=st.tuples(st.integers(-1, 400), st.integers(-1, 400)),
       minimum=st.tuples(st.integers(0, 300), st.integers(0, 300)),
       maximum=st.tuples(st.integers(0, 500), st.integers(0, 500)),
       policies=st.tuples(st.sampled_from(POLICIES), st.sampled_from(POLICIES)))
def test_the_box_reads_its_child_as_qts_own_layout_does(qapp, hint, least_hint, minimum, maximum, policies):
    """Qt's QVBoxLayout (no margins) around the same widget is the reference."""

    class Hinted(QWidget):
        def sizeHint(self) -> QSize:
            return QSize(*hint)

        def minimumSizeHint(self) -> QSize:
            return QSize(*least_hint)

    widget = Hinted()
    widget.setMinimumSize(*minimum)
    widget.setMaximumSize(max(maximum[0], minimum[0]), max(maximum[1], minimum[1]))
    widget.setSizePolicy(*policies)
    reference = QWidget()
    layout = QVBoxLayout(reference)
    layout.setContentsMargins(0, 0, 0, 0)
    layout.addWidget(widget)
    assert layout_sizes(widget) == (layout.totalSizeHint(), layout.totalMinimumSize())
    reference.setParent(None)
    del reference, widget


def test_the_box_stands_for_its_child_in_a_layout_maximum_and_policy_too(qtbot):
    """Beside a sibling, a child held to 60 px leaves the rest to it, boxed or not; a policy the
    child takes later is the box's too."""

    def laid_out(boxed: bool) -> tuple[int, int]:
        child, sibling = QLabel("held"), QLabel("the rest")
        child.setMaximumHeight(60)
        for label in (child, sibling):
            label.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Expanding)
        window, layout = window_around(LayoutBoundary(child) if boxed else child)
        layout.addWidget(sibling)
        qtbot.addWidget(window)
        window.resize(300, 400)
        window.show()
        qtbot.waitExposed(window)
        finish_layouts()
        return child.height(), sibling.height()

    assert laid_out(boxed=True) == laid_out(boxed=False)
    child = QLabel("later")
    box = LayoutBoundary(child)
    qtbot.addWidget(box)
    child.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
    box.show()
    finish_layouts()
    assert box.sizePolicy() == child.sizePolicy()


def test_a_tab_page_neither_follows_its_view_into_view_nor_takes_its_policy(qtbot):
    """A page of a tab widget shows when its tab is chosen: its view shown by hand (a page behind)
    must not put the page over the one in front."""
    from PySide6.QtWidgets import QTabWidget

    from visualizer.ui.lazy import LazyPage

    tabs = QTabWidget()
    qtbot.addWidget(tabs)
    front, behind = LazyPage(QLabel), LazyPage(QLabel)
    tabs.addTab(front, "front")
    tabs.addTab(behind, "behind")
    tabs.show()
    qtbot.waitExposed(tabs)
    behind.view.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
    behind.view.show()
    finish_layouts()
    assert tabs.currentWidget() is front and not behind.isVisible()
    assert behind.sizePolicy() != behind.view.sizePolicy()
