"""The main window: lays out the views around one shared model, and tears them down.

What the window does is elsewhere in this package: the menus and keys are a table
(:mod:`.actions`), presentation mode is one object (:mod:`.presentation`), sessions, recent files,
autosave and preferences are :mod:`.documents`, and exports are :mod:`.exports`.
"""

from __future__ import annotations

from functools import partial
from typing import TypeVar

from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QCloseEvent, QResizeEvent, QUndoStack
from PySide6.QtWidgets import QDockWidget, QMainWindow, QSplitter, QTabWidget, QVBoxLayout, QWidget

from ..appearance import Appearance
from ..lesson import Lesson, LessonRun, load_lesson
from ..model import EmbeddingModel
from ..undo import UndoRecorder
from ..views.attention_preview import AttentionPreview
from ..views.gradient_lab import GradientLabView
from ..views.lazy import LazyPage
from ..views.lesson_panel import LessonPanel
from ..views.listening import AnimatedView, Detachable
from ..views.palette import scaled_font
from ..views.rope_clock import RopeClock
from ..views.scheme_comparison import SchemeComparison
from ..views.scheme_selector import SchemeSelector
from ..views.text_input import TextInput
from ..views.token_strip import TokenStrip
from ..views.vocabulary_table import VocabularyTable
from ..views.x_panel import XPanel
from .actions import WINDOW_MENUS, ActionTable, window_actions
from .documents import Documents
from .exports import Exports
from .help import Help
from .lesson_director import LessonDirector
from .look import Look
from .model_menu import ModelMenu
from .palette import window_palette
from .presentation import Presentation
from .restore_bar import RestoreBar
from .screen_fit import fit_to_screen
from .settings_store import SettingsStore, settings_store

STATUS_MS = 8000
PageView = TypeVar("PageView", bound=QWidget)
LAZY_VIEWS = (("rope_clock", RopeClock), ("attention", AttentionPreview), ("comparison", SchemeComparison),
              ("gradient_lab", GradientLabView))


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
        self.undo_stack = QUndoStack(self)
        self._undo_recorder: UndoRecorder | None = UndoRecorder(self.model, self.undo_stack)
        self.lesson_run = LessonRun(lesson or load_lesson(), self.model)
        self._lay_out()
        self.action_table = ActionTable(self, window_actions(), WINDOW_MENUS, {"token_strip": self.token_strip},
                                         self.menuBar())
        self.presentation = Presentation(self)
        self.exports = Exports(self)
        self.documents = Documents(self, settings_store(settings))
        self.look = Look(self)
        self.help = Help(self)
        self.lesson_director = LessonDirector(self)
        self._connect()
        # Real checkpoints: everything lives in that module. After _connect: its page hides the
        # toy's strip once the window has decided what the other tabs show.
        self.model_menu = ModelMenu(self)
        self.set_theme("system")
        self._on_scale_changed()
        self._on_look_changed()
        self.retranslate()
        fit_to_screen(self)  # a first launch; remembered geometry (below) wins
        if self.documents.store.persistent:
            self.documents.restore_preferences()

    def _lay_out(self) -> None:
        self.text_input = TextInput(self.model, self.appearance)
        self.token_strip = TokenStrip(self.model, self.appearance)
        self.scheme_selector = SchemeSelector(self.model, self.appearance)
        self.vocabulary = VocabularyTable(self.model, self.appearance)
        self.x_panel = XPanel(self.model, self.appearance)
        self.tabs = QTabWidget()
        self.tabs.addTab(self.x_panel, "")
        # The other tabs are built the first time they are opened: a faster start.
        self.pages: dict[str, LazyPage] = {}
        for name, view_class in LAZY_VIEWS:
            page = LazyPage(partial(view_class, self.model, self.appearance))
            self.pages[name] = page
            self.tabs.addTab(page, "")
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
        self.body.setSizes([330, 1070])
        self.body.setCollapsible(1, False)
        self.restore_bar = RestoreBar()
        central = QWidget()
        self.central_layout = layout = QVBoxLayout(central)
        for widget in (self.restore_bar, self.text_input, self.token_strip):
            layout.addWidget(widget)
        layout.addWidget(self.body, 1)
        self.setCentralWidget(central)

    def _connect(self) -> None:
        self.tabs.currentChanged.connect(self._on_tab_changed)
        self.token_strip.message.connect(self.show_message)
        self.vocabulary.table_model.edit_rejected.connect(self.show_message)
        self.vocabulary.insert_requested.connect(self.insert_token_after_selection)
        undo, redo = self.action_table["undo"], self.action_table["redo"]
        self.undo_stack.canUndoChanged.connect(undo.setEnabled)
        self.undo_stack.canRedoChanged.connect(redo.setEnabled)
        self.undo_stack.indexChanged.connect(self._refresh_undo_texts)
        undo.setEnabled(False)
        redo.setEnabled(False)
        self.action_table[f"language_{self.appearance.language}"].setChecked(True)
        self.model.events.edited.connect(self.documents.schedule_autosave)
        self.lesson_panel.step_changed.connect(self.presentation.size_lesson_dock)
        self.appearance.events.scale.connect(self._on_scale_changed)
        self.appearance.events.look.connect(self._on_look_changed)
        self.appearance.events.language.connect(self._on_language_changed)

    # ---- views ------------------------------------------------------------------------------------

    @property
    def rope_clock(self) -> RopeClock:
        """The RoPE clock (built on first use)."""
        return self._page_view("rope_clock", RopeClock)

    @property
    def attention(self) -> AttentionPreview:
        """The attention preview (built on first use)."""
        return self._page_view("attention", AttentionPreview)

    @property
    def comparison(self) -> SchemeComparison:
        """The five-scheme comparison (built on first use)."""
        return self._page_view("comparison", SchemeComparison)

    @property
    def gradient_lab(self) -> GradientLabView:
        """The sparse-gradient lab (built on first use)."""
        return self._page_view("gradient_lab", GradientLabView)

    def _page_view(self, name: str, kind: type[PageView]) -> PageView:
        view = self.pages[name].view
        assert isinstance(view, kind)
        return view

    def view_named(self, name: str) -> QWidget:
        """A tab's view by its name (``x_panel``, ``rope_clock``, …)."""
        return self.x_panel if name == "x_panel" else self.pages[name].view

    def show_view(self, view: QWidget) -> None:
        """Bring the tab holding ``view`` to the front."""
        for index in range(self.tabs.count()):
            page = self.tabs.widget(index)
            if page is view or (isinstance(page, LazyPage) and page.built and page.view is view):
                self.tabs.setCurrentIndex(index)
                return
        raise ValueError("that view is not in a tab")

    def current_view(self) -> QWidget:
        """The view of the tab in front."""
        page = self.tabs.currentWidget()
        return page.view if isinstance(page, LazyPage) else page

    def _on_tab_changed(self, _index: int) -> None:
        # The position scheme and the lesson's E play no part in the gradient lab (it trains its
        # own copy of E, samples its own batches): give the lab the room.
        in_lab = self.tabs.currentWidget() is self.pages["gradient_lab"]
        self.scheme_selector.setVisible(not in_lab)
        self.token_strip.setVisible(not in_lab)
        self.vocabulary.setVisible(not in_lab and not self.presentation.presenting)

    # ---- commands that span views ------------------------------------------------------------------

    def insert_token_after_selection(self, token_id: int) -> None:
        """Insert ``token_id`` after the selected chip (or at the end)."""
        selected = self.token_strip.selected_position()
        position = self.model.n if selected is None else selected + 1
        try:
            self.model.insert_token(position, token_id)
        except (ValueError, IndexError) as error:
            self.show_message(str(error))
            return
        self.token_strip.select_position(position)

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

    def _on_scale_changed(self, *_: object) -> None:
        self.tabs.setFont(scaled_font(self.appearance, 12, bold=True))
        self.lesson_dock.setMinimumWidth(min(self.appearance.px(200), 320))
        self.presentation.size_lesson_dock()  # its text took another size

    def _on_look_changed(self) -> None:
        self.action_table["contrast"].setChecked(self.appearance.high_contrast)
        self.setPalette(window_palette(self.appearance))

    def _on_language_changed(self, *_: object) -> None:
        self.retranslate()
        self.help.retranslate()
        self.presentation.size_lesson_dock()  # its text took another language

    def retranslate(self) -> None:
        """Re-read every visible string of the window itself."""
        self.setWindowTitle(self.tr("Embeddings: from token ids to X"))
        self.action_table.retranslate()
        if self._undo_recorder is not None:
            self._undo_recorder.retranslate()
        self._refresh_undo_texts()
        titles = (self.tr("Build X"), self.tr("RoPE clock"), self.tr("Attention"), self.tr("Compare schemes"),
                  self.tr("Gradient lab"))
        for index, title in enumerate(titles):
            self.tabs.setTabText(index, title)
        self.lesson_dock.setWindowTitle(self.tr("Guided lesson"))
        self.restore_bar.retranslate()
        self.documents.fill_recent_menu()

    def _refresh_undo_texts(self, *_: object) -> None:
        undo, redo = self.undo_stack.undoText(), self.undo_stack.redoText()
        self.action_table["undo"].setText(self.tr("&Undo {0}").format(undo) if undo else self.tr("&Undo"))
        self.action_table["redo"].setText(self.tr("&Redo {0}").format(redo) if redo else self.tr("&Redo"))

    # ---- lifetime --------------------------------------------------------------------------------

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.presentation.size_lesson_dock()

    def closeEvent(self, event: QCloseEvent) -> None:
        self.documents.close()
        self.detach()
        super().closeEvent(event)

    def detach(self) -> None:
        """Disconnect every view from the model (idempotent)."""
        if self._undo_recorder is None:
            return
        self.documents.stop()
        self._undo_recorder.detach()
        self._undo_recorder = None
        self.model.events.edited.disconnect(self.documents.schedule_autosave)
        self.look.detach()
        self.lesson_director.detach()
        self.model_menu.detach()
        built = [page.view for page in self.pages.values() if page.built]
        for view in (self.text_input, self.token_strip, self.scheme_selector, self.vocabulary, self.x_panel,
                     self.lesson_panel, *built):
            assert isinstance(view, Detachable)
            view.detach()
        self.appearance.events.scale.disconnect(self._on_scale_changed)
        self.appearance.events.look.disconnect(self._on_look_changed)
        self.appearance.events.language.disconnect(self._on_language_changed)
