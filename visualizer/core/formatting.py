"""Numbers as people read them: locale decimal separator, a true minus sign where it is usual."""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass

ROUND_PLACES = 2
ROUND_TOLERANCE = 1e-9  # float sums of halves and quarters are exact; anything computed is not
CELL_CHARACTERS = 6
"""The widest number a cell prints, in characters besides the sign: "−0,841", "123,46", "1,23e6".
Anything wider (a large value typed into E, the scores it makes) is rounded to fit, or written in
scientific notation, so that every number stays inside its cell and the tables keep their widths."""
SIGNIFICANT_DIGITS = 3
"""Scientific notation keeps three significant digits: 2,45e6, 1e−7."""
FIXED_LIMIT = 1e6
"""A fixed-point number this large or larger is written in scientific notation (a score of 4e12)."""


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

        Remembered (the toy's values repeat from one change to the next: a drag wrote the same
        sixty numbers again, a tenth of the X panel's time).
        """
        return _short(self, float(value), decimals)

    def _short(self, value: float, decimals: int) -> str:
        """:meth:`short`, worked out."""
        if math.isnan(value):
            return "–"
        if math.isinf(value):
            return self.minus + "∞" if value < 0 else "∞"
        if value != 0 and abs(value) < 0.5 * 10.0**-decimals:
            return self.scientific(value)  # 1e−7, never a 0 that claims it is zero
        round_number = decimals <= ROUND_PLACES or abs(value - round(value, ROUND_PLACES)) <= ROUND_TOLERANCE
        text = self._plain(value, decimals, round_number)
        width = max(CELL_CHARACTERS, decimals + 2)  # "0,00010" asks for its five places
        if len(text.lstrip("-")) > width:
            # Too wide for a cell: fewer places while the whole part fits (123,46), else 1,23e6.
            whole_digits = len(str(int(abs(round(value)))))
            if whole_digits >= width - 1:
                return self.scientific(value)
            text = self._plain(value, width - whole_digits - 1, round_number)
        return self._localize(text)

    def cell(self, value: float, decimals: int | None = None) -> str:
        """What a cell of a table prints: :meth:`short`, or with ``decimals`` exactly that many places
        (:meth:`fixed`) while that fits a cell; a number too long for one (12345,678) is written as
        :meth:`short` writes it (1,23e4)."""
        if decimals is None:
            return self.short(value)
        text = self.fixed(value, decimals)
        if len(text.lstrip("-\u2212")) <= max(CELL_CHARACTERS, decimals + 2):
            return text
        return self.short(value, decimals)

    def scientific(self, value: float, significant: int = SIGNIFICANT_DIGITS) -> str:
        """``value`` in scientific notation with at most ``significant`` digits, as short as it can be
        written: 2,45e6, −1e−7, 1e98."""
        if not math.isfinite(value) or value == 0:
            return self.short(value)
        for digits in range(significant, 0, -1):  # fewer digits while wider than a cell: 1,2e−10
            mantissa, exponent = f"{value:.{digits - 1}e}".split("e")
            if "." in mantissa:
                mantissa = mantissa.rstrip("0").rstrip(".")
            text = f"{mantissa}e{int(exponent)}"
            if len(text.lstrip("-")) <= CELL_CHARACTERS + 1:
                break
        return self._localize(text)

    def fixed(self, value: float, decimals: int = 3) -> str:
        """``value`` with exactly ``decimals`` places: 0,540 / 1,000 (from :data:`FIXED_LIMIT` on,
        scientific notation: 4,1e12)."""
        if not math.isfinite(value):
            return self.short(value)
        if abs(value) >= FIXED_LIMIT:
            return self.scientific(value)
        text = f"{value:.{decimals}f}"
        if float(text) == 0:
            text = text.lstrip("-")
        return self._localize(text)

    @staticmethod
    def _plain(value: float, decimals: int, round_number: bool) -> str:
        """``value`` with ``decimals`` places (a round number without its trailing zeros), unlocalized."""
        text = f"{value:.{decimals}f}"
        if round_number and "." in text:
            text = text.rstrip("0").rstrip(".")
        if float(text) == 0:
            text = "0" if round_number else text.lstrip("-")
        return text

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


@functools.lru_cache(maxsize=8192)
def _short(number_format: NumberFormat, value: float, decimals: int) -> str:
    """:meth:`NumberFormat.short`, remembered by format, value and places (NaN is never found
    again, NaN being unequal to itself: it is quick to write anyway)."""
    return number_format._short(value, decimals)


ENGLISH = NumberFormat(decimal=".", minus="-", thousands=",")
PORTUGUESE = NumberFormat(decimal=",", minus="\u2212", thousands=".")
NUMBER_FORMATS = {"en": ENGLISH, "pt": PORTUGUESE}
