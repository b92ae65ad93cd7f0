"""The "Real model" page: a checkpoint's facts, its tokens, X at real scale, and what it teaches about
position (its recipe, its positions, context extension, the frequencies it uses) and about E (its
neighbours and norms, the rows that barely learned)."""

from __future__ import annotations

from functools import partial
from typing import cast

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QHideEvent, QShowEvent
from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QLabel,
    QLineEdit,
    QRadioButton,
    QSplitter,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from visualizer.appearance import Appearance
from visualizer.real.context import RealContextExtension
from visualizer.real.frequencies import RealFrequencyUsage
from visualizer.real.large_matrix import LargeMatrix
from visualizer.real.neighbours import RealNeighbours
from visualizer.real.positions import RealPositions
from visualizer.real.rare_rows import RealRareRows
from visualizer.real.recipe import RealPositionRecipe
from visualizer.real.state import RealModel
from visualizer.real.token_strip import RealTokenStrip, chip_text
from visualizer.ui.lazy import LazyPage
from visualizer.ui.protocol import Detachable, ListeningView

SIDE_VIEWS = {"recipe": RealPositionRecipe, "positions": RealPositions, "context": RealContextExtension,
              "frequencies": RealFrequencyUsage, "neighbours": RealNeighbours, "rare_rows": RealRareRows}
"""The side views, in the drop-down's order, by name."""


class CurrentViewTabs(QTabWidget):
    """Tabs without a bar whose minimum is that of the view in front, not the largest of all six."""

    def __init__(self) -> None:
        super().__init__()
        self.tabBar().hide()
        self.setDocumentMode(True)
        self.currentChanged.connect(self.updateGeometry)

    def minimumSizeHint(self) -> QSize:
        current = self.currentWidget()
        if current is None:
            return QSize(0, 0)
        return current.minimumSizeHint().expandedTo(current.minimumSize())


class RealModelPage(ListeningView, QWidget):
    """Everything about the opened checkpoint on one page, beside the toy's tabs."""

    def __init__(self, model: RealModel, appearance: Appearance, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._model = model
        self._appearance = appearance
        self.facts = QLabel()
        self.facts.setWordWrap(True)
        self.facts.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.text = QLineEdit(model.text)
        self.text.returnPressed.connect(self._on_text_entered)
        self.error = QLabel()
        self.strip = RealTokenStrip(model)
        self.show_x = QRadioButton()
        self.show_x_model = QRadioButton()
        self.show_x.setChecked(True)
        self.kind_group = QButtonGroup(self)
        self.kind_group.addButton(self.show_x)
        self.kind_group.addButton(self.show_x_model)
        self.show_x.toggled.connect(lambda on: model.set_x_kind("X") if on else None)
        self.show_x_model.toggled.connect(lambda on: model.set_x_kind("X_model") if on else None)
        self.kind_caption = QLabel()
        self.kind_caption.setWordWrap(True)  # never wider than the window
        # One above the other: side by side they set the page's minimum width past 1024 px when presenting.
        kind_row = QVBoxLayout()
        kind_row.setSpacing(0)
        kind_row.addWidget(self.show_x)
        kind_row.addWidget(self.show_x_model)
        self.matrix = LargeMatrix(appearance)
        # Six views, each built the first time it is chosen: opening a model pays for the one in
        # front (its plots and, for Positions, two SVDs of P), not for all six.
        self._side_pages = {name: LazyPage(partial(view, model, appearance)) for name, view in SIDE_VIEWS.items()}
        # Six views: a tab bar would scroll at 1024 px, so a drop-down picks the one shown.
        self.side = CurrentViewTabs()
        for page in self._side_pages.values():
            self.side.addTab(page, "")
        self.view_choice = QComboBox()
        # Its longest entry must not set the page's minimum width.
        self.view_choice.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.view_choice.setMinimumContentsLength(12)
        self.view_choice.activated.connect(lambda index: self.side.setCurrentIndex(self.view_choice.itemData(index)))
        self.side.currentChanged.connect(self._on_side_changed)
        side_panel = QWidget()
        side_layout = QVBoxLayout(side_panel)
        side_layout.setContentsMargins(0, 0, 0, 0)
        side_layout.addWidget(self.view_choice)
        side_layout.addWidget(self.side, 1)
        splitter = QSplitter(Qt.Orientation.Horizontal)
        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addLayout(kind_row)
        left_layout.addWidget(self.kind_caption)
        left_layout.addWidget(self.matrix, 1)
        splitter.addWidget(left)
        splitter.addWidget(side_panel)
        splitter.setSizes([500, 600])
        layout = QVBoxLayout(self)
        layout.addWidget(self.facts)
        layout.addWidget(self.text)
        layout.addWidget(self.error)
        layout.addWidget(self.strip)
        layout.addWidget(splitter, 1)
        self.listen(model.checkpoint_changed, self._on_checkpoint_changed)
        self.listen(model.tokens_changed, self._show_text)
        self.listen(model.tokens_changed, self.refresh_matrix)
        self.listen(model.x_kind_changed, self._on_kind_changed)
        self.listen(appearance.events.language, self.retranslate)
        self.listen(appearance.events.scale, lambda _scale: self.refresh_matrix(keep_view=True))  # presenting or not
        self.retranslate()
        self.refresh_matrix()

    def minimumSizeHint(self) -> QSize:
        """The page's minimum while it is in front; nothing while another tab is.

        A tab widget takes the largest minimum of all its pages, shown or not: without this, the
        Build X tab would carry the real page's minimum on top of its own strip and text box, and
        the window would outgrow a 768-line screen.
        """
        return super().minimumSizeHint() if self.isVisible() else QSize(0, 0)

    def showEvent(self, event: QShowEvent) -> None:
        self.updateGeometry()
        super().showEvent(event)

    def hideEvent(self, event: QHideEvent) -> None:
        self.updateGeometry()
        super().hideEvent(event)

    @property
    def recipe(self) -> RealPositionRecipe:
        """Where position enters this model (built on first use, as each side view)."""
        return cast(RealPositionRecipe, self._side_pages["recipe"].view)

    @property
    def positions(self) -> RealPositions:
        """P, its similarity and decompositions; or θ and the clocks; or ALiBi's slopes and bias."""
        return cast(RealPositions, self._side_pages["positions"].view)

    @property
    def context(self) -> RealContextExtension:
        """Context extension (RoPE models)."""
        return cast(RealContextExtension, self._side_pages["context"].view)

    @property
    def frequencies(self) -> RealFrequencyUsage:
        """Which frequencies the model uses (RoPE models)."""
        return cast(RealFrequencyUsage, self._side_pages["frequencies"].view)

    @property
    def neighbours(self) -> RealNeighbours:
        """A token's nearest rows of E and the rows' norms."""
        return cast(RealNeighbours, self._side_pages["neighbours"].view)

    @property
    def rare_rows(self) -> RealRareRows:
        """The rows of E that barely learned."""
        return cast(RealRareRows, self._side_pages["rare_rows"].view)

    def _offered_names(self) -> list[str]:
        """The side views that apply to the model shown (context extension and frequencies need RoPE)."""
        checkpoint = self._model.checkpoint
        rope = checkpoint is not None and checkpoint.rope is not None
        return [name for name in SIDE_VIEWS if rope or name not in ("context", "frequencies")]

    def offered_views(self) -> list[QWidget]:
        """The views the drop-down offers for the model shown, in its order (building them)."""
        return [self._side_pages[name].view for name in self._offered_names()]

    def show_view(self, view: QWidget) -> None:
        """Bring one of the side views to the front (as choosing it in the drop-down does)."""
        self.side.setCurrentWidget(next(page for page in self._side_pages.values() if page.built and page.view is view))

    def _on_side_changed(self, index: int) -> None:
        position = self.view_choice.findData(index)
        if position >= 0:
            self.view_choice.setCurrentIndex(position)

    def _fill_view_choice(self) -> None:
        titles = {"recipe": self.tr("Where position enters this model"), "positions": self.tr("Positions"),
                  "context": self.tr("Context extension"), "frequencies": self.tr("Which frequencies the model uses"),
                  "neighbours": self.tr("Neighbours and norms"), "rare_rows": self.tr("Rows that barely learned")}
        offered = [self._side_pages[name] for name in self._offered_names()]
        if self.side.currentWidget() not in offered:
            self.side.setCurrentWidget(offered[0])
        self.view_choice.clear()
        for name in self._offered_names():
            self.view_choice.addItem(titles[name], self.side.indexOf(self._side_pages[name]))
        self._on_side_changed(self.side.currentIndex())

    def _on_text_entered(self) -> None:
        self._model.set_text(self.text.text())

    def _show_text(self) -> None:
        """The sentence box reads as the chips stand (after a drag, an undo, a sentence typed)."""
        if self.text.text() != self._model.text:
            self.text.setText(self._model.text)

    def _on_checkpoint_changed(self) -> None:
        self.text.setText(self._model.text)
        self.retranslate()
        self.refresh_matrix()

    def _on_kind_changed(self, _kind: str) -> None:
        self.refresh_matrix(keep_view=True)
        self.retranslate()

    def refresh_matrix(self, keep_view: bool = False) -> None:
        """Redraw X (or X_model) for the current tokens."""
        model = self._model
        labels = [chip_text(p + 1, t, i).split("\n")[1] for p, (t, i) in enumerate(zip(model.tokens, model.ids,
                                                                                       strict=True))]
        self.matrix.set_matrix(model.X(), labels, model.x_kind, model.beyond_trained_length(), keep_view)
        beyond = model.beyond_trained_length()
        checkpoint = model.checkpoint
        if beyond and checkpoint is not None:
            self.error.setText(self.tr("Positions {0}–{1} are beyond the trained length: this model has {2} "
                                       "learned positions, so X has no value there.").format(
                                           beyond[0] + 1, beyond[-1] + 1, checkpoint.trained_length))
        else:
            self.error.setText("")
        self.error.setVisible(bool(self.error.text()))

    def retranslate(self) -> None:
        """Every string of the page in the current language."""
        self._fill_view_choice()
        self.text.setPlaceholderText(self.tr("Type a sentence and press Enter: the model's own tokenizer splits it"))
        # Short labels (at twice the size they must fit half of 1024 px); the caption below says more.
        self.show_x.setText(self.tr("X (the lesson)"))
        self.show_x_model.setText(self.tr("X_model"))
        checkpoint = self._model.checkpoint
        if checkpoint is None:
            self.facts.setText(self.tr("No model is open: Model → Open model folder…"))
            self.kind_caption.setText("")
            return
        numbers = self._appearance.numbers
        schemes = {"learned": self.tr("learned absolute positions"), "rope": self.tr("RoPE"),
                   "alibi": self.tr("ALiBi"), "none": self.tr("no positions")}
        share = 100 * checkpoint.parameters_embedding / max(checkpoint.parameters_total, 1)
        # The config keys used are listed under "Where position enters this model".
        self.facts.setText(self.tr(
            "<b>{0}</b> ({1}): V = {2}, d = {3}, {4}. Embedding tables: {5} parameters, {6}% of {7}. "
            "Output layer {8}.").format(
                checkpoint.name, checkpoint.family, numbers.integer(checkpoint.vocab_size), checkpoint.d,
                schemes[checkpoint.scheme], numbers.integer(checkpoint.parameters_embedding),
                numbers.short(share, 1), numbers.integer(checkpoint.parameters_total),
                self.tr("tied to E") if checkpoint.tied else self.tr("separate from E")))
        if self._model.x_kind == "X":
            formula = self.tr("E[ids] + P") if checkpoint.P is not None else self.tr("E[ids]")
            self.kind_caption.setText(self.tr("Showing the lesson's X = {0}.").format(formula))
        else:
            what = {"LayerNorm(E[ids] + P + token type 0)": self.tr("LayerNorm(E[ids] + P + token type 0)"),
                    "LayerNorm(E[ids] + P)": self.tr("LayerNorm(E[ids] + P)"),
                    "LayerNorm(E[ids])": self.tr("LayerNorm(E[ids])"),
                    "the same as X": self.tr("the same as X")}.get(checkpoint.x_model_description(),
                                                                   checkpoint.x_model_description())
            self.kind_caption.setText(self.tr("Showing X_model = {0}: what the first block receives.").format(what))

    def detach(self) -> None:
        """Disconnect the page and its views from the model (idempotent)."""
        self.stop_listening()
        views: list[Detachable] = [self.strip, self.matrix]
        views += [cast(Detachable, page.view) for page in self._side_pages.values() if page.built]
        for view in views:
            view.detach()
