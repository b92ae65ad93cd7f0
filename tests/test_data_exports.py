"""Data exports without Qt: CSV rows named as on screen, LaTeX in the language's numbers and the
lesson's decimals."""

import csv
import io

import numpy as np
import pytest

from tests import spec
from visualizer.io.arrays import array_as_csv, model_arrays
from visualizer.io.tables import write_data_export, x_as_latex
from visualizer.lab.state import GradientLab
from visualizer.model import EmbeddingModel


def rows_of(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text)))


def test_x_csv_names_each_row_by_position_token_and_id(tmp_path):
    path = tmp_path / "x.csv"
    write_data_export(EmbeddingModel(), path)
    table = rows_of(path.read_text(encoding="utf-8"))
    assert table[0] == ["position", "token", "id", "d0", "d1", "d2", "d3"]
    assert [row[:3] for row in table[1:]] == [[str(p + 1), spec.TOKENS[i], str(i)] for p, i in enumerate(spec.IDS)]
    np.testing.assert_allclose(np.array([row[3:] for row in table[1:]], dtype=float), spec.X_LEARNED, atol=1e-12)


def test_every_array_csv_carries_the_screens_labels():
    model = EmbeddingModel()
    model.set_causal(False)
    lab = GradientLab(model.tokens, model.E)
    arrays = model_arrays(model, lab)
    n = len(spec.IDS)
    for name, array in arrays.items():
        table = rows_of(array_as_csv(name, array, model))
        if name in ("E", "gradient"):
            assert table[0][:2] == ["id", "token"], name
            assert [row[:2] for row in table[1:]] == [[str(i), token] for i, token in enumerate(spec.TOKENS)], name
            values = [row[2:] for row in table[1:]]
        else:
            assert table[0][:3] == ["position", "token", "id"], name
            assert [row[0] for row in table[1:]] == [str(p) for p in range(1, n + 1)], name
            values = [row[3:] for row in table[1:]]
        # The scores' columns are the key positions the screen labels 1 … n; the others d0 … d3.
        expected = [str(p) for p in range(1, n + 1)] if name == "scores" else ["d0", "d1", "d2", "d3"]
        assert table[0][-len(expected):] == expected, name
        np.testing.assert_array_equal(np.array(values, dtype=float), array, err_msg=name)
    np.testing.assert_array_equal(
        np.array([row[2:] for row in rows_of(array_as_csv("E", arrays["E"], model))[1:]], dtype=float),
        np.array(spec.E, dtype=float))


def lesson_latex(values, decimal: str) -> list[str]:
    """The rows of the lesson's bmatrix, written independently of the app: halves short, "-" minus."""
    def number(v: float) -> str:
        text = f"{v:g}"
        return text.replace(".", decimal)

    return [" & ".join(number(float(v)) for v in row) for row in values]


@pytest.mark.parametrize(("language", "decimal"), [("en", "."), ("pt", "{,}")])
def test_latex_writes_the_language_s_numbers(language, decimal):
    tex = x_as_latex(np.array(spec.X_LEARNED, dtype=float), language)
    for row in lesson_latex(spec.X_LEARNED, decimal):
        assert row in tex
    if language == "pt":
        # As the lesson's own source: "-0{,}5" (TeX's minus in math mode), never "-0.5".
        assert "-0{,}5 & -0{,}5 & 0 & 1" in tex and "0.5" not in tex
    else:
        assert "{,}" not in tex


def test_sinusoidal_latex_keeps_the_lesson_s_three_decimals(tmp_path):
    # "ooo" (three o): x_p = E[0] + PE(p − 1). E[0] is exact; PE carries the lesson's three places, zeros kept
    # (0.010 and 1.000 in the lesson's table, so 0,010 and 2,000 here: never "0.01" and "2").
    path = tmp_path / "x.tex"
    write_data_export(EmbeddingModel(text="ooo", scheme="sinusoidal"), path, language="pt")
    rows = path.read_text(encoding="utf-8").splitlines()[1:4]
    E0 = spec.E[0]
    for p, (row, pe) in enumerate(zip(rows, spec.SINUSOIDAL, strict=True)):
        entries = [entry.strip(" \\") for entry in row.split("&")]
        if p == 0:  # PE(0) = [0, 1, 0, 1] is exact: written short
            assert entries == ["-0{,}5", "0{,}5", "0", "2"]
        else:
            assert entries == [f"{e + v:.3f}".replace(".", "{,}") for e, v in zip(E0, pe, strict=True)], row
    assert "0{,}010" in rows[1] and "2{,}000" in rows[1]
