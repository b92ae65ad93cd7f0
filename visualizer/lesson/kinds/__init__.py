"""The kinds of check-yourself question, one module each. No Qt.

A lesson step that asks a question names its kind (``"question": {"kind": "swap", …}``) and writes
its texts: the prompt, 3–5 choices and one explanation for each outcome. The kind does the rest from
the model's state: it runs the step's experiment, says which outcome happened (that outcome's choice
is the right one), gives the numbers the texts name in braces, in each language, and writes the
teacher's key for the handout. The lesson panel, the class poll, practice mode and the handout all ask
it.

A question of an existing kind is one entry in the lesson file; a new kind is one module here
(a :class:`~visualizer.lesson.kinds.base.QuestionKind`) and its line in :data:`KINDS`
(docs/adding.md).
"""

from visualizer.lesson.kinds.base import (
    Comparison,
    Explained,
    Found,
    KeyWriter,
    QuestionKind,
    Values,
    Waiting,
    Withdrawn,
)
from visualizer.lesson.kinds.moved_row import MovedRow
from visualizer.lesson.kinds.sparse_gradient import SparseGradient
from visualizer.lesson.kinds.swap import Swap

KINDS: dict[str, QuestionKind] = {kind.name: kind for kind in (Swap(), MovedRow(), SparseGradient())}
"""Every kind, by the name a lesson step gives it."""

__all__ = ["KINDS", "Comparison", "Explained", "Found", "KeyWriter", "QuestionKind", "Values", "Waiting", "Withdrawn"]
