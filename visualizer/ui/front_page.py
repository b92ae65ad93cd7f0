"""Only the page in front of a tab widget asks for room."""

from __future__ import annotations

import weakref

from PySide6.QtWidgets import QSizePolicy, QTabWidget, QWidget

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


__all__ = ["FrontPageSizes"]
