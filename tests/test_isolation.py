"""The tests themselves: nothing lands in the user's real home, and the leak check catches leaks."""

from __future__ import annotations

import gc
import subprocess
import sys
import uuid
from pathlib import Path

from PySide6.QtCore import QObject, QSettings, QStandardPaths, QThread, QTimer
from PySide6.QtWidgets import QApplication, QMessageBox, QWidget

from tests.conftest import REAL_HOME, SETTINGS_FOLDER, find_leaks, home_snapshot, widgets_now
from visualizer.shell.presentation import ZOOM_STEP


def test_the_home_watched_is_the_users_not_a_private_one_of_the_tests():
    # pytest-xdist starts its workers after the main process has pointed HOME at a temporary folder.
    assert "visualizer-tests-home-" not in str(REAL_HOME) and REAL_HOME != Path.home()


def test_settings_autosave_and_error_log_land_in_the_private_home(qtbot, qapp, _private_home):
    from visualizer.app import PROGRAM
    from visualizer.crash import install_excepthook, log_path
    from visualizer.shell.main_window import MainWindow

    marker = f"isolation-{uuid.uuid4().hex}"
    real_before = home_snapshot()
    names, hook = (qapp.applicationName(), qapp.organizationName()), sys.excepthook
    qapp.setApplicationName(PROGRAM)  # the names app.main() gives: the real app's folders
    qapp.setOrganizationName("embedding-visualizer")
    try:
        settings = QSettings()  # as app.main() makes it: the platform's default place
        Path(settings.fileName()).unlink(missing_ok=True)  # another test may have written it
        window = MainWindow(settings=settings)
        qtbot.addWidget(window)
        window.show()
        window.model.move_token(1, 2)
        window.documents.autosave()
        autosave = window.documents.autosave_path()
        assert autosave is not None and autosave.is_file()
        install_excepthook(window)(RuntimeError, RuntimeError(marker), None)
        dialog = window.findChild(QMessageBox, "crash_dialog")
        assert marker in dialog.text()
        dialog.close()
        window.presentation.zoom_in()
        window.close()  # saves the settings, removes the autosave
        settings_file = Path(settings.fileName())
        error_log = log_path()
    finally:
        qapp.setApplicationName(names[0])
        qapp.setOrganizationName(names[1])
        sys.excepthook = hook
    assert settings_file.is_file() and float(QSettings(str(settings_file), QSettings.Format.IniFormat)
                                             .value("zoom")) == ZOOM_STEP
    assert marker in error_log.read_text(encoding="utf-8")
    # Autosave and errors.log follow HOME, which is this test's own; QSettings fixes its folder once
    # per process, so conftest names one in the session's private home. Test mode adds .qttest.
    assert autosave.is_relative_to(_private_home / ".qttest")
    assert error_log.is_relative_to(_private_home / ".qttest")
    assert settings_file.is_relative_to(SETTINGS_FOLDER)
    assert not any(path.is_relative_to(REAL_HOME) for path in (autosave, error_log, settings_file))
    real_after = home_snapshot()
    assert {p: m for p, m in real_after.items() if real_before.get(p) != m} == {}, "the real home gained files"
    for log in REAL_HOME.glob(".local/share/*/errors.log"):
        assert marker not in log.read_text(encoding="utf-8", errors="replace")


def test_subprocesses_get_the_private_home(_private_home):
    probe = ("from PySide6.QtCore import QCoreApplication, QStandardPaths as S\n"
             "QCoreApplication.setApplicationName('embedding-visualizer')\n"
             "print(S.writableLocation(S.StandardLocation.AppDataLocation))\n"
             "print(S.writableLocation(S.StandardLocation.GenericConfigLocation))")
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60, check=True)
    data, config = (Path(line) for line in result.stdout.split())
    assert data == _private_home / ".local" / "share" / "embedding-visualizer"
    assert config == _private_home / ".config"
    assert Path.home() == _private_home != REAL_HOME


def test_qt_paths_are_in_test_mode_inside_the_private_home(_private_home):
    assert QStandardPaths.isTestModeEnabled()
    location = Path(QStandardPaths.writableLocation(QStandardPaths.StandardLocation.GenericDataLocation))
    assert location.is_relative_to(_private_home)


class Receiver(QObject):
    """Stands for a view that forgot to disconnect."""

    def on_change(self, *_: object) -> None:
        pass


def test_the_leak_check_finds_each_kind_of_leak(qtbot, model, highlight, appearance):
    before = widgets_now()
    lone_timer = QTimer()  # no parent: invisible to findChildren
    lone_timer.start(60_000)
    owner = QObject()
    owned_timer = QTimer(owner)  # owned by a plain QObject, not a widget
    owned_timer.start(60_000)
    thread = QThread()
    thread.start()
    shown, hidden = QWidget(), QWidget()  # noqa: F841  (hidden: alive, never deleted)
    shown.show()
    receiver = Receiver()
    model.events.x_changed.connect(receiver.on_change)
    appearance.events.all.connect(receiver.on_change)
    spy: list[object] = []
    highlight.changed.connect(spy.append)  # a test's own listener: not a leak of a view
    try:
        problems = " | ".join(find_leaks(before, [model, highlight, appearance], any_connection=False))
        assert "visible widgets ['QWidget']" in problems
        assert "widgets not deleted ['QWidget']" in problems
        assert "QTimer(-) without parent" in problems and "QTimer(-) of QObject" in problems
        assert "running threads ['QThread(-) without parent']" in problems
        assert "psygnal connections ['EmbeddingModel.events.x_changed', 'Appearance.events.all']" in problems
        assert "Highlight" not in problems
        assert not lone_timer.isActive() and not thread.isRunning()  # cleaned up for the next tests
        # Once a window has closed, every connection counts, a test's own included.
        strict = " | ".join(find_leaks(widgets_now(), [model, highlight], any_connection=True))
        assert "Highlight.changed" in strict and "EmbeddingModel.events.x_changed" in strict
    finally:
        model.events.x_changed.disconnect(receiver.on_change)
        appearance.events.all.disconnect(receiver.on_change)
        highlight.changed.disconnect(spy.append)
        highlight.close()  # the highlight itself follows the model until it is closed
        thread.wait(5000)
    assert find_leaks(widgets_now(), [model, highlight, appearance], any_connection=True) == []


def test_the_app_as_launched_keeps_settings_autosave_and_errors_log_in_the_private_home(cli, qapp, _private_home):
    # The real start-up path: app.main() without --export/--screenshot makes its QSettings, shows the
    # window, installs the crash hook and runs the event loop; this stops it from inside the loop.
    from visualizer.crash import log_path
    from visualizer.shell.main_window import MainWindow

    marker = f"isolation-{uuid.uuid4().hex}"
    real_before = home_snapshot()
    seen: dict[str, object] = {}
    settings_file = SETTINGS_FOLDER / "embedding-visualizer" / "embedding-visualizer.conf"
    settings_file.unlink(missing_ok=True)  # another test may have written it

    def inside_the_running_app() -> None:
        try:
            window = next(w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow))
            window.model.move_token(1, 2)
            window.documents.autosave()
            seen["autosave"] = window.documents.autosave_path()
            seen["autosave existed"] = window.documents.autosave_path().is_file()
            seen["settings"] = Path(window.documents.store.settings.fileName())
            seen["settings existed"] = Path(window.documents.store.settings.fileName()).exists()
            sys.excepthook(RuntimeError, RuntimeError(marker), None)  # the app's hook: log and dialog
            seen["log"] = log_path()  # while the app's own name is set
            window.undo_stack.undo()  # nothing left unsaved: quitting asks nothing (tests never wait on a question)
        except Exception as error:  # the app's hook would swallow it: keep it
            seen["error"] = error
        finally:
            qapp.quit()

    watchdog = QTimer()  # never hang the suite if the callback does not run
    watchdog.setSingleShot(True)
    watchdog.timeout.connect(qapp.quit)
    watchdog.start(30_000)
    QTimer.singleShot(0, inside_the_running_app)
    try:
        result = cli("--lang", "en")
    finally:
        watchdog.stop()
    assert "error" not in seen, seen.get("error")
    assert result.returncode == 0, result.stderr
    error_log, autosave = seen["log"], seen["autosave"]
    assert seen["autosave existed"] and autosave.is_relative_to(_private_home / ".qttest")
    assert not autosave.exists()  # a normal exit removes it
    assert seen["settings"] == settings_file and not seen["settings existed"]
    assert "zoom" in settings_file.read_text(encoding="utf-8")  # written when the window closed
    assert error_log.is_relative_to(_private_home / ".qttest") and marker in error_log.read_text(encoding="utf-8")
    assert {p: m for p, m in home_snapshot().items() if real_before.get(p) != m} == {}, "the real home gained files"


def test_the_leak_check_finds_a_closed_window_that_was_never_deleted(qtbot, model, appearance):
    from visualizer.shell.main_window import MainWindow

    before = widgets_now()
    window = MainWindow(model, appearance)
    window.show()
    window.close()  # closed, but no deleteLater: the window and all its views stay in memory
    problems = find_leaks(before, [model, appearance], any_connection=True)
    # The window and the parentless widgets its views keep; no connection: closing detached every view.
    assert len(problems) == 1 and problems[0].startswith("widgets not deleted") and "'MainWindow'" in problems[0]
    window.deleteLater()
    del window
    gc.collect()  # the views' Python objects own their parentless widgets
    assert find_leaks(before, [model, appearance], any_connection=True) == []
