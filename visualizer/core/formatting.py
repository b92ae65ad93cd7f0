"""Numbers as people read them: locale decimal separator, a true minus sign where it is usual."""

from __future__ import annotations

import math
from dataclasses import dataclass

ROUND_PLACES = 2
ROUND_TOLERANCE = 1e-9  # float sums of halves and quarters are exact; anything computed is not


class NumberParseError(ValueError):
    """Text that is not a usable number.

    Attributes
    ----------
    text : str
        What was typed (stripped).
    kind : {"empty", "not_finite", "not_number"}
        Why it was refused (for a translated message).
    """

    def __init__(self, text: str, kind: str) -> None:
        self.text, self.kind = text, kind
        message = {"empty": "an empty cell is not a number",
                   "not_finite": f"{text!r} is not a finite number"}.get(kind, f"{text!r} is not a number")
        super().__init__(message)


@dataclass(frozen=True)
class NumberFormat:
    """How one language writes a decimal number.

    Attributes
    ----------
    decimal : str
        The decimal separator ("." or ",").
    minus : str
        The minus sign ("-" or "−").
    """

    decimal: str = "."
    minus: str = "-"
    thousands: str = ","

    def integer(self, value: int) -> str:
        """A whole number with the language's thousands separator: 50,257 / 50.257."""
        text = f"{int(value):,}".replace(",", self.thousands)
        return text.replace("-", self.minus)

    def short(self, value: float, decimals: int = 3) -> str:
        """``value`` as the lesson writes it: a round number short (−0,5 / 1 / 0), any other with
        exactly ``decimals`` places (0,841 / 0,540 / 0,010 / 1,000).

        "Round" means exact at two places (−0.5, 1.25): hand-picked values of the toy tables and
        their sums. A computed value keeps its three places even when they are zeros, so
        cos(0.01) = 0.99995 shows as 1,000 and not as 1, which would claim it is exactly one.
        """
        if math.isnan(value):
            return "–"
        if math.isinf(value):
            return self.minus + "∞" if value < 0 else "∞"
        if decimals > ROUND_PLACES and abs(value - round(value, ROUND_PLACES)) > ROUND_TOLERANCE:
            return self.fixed(value, decimals)
        text = f"{value:.{decimals}f}".rstrip("0").rstrip(".")
        if text in ("-0", ""):
            text = "0"
        return self._localize(text)

    def fixed(self, value: float, decimals: int = 3) -> str:
        """``value`` with exactly ``decimals`` places: 0,540 / 1,000."""
        if not math.isfinite(value):
            return self.short(value)
        text = f"{value:.{decimals}f}"
        if float(text) == 0:
            text = text.lstrip("-")
        return self._localize(text)

    def full(self, value: float) -> str:
        """Full precision (shortest repr that round-trips)."""
        if not math.isfinite(value):
            return self.short(value)
        return self._localize(repr(float(value)))

    def parse(self, text: str) -> float:
        """Read a number typed by a person in either convention; raise ``NumberParseError`` if not one.

        NaN and infinities are refused: an embedding entry must be a finite number.
        """
        cleaned = text.strip().replace("\u2212", "-").replace(self.decimal, ".").replace(",", ".")
        if not cleaned:
            raise NumberParseError("", "empty")
        try:
            value = float(cleaned)
        except ValueError:
            raise NumberParseError(text.strip(), "not_number") from None
        if not math.isfinite(value):
            raise NumberParseError(text.strip(), "not_finite")
        return value

    def _localize(self, text: str) -> str:
        return text.replace("-", self.minus).replace(".", self.decimal)


ENGLISH = NumberFormat(decimal=".", minus="-", thousands=",")
PORTUGUESE = NumberFormat(decimal=",", minus="\u2212", thousands=".")
NUMBER_FORMATS = {"en": ENGLISH, "pt": PORTUGUESE}
