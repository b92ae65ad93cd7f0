"""The main window: lays out the views around one shared model; menus, undo, lesson, presenting."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QByteArray, QLocale, QSettings, QStandardPaths, Qt, QTimer
from PySide6.QtGui import QAction, QActionGroup, QCloseEvent, QColor, QKeySequence, QPalette, QResizeEvent, QUndoStack
from PySide6.QtWidgets import (
    QApplication,
    QDockWidget,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QPushButton,
    QSplitter,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from .appearance import Appearance
from .core import PositionError
from .i18n import LANGUAGES, install_language
from .io.session import SessionError, load_session, save_session
from .io.tables import DATA_FORMATS, ExportError, write_data_export
from .lesson import Lesson, LessonStep, load_lesson
from .model import EmbeddingModel
from .undo import UndoRecorder
from .views.attention_preview import AttentionPreview
from .views.gradient_lab import GradientLabView
from .views.lazy import LazyPage
from .views.lesson_panel import LessonPanel
from .views.palette import scaled_font
from .views.rope_clock import RopeClock
from .views.scheme_comparison import SchemeComparison
from .views.scheme_selector import SchemeSelector
from .views.text_input import TextInput
from .views.token_strip import TokenStrip
from .views.vocabulary_table import VocabularyTable
from .views.x_panel import XPanel

STATUS_MS = 8000
MIN_PRESENTATION_SCALE, MAX_PRESENTATION_SCALE = 1.5, 2.5
QWIDGETSIZE_MAX = 16_777_215  # Qt's "no maximum"
LESSON_SHARE = 0.22  # of the window width, for the lesson beside the views
LESSON_SHARE_PRESENTING = 0.3  # of the height, for the lesson along the bottom
ZOOM_STEP = 1.15
MAX_RECENT = 8
AUTOSAVE_MS = 3000
SESSION_FILTER = "Sessions (*.json)"
THEMES = ("system", "light", "dark")


def locale_for(language: str) -> QLocale:
    """The Qt locale of a language: English numbers (1,000.5) or Brazilian ones (1.000,5)."""
    if language == "pt":
        return QLocale(QLocale.Language.Portuguese, QLocale.Country.Brazil)
    return QLocale(QLocale.Language.English, QLocale.Country.UnitedStates)


def presentation_scale(width: int, height: int) -> float:
    """Type size for presenting on a ``width`` × ``height`` screen: 1.5 at 1024 × 768, more on larger."""
    scale = 1.5 * min(width / 1024, height / 768)
    return round(min(MAX_PRESENTATION_SCALE, max(MIN_PRESENTATION_SCALE, scale)), 2)


class MainWindow(QMainWindow):
    """Text box and token strip on top; vocabulary on the left; the views in tabs; the lesson
    on the right.

    Every view reads the same :class:`EmbeddingModel`; every model command lands on the undo
    stack, whichever view (or lesson step) issued it.

    Parameters
    ----------
    model, appearance
        The shared state and look (new ones by default).
    settings : QSettings, optional
        Where geometry, language, zoom and recent files persist, and the autosave lives;
        None (tests, screenshots) keeps nothing.
    """

    def __init__(self, model: EmbeddingModel | None = None, appearance: Appearance | None = None,
                 settings: QSettings | None = None, lesson: Lesson | None = None):
        super().__init__()
        self.model = model or EmbeddingModel()
        self.appearance = appearance or Appearance()
        self.settings = settings
        self.session_path: Path | None = None
        self.undo_stack = QUndoStack(self)
        self._undo_recorder: UndoRecorder | None = UndoRecorder(self.model, self.undo_stack)
        self.theme_mode = "system"
        self._presenting = False
        self._presentation_scale = MIN_PRESENTATION_SCALE
        self._scale_before_presenting = 1.0
        self._contrast_before_presenting = False

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
        self.lesson_panel = LessonPanel(lesson or load_lesson(), self.model, self.appearance,
                                        self.show_lesson_step, self.run_lesson_action)
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
        self.restore_bar = self._build_restore_bar()
        central = QWidget()
        layout = QVBoxLayout(central)
        layout.addWidget(self.restore_bar)
        layout.addWidget(self.text_input)
        layout.addWidget(self.token_strip)
        layout.addWidget(self.body, 1)
        self.setCentralWidget(central)
        self.blank = QLabel(self)  # B in presentation mode: a black screen while the class talks
        self.blank.setStyleSheet("background: black;")
        self.blank.hide()

        self.tabs.currentChanged.connect(self._on_tab_changed)
        self.token_strip.message.connect(self.show_message)
        self.vocabulary.table_model.edit_rejected.connect(self.show_message)
        self.vocabulary.insert_requested.connect(self.insert_token_after_selection)
        self._autosave_timer = QTimer(self)
        self._autosave_timer.setObjectName("autosave")
        self._autosave_timer.setSingleShot(True)
        self._autosave_timer.setInterval(AUTOSAVE_MS)
        self._autosave_timer.timeout.connect(self.autosave)
        self.model.edited.connect(self._on_model_edited)
        self._build_actions()
        from .model_menu import install_model_menu  # real checkpoints: everything lives in that module

        self.model_menu = install_model_menu(self)
        self.appearance.changed.connect(self._on_appearance_changed)
        self.set_theme("system")
        self._on_appearance_changed()
        self.resize(1400, 900)
        if settings is not None:
            self._restore_settings()

    # ---- views ------------------------------------------------------------------------------------

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

    # ---- actions and menus -------------------------------------------------------------------------

    def _action(self, slot: Any, *keys: QKeySequence | QKeySequence.StandardKey | str,
                checkable: bool = False) -> QAction:
        action = QAction(self)
        shortcuts: list[QKeySequence] = []
        for key in keys:
            if isinstance(key, QKeySequence.StandardKey):
                shortcuts += QKeySequence.keyBindings(key)
            else:
                shortcuts.append(QKeySequence(key))
        action.setShortcuts(shortcuts)
        action.setCheckable(checkable)
        action.triggered.connect(slot)
        self.addAction(action)  # shortcuts work even while the menu bar is hidden
        return action

    def _build_actions(self) -> None:
        self.undo_action = self._action(self.undo_stack.undo, QKeySequence.StandardKey.Undo)
        # Ctrl+Shift+Z everywhere, plus the platform's own redo key (Ctrl+Y on some).
        self.redo_action = self._action(self.undo_stack.redo, "Ctrl+Shift+Z", QKeySequence.StandardKey.Redo)
        self.undo_stack.canUndoChanged.connect(self.undo_action.setEnabled)
        self.undo_stack.canRedoChanged.connect(self.redo_action.setEnabled)
        self.undo_stack.indexChanged.connect(self._refresh_undo_texts)
        self.undo_action.setEnabled(False)
        self.redo_action.setEnabled(False)
        self.open_action = self._action(self._on_open, QKeySequence.StandardKey.Open)
        self.save_action = self._action(self._on_save, QKeySequence.StandardKey.Save)
        self.save_as_action = self._action(self._on_save_as, "Ctrl+Shift+S")
        self.export_action = self._action(self._on_export, "Ctrl+E")
        self.export_view_actions = {scale: self._action(lambda _=False, s=scale: self._on_export_view(s))
                                    for scale in (1, 2, 4)}
        self.export_svg_action = self._action(lambda: self._on_export_view(0))
        self.export_window_action = self._action(lambda: self._on_export_view(2, whole_window=True))
        self.export_arrays_action = self._action(self._on_export_arrays)
        self.export_latex_action = self._action(self._on_export_latex)
        self.print_action = self._action(self._on_print, QKeySequence.StandardKey.Print)
        self.copy_view_action = self._action(self.copy_view, QKeySequence.StandardKey.Copy)
        self.quit_action = self._action(self.close, QKeySequence.StandardKey.Quit)
        self.delete_action = QAction(self)
        self.delete_action.setShortcut(QKeySequence(Qt.Key.Key_Delete))
        self.delete_action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self.delete_action.triggered.connect(self.token_strip.remove_selected)
        self.token_strip.addAction(self.delete_action)  # Delete acts on the strip only
        self.move_left_action = self._action(lambda: self.token_strip.move_selected(-1), "Alt+Left")
        self.move_right_action = self._action(lambda: self.token_strip.move_selected(+1), "Alt+Right")
        self.build_action = self._action(lambda: self.x_panel.build_button.toggle(), "Ctrl+B")
        self.lesson_action = self._action(self._on_lesson_toggled, "F9", checkable=True)
        self.next_step_action = self._action(self.lesson_panel.advance, "PgDown")
        self.previous_step_action = self._action(self.lesson_panel.previous, "PgUp")
        self.present_action = self._action(lambda: self.set_presenting(not self._presenting), "F5")
        self.leave_action = self._action(lambda: self.set_presenting(False), "Esc")
        self.zoom_in_action = self._action(lambda: self.zoom(ZOOM_STEP), QKeySequence.StandardKey.ZoomIn, "Ctrl+=")
        self.zoom_out_action = self._action(lambda: self.zoom(1 / ZOOM_STEP), QKeySequence.StandardKey.ZoomOut)
        self.zoom_reset_action = self._action(self.reset_zoom, "Ctrl+0")
        self.contrast_action = self._action(self._on_contrast_toggled, checkable=True)
        # Clicker keys: only while presenting, so arrows and Space keep their meaning elsewhere.
        self.clicker_next_action = self._action(self.lesson_panel.advance, "Right")
        self.clicker_previous_action = self._action(self.lesson_panel.previous, "Left")
        self.blank_action = self._action(self.toggle_blank, "B")
        self.play_action = self._action(self.play_pause, "Space")
        self.theme_group = QActionGroup(self)
        self.theme_actions: dict[str, QAction] = {}
        for mode in THEMES:
            action = QAction(self, checkable=True)
            action.triggered.connect(lambda _=False, mode=mode: self.set_theme(mode))
            self.theme_group.addAction(action)
            self.theme_actions[mode] = action
        self.theme_actions["system"].setChecked(True)
        QApplication.styleHints().colorSchemeChanged.connect(self._on_system_colours_changed)
        self.language_group = QActionGroup(self)
        self.language_actions: dict[str, QAction] = {}
        for code in LANGUAGES:
            action = QAction(LANGUAGES[code], self, checkable=True)
            action.setChecked(code == self.appearance.language)
            action.triggered.connect(lambda _=False, code=code: self.set_language(code))
            self.language_group.addAction(action)
            self.language_actions[code] = action
        self._set_clicker_keys(False)

        bar = self.menuBar()
        self.file_menu = bar.addMenu("")
        self.recent_menu = self.file_menu.addMenu("")
        self.file_menu.addActions([self.open_action, self.save_action, self.save_as_action])
        self.file_menu.insertMenu(self.save_action, self.recent_menu)
        self.file_menu.addSeparator()
        self.export_menu = self.file_menu.addMenu("")
        self.export_menu.addAction(self.export_action)
        self.export_menu.addActions([*self.export_view_actions.values(), self.export_svg_action,
                                     self.export_window_action, self.export_arrays_action,
                                     self.export_latex_action])
        self.file_menu.addAction(self.print_action)
        self.file_menu.addSeparator()
        self.file_menu.addAction(self.quit_action)
        self.edit_menu = bar.addMenu("")
        self.edit_menu.addActions([self.undo_action, self.redo_action, self.copy_view_action, self.delete_action,
                                   self.move_left_action, self.move_right_action])
        self.view_menu = bar.addMenu("")
        self.view_menu.addActions([self.build_action, self.lesson_action, self.next_step_action,
                                   self.previous_step_action])
        self.view_menu.addSeparator()
        self.view_menu.addActions([self.present_action, self.zoom_in_action, self.zoom_out_action,
                                   self.zoom_reset_action, self.contrast_action])
        self.theme_menu = self.view_menu.addMenu("")
        self.theme_menu.addActions(list(self.theme_actions.values()))
        self.language_menu = self.view_menu.addMenu("")
        self.language_menu.addActions(list(self.language_actions.values()))

    def retranslate(self) -> None:
        """Re-read every visible string of the window itself."""
        self.setWindowTitle(self.tr("Embeddings: from token ids to X"))
        self.file_menu.setTitle(self.tr("&File"))
        self.edit_menu.setTitle(self.tr("&Edit"))
        self.view_menu.setTitle(self.tr("&View"))
        self.recent_menu.setTitle(self.tr("Open &recent"))
        self.language_menu.setTitle(self.tr("&Language"))
        self.theme_menu.setTitle(self.tr("&Theme"))
        for mode, text in (("system", self.tr("Follow the system")), ("light", self.tr("Light")),
                           ("dark", self.tr("Dark"))):
            self.theme_actions[mode].setText(text)
        self.export_menu.setTitle(self.tr("E&xport"))
        for scale, action in self.export_view_actions.items():
            action.setText(self.tr("Current view as PNG ({0}×)…").format(scale))
        if self._undo_recorder is not None:
            self._undo_recorder.retranslate()
        self._refresh_undo_texts()
        for action, text in (
            (self.open_action, self.tr("&Open session…")), (self.save_action, self.tr("&Save session")),
            (self.save_as_action, self.tr("Save session &as…")), (self.export_action, self.tr("&Export X…")),
            (self.export_svg_action, self.tr("Current view as SVG…")),
            (self.export_window_action, self.tr("Whole window as PNG (2×)…")),
            (self.export_arrays_action, self.tr("Arrays E, P, X, scores, gradient (CSV and NPY)…")),
            (self.export_latex_action, self.tr("X as LaTeX…")),
            (self.print_action, self.tr("&Print worked example (PDF)…")),
            (self.copy_view_action, self.tr("&Copy view as image")),
            (self.quit_action, self.tr("&Quit")), (self.delete_action, self.tr("&Delete selected token")),
            (self.move_left_action, self.tr("Move token &left")),
            (self.move_right_action, self.tr("Move token &right")),
            (self.build_action, self.tr("&Build X step by step")),
            (self.lesson_action, self.tr("Guided &lesson")),
            (self.next_step_action, self.tr("&Next lesson step")),
            (self.previous_step_action, self.tr("&Previous lesson step")),
            (self.present_action, self.tr("&Presentation mode")),
            (self.zoom_in_action, self.tr("Zoom &in")), (self.zoom_out_action, self.tr("Zoom &out")),
            (self.zoom_reset_action, self.tr("&Reset zoom")),
            (self.contrast_action, self.tr("&High contrast")),
        ):
            action.setText(text)
        titles = (self.tr("Build X"), self.tr("RoPE clock"), self.tr("Attention"), self.tr("Compare schemes"),
                  self.tr("Gradient lab"))
        for index, title in enumerate(titles):
            self.tabs.setTabText(index, title)
        self.lesson_dock.setWindowTitle(self.tr("Guided lesson"))
        self.restore_label.setText(self.tr("The app did not close normally last time. "
                                           "Restore the work it saved automatically?"))
        self.restore_button.setText(self.tr("Restore"))
        self.discard_button.setText(self.tr("Discard"))
        self._fill_recent_menu()

    def _refresh_undo_texts(self, *_: object) -> None:
        undo, redo = self.undo_stack.undoText(), self.undo_stack.redoText()
        self.undo_action.setText(self.tr("&Undo {0}").format(undo) if undo else self.tr("&Undo"))
        self.redo_action.setText(self.tr("&Redo {0}").format(redo) if redo else self.tr("&Redo"))

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

    def play_pause(self) -> None:
        """Space while presenting: play or pause the animation of the view in front."""
        view = self.current_view()
        if view is self.x_panel:
            self.x_panel.build_button.toggle()
        elif isinstance(view, (RopeClock, GradientLabView)):
            view.play_button.toggle()

    def toggle_blank(self) -> None:
        """B while presenting: black out the screen, or bring it back."""
        self.blank.setGeometry(self.rect())
        self.blank.setVisible(not self.blank.isVisible())
        self.blank.raise_()

    def is_blank(self) -> bool:
        """True while the screen is blacked out."""
        return self.blank.isVisible()

    # ---- lesson ------------------------------------------------------------------------------------

    def show_lesson_step(self, step: LessonStep) -> None:
        """Bring forward the view a lesson step names, in the state it asks for."""
        if not self.lesson_dock.isVisible():
            self.lesson_dock.show()
            self._size_lesson_dock()
        self.lesson_action.setChecked(True)
        view = self.view_named(step.view)
        self.show_view(view)
        # Each step sets the build animation explicitly: one left running would confuse the class.
        self.x_panel.finish_build()
        if step.build:
            self.x_panel.build_button.setChecked(True)
        if isinstance(view, RopeClock):
            if step.rope_lesson:
                view.show_lesson_positions(3, 1)
            elif view.lesson_mode:
                view.lesson_button.setChecked(False)

    def run_lesson_action(self, action: dict[str, Any]) -> None:
        """A reveal that is not a model command: the real-scale measurement."""
        if action.get("real_scale"):
            lab = self.gradient_lab
            self.show_view(lab)
            lab.pages.setCurrentWidget(lab.real_scale)
            lab.real_scale.start()

    def _on_lesson_toggled(self, shown: bool) -> None:
        self.lesson_dock.setVisible(shown)
        self._size_lesson_dock()
        if shown and self.lesson_panel.index is None:
            self.lesson_panel.go_to(0)

    def go_to_step(self, step: int) -> None:
        """Show lesson step ``step`` (0-based)."""
        self.lesson_panel.go_to(step)

    # ---- presentation and look -----------------------------------------------------------------

    def is_presenting(self) -> bool:
        """True in presentation mode."""
        return self._presenting

    def set_presenting(self, on: bool, full_screen: bool = True) -> None:
        """Presentation mode: large type, high contrast, the lesson beside, clicker keys on.

        The scale follows the screen: 150% at 1024 × 768, up to 250% on large screens; zoom
        keys adjust it from there.
        """
        if on == self._presenting:
            return
        self._presenting = on
        if on:
            self._scale_before_presenting = self.appearance.scale
            self._contrast_before_presenting = self.appearance.high_contrast
            area = self.screen().availableGeometry().size() if full_screen else self.size()
            self._presentation_scale = presentation_scale(area.width(), area.height())
            self.appearance.set_scale(self._presentation_scale)
            self.appearance.set_high_contrast(True)
            # The lesson is shown, not started: the class's own sentence stays until Next.
        else:
            self.appearance.set_scale(self._scale_before_presenting)
            self.appearance.set_high_contrast(self._contrast_before_presenting)
            self.blank.hide()
        for widget in (self.vocabulary, self.text_input):
            widget.setVisible(not on)
        self.menuBar().setVisible(not on)
        # Presenting, the lesson runs along the bottom like subtitles: the matrices keep the width.
        self.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea if on else Qt.DockWidgetArea.RightDockWidgetArea,
                           self.lesson_dock)
        self.scheme_selector.set_compact(on)
        self.lesson_panel.set_wide(on)
        # No title bar on the lesson while presenting: every pixel of height counts.
        self.lesson_dock.setTitleBarWidget(QWidget() if on else None)
        self.lesson_dock.setVisible(on or self.lesson_action.isChecked())
        self._set_clicker_keys(on)
        if on and full_screen:
            self.showFullScreen()
        elif not on and self.isFullScreen():
            self.showNormal()
        self._size_lesson_dock()

    def _size_lesson_dock(self) -> None:
        if self.lesson_dock.isHidden():
            return
        if self._presenting:
            height = int(self.height() * LESSON_SHARE_PRESENTING)
            self.lesson_panel.setMaximumHeight(height)
            self.resizeDocks([self.lesson_dock], [height], Qt.Orientation.Vertical)
        else:
            self.lesson_panel.setMaximumHeight(QWIDGETSIZE_MAX)
            self.resizeDocks([self.lesson_dock], [int(self.width() * LESSON_SHARE)], Qt.Orientation.Horizontal)

    def _set_clicker_keys(self, on: bool) -> None:
        for action in (self.clicker_next_action, self.clicker_previous_action, self.blank_action,
                       self.play_action, self.leave_action):
            action.setEnabled(on)

    def zoom(self, factor: float) -> None:
        """Scale every font, line and cell by ``factor`` (Ctrl+= / Ctrl+-)."""
        self.appearance.set_scale(self.appearance.scale * factor)

    def reset_zoom(self) -> None:
        """Back to 100% (or the presentation size while presenting)."""
        self.appearance.set_scale(self._presentation_scale if self._presenting else 1.0)

    def _on_contrast_toggled(self, on: bool) -> None:
        self.appearance.set_high_contrast(on)

    def set_language(self, language: str) -> None:
        """Switch every visible string and number format, live."""
        if not install_language(language):
            self.show_message(self.tr("The translation {0} could not be loaded.").format(LANGUAGES[language]))
            return
        # Spin boxes and other Qt number fields take their format from a QLocale.
        locale = locale_for(language)
        QLocale.setDefault(locale)
        for widget in [self, *self.findChildren(QWidget)]:
            widget.setLocale(locale)
        self.appearance.set_language(language)
        self.language_actions[language].setChecked(True)

    def set_theme(self, mode: str) -> None:
        """``system`` (follow the desktop's light or dark scheme), ``light`` or ``dark``."""
        if mode not in THEMES:
            raise ValueError(f"unknown theme {mode!r}; choose {', '.join(THEMES)}")
        self.theme_mode = mode
        self.theme_actions[mode].setChecked(True)
        system_dark = QApplication.styleHints().colorScheme() == Qt.ColorScheme.Dark
        self.appearance.set_dark(mode == "dark" or (mode == "system" and system_dark))

    def _on_system_colours_changed(self, *_: object) -> None:
        if self.theme_mode == "system":
            self.set_theme("system")

    def _apply_palette(self) -> None:
        palette = QApplication.style().standardPalette()
        if self.appearance.dark:
            for role, colour in ((QPalette.ColorRole.Window, "#2B2B2B"), (QPalette.ColorRole.Base, "#1E1E1E"),
                                 (QPalette.ColorRole.AlternateBase, "#262626"),
                                 (QPalette.ColorRole.WindowText, "#E8E8E8"), (QPalette.ColorRole.Text, "#E8E8E8"),
                                 (QPalette.ColorRole.Button, "#3A3A3A"), (QPalette.ColorRole.ButtonText, "#E8E8E8"),
                                 (QPalette.ColorRole.Highlight, "#3A78C2"), (QPalette.ColorRole.ToolTipBase, "#2B2B2B"),
                                 (QPalette.ColorRole.ToolTipText, "#E8E8E8")):
                palette.setColor(role, QColor(colour))
        if self.appearance.high_contrast:
            for role, colour in ((QPalette.ColorRole.Window, "white"), (QPalette.ColorRole.Base, "white"),
                                 (QPalette.ColorRole.WindowText, "black"), (QPalette.ColorRole.Text, "black"),
                                 (QPalette.ColorRole.ButtonText, "black"), (QPalette.ColorRole.Highlight, "#0057A8")):
                palette.setColor(role, QColor(colour))
        self.setPalette(palette)

    def _on_appearance_changed(self) -> None:
        self.tabs.setFont(scaled_font(self.appearance, 12, bold=True))
        self.lesson_dock.setMinimumWidth(min(self.appearance.px(200), 320))
        self.contrast_action.setChecked(self.appearance.high_contrast)
        self._apply_palette()
        self.retranslate()

    def _on_tab_changed(self, _index: int) -> None:
        # The position scheme and the lesson's E play no part in the gradient lab (it trains its
        # own copy of E): give the lab the room.
        in_lab = self.tabs.currentWidget() is self.pages["gradient_lab"]
        self.scheme_selector.setVisible(not in_lab)
        self.token_strip.setVisible(not in_lab)  # the lab samples its own batches
        self.vocabulary.setVisible(not in_lab and not self._presenting)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.blank.setGeometry(self.rect())
        self._size_lesson_dock()

    # ---- files: exports and sessions -----------------------------------------------------------

    def _on_export(self) -> None:
        path_text, _ = QFileDialog.getSaveFileName(
            self, self.tr("Export X"), "X.png",
            self.tr("Images (*.png *.svg);;Data (*.json *.csv *.tex)"))
        if path_text:
            self.export(Path(path_text))

    def _write(self, write: Callable[[], object], done: str) -> bool:
        """Run a file-writing step; report ``done`` or the reason it failed in the status bar."""
        try:
            write()
        except (ExportError, PositionError, SessionError) as error:
            self.show_message(str(error))
            return False
        self.show_message(done)
        return True

    def export(self, path: Path) -> bool:
        """Export the current X to ``path`` (.json .csv .tex .png .svg)."""

        def write() -> None:
            if path.suffix.lower() in DATA_FORMATS:
                write_data_export(self.model, path)
            else:
                from .io.images import export_x_panel_image  # pyqtgraph's exporters: only when used

                export_x_panel_image(self.model, path, self.appearance)

        return self._write(write, self.tr("Saved {0}").format(path))

    def export_view(self, path: Path, scale: int = 1, whole_window: bool = False) -> bool:
        """The view in front (or the whole window) as PNG at ``scale`` ×, or SVG by extension."""
        from .io.view_exports import save_view_png, save_view_svg

        widget = self if whole_window else self.current_view()
        if path.suffix.lower() == ".svg":
            return self._write(lambda: save_view_svg(widget, path), self.tr("Saved {0}").format(path))
        return self._write(lambda: save_view_png(widget, path, scale), self.tr("Saved {0}").format(path))

    def export_arrays(self, folder: Path) -> bool:
        """E, P, X, scores and the lab's gradient as CSV and NPY files in ``folder``."""
        from .io.view_exports import save_arrays

        return self._write(lambda: save_arrays(self.model, folder),
                           self.tr("Saved the arrays as CSV and NPY in {0}").format(folder))

    def export_latex(self, path: Path) -> bool:
        """X as a LaTeX bmatrix."""
        from .io.view_exports import save_latex

        return self._write(lambda: save_latex(self.model, path), self.tr("Saved {0}").format(path))

    def print_worked_example(self, path: Path) -> bool:
        """The table E[ids], P, X of the current sequence as a PDF handout."""
        from .io.view_exports import save_pdf, worked_example_html

        labels = {"title": self.tr("From token ids to X"), "p": self.tr("position"), "token": self.tr("token (id)"),
                  "E": "E[id]", "P": self.tr("position vector"), "x": "x",
                  "scheme": self.tr("Position scheme: {0}").format(self.scheme_selector.names()[self.model.scheme])}
        html = worked_example_html(self.model, self.appearance, labels)
        return self._write(lambda: save_pdf(html, path), self.tr("Saved {0}").format(path))

    def copy_view(self) -> None:
        """Ctrl+C: the view in front, as an image, to the clipboard (text boxes keep their own copy)."""
        from .io.view_exports import render_image

        QApplication.clipboard().setImage(render_image(self.current_view(), 2))
        self.show_message(self.tr("The view was copied as an image."))

    def _on_export_view(self, scale: int, whole_window: bool = False) -> None:
        suffix = "svg" if scale == 0 else "png"
        path_text, _ = QFileDialog.getSaveFileName(self, self.tr("Export view"), f"view.{suffix}", f"*.{suffix}")
        if path_text:
            self.export_view(Path(path_text), max(scale, 1), whole_window)

    def _on_export_arrays(self) -> None:
        folder = QFileDialog.getExistingDirectory(self, self.tr("Folder for the arrays"))
        if folder:
            self.export_arrays(Path(folder))

    def _on_export_latex(self) -> None:
        path_text, _ = QFileDialog.getSaveFileName(self, self.tr("Export X as LaTeX"), "X.tex", "*.tex")
        if path_text:
            self.export_latex(Path(path_text))

    def _on_print(self) -> None:
        path_text, _ = QFileDialog.getSaveFileName(self, self.tr("Print worked example"), "worked-example.pdf",
                                                   "*.pdf")
        if path_text:
            self.print_worked_example(Path(path_text))

    def open_session(self, path: Path) -> bool:
        """Load a session; on any problem say what it is and change nothing."""
        try:
            session = load_session(path, self.model)
            self.model.restore(session.state)
        except (SessionError, ValueError) as error:
            self.show_message(self.tr("Could not open the session: {0}").format(error))
            return False
        self.undo_stack.clear()
        self.session_path = path
        if session.lesson_step is not None and session.lesson_step < len(self.lesson_panel.lesson.steps):
            self.lesson_panel.go_to(session.lesson_step)
            self.undo_stack.clear()
        self._remember_recent(path)
        self.show_message(self.tr("Opened {0}").format(path))
        return True

    def save_session(self, path: Path) -> bool:
        """Save the session atomically; report success or the reason."""
        if not self._write(lambda: save_session(path, self.model, self.lesson_panel.index),
                           self.tr("Saved {0}").format(path)):
            return False
        self.session_path = path
        self.undo_stack.setClean()
        self._remember_recent(path)
        return True

    def _on_open(self) -> None:
        path_text, _ = QFileDialog.getOpenFileName(self, self.tr("Open session"), "", SESSION_FILTER)
        if path_text:
            self.open_session(Path(path_text))

    def _on_save(self) -> None:
        if self.session_path is None:
            self._on_save_as()
        else:
            self.save_session(self.session_path)

    def _on_save_as(self) -> None:
        path_text, _ = QFileDialog.getSaveFileName(self, self.tr("Save session"), "lesson.json", SESSION_FILTER)
        if path_text:
            self.save_session(Path(path_text))

    # ---- settings, recent files, autosave -------------------------------------------------------

    def recent_files(self) -> list[str]:
        """Sessions opened or saved lately, newest first."""
        if self.settings is None:
            return self._recent if hasattr(self, "_recent") else []
        value = self.settings.value("recent", [])
        return [str(v) for v in (value if isinstance(value, list) else [value]) if v]

    def _remember_recent(self, path: Path) -> None:
        recent = [str(path)] + [p for p in self.recent_files() if p != str(path)]
        recent = recent[:MAX_RECENT]
        if self.settings is None:
            self._recent = recent
        else:
            self.settings.setValue("recent", recent)
        self._fill_recent_menu()

    def _fill_recent_menu(self) -> None:
        self.recent_menu.clear()
        for path in self.recent_files():
            self.recent_menu.addAction(path, lambda path=path: self.open_session(Path(path)))
        self.recent_menu.setEnabled(bool(self.recent_files()))

    def autosave_path(self) -> Path | None:
        """Where the autosave lives (None when nothing persists)."""
        if self.settings is None:
            return None
        folder = Path(QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation))
        return folder / "autosave.json"

    def autosave(self) -> None:
        """Save the work where a crash cannot lose it (offered back at the next start)."""
        path = self.autosave_path()
        if path is None:
            return
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            save_session(path, self.model, self.lesson_panel.index)
        except (OSError, SessionError):
            pass  # the autosave is a safety net; the work itself is still in memory

    def _on_model_edited(self, *_: object) -> None:
        if self.settings is not None:
            self._autosave_timer.start()

    def _build_restore_bar(self) -> QWidget:
        bar = QWidget()
        bar.setStyleSheet("background: #FFF3D6;")
        self.restore_label, self.restore_button, self.discard_button = QLabel(), QPushButton(), QPushButton()
        row = QHBoxLayout(bar)
        row.addWidget(self.restore_label, 1)
        row.addWidget(self.restore_button)
        row.addWidget(self.discard_button)
        self.restore_button.clicked.connect(self._restore_autosave)
        self.discard_button.clicked.connect(self._discard_autosave)
        bar.hide()
        return bar

    def _restore_autosave(self) -> None:
        path = self.autosave_path()
        if path is not None:
            self.open_session(path)
            self.session_path = None
        self.restore_bar.hide()

    def _discard_autosave(self) -> None:
        path = self.autosave_path()
        if path is not None:
            path.unlink(missing_ok=True)
        self.restore_bar.hide()

    def _restore_settings(self) -> None:
        assert self.settings is not None
        geometry = self.settings.value("geometry")
        if isinstance(geometry, QByteArray):
            self.restoreGeometry(geometry)
        scale = self.settings.value("zoom", 1.0)
        try:
            self.appearance.set_scale(float(scale))
        except (TypeError, ValueError):
            pass
        self.appearance.set_high_contrast(self.settings.value("high_contrast", False) in (True, "true"))
        theme = self.settings.value("theme", "system")
        self.set_theme(str(theme) if theme in THEMES else "system")
        language = self.settings.value("language")
        if language in LANGUAGES:
            self.set_language(str(language))
        path = self.autosave_path()
        if path is not None and path.exists():
            self.restore_bar.show()  # offered, never forced
        self._fill_recent_menu()

    def _save_settings(self) -> None:
        if self.settings is None:
            return
        self.settings.setValue("geometry", self.saveGeometry())
        self.settings.setValue("zoom", self._scale_before_presenting if self._presenting else self.appearance.scale)
        self.settings.setValue("high_contrast",
                               self._contrast_before_presenting if self._presenting else self.appearance.high_contrast)
        self.settings.setValue("language", self.appearance.language)
        self.settings.setValue("theme", self.theme_mode)
        self.settings.sync()

    # ---- lifetime --------------------------------------------------------------------------------

    def closeEvent(self, event: QCloseEvent) -> None:
        self._save_settings()
        path = self.autosave_path()
        if path is not None:
            path.unlink(missing_ok=True)  # a normal exit: nothing to offer next time
        self.detach()
        super().closeEvent(event)

    def detach(self) -> None:
        """Disconnect every view from the model (idempotent)."""
        if self._undo_recorder is None:
            return
        self._autosave_timer.stop()
        self._undo_recorder.detach()
        self._undo_recorder = None
        self.model.edited.disconnect(self._on_model_edited)
        built = [page.view for page in self.pages.values() if page.built]
        for view in (self.text_input, self.token_strip, self.scheme_selector, self.vocabulary, self.x_panel,
                     self.lesson_panel, *built):
            view.detach()  # type: ignore[attr-defined]
        self.appearance.changed.disconnect(self._on_appearance_changed)
        self.model_menu.detach()
