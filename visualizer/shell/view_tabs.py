"""The window's views, as one list (:data:`VIEWS`), and the tabs that hold them: Build X first, the
others built the first time they are opened."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import TypeVar

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QFont, QFontMetrics, QResizeEvent
from PySide6.QtWidgets import QStyle, QTabWidget, QWidget

from visualizer.appearance import Appearance
from visualizer.core.problems import QT_TRANSLATE_NOOP
from visualizer.lab.gradient_lab import GradientLabView
from visualizer.lab.state import GradientLab
from visualizer.lab.table_scale import TableScale
from visualizer.model import EmbeddingModel
from visualizer.selection import Highlight
from visualizer.subscriptions import Listening
from visualizer.toy.attention_preview import AttentionPreview
from visualizer.toy.lookup_table import LookupTable
from visualizer.toy.rope_clock import RopeClock
from visualizer.toy.scheme_comparison import SchemeComparison
from visualizer.toy.x_panel import XPanel
from visualizer.ui.layout_boundary import FrontPageSizes
from visualizer.ui.lazy import LazyPage
from visualizer.ui.palette import scaled_font
from visualizer.ui.protocol import View
from visualizer.ui.rendering import copy_panel

PageView = TypeVar("PageView", bound=QWidget)
TAB_FONTS = ((12, True), (11, True), (10, True), (10, False), (9, False))
"""The tab titles' type, largest first (points at the scale, bold): the largest in which every
title fits the width, so that the tabs never scroll; past the last, titles are elided."""
CONTEXT = "ViewTabs"
"""The Linguist context of the tabs' titles."""


@dataclass(frozen=True)
class PageRole:
    """What a page needs around it: the toy's strip, scheme and vocabulary (``toy_sequence``), the
    toy's text box (``text_box``), the scheme buttons (``scheme``: a page that shows no position);
    whether it has a tab of its own (``tab``: a page only the lesson brings forward shows its tab
    while it is in front, so that the tab bar never has to scroll)."""

    toy_sequence: bool = True
    text_box: bool = True
    scheme: bool = True
    tab: bool = True


@dataclass(frozen=True)
class ViewMaterials:
    """What the views are built from: the shared state and look, the highlighted position, and the
    gradient lab's state (made on first use)."""

    model: EmbeddingModel
    appearance: Appearance
    highlight: Highlight
    lab: Callable[[], GradientLab]


@dataclass(frozen=True)
class ViewEntry:
    """One view of the window: its tab, and the name a lesson step gives it.

    Attributes
    ----------
    name : str
        The lesson file's name for it (``"view": "x_panel"``), and the window's (``window.view(name)``).
    kind : type
        The view's class; its ``OPTIONS`` are the cue a step may give it (:mod:`visualizer.lesson.cue`).
    title : str
        The tab's title (English source, translated in context ``ViewTabs``).
    build : callable
        Makes the view from :class:`ViewMaterials`; called the first time the tab is opened (or, for
        the first entry, at once: the window opens on it).
    role : PageRole
        What the page needs around it.
    """

    name: str
    kind: type[View]
    title: str
    build: Callable[[ViewMaterials], QWidget]
    role: PageRole = PageRole()


VIEWS: tuple[ViewEntry, ...] = (
    ViewEntry("x_panel", XPanel, QT_TRANSLATE_NOOP("ViewTabs", "Build X"),
              lambda m: XPanel(m.model, m.appearance, m.highlight)),
    # The table E and its lookup come before positions: no scheme buttons beside them.
    ViewEntry("lookup_table", LookupTable, QT_TRANSLATE_NOOP("ViewTabs", "Table E"),
              lambda m: LookupTable(m.model, m.appearance, m.highlight), PageRole(scheme=False, tab=False)),
    ViewEntry("rope_clock", RopeClock, QT_TRANSLATE_NOOP("ViewTabs", "RoPE clock"),
              lambda m: RopeClock(m.model, m.appearance)),
    ViewEntry("attention", AttentionPreview, QT_TRANSLATE_NOOP("ViewTabs", "Attention"),
              lambda m: AttentionPreview(m.model, m.appearance, m.highlight)),
    ViewEntry("comparison", SchemeComparison, QT_TRANSLATE_NOOP("ViewTabs", "Compare schemes"),
              lambda m: SchemeComparison(m.model, m.appearance)),
    # The lab trains its own copy of E on its own batches: no toy strip, scheme or vocabulary.
    ViewEntry("gradient_lab", GradientLabView, QT_TRANSLATE_NOOP("ViewTabs", "Gradient lab"),
              lambda m: GradientLabView(m.model, m.appearance, m.lab()), PageRole(toy_sequence=False)),
    # GPT-2's and Llama's tables, not the toy's sequence.
    ViewEntry("table_scale", TableScale, QT_TRANSLATE_NOOP("ViewTabs", "How big E gets"),
              lambda m: TableScale(m.model, m.appearance), PageRole(toy_sequence=False, tab=False)),
)
"""Every view of the window, in tab order: the one list. A new view is its module and one line here;
the window's tabs, ``window.view(name)``, the lesson file's view names and the tests' lists of views
all come from it."""
LESSON_VIEWS: dict[str, type[View]] = {entry.name: entry.kind for entry in VIEWS}
"""The views a lesson step may name, by name."""


class ViewTabs(Listening, QTabWidget):
    """The X panel and the lazily built views, reachable by name (the lesson's data names them).

    Presenting, the tab bar and the frame step aside (the lesson picks the view); the tab titles
    take the scale's bold type, smaller where the width is short (:data:`TAB_FONTS`): the tabs
    never scroll.

    Parameters
    ----------
    materials : ViewMaterials
        What every view of :data:`VIEWS` is built from.
    """

    def __init__(self, materials: ViewMaterials) -> None:
        super().__init__()
        self._appearance = materials.appearance
        self._presenting = False
        self._names: dict[str, QWidget] = {}
        self._roles: dict[int, PageRole] = {}  # by id() of the page widget
        self._titles: dict[str, Callable[[], str]] = {}
        self._front_pages = FrontPageSizes(self)  # a page behind asks no room
        # The frame around the pages, copied: a label changing on a page repainted the frame under it.
        copy_panel(self, QStyle.PrimitiveElement.PE_FrameTabWidget)
        # The first view is built now (the window opens on it), the others the first time they are
        # opened: a faster start.
        self.pages: dict[str, LazyPage] = {}
        for number, entry in enumerate(VIEWS):
            page = self.pages[entry.name] = LazyPage(partial(entry.build, materials))
            if number == 0:
                page.view  # noqa: B018 (building the first view now is the point)
            self.add_page(entry.name, page, partial(QCoreApplication.translate, CONTEXT, entry.title), entry.role)
        self.currentChanged.connect(self._hide_lesson_only_tabs)
        self.tabBar().setUsesScrollButtons(False)  # a title elided (the last resort) beats a hidden tab
        self.tabBar().setElideMode(Qt.TextElideMode.ElideRight)
        self.listen(materials.appearance.events.scale, self._on_scale_changed)
        self._on_scale_changed()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.fit_tab_titles()

    def tabInserted(self, index: int) -> None:
        super().tabInserted(index)
        self.fit_tab_titles()  # a real model's page comes as a sixth tab
        self._front_pages.fit()

    def tabRemoved(self, index: int) -> None:
        super().tabRemoved(index)
        self.fit_tab_titles()

    def fit_tab_titles(self) -> None:
        """The largest of :data:`TAB_FONTS` in which every visible title fits the width."""
        bar = self.tabBar()
        shown = [index for index in range(bar.count()) if bar.isTabVisible(index)]
        if not shown or self.width() <= 0:
            return
        # What a tab adds around its title (padding, the frame), measured in the type it has now.
        padding = max(bar.tabSizeHint(i).width() - bar.fontMetrics().horizontalAdvance(bar.tabText(i))
                      for i in shown)
        room = self.width() - 4
        chosen = QFont()
        for points, bold in TAB_FONTS:
            chosen = scaled_font(self._appearance, points, bold=bold)
            metrics = QFontMetrics(chosen)
            if sum(metrics.horizontalAdvance(bar.tabText(i)) + padding for i in shown) <= room:
                break
        if bar.font() != chosen:
            bar.setFont(chosen)

    def add_page(self, name: str, page: QWidget, title: Callable[[], str], role: PageRole = PageRole()) -> int:
        """Add a tab named ``name``: ``page`` is the view or a :class:`LazyPage` that builds it;
        ``title`` gives its title in the current language. (A lesson step may name the views of
        :data:`LESSON_VIEWS`.)"""
        self._names[name], self._titles[name] = page, title
        self._roles[id(page)] = role
        index = self.addTab(page, title())
        self.setTabVisible(index, role.tab)
        return index

    def title_of(self, name: str) -> str:
        """The title of page ``name`` in the current language."""
        return self._titles[name]()

    def page_view(self, name: str, kind: type[PageView]) -> PageView:
        """The view of page ``name``, built now if it was not yet."""
        view = self.view_named(name)
        assert isinstance(view, kind)
        return view

    def view_named(self, name: str) -> QWidget:
        """A tab's view by its name (``x_panel``, ``rope_clock``, …), built now if need be."""
        page = self._names[name]
        return page.view if isinstance(page, LazyPage) else page

    def show_view(self, view: QWidget) -> None:
        """Bring the tab holding ``view`` to the front."""
        for index in range(self.count()):
            page = self.widget(index)
            if page is view or (isinstance(page, LazyPage) and page.built and page.view is view):
                self.setTabVisible(index, True)
                self.fit_tab_titles()
                self.setCurrentIndex(index)
                return
        raise ValueError("that view is not in a tab")

    def current_view(self) -> QWidget:
        """The view of the tab in front."""
        page = self.currentWidget()
        return page.view if isinstance(page, LazyPage) else page

    def name_in_front(self) -> str | None:
        """The name (in :data:`VIEWS`) of the lesson view in front, or None for another page."""
        front = self.current_view()
        return next((name for name, view in self.built_named().items() if view is front and name in LESSON_VIEWS),
                    None)

    def built_views(self) -> list[QWidget]:
        """Every view built so far (the X panel always is)."""
        return [page.view if isinstance(page, LazyPage) else page for page in self._names.values()
                if not isinstance(page, LazyPage) or page.built]

    def built_named(self) -> dict[str, QWidget]:
        """Every view built so far, by page name."""
        return {name: page.view if isinstance(page, LazyPage) else page for name, page in self._names.items()
                if not isinstance(page, LazyPage) or page.built}

    def uses_toy_sequence(self, page: QWidget | None) -> bool:
        """True if ``page`` shows the toy's sequence (its strip, scheme and vocabulary belong with it)."""
        return page is None or self._roles.get(id(page), PageRole()).toy_sequence

    def uses_scheme(self, page: QWidget | None) -> bool:
        """True if the scheme buttons belong with ``page``."""
        return self.uses_toy_sequence(page) and (page is None or self._roles.get(id(page), PageRole()).scheme)

    def uses_text_box(self, page: QWidget | None) -> bool:
        """True if the toy's text box belongs with ``page``."""
        return page is None or self._roles.get(id(page), PageRole()).text_box

    def _hide_lesson_only_tabs(self, current: int) -> None:
        """A page only the lesson shows keeps its tab while it is in front, not after."""
        for index in range(self.count()):
            if index != current and not self._roles.get(id(self.widget(index)), PageRole()).tab:
                self.setTabVisible(index, False)
        self.fit_tab_titles()  # the titles left may take larger type

    def _on_scale_changed(self, *_: object) -> None:
        self.setFont(scaled_font(self._appearance, 12, bold=True))
        self.fit_tab_titles()
        presenting = self._appearance.presenting
        if presenting != self._presenting:
            self._presenting = presenting
            self.tabBar().setVisible(not presenting)  # the lesson picks the view; other tabs step aside
            self.setDocumentMode(presenting)  # no frame around the stage

    def retranslate(self) -> None:
        """The tab titles in the current language."""
        for name, page in self._names.items():
            self.setTabText(self.indexOf(page), self._titles[name]())
        self.fit_tab_titles()

    def detach(self) -> None:
        """Stop following the appearance (the window's teardown)."""
        self.stop_listening()


__all__ = ["LESSON_VIEWS", "VIEWS", "PageRole", "ViewEntry", "ViewMaterials", "ViewTabs"]
