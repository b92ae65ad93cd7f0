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


MOST_MODULES_A_FOLDER = 25
LONGEST_MAIN_WINDOW = 250
MOST_TYPE_IGNORES = 10


def test_no_folder_holds_more_than_25_modules():
    folders = [folder for folder in [PACKAGE, *PACKAGE.rglob("*/")] if "__pycache__" not in folder.parts]
    counts = {str(folder.relative_to(PACKAGE.parent)): len(list(folder.glob("*.py"))) for folder in folders}
    assert len(counts) >= 10  # the walk found the feature folders
    crowded = {folder: count for folder, count in counts.items() if count > MOST_MODULES_A_FOLDER}
    assert crowded == {}


def test_the_main_window_only_makes_and_connects_its_parts():
    lines = (PACKAGE / "shell" / "main_window.py").read_text(encoding="utf-8").count("\n")
    assert lines <= LONGEST_MAIN_WINDOW


def type_ignores(package: Path = PACKAGE) -> list[tuple[str, str]]:
    """Every ``# type: ignore`` of ``package``: (where, the comment after it)."""
    found = []
    for path in sorted(package.rglob("*.py")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if "# type: ignore" in line:
                after = line.split("# type: ignore", 1)[1].split("]", 1)[-1]
                found.append((f"{path.relative_to(package.parent)}:{number}", after.strip(" #")))
    return found


def test_few_type_ignores_and_each_says_why():
    ignores = type_ignores()
    assert len(ignores) <= MOST_TYPE_IGNORES, ignores
    assert [where for where, reason in ignores if not reason] == []


def test_the_ignore_count_sees_one_without_a_reason(tmp_path):
    (tmp_path / "visualizer").mkdir()
    (tmp_path / "visualizer" / "a.py").write_text("x = f()  # type: ignore[misc]\n"
                                                  "y = g()  # type: ignore[misc]  # why\n")
    assert type_ignores(tmp_path / "visualizer") == [("visualizer/a.py:1", ""), ("visualizer/a.py:2", "why")]
