"""The Qt-free signal groups, the shared highlight and the one way to listen."""

from visualizer.appearance import Appearance
from visualizer.model import Edit, EmbeddingModel
from visualizer.selection import Highlight
from visualizer.subscriptions import Listening


def record(group, names):
    seen = []
    for name in names:
        group[name].connect(lambda *args, name=name: seen.append(name))
    return seen


def test_a_token_move_reports_tokens_x_and_changed_but_not_attention():
    model = EmbeddingModel()
    seen = record(model.events, ["tokens_changed", "scheme_changed", "embedding_changed", "x_changed",
                                 "attention_changed", "changed"])
    model.move_token(0, 1)
    assert seen == ["tokens_changed", "x_changed", "changed"]


def test_an_attention_setting_reports_attention_and_changed_only():
    model = EmbeddingModel()
    seen = record(model.events, ["tokens_changed", "x_changed", "attention_changed", "changed"])
    model.set_causal(False)
    assert seen == ["attention_changed", "changed"]


def test_edited_carries_the_edit():
    model = EmbeddingModel()
    edits = []
    model.events.edited.connect(lambda before, after, edit: edits.append((before.scheme, after.scheme, edit)))
    model.set_scheme("rope")
    assert edits == [("learned", "rope", Edit("scheme", ("rope",)))]


def test_highlight_is_cleared_before_anyone_hears_of_the_shorter_sequence():
    model = EmbeddingModel()
    highlight = Highlight(model)
    highlight.set_position(model.n - 1)
    seen_by_a_view = []
    model.events.tokens_changed.connect(lambda: seen_by_a_view.append(highlight.position))
    model.remove_token(0)
    assert seen_by_a_view == [None]


def test_each_appearance_change_has_its_own_signal():
    appearance = Appearance()
    seen = record(appearance.events, ["scale", "language", "look"])
    anything = []
    appearance.events.all.connect(lambda *_: anything.append(1))  # anything changed
    appearance.set_scale(1.5)
    appearance.set_language("pt")
    appearance.set_high_contrast(True)
    appearance.set_dark(True)
    assert seen == ["scale", "language", "look", "look"]
    assert len(anything) == 4


class Listener(Listening):
    def __init__(self, model):
        self.calls = 0
        self.listen(model.events.changed, self.on_changed)

    def on_changed(self):
        self.calls += 1


def test_stop_listening_drops_every_connection_and_can_be_called_twice():
    model = EmbeddingModel()
    before = len(model.events.changed)
    listener = Listener(model)
    model.set_scheme("rope")
    listener.detach()
    listener.stop_listening()
    model.set_scheme("none")
    assert listener.calls == 1 and len(model.events.changed) == before
