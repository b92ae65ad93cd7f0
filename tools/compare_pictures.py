"""Did a change move a pixel? The app's classroom pictures at two commits, compared pixel by pixel.

    .venv/bin/python tools/compare_pictures.py BEFORE [AFTER]

BEFORE and AFTER are git revisions (AFTER defaults to the working tree). Each is checked out in a
temporary git worktree and run with this venv's Python: every lesson step while presenting at
1024 × 768 and two steps at 1920 × 1080, plus the ordinary window at 1400 × 900, in English and
Portuguese (24 pictures with today's 9 steps). Prints the pictures that differ and how many pixels;
exits 1 if any do. A refactor should print "0 pixels differ".
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np
from PySide6.QtGui import QImage

ROOT = Path(__file__).resolve().parents[1]
STEPS = len(json.loads((ROOT / "resources" / "lesson" / "embeddings.json").read_text(encoding="utf-8"))["steps"])
SHOTS = [(f"present-{lang}-step{step}", ["--presentation", "--size", "1024x768", "--step", str(step), "--lang", lang])
         for lang in ("en", "pt") for step in range(1, STEPS + 1)]
SHOTS += [(f"present-{lang}-step{step}-1080", ["--presentation", "--size", "1920x1080", "--step", str(step),
                                               "--lang", lang]) for lang in ("en", "pt") for step in (4, 7)]
SHOTS += [(f"window-{lang}", ["--size", "1400x900", "--lang", lang]) for lang in ("en", "pt")]


def take_pictures(checkout: Path, folder: Path) -> None:
    """Every picture of :data:`SHOTS`, made by ``checkout``'s own main.py, into ``folder``."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    for name, options in SHOTS:
        run = subprocess.run([sys.executable, "main.py", "--screenshot", str(folder / f"{name}.png"), *options],
                             cwd=checkout, env=env, capture_output=True, text=True, timeout=120)
        if run.returncode != 0:
            raise SystemExit(f"{checkout.name}: the picture {name} failed (exit {run.returncode}):\n{run.stderr}")


def pixels(path: Path) -> np.ndarray:
    """The picture as an (height, width, 4) array of RGBA bytes."""
    image = QImage(str(path)).convertToFormat(QImage.Format.Format_RGBA8888)
    rows = np.frombuffer(image.constBits(), dtype=np.uint8, count=image.sizeInBytes())
    return rows.reshape(image.height(), image.bytesPerLine())[:, :image.width() * 4].reshape(
        image.height(), image.width(), 4).copy()


def differing_pixels(before: Path, after: Path) -> int | None:
    """How many pixels differ; None if the pictures differ in size."""
    a, b = pixels(before), pixels(after)
    return None if a.shape != b.shape else int((a != b).any(axis=2).sum())


def main(argv: list[str]) -> int:
    if not 1 <= len(argv) <= 2:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="compare-pictures-") as temporary:
        work = Path(temporary)
        folders = []
        for label, revision in zip(("before", "after"), [*argv, None][:2], strict=True):
            folder = work / label
            folder.mkdir()
            checkout = ROOT
            if revision is not None:
                checkout = work / f"checkout-{label}"
                subprocess.run(["git", "worktree", "add", "--detach", "-q", str(checkout), revision],
                               cwd=ROOT, check=True)
            try:
                take_pictures(checkout, folder)
            finally:
                if revision is not None:
                    subprocess.run(["git", "worktree", "remove", "--force", str(checkout)], cwd=ROOT, check=True)
            folders.append(folder)
        changed = 0
        for name, _ in SHOTS:
            count = differing_pixels(folders[0] / f"{name}.png", folders[1] / f"{name}.png")
            if count != 0:
                changed += 1
                print(f"{name}: {'another size' if count is None else f'{count} pixels differ'}")
        print(f"{len(SHOTS) - changed} of {len(SHOTS)} pictures identical"
              + ("; 0 pixels differ" if changed == 0 else ""))
        return 1 if changed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
