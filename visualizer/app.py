"""Command line and application start: the window, or a headless export or screenshot."""

from __future__ import annotations

import argparse
import gc
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

import numpy as np

from visualizer import __version__
from visualizer.core import LESSON_SENTENCE, SCHEMES, PositionError, TokenizeError
from visualizer.handout.paper import PAPERS
from visualizer.io.tables import EXPORT_FORMATS
from visualizer.languages import LANGUAGES
from visualizer.model import EmbeddingModel, TooManyTokensError

if TYPE_CHECKING:
    from PySide6.QtCore import QSettings
    from PySide6.QtGui import QPixmap

    from visualizer.appearance import Appearance
    from visualizer.lesson.run import Lesson
    from visualizer.real.checkpoint import Checkpoint
    from visualizer.shell.main_window import MainWindow

EXIT_USAGE = 2
# Not the command line's fault: a file the app ships with is missing or unreadable, or a folder of the
# user's cannot be written.
EXIT_FAILURE = 1
DEFAULT_SCHEME = "learned"
HANDOUT_FORMAT = ".pdf"
"""``--export FILE.pdf`` writes the lesson's handout; the other formats are X's (``io.tables.EXPORT_FORMATS``)."""
CLI_EXPORT_FORMATS = (*EXPORT_FORMATS, HANDOUT_FORMAT)
# Qt platform chatter that says nothing to the user (the offscreen plugin has no window manager).
_BENIGN_QT_MESSAGES = ("propagateSizeHints",)
PROGRAM = "embedding-visualizer"


class _Parser(argparse.ArgumentParser):
    """argparse that reports a bad argument on one line, without the usage block."""

    def error(self, message: str) -> NoReturn:
        fail(message)


def fail(message: str, status: int = EXIT_USAGE) -> NoReturn:
    """Print one line on stderr and exit with ``status`` (2, bad input, unless told otherwise)."""
    _say(f"{PROGRAM}: error: {message}")
    raise SystemExit(status)


def _say(line: str, stream: str = "stderr") -> None:
    # A windowed Windows build has no console: sys.stderr/sys.stdout are None there.
    out = getattr(sys, stream)
    if out is not None:
        out.write(line + "\n")


def _size(text: str) -> tuple[int, int]:
    try:
        width, height = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"size must look like 1400x900, got {text!r}") from None
    if not (200 <= width <= 8000 and 200 <= height <= 8000):
        raise argparse.ArgumentTypeError(f"size {text} is outside 200x200 .. 8000x8000")
    return width, height


def _scheme(text: str) -> str:
    if text not in SCHEMES:
        raise argparse.ArgumentTypeError(
            f"unknown position scheme {text!r}; choose one of {', '.join(SCHEMES)}")
    return text


def build_parser() -> argparse.ArgumentParser:
    """The command line of ``python main.py`` and ``embedding-visualizer``."""
    parser = _Parser(prog=PROGRAM, description="See how token ids become the matrix X.")
    # --text and --scheme default to None so that main() can tell "given" from "left out": options
    # given on the command line win over the first run's guided lesson.
    parser.add_argument("--text", help=f"starting sentence (default: {LESSON_SENTENCE!r}; with --model, the "
                                       "model's sentence, default 'the cat sat on the mat')")
    parser.add_argument("--scheme", type=_scheme,
                        help=f"position scheme: {', '.join(SCHEMES)} (default: {DEFAULT_SCHEME})")
    parser.add_argument("--export", type=Path, metavar="FILE",
                        help=f"write X without opening a window: {' '.join(EXPORT_FORMATS)}, or the lesson's "
                             f"handout as {HANDOUT_FORMAT} (in --lang's language, on --paper)")
    parser.add_argument("--paper", choices=PAPERS, help="paper of a --export FILE.pdf handout (default: a4)")
    parser.add_argument("--screenshot", type=Path, metavar="FILE.png",
                        help="render the whole window offscreen to a PNG and exit")
    parser.add_argument("--size", type=_size, default=(1400, 900), metavar="WxH",
                        help="window size for --screenshot (default 1400x900)")
    parser.add_argument("--presentation", action="store_true",
                        help="start in presentation mode (large type, the lesson along the bottom, clicker keys)")
    parser.add_argument("--lang", choices=tuple(LANGUAGES), help="language (default: the system's)")
    parser.add_argument("--session", type=Path, metavar="FILE", help="open a saved session (.json)")
    parser.add_argument("--model", type=Path, metavar="FOLDER",
                        help="a Hugging Face-style model folder (config.json, tokenizer.json, model.safetensors): "
                             "its real E, P and RoPE; with --export, X of --text under that model")
    parser.add_argument("--lesson", type=Path, metavar="FILE",
                        help="run this lesson file (.json; docs/lesson-format.md) instead of the app's own; every "
                             "other option works with it")
    parser.add_argument("--export-lesson", type=Path, metavar="FILE",
                        help="write the lesson in use (the app's own, or --lesson's) as a lesson file and exit")
    parser.add_argument("--edit-lesson", action="store_true",
                        help="open the lesson editor beside the stage (Lesson → Edit the lesson)")
    parser.add_argument("--step", type=int, metavar="N", help="go to step N of the guided lesson")
    parser.add_argument("--reveal", action="store_true",
                        help="with --step N: show step N's answer revealed (N must be a question)")
    parser.add_argument("--poll", action="store_true",
                        help="start with the class poll open: phones in the room follow the lesson's steps and "
                             "answer its check-yourself questions; its address is printed")
    parser.add_argument("--poll-interface", metavar="ADDRESS",
                        help="where the class poll listens: a private or link-local IPv4 address of this computer, "
                             "or a loopback one (127.0.0.1) for a test on this computer alone (default: the address "
                             "of its Wi-Fi or wired network)")
    parser.add_argument("--shortcuts", action="store_true",
                        help="print the keyboard shortcuts (in --lang's language) and exit")
    parser.add_argument("--install-desktop", action="store_true",
                        help="add the app to this user's launcher menu (XDG_DATA_HOME) and exit")
    parser.add_argument("--uninstall-desktop", action="store_true",
                        help="take the app out of this user's launcher menu and exit")
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    return parser


def parse_arguments(argv: Sequence[str] | None = None) -> argparse.Namespace:
    """Parse the command line; ``explicit_start`` says whether it names where the app starts."""
    args = build_parser().parse_args(argv)
    # Given on the command line, these start the app where they say, never on the first-run lesson.
    args.explicit_start = any(value is not None for value in (args.text, args.scheme, args.step, args.session,
                                                               args.export, args.screenshot))
    if args.model is not None:
        from visualizer.real.state import DEFAULT_TEXT

        # --text is the real model's sentence then; the toy keeps the lesson's.
        args.model_text = DEFAULT_TEXT if args.text is None else args.text
        args.text = None
    args.session_data = None  # the session read by main(), if any
    args.lesson_data = None  # the lesson in use, read by main()
    args.text = LESSON_SENTENCE if args.text is None else args.text
    args.scheme = DEFAULT_SCHEME if args.scheme is None else args.scheme
    return args


def main(argv: Sequence[str] | None = None) -> int:
    """Run the app (or a headless export/screenshot). Returns the exit status."""
    args = parse_arguments(argv)
    if args.shortcuts:
        return _print_shortcuts(args.lang)
    if args.install_desktop or args.uninstall_desktop:
        return _desktop_entry(install=args.install_desktop)
    if args.export is not None and args.export.suffix.lower() not in CLI_EXPORT_FORMATS:
        fail(f"cannot export to {args.export.suffix or 'a file without extension'}; "
             f"use one of {', '.join(CLI_EXPORT_FORMATS)}")
    if args.reveal and args.step is None:
        fail("--reveal needs --step N (the question whose answer to show)")
    if (args.poll or args.poll_interface is not None) and args.export is not None:
        fail(f"{'--poll' if args.poll else '--poll-interface'} is the window's class poll: leave out --export")
    if args.edit_lesson and args.export is not None:
        fail("--edit-lesson opens the window's lesson editor: leave out --export")
    if args.poll_interface is not None:
        _check_poll_interface(args.poll_interface)
    handout = args.export is not None and args.export.suffix.lower() == HANDOUT_FORMAT
    if args.paper is not None and not handout:
        fail("--paper is the paper of a handout: use it with --export FILE.pdf")
    if handout and args.model is not None:
        fail("a handout is the toy lesson's: leave out --model to export FILE.pdf")
    # X's data needs no lesson: a copy missing the lesson's file still exports it.
    data_only = args.export is not None and not handout and args.step is None and args.export_lesson is None
    args.lesson_data = None if data_only and args.lesson is None else _lesson_in_use(args.lesson)
    if args.export_lesson is not None:
        return _export_lesson(args.lesson_data, args.export_lesson)
    args.checkpoint = None
    if args.model is not None:
        from visualizer.real.checkpoint import CheckpointError, open_checkpoint

        try:
            args.checkpoint = open_checkpoint(args.model)
        except CheckpointError as error:
            fail(str(error))
        if args.export is not None:
            return _export_checkpoint(args.checkpoint, args.model_text, args.export, _headless_language(args.lang))
    try:
        model = EmbeddingModel(text=args.text, scheme=args.scheme)
    except TooManyTokensError as error:
        # The strip shows 32 tokens; a headless data export has no such cap.
        if args.export is None or args.session is not None or args.step is not None or handout:
            fail(str(error))
        return _export_long_toy_text(args.text, args.scheme, args.export, _headless_language(args.lang))
    except TokenizeError as error:
        fail(f"cannot tokenize --text: no token matches {error.unmatched!r} "
             f"at character {error.offset}")
    except ValueError as error:
        fail(str(error))
    session = None
    if args.session is not None:
        from visualizer.io.session import SessionError, load_session

        try:
            session = load_session(args.session, model)
        except SessionError as error:
            fail(str(error))
        model.restore(session.state)
    args.session_data = session
    if args.step is not None:
        _go_to_step(model, args.lesson_data, args.step, args.reveal)
    headless = args.export is not None or args.screenshot is not None
    if headless:
        # No display is needed to export or to render a screenshot.
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    if args.export is not None and args.export.suffix.lower() in (".json", ".csv", ".tex"):
        return _export_data(model, args.export, _headless_language(args.lang))
    return _run_qt(model, args)


def _lesson_in_use(path: Path | None) -> Lesson:
    """``--lesson FILE``'s lesson, checked whole (its views' options too), or the app's own; a file
    that is not a lesson is one line naming the step and the field, and exit 2."""
    if path is None:
        return load_bundled_lesson()
    from visualizer.lesson.file import read_lesson
    from visualizer.lesson.run import LessonError
    from visualizer.shell.lesson_director import check_view_options

    try:
        lesson = read_lesson(path)
        check_view_options(lesson)
    except LessonError as error:
        fail(f"--lesson: {error}")
    return lesson


def _export_lesson(lesson: Lesson, path: Path) -> int:
    """``--export-lesson FILE``: the lesson in use, written as a lesson file; one line and exit 2 if not."""
    from visualizer.lesson.file import write_lesson

    if path.suffix.lower() != ".json":
        fail(f"--export-lesson: a lesson file ends in .json, not {path.suffix or 'nothing'}")
    try:
        write_lesson(lesson, path)
    except OSError as error:
        fail(f"--export-lesson: cannot write {path}: {error.strerror or error}")
    return 0


def _go_to_step(model: EmbeddingModel, lesson: Lesson, step: int, reveal: bool) -> None:
    """``--step N`` (and ``--reveal``): the model in step N's state, its answer's commands run;
    exports without a window get it too. One line and exit 2 for a step out of range, or a
    reveal of a step that asks nothing (``--poll`` works on any step: phones follow it)."""
    from visualizer.lesson.run import LessonRun

    steps = lesson.steps
    if not 1 <= step <= len(steps):
        fail(f"--step must be 1 .. {len(steps)}, got {step}")
    if reveal and not steps[step - 1].is_question:
        questions = ", ".join(str(number) for number, s in enumerate(steps, 1) if s.is_question)
        fail(f"--reveal: step {step} asks no question; the questions are steps {questions}")
    run = LessonRun(lesson, model)
    try:
        run.go_to(step - 1)
        if reveal:
            run.reveal()
    finally:
        run.close()


def _check_poll_interface(address: str) -> None:
    """``--poll-interface``: an address the poll may listen on, or one line and exit 2."""
    from visualizer.poll.network import NotLocalAddressError, check_listen_address

    try:
        check_listen_address(address)
    except NotLocalAddressError:
        fail(f"--poll-interface {address}: not a private, link-local or loopback IPv4 address (the poll "
             "listens only on the local network); give this computer's address on the classroom's network, "
             "or 127.0.0.1 for a test on this computer alone")


def _headless_language(language: str | None) -> str:
    """The language of a headless export: ``--lang``, else the system's (LaTeX numbers follow it)."""
    if language is not None:
        return language
    from visualizer.i18n import system_language

    return system_language()


def _export_x(path: Path, worked_example: Callable[[], dict[str, Any]],
              draw: Callable[[dict[str, Any], Path], None], language: str) -> int:
    """``--export``: X through the one export of the app; one line and exit 2 on a problem."""
    from visualizer.io.tables import ExportError, export_x

    try:
        export_x(path, worked_example, draw, language)
    except TokenizeError as error:
        fail(f"cannot tokenize --text: no token matches {error.unmatched!r} at character {error.offset}")
    except (ExportError, PositionError) as error:
        fail(str(error))
    return 0


def _draw_heatmap(title: str) -> Callable[[dict[str, Any], Path], None]:
    """X of an export drawn as a plain heatmap titled ``title`` (a long text, a real model)."""

    def draw(example: dict[str, Any], path: Path) -> None:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        from PySide6.QtWidgets import QApplication

        from visualizer.ui.matrix_image import export_matrix_image

        _app = QApplication.instance() or QApplication([sys.argv[0]])
        X = np.asarray(example["X"], dtype=np.float64).reshape(len(example["ids"]), -1)
        export_matrix_image(X, path, title.format(n=len(example["ids"])))

    return draw


def _export_data(model: EmbeddingModel, path: Path, language: str) -> int:
    from visualizer.io.tables import worked_example

    return _export_x(path, lambda: worked_example(model), _no_picture, language)


def _no_picture(_example: dict[str, Any], _path: Path) -> None:
    raise AssertionError("a data export draws no picture")


def _export_long_toy_text(text: str, scheme: str, path: Path, language: str) -> int:
    """A toy export past the strip's 32 tokens: data, or X drawn as a plain heatmap."""
    from visualizer.io.tables import toy_worked_example

    formula = "E[ids] + P" if scheme in ("learned", "sinusoidal") else "E[ids]"
    return _export_x(path, lambda: toy_worked_example(text, scheme),
                     _draw_heatmap(f"X = {formula} ({scheme}), {{n}} tokens"), language)


def _export_checkpoint(checkpoint: Checkpoint, text: str, path: Path, language: str) -> int:
    """X of ``text`` under a real model, as data (.json .csv .tex) or a picture (.png .svg)."""
    formula = "E[ids] + P" if checkpoint.P is not None else "E[ids]"
    return _export_x(path, lambda: checkpoint.export(text),
                     _draw_heatmap(f"X = {formula}: {checkpoint.name}, {{n}} tokens"), language)


def _run_qt(model: EmbeddingModel, args: argparse.Namespace) -> int:
    from PySide6.QtCore import QSettings
    from PySide6.QtGui import QGuiApplication
    from PySide6.QtWidgets import QApplication

    from visualizer.appearance import Appearance
    from visualizer.i18n import install_language, locale_for, system_language
    from visualizer.ui.pyqtgraph_mirrors import import_pyqtgraph

    import_pyqtgraph()  # before any view imports pyqtgraph: 9% of a launch's CPU (see the module)

    # Read before Qt starts, so that a broken install says so in one line and nothing else.
    handout = args.export is not None and args.export.suffix.lower() == HANDOUT_FORMAT
    lesson = None if args.export is not None and not handout else args.lesson_data
    _quiet_benign_qt_messages()
    app = QApplication.instance() or QApplication([sys.argv[0]])
    app.setApplicationName(PROGRAM)
    app.setOrganizationName("embedding-visualizer")
    QGuiApplication.setDesktopFileName("embedding-visualizer")  # the launcher entry it belongs to
    # Screenshots and exports are reproducible: they read no settings and leave none.
    headless = args.export is not None or args.screenshot is not None
    if not headless:
        _set_icon()  # a window a person sees (a picture has no title bar: no SVG icon plugin to load)
    settings = None if headless else QSettings()
    first_run = settings is not None and not settings.allKeys()  # before the window writes any
    language = args.lang or (settings.value("language") if settings else None) or system_language()
    if language not in LANGUAGES:
        language = "en"
    if not install_language(language):
        from visualizer.i18n import translation_file

        _say(f"{PROGRAM}: warning: cannot read the translation {translation_file(language)}; "
             "the app stays in English")
        language = "en"
    appearance = Appearance(language=language)
    from PySide6.QtCore import QLocale

    QLocale.setDefault(locale_for(language))
    if args.export is not None and handout:
        from visualizer.handout.pdf import export_handout
        from visualizer.io.tables import ExportError

        try:
            export_handout(model, args.export, appearance, args.paper or PAPERS[0], lesson)
        except (ExportError, PositionError) as error:
            fail(str(error))
        return 0
    if args.export is not None:
        from visualizer.io.tables import worked_example
        from visualizer.toy.x_picture import export_x_panel_image

        return _export_x(args.export, lambda: worked_example(model),
                         lambda _example, path: export_x_panel_image(model, path, appearance), language)

    window = open_window(model, appearance, settings, args, first_run, lesson)
    resume_collections()
    try:
        if args.screenshot is not None:
            if args.poll:
                start_poll(window)
            return _screenshot(app, window, args.screenshot, args.size)
        from visualizer.crash import install_excepthook

        install_excepthook(window)
        window.class_poll.opened.connect(_print_poll_address)
        if args.poll:
            start_poll(window)  # after the crash handler: an error then closes the poll's port, then is reported
        window.show()
        return app.exec()
    finally:
        # Tear the window down while the QApplication is alive: no crash at interpreter exit. (If the
        # loop ended with the window still open, its unsaved work goes to the autosave.)
        window.close_at_exit()
        window.deleteLater()
        app.processEvents()
        sys.excepthook = sys.__excepthook__


def resume_collections() -> None:
    """Turn the garbage collector back on if the launch turned it off (``main.py``, ``run``).

    What the start made lives as long as the app: it is frozen out of every later collection (a
    full one would walk it all, ~25 ms, in the middle of some interaction), and the collector
    goes on with what the class's work makes from here. A caller that never turned it off
    (tests, scripts calling :func:`main`) is left as it was.
    """
    if not gc.isenabled():
        gc.freeze()
        gc.enable()


def load_bundled_lesson() -> Lesson:
    """The lesson shipped with the app; if it is missing or unreadable, one line and exit 1."""
    from visualizer.lesson.run import LessonError, load_lesson

    try:
        return load_lesson()
    except LessonError as error:
        fail(f"{error} (the app's own files are incomplete: reinstall it)", EXIT_FAILURE)


def open_window(model: EmbeddingModel, appearance: Appearance, settings: QSettings | None, args: argparse.Namespace,
                first_run: bool = False, lesson: Lesson | None = None) -> MainWindow:
    """The main window in the state the command line asks for (not shown yet).

    On a first run (no settings yet) and with no option that says where to start, the window
    opens on the guided lesson's first step with a one-line hint of F5 and F9; later, on the lesson
    step shown when the app last quit.
    """
    from visualizer.lesson.run import LessonError
    from visualizer.shell.main_window import MainWindow

    try:
        # The teacher's own window asks before dropping unsaved work; a screenshot, or a window no one
        # can see (offscreen: tests, scripts), never waits on a question.
        from PySide6.QtGui import QGuiApplication

        seen = settings is not None and args.screenshot is None and QGuiApplication.platformName() != "offscreen"
        window = MainWindow(model, appearance, settings, lesson or args.lesson_data or load_bundled_lesson(),
                            ask_before_quit=seen)
    except LessonError as error:  # a view cannot stage what a step asks
        fail(f"the lesson: {error} (the app's own files are incomplete or were edited)", EXIT_FAILURE)
    if args.step is not None:
        window.go_to_step(args.step - 1)
        if args.reveal:
            window.lesson_run.reveal()
        window.undo_stack.clear()
    if args.session is not None:
        window.documents.session_path = args.session
        if args.session_data is not None:  # its model folder and page too; --step says where the lesson is
            window.documents.resume_session(args.session, args.session_data, where=args.step is None)
    if args.poll_interface is not None:
        window.class_poll.listen_on(args.poll_interface)
    if settings is not None and not args.explicit_start:  # before --model: its page comes to the front
        from visualizer.lesson.first_run import start_first_run

        start_first_run(window, window.lesson_run, window.undo_stack, settings, first_run)
    if args.model is not None:
        window.model_menu.real_model.set_text(args.model_text)
        window.model_menu.open_folder(args.model)
    if args.edit_lesson:
        window.authoring.show_editor(True)
    if args.presentation:
        if args.screenshot is not None:
            window.resize(*args.size)  # the scale follows the size being shot
        window.presentation.set_presenting(True, full_screen=args.screenshot is None)
    return window


def start_poll(window: MainWindow) -> bool:
    """``--poll``: open the class poll of ``window``; if it cannot open, one warning line (the stage
    says why too) and the app goes on."""
    if window.class_poll.ask():
        return True
    _say(f"{PROGRAM}: warning: the class poll did not open: {window.class_poll.problem}")
    return False


def _print_poll_address(url: str) -> None:
    """Each time the poll opens, its address on stdout (a kiosk's log; the standalone's check)."""
    _say(f"{PROGRAM}: class poll open at {url}", "stdout")
    if sys.stdout is not None:
        sys.stdout.flush()  # a pipe would hold the line until exit otherwise


def _print_shortcuts(language: str | None) -> int:
    """``--shortcuts``: the cheat sheet on stdout, in ``language`` (default: the system's)."""
    from PySide6.QtCore import QCoreApplication

    from visualizer.i18n import install_language, system_language
    from visualizer.keys import cheat_sheet_text

    _app = QCoreApplication.instance() or QCoreApplication([sys.argv[0]])  # translators live on it
    language = language or system_language()
    if not install_language(language):
        from visualizer.i18n import translation_file

        _say(f"{PROGRAM}: warning: cannot read the translation {translation_file(language)}; showing English")
    try:
        _say(cheat_sheet_text(QCoreApplication.translate).rstrip("\n"), "stdout")
    finally:
        install_language("en")
    return 0


def _desktop_entry(install: bool) -> int:
    """``--install-desktop`` / ``--uninstall-desktop``: say what was done in one line."""
    from visualizer.io.desktop import DesktopError, install_desktop, uninstall_desktop

    try:
        if install:
            paths = install_desktop()
            _say(f"added to the launcher menu: {paths.entry} (icon {paths.icon})", "stdout")
        else:
            removed = uninstall_desktop()
            _say("removed " + ", ".join(map(str, removed)) if removed else "nothing to remove: not in the menu",
                 "stdout")
    except DesktopError as error:
        fail(str(error), EXIT_FAILURE)
    return 0


def _screenshot(app: object, window: MainWindow, path: Path, size: tuple[int, int]) -> int:
    from visualizer.io.tables import ExportError, check_writable

    try:
        check_writable(path)
    except ExportError as error:
        fail(str(error))
    # Quality 80 = zlib level 2: same size as the default here, 12 ms faster.
    if not window_picture(window, size).save(str(path), "PNG", 80):
        fail(f"cannot write {path}")
    return 0


def window_picture(window: MainWindow, size: tuple[int, int]) -> QPixmap:
    """The window at ``size`` as ``--screenshot`` shows it (the tests read it as a class would)."""
    from PySide6.QtWidgets import QApplication

    window.resize(*size)
    window.show()
    window.x_panel.finish_build()  # a still shows the finished X
    _wait_for_the_answer(window)
    QApplication.processEvents()  # one pass lays everything out; grab() then paints
    QApplication.processEvents()  # a dock that shares its column once laid out (the class poll's) in a second
    QApplication.processEvents()  # a title that wraps to its new width (a revealed answer's) in a third
    # Offscreen, the window is already painted in its backing store: read it instead of painting
    # everything a second time (same pixels, ~10 ms less). Elsewhere render it afresh.
    # The backing store shortcut reads device pixels as if they were logical ones: at a device
    # pixel ratio of 2 it saved only the top-left quarter. Render afresh there.
    if QApplication.platformName() == "offscreen" and window.devicePixelRatio() == 1:
        return window.screen().grabWindow(window.winId())
    return window.grab()


def _wait_for_the_answer(window: MainWindow, timeout_s: float = 120.0) -> None:
    """A revealed answer that a view is still measuring (the real-scale race): wait for its
    numbers, so that the picture shows the answer and not "measuring…"."""
    import time

    from PySide6.QtWidgets import QApplication

    from visualizer.lesson.kinds.base import Waiting

    run = window.lesson_run
    deadline = time.monotonic() + timeout_s
    while isinstance(run.explained(), Waiting) and time.monotonic() < deadline:
        QApplication.processEvents()
        time.sleep(0.01)


def _set_icon() -> None:
    """The app's icon on every window (the launcher entry names the same one)."""
    from PySide6.QtGui import QGuiApplication, QIcon

    from visualizer.resources import resource

    icon = resource("icons", "embedding-visualizer.svg")
    if icon.exists():
        QGuiApplication.setWindowIcon(QIcon(str(icon)))


def _quiet_benign_qt_messages() -> None:
    from PySide6.QtCore import QtMsgType, qInstallMessageHandler

    def handler(kind: QtMsgType, _context: object, message: str) -> None:
        if kind == QtMsgType.QtDebugMsg or any(text in message for text in _BENIGN_QT_MESSAGES):
            return
        sys.stderr.write(message + "\n")

    qInstallMessageHandler(handler)


def run() -> None:
    """Console entry point: the collector waits until the window is built (see ``main.py``)."""
    gc.disable()
    raise SystemExit(main())
