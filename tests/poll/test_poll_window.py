"""The class poll in the window, as a class and a teacher see it.

Presenting at a projector's sizes, in both languages, on each check-yourself step: the code scans
from the window's own picture and fills a third of the screen's height (never less than a third
of the stage above the lesson's band), the address and the count are large, the step's numbers
still print, nothing is cut. The reveal comes in two beats (the chart, then the demonstration as
without a poll). The ordinary window at 1024 × 768 shows the panel, the chart and offline practice
whole. F6, the button beside Reveal, the menu (ask again, reset, save, close) work, and the port
is closed after closing the poll, closing the window, Ctrl+Q, and an error inside the app.
"""

from __future__ import annotations

import csv
import os
import subprocess
import sys
from functools import partial
from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QImage, QKeySequence
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QFileDialog, QMessageBox

from tests.poll.phones import Phone
from tests.qr_codes import qr_codes
from tests.stage import (
    MIN_DIGIT_PX,
    assert_labels_apart,
    assert_labels_whole,
    close_all,
    digit_height,
    font_px,
    visible_labels,
)
from visualizer.lesson.questions import Question
from visualizer.lesson.run import load_lesson
from visualizer.poll.band import CODE_SHARE, FOLLOW
from visualizer.poll.server import wait_closed
from visualizer.poll.web import code_text
from visualizer.shell.main_window import MainWindow

ROOT = Path(__file__).resolve().parents[2]
LESSON = load_lesson()
QUESTIONS = [index for index, step in enumerate(LESSON.steps) if step.is_question]
INDEX = {step.id: index for index, step in enumerate(LESSON.steps)}
# A step that asks nothing (numbered as on screen).
NOT_A_QUESTION = INDEX["positions"] + 1
SCREENS = ((1024, 768), (1280, 720), (1920, 1080))


def settle(window: MainWindow) -> QImage:
    """Lay the window out as a person would see it, and its picture."""
    for _ in range(3):
        QApplication.processEvents()
    return window.grab().toImage()


def place(ancestor, widget):
    """Where ``widget`` sits in ``ancestor``."""
    return widget.mapTo(ancestor, widget.rect().topLeft())


def port_of(url: str) -> int:
    return int(url.split(":")[2].split("/")[0])


def open_window(qtbot, size: tuple[int, int], language: str = "en", presenting: bool = False) -> MainWindow:
    """A shown window whose class poll listens on loopback (this machine may have no Wi-Fi)."""
    window = MainWindow()
    qtbot.addWidget(window)
    window.set_language(language)
    window.class_poll.listen_on("127.0.0.1", 0)
    window.resize(*size)
    if presenting:
        window.presentation.set_presenting(True, full_screen=False)
    window.show()
    qtbot.waitExposed(window)
    return window


def answer(url: str, step_id: str, choices: list[int]) -> list[Phone]:
    """One phone per choice, from addresses of their own (four phones per address at most)."""
    phones = []
    for number, choice in enumerate(choices):
        phone = Phone(url, source=f"127.0.{number // 4}.{number % 4 + 1}")
        phone.open_page()
        assert phone.answer(step_id, choice).status == 200
        phones.append(phone)
    return phones


def hang_up(phones: list[Phone]) -> None:
    for phone in phones:
        phone._connection.close()


def press(window: MainWindow, key: str) -> None:
    """A key as the keyboard delivers it (to the focus widget of the active window), not
    ``action.trigger()``."""
    window.activateWindow()
    for _ in range(100):
        if QApplication.activeWindow() is window:
            break
        QTest.qWait(10)
    assert QApplication.activeWindow() is window
    QTest.keySequence(QApplication.focusWidget() or window, QKeySequence(key))
    QApplication.processEvents()


@pytest.mark.parametrize("language", ["en", "pt"])
@pytest.mark.parametrize("screen", SCREENS, ids=[f"{w}x{h}" for w, h in SCREENS])
def test_presenting_the_code_scans_from_the_back_row_and_the_step_stays_readable(qtbot, figure, screen, language):
    window = open_window(qtbot, screen, language, presenting=True)
    width, height = screen
    try:
        for index in QUESTIONS:
            window.go_to_step(index)
            window.x_panel.finish_build()
            assert window.class_poll.ask()
            poll, band = window.class_poll.poll, window.class_poll.band
            picture = settle(window)
            assert (window.width(), window.height()) == screen, "the band pushed the window past the screen"
            found = qr_codes(picture)
            assert found == [code_text(poll.url)]  # what the projector shows is what phones open
            side = band.join_panel.qr.code_rect().height()
            if LESSON.steps[index].id == "batch-question":
                # The gradient lab's real-scale page cannot shrink below its controls: the code is
                # what the lesson's band and that page leave (docs/poll.md gives the sizes).
                figure(f"poll code on the batch question at {width}×{height} ({language}): {side} px, "
                       f"{side / height:.0%} of the height")
                assert side >= 120
            else:
                assert side >= height * CODE_SHARE, f"{side} px of {height}"
            # Presenting, the band takes the strip's and the scheme's place; the lesson keeps the question.
            assert band.geometry().top() <= 4 and not window.token_strip.isVisible()
            assert window.lesson_panel.question_box.isVisible()
            stage = band.join_panel
            assert stage.address.text().replace("\u200b", "") == poll.url
            for label in (stage.address, stage.count):
                assert digit_height(label.font()) >= MIN_DIGIT_PX * height / 768 - 1
            labels = visible_labels(window)
            assert_labels_whole(labels)
            assert_labels_apart(window, visible_labels(band))
            if window.tabs.current_view() is window.x_panel:  # the swap with positions: its numbers still print
                printing = [h for h in window.x_panel.graphics.heatmaps if h.values().size]
                assert printing and all(h.labels.drawn_pixel_size for h in printing)
            window.class_poll.close()
            assert not band.isVisible() and window.token_strip.isVisible() == window.tabs.uses_toy_sequence(
                window.tabs.currentWidget())
    finally:
        window.class_poll.close()
        close_all([window])


@pytest.mark.parametrize("language", ["en", "pt"])
def test_the_reveal_shows_the_class_first_then_the_demonstration_as_without_a_poll(qtbot, language):
    window = open_window(qtbot, (1024, 768), language, presenting=True)
    phones: list[Phone] = []
    try:
        window.go_to_step(INDEX["swap-none"])
        window.lesson_run.reveal()  # the demonstration without a poll: where its view sits
        settle(window)
        without_poll = (window.tabs.current_view().geometry(), window.token_strip.isVisible())
        window.lesson_run.go_to(INDEX["swap-none"])
        assert window.class_poll.ask()
        poll, band = window.class_poll.poll, window.class_poll.band
        question = poll.question
        assert isinstance(question, Question)
        phones = answer(poll.url, "swap-none", [0, 2, 2, 1, 2])
        qtbot.waitUntil(lambda: band.join_panel.count.text().endswith("5"))
        assert not band.showing_results and band.join_panel.count.text() in ("Answered: 5", "Responderam: 5")
        # First beat (Page Down, or Reveal): the class's answers, the right one marked; no demonstration yet.
        window.lesson_dock.panel.reveal_button.click()
        settle(window)
        assert band.showing_results and band.isVisible() and not window.lesson_run.revealed
        chart = band.results
        right = question.right
        assert chart.letters[right].text() == f"✓ {question.letter(right)}"
        assert [c.text() for c in chart.counts] == [f"{n} ({round(100 * n / 5)}%)" for n in (1, 1, 3, 0)]
        assert phones[0].status()["question"]["revealed"]  # phones show the right answer too
        assert_labels_whole(visible_labels(window))
        assert_labels_apart(window, visible_labels(chart))
        # Second beat: the demonstration, on the whole stage as without a poll.
        press(window, "PgDown")
        settle(window)
        assert window.lesson_run.revealed and not band.isVisible()
        assert (window.tabs.current_view().geometry(), window.token_strip.isVisible()) == without_poll
        assert poll.is_open  # the next question will be asked: no key to press again
        press(window, "PgDown")  # on to the next step, the next question
        assert window.lesson_run.index == INDEX["swap-learned"] and band.isVisible() and not band.showing_results
    finally:
        hang_up(phones)
        window.class_poll.close()
        close_all([window])


@pytest.mark.parametrize("language", ["en", "pt"])
def test_the_ordinary_window_at_1024x768_shows_the_poll_the_chart_and_practice_whole(qtbot, language):
    window = open_window(qtbot, (1024, 768), language)
    try:
        for index in QUESTIONS:
            window.go_to_step(index)
            part = window.class_poll
            # Alone at home: practice in the question box, every choice answered whole.
            part.practice_button.click()
            practice = part.practice
            assert practice.isVisible() and practice.question() == part.poll.question
            for choice in range(len(practice.buttons)):
                qtbot.mouseClick(practice.buttons[choice], Qt.MouseButton.LeftButton)
                settle(window)
                assert window.width() == 1024
                assert_labels_whole(visible_labels(window))
            part.practice_button.click()
            # Asked: the panel under the lesson; then the chart.
            assert part.ask_button.text() == {"en": "Ask the class", "pt": "Perguntar à turma"}[language]
            part.ask_button.click()
            assert part.band.windowTitle() == {"en": "Class poll", "pt": "Votação da turma"}[language]
            assert part.is_open() and not part.practice_button.isVisible()
            settle(window)
            band = part.band
            assert band.isVisible() and band.geometry().left() >= window.lesson_dock.geometry().left()
            # The lesson runs along the bottom of a narrow window: the panel sits beside it in that
            # row (under it, the views had no height left).
            assert window.lesson_dock.at_bottom
            lesson = window.lesson_dock.geometry()
            assert band.geometry().left() > lesson.right() and band.geometry().top() < lesson.bottom()
            assert qr_codes(band.grab().toImage()) == [code_text(part.poll.url)]
            assert_labels_whole(visible_labels(window))
            window.lesson_run.reveal()  # one click reveals everywhere: the chart and the demonstration
            settle(window)
            assert band.showing_results and band.isVisible() and window.lesson_run.revealed
            assert_labels_whole(visible_labels(window))
            part.ask_button.click()
            assert not part.is_open() and not band.isVisible()
    finally:
        window.class_poll.close()
        close_all([window])


def test_f6_and_the_button_ask_and_close_and_closing_closes_the_port(qtbot):
    window = open_window(qtbot, (1400, 900))
    try:
        part = window.class_poll
        window.go_to_step(INDEX["swap-learned"])
        assert part.poll is None  # nothing of the poll is made before it is used
        press(window, "F6")
        poll = part.poll
        assert poll.is_open and window.action_table["ask_the_class"].isChecked()
        assert part.ask_button.isChecked() and part.ask_button.text() == "Close the poll"
        port = port_of(poll.url)
        press(window, "F6")
        assert not poll.is_open and wait_closed("127.0.0.1", port)
        assert part.ask_button.text() == "Ask the class" and not part.band.isVisible()
        qtbot.mouseClick(part.ask_button, Qt.MouseButton.LeftButton)
        assert poll.is_open and part.band.isVisible()
        port = port_of(poll.url)
        window.action_table["close_poll"].trigger()  # Class poll → Close the poll
        assert not poll.is_open and wait_closed("127.0.0.1", port)
        window.go_to_step(0)  # a step that asks nothing: the question box and its button are gone
        assert not part.ask_button.isVisible()
        press(window, "F6")  # the poll opens anyway: phones follow the lesson, it asks when a question comes
        assert poll.is_open and part.band.isVisible() and part.band.page == FOLLOW
        assert qr_codes(part.band.grab().toImage()) == [code_text(poll.url)]  # the window says where
    finally:
        window.class_poll.close()
        close_all([window])


def test_peer_instruction_keeps_both_votes_shows_them_side_by_side_and_saves_them(qtbot, tmp_path, monkeypatch):
    """Vote, reveal (one click in the window), discuss, Shift+F6, vote again, reveal: the chart
    shows the first vote beside the second, Class poll → Save the class's answers writes both."""
    window = open_window(qtbot, (1400, 900))
    phones: list[Phone] = []
    try:
        part = window.class_poll
        window.go_to_step(INDEX["batch-question"])
        assert part.ask()
        poll = part.poll
        right = poll.question.right
        wrong = (right + 1) % len(poll.question.choices)
        first_choices = [wrong, wrong, right]
        phones = answer(poll.url, "batch-question", first_choices)
        qtbot.waitUntil(lambda: poll.answered == 3)
        window.lesson_dock.panel.reveal_button.click()  # one click: the chart, the phones, the demonstration
        assert window.lesson_run.revealed and part.band.showing_results
        assert phones[0].answer("batch-question", 0).status == 409
        chart = part.band.results
        assert not any(bar.isVisible() for bar in chart.first_bars)  # one vote so far
        # The discussion, on stage (F5): Shift+F6 asks again, the answers kept and changeable.
        window.resize(1024, 768)
        window.presentation.set_presenting(True, full_screen=False)
        press(window, "Shift+F6")
        assert not window.lesson_run.revealed and not poll.results().revealed and poll.answered == 3
        assert part.band.isVisible() and not part.band.showing_results
        assert phones[0].status()["question"]["vote"] == 2
        assert phones[0].answer("batch-question", right).status == 200  # convinced by the discussion
        second_choices = [right, wrong, right]
        second = tuple(second_choices.count(i) for i in range(len(poll.question.choices)))
        first = tuple(first_choices.count(i) for i in range(len(poll.question.choices)))
        qtbot.waitUntil(lambda: poll.results().counts == second)
        press(window, "PgDown")  # the reveal's first beat: both votes side by side, for the back row
        settle(window)
        assert part.band.showing_results and chart.results().first == first and chart.results().counts == second
        assert chart.first_title.isVisible() and chart.second_title.isVisible()
        assert [c.text() for c in chart.first_counts] == [f"{n} ({round(100 * n / 3)}%)" for n in first]
        assert [c.text() for c in chart.counts] == [f"{n} ({round(100 * n / 3)}%)" for n in second]
        for index in range(len(first)):  # each choice's first vote left of its second, on its line
            assert chart.first_bars[index].isVisible() == (first[index] > 0)
            assert place(chart, chart.counts[index]).x() > place(chart, chart.first_counts[index]).x()
            assert abs(place(chart, chart.counts[index]).y() - place(chart, chart.first_counts[index]).y()) < 4
            assert digit_height(chart.first_counts[index].font()) >= MIN_DIGIT_PX
        labels = visible_labels(chart)
        assert_labels_whole(labels)
        assert_labels_apart(chart, labels)
        # Beside the views (Esc), a column: each choice's first vote over its second, each count named.
        window.presentation.set_presenting(False)
        settle(window)
        assert part.band.showing_results
        assert [c.text() for c in chart.first_counts] == [f"first: {n} ({round(100 * n / 3)}%)" for n in first]
        assert [c.text() for c in chart.counts] == [f"after: {n} ({round(100 * n / 3)}%)" for n in second]
        for index in range(len(first)):
            assert place(chart, chart.counts[index]).y() > place(chart, chart.first_counts[index]).y()
        assert_labels_whole(visible_labels(window))
        path = tmp_path / "answers.csv"
        monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(lambda *a, **k: (str(path)[:-4], "")))
        window.action_table["save_counts"].trigger()  # Class poll → Save the class's answers…
        assert window.action_table["save_counts"].text().replace("&", "") == "Save the class's answers…"
        rows = list(csv.reader(path.read_text(encoding="utf-8").splitlines()))
        assert rows[0] == ["step", "question", "letter", "choice", "first vote", "second vote", "right"]
        assert [(row[4], row[5]) for row in rows[1:]] == [(str(a), str(b)) for a, b in zip(first, second, strict=True)]
        assert [row[6] for row in rows[1:]] == ["yes" if i == right else "no" for i in range(len(first))]
        text = path.read_text(encoding="utf-8")
        assert "127.0." not in text and "phone" not in text.lower()  # nothing names a student
        window.action_table["reset_answers"].trigger()
        assert poll.answered == 0 and poll.results().first is None and poll.is_open
        window.go_to_step(0)
        window.action_table["reset_answers"].trigger()  # a step that asks nothing: said, nothing done
        assert window.statusBar().currentMessage() == "Reset works on a check-yourself step."
    finally:
        hang_up(phones)
        window.class_poll.close()
        close_all([window])


def test_without_a_network_the_stage_says_what_to_do(qtbot):
    window = MainWindow()
    qtbot.addWidget(window)
    try:
        window.class_poll.listen_on(None)
        window.resize(1024, 768)
        window.presentation.set_presenting(True, full_screen=False)
        window.show()
        window.go_to_step(INDEX["swap-none"])
        from visualizer.poll import class_poll

        original = class_poll.ClassPoll.__init__

        def no_network(self, *args, **kwargs):
            original(self, *args, **kwargs, interfaces=list)

        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(class_poll.ClassPoll, "__init__", no_network)
            assert not window.class_poll.ask()
        band = window.class_poll.band
        settle(window)
        assert band.isVisible() and "join the classroom Wi-Fi" in band.join_panel.message.text()
        assert not band.join_panel.qr.isVisible()
        window.go_to_step(INDEX["swap-learned"])
        assert band.isVisible()  # said until the teacher closes it or the poll opens
        window.class_poll.close()
        assert not band.isVisible()
    finally:
        close_all([window])


# ---- the port closes: on closing the window, on Ctrl+Q, after an error inside the app ----------


def test_closing_the_window_closes_the_port(qtbot):
    window = open_window(qtbot, (1024, 768))
    window.go_to_step(INDEX["swap-none"])
    assert window.class_poll.ask()
    port = port_of(window.class_poll.poll.url)
    window.close()
    assert wait_closed("127.0.0.1", port)


def test_file_quit_closes_the_port(qtbot):
    """File → Quit (its key, Ctrl+Q, is the platform's: pressed on a real X server in
    tests/e2e/test_poll_keys.py, where the offscreen platform has no such binding)."""
    window = open_window(qtbot, (1024, 768))
    window.go_to_step(INDEX["swap-none"])
    assert window.class_poll.ask()
    port = port_of(window.class_poll.poll.url)
    window.action_table["quit"].trigger()
    assert not window.isVisible() and wait_closed("127.0.0.1", port)


def test_an_error_inside_the_app_closes_the_port_then_the_crash_handler_reports_it(qtbot, monkeypatch):
    from visualizer import crash

    window = open_window(qtbot, (1024, 768))
    logged = []
    monkeypatch.setattr(crash.LOGGER, "error", logged.append)
    try:
        crash.install_excepthook(window)  # as the app does, before the poll can open
        window.go_to_step(INDEX["swap-none"])
        assert window.class_poll.ask()
        port = port_of(window.class_poll.poll.url)

        def bug() -> None:
            raise RuntimeError("a bug somewhere in the app")

        QTimer.singleShot(0, bug)
        qtbot.waitUntil(lambda: not window.class_poll.is_open())
        assert wait_closed("127.0.0.1", port)
        assert logged and "a bug somewhere in the app" in logged[0]  # reported as before
        dialog = window.findChild(QMessageBox, "crash_dialog")
        assert dialog is not None and "a bug somewhere in the app" in dialog.text()
        dialog.close()
        assert "closed after an error" in window.class_poll.band.join_panel.message.text()
    finally:
        sys.excepthook = sys.__excepthook__
        close_all([window])


# ---- the command line ------------------------------------------------------------------------


@pytest.mark.parametrize(("arguments", "message"), [
    (["--poll", "--export", "x.json"], "--poll is the window's class poll: leave out --export"),
    (["--poll-interface", "127.0.0.1", "--export", "x.csv"], "--poll-interface is the window's class poll"),
    (["--poll-interface", "8.8.8.8"], "--poll-interface 8.8.8.8: not a private, link-local or loopback"),
    (["--poll-interface", "0.0.0.0"], "--poll-interface 0.0.0.0: not a private, link-local or loopback"),
    (["--poll-interface", "classroom.example"], "--poll-interface classroom.example: not a private"),
])
def test_the_command_line_refuses_a_poll_where_it_cannot_apply(cli, arguments, message):
    result = cli(*arguments)
    assert result.returncode == 2 and result.stdout == ""
    assert len(result.stderr.splitlines()) == 1 and message in result.stderr, result.stderr


@pytest.mark.parametrize(("presenting", "step"), [(False, NOT_A_QUESTION), (True, NOT_A_QUESTION), (False, None)],
                         ids=["window", "stage", "window without --step"])
def test_poll_on_a_step_that_asks_nothing_says_it_is_open_and_where(qtbot, tmp_path, presenting, step):
    """``--poll`` (with ``--step N`` of a step that asks nothing, or none): phones follow the
    lesson, and the window says so: beside the views the code, the address and what phones do; on
    stage one line across the top, the token strip and the scheme line in their places, the view
    keeping the stage."""
    from visualizer import app as command_line
    from visualizer.appearance import Appearance
    from visualizer.model import EmbeddingModel
    from visualizer.poll.band import LINE
    from visualizer.poll.open_line import LINE_STAGE_PX

    size = (1024, 768)
    arguments = ["--screenshot", str(tmp_path / "shot.png"), "--size", "{}x{}".format(*size), "--poll",
                 "--poll-interface", "127.0.0.1", "--lang", "en"]
    arguments += ["--step", str(step)] if step is not None else []
    args = command_line.parse_arguments(arguments + (["--presentation"] if presenting else []))
    model = EmbeddingModel(text=args.text, scheme=args.scheme)
    if step is not None:
        command_line._go_to_step(model, command_line.load_bundled_lesson(), args.step, args.reveal)
    window = command_line.open_window(model, Appearance(language="en"), None, args)
    qtbot.addWidget(window)
    try:
        window.resize(*size)
        window.show()
        settle(window)
        view_alone = window.tabs.current_view().height()
        assert command_line.start_poll(window)
        part = window.class_poll
        url = part.poll.url
        settle(window)
        band = part.band
        assert band.isVisible()
        if presenting:
            assert band.page == LINE and url in band.line.text().replace("\u200b", "")
            assert "phones follow the lesson" in band.line.text()
            assert window.token_strip.isVisible()  # one line: the sequence keeps its place
            assert band.height() < 0.08 * size[1]
            assert window.tabs.current_view().height() >= view_alone - band.height() - 8
            assert font_px(band.line.font()) >= window.appearance.stage_px(LINE_STAGE_PX) >= 18
            assert_labels_whole([band.line])
        else:
            assert band.page == FOLLOW and band.join_panel.title.text() == "Follow the lesson on your phone"
            assert qr_codes(band.grab().toImage()) == [code_text(url)]
            assert not band.join_panel.count.isVisible()  # nothing is asked: nothing to count
            assert_labels_whole(visible_labels(window))
        phone = Phone(url)
        status = phone.status()
        assert status["question"] is None
        assert status["stage"] is None if step is None else status["stage"]["number"] == step
        phone.close()
        window.lesson_run.advance()  # phones follow, and the window keeps saying where
        assert band.isVisible()
    finally:
        window.class_poll.close()
        close_all([window])


def test_poll_screenshot_shows_a_code_that_scans_and_leaves_the_port_closed(cli, tmp_path):
    path = tmp_path / "poll.png"
    result = cli("--screenshot", str(path), "--presentation", "--size", "1024x768", "--step",
                 str(INDEX["swap-learned"] + 1), "--poll",
                 "--poll-interface", "127.0.0.1")
    assert result.returncode == 0, result.stderr
    found = qr_codes(QImage(str(path)))
    assert len(found) == 1 and found[0].startswith("HTTP://127.0.0.1:")
    assert wait_closed("127.0.0.1", port_of(found[0].lower()))


def test_the_poll_is_not_imported_until_it_is_used():
    """The window starts without the poll's server, QR code or controller; practice brings them."""
    script = (
        "import sys\n"
        "from PySide6.QtWidgets import QApplication\n"
        "app = QApplication([])\n"
        "from visualizer.shell.main_window import MainWindow\n"
        "window = MainWindow()\n"
        f"window.go_to_step({INDEX['swap-none']})\n"
        "poll = ('waitress', 'segno', 'visualizer.poll.server', 'visualizer.poll.web',\n"
        "        'visualizer.poll.class_poll', 'visualizer.poll.band')\n"
        "print(sorted(name for name in poll if name in sys.modules))\n"
        "window.class_poll.practice_button.click()\n"
        "print(sorted(name for name in poll if name in sys.modules))\n"
        "window.close()\n"
    )
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60, cwd=ROOT,
                            env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    assert result.returncode == 0, result.stderr
    before, after = result.stdout.splitlines()
    assert before == "[]"
    assert after == str(sorted(["waitress", "segno", "visualizer.poll.server", "visualizer.poll.web",
                                "visualizer.poll.class_poll", "visualizer.poll.band"]))


def test_the_poll_follows_presentation_mode_in_and_out(qtbot):
    window = open_window(qtbot, (1024, 768))
    try:
        window.go_to_step(INDEX["swap-learned"])
        assert window.class_poll.ask()
        band = window.class_poll.band
        settle(window)
        lesson = window.lesson_dock.geometry()
        # A narrow window runs the lesson along the bottom: the panel sits beside it, in its row.
        assert band.isVisible() and band.geometry().left() > lesson.right() and band.geometry().top() < lesson.bottom()
        for _ in range(2):
            window.presentation.set_presenting(True, full_screen=False)
            settle(window)  # the band comes back in its new place
            window.resize(1024, 768)  # what full screen gives it on a projector of 768 lines
            settle(window)
            assert band.geometry().top() <= 4 and not window.token_strip.isVisible()  # across the top
            assert (window.width(), window.height()) == (1024, 768)  # the band fits in it
            assert band.join_panel.qr.code_rect().height() >= 768 * CODE_SHARE
            assert_labels_whole(visible_labels(window))
            window.presentation.set_presenting(False)
            assert window.width() == 1024  # leaving grew nothing (a band sized for the top had, once)
            settle(window)
            window.resize(1024, 768)
            settle(window)
            assert band.geometry().left() >= window.lesson_dock.geometry().left() and window.token_strip.isVisible()
            lesson = window.lesson_dock.geometry()
            assert band.geometry().left() > lesson.right() and band.geometry().top() < lesson.bottom()
            assert_labels_whole(visible_labels(window))
    finally:
        window.class_poll.close()
        close_all([window])


def test_phones_share_addresses_is_remembered_and_new_room_code_works_from_the_menu(qtbot, tmp_path):
    from PySide6.QtCore import QSettings

    path = str(tmp_path / "settings.ini")
    first = MainWindow(settings=QSettings(path, QSettings.Format.IniFormat))
    qtbot.addWidget(first)
    first.class_poll.listen_on("127.0.0.1", 0)
    share = first.action_table["share_addresses"]
    assert share in first.action_table.menus["poll"].actions()
    assert not share.isChecked() and not first.class_poll.shares_addresses()
    share.trigger()  # Class poll → Phones share addresses
    assert share.isChecked()
    first.lesson_run.go_to(INDEX["swap-none"])
    assert first.class_poll.ask()
    poll = first.class_poll.poll
    assert poll is not None and poll.shared_addresses
    token = poll.token
    first.action_table["new_room_code"].trigger()  # Class poll → New room code
    assert poll.is_open and poll.token != token
    first.close()
    second = MainWindow(settings=QSettings(path, QSettings.Format.IniFormat))
    qtbot.addWidget(second)
    second.action_table.refresh_checks()
    assert second.action_table["share_addresses"].isChecked() and second.class_poll.shares_addresses()
    second.close()


@pytest.mark.parametrize("language", ["en", "pt"])
def test_the_lesson_band_measures_the_question_box_as_it_is_now(qtbot, language):
    """The band sizes itself from the panel's height the moment something changes. Along the bottom
    of a narrow window the question box sits in a column of its own, whose new size Qt hands up
    only at its next layout pass: measured before, hiding practice or switching the language gave
    the old height (110 px for 104, 126 for 110), and the band cut or wasted a line."""
    window = open_window(qtbot, (1024, 768), language)
    panel, part = window.lesson_panel, window.class_poll
    other = "en" if language == "pt" else "pt"
    try:
        for index in QUESTIONS[:2]:
            window.go_to_step(index - 1)
            settle(window)
            for what, action in [("the step", partial(window.go_to_step, index)),
                                 ("practice", part.practice_button.click),
                                 ("a choice", lambda: part.practice.buttons[1].click()),
                                 ("practice closed", part.practice_button.click),
                                 ("the reveal", window.lesson_run.reveal),
                                 ("another language", lambda: window.set_language(other)),
                                 ("the language back", lambda: window.set_language(language))]:
                action()
                measured = panel.needed_height(panel.width())
                settle(window)
                assert measured == panel.heightForWidth(panel.width()), f"step {index + 1}, after {what}"
    finally:
        close_all([window])
