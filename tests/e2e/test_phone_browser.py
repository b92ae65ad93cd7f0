"""A real phone browser answers the class poll of the app's own window, and follows its lesson:
Debian's Chromium, headless, at a phone's size (360 × 740), driven by Selenium through the
system's chromedriver.

The window is the one ``main.py --screenshot --presentation --size 1024x768 --step N --poll
--poll-interface 127.0.0.1`` makes (the same functions, in this process, so that its poll stays
open): the phone opens the address zxing-cpp decodes from the window's own picture, answers in
English and, as another phone, in Portuguese. Both phones are one browser on loopback, one network
address: the second replaces the first, whose page says so, until the teacher turns on *Phones share
addresses*; then the projector counts both. After the
reveal's first beat the chart shows those answers with the right one marked, and the phone shows
the right answer. One browser session for all of it.

A teacher's own lesson file (three steps, its own question, markup typed in a title and a caption):
the phone follows each step, its title and caption as typed and the matrix in front as a table of
the app's own numbers that a screen reader can read, then answers the teacher's question.

With ``VISUALIZER_POLL_PICTURES=folder`` it also saves the README's pictures there: the phone with
the question, the phone told its answer was not counted (a second phone on its address), the
phone after the reveal, and the projector showing the class's answers (``make
screenshots``; tools/poll_pictures.py makes the projector with the code).
"""

from __future__ import annotations

import json
import os
import shutil
import time
from pathlib import Path

import pytest

from tests.qr_codes import qr_codes
from visualizer import app as command_line
from visualizer.appearance import Appearance
from visualizer.core import display_token
from visualizer.core.formatting import NUMBER_FORMATS
from visualizer.i18n import install_language
from visualizer.lesson.questions import Question
from visualizer.lesson.run import load_lesson
from visualizer.model import EmbeddingModel
from visualizer.poll.server import wait_closed
from visualizer.poll.stage import tables_for_view

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM, CHROMEDRIVER = Path("/usr/bin/chromium"), Path("/usr/bin/chromedriver")
PHONE = (360, 740)
PROJECTOR = (1024, 768)
MIN_TOUCH_PX = 48  # CSS pixels: the platforms' guidance for a finger
WAIT_S = 10  # the page asks for the status every 2–2.4 s
# "The same swap, with positions", as the command line counts steps (from 1).
STEP = 1 + [step.id for step in load_lesson().steps].index("swap-learned")


@pytest.fixture(scope="module")
def chromium(tmp_path_factory):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    assert CHROMIUM.exists() and CHROMEDRIVER.exists(), "chromium and chromium-driver are installed by `make test`"
    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-dev-shm-usage", "--proxy-server=direct://", "--proxy-bypass-list=*",
                 f"--user-data-dir={tmp_path_factory.mktemp('chromium-profile')}",
                 f"--window-size={PHONE[0]},{PHONE[1]}"):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(str(CHROMEDRIVER)), options=options)
    # The viewport of a phone: 360 × 740 CSS pixels, two device pixels each.
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": PHONE[0], "height": PHONE[1], "deviceScaleFactor": 2, "mobile": True})
    yield driver
    driver.quit()


def wait_for(driver, condition, message: str):
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, WAIT_S, poll_frequency=0.05).until(lambda _: condition(), message)


def choices(driver):
    from selenium.webdriver.common.by import By

    return driver.find_elements(By.CSS_SELECTOR, "button.choice")


def text_of(driver, element_id: str) -> str:
    from selenium.webdriver.common.by import By

    return driver.find_element(By.ID, element_id).text


def content_of(driver, element_id: str) -> str:
    """The element's text as the page set it (Selenium's ``.text`` turns no-break spaces into spaces)."""
    return driver.execute_script("return document.getElementById(arguments[0]).textContent", element_id)


def click(driver, css: str) -> None:
    from selenium.webdriver.common.by import By

    driver.find_element(By.CSS_SELECTOR, css).click()


def save(pictures: Path | None, png: bytes, name: str, tmp_path: Path) -> Path:
    path = tmp_path / name
    path.write_bytes(png)
    if pictures is not None:
        shutil.copy(path, pictures / name)
    return path


def phone_cookies(driver) -> list[dict]:
    """The page's cookies (its phone id), to come back as that phone later."""
    return [dict(cookie) for cookie in driver.get_cookies()]


def as_phone(driver, cookies: list[dict], url: str) -> None:
    """Open ``url`` as the phone that held ``cookies``."""
    driver.delete_all_cookies()
    for cookie in cookies:
        driver.add_cookie({key: cookie[key] for key in ("name", "value", "path", "httpOnly", "sameSite")
                           if key in cookie})
    driver.get(url)
    wait_for(driver, lambda: choices(driver), "the choices never appeared")


@pytest.fixture
def projector(qtbot, tmp_path):
    """The app's window as the command line opens it for the projector, its poll on loopback."""
    args = command_line.parse_arguments(["--screenshot", str(tmp_path / "projector.png"), "--presentation",
                                         "--size", "{}x{}".format(*PROJECTOR), "--step", str(STEP), "--poll",
                                         "--poll-interface", "127.0.0.1", "--lang", "en"])
    model = EmbeddingModel(text=args.text, scheme=args.scheme)
    command_line._go_to_step(model, command_line.load_bundled_lesson(), args.step, args.reveal)
    window = command_line.open_window(model, Appearance(language="en"), None, args)
    qtbot.addWidget(window)
    assert command_line.start_poll(window)
    yield window
    window.set_language("en")
    window.close()


@pytest.mark.slow(seconds=16)
def test_a_phone_answers_the_projected_code_in_both_languages_and_the_reveal_shows_it(qtbot, projector, chromium,
                                                                                   tmp_path):
    pictures = Path(os.environ["VISUALIZER_POLL_PICTURES"]) if os.environ.get("VISUALIZER_POLL_PICTURES") else None
    window = projector
    part = window.class_poll
    poll, stage = part.poll, part.band.join_panel
    question = poll.question
    assert isinstance(question, Question) and question.step_id == "swap-learned"
    picture = command_line.window_picture(window, PROJECTOR).toImage()
    decoded = qr_codes(picture)
    assert decoded == [poll.url.upper()]  # the projector's code, in capitals: a smaller code

    # An English phone opens what it decoded (the app sends it on to the page) and answers A, wrong.
    chromium.get(decoded[0])
    wait_for(chromium, lambda: len(choices(chromium)) == len(question.choices), "the choices never appeared")
    assert chromium.current_url == poll.url
    assert text_of(chromium, "prompt") == question.prompt["en"]
    assert [b.text.split("\n") for b in choices(chromium)] == [
        [question.letter(i), c.text["en"]] for i, c in enumerate(question.choices)]
    width = chromium.execute_script("return document.documentElement.clientWidth")
    assert width == PHONE[0]
    for button in choices(chromium):
        assert button.rect["height"] >= MIN_TOUCH_PX and button.rect["x"] >= 0
        assert button.rect["x"] + button.rect["width"] <= width
    assert chromium.execute_script("return document.documentElement.scrollWidth") <= width  # no sideways scroll
    save(pictures, chromium.get_screenshot_as_png(), "poll-phone-en.png", tmp_path)
    assert stage.count.text() == "Answered: 0"
    choices(chromium)[0].click()
    wait_for(chromium, lambda: "Answer A recorded" in text_of(chromium, "message"), "no 'recorded'")
    qtbot.waitUntil(lambda: stage.count.text() == "Answered: 1", timeout=WAIT_S * 1000)  # the projector counts
    first_phone = phone_cookies(chromium)

    # The teacher switches the app to Portuguese; another phone (no cookie) follows it and answers right.
    # Both phones are this one browser on loopback: one network address, as behind a school's NAT.
    chromium.delete_all_cookies()
    chromium.execute_script("window.sessionStorage.clear()")
    install_language("pt")
    window.set_language("pt")
    assert stage.count.text() == "Responderam: 1"
    chromium.get(decoded[0])
    wait_for(chromium, lambda: text_of(chromium, "prompt") == question.prompt["pt"], "the page stayed English")
    assert text_of(chromium, "title") == "Votação da turma"
    click(chromium, "button.language[data-language='en']")  # the switch works both ways
    assert text_of(chromium, "prompt") == question.prompt["en"]
    click(chromium, "button.language[data-language='pt']")
    assert [b.text.split("\n")[1] for b in choices(chromium)] == [c.text["pt"] for c in question.choices]
    choices(chromium)[question.right].click()
    right = question.letter(question.right)
    wait_for(chromium, lambda: f"Resposta {right} registrada" in text_of(chromium, "message"), "no 'registrada'")
    second_phone = phone_cookies(chromium)
    # One answer per address by default: the second phone's replaced the first's, and the first says so.
    qtbot.wait(300)
    assert stage.count.text() == "Responderam: 1"
    as_phone(chromium, first_phone, decoded[0])
    wait_for(chromium, lambda: text_of(chromium, "message").startswith("Não contou: outro celular"),
             "the replaced phone was not told")
    save(pictures, chromium.get_screenshot_as_png(), "poll-phone-not-counted-pt.png", tmp_path)
    # The teacher says this room's phones share addresses (Class poll → Phones share addresses).
    window.action_table["share_addresses"].trigger()
    choices(chromium)[0].click()
    wait_for(chromium, lambda: "Resposta A registrada" in text_of(chromium, "message"), "no 'registrada'")
    qtbot.waitUntil(lambda: stage.count.text() == "Responderam: 2 · endereços: 1", timeout=WAIT_S * 1000)
    as_phone(chromium, second_phone, decoded[0])
    wait_for(chromium, lambda: f"Resposta {right} registrada" in text_of(chromium, "message"), "no 'registrada'")

    # Reveal (the button, or the clicker's Next): first the class's answers, the right one marked.
    window.lesson_panel.reveal_button.click()
    chart = part.band.results
    assert part.band.showing_results and part.band.isVisible() and not window.lesson_run.revealed
    counts = [0] * len(question.choices)
    counts[0] += 1
    counts[question.right] += 1
    assert chart.results().counts == tuple(counts) and chart.results().revealed
    assert chart.letters[question.right].text() == f"✓ {right}"
    assert chart.counts[question.right].text() == "1 (50%)" and chart.counts[0].text() == "1 (50%)"
    assert chart.bars[question.right].isVisible() and chart.bars[0].isVisible()
    command_line.window_picture(window, PROJECTOR).save(str(tmp_path / "poll-results.png"))
    if pictures is not None:
        shutil.copy(tmp_path / "poll-results.png", pictures / "poll-results.png")
    # ... and the phone shows it too.
    wait_for(chromium, lambda: chromium.find_elements("css selector", "button.choice.right"), "no reveal")
    marked = chromium.find_elements("css selector", "button.choice.right")
    assert [b.get_attribute("data-index") for b in marked] == [str(question.right)]
    assert text_of(chromium, "message") == f"Você respondeu {right}: acertou!"
    assert question.explanation["pt"] in text_of(chromium, "explanation")
    assert all(not b.is_enabled() for b in choices(chromium))
    save(pictures, chromium.get_screenshot_as_png(), "poll-phone-revealed-pt.png", tmp_path)

    # Nothing the page did broke its own Content-Security-Policy or failed to load.
    problems = [entry["message"] for entry in chromium.get_log("browser")
                if entry["level"] in ("SEVERE", "WARNING") and "favicon.ico" not in entry["message"]]
    assert problems == []

    # The second beat is the demonstration; the next step asks nothing: the phone follows it. F6 closes.
    window.lesson_panel.reveal_button.click()
    assert window.lesson_run.revealed and not part.band.isVisible()
    window.lesson_run.advance()
    wait_for(chromium, lambda: not choices(chromium), "the old question stayed")
    following = window.lesson_run.current_step()
    wait_for(chromium, lambda: text_of(chromium, "step-title") == following.title["pt"], "the phone did not follow")
    assert text_of(chromium, "message") == ""
    port = int(poll.url.split(":")[2].split("/")[0])
    window.action_table["ask_the_class"].trigger()
    assert not poll.is_open and wait_closed("127.0.0.1", port)
    wait_for(chromium, lambda: text_of(chromium, "message").startswith("Sem contato"), "no word of the close")


# ---- a teacher's own lesson, followed step by step -------------------------------------------------

MARKED_TITLE = '<b>Bold</b> <img src=x onerror="window.pwned = 1">'
MARKED_CAPTION = "A <i>caption</i> <script>window.pwned = 2</script> for ids {ids}"


@pytest.fixture
def teachers_lesson(tmp_path) -> Path:
    """The example lesson of docs/ as a teacher might have written it: its first step's English
    title and caption hold markup, which must show as typed."""
    data = json.loads((ROOT / "docs" / "example-lesson.json").read_text(encoding="utf-8"))
    data["steps"][0]["title"]["en"] = MARKED_TITLE
    data["steps"][0]["caption"]["en"] = MARKED_CAPTION
    path = tmp_path / "my-lesson.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


def read_table(driver, table) -> dict:
    """What a screen reader has of a table: its caption, column headers, row headers and cells."""
    from selenium.webdriver.common.by import By

    return {
        "caption": table.find_element(By.TAG_NAME, "caption").text,
        "columns": [th.text for th in table.find_elements(By.CSS_SELECTOR, "thead th[scope='col']")],
        "rows": [th.text for th in table.find_elements(By.CSS_SELECTOR, "tbody th[scope='row']")],
        "cells": [[td.text for td in row.find_elements(By.TAG_NAME, "td")]
                  for row in table.find_elements(By.CSS_SELECTOR, "tbody tr")],
    }


def expected_tables(model, names: tuple[str, ...], words: dict[str, str], language: str) -> list[dict]:
    """The tables the phone must show, computed here from the model (not from what the app sent)."""
    numbers = NUMBER_FORMATS[language]
    tokens = [display_token(model.tokens[i]) for i in model.ids]
    positions = [f"{p + 1} {token}" for p, token in enumerate(tokens)]
    matrices = {"E_ids": (model.E_rows(), [f"{label} (id {i})" for label, i in zip(positions, model.ids, strict=True)]),
                "P": (model.P_rows(), positions), "X": (model.X(), positions)}
    tables = []
    for name in names:
        values, rows = matrices[name]
        columns = [words["row_header"], *(f"d{c}" for c in range(model.d))]
        tables.append({"caption": words[f"table_{name}"], "columns": columns, "rows": rows,
                       "cells": [[numbers.cell(v) for v in row] for row in values.tolist()]})
    return tables


@pytest.mark.slow(seconds=14)
def test_a_phone_follows_a_teachers_lesson_and_answers_its_question(qtbot, chromium, teachers_lesson, figure):
    from selenium.webdriver.common.by import By

    from visualizer.lesson.file import read_lesson
    from visualizer.shell.main_window import MainWindow

    lesson = read_lesson(teachers_lesson)
    words = json.loads((ROOT / "resources" / "classroom" / "text.json").read_text(encoding="utf-8"))["en"]
    window = MainWindow(EmbeddingModel(), Appearance(language="en"), None, lesson)
    qtbot.addWidget(window)
    try:
        window.class_poll.listen_on("127.0.0.1", 0)
        window.resize(*PROJECTOR)
        window.presentation.set_presenting(True, full_screen=False)
        window.show()
        window.go_to_step(0)
        assert window.class_poll.ask()  # on a step that asks nothing: phones follow it
        url = window.class_poll.poll.url
        chromium.delete_all_cookies()
        chromium.execute_script("window.sessionStorage.clear()")
        chromium.get(url)
        chromium.get_log("browser")  # what the last page logged (its poll closed) is not this page's
        viewport = chromium.find_element(By.CSS_SELECTOR, "meta[name='viewport']").get_attribute("content")
        assert "user-scalable=no" not in viewport and "maximum-scale" not in viewport  # the phone may zoom
        model = window.model
        moved = []
        for index, step in enumerate(lesson.steps):
            if index:
                started = time.perf_counter()
                window.lesson_run.advance()  # the clicker's Next: the projector and the phones move together
            wait_for(chromium, lambda step=step: text_of(chromium, "step-title") == step.title["en"],
                     f"the phone did not follow to step {index + 1}")
            if index:
                moved.append(time.perf_counter() - started)
            assert text_of(chromium, "step-number") == f"Step {index + 1} of {len(lesson.steps)}"
            assert content_of(chromium, "step-caption") == window.lesson_panel.caption.text()
            names = tuple(name for name in tables_for_view(step.view, step.view_options)
                          if name != "P" or model.adds_positions)
            shown = [read_table(chromium, table) for table in chromium.find_elements(By.CSS_SELECTOR, "#tables table")]
            assert shown == expected_tables(model, names, words, "en")
            assert chromium.execute_script("return document.documentElement.scrollWidth") <= PHONE[0]
            if index == 0:  # the teacher's markup, as typed: no element made of it, nothing run
                assert content_of(chromium, "step-title") == MARKED_TITLE
                assert "<script>window.pwned = 2</script>" in content_of(chromium, "step-caption")
                assert chromium.find_elements(By.CSS_SELECTOR, "#stage img, #stage b, #stage i, #stage script") == []
                assert chromium.execute_script("return window.pwned === undefined")
                assert not choices(chromium)
        # The last step is the teacher's own question: the phone turns to its choices, and answers.
        question = window.class_poll.poll.question
        assert isinstance(question, Question) and question.step_id == lesson.steps[-1].id
        wait_for(chromium, lambda: len(choices(chromium)) == len(question.choices), "the choices never appeared")
        assert text_of(chromium, "prompt") == question.prompt["en"]
        assert [b.text.split("\n") for b in choices(chromium)] == [
            [question.letter(i), c.text["en"]] for i, c in enumerate(question.choices)]
        choices(chromium)[question.right].click()
        right = question.letter(question.right)
        wait_for(chromium, lambda: f"Answer {right} recorded" in text_of(chromium, "message"), "no 'recorded'")
        stage = window.class_poll.band.join_panel
        qtbot.waitUntil(lambda: stage.count.text() == "Answered: 1", timeout=WAIT_S * 1000)
        window.lesson_run.advance()  # the reveal's first beat: the phone shows the right answer
        wait_for(chromium, lambda: chromium.find_elements(By.CSS_SELECTOR, "button.choice.right"), "no reveal")
        assert text_of(chromium, "message") == f"You answered {right}: right!"
        problems = [entry["message"] for entry in chromium.get_log("browser")
                    if entry["level"] in ("SEVERE", "WARNING") and "favicon.ico" not in entry["message"]]
        assert problems == []
        figure(f"a phone followed a teacher's lesson of {len(lesson.steps)} steps: each step change on the phone "
               f"within {max(moved) * 1000:.0f} ms (Selenium's own polling included), its question answered")
    finally:
        window.class_poll.close()
        window.close()


@pytest.mark.slow(seconds=14)
def test_a_question_of_every_kind_written_in_the_app_is_answered_on_a_phone(qtbot, chromium):
    """The teacher writes a step of each kind in the lesson editor (Lesson → Add this moment, then a
    kind); the phone gets the kind's choices, and the right one is the kind's."""
    from selenium.webdriver.common.by import By

    from visualizer.lesson.kinds import KINDS
    from visualizer.shell.main_window import MainWindow

    window = MainWindow(EmbeddingModel(), Appearance(language="en"))
    qtbot.addWidget(window)
    try:
        window.resize(*PROJECTOR)
        window.show()
        window.class_poll.listen_on("127.0.0.1", 0)
        window.go_to_step(0)
        window.model.set_text("o gato no muro. no gato")  # a token twice, for repeated_token
        window.model.set_scheme("learned")  # positions added: every kind can be asked
        authoring = window.authoring
        authoring.show_editor(True)
        assert window.class_poll.ask()
        chromium.delete_all_cookies()
        chromium.get(window.class_poll.poll.url)
        for kind in KINDS:
            assert authoring.add_moment(after=True) and authoring.set_kind(kind)
            step = window.lesson_run.current_step()
            found = KINDS[kind].find(step, window.model)
            assert found is not None, (kind, step.text, step.scheme, window.model.text)
            outcome, _ = found
            right = next(n for n, choice in enumerate(step.question.choices) if outcome in choice.right_when)
            wait_for(chromium, lambda step=step: text_of(chromium, "prompt") == step.question.prompt["en"],
                     f"the phone never asked the {kind} question")
            wait_for(chromium, lambda step=step: len(choices(chromium)) == len(step.question.choices), "no choices")
            choices(chromium)[right].click()
            letter = chr(ord("A") + right)
            wait_for(chromium, lambda letter=letter: f"Answer {letter} recorded" in text_of(chromium, "message"),
                     f"the {kind} answer was not recorded")
            window.lesson_run.advance()  # in the window one Reveal shows it on the phones and on screen at once
            wait_for(chromium, lambda: chromium.find_elements(By.CSS_SELECTOR, "button.choice.right"),
                     f"no reveal of the {kind} question")
            assert text_of(chromium, "message") == f"You answered {letter}: right!"
            assert window.lesson_run.revealed
            if kind == "sparse_gradient":  # the answer on screen is the race's measurement
                qtbot.waitUntil(lambda: window.lesson_run.outcome is not None, timeout=120_000)
            assert window.lesson_run.explained()[0] == outcome
            window.lesson_run.advance()  # on to the lesson's next step; the next moment is added after it
            window.model.set_text("o gato no muro. no gato")  # Next entered the lesson's next step: back to
            window.model.set_scheme("learned")  # the moment every kind can ask on
    finally:
        window.class_poll.close()
        window.close()
