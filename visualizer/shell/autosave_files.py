"""The autosave's files: where the work is kept against a crash, and how an offer is set aside. No Qt.

Beside ``autosave.json`` (the session: :mod:`visualizer.io.session`) lies ``autosave-lesson.json``
while the lesson in use has edits not saved: a lesson file of its own, read back as any lesson
file is (a lesson may be larger than a session may). At the next start both are set aside as
``autosave-offered.json`` and ``autosave-offered-lesson.json`` until the teacher answers the offer,
so that the new run's own autosave never writes over them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from visualizer.lesson.file import Lesson, read_lesson, write_lesson


def lesson_copy(session: Path) -> Path:
    """Where the edits of the lesson in use lie beside the autosave (or its offer) ``session``."""
    return session.with_name(f"{session.stem}-lesson.json")


@dataclass(frozen=True)
class AutosaveFiles:
    """The autosave at ``path`` (``.../autosave.json``) and its offer."""

    path: Path

    @property
    def offered(self) -> Path:
        """Where the work a previous run saved waits while it is offered."""
        return self.path.with_name("autosave-offered.json")

    def set_aside(self) -> bool:
        """At start: the previous run's autosave (and its lesson's edits) becomes the offer, the
        newest work winning over an older offer never answered. True if an offer waits. Raises
        ``OSError`` if the files cannot be moved (they are then offered at a later start)."""
        if self.path.exists():
            lesson_copy(self.offered).unlink(missing_ok=True)
            if lesson_copy(self.path).exists():
                lesson_copy(self.path).replace(lesson_copy(self.offered))
            self.path.replace(self.offered)
        return self.offered.exists()

    def write(self, save_session: Callable[[Path], None], lesson: Lesson | None) -> None:
        """Keep the work: the session (written by ``save_session``), then the lesson's edits, or no
        copy of them when ``lesson`` is None (saved, or never edited). Each goes on its own: a lesson
        that cannot be written leaves the session kept. Raises ``OSError`` for the lesson's copy."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        save_session(self.path)
        if lesson is None:
            lesson_copy(self.path).unlink(missing_ok=True)
        else:
            write_lesson(lesson, lesson_copy(self.path))

    def drop(self) -> None:
        """Nothing to keep: this run's autosave goes (the offer, if any, stays)."""
        self.path.unlink(missing_ok=True)
        lesson_copy(self.path).unlink(missing_ok=True)

    def offers_a_lesson(self) -> bool:
        """True if the offer carries edits of a lesson."""
        return lesson_copy(self.offered).exists()

    def offered_lesson(self) -> Lesson:
        """The edited lesson of the offer. Raises ``LessonError`` naming the problem."""
        return read_lesson(lesson_copy(self.offered))

    def close_offer(self) -> None:
        """The offer is answered (restored, or declined): its files go."""
        self.offered.unlink(missing_ok=True)
        lesson_copy(self.offered).unlink(missing_ok=True)


__all__ = ["AutosaveFiles", "lesson_copy"]
