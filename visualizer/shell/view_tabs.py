"""The views in tabs: Build X first, the others built the first time they are opened."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from PySide6.QtWidgets import QTabWidget, QWidget

from ..appearance import Appearance
from ..lab import GradientLab
from ..model import EmbeddingModel
from ..selection import Highlight
from ..views.attention_preview import AttentionPreview
from ..views.gradient_lab import GradientLabView
from ..views.lazy import LazyPage
from ..views.rope_clock import RopeClock
from ..views.scheme_comparison import SchemeComparison
from ..views.x_panel import XPanel

PageView = TypeVar("PageView", bound=QWidget)


class ViewTabs(QTabWidget):
    """The X panel and the lazily built views, reachable by name (the lesson's data names them).

    Parameters
    ----------
    model, appearance
        The shared state and look every view reads.
    highlight : Highlight
        The window's highlighted position, for the views that show or set it.
    lab : callable returning GradientLab
        Gives the window's sparse-gradient lab (made on first use), when its page is built.
    """

    def __init__(self, model: EmbeddingModel, appearance: Appearance, highlight: Highlight,
                 lab: Callable[[], GradientLab]) -> None:
        super().__init__()
        self.x_panel = XPanel(model, appearance, highlight)
        self.addTab(self.x_panel, "")
        # The other tabs are built the first time they are opened: a faster start.
        builders: dict[str, Callable[[], QWidget]] = {
            "rope_clock": lambda: RopeClock(model, appearance),
            "attention": lambda: AttentionPreview(model, appearance, highlight),
            "comparison": lambda: SchemeComparison(model, appearance),
            "gradient_lab": lambda: GradientLabView(model, appearance, lab()),
        }
        self.pages: dict[str, LazyPage] = {}
        for name, build in builders.items():
            page = LazyPage(build)
            self.pages[name] = page
            self.addTab(page, "")

    def page_view(self, name: str, kind: type[PageView]) -> PageView:
        """The view of page ``name``, built now if it was not yet."""
        view = self.pages[name].view
        assert isinstance(view, kind)
        return view

    def view_named(self, name: str) -> QWidget:
        """A tab's view by its name (``x_panel``, ``rope_clock``, …)."""
        return self.x_panel if name == "x_panel" else self.pages[name].view

    def show_view(self, view: QWidget) -> None:
        """Bring the tab holding ``view`` to the front."""
        for index in range(self.count()):
            page = self.widget(index)
            if page is view or (isinstance(page, LazyPage) and page.built and page.view is view):
                self.setCurrentIndex(index)
                return
        raise ValueError("that view is not in a tab")

    def current_view(self) -> QWidget:
        """The view of the tab in front."""
        page = self.currentWidget()
        return page.view if isinstance(page, LazyPage) else page

    def built_views(self) -> list[QWidget]:
        """Every view built so far (the X panel always is)."""
        return [self.x_panel, *(page.view for page in self.pages.values() if page.built)]

    def retranslate(self) -> None:
        """The tab titles in the current language."""
        titles = (self.tr("Build X"), self.tr("RoPE clock"), self.tr("Attention"), self.tr("Compare schemes"),
                  self.tr("Gradient lab"))
        for index, title in enumerate(titles):
            self.setTabText(index, title)
