"""The window's central area, laid out: the bars, the sentence box and the token strip on top, the
vocabulary on the left, the scheme buttons above the views' tabs on the right."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QSplitter, QVBoxLayout, QWidget

from visualizer.appearance import Appearance
from visualizer.lab.state import GradientLab
from visualizer.model import EmbeddingModel
from visualizer.selection import Highlight
from visualizer.shell.restore_bar import RestoreBar
from visualizer.shell.screen_fit import ContentLayout, within_screen
from visualizer.shell.view_tabs import ViewMaterials, ViewTabs
from visualizer.toy.scheme_selector import SchemeSelector
from visualizer.toy.text_input import TextInput
from visualizer.toy.token_strip import TokenStrip
from visualizer.toy.vocabulary_table import VocabularyTable
from visualizer.toy.x_panel import XPanel
from visualizer.ui.layout_boundary import LayoutBoundary
from visualizer.ui.problem_bar import ProblemBar


class WindowBody:
    """The widgets of the central area, made and laid out; :attr:`widget` is what the window shows.

    Parameters
    ----------
    model, appearance, highlight
        The shared state, look and highlighted position the widgets read.
    lab : callable returning GradientLab
        The gradient lab's state, made on first use (its view is built the first time it is opened).
    problem_bar : ProblemBar
        The bar that says why a file was refused: at the very top.
    """

    def __init__(self, model: EmbeddingModel, appearance: Appearance, highlight: Highlight,
                 lab: Callable[[], GradientLab], problem_bar: ProblemBar) -> None:
        self.text_input = TextInput(model, appearance)
        self.token_strip = TokenStrip(model, appearance, highlight)
        self.scheme_selector = SchemeSelector(model, appearance)
        self.vocabulary = VocabularyTable(model, appearance, highlight)
        self.tabs = ViewTabs(ViewMaterials(model, appearance, highlight, lab))
        self.x_panel = self.tabs.page_view("x_panel", XPanel)  # the first view: the window opens on it
        self.restore_bar = RestoreBar()
        right = QWidget()
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(0, 0, 0, 0)
        # The sentence box and the scheme buttons say something new on every change: their
        # re-layouts stay inside them unless their sizes change (LayoutBoundary).
        right_layout.addWidget(LayoutBoundary(self.scheme_selector))
        right_layout.addWidget(self.tabs, 1)
        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.addWidget(self.vocabulary)
        self.splitter.addWidget(right)
        self.splitter.setStretchFactor(1, 1)
        self.splitter.setSizes([330, 1070])  # until the vocabulary knows its width (Surroundings.fit_vocabulary)
        self.splitter.setCollapsible(1, False)
        central = QWidget()
        self.layout = ContentLayout(central)
        for widget in (problem_bar, self.restore_bar, LayoutBoundary(self.text_input), self.token_strip):
            self.layout.addWidget(widget)
        self.layout.addWidget(self.splitter, 1)
        # Whatever a view, a model or a zoom level asks for, the window's minimum stays within the
        # screen: the content scrolls instead (screen_fit.within_screen).
        self.widget = within_screen(central)


__all__ = ["WindowBody"]
