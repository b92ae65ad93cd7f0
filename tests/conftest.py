"""Shared fixtures. Every test runs offscreen and must leave no window or running timer behind."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest
from PySide6.QtCore import QEvent, QTimer
from PySide6.QtWidgets import QApplication, QWidget

from visualizer.appearance import Appearance
from visualizer.model import EmbeddingModel


@pytest.fixture(autouse=True)
def _fail_on_leaked_widgets_and_timers():
    """After each test: no visible top-level widget and no active QTimer may remain."""
    yield
    app = QApplication.instance()
    if app is None:
        return
    from visualizer.i18n import install_language

    install_language("en")  # the translator is app-wide: never let one test's language leak
    from PySide6.QtCore import QLocale

    from visualizer.i18n import locale_for

    QLocale.setDefault(locale_for("en"))
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    app.processEvents()
    leaked = [w for w in QApplication.topLevelWidgets() if w.isVisible()]
    timers = [
        f"{type(w).__name__}.{t.objectName() or 'QTimer'}"
        for w in QApplication.allWidgets()
        for t in w.findChildren(QTimer)
        if t.isActive()
    ]
    for widget in leaked:
        widget.close()
        widget.deleteLater()
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    if leaked or timers:
        pytest.fail(f"test left behind widgets {[type(w).__name__ for w in leaked]} "
                    f"and running timers {timers}")


@pytest.fixture
def model() -> EmbeddingModel:
    """The lesson's start state: "o gato subiu no" under learned positions."""
    return EmbeddingModel()


@pytest.fixture
def appearance() -> Appearance:
    """Default look, English numbers."""
    return Appearance()


@pytest.fixture
def window(qtbot, model, appearance):
    """A shown main window over ``model``; closed and deleted after the test."""
    from visualizer.shell import MainWindow

    main_window = MainWindow(model, appearance)
    qtbot.addWidget(main_window)
    main_window.resize(1400, 900)
    main_window.show()
    qtbot.waitExposed(main_window)
    yield main_window
    main_window.close()


def close_widget(widget: QWidget) -> None:
    """Close and schedule deletion of a widget built outside ``qtbot.addWidget``."""
    widget.close()
    widget.deleteLater()


def type_text(widget: QWidget, text: str) -> None:
    """Type ``text`` into ``widget`` as key events, accents included (QTest asserts on non-ASCII)."""
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QKeyEvent

    for character in text:
        for kind in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
            QApplication.sendEvent(
                widget, QKeyEvent(kind, Qt.Key.Key_unknown, Qt.KeyboardModifier.NoModifier, character))
