"""App-wide look: one scale factor for every size, the language's number format, the theme.

No Qt: views read it and listen to ``events``, one signal per kind of change, so that a zoom
step re-lays out without retranslating and a language switch retranslates without re-laying
out; presentation mode and a second language only change this object.
"""

from __future__ import annotations

from psygnal import Signal, SignalGroup

from visualizer.core.formatting import NUMBER_FORMATS, NumberFormat

MIN_SCALE, MAX_SCALE = 0.75, 3.0
PRESENTATION_BASE_SCALE = 1.5
"""The presentation scale of a 1024 × 768 projector, where the stage sizes are specified."""


class AppearanceEvents(SignalGroup):
    """What changed in an :class:`Appearance`; ``events.all`` relays every one of them.

    Signals
    -------
    scale : (float)
        The scale factor: views re-font and re-lay out.
    language : (str)
        The language (``en`` or ``pt``): views retranslate and rewrite their numbers.
    look : ()
        Dark theme or high contrast: views re-colour.
    """

    scale = Signal(float)
    language = Signal(str)
    look = Signal()


class Appearance:
    """Scale, language and theme shared by every view; their changes come in ``events``."""

    def __init__(self, scale: float = 1.0, language: str = "en", high_contrast: bool = False,
                 dark: bool = False):
        self.events = AppearanceEvents()
        self._scale = scale
        self._language = language if language in NUMBER_FORMATS else "en"
        self._high_contrast = high_contrast
        self._presenting = False
        self._stage_scale = PRESENTATION_BASE_SCALE
        self._dark = dark

    @property
    def scale(self) -> float:
        """Multiplier for every font size, line width and cell size (1.0 = normal)."""
        return self._scale

    @property
    def language(self) -> str:
        """``en`` or ``pt``."""
        return self._language

    @property
    def high_contrast(self) -> bool:
        """Black on white, thicker lines: for projectors."""
        return self._high_contrast

    @property
    def dark(self) -> bool:
        """Light text on a dark background (high contrast wins when both are on)."""
        return self._dark and not self._high_contrast

    @property
    def background(self) -> str:
        """Background of the plots, as a colour name."""
        return "#1E1E1E" if self.dark else "#FFFFFF"

    @property
    def foreground(self) -> str:
        """Axis and caption text of the plots."""
        return "#E8E8E8" if self.dark else ("#000000" if self._high_contrast else "#282828")

    @property
    def numbers(self) -> NumberFormat:
        """How numbers are written in the current language."""
        return NUMBER_FORMATS[self._language]

    def px(self, size: float) -> int:
        """A length in pixels at the current scale."""
        return max(1, round(size * self._scale))

    def pt(self, size: float) -> float:
        """A font size in points at the current scale."""
        return size * self._scale

    def set_scale(self, scale: float) -> None:
        """Set the scale, clamped to 0.75 .. 3."""
        scale = min(MAX_SCALE, max(MIN_SCALE, round(scale, 2)))
        if scale != self._scale:
            self._scale = scale
            self.events.scale.emit(scale)

    def set_language(self, language: str) -> None:
        """Switch the number format (``en`` or ``pt``)."""
        if language not in NUMBER_FORMATS:
            raise ValueError(f"unknown language {language!r}; choose en or pt")
        if language != self._language:
            self._language = language
            self.events.language.emit(language)

    def set_dark(self, on: bool) -> None:
        """Dark or light theme."""
        if on != self._dark:
            self._dark = on
            self.events.look.emit()

    @property
    def presenting(self) -> bool:
        """On a projector: the main visual of each step is drawn for the back row."""
        return self._presenting

    def set_presenting(self, on: bool, stage_scale: float = PRESENTATION_BASE_SCALE) -> None:
        """Projector sizes on or off (sizes, so listeners hear it as a change of ``scale``).

        ``stage_scale`` sizes the main visual of each step: 1.5 on a 1024 × 768 projector and in
        proportion to the screen beyond (the rest of the type stops growing at 2.5).
        """
        stage_scale = max(PRESENTATION_BASE_SCALE, stage_scale)
        if on != self._presenting or stage_scale != self._stage_scale:
            self._presenting, self._stage_scale = on, stage_scale
            self.events.scale.emit(self._scale)

    def stage_px(self, size: float = 22) -> int:
        """Pixel size of the main visual's type while presenting: ``size`` px on a 1024 × 768
        projector, growing with the screen's height.

        22 px type has digits 16 px tall: readable from the back row of a classroom.
        """
        return round(size * self._stage_scale / PRESENTATION_BASE_SCALE)

    def set_high_contrast(self, on: bool) -> None:
        """Turn the projector theme on or off."""
        if on != self._high_contrast:
            self._high_contrast = on
            self.events.look.emit()
