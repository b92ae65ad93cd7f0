"""Every view has the shape the window relies on; mypy checks the same lists statically."""

from __future__ import annotations

from collections.abc import Callable

from visualizer.lab.gradient_lab import GradientLabView
from visualizer.toy.attention_preview import AttentionPreview
from visualizer.toy.rope_clock import RopeClock
from visualizer.toy.scheme_comparison import SchemeComparison
from visualizer.toy.scheme_selector import SchemeSelector
from visualizer.toy.text_input import TextInput
from visualizer.toy.token_strip import TokenStrip
from visualizer.toy.vocabulary_table import VocabularyTable
from visualizer.toy.x_panel import XPanel
from visualizer.ui.protocol import AnimatedView, View

VIEWS: tuple[type[View], ...] = (TextInput, TokenStrip, SchemeSelector, VocabularyTable, XPanel, RopeClock,
                                 AttentionPreview, SchemeComparison, GradientLabView)
ANIMATED: tuple[type[AnimatedView], ...] = (XPanel, RopeClock, GradientLabView)


def test_every_view_can_be_refreshed_retranslated_and_detached(window) -> None:  # type: ignore[no-untyped-def]
    views = [window.text_input, window.token_strip, window.scheme_selector, window.vocabulary, window.x_panel,
             window.rope_clock, window.attention, window.comparison, window.gradient_lab]
    assert [type(view) for view in views] == list(VIEWS)
    for view in views:
        assert isinstance(view, View)
        view.refresh()
        view.retranslate()
    for view in (window.x_panel, window.rope_clock, window.gradient_lab):
        assert isinstance(view, AnimatedView)
        view.player.toggle()
        assert view.player.is_playing()
        view.player.toggle()
        assert not view.player.is_playing()


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
