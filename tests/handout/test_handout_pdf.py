"""The printed handout: real text a reader can search (pdftotext), in either language and on A4 or
Letter, laid out inside the margins with no page left mostly empty; from the menu and the command line."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtCore import QLocale
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QFileDialog

from tests import spec
from visualizer.appearance import Appearance
from visualizer.handout.pdf import MARGIN_MM, export_handout
from visualizer.i18n import install_language, locale_for
from visualizer.lesson.kinds.sparse_gradient import LESSON_BATCH, LESSON_SEED
from visualizer.lesson.run import load_lesson
from visualizer.model import EmbeddingModel

MM = 72 / 25.4
PAGE_POINTS = {"a4": (595, 842), "letter": (612, 792)}
LONG = "o gato subiu no telhado.o cão subiu no muro.o gato no sofá.o cão no chão.o gato subiu no muro.o"


def printed(value: float, language: str) -> str:
    """A round number as the handout prints it, written here without the app."""
    text = f"{value:g}".replace("-", "−")
    return text.replace(".", ",") if language == "pt" else text


def pdf_text(path: Path) -> str:
    """pdftotext of the whole file, whitespace made single spaces (lines wrap anywhere)."""
    out = subprocess.run(["pdftotext", "-enc", "UTF-8", str(path), "-"], capture_output=True, text=True, check=True)
    return re.sub(r"\s+", " ", out.stdout)


def page_texts(path: Path) -> list[str]:
    out = subprocess.run(["pdftotext", "-enc", "UTF-8", str(path), "-"], capture_output=True, text=True, check=True)
    return [re.sub(r"\s+", " ", page) for page in out.stdout.split("\f")[:-1]]


def pdf_info(path: Path) -> dict[str, str]:
    out = subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True, check=True).stdout
    return {key.strip(): value.strip() for key, _, value in (line.partition(":") for line in out.splitlines())}


def word_boxes(path: Path) -> list[tuple[int, float, float, float, float, str]]:
    """Every word of the PDF with its page (1-based) and box in points (pdftotext -bbox)."""
    out = subprocess.run(["pdftotext", "-bbox", str(path), "-"], capture_output=True, text=True, check=True).stdout
    boxes, page = [], 0
    for line in out.splitlines():
        if "<page " in line:
            page += 1
        match = re.search(r'xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*)</word>', line)
        if match:
            boxes.append((page, *(float(match.group(k)) for k in range(1, 5)), match.group(5)))
    return boxes


def inked_share(path: Path, page: int, size: tuple[int, int]) -> float:
    """How far down the page's content area (between the margins, above the footer) ink reaches (0 … 1)."""
    dpi = 24
    out = subprocess.run(["pdftoppm", "-gray", "-r", str(dpi), "-f", str(page), "-l", str(page), str(path)],
                         capture_output=True, check=True).stdout
    _magic, size_line, _depth, data = out.split(b"\n", 3)  # a PGM: P5, "width height", 255, the bytes
    width, height = (int(v) for v in size_line.split())
    pixels = np.frombuffer(data[:width * height], dtype=np.uint8).reshape(height, width)
    scale = dpi / 72
    top, bottom = int(MARGIN_MM * MM * scale), int((size[1] - MARGIN_MM * MM - 9 * MM) * scale)
    rows = np.flatnonzero((pixels[top:bottom] < 160).any(axis=1))
    return (rows.max() + 1) / (bottom - top) if rows.size else 0.0


@pytest.fixture(scope="module")
def handouts(qapp, tmp_path_factory):
    """The lesson's sentence as a handout in both languages on both papers, plus two hard cases."""
    folder = tmp_path_factory.mktemp("handouts")
    made = {}
    cases = [(language, paper, spec.SENTENCE, "learned") for language in ("en", "pt") for paper in ("a4", "letter")]
    cases += [("pt", "letter", LONG, "sinusoidal"), ("en", "a4", "o gato subiu no telhado. no gato", "learned")]
    try:
        for language, paper, text, scheme in cases:
            install_language(language)
            path = folder / f"{language}-{paper}-{len(made)}.pdf"
            report = export_handout(EmbeddingModel(text=text, scheme=scheme), path, Appearance(language=language),
                                    paper)
            made[(language, paper, text, scheme)] = (path, report)
    finally:
        install_language("en")
    return made


def lesson_handouts(handouts):
    return [(key, value) for key, value in handouts.items() if key[2] == spec.SENTENCE]


def test_pdftotext_reads_the_sentence_the_ids_every_value_of_X_and_each_question(handouts):
    questions = [step for step in load_lesson().steps if step.question is not None]
    for (language, paper, _, _), (path, _) in lesson_handouts(handouts):
        text = pdf_text(path)
        where = f"{language} {paper}"
        assert spec.SENTENCE in text, where
        assert "[" + ", ".join(map(str, spec.IDS)) + "]" in text, where
        separator = "; " if language == "pt" else ", "
        for row in spec.X_LEARNED:
            assert "[" + separator.join(printed(v, language) for v in row) + "]" in text, (where, row)
        # The matrix X, entry by entry, as its rows read left to right.
        matrix = " ".join(printed(v, language) for v in spec.X_LEARNED[1])
        assert matrix in text, where
        for step in questions:
            assert re.sub(r"\s+", " ", step.question.prompt[language]) in text, (where, step.id)
            assert re.sub(r"\s+", " ", step.title[language]) in text, (where, step.id)
        wrong = ("1.5", "-0.5") if language == "pt" else ("1,5", "-0.5")
        assert not any(number in text for number in wrong), where


def test_the_rope_example_and_the_answers_are_in_the_pdf(handouts):
    V = spec.GPT2_V
    weights = 1.0 / np.arange(1, V + 1)
    touched = np.unique(np.random.default_rng(LESSON_SEED).choice(V, LESSON_BATCH, p=weights / weights.sum())).size
    for (language, _, _, _), (path, report) in lesson_handouts(handouts):
        pages = page_texts(path)
        teacher = " ".join(pages[report.student_pages:])
        student = " ".join(pages[:report.student_pages])
        decimal = "," if language == "pt" else "."
        for score in set(spec.ROPE_SCORES.values()):
            assert f"{score:.3f}".replace(".", decimal) in student
        separator, thousands = ("; ", ".") if language == "pt" else (", ", ",")
        assert "[" + separator.join(printed(v, language) for v in spec.GATO_AT_3_LEARNED) + "]" in teacher
        assert f"{touched:,}".replace(",", thousands) in teacher
        assert f"{spec.GPT2_E_PARAMETERS:,}".replace(",", thousands) in teacher
        # The answers stay off the students' pages.
        assert f"{touched:,}".replace(",", thousands) not in student


def test_the_pages_are_the_paper_asked_for_and_nothing_leaves_the_margins(handouts):
    margin = MARGIN_MM * MM
    for (language, paper, _, scheme), (path, report) in handouts.items():
        info = pdf_info(path)
        width, height = PAGE_POINTS[paper]
        assert info["Page size"].startswith(f"{width} x {height}"), info["Page size"]
        assert int(info["Pages"]) == report.pages
        assert report.student_pages < report.pages  # the teacher's page comes last, on its own
        boxes = word_boxes(path)
        assert {page for page, *_ in boxes} == set(range(1, report.pages + 1))
        outside = [(page, word) for page, x0, y0, x1, y1, word in boxes
                   if x0 < margin - 1 or y0 < margin - 1 or x1 > width - margin + 1 or y1 > height - margin + 1]
        assert outside == [], (language, paper, scheme, outside[:5])


def test_no_page_is_left_mostly_empty(handouts):
    for (language, paper, _, scheme), (path, report) in handouts.items():
        for page in range(1, report.pages + 1):
            share = inked_share(path, page, PAGE_POINTS[paper])
            assert share > 0.3, (language, paper, scheme, page, share)


def test_the_lesson_s_sentence_fits_a_few_pages_and_one_picture(handouts):
    for (language, paper, _, _), (path, report) in lesson_handouts(handouts):
        assert 3 <= report.pages <= 5, (language, paper, report.pages)
        images = subprocess.run(["pdfimages", "-list", str(path)], capture_output=True, text=True, check=True).stdout
        assert len(images.strip().splitlines()) - 2 == 1  # the heatmap of X: every other word is text
        fonts = subprocess.run(["pdffonts", str(path)], capture_output=True, text=True, check=True).stdout
        assert "yes" in fonts.splitlines()[2]  # fonts embedded: it prints as it looks


def test_a_long_sentence_keeps_every_row(handouts):
    path, _ = next(value for key, value in handouts.items() if key[2] == LONG)
    model = EmbeddingModel(text=LONG, scheme="sinusoidal")
    text = pdf_text(path)
    assert model.n == 32
    for p in range(model.n):
        row = "[" + "; ".join(model_value for model_value in _lesson_numbers(model.X()[p])) + "]"
        assert row in text, (p, row)


def _lesson_numbers(row: np.ndarray) -> list[str]:
    """Portuguese, the lesson's decimals: halves short, computed values with three places."""
    out = []
    for v in row:
        text = f"{v:g}" if abs(v * 2 - round(v * 2)) < 1e-9 else f"{v:.3f}"
        out.append(text.replace("-", "−").replace(".", ",").replace("−0,000", "0,000"))
    return out


def test_the_menu_entry_asks_for_a_file_and_a_paper(window, tmp_path, monkeypatch):
    window.set_language("pt")
    try:
        asked = {}

        def dialog(parent, title, name, filters, selected):
            asked.update(title=title, filters=filters.split(";;"), selected=selected)
            return str(tmp_path / "aula"), asked["filters"][1]  # no suffix typed; US Letter chosen

        monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(dialog))
        window.action_table["handout"].trigger()
        assert asked["title"] == "Exportar material da aula"
        assert asked["filters"] == ["Material em PDF, A4 (*.pdf)", "Material em PDF, Carta (*.pdf)"]
        path = tmp_path / "aula.pdf"
        assert path.is_file() and pdf_info(path)["Page size"].startswith("612 x 792")
        assert "Frase:" in pdf_text(path) and "−0,5" in pdf_text(path)
        assert window.exports.paper == "letter"  # asked again, the dialog offers Letter first
        assert str(path) in window.statusBar().currentMessage()
        assert not window.exports.export_handout(tmp_path / "missing" / "h.pdf")
        assert "não existe" in window.statusBar().currentMessage()
        assert not window.exports.export_handout(tmp_path / "h.png")
        assert ".pdf" in window.statusBar().currentMessage()
    finally:
        window.set_language("en")


def test_the_command_line_writes_a_handout_in_the_language_and_paper_asked(cli, tmp_path):
    path = tmp_path / "handout.pdf"
    try:
        result = cli("--export", str(path), "--lang", "pt", "--paper", "letter", "--scheme", "sinusoidal")
    finally:
        install_language("en")
        QLocale.setDefault(locale_for("en"))
    assert result.returncode == 0, result.stderr
    assert pdf_info(path)["Page size"].startswith("612 x 792")
    text = pdf_text(path)
    assert "Senoidal" in text and "0,841; 0,540; 0,010; 1,000" in text
    assert cli("--export", str(tmp_path / "a4.pdf")).returncode == 0
    assert pdf_info(tmp_path / "a4.pdf")["Page size"].startswith("595 x 842")


def test_the_command_line_refuses_a_paper_without_a_handout(cli, tmp_path):
    result = cli("--export", str(tmp_path / "x.png"), "--paper", "letter")
    assert result.returncode == 2
    assert result.stderr.strip().splitlines() == [
        "embedding-visualizer: error: --paper is the paper of a handout: use it with --export FILE.pdf"]
    assert not (tmp_path / "x.png").exists()


def three_places(value: float, language: str, t: int) -> str:
    """A sinusoidal entry as the lesson prints it: t = 0 is exact (0, 1), computed ones keep three places."""
    text = f"{value:g}" if t == 0 else f"{value:.3f}"
    text = text.replace("-", "−")
    return text.replace(".", ",") if language == "pt" else text


def test_the_student_pages_teach_sinusoidal_alibi_and_the_way_back(handouts):
    """Question 3 asks about gradients: the student pages hold the way back, and the schemes' numbers."""
    words = {"en": ("one-hot", "exactly 0", "(m − 1)·θ", "olive above"),
             "pt": ("one-hot", "exatamente 0", "(m − 1)·θ", "oliva acima")}
    for (language, _paper, _, _), (path, report) in lesson_handouts(handouts):
        pages = page_texts(path)
        student = " ".join(pages[:report.student_pages])
        separator = "; " if language == "pt" else ", "
        for t, row in enumerate(spec.SINUSOIDAL):  # SPEC.md's PE(0), PE(1), PE(2)
            assert "[" + separator.join(three_places(v, language, t) for v in row) + "]" in student, (language, t)
        slopes = [2.0 ** (-8 * h / 8) for h in range(1, 9)]  # m_h = 2^(−8h/H), H = 8
        written = [f"{m:g}" if m >= 0.01 else f"{m:.3f}" for m in slopes[:3]]
        assert separator.replace(";", ",").join(w.replace(".", "," if language == "pt" else ".") for w in written) \
            in student.replace("; ", ", "), language
        assert printed(-0.5, language) in student and printed(-1.5, language) in student  # −m·(i − j), head 1
        for word in words[language]:
            assert word in student, (language, word)
        assert "m·θ" not in student.replace("(m − 1)·θ", ""), language  # the app turns position t by (t − 1)·θ


def test_the_picture_s_colour_scale_prints_dark_and_large(qapp):
    """The colour bar's numbers in the printed picture: black and some 7 pt tall on paper, not the
    screen's 4 pt light grey."""
    from visualizer.handout.pdf import x_picture

    image = x_picture(EmbeddingModel(), "en").convertToFormat(QImage.Format.Format_Grayscale8)
    gray = np.frombuffer(image.constBits(), dtype=np.uint8, count=image.sizeInBytes()).reshape(
        image.height(), image.bytesPerLine())[:, :image.width()]
    ticks = gray[:, int(image.width() * 0.955):]  # right of the colour bar: its numbers only
    dark_rows = np.flatnonzero((ticks < 80).any(axis=1))
    assert dark_rows.size, "no dark tick label right of the colour bar"
    runs = np.split(dark_rows, np.flatnonzero(np.diff(dark_rows) > 1) + 1)
    heights = [run[-1] - run[0] + 1 for run in runs]
    assert len(runs) >= 5 and min(heights) >= 18, heights  # ±2, ±1, 0 at least; digits ≥ 18 px at 2×
