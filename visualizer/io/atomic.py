"""One way to write a file so that a crash never leaves half of it: temp file, fsync, rename."""

from __future__ import annotations

import os
from pathlib import Path


def write_atomically(path: Path, data: bytes) -> None:
    """Write ``data`` to a temporary file beside ``path``, flush it to disk, rename it over ``path``.

    The folder is synced too, so the rename itself survives a power cut. Raises ``OSError``
    (the temporary file is removed); callers turn it into their own error naming the file.
    """
    temporary = path.with_name(f".{path.name}.saving")
    try:
        with open(temporary, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temporary, path)
    except OSError:
        temporary.unlink(missing_ok=True)
        raise
    if hasattr(os, "O_DIRECTORY"):  # folders cannot be opened (or synced) this way on Windows
        directory = os.open(path.parent if str(path.parent) else ".", os.O_RDONLY | os.O_DIRECTORY)
        try:
            os.fsync(directory)
        finally:
            os.close(directory)
