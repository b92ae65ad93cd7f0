"""Shared fixtures. Every test runs offscreen, in a private home, and must leave nothing behind:
no window, widget, running timer or thread, and no psygnal connection from a closed view.
"""

from __future__ import annotations

import atexit
import fcntl
import gc
import os
import shutil
import sys
import tempfile
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# One BLAS thread per process: `make test` runs a pytest-xdist worker on every core, and OpenBLAS's
# own threads on top of those spin against each other (on the 2-core machine, with both workers
# busy, a 512 x 384 SVD of the real-model page took 1.9 s instead of 0.05 s; the real-scale race's
# dense product 4.4 CPU-s instead of 3.3). Read when NumPy loads, which is below (workers inherit it).
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
# The same for tesseract's OpenMP threads (the OCR tests run it as a subprocess, which inherits this):
# test_ocr.py + test_screenshot_scale.py took 19.0 CPU-s with them, 14.1 without, on an idle machine.
os.environ.setdefault("OMP_THREAD_LIMIT", "1")

# Hypothesis checks what a function returns, never how fast: its 200 ms deadline turned a sparse
# gradient of 0 tokens into a failure when the machine was busy (407 ms). Speed is `make bench`'s.
from hypothesis import settings as hypothesis_settings

hypothesis_settings.register_profile("visualizer", deadline=None)
hypothesis_settings.load_profile("visualizer")

# The real user's home, recorded before anything below points HOME elsewhere: the isolation test
# checks that the app's folders there gain nothing. Kept in the environment, because pytest-xdist
# starts its workers from the main process after this file has pointed HOME at a temporary folder.
REAL_HOME = Path(os.environ.setdefault("VISUALIZER_TESTS_REAL_HOME", str(Path.home())))
# Folders of the real home a run of the app could write to (settings, autosave, errors.log, caches).
WATCHED = (".config", ".local/share", ".local/state", ".cache", ".qttest")


def home_snapshot(home: Path = REAL_HOME, depth: int = 3) -> dict[str, int]:
    """Every entry under the watched folders of ``home`` (``depth`` levels) with its mtime in ns."""
    entries: dict[str, int] = {}

    def walk(folder: Path, level: int) -> None:
        try:
            with os.scandir(folder) as scan:
                for entry in scan:
                    try:
                        entries[str(Path(entry.path).relative_to(home))] = entry.stat(follow_symlinks=False).st_mtime_ns
                    except OSError:
                        continue
                    if level < depth and entry.is_dir(follow_symlinks=False):
                        walk(Path(entry.path), level + 1)
        except OSError:
            pass

    for name in WATCHED:
        folder = home / name
        if folder.exists():
            entries[name] = folder.stat().st_mtime_ns
            walk(folder, 1)
    return entries


REAL_HOME_AT_START = home_snapshot()


def private_home_env(home: Path) -> dict[str, str]:
    """HOME and the XDG folders, all inside ``home``: what every test (and its subprocesses) sees."""
    return {"HOME": str(home), "XDG_CONFIG_HOME": str(home / ".config"),
            "XDG_DATA_HOME": str(home / ".local" / "share"), "XDG_STATE_HOME": str(home / ".local" / "state"),
            "XDG_CACHE_HOME": str(home / ".cache")}


# A home for the whole session, set before Qt reads any path; each test then gets its own (below).
SESSION_HOME = Path(tempfile.mkdtemp(prefix="visualizer-tests-home-"))
atexit.register(shutil.rmtree, SESSION_HOME, ignore_errors=True)
os.environ.update(private_home_env(SESSION_HOME))

import psygnal  # noqa: E402
import pytest  # noqa: E402
import shiboken6  # noqa: E402
from PySide6.QtCore import QEvent, QObject, QSettings, QStandardPaths, QThread, QThreadPool, QTimer  # noqa: E402
from PySide6.QtWidgets import QApplication, QWidget  # noqa: E402

# Test mode: QStandardPaths and QSettings use ~/.qttest/... of the (private) home, never the user's
# real folders, even if a path slips past the environment above. Must precede any QApplication.
QStandardPaths.setTestModeEnabled(True)
# QSettings fixes its folder at its first use in the process; name it now, or it would be the home
# of whichever test happened to come first.
SETTINGS_FOLDER = SESSION_HOME / ".qttest" / "config"
for _format in (QSettings.Format.NativeFormat, QSettings.Format.IniFormat):
    QSettings.setPath(_format, QSettings.Scope.UserScope, str(SETTINGS_FOLDER))

from visualizer.ui.pyqtgraph_mirrors import import_pyqtgraph  # noqa: E402

import_pyqtgraph()  # as the app imports pyqtgraph, before any test module does
from visualizer.appearance import Appearance  # noqa: E402
from visualizer.model import EmbeddingModel  # noqa: E402

# ---- private home for each test ----------------------------------------------------------------


@pytest.fixture(autouse=True)
def _private_home(monkeypatch, tmp_path_factory) -> Path:
    """Each test gets its own empty HOME and XDG folders (subprocesses inherit them via os.environ)."""
    home = tmp_path_factory.mktemp("home")
    for name, value in private_home_env(home).items():
        monkeypatch.setenv(name, value)
    return home


def pytest_unconfigure(config) -> None:
    """Remove the session's home (the atexit fallback runs too late for QSettings left to the garbage collector)."""
    import gc

    gc.collect()
    shutil.rmtree(SESSION_HOME, ignore_errors=True)


def made_once_per_run(tmp_path_factory: pytest.TempPathFactory, name: str, make: Callable[[Path], None]) -> Path:
    """A folder that ``make(folder)`` fills once for the whole run, even across pytest-xdist workers.

    For the costly things several tests read (a wheel and its venv, a real launch on Xvfb): the
    scheduler hands tests out one at a time, so such tests may land on both workers. The workers
    of a run share the parent of their temporary folders; a lock there lets the first one make
    the folder while the other waits, then reads it. Outside xdist it is simply made here.
    """
    if "PYTEST_XDIST_WORKER" not in os.environ:
        folder = tmp_path_factory.mktemp(name)
        make(folder)
        return folder
    shared = tmp_path_factory.getbasetemp().parent  # this run's, shared by its workers
    folder = shared / name
    with open(shared / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
        if not (folder / ".made").exists():
            shutil.rmtree(folder, ignore_errors=True)  # half made by a worker that failed
            folder.mkdir()
            make(folder)
            (folder / ".made").touch()
    return folder


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The slow tests first, the longest first (``@pytest.mark.slow(seconds=N)``, N = 5 if not
    given): on pytest-xdist's workers the long ones overlap each other and the short ones fill in
    around them, instead of one worker running a long one at the end while the other waits.

    Slow tests that read what a module-scoped fixture of their module makes (a real launch on
    Xvfb, a wheel: :func:`made_once_per_run`) are the exception: only the first of them starts
    early; the others go last, when that folder is long made and reading it costs nothing.
    Started early, they would each hold a worker idle, waiting on the same lock.
    """

    def seconds(item: pytest.Item) -> float:
        slow = item.get_closest_marker("slow")
        return 0.0 if slow is None else float(slow.kwargs.get("seconds", 5))

    def shared_fixtures(item: pytest.Item) -> set[tuple[str, str]]:
        """(module, fixture) of each module-scoped fixture of its own module a slow test uses."""
        module = item.nodeid.split("::")[0]
        info = getattr(item, "_fixtureinfo", None)
        if info is None or item.get_closest_marker("slow") is None:
            return set()
        return {(module, name) for name, definitions in info.name2fixturedefs.items()
                if any(d.scope == "module" and d.baseid == module for d in definitions)}

    items.sort(key=seconds, reverse=True)  # stable: file order among equals
    started: set[tuple[str, str]] = set()
    first, followers = [], []
    for item in items:
        keys = shared_fixtures(item)
        if keys and keys <= started:
            followers.append(item)
        else:
            first.append(item)
            started |= keys
    items[:] = first + followers


def pytest_collection_finish(session: pytest.Session) -> None:
    """Freeze what the run imported and collected out of every later garbage collection, as the
    app does once its window is up (:func:`visualizer.app.resume_collections`).

    It lives as long as the run; without this each full collection walked it again: ~0.45 s
    each, ~30 times a worker (the window tests alone: 13 s of the collector's time, 6 s frozen).

    Hypothesis is imported first, if no test did: its plugins register their random generators
    and check, with ``gc.get_referrers``, that something holds them; that call does not see
    frozen objects, and the warning it then gives is an error here.
    """
    import hypothesis  # noqa: F401

    gc.collect()
    gc.freeze()


@pytest.fixture
def figure(request):
    """``figure(text)``: a figure an issue asks to see (a seed, frames soaked, launches, …).

    It is printed in the run's summary, also when the test ran in a pytest-xdist worker (whose own
    output the terminal never shows), and in the test's captured output if it fails.
    """

    def report(text: str) -> None:
        request.node.user_properties.append(("figure", text))
        print(text)

    return report


def pytest_terminal_summary(terminalreporter) -> None:
    """The figures the tests reported (:func:`figure`), in the order the tests ran; then a note if
    the real home's app folders changed during the run (the isolation test fails on what this run
    wrote; other processes share this home, so the session-wide view is a report)."""
    reports = [report for outcome in ("passed", "failed") for report in terminalreporter.stats.get(outcome, [])
               if report.when == "call"]
    figures = [value for report in sorted(reports, key=lambda report: getattr(report, "start", 0))
               for name, value in getattr(report, "user_properties", ()) if name == "figure"]
    if figures:
        terminalreporter.section("figures")
        for line in figures:
            terminalreporter.write_line(line)
    before, after = REAL_HOME_AT_START, home_snapshot()
    changed = sorted(path for path in after if before.get(path) != after[path])
    if changed:
        terminalreporter.write_line(f"note: under the real home {REAL_HOME}, these changed during the run "
                                    f"(by this run or another process): {changed[:20]}", yellow=True)


# ---- leak checks after every test ------------------------------------------------------------

# Every QTimer and QThread made from Python, remembered weakly. Scanning gc for them after each
# test costs 50-120 ms (about 100,000 objects); this costs nothing until a timer is created.
_TIMERS_AND_THREADS: weakref.WeakSet[QObject] = weakref.WeakSet()


def _remember_instances_of(cls: type) -> None:
    original = cls.__init__

    def remembering_init(self, *args, **kwargs) -> None:
        original(self, *args, **kwargs)
        _TIMERS_AND_THREADS.add(self)

    cls.__init__ = remembering_init


_remember_instances_of(QTimer)
_remember_instances_of(QThread)

# The model and appearance the fixtures made for the running test: their signals are checked after it.
_FIXTURE_STATE: list[object] = []


def _describe(obj: QObject) -> str:
    parent = obj.parent()
    owner = f" of {type(parent).__name__}" if parent is not None else " without parent"
    return f"{type(obj).__name__}({obj.objectName() or '-'}){owner}"


def _running_timers_and_threads(app: QApplication) -> tuple[list[QTimer], list[QThread]]:
    candidates: list[QObject] = list(_TIMERS_AND_THREADS)
    # Timers created inside Qt itself have no Python constructor call: find them in the object tree.
    candidates += app.findChildren(QTimer)
    candidates += [timer for widget in QApplication.allWidgets() for timer in widget.findChildren(QTimer)]
    timers, threads, seen = [], [], set()
    for obj in candidates:
        if not shiboken6.isValid(obj):
            continue
        key = shiboken6.getCppPointer(obj)[0]
        if key in seen:
            continue
        seen.add(key)
        if isinstance(obj, QTimer) and obj.isActive():
            timers.append(obj)
        elif isinstance(obj, QThread) and obj.isRunning():
            threads.append(obj)
    return timers, threads


def signals_of(obj: object) -> dict[str, psygnal.SignalInstance]:
    """Every psygnal signal of ``obj`` by name: its own, and those of its signal group
    (``model.events.x_changed`` is "events.x_changed")."""
    found = {name: getattr(obj, name) for name in dir(type(obj))
             if isinstance(getattr(type(obj), name, None), psygnal.Signal)}
    events = getattr(obj, "events", None)
    if isinstance(events, psygnal.SignalGroup):
        found.update({f"events.{name}": signal for name, signal in events.signals.items()})
        found["events.all"] = events.all
    return found


def _connections(obj: object, qt_only: bool) -> list[str]:
    """``obj``'s signal connections (only those whose receiver is a Qt object if ``qt_only``)."""
    found = []
    for name, signal in signals_of(obj).items():
        for slot in list(getattr(signal, "_slots", [])):
            callback = slot.dereference()
            if callback is None:
                continue  # its receiver is gone: psygnal drops the dead reference at the next emit
            receiver = getattr(callback, "__self__", None)
            if qt_only and not isinstance(receiver, QObject):
                continue  # a test's own spy (a lambda, list.append) is not a view
            found.append(f"{type(obj).__name__}.{name}")
    return found


def widgets_now() -> set[int]:
    """Keys of every widget alive now (compare with :func:`find_leaks` after a test)."""
    return {shiboken6.getCppPointer(w)[0] for w in QApplication.allWidgets()}


def find_leaks(widgets_before: set[int], shared: list[object], any_connection: bool) -> list[str]:
    """What a test left behind, cleaned up so one leak does not cascade into the next tests.

    Visible top-level widgets; top-level widgets created since ``widgets_before`` and not deleted
    (a closed window with its views, say); active QTimers; running QThreads; busy QThreadPool
    workers; psygnal connections on ``shared`` whose receiver is a Qt object, or any connection
    at all if ``any_connection`` (a closed window must leave none).
    """
    app = QApplication.instance()
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    app.processEvents()
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    leaked = [w for w in QApplication.topLevelWidgets() if w.isVisible()]
    survivors = [w for w in QApplication.allWidgets()
                 if shiboken6.getCppPointer(w)[0] not in widgets_before and not w.isVisible()
                 and w.parent() is None]
    timers, threads = _running_timers_and_threads(app)
    busy_pool = QThreadPool.globalInstance().activeThreadCount()
    connections = [found for obj in shared for found in _connections(obj, qt_only=not any_connection)]
    if connections:
        # A receiver in a reference cycle (a test's unparented item model) is dead but not yet
        # collected: collect once, only when something was found (a full gc costs ~0.1 s).
        gc.collect()
        connections = [found for obj in shared for found in _connections(obj, qt_only=not any_connection)]
    for timer in timers:
        timer.stop()
    for thread in threads:
        thread.quit()
        thread.wait(5000)
    for widget in leaked:
        widget.close()
        widget.deleteLater()
    for widget in survivors:
        widget.close()  # not deleted here: Python objects of the test may still hold them
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    problems = []
    if leaked:
        problems.append(f"visible widgets {[type(w).__name__ for w in leaked]}")
    if survivors:
        problems.append(f"widgets not deleted {[type(w).__name__ for w in survivors]}")
    if timers:
        problems.append(f"running timers {[_describe(t) for t in timers]}")
    if threads:
        problems.append(f"running threads {[_describe(t) for t in threads]}")
    if busy_pool:
        problems.append(f"{busy_pool} busy QThreadPool workers")
    if connections:
        problems.append(f"psygnal connections {connections}")
    return problems


@pytest.fixture(autouse=True)
def _fail_on_leaks(request):
    """After each test, fail it if :func:`find_leaks` finds anything."""
    _FIXTURE_STATE.clear()
    widgets_before = widgets_now() if QApplication.instance() is not None else set()
    yield
    if QApplication.instance() is None:
        return
    from visualizer.i18n import install_language

    install_language("en")  # the translator is app-wide: never let one test's language leak
    from PySide6.QtCore import QLocale

    from visualizer.i18n import locale_for

    QLocale.setDefault(locale_for("en"))
    problems = find_leaks(widgets_before, list(_FIXTURE_STATE), any_connection="window" in request.fixturenames)
    if problems:
        pytest.fail("test left behind " + "; ".join(problems))


# ---- the shared state and the window -----------------------------------------------------------


@pytest.fixture
def model() -> EmbeddingModel:
    """The lesson's start state: "o gato subiu no" under learned positions."""
    model = EmbeddingModel()
    _FIXTURE_STATE.append(model)
    return model


@pytest.fixture
def highlight(model):
    """The highlighted position of ``model``, as the window would share it; closed after the test."""
    from visualizer.selection import Highlight

    shared = Highlight(model)
    _FIXTURE_STATE.append(shared)
    yield shared
    shared.close()


@pytest.fixture
def appearance() -> Appearance:
    """Default look, English numbers."""
    appearance = Appearance()
    _FIXTURE_STATE.append(appearance)
    return appearance


@pytest.fixture
def presenting(qtbot):
    """``presenting(size, language, step[, before_paint])``: a window presenting that lesson step
    (see :func:`tests.stage.present`); closed after the test."""
    from tests.stage import close_all, present

    windows = []

    def open_window(size: tuple[int, int], language: str, step: int, before_paint=None):
        windows.append(present(qtbot, size, language, step, before_paint))
        return windows[-1]

    yield open_window
    close_all(windows)


@pytest.fixture
def window(qtbot, model, appearance):
    """A shown main window over ``model``; closed and deleted after the test."""
    from visualizer.shell.main_window import MainWindow

    main_window = MainWindow(model, appearance)
    _FIXTURE_STATE.append(main_window.highlight)  # closing the window frees it too
    qtbot.addWidget(main_window)
    main_window.resize(1400, 900)
    # Shown, laid out, its tab's views built; not yet painted: a test that reads pixels grabs them
    # (grab() paints) or lets the event loop run, and the others skip a paint of ~30 ms.
    main_window.show()
    yield main_window
    if main_window._lab is not None:  # the lab, if the test made it, must be freed by closing too
        _FIXTURE_STATE.append(main_window._lab)
    main_window.close()


# ---- the command line, in this process -----------------------------------------------------------


@dataclass(frozen=True)
class CliResult:
    """What a run of the command line gave: like ``subprocess.CompletedProcess``."""

    returncode: int
    stdout: str
    stderr: str


@pytest.fixture
def cli(qapp, capsys):
    """Run ``visualizer.app.main(args)`` in this process on pytest-qt's QApplication.

    A launch costs ~0.7 s as a subprocess and a few ms here. main() sets app-wide things (a Qt
    message handler, names, the icon, sys.excepthook); they are put back after each run so that
    pytest-qt keeps capturing Qt messages and exceptions.
    """
    from PySide6.QtCore import qInstallMessageHandler
    from PySide6.QtGui import QGuiApplication

    from visualizer import app as command_line

    def run(*args: str) -> CliResult:
        handler = qInstallMessageHandler(None)  # returns pytest-qt's handler: put it straight back
        qInstallMessageHandler(handler)
        names = (qapp.applicationName(), qapp.organizationName(), QGuiApplication.desktopFileName())
        icon, hook = qapp.windowIcon(), sys.excepthook
        capsys.readouterr()
        try:
            code = command_line.main(list(args))
        except SystemExit as exit_:
            code = exit_.code
        finally:
            qInstallMessageHandler(handler)
            qapp.setApplicationName(names[0])
            qapp.setOrganizationName(names[1])
            QGuiApplication.setDesktopFileName(names[2])
            qapp.setWindowIcon(icon)
            sys.excepthook = hook
        captured = capsys.readouterr()
        return CliResult(code, captured.out, captured.err)

    return run


# ---- helpers -------------------------------------------------------------------------------------


def finish_layouts() -> None:
    """Let Qt pass layout requests on: each level's is posted for the next turn of the event loop."""
    for _ in range(6):
        QApplication.processEvents()


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
