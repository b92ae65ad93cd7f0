"""Wording a class reads on the projector: unambiguous in English, natural in Portuguese."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

from tests import spec

ROOT = Path(__file__).resolve().parents[1]
TS = ROOT / "resources" / "i18n" / "visualizer_pt.ts"
LESSON = ROOT / "resources" / "lesson" / "embeddings.json"


def translations() -> dict[tuple[str, str], str]:
    root = ET.parse(TS).getroot()
    return {(context.findtext("name"), message.findtext("source")): message.findtext("translation")
            for context in root.iter("context") for message in context.iter("message")}


def lesson_texts(language: str) -> list[str]:
    steps = json.loads(LESSON.read_text(encoding="utf-8"))["steps"]
    texts = []
    for step in steps:
        for key in ("title", "caption"):
            texts.append(step[key][language])
        if "question" in step:  # the prompt, and the answers the lesson shows once revealed
            texts.append(step["question"]["prompt"][language])
            texts += [outcome[language] for outcome in step["question"]["outcomes"].values()]
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


def portuguese_texts() -> list[str]:
    """Every Portuguese text a class can see: the translations and the lesson's steps, with the
    questions' choices (their texts, reasons and outcomes)."""
    texts = [text for text in translations().values() if text]
    texts += lesson_texts("pt")

    def strings(node: object) -> list[str]:
        if isinstance(node, dict):
            found = [node["pt"]] if isinstance(node.get("pt"), str) else []
            return found + [text for key, value in node.items() if key != "pt" for text in strings(value)]
        if isinstance(node, list):
            return [text for value in node for text in strings(value)]
        return []

    texts += strings(json.loads(LESSON.read_text(encoding="utf-8")))
    return texts


# English the issue found on Portuguese screens, and words of English that would give away an
# untranslated sentence. The lesson's own borrowed words (scores, batch, embedding, token, query,
# key, one-hot) are Portuguese here, as the lesson page uses them.
ENGLISH = ("chip", "chips", "page down", "page up", "the", "and", "with", "step", "view", "rate",
           "loss", "row", "rows")


def test_no_english_left_on_a_portuguese_screen():
    def words_shown(text: str) -> str:  # not markup, not {placeholders} or a file format's {{keys}}
        return re.sub(r"\{+[^{}]*\}+|<[^>]+>", " ", text)

    found = sorted({(word, text) for text in portuguese_texts() for word in ENGLISH
                    if re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", words_shown(text), re.I)})
    assert not found, found


def test_steps_are_the_lessons_words():
    # The lesson page is "Passo 2 de 7" of the course: the course's steps are "passos"; this app's
    # steps, its subdivisions, are "etapas".
    pt = translations()
    assert pt[("LessonPanel", "step {0} of {1}")] == "etapa {0} de {1}"
    assert pt[("LessonPanel", "{0} steps")] == "{0} etapas"
    about = pt[("AboutDialog",
                "The lesson: chapter {0} of {1} of the course, “{2}”, in {3} steps, from “{4}” to “{5}”.")]
    assert about.startswith("A aula: passo {0} de {1} do curso") and "em {3} etapas" in about
    assert "a etapa anterior" not in " ".join(lesson_texts("pt"))
    # "no curso": beside "etapa 1 de 13" and a greyed Previous, "o passo anterior" read as a step of the
    # app; the Tokens step is a step of the course, not a "página" in parentheses ("a anterior a esta" read clumsily).
    assert "A página Tokens, que vem antes desta no curso" in lesson_texts("pt")[1]
    assert "(o passo" not in lesson_texts("pt")[1]  # no step of the course in parentheses beside the page
    lesson_steps = [text for (_, source), text in pt.items() if "lesson step" in source]
    assert lesson_steps and all("etapa" in text.lower() and "passo" not in text.lower() for text in lesson_steps)


def test_tokens_trade_places_de_lugar():
    # "troque ␣gato e ␣sub" alone reads as "exchange them (for something else)"; a swap of places
    # says "de lugar".
    for text in portuguese_texts():
        for verb in re.finditer(r"\b(troque|trocar|trocam|trocaram)\b", text, re.I):
            assert "de lugar" in text[verb.end():verb.end() + 40], text
    assert any(text.startswith("Verifique: troque ␣gato e ␣sub de lugar") for text in lesson_texts("pt"))


def test_portuguese_wording_of_the_issue():
    pt = translations()
    everything = " ".join(portuguese_texts())
    assert "aos anteriores" not in everything and "e os anteriores" in everything
    # One word for a view: "visualização" (the menus, messages and shortcuts said "vista" too).
    assert not re.search(r"\bvista\b", everything) and "visualização" in everything
    loss = pt[("LossNote", "Toy loss (an illustration, not a language model's): L = ½ Σₜ ‖E[iₜ] − T[iₜ]‖², "
                                  "each occurrence pulls its row toward a fixed target T. Batch loss {0}. Frequent "
                                  "tokens get many pulls per step; rare ones almost none, so their rows barely move.")]
    assert loss.startswith("Perda de exemplo (") and "ilustra" not in loss
    assert pt[("GradientLabView", "learning rate:")] == "taxa de aprendizado:"


def test_one_position_or_several_agree_in_number(window):
    window.set_language("pt")
    for ids, expected in (([0, 2, 4, 5, 1, 6, 7, 8, 9], "A posição 9 não tem linha em P"),
                          ([0, 2, 4, 5, 1, 6, 7, 8, 9, 10], "As posições 9, 10 não têm linha em P")):
        window.model.set_ids(ids)
        assert expected in window.x_panel.step_caption.text(), window.x_panel.step_caption.text()
    window.set_language("en")
    assert "Positions 9, 10 have no row of P" in window.x_panel.step_caption.text()
    window.model.set_ids([0, 2, 4, 5, 1, 6, 7, 8, 9])
    assert "Position 9 has no row of P" in window.x_panel.step_caption.text()


def test_one_notation_the_lessons():
    """x_t = E[i_t] + P_t with t counted from 1, sinusoidal's PE(t − 1): no position "p" left over
    (P_p, x_p, PE(p − 1), (p − 1)·θ_i) in the app's strings, either language, or in the lesson file."""
    old = re.compile(r"\b[Px]_p\b|\bid_p\b|PE\(p\b|\(p − 1|position p\b|posição p\b")
    texts = [text for pair in translations().items() for text in (pair[0][1], pair[1]) if text]
    texts += lesson_texts("en") + lesson_texts("pt")
    assert texts and [text for text in texts if old.search(text)] == []
