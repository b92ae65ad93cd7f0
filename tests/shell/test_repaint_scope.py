"""A change repaints what it changed: the views' words changing on a drag do not lay out and
repaint the tabs, the splitter and the window around them (a quarter of a drag's time)."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

import pytest
from PySide6.QtCore import QEvent, QObject, QPoint, Qt
from PySide6.QtGui import QImage, QPixmap, QRegion
from PySide6.QtWidgets import QApplication, QTabWidget, QWidget

from tests.conftest import finish_layouts
from visualizer.ui.rendering import CopiedPanelStyle, render_image, save_view_svg


class Events(QObject):
    """Counts the layout requests and paints each watched widget receives."""

    def __init__(self, widgets: dict[str, QWidget]) -> None:
        super().__init__()
        self._names = {id(widget): name for name, widget in widgets.items()}
        self.seen: list[tuple[str, str]] = []
        for widget in widgets.values():
            widget.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = {QEvent.Type.LayoutRequest: "layout", QEvent.Type.Paint: "paint"}.get(event.type())
        if kind is not None and id(watched) in self._names:
            self.seen.append((self._names[id(watched)], kind))
        return False


@pytest.mark.parametrize("view", ["x_panel", "attention"])
@pytest.mark.parametrize("change", ["move a token", "switch the scheme"])
def test_a_change_leaves_the_tabs_and_the_window_alone(window, view, change):
    window.tabs.show_view(window.view(view))
    shown = window.view(view)
    schemes = iter(["sinusoidal", "learned"] * 10)  # both add P: the same room; back after two

    def act() -> None:
        if change == "move a token":
            window.model.move_token(1, 2)
        else:
            window.model.set_scheme(next(schemes))
        finish_layouts()

    for _ in range(6):  # every text and size the change alternates between, seen once
        act()
    # The window's content: the widget inside the scroll area that keeps it within the screen
    # (screen_fit.within_screen), whose layout holds the sentence box, the strip and the rest.
    content = window.centralWidget().widget()
    events = Events({"tab bar": window.tabs.tabBar(), "tabs": window.tabs, "window": content})
    drawn = shown.grab().toImage()
    for _ in range(2):
        act()
    # The tabs and the window's content may repaint under a see-through label that changed, but
    # nothing is laid out again and the tab bar stays as it was.
    assert [seen for seen in events.seen if seen[1] == "layout" or seen[0] == "tab bar"] == []
    assert shown.grab().toImage() == drawn  # two changes later, the same picture: the view followed


@pytest.mark.parametrize("size", [(1400, 900), (1024, 768)])
def test_the_tabs_frame_is_qt_s_own(window, qtbot, size):
    # The tabs copy their frame from a picture drawn once (a label changing on a page repainted the
    # whole frame under it): it must be the frame a QTabWidget of the same tabs draws itself.
    window.resize(*size)
    window.tabs.show_view(window.view("attention"))
    finish_layouts()
    tabs = window.tabs
    plain = QTabWidget()
    qtbot.addWidget(plain)
    plain.setFont(tabs.font())
    plain.tabBar().setFont(tabs.tabBar().font())
    plain.tabBar().setUsesScrollButtons(False)
    plain.tabBar().setElideMode(tabs.tabBar().elideMode())
    for index in range(tabs.count()):
        plain.addTab(QWidget(), tabs.tabText(index))
        plain.setTabVisible(index, tabs.isTabVisible(index))
    plain.setCurrentIndex(tabs.currentIndex())
    plain.resize(tabs.size())
    plain.show()
    qtbot.waitExposed(plain)
    assert plain.tabBar().geometry() == tabs.tabBar().geometry()

    def frame(widget: QTabWidget) -> QImage:
        picture = QPixmap(widget.size())
        picture.fill(Qt.GlobalColor.white)
        widget.render(picture, QPoint(), QRegion(), QWidget.RenderFlag(0))  # the widget alone
        return picture.toImage()

    copied = frame(tabs)
    assert frame(plain) == copied
    tabs.update()  # a second paint copies the picture kept
    QApplication.processEvents()
    assert frame(tabs) == copied
    plain.close()


@contextlib.contextmanager
def drawn_by_the_application_style(*widgets: QWidget) -> Iterator[None]:
    """``widgets`` drawn by the application's own style for a while (their copied panels set aside)."""
    own = [widget.style() for widget in widgets]
    for widget in widgets:
        widget.setStyle(QApplication.style())
    try:
        yield
    finally:
        for widget, style in zip(widgets, own, strict=True):
            widget.setStyle(style)


def test_a_picture_at_2x_or_in_svg_draws_the_panels_as_the_style_does(window, tmp_path):
    # A copied panel is a 1× picture: an export at 2× stretched it (stair-stepped corners) and an
    # SVG held it as an image, not as lines. Those painters draw the panels as the style does.
    panelled = (window.tabs, window.text_input.line_edit)
    assert all(isinstance(widget.style(), CopiedPanelStyle) for widget in panelled)
    window.grab()  # the copies exist
    twice = render_image(window, 2)
    save_view_svg(window, tmp_path / "copied.svg")
    with drawn_by_the_application_style(*panelled):
        assert render_image(window, 2) == twice
        save_view_svg(window, tmp_path / "drawn.svg")
    assert (tmp_path / "copied.svg").read_text() == (tmp_path / "drawn.svg").read_text()
