"""The code's shape the team agreed on, checked: no class grows past 400 lines."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "visualizer"
LONGEST_CLASS = 400


def class_lengths(package: Path = PACKAGE) -> dict[str, int]:
    """Lines of every class in ``package``, by ``module:Class`` (decorators and docstring included)."""
    lengths = {}
    for path in sorted(package.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                first = min([node.lineno, *(decorator.lineno for decorator in node.decorator_list)])
                assert node.end_lineno is not None
                lengths[f"{path.relative_to(package.parent)}:{node.name}"] = node.end_lineno - first + 1
    return lengths


def test_no_class_is_longer_than_400_lines():
    lengths = class_lengths()
    assert len(lengths) > 100  # the walk found the app's classes, not an empty folder
    assert {name: lines for name, lines in lengths.items() if lines > LONGEST_CLASS} == {}


def test_the_count_sees_a_class_of_401_lines(tmp_path):
    body = "\n".join(f"    x{i} = {i}" for i in range(399))
    (tmp_path / "visualizer").mkdir()
    (tmp_path / "visualizer" / "long.py").write_text(f"@dataclass\nclass Long:\n{body}\n")
    assert class_lengths(tmp_path / "visualizer") == {"visualizer/long.py:Long": 401}
