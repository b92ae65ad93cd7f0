"""The main window: lays out the views around one shared model, menus, undo stack."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence, QUndoStack
from PySide6.QtWidgets import (
    QFileDialog,
    QMainWindow,
    QSplitter,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from .appearance import Appearance
from .core import PositionError
from .io.tables import DATA_FORMATS, ExportError, write_data_export
from .model import EmbeddingModel
from .undo import UndoRecorder
from .views.attention_preview import AttentionPreview
from .views.gradient_lab import GradientLabView
from .views.lazy import LazyPage
from .views.palette import scaled_font
from .views.rope_clock import RopeClock
from .views.scheme_comparison import SchemeComparison
from .views.scheme_selector import SchemeSelector
from .views.text_input import TextInput
from .views.token_strip import TokenStrip
from .views.vocabulary_table import VocabularyTable
from .views.x_panel import XPanel

STATUS_MS = 8000


class MainWindow(QMainWindow):
    """Text box and token strip on top; scheme and vocabulary on the left; the views in tabs.

    Every view reads the same :class:`EmbeddingModel`; every model command lands on the undo
    stack, whichever view issued it.
    """

    def __init__(self, model: EmbeddingModel | None = None, appearance: Appearance | None = None):
        super().__init__()
        self.model = model or EmbeddingModel()
        self.appearance = appearance or Appearance()
        self.undo_stack = QUndoStack(self)
        self._undo_recorder = UndoRecorder(self.model, self.undo_stack)

        self.text_input = TextInput(self.model, self.appearance)
        self.token_strip = TokenStrip(self.model, self.appearance)
        self.scheme_selector = SchemeSelector(self.model, self.appearance)
        self.vocabulary = VocabularyTable(self.model, self.appearance)
        self.x_panel = XPanel(self.model, self.appearance)
        self.tabs = QTabWidget()
        self.tabs.addTab(self.x_panel, "")
        # The other tabs are built the first time they are opened: a faster start.
        self.pages: dict[str, LazyPage] = {}
        for name, view_class in (("rope_clock", RopeClock), ("attention", AttentionPreview),
                                 ("comparison", SchemeComparison), ("gradient_lab", GradientLabView)):
            page = LazyPage(lambda view_class=view_class: view_class(self.model, self.appearance))
            self.pages[name] = page
            self.tabs.addTab(page, "")

        right = QWidget()
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(0, 0, 0, 0)
        right_layout.addWidget(self.scheme_selector)
        right_layout.addWidget(self.tabs, 1)
        body = QSplitter(Qt.Orientation.Horizontal)
        body.addWidget(self.vocabulary)
        body.addWidget(right)
        body.setStretchFactor(1, 1)
        body.setSizes([330, 1070])
        body.setCollapsible(1, False)
        central = QWidget()
        layout = QVBoxLayout(central)
        layout.addWidget(self.text_input)
        layout.addWidget(self.token_strip)
        layout.addWidget(body, 1)
        self.setCentralWidget(central)

        self.tabs.currentChanged.connect(self._on_tab_changed)
        self.token_strip.message.connect(self.show_message)
        self.vocabulary.table_model.edit_rejected.connect(self.show_message)
        self.vocabulary.insert_requested.connect(self.insert_token_after_selection)
        self._build_actions()
        self.appearance.changed.connect(self._on_appearance_changed)
        self._on_appearance_changed()
        self.resize(1400, 900)

    # ---- actions ---------------------------------------------------------------------------------

    def _build_actions(self) -> None:
        self.undo_action = self.undo_stack.createUndoAction(self, self.tr("Undo"))
        self.undo_action.setShortcuts(QKeySequence.StandardKey.Undo)
        self.redo_action = self.undo_stack.createRedoAction(self, self.tr("Redo"))
        # Ctrl+Shift+Z everywhere, plus the platform's own redo key (Ctrl+Y on some).
        self.redo_action.setShortcuts(
            [QKeySequence("Ctrl+Shift+Z"), *QKeySequence.keyBindings(QKeySequence.StandardKey.Redo)])
        self.export_action = QAction(self)
        self.export_action.setShortcut(QKeySequence("Ctrl+E"))
        self.export_action.triggered.connect(self._on_export)
        self.quit_action = QAction(self)
        self.quit_action.setShortcuts(QKeySequence.StandardKey.Quit)
        self.quit_action.triggered.connect(self.close)
        self.delete_action = QAction(self)
        self.delete_action.setShortcut(QKeySequence(Qt.Key.Key_Delete))
        self.delete_action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self.delete_action.triggered.connect(self.token_strip.remove_selected)
        self.move_left_action = QAction(self)
        self.move_left_action.setShortcut(QKeySequence("Alt+Left"))
        self.move_left_action.triggered.connect(lambda: self.token_strip.move_selected(-1))
        self.move_right_action = QAction(self)
        self.move_right_action.setShortcut(QKeySequence("Alt+Right"))
        self.move_right_action.triggered.connect(lambda: self.token_strip.move_selected(+1))
        self.build_action = QAction(self)
        self.build_action.setShortcut(QKeySequence("Ctrl+B"))
        self.build_action.triggered.connect(self.x_panel.build_button.toggle)
        self.file_menu = self.menuBar().addMenu("")
        self.file_menu.addActions([self.export_action, self.quit_action])
        self.edit_menu = self.menuBar().addMenu("")
        self.edit_menu.addActions([self.undo_action, self.redo_action, self.delete_action,
                                   self.move_left_action, self.move_right_action])
        self.view_menu = self.menuBar().addMenu("")
        self.view_menu.addAction(self.build_action)
        # Delete acts on the strip only, so it never steals the key from the table editor.
        self.token_strip.addAction(self.delete_action)

    @property
    def rope_clock(self) -> RopeClock:
        """The RoPE clock (built on first use)."""
        return self.pages["rope_clock"].view  # type: ignore[return-value]

    @property
    def attention(self) -> AttentionPreview:
        """The attention preview (built on first use)."""
        return self.pages["attention"].view  # type: ignore[return-value]

    @property
    def comparison(self) -> SchemeComparison:
        """The five-scheme comparison (built on first use)."""
        return self.pages["comparison"].view  # type: ignore[return-value]

    @property
    def gradient_lab(self) -> GradientLabView:
        """The sparse-gradient lab (built on first use)."""
        return self.pages["gradient_lab"].view  # type: ignore[return-value]

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

    def retranslate(self) -> None:
        """Re-read every visible string of the window itself."""
        self.setWindowTitle(self.tr("Embeddings: from token ids to X"))
        self.file_menu.setTitle(self.tr("&File"))
        self.edit_menu.setTitle(self.tr("&Edit"))
        self.view_menu.setTitle(self.tr("&View"))
        self.export_action.setText(self.tr("&Export X…"))
        self.quit_action.setText(self.tr("&Quit"))
        self.delete_action.setText(self.tr("&Delete selected token"))
        self.move_left_action.setText(self.tr("Move token &left"))
        self.move_right_action.setText(self.tr("Move token &right"))
        self.build_action.setText(self.tr("&Build X step by step"))
        titles = (self.tr("Build X"), self.tr("RoPE clock"), self.tr("Attention"), self.tr("Compare schemes"),
                  self.tr("Gradient lab"))
        for index, title in enumerate(titles):
            self.tabs.setTabText(index, title)

    # ---- commands from the window ----------------------------------------------------------------

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

    def _on_export(self) -> None:
        path_text, _ = QFileDialog.getSaveFileName(
            self, self.tr("Export X"), "X.png",
            self.tr("Images (*.png *.svg);;Data (*.json *.csv *.tex)"))
        if path_text:
            self.export(Path(path_text))

    def export(self, path: Path) -> bool:
        """Export the current X to ``path``; report success or the reason in the status bar."""
        try:
            if path.suffix.lower() in DATA_FORMATS:
                write_data_export(self.model, path)
            else:
                from .io.images import export_x_panel_image  # pyqtgraph's exporters: only when used

                export_x_panel_image(self.model, path, self.appearance)
        except (ExportError, PositionError) as error:
            self.show_message(str(error))
            return False
        self.show_message(self.tr("Saved {0}").format(path))
        return True

    def _on_tab_changed(self, _index: int) -> None:
        # The position scheme has nothing to do with the gradient lab: give the lab the room.
        self.scheme_selector.setVisible(self.tabs.currentWidget() is not self.pages["gradient_lab"])

    def _on_appearance_changed(self) -> None:
        self.tabs.setFont(scaled_font(self.appearance, 12, bold=True))
        self.retranslate()

    # ---- lifetime --------------------------------------------------------------------------------

    def closeEvent(self, event: QCloseEvent) -> None:
        self.detach()
        super().closeEvent(event)

    def detach(self) -> None:
        """Disconnect every view from the model (idempotent)."""
        if self._undo_recorder is None:
            return
        self._undo_recorder.detach()
        self._undo_recorder = None  # type: ignore[assignment]
        built = [page.view for page in self.pages.values() if page.built]
        for view in (self.text_input, self.token_strip, self.scheme_selector, self.vocabulary, self.x_panel,
                     *built):
            view.detach()  # type: ignore[attr-defined]
        self.appearance.changed.disconnect(self._on_appearance_changed)
