"""The papers a handout is laid out for, and the usual one where the computer is. No Qt.

Apart from :mod:`visualizer.handout.content` so that the command line and the window can name the
papers without loading the handout's code (a faster start).
"""

from __future__ import annotations

PAPERS = ("a4", "letter")
"""The paper sizes a handout is laid out for; the first is the default."""
LETTER_TERRITORIES = frozenset({"BZ", "CA", "CL", "CO", "CR", "GT", "MX", "NI", "PA", "PH", "PR", "SV", "US", "VE"})
"""Where US Letter is the usual paper (Unicode CLDR's paperSize data); A4 everywhere else."""


def default_paper(territory: str) -> str:
    """``letter`` where US Letter is the usual paper (``territory``: a two-letter code such as
    ``US``), else ``a4``."""
    return "letter" if territory.upper() in LETTER_TERRITORIES else "a4"


__all__ = ["LETTER_TERRITORIES", "PAPERS", "default_paper"]
