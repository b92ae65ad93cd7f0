"""The main window: lays out the views around one shared model, and tears them down.

What the window does is elsewhere in this package: the menus and keys are a table
(:mod:`.actions`), presentation mode is one object (:mod:`.presentation`), sessions, recent files,
autosave and preferences are :mod:`.documents`, and exports are :mod:`.exports`.
"""

from __future__ import annotations

from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QCloseEvent, QResizeEvent, QUndoStack
from PySide6.QtWidgets import QDockWidget, QMainWindow, QSplitter, QVBoxLayout, QWidget

from ..appearance import Appearance
from ..lab import GradientLab
from ..lesson import Lesson, LessonRun, load_lesson
from ..model import EmbeddingModel
from ..selection import Highlight
from ..views.attention_preview import AttentionPreview
from ..views.gradient_lab import GradientLabView
from ..views.lesson_panel import LessonPanel
from ..views.protocol import AnimatedView, Detachable
from ..views.rope_clock import RopeClock
from ..views.scheme_comparison import SchemeComparison
from ..views.scheme_selector import SchemeSelector
from ..views.text_input import TextInput
from ..views.token_strip import TokenStrip
from ..views.vocabulary_table import VocabularyTable
from .actions import WINDOW_MENUS, ActionTable, window_actions
from .documents import Documents
from .exports import Exports
from .help import Help
from .lesson_director import LessonDirector
from .look import Look
from .model_menu import ModelMenu
from .presentation import Presentation
from .restore_bar import RestoreBar
from .screen_fit import fit_to_screen
from .settings_store import SettingsStore, settings_store
from .undo_actions import UndoActions
from .view_tabs import ViewTabs

STATUS_MS = 8000


class MainWindow(QMainWindow):
    """Text box and token strip on top; vocabulary on the left; the views in tabs; the lesson on
    the right (along the bottom while presenting).

    Every view reads the same :class:`EmbeddingModel`; every model command lands on the undo
    stack, whichever view (or lesson step) issued it.

    Parameters
    ----------
    model, appearance
        The shared state and look (new ones by default).
    settings : QSettings or SettingsStore, optional
        Where geometry, language, zoom and recent files persist, and the autosave lives;
        None (tests, screenshots) keeps everything in memory.
    lesson : Lesson, optional
        The guided lesson (the app's own by default).
    """

    def __init__(self, model: EmbeddingModel | None = None, appearance: Appearance | None = None,
                 settings: QSettings | SettingsStore | None = None, lesson: Lesson | None = None):
        super().__init__()
        self.model = model or EmbeddingModel()
        self.appearance = appearance or Appearance()
        # Beside the model, never undone or saved: the position every view highlights, and the
        # lab's batches and its own training copy of E (made on first use: see `lab`).
        self.highlight = Highlight(self.model)
        self._lab: GradientLab | None = None
        self.undo_stack = QUndoStack(self)
        self.lesson_run = LessonRun(lesson or load_lesson(), self.model)
        self._lay_out()
        self.action_table = ActionTable(self, window_actions(), WINDOW_MENUS, {"token_strip": self.token_strip},
                                         self.menuBar())
        self.undo_actions = UndoActions(self.model, self.undo_stack, self.action_table["undo"],
                                        self.action_table["redo"])
        self.presentation = Presentation(self)
        self.exports = Exports(self)
        self.documents = Documents(self, settings_store(settings))
        self.look = Look(self)
        self.help = Help(self)
        self.lesson_director = LessonDirector(self)
        self.model_menu = ModelMenu(self)  # real checkpoints: everything lives in that module
        self._connect()
        self.set_theme("system")
        self.look.apply()
        fit_to_screen(self)  # a first launch; remembered geometry (below) wins
        if self.documents.store.persistent:
            self.documents.restore_preferences()

    def _lay_out(self) -> None:
        self.text_input = TextInput(self.model, self.appearance)
        self.token_strip = TokenStrip(self.model, self.appearance, self.highlight)
        self.scheme_selector = SchemeSelector(self.model, self.appearance)
        self.vocabulary = VocabularyTable(self.model, self.appearance, self.highlight)
        self.tabs = ViewTabs(self.model, self.appearance, self.highlight, lambda: self.lab)
        self.x_panel, self.pages = self.tabs.x_panel, self.tabs.pages
        self.lesson_panel = LessonPanel(self.lesson_run, self.appearance)
        self.lesson_dock = QDockWidget()
        self.lesson_dock.setObjectName("lesson")
        self.lesson_dock.setWidget(self.lesson_panel)
        self.lesson_dock.setFeatures(QDockWidget.DockWidgetFeature.DockWidgetClosable
                                     | QDockWidget.DockWidgetFeature.DockWidgetMovable)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.lesson_dock)
        self.lesson_dock.hide()
        right = QWidget()
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(0, 0, 0, 0)
        right_layout.addWidget(self.scheme_selector)
        right_layout.addWidget(self.tabs, 1)
        self.body = QSplitter(Qt.Orientation.Horizontal)
        self.body.addWidget(self.vocabulary)
        self.body.addWidget(right)
        self.body.setStretchFactor(1, 1)
        self.body.setSizes([330, 1070])  # until the vocabulary knows its width (Look.fit_vocabulary)
        self.body.setCollapsible(1, False)
        self.restore_bar = RestoreBar()
        central = QWidget()
        self.central_layout = layout = QVBoxLayout(central)
        for widget in (self.restore_bar, self.text_input, self.token_strip):
            layout.addWidget(widget)
        layout.addWidget(self.body, 1)
        self.setCentralWidget(central)

    def _connect(self) -> None:
        self.tabs.currentChanged.connect(self.arrange_side_widgets)
        self.token_strip.message.connect(self.show_message)
        self.vocabulary.table_model.edit_rejected.connect(self.show_message)
        self.vocabulary.insert_requested.connect(self.token_strip.insert_after_selection)
        self.action_table[f"language_{self.appearance.language}"].setChecked(True)
        self.lesson_panel.step_changed.connect(self.presentation.size_lesson_dock)

    # ---- views ------------------------------------------------------------------------------------

    @property
    def rope_clock(self) -> RopeClock:
        """The RoPE clock (built on first use)."""
        return self.tabs.page_view("rope_clock", RopeClock)

    @property
    def attention(self) -> AttentionPreview:
        """The attention preview (built on first use)."""
        return self.tabs.page_view("attention", AttentionPreview)

    @property
    def comparison(self) -> SchemeComparison:
        """The five-scheme comparison (built on first use)."""
        return self.tabs.page_view("comparison", SchemeComparison)

    @property
    def lab(self) -> GradientLab:
        """The sparse-gradient lab's state, made on first use (its page or an arrays export): it
        trains a copy of E as E is then, after any edit or session opened since the start."""
        if self._lab is None:
            self._lab = GradientLab(self.model.tokens, self.model.E)
        return self._lab

    @property
    def gradient_lab(self) -> GradientLabView:
        """The sparse-gradient lab (built on first use)."""
        return self.tabs.page_view("gradient_lab", GradientLabView)

    def view_named(self, name: str) -> QWidget:
        """A tab's view by its name (``x_panel``, ``rope_clock``, …)."""
        return self.tabs.view_named(name)

    def show_view(self, view: QWidget) -> None:
        """Bring the tab holding ``view`` to the front."""
        self.tabs.show_view(view)

    def current_view(self) -> QWidget:
        """The view of the tab in front."""
        return self.tabs.current_view()

    def arrange_side_widgets(self, *_: object) -> None:
        """Show the text box, strip, scheme and vocabulary where the view in front uses them.

        The gradient lab trains its own copy of E on its own batches, and the real model's page has
        its own text box and strip: they get the room. Presenting, the text box and the vocabulary
        step aside for every view.
        """
        page = self.tabs.currentWidget()
        in_lab = page is self.pages["gradient_lab"]
        in_real_model = self.model_menu.page is not None and page is self.model_menu.page
        toy_sequence = not in_lab and not in_real_model
        presenting = self.presentation.presenting
        self.scheme_selector.setVisible(toy_sequence)
        self.token_strip.setVisible(toy_sequence)
        self.vocabulary.setVisible(toy_sequence and not presenting)
        self.text_input.setVisible(not in_real_model and not presenting)

    # ---- commands that span views ------------------------------------------------------------------

    def show_message(self, text: str) -> None:
        """Show ``text`` in the status bar for a while."""
        self.statusBar().showMessage(text, STATUS_MS)

    def play_pause(self) -> None:
        """Space while presenting: play or pause the animation of the view in front."""
        view = self.current_view()
        if isinstance(view, AnimatedView):
            view.player.toggle()

    def go_to_step(self, step: int) -> None:
        """Show lesson step ``step`` (0-based)."""
        self.lesson_run.go_to(step)

    def set_language(self, language: str) -> None:
        """Switch every visible string and number format, live."""
        self.look.set_language(language)

    def set_theme(self, mode: str) -> None:
        """``system`` (follow the desktop's light or dark scheme), ``light`` or ``dark``."""
        self.look.set_theme(mode)

    @property
    def theme_mode(self) -> str:
        """The theme chosen: ``system``, ``light`` or ``dark``."""
        return self.look.theme_mode

    # ---- look ------------------------------------------------------------------------------------

    def retranslate(self) -> None:
        """Re-read every visible string of the window itself."""
        self.setWindowTitle(self.tr("Embeddings: from token ids to X"))
        self.action_table.retranslate()
        self.undo_actions.retranslate()
        self.tabs.retranslate()
        self.lesson_dock.setWindowTitle(self.tr("Guided lesson"))
        self.restore_bar.retranslate()
        self.documents.fill_recent_menu()

    # ---- lifetime --------------------------------------------------------------------------------

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.presentation.size_lesson_dock()

    def closeEvent(self, event: QCloseEvent) -> None:
        self.documents.close()
        self.detach()
        super().closeEvent(event)

    def detach(self) -> None:
        """Disconnect every part and view of the window from the model (idempotent)."""
        if self.undo_actions.recorder is None:
            return
        for part in (self.documents, self.undo_actions, self.look, self.lesson_director, self.model_menu,
                     self.text_input, self.token_strip, self.scheme_selector, self.vocabulary, self.lesson_panel,
                     *self.tabs.built_views()):
            assert isinstance(part, Detachable)
            part.detach()
        self.highlight.close()
