"""The five position schemes' names, as the scheme selector says them (its Linguist context). No Qt.

One table for the selector, the X picture's title and the handout, apart from the handout's code so
that the first window loads none of it.
"""

from __future__ import annotations

from visualizer.core.problems import QT_TRANSLATE_NOOP

SCHEME_CONTEXT = "SchemeSelector"
"""The scheme names and verdicts are the scheme selector's own strings (and translations)."""
SCHEME_NAMES = {
    "none": QT_TRANSLATE_NOOP("SchemeSelector", "None"),
    "learned": QT_TRANSLATE_NOOP("SchemeSelector", "Learned"),
    "sinusoidal": QT_TRANSLATE_NOOP("SchemeSelector", "Sinusoidal"),
    "rope": QT_TRANSLATE_NOOP("SchemeSelector", "RoPE"),
    "alibi": QT_TRANSLATE_NOOP("SchemeSelector", "ALiBi"),
}

__all__ = ["SCHEME_CONTEXT", "SCHEME_NAMES"]
