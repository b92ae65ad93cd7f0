"""Wording a class reads on the projector: unambiguous in English, natural in Portuguese."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

from tests import spec

ROOT = Path(__file__).resolve().parents[1]
TS = ROOT / "resources" / "i18n" / "visualizer_pt.ts"
STEPS = ROOT / "resources" / "lesson" / "steps.json"


def translations() -> dict[tuple[str, str], str]:
    root = ET.parse(TS).getroot()
    return {(context.findtext("name"), message.findtext("source")): message.findtext("translation")
            for context in root.iter("context") for message in context.iter("message")}


def lesson_texts(language: str) -> list[str]:
    steps = json.loads(STEPS.read_text(encoding="utf-8"))["steps"]
    texts = []
    for step in steps:
        for key in ("title", "caption", "question"):
            if key in step:
                texts.append(step[key][language])
        if step.get("reveal"):
            texts.append(step["reveal"]["caption"][language])
    return texts


def test_play_is_reproduzir_not_tocar():
    pt = translations()
    plays = [text for (context, source), text in pt.items() if source == "Play"]
    assert plays and all(text == "Reproduzir" for text in plays)


def test_scheme_names_agree_in_gender():
    # "codificação de posição" is feminine: Nenhuma, Aprendida, Senoidal.
    pt = translations()
    assert pt[("SchemeSelector", "None")] == "Nenhuma"
    assert pt[("SchemeSelector", "Learned")] == "Aprendida"


def test_no_toy_loss_and_position_enters_attention():
    everything = " ".join(translations().values()) + " ".join(lesson_texts("pt"))
    assert "brinquedo" not in everything.lower()  # "Brinquedo: 12 tokens" slipped past a case-sensitive check
    assert "entra dentro da atenção" not in everything


def test_the_first_caption_names_the_tokens_page_not_a_step_number():
    # Beside "step 1 of 9", "Step 1 gave us ids" read as this app's own step 1.
    assert "Tokens page" in lesson_texts("en")[1]
    assert "página Tokens" in lesson_texts("pt")[1]
    assert not any(text.startswith(("Step 1 ", "O passo 1 ")) for text in lesson_texts("en") + lesson_texts("pt"))


def test_problems_from_the_session_reader_speak_portuguese(window, tmp_path):
    import json as json_module

    bad = tmp_path / "bad.json"
    bad.write_text(json_module.dumps({"format": "embedding-visualizer-session", "version": 1, "ids": [0, 99],
                                      "scheme": "none"}), encoding="utf-8")
    before = window.model.state()
    window.set_language("pt")
    assert not window.documents.open_session(bad)
    message = window.problem_bar.text()  # a refused file: the bar that stays
    assert "um id de token está fora de 0..11" in message, message
    assert window.model.state() == before


def test_problems_from_the_exporters_speak_portuguese(window, tmp_path):
    window.set_language("pt")
    assert not window.exports.export(tmp_path / "x.xlsx")
    from visualizer.io.tables import EXPORT_FORMATS

    # One refusal for every way X is exported (the window, the Model menu, the command line).
    assert window.statusBar().currentMessage() == ("não é possível exportar para .xlsx; use um de "
                                                   + ", ".join(EXPORT_FORMATS))
    window.model.set_ids([*spec.IDS, *spec.IDS][:len(spec.P) + 1])  # one token past the learned table
    assert not window.exports.export(tmp_path / "x.json")
    assert "está além do comprimento treinado" in window.statusBar().currentMessage()
