"""Every view has the shape the window relies on; mypy checks the same lists statically."""

from __future__ import annotations

from collections.abc import Callable

from visualizer.shell.view_tabs import VIEWS as TAB_VIEWS
from visualizer.toy.scheme_selector import SchemeSelector
from visualizer.toy.text_input import TextInput
from visualizer.toy.token_strip import TokenStrip
from visualizer.toy.vocabulary_table import VocabularyTable
from visualizer.ui.protocol import AnimatedView, View

AROUND_THE_TABS: tuple[type[View], ...] = (TextInput, TokenStrip, SchemeSelector, VocabularyTable)
VIEWS: tuple[type[View], ...] = AROUND_THE_TABS + tuple(entry.kind for entry in TAB_VIEWS)
"""The widgets around the tabs, then every view of the window's one list (a new view is tested here
without being named)."""


def test_every_view_can_be_refreshed_retranslated_and_detached(window) -> None:  # type: ignore[no-untyped-def]
    views = [window.text_input, window.token_strip, window.scheme_selector, window.vocabulary,
             *(window.view(entry.name) for entry in TAB_VIEWS)]
    assert [type(view) for view in views] == list(VIEWS)
    animated = 0
    for view in views:
        assert isinstance(view, View)
        view.refresh()
        view.retranslate()
        if hasattr(view, "player"):  # a view with an animation: Space plays or pauses it
            assert isinstance(view, AnimatedView)
            animated += 1
            view.player.toggle()
            assert view.player.is_playing()
            view.player.toggle()
            assert not view.player.is_playing()
    assert animated >= 3  # Build X, the RoPE clock and the gradient lab's training at least


def test_a_zoom_step_retranslates_no_view_and_a_language_switch_every_one(  # type: ignore[no-untyped-def]
        qtbot, monkeypatch, model, appearance) -> None:
    from visualizer.shell.main_window import MainWindow

    calls: dict[str, int] = {}

    def counting(view_class: type[View]) -> Callable[[View], None]:
        original = view_class.retranslate

        def retranslate(self: View) -> None:
            calls[view_class.__name__] = calls.get(view_class.__name__, 0) + 1
            original(self)

        return retranslate

    for view_class in VIEWS:
        monkeypatch.setattr(view_class, "retranslate", counting(view_class))
    window = MainWindow(model, appearance)
    qtbot.addWidget(window)
    window.show()
    for index in range(window.tabs.count()):  # build every lazy view
        window.tabs.setCurrentIndex(index)
    calls.clear()
    appearance.set_scale(1.5)
    assert calls == {}
    window.set_language("pt")
    assert set(calls) == {view_class.__name__ for view_class in VIEWS}
    window.close()
