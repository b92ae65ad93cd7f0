"""Every view has the shape the window relies on; mypy checks the same lists statically."""

from __future__ import annotations

from visualizer.views.attention_preview import AttentionPreview
from visualizer.views.gradient_lab import GradientLabView
from visualizer.views.listening import AnimatedView, View
from visualizer.views.rope_clock import RopeClock
from visualizer.views.scheme_comparison import SchemeComparison
from visualizer.views.scheme_selector import SchemeSelector
from visualizer.views.text_input import TextInput
from visualizer.views.token_strip import TokenStrip
from visualizer.views.vocabulary_table import VocabularyTable
from visualizer.views.x_panel import XPanel

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
