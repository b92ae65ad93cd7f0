"""The lesson's handout for the current sentence and scheme: what it says, as HTML blocks. No Qt.

Student pages: the sentence, its tokens and ids, the rows of E it uses, what the scheme adds (or
its rule when it adds nothing), X row by row and as a matrix in the lesson's notation, a picture
of X (drawn by the app: the Qt side puts it in), the five schemes with their verdicts, the RoPE
example and each check-yourself question of the lesson with room to write. Then a page for the
teacher with the answers, each written by its question's kind (:mod:`visualizer.lesson.kinds`)
from the model: the swaps run on a copy of its state and the batch count comes from the seeded
Zipf sample the real-scale race draws.

Every number is computed, never typed. Text is English marked for Qt Linguist (context
``Handout``) and passed through the ``translate`` function the caller gives (Qt's
``QCoreApplication.translate`` in the app; the identity for English without Qt). Numbers are
written for print in the language's format with a true minus sign: ``−0,5`` and ``;`` between
entries in Portuguese, ``−0.5`` and ``,`` in English.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Literal

import numpy as np

from visualizer.core import (
    GPT2_SMALL_PARAMETERS,
    GPT2_SMALL_VOCAB,
    GPT2_SMALL_WIDTH,
    LLAMA3_VOCAB,
    LLAMA3_WIDTH,
    NUMBER_FORMATS,
    SCHEMES,
    NumberFormat,
    alibi_slopes,
    display_token,
    parameter_count,
    rope_score,
    sinusoidal,
)
from visualizer.core.problems import QT_TRANSLATE_NOOP
from visualizer.io.scheme_names import SCHEME_CONTEXT, SCHEME_NAMES
from visualizer.lesson.run import Lesson, LessonStep, load_lesson
from visualizer.lesson.texts import in_language
from visualizer.model import EmbeddingModel

HANDOUT = "Handout"
"""The Qt Linguist context of the handout's own text."""

Translate = Callable[[str, str], str]
"""``translate(context, english)``: the text in the handout's language."""


def english(_context: str, text: str) -> str:
    """The identity :data:`Translate`: the source text, English."""
    return text


SCHEME_VERDICTS = {
    "none": QT_TRANSLATE_NOOP("SchemeSelector", "NoPE: causality alone carries order. More and more common in "
                                                "hybrid and long-context stacks."),
    "learned": QT_TRANSLATE_NOOP("SchemeSelector", "Historical (BERT, GPT-2). Cannot go past the trained length "
                                                   "at all."),
    "sinusoidal": QT_TRANSLATE_NOOP("SchemeSelector", "Historical (2017). Extrapolates badly."),
    "rope": QT_TRANSLATE_NOOP("SchemeSelector", "Universal: Llama, Qwen, Mistral, Gemma, DeepSeek."),
    "alibi": QT_TRANSLATE_NOOP("SchemeSelector", "Extrapolates well; largely superseded."),
}
SCHEME_GIVES = {
    "none": QT_TRANSLATE_NOOP("Handout", "X = E[ids]; order only through the causal mask"),
    "learned": QT_TRANSLATE_NOOP("Handout", "X = E[ids] + P: one trained row per position, t from 1"),
    "sinusoidal": QT_TRANSLATE_NOOP("Handout", "X = E[ids] + PE(t): computed sin and cos, t from 0"),
    "rope": QT_TRANSLATE_NOOP("Handout", "X = E[ids]; q and k are turned inside attention"),
    "alibi": QT_TRANSLATE_NOOP("Handout", "X = E[ids]; −slope × distance is added to the scores"),
}

SINUSOIDAL_ROWS = 3
"""The sinusoidal rows the lesson prints: t = 0, 1, 2."""
ALIBI_HEADS = 8
"""The heads of the lesson's ALiBi example (the app's default)."""
ROPE_THETA = 0.5
ROPE_VECTOR = (1.0, 0.0)
ROPE_PAIRS = ((3, 1), (10, 8), (4, 1))
"""The lesson's RoPE example: one pair, θ = 0.5, q = k = [1, 0], positions (m, n)."""
def print_numbers(language: str) -> NumberFormat:
    """Numbers as the handout prints them: the language's decimal point and a true minus sign."""
    return replace(NUMBER_FORMATS[language], minus="−")


@dataclass(frozen=True)
class Block:
    """A piece of a page that is never split across pages.

    Attributes
    ----------
    kind : {"text", "picture", "question"}
        ``text``: only ``html``. ``picture``: the picture of X under ``html`` (its caption).
        ``question``: ``html`` then an empty box to write the answer in.
    html : str
        Rich text in the subset Qt's QTextDocument reads.
    """

    kind: Literal["text", "picture", "question"]
    html: str


@dataclass(frozen=True)
class Handout:
    """Everything the handout says, laid out by the Qt side.

    Attributes
    ----------
    title : str
        The document's title (the PDF's metadata).
    language : str
        ``en`` or ``pt``.
    footer : str
        What the foot of every page says beside the page number (the sentence and the scheme).
    page_label : str
        "Page {0} of {1}" in the handout's language.
    style : str
        The style sheet every block is read with.
    student, teacher : tuple of Block
        The students' pages, then the teacher's (which starts on a page of its own).
    """

    title: str
    language: str
    footer: str
    page_label: str
    style: str
    student: tuple[Block, ...]
    teacher: tuple[Block, ...]


STYLE = """
p.title { font-size: 16pt; font-weight: bold; margin-bottom: 4px; }
p.heading { font-size: 13pt; font-weight: bold; margin-bottom: 3px; }
p { margin-top: 2px; margin-bottom: 4px; }
p.meta { font-size: 11.5pt; }
p.small { font-size: 9.5pt; color: #333333; }
table.grid { border-collapse: collapse; border-color: #777777; margin-top: 3px; }
table.grid th { background-color: #E6E6E6; font-weight: bold; padding: 2px 6px; }
table.grid td { padding: 2px 6px; }
tr.used td { background-color: #FFE9B0; font-weight: bold; }
td.left-bracket { border-left: 1.5px solid black; border-top: 1.5px solid black; border-bottom: 1.5px solid black; }
td.right-bracket { border-right: 1.5px solid black; border-top: 1.5px solid black; border-bottom: 1.5px solid black; }
td.entry { padding: 2px 9px; text-align: right; font-size: 11.5pt; }
td.label { padding: 2px 8px; color: #444444; }
td.vector { white-space: nowrap; }
"""


class _Writer:
    """Helpers to write the handout's HTML in one language."""

    def __init__(self, translate: Translate, language: str) -> None:
        self._translate = translate
        self.language = language
        self.numbers = print_numbers(language)
        self.separator = "; " if language == "pt" else ", "

    def translate(self, context: str, text: str) -> str:
        """``text`` in the handout's language (not escaped: the sources are the app's own HTML-safe text).

        Called as ``w.translate("Handout", "…")`` with literals: Qt's lupdate reads such calls.
        """
        return self._translate(context, text)

    def number(self, value: float) -> str:
        """A number as the lesson writes it: short when round (−0,5), else three places (0,841)."""
        return "—" if not np.isfinite(value) else self.numbers.short(float(value))

    def vector(self, row: np.ndarray | Sequence[float]) -> str:
        """``[−0,5; 1; 0; −1]`` / ``[−0.5, 1, 0, −1]``; a dash when the row is not defined."""
        values = np.asarray(row, dtype=np.float64)
        if not np.all(np.isfinite(values)):
            return "—"
        return "[" + self.separator.join(self.number(v) for v in values) + "]"

    def integer(self, value: int) -> str:
        """50,257 / 50.257."""
        return self.numbers.integer(value)

    def positions(self, positions: Sequence[int]) -> str:
        """Positions (0-based) as printed from 1: ``2, 3``, or the word for none."""
        if not positions:
            return self.translate("Handout", "none")
        return ", ".join(str(p + 1) for p in positions)

    def token(self, token: str) -> str:
        """A token as the screen shows it, ready for the page (see :func:`token_html`)."""
        return token_html(token)

    def percent(self, share: float) -> str:
        """A whole percentage: 31%."""
        return f"{round(100 * share)}%"


def token_html(token: str) -> str:
    """A token as the screen shows it (␣ for a leading space), HTML-escaped (``<|endoftext|>``)."""
    return html.escape(display_token(token))


def _sub(symbol: str, index: str) -> str:
    """``x<sub>t</sub>`` with the symbol in italics, as the lesson sets it."""
    return f"<i>{symbol}</i><sub>{index}</sub>"


X_T = _sub("x", "t")
E_I_T = f"<i>E</i>[{_sub('i', 't')}]"
P_T = _sub("P", "t")
NOTATION = f"{X_T} = {E_I_T} + {P_T}"
"""The lesson's notation: x_t = E[i_t] + P_t."""
SINUSOIDAL_NOTATION = f"{X_T} = {E_I_T} + PE(t − 1)"
"""Sinusoidal's formula counts from 0: the token at position t (from 1) gets PE(t − 1)."""


def build_handout(model: EmbeddingModel, language: str = "en", translate: Translate = english,
                  lesson: Lesson | None = None) -> Handout:
    """The handout of ``model``'s sentence and scheme, in ``language`` (``en`` or ``pt``).

    ``translate`` gives the handout's text in that language (the app passes Qt's translator,
    installed for ``language``); ``lesson`` defaults to the lesson shipped with the app.
    The model is only read: the answers' experiments run on a copy of its state.

    Raises
    ------
    visualizer.lesson.run.LessonError
        When no lesson is given and the shipped one cannot be read.
    """
    if language not in NUMBER_FORMATS:
        raise ValueError(f"unknown language {language!r}; choose en or pt")
    lesson = lesson or load_lesson()
    w = _Writer(translate, language)
    questions = [step for step in lesson.steps if step.question is not None]
    scheme_name = w.translate(SCHEME_CONTEXT, SCHEME_NAMES[model.scheme])
    title = w.translate("Handout", "Embeddings: from token ids to the matrix X")
    student = [
        Block("text", _header(w, model, title, scheme_name)),
        Block("text", _tokens(w, model)),
        Block("text", _lookup(w, model)),
        Block("text", _positions(w, model)),
        Block("text", _rows_of_X(w, model)),
        Block("text", _matrix(w, model)),
        Block("picture", _picture_caption(w, model)),
        Block("text", _schemes(w, model)),
    ]
    if model.scheme != "sinusoidal":  # the sinusoidal scheme's numbers are in section 3 then
        student.append(Block("text", _sinusoidal_numbers(w, model)))
    student += [Block("text", _rope(w)), Block("text", _alibi(w, model)), Block("text", _way_back(w, model))]
    student += [Block("question", _question(w, step, number, first=number == 1))
                for number, step in enumerate(questions, 1)]
    student = _numbered(student)
    teacher = [Block("text", _teacher_header(w))]
    teacher += [Block("text", _answer(w, model, step, number, lesson.steps.index(step) + 1))
                for number, step in enumerate(questions, 1)]
    teacher.append(Block("text", _scale_facts(w)))
    return Handout(
        title=title,
        language=language,
        footer=f"“{model.text}” · {scheme_name}",
        page_label=w.translate("Handout", "Page {0} of {1}"),
        style=STYLE,
        student=tuple(student),
        teacher=tuple(teacher),
    )


def _numbered(blocks: list[Block]) -> list[Block]:
    """The student pages' sections numbered in order: 1. The tokens, 2. The lookup, …"""
    numbered, number = [], 0
    for block in blocks:
        if block.html.startswith(HEADING):
            number += 1
            block = replace(block, html=f"{HEADING}{number}. {block.html[len(HEADING):]}")
        numbered.append(block)
    return numbered


HEADING = "<p class='heading'>"


def _head_row(*names: str) -> str:
    """A table's row of column headings, as markup."""
    return "<tr>" + "".join(f"<th>{name}</th>" for name in names) + "</tr>"


def _table(head: str, rows: Sequence[str]) -> str:
    """A ruled table: ``head`` (a row of ``<th>``) and ``rows`` (rows of ``<td>``), as markup."""
    return f"<table class='grid' border='1' cellspacing='0'>{head}{''.join(rows)}</table>"


# ---- the students' pages ------------------------------------------------------------------------


def _header(w: _Writer, model: EmbeddingModel, title: str, scheme_name: str) -> str:
    meta = w.translate("Handout", "Sentence: <b>“{sentence}”</b> · position scheme: <b>{scheme}</b> · "
                                  "n = {n} tokens, d = {d} numbers per token").format(
        sentence=html.escape(model.text), scheme=scheme_name, n=model.n, d=model.d)
    name = w.translate("Handout", "Name: ______________________________ Date: ______________")
    intro = w.translate("Handout", "A transformer never reads the text itself: it reads ids, and each id picks "
                                   "one row of a table E. Follow this sentence from its ids to the matrix X that "
                                   "every later step of the model reads.")
    return f"<p class='title'>{title}</p><p class='meta'>{meta}</p><p>{name}</p><p>{intro}</p>"


def _tokens(w: _Writer, model: EmbeddingModel) -> str:
    heading = w.translate("Handout", "The tokens and their ids")
    intro = w.translate("Handout", "The tokenizer cuts the sentence into the longest pieces it knows, left to "
                                   "right, from the {V} tokens of the toy vocabulary (␣ marks a leading "
                                   "space).").format(V=model.V)
    names = (w.translate("Handout", "position t"), w.translate("Handout", "token"), "id")
    chunks = []
    per_line = 8
    for start in range(0, model.n, per_line):
        ids = model.ids[start:start + per_line]
        values = ([str(start + k + 1) for k in range(len(ids))], [token_html(model.tokens[i]) for i in ids],
                  [str(i) for i in ids])
        rows = "".join(f"<tr><th>{name}</th>" + "".join(f"<td align='center'>{value}</td>" for value in line)
                       + "</tr>" for name, line in zip(names, values, strict=True))
        chunks.append(f"<table class='grid' border='1' cellspacing='0'>{rows}</table>")
    ids_line = w.translate("Handout", "The ids: <b>{ids}</b>").format(
        ids="[" + ", ".join(str(i) for i in model.ids) + "]")
    return f"<p class='heading'>{heading}</p><p>{intro}</p>{''.join(chunks)}<p>{ids_line}</p>"


def _lookup(w: _Writer, model: EmbeddingModel) -> str:
    heading = w.translate("Handout", "The lookup: each id picks its row of E")
    intro = w.translate("Handout", "E has one row of d = {d} numbers for each of the V = {V} tokens. The shaded "
                                   "rows are the ones this sentence uses. There is no arithmetic: the same id "
                                   "always gets the same row, whatever its neighbours.").format(d=model.d, V=model.V)
    head = _head_row("id", w.translate("Handout", "token"), "<i>E</i>[id]", w.translate("Handout", "used at position"))
    rows = []
    for token_id, token in enumerate(model.tokens):
        where = model.positions_of(token_id)
        used = ", ".join(str(p + 1) for p in where)
        css = " class='used'" if where else ""
        rows.append(f"<tr{css}><td align='center'>{token_id}</td><td>{token_html(token)}</td>"
                    f"<td class='vector'>{w.vector(model.E[token_id])}</td><td align='center'>{used}</td></tr>")
    return f"<p class='heading'>{heading}</p><p>{intro}</p>{_table(head, rows)}"


def _positions(w: _Writer, model: EmbeddingModel) -> str:
    heading = w.translate("Handout", "Where position comes in")
    scheme = model.scheme
    if scheme == "learned":
        rule = w.translate("Handout", "Learned positions: a second table P, one trained row per position, is "
                                      "added to the token's row: {notation}, with t counted from 1. The toy's "
                                      "table has {T} rows (GPT-2's has 1,024); a position past its last row has no "
                                      "vector at all.").format(notation=NOTATION, T=model.trained_length)
        added = model.P_rows()
        assert added is not None
        rows = [f"<tr><td align='center'>{t + 1}</td><td class='vector'>{_p_cell(w, added[t])}</td></tr>"
                for t in range(model.n)]
        return f"<p class='heading'>{heading}</p><p>{rule}</p>{_table(f'<tr><th>t</th><th>{P_T}</th></tr>', rows)}"
    if scheme == "sinusoidal":
        # One meaning per letter, as on stage: t counts positions from 1, the formula's s from 0.
        rule = w.translate("Handout", "Sinusoidal positions: no table, the vector is computed. For d = 4, "
                                      "PE(s) = [sin s, cos s, sin(s/100), cos(s/100)] with <b>s counted from "
                                      "0</b>: the token at position t (counted from 1) gets PE(s) with s = t − 1, "
                                      "so {notation}. The first pair turns fast and tells neighbours apart; the "
                                      "second turns slowly and tells long distances apart.").format(
            notation=SINUSOIDAL_NOTATION)
        head = _head_row(w.translate("Handout", "position t"), "s = t − 1", "PE(s)")
        pe = sinusoidal(model.n, model.d)
        rows = [f"<tr><td align='center'>{p + 1}</td><td align='center'>{p}</td>"
                f"<td class='vector'>{w.vector(pe[p])}</td></tr>" for p in range(model.n)]
        return f"<p class='heading'>{heading}</p><p>{rule}</p>{_table(head, rows)}"
    rules = {
        "none": w.translate("Handout", "No positions: nothing is added, {x} = {e}. Only the causal mask tells the "
                                       "tokens apart by their order."),
        "rope": w.translate("Handout", "RoPE adds nothing to X: {x} = {e}. Position enters inside attention, "
                                       "where each pair of numbers of q and k is turned by an angle proportional to "
                                       "the position (the RoPE section below)."),
        "alibi": w.translate("Handout", "ALiBi adds nothing to X: {x} = {e}. Position enters inside attention: "
                                        "−slope × distance is added to every score (slope {slope} for the head "
                                        "the app shows)."),
    }
    rule = rules[scheme].format(x=X_T, e=E_I_T, slope=w.number(model.alibi_slope()))
    return f"<p class='heading'>{heading}</p><p>{rule}</p>"


def _p_cell(w: _Writer, row: np.ndarray) -> str:
    if np.all(np.isfinite(row)):
        return w.vector(row)
    return w.translate("Handout", "no row: beyond the trained length")


def _rows_of_X(w: _Writer, model: EmbeddingModel) -> str:
    heading = w.translate("Handout", "X, row by row")
    E_rows, added, X = model.E_rows(), model.P_rows(), model.X()
    token_column = w.translate("Handout", "token (id)")
    if added is None:
        intro = w.translate("Handout", "Nothing is added, so each row of X is the token's row of E: "
                                       "{x} = {e}.").format(x=X_T, e=E_I_T)
        head = f"<tr><th>t</th><th>{token_column}</th><th>{E_I_T}</th><th>{X_T}</th></tr>"
    else:
        learned = model.scheme == "learned"
        intro = w.translate("Handout", "Each row is the token's row of E plus its position's vector: "
                                       "{notation}.").format(notation=NOTATION if learned else SINUSOIDAL_NOTATION)
        added_name = P_T if learned else "PE(t − 1)"
        head = f"<tr><th>t</th><th>{token_column}</th><th>{E_I_T}</th><th>{added_name}</th><th>{X_T}</th></tr>"
    rows = []
    for p, token_id in enumerate(model.ids):
        cells = [str(p + 1), f"{token_html(model.tokens[token_id])} ({token_id})", w.vector(E_rows[p])]
        if added is not None:
            cells.append(_p_cell(w, added[p]))
        cells.append(f"<b>{w.vector(X[p])}</b>")
        rows.append("<tr>" + "".join(f"<td class='vector'>{cell}</td>" for cell in cells) + "</tr>")
    beyond = model.beyond_trained_length()
    note = ""
    if beyond:
        note = "<p>" + w.translate("Handout", "Positions from {first} on have no row of P: under learned positions "
                                              "X is not defined there (—).").format(first=beyond[0] + 1) + "</p>"
    return f"<p class='heading'>{heading}</p><p>{intro}</p>{_table(head, rows)}{note}"


def _matrix(w: _Writer, model: EmbeddingModel) -> str:
    heading = w.translate("Handout", "X as a matrix")
    X = model.X()
    intro = w.translate("Handout", "Stacked, the rows are the matrix X (n × d = {n} × {d}): one row per token, "
                                   "in the sentence's order.").format(n=model.n, d=model.d)
    rows = []
    span = f"rowspan='{model.n}'"
    for p in range(model.n):
        cells = "".join(f"<td class='entry'>{w.number(v)}</td>" for v in X[p])
        start = end = ""
        if p == 0:
            start = f"<td {span} valign='middle'><i>X</i> =&nbsp;</td><td {span} class='left-bracket'>&nbsp;</td>"
            end = f"<td {span} class='right-bracket'>&nbsp;</td>"
        rows.append(f"<tr>{start}{cells}{end}<td class='label'>← {_sub('x', str(p + 1))}</td></tr>")
    return f"<p class='heading'>{heading}</p><p>{intro}</p><table cellspacing='0'>{''.join(rows)}</table>"


def _picture_caption(w: _Writer, model: EmbeddingModel) -> str:
    if model.P_rows() is None:
        formula = "E[ids] = X"
    else:
        formula = "E[ids] + P = X" if model.scheme == "learned" else "E[ids] + PE = X"
    caption = w.translate("Handout", "The same numbers as the app draws them, {formula}: blue below 0, olive "
                                     "above, grey near 0.").format(formula=formula)
    return f"<p class='small'>{caption}</p>"


def _schemes(w: _Writer, model: EmbeddingModel) -> str:
    heading = w.translate("Handout", "Five ways to give position")
    intro = w.translate("Handout", "Attention by itself does not see order: shuffle the tokens and its outputs "
                                   "shuffle with them, with the same values. Each scheme brings position back in "
                                   "its own way.")
    head = _head_row(w.translate("Handout", "scheme"), w.translate("Handout", "what X gets"),
                     w.translate("Handout", "verdict"))
    this_handout = w.translate("Handout", "this handout")
    rows = []
    for scheme in SCHEMES:
        name = w.translate(SCHEME_CONTEXT, SCHEME_NAMES[scheme])
        css = ""
        if scheme == model.scheme:
            css, name = " class='used'", f"{name} ({this_handout})"
        rows.append(f"<tr{css}><td>{name}</td><td>{w.translate(HANDOUT, SCHEME_GIVES[scheme])}</td>"
                    f"<td>{w.translate(SCHEME_CONTEXT, SCHEME_VERDICTS[scheme])}</td></tr>")
    return f"<p class='heading'>{heading}</p><p>{intro}</p>{_table(head, rows)}"


def rope_example() -> list[tuple[int, int, float, float]]:
    """The lesson's RoPE example, computed: ``(m, n, angle, score)`` for each pair of positions.

    One pair of numbers, θ = 0.5, q = k = [1, 0]: the score of q at position m and k at
    position n is ⟨R_m q, R_n k⟩ = cos((m − n)·θ), the angle between the two hands.
    """
    q = k = list(ROPE_VECTOR)
    return [(m, n, (m - n) * ROPE_THETA, rope_score(q, k, m, n, ROPE_THETA))
            for m, n in ROPE_PAIRS]


def _sinusoidal_numbers(w: _Writer, model: EmbeddingModel) -> str:
    heading = w.translate("Handout", "Sinusoidal positions, computed")
    intro = w.translate("Handout", "The sinusoidal scheme learns no table: it computes each position's vector. "
                                   "For d = 4, PE(s) = [sin s, cos s, sin(s/100), cos(s/100)], with s counted from "
                                   "0, so the token at position t (from 1) gets PE(s) with s = t − 1. The first "
                                   "pair turns fast and tells neighbours apart; the second turns slowly, for long "
                                   "distances.")
    head = _head_row("s", "PE(s)")
    pe = sinusoidal(SINUSOIDAL_ROWS, model.d)
    rows = [f"<tr><td align='center'>{s}</td><td class='vector'>{w.vector(pe[s])}</td></tr>"
            for s in range(SINUSOIDAL_ROWS)]
    return f"<p class='heading'>{heading}</p><p>{intro}</p>{_table(head, rows)}"


def _alibi(w: _Writer, model: EmbeddingModel) -> str:
    heading = w.translate("Handout", "ALiBi: a penalty for distance")
    slopes = alibi_slopes(ALIBI_HEADS)
    intro = w.translate("Handout", "ALiBi adds nothing to X. Inside attention, the score of query i for key j at "
                                   "or before it loses m·(i − j): the farther back the key, the lower its score. "
                                   "Each of the H = {H} heads has its own slope m = 2<sup>−8h/H</sup>: "
                                   "{slopes}.").format(H=ALIBI_HEADS, slopes=", ".join(
        f"{w.number(float(slope))}" for slope in slopes))
    n = model.n
    bias = [[0.0 - float(slopes[0]) * (i - j) if j <= i else None for j in range(n)] for i in range(n)]
    head = _head_row(w.translate("Handout", "query i, key j"), *(str(j + 1) for j in range(n)))
    rows = ["<tr><th>" + str(i + 1) + "</th>" + "".join(
        f"<td align='center'>{'—' if value is None else w.number(value)}</td>" for value in bias[i]) + "</tr>"
        for i in range(n)]
    caption = w.translate("Handout", "Head 1 (m = {m}) on this sentence: the bias added to each score "
                                     "(— where the causal mask hides the key).").format(m=w.number(float(slopes[0])))
    return f"<p class='heading'>{heading}</p><p>{intro}</p><p>{caption}</p>{_table(head, rows)}"


def _way_back(w: _Writer, model: EmbeddingModel) -> str:
    heading = w.translate("Handout", "The way back: a sparse gradient")
    intro = w.translate("Handout", "The lookup is a product with a one-hot vector: {y} = E[{i}] = one-hot({i})"
                                   "<sup>T</sup>E. So on the way back the gradient of row E[i] is the sum of "
                                   "∂L/∂{y} over the positions t that hold id i, ∂L/∂E[i] = Σ<sub>t: {i} = i</sub> "
                                   "∂L/∂{y}: repeats add up, and a row whose id is not in the text gets exactly 0. "
                                   "This sentence's rows:").format(y=_sub("y", "t"), i=_sub("i", "t"))
    head = _head_row("id", w.translate("Handout", "token"), w.translate("Handout", "positions that hold it"),
                     w.translate("Handout", "its gradient"))
    rows, absent = [], 0
    for token_id, token in enumerate(model.tokens):
        where = model.positions_of(token_id)
        if not where:
            absent += 1
            continue
        gradient = w.translate("Handout", "a sum of {0} terms").format(len(where)) if len(where) > 1 else \
            w.translate("Handout", "one term")
        rows.append(f"<tr><td align='center'>{token_id}</td><td>{token_html(token)}</td>"
                    f"<td align='center'>{', '.join(str(p + 1) for p in where)}</td><td>{gradient}</td></tr>")
    others = w.translate("Handout", "the other {0} ids").format(absent)
    rows.append(f"<tr><td colspan='3'>{others}</td><td><b>{w.translate('Handout', 'exactly 0')}</b></td></tr>")
    return f"<p class='heading'>{heading}</p><p>{intro}</p>{_table(head, rows)}"


def _rope(w: _Writer) -> str:
    heading = w.translate("Handout", "RoPE: only the distance counts")
    intro = w.translate("Handout", "Think of a clock: RoPE turns each token's hand a little further at every "
                                   "position. One pair of numbers, θ = {theta}, the same q = k = {vector}: q at "
                                   "position m is turned by (m − 1)·θ, k at position n by (n − 1)·θ, and their score "
                                   "depends only on m − n.").format(theta=w.number(ROPE_THETA),
                                                                    vector=w.vector(ROPE_VECTOR))
    head = _head_row(w.translate("Handout", "positions (m, n)"), "m − n", w.translate("Handout", "angle (m − n)·θ"),
                     w.translate("Handout", "score"))
    rows = [f"<tr><td align='center'>({m}, {n})</td><td align='center'>{m - n}</td>"
            f"<td align='center'>{w.number(angle)}</td><td align='center'><b>{w.numbers.fixed(score)}</b></td></tr>"
            for m, n, angle, score in rope_example()]
    return f"<p class='heading'>{heading}</p><p>{intro}</p>{_table(head, rows)}"


def _question(w: _Writer, step: LessonStep, number: int, first: bool) -> str:
    assert step.question is not None
    heading = ""
    if first:
        heading = ("<p class='heading'>" + w.translate("Handout", "Check yourself") + "</p><p>"
                   + w.translate("Handout", "Write your prediction before the answer is revealed in the app.")
                   + "</p>")
    return (f"{heading}<p><b>{number}. {html.escape(in_language(step.title, w.language))}</b></p>"
            f"<p>{html.escape(in_language(step.question.prompt, w.language))}</p>")


# ---- the teacher's page -------------------------------------------------------------------------


def _teacher_header(w: _Writer) -> str:
    heading = w.translate("Handout", "For the teacher: the answers")
    intro = w.translate("Handout", "Computed by the app from the model this handout was made from (its table E, "
                                   "edits included); the swaps ran on a copy of it. Keep this page apart from the "
                                   "students' pages.")
    return f"<p class='title'>{heading}</p><p>{intro}</p>"


def _answer(w: _Writer, model: EmbeddingModel, step: LessonStep, number: int, step_number: int) -> str:
    """The answer to question ``number`` (lesson step ``step_number``), written by its kind from
    ``model`` (experiments run on a copy of its state); where the experiment cannot run on the
    step's sentence, a pointer to the step, where the app computes the answer live."""
    assert step.question is not None
    head = (f"<p class='heading'>{number}. {html.escape(in_language(step.title, w.language))}</p>"
            f"<p><i>{html.escape(in_language(step.question.prompt, w.language))}</i></p>")
    body = step.question.computed_by.key(step, model, w) or _live_answer(w, step_number)
    return f"{head}<p>{body}</p>"


def _live_answer(w: _Writer, step_number: int) -> str:
    return w.translate("Handout", "The app computes this answer live: go to step {0} of the guided lesson and "
                                  "reveal it.").format(step_number)


def _scale_facts(w: _Writer) -> str:
    gpt2 = parameter_count(GPT2_SMALL_VOCAB, GPT2_SMALL_WIDTH, tied=True)
    llama = parameter_count(LLAMA3_VOCAB, LLAMA3_WIDTH, tied=True)
    heading = w.translate("Handout", "For the discussion: how big E gets")
    facts = [
        w.translate("Handout", "GPT-2 small: {V} × {d} = {count} parameters in E, about {millions} million, "
                               "{share} of the whole model ({total} million).").format(
            V=w.integer(GPT2_SMALL_VOCAB), d=w.integer(GPT2_SMALL_WIDTH), count=w.integer(gpt2),
            millions=w.numbers.fixed(gpt2 / 1e6, 1), share=w.percent(gpt2 / GPT2_SMALL_PARAMETERS),
            total=w.integer(round(GPT2_SMALL_PARAMETERS / 1e6))),
        w.translate("Handout", "A table of {V} rows × {d} (Llama 3 class): {count} parameters, about {millions} "
                               "million, in the input alone.").format(
            V=w.integer(LLAMA3_VOCAB), d=w.integer(LLAMA3_WIDTH), count=w.integer(llama),
            millions=w.integer(round(llama / 1e6))),
        w.translate("Handout", "Tying E to the output layer keeps one such table instead of two: {tied} "
                               "parameters instead of {untied} for GPT-2 small.").format(
            tied=w.integer(gpt2), untied=w.integer(parameter_count(GPT2_SMALL_VOCAB, GPT2_SMALL_WIDTH))),
    ]
    return f"<p class='heading'>{heading}</p><ul>" + "".join(f"<li>{fact}</li>" for fact in facts) + "</ul>"
