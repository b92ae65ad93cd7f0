"""How a page's size reaches the layout around it: a :class:`LayoutBoundary` passes a widget's
re-layouts on only when its size hints change, and :class:`FrontPageSizes` lets only the page in
front of a tab widget ask for room."""

from __future__ import annotations

import weakref

from PySide6.QtCore import QEvent, QObject, QSize, Qt
from PySide6.QtGui import QResizeEvent, QShowEvent
from PySide6.QtWidgets import QSizePolicy, QTabWidget, QWidget


def layout_sizes(widget: QWidget) -> tuple[QSize, QSize]:
    """(size hint, least size) of ``widget`` as a layout reads them: Qt's ``QWidgetItem::sizeHint``
    (qlayoutitem.cpp) and ``qSmartMinSize`` (qlayoutengine.cpp), in Python.

    The hint is the widget's, at least its minimum hint, within its explicit minimum and
    maximum, and never below the least size. The least size, per direction: an explicit
    minimum wins; otherwise the minimum hint if the widget may shrink, the hint if not. An
    Ignored direction asks for nothing in either, and the maximum caps both.
    """
    hint, least_hint = widget.sizeHint(), widget.minimumSizeHint()
    minimum, maximum, policy = widget.minimumSize(), widget.maximumSize(), widget.sizePolicy()

    def one(hint_: int, least_hint_: int, minimum_: int, maximum_: int,
            kind: QSizePolicy.Policy) -> tuple[int, int]:
        if kind == QSizePolicy.Policy.Ignored:
            laid_out = least = 0
        else:
            laid_out = max(min(max(hint_, least_hint_), maximum_), minimum_)
            shrinks = bool(kind.value & QSizePolicy.PolicyFlag.ShrinkFlag.value)
            least = min(least_hint_ if shrinks else max(hint_, least_hint_), maximum_)
        if minimum_ > 0:
            least = minimum_
        return laid_out, max(0, least)

    width = one(hint.width(), least_hint.width(), minimum.width(), maximum.width(), policy.horizontalPolicy())
    height = one(hint.height(), least_hint.height(), minimum.height(), maximum.height(), policy.verticalPolicy())
    # A layout's hint is never below its least size (QBoxLayout's setupGeom).
    return QSize(max(width), max(height)), QSize(width[1], height[1])


class LayoutBoundary(QWidget):
    """Holds one widget, filling it, and passes the widget's size on only when it changes.

    Qt passes every re-layout up to the window: a layout that has laid its widget out again
    ends with ``updateGeometry()`` on it, "ideally only if sizeHint() or sizePolicy() has
    changed" (qlayout.cpp), and so on up. A label whose words change on every drag (the rows
    that moved, under the attention scores) re-laid out the tabs, the splitter and the window;
    the tab widget repaints itself whole on each such request (QTabWidget::setUpLayout), and
    that repaint reached every see-through widget around it: a quarter of a drag's time.

    Here the child's request stops. This box has no layout of its own, so Qt asks it (a
    ``LayoutRequest``) when the child's hints may have changed; the box compares them with the
    ones it passed on last and passes them on (``updateGeometry``) only if they differ. Its own
    hints are the child's as a layout would read them.

    A box made around a widget (``LayoutBoundary(widget)``) stands for it in an ordinary layout:
    it takes the widget's size policy and maximum size, and is hidden and shown with it. It does
    not look inside the widget: a widget whose own layout holds something that expands is not
    made to expand (Qt's layouts do that for a widget with a layout; none of the boxed widgets
    has one). A tab page (:class:`~visualizer.ui.lazy.LazyPage`) holds its view with
    :meth:`set_child` alone: its tabs choose its policy (``FrontPageSizes``) and which page shows.
    """

    def __init__(self, child: QWidget | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._child: QWidget | None = None
        self._hints: tuple[object, ...] | None = None
        self._stands_for_child = child is not None
        if child is not None:
            self.set_child(child)

    @property
    def child(self) -> QWidget | None:
        """The widget held, or None before :meth:`set_child`."""
        return self._child

    def set_child(self, child: QWidget) -> None:
        """Hold ``child`` (once), filling the box; shown with the box unless it was hidden on purpose."""
        assert self._child is None, "a LayoutBoundary holds one widget"
        self._child = child
        hidden = child.isHidden() and child.testAttribute(Qt.WidgetAttribute.WA_WState_ExplicitShowHide)
        child.setParent(self)
        child.setGeometry(self.rect())
        if self._stands_for_child:
            child.installEventFilter(self)  # hidden or shown by hand: so is the box (eventFilter)
            if hidden:
                self.hide()
        if not hidden and self.isVisible():
            child.show()
        self._pass_on_hints()

    # ---- the child's size, as a layout reads it ------------------------------------------------

    def sizeHint(self) -> QSize:
        return layout_sizes(self._child)[0] if self._child is not None else super().sizeHint()

    def minimumSizeHint(self) -> QSize:
        return layout_sizes(self._child)[1] if self._child is not None else super().minimumSizeHint()

    def hasHeightForWidth(self) -> bool:
        return self._child is not None and self._child.hasHeightForWidth()

    def heightForWidth(self, width: int) -> int:
        return self._child.heightForWidth(width) if self._child is not None else -1

    def _read_hints(self) -> tuple[object, ...]:
        child = self._child
        assert child is not None
        return (*layout_sizes(child), child.maximumSize(), child.sizePolicy(),
                child.hasHeightForWidth() and child.heightForWidth(self.width()))

    def _pass_on_hints(self) -> None:
        """Tell the layout around (``updateGeometry``) if the child's hints changed since last told."""
        if self._child is None:
            return
        hints = self._read_hints()
        if hints != self._hints:
            self._hints = hints
            if self._stands_for_child:
                child = self._child
                self.setSizePolicy(child.sizePolicy())
                self.setMaximumSize(child.maximumSize())
            self.updateGeometry()

    # ---- events --------------------------------------------------------------------------------

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.LayoutRequest and self._child is not None:
            # The child was laid out again (a label's new words): its own layout has done that
            # already; the window hears of it only if the child's size hints changed.
            self._pass_on_hints()
            return True
        return super().event(event)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        # The child hidden or shown by hand: so is the box, as the layout would have taken the
        # child away or given it back (a box left showing would keep the child's room empty).
        if watched is self._child:
            if event.type() == QEvent.Type.HideToParent:
                self.hide()
            elif event.type() == QEvent.Type.ShowToParent:
                self.show()
        return False

    def resizeEvent(self, event: QResizeEvent) -> None:
        if self._child is not None:
            self._child.setGeometry(self.rect())
            self._pass_on_hints()  # a height for the new width (a wrapped label)
        super().resizeEvent(event)

    def showEvent(self, event: QShowEvent) -> None:
        # While hidden the child's requests reached nobody (Qt posts none to a hidden box).
        self._pass_on_hints()
        super().showEvent(event)


_BEHIND = QSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Ignored)


class FrontPageSizes:
    """Keeps the pages behind a :class:`QTabWidget`'s front page from asking for room.

    Qt's stack of pages takes the largest least size of them all, hidden pages included, and a
    hidden page's least size is the one measured when it was last laid out: the window's answered
    batch question (426 px tall) kept every later step taller than a 768-line screen, and the
    gradient lab's toy page, last laid out zoomed in on stage, kept the real-scale page 1,091 px
    wide after Ctrl+0. A page behind ignores its size hints; in front it has its own policy back.

    Parameters
    ----------
    tabs : QTabWidget
        Whose pages to size; followed as its current page changes (call :meth:`fit` when a page
        is added).
    """

    def __init__(self, tabs: QTabWidget) -> None:
        self._tabs = tabs
        self._own: weakref.WeakKeyDictionary[QWidget, QSizePolicy] = weakref.WeakKeyDictionary()
        tabs.currentChanged.connect(self.fit)
        self.fit()

    def fit(self, *_: object) -> None:
        """The page in front with its own size policy, the others ignoring their size hints."""
        current = self._tabs.currentIndex()
        for index in range(self._tabs.count()):
            page = self._tabs.widget(index)
            assert page is not None  # index < count()
            own = self._own.setdefault(page, page.sizePolicy())
            page.setSizePolicy(own if index == current else _BEHIND)


__all__ = ["FrontPageSizes", "LayoutBoundary", "layout_sizes"]
