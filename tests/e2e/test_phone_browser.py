"""A real phone browser answers the class poll: Debian's Chromium, headless, at a phone's size
(360 × 740), driven by Selenium through the system's chromedriver.

It opens the address decoded from the stage's QR code (zxing-cpp reads the stage widget's own
picture), answers in English and in Portuguese, and the projector's count changes; after the
lesson's reveal the results chart shows those answers with the right one marked, and the phone
shows the right answer. With ``VISUALIZER_POLL_PICTURES=folder`` it also saves the phone's
screenshots and the chart there (``make screenshots`` does, for the README).
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import numpy as np
import pytest
import zxingcpp
from PySide6.QtGui import QImage

from visualizer.classroom import Question
from visualizer.i18n import install_language
from visualizer.lesson import LessonRun, load_lesson
from visualizer.shell.class_poll import ClassPoll
from visualizer.shell.presentation import presentation_scale, stage_scale
from visualizer.views.poll_results import PollResultsView
from visualizer.views.poll_stage import PollStage

CHROMIUM, CHROMEDRIVER = Path("/usr/bin/chromium"), Path("/usr/bin/chromedriver")
PHONE = (360, 740)
MIN_TOUCH_PX = 48  # CSS pixels: the platforms' guidance for a finger
WAIT_S = 10  # the page asks for the status every 2–2.4 s
LESSON = load_lesson()
INDEX = {step.id: index for index, step in enumerate(LESSON.steps)}


@pytest.fixture(scope="module")
def chromium(tmp_path_factory):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    assert CHROMIUM.exists() and CHROMEDRIVER.exists(), "install Debian's chromium and chromium-driver (.ci/run)"
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


def grey(image: QImage) -> np.ndarray:
    image = image.convertToFormat(QImage.Format.Format_Grayscale8)
    width, height, stride = image.width(), image.height(), image.bytesPerLine()
    return np.frombuffer(image.constBits(), dtype=np.uint8).reshape(height, stride)[:, :width].copy()


def wait_for(driver, condition, message: str):
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, WAIT_S, poll_frequency=0.05).until(lambda _: condition(), message)


def choices(driver):
    from selenium.webdriver.common.by import By

    return driver.find_elements(By.CSS_SELECTOR, "button.choice")


def text_of(driver, element_id: str) -> str:
    from selenium.webdriver.common.by import By

    return driver.find_element(By.ID, element_id).text


def click(driver, css: str) -> None:
    from selenium.webdriver.common.by import By

    driver.find_element(By.CSS_SELECTOR, css).click()


def save(pictures: Path | None, png: bytes, name: str, tmp_path: Path) -> Path:
    path = tmp_path / name
    path.write_bytes(png)
    if pictures is not None:
        shutil.copy(path, pictures / name)
    return path


@pytest.mark.slow(seconds=16)
def test_a_phone_browser_answers_in_both_languages_and_the_reveal_shows_it(qtbot, model, appearance, chromium,
                                                                           tmp_path):
    pictures = Path(os.environ["VISUALIZER_POLL_PICTURES"]) if os.environ.get("VISUALIZER_POLL_PICTURES") else None
    run = LessonRun(LESSON, model)
    run.go_to(INDEX["swap-learned"])
    poll = ClassPoll(model, appearance, run, address="127.0.0.1", port=0)
    appearance.set_scale(presentation_scale(1024, 768))
    appearance.set_presenting(True, stage_scale(1024, 768))
    stage, chart = PollStage(appearance), PollResultsView(appearance)
    poll.show_in(stage=stage, results=chart)  # as the window will
    for widget in (stage, chart):
        qtbot.addWidget(widget)
        widget.resize(1024, 516)
        widget.show()
    try:
        assert poll.open()
        question = poll.question
        assert isinstance(question, Question)
        qtbot.waitExposed(stage)
        decoded = [code.text for code in zxingcpp.read_barcodes(grey(stage.grab().toImage()))]
        assert decoded == [poll.url]  # the phone opens what the projector shows

        # An English phone answers A (a wrong answer) ...
        chromium.get(decoded[0])
        wait_for(chromium, lambda: len(choices(chromium)) == len(question.choices), "the choices never appeared")
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
        choices(chromium)[0].click()
        wait_for(chromium, lambda: "Answer A recorded" in text_of(chromium, "message"), "no 'recorded'")
        qtbot.waitUntil(lambda: poll.answered == 1, timeout=WAIT_S * 1000)
        assert stage.count.text() == "Answered: 1"

        # ... a Portuguese phone (a new one: no cookie) follows the app's language and answers right.
        chromium.delete_all_cookies()
        chromium.execute_script("window.sessionStorage.clear()")
        install_language("pt")
        appearance.set_language("pt")
        chromium.refresh()
        wait_for(chromium, lambda: text_of(chromium, "prompt") == question.prompt["pt"], "the page stayed English")
        assert text_of(chromium, "title") == "Votação da turma"
        click(chromium, "button.language[data-language='en']")  # the switch works both ways
        assert text_of(chromium, "prompt") == question.prompt["en"]
        click(chromium, "button.language[data-language='pt']")
        assert [b.text.split("\n")[1] for b in choices(chromium)] == [c.text["pt"] for c in question.choices]
        choices(chromium)[question.right].click()
        right = question.letter(question.right)
        wait_for(chromium, lambda: f"Resposta {right} registrada" in text_of(chromium, "message"), "no 'registrada'")
        save(None, chromium.get_screenshot_as_png(), "poll-phone-pt.png", tmp_path)
        qtbot.waitUntil(lambda: poll.answered == 2, timeout=WAIT_S * 1000)
        assert stage.count.text() == "Responderam: 2"

        # The reveal: the chart shows both answers, the right one marked; the phone shows it too.
        run.reveal()
        counts = [0] * len(question.choices)
        counts[0] += 1
        counts[question.right] += 1
        assert chart.results().counts == tuple(counts) and chart.results().revealed
        assert chart.letters[question.right].text() == f"✓ {right}"
        assert chart.counts[question.right].text() == "1 (50%)" and chart.counts[0].text() == "1 (50%)"
        assert chart.bars[question.right].isVisible() and chart.bars[0].isVisible()
        wait_for(chromium, lambda: chromium.find_elements("css selector", "button.choice.right"), "no reveal")
        marked = chromium.find_elements("css selector", "button.choice.right")
        assert [b.get_attribute("data-index") for b in marked] == [str(question.right)]
        assert text_of(chromium, "message") == f"Você respondeu {right}: acertou!"
        assert question.explanation["pt"] in text_of(chromium, "explanation")
        assert all(not b.is_enabled() for b in choices(chromium))
        save(pictures, chromium.get_screenshot_as_png(), "poll-phone-revealed-pt.png", tmp_path)
        chart.grab().save(str(tmp_path / "poll-results.png"))
        if pictures is not None:
            shutil.copy(tmp_path / "poll-results.png", pictures / "poll-results.png")

        # Nothing the page did broke its own Content-Security-Policy or failed to load.
        problems = [entry["message"] for entry in chromium.get_log("browser")
                    if entry["level"] in ("SEVERE", "WARNING") and "favicon.ico" not in entry["message"]]
        assert problems == []

        # The teacher moves on: the phone waits for the next question; closing the poll, it says so.
        run.go_to(INDEX["rope"])
        wait_for(chromium, lambda: not choices(chromium), "the old question stayed")
        assert text_of(chromium, "message") == "Esperando a pergunta do professor…"
        poll.close()
        wait_for(chromium, lambda: text_of(chromium, "message").startswith("Sem contato"), "no word of the close")
    finally:
        poll.detach()
