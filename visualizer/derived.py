"""Arrays derived from a model's state: computed once, handed out read-only, dropped on change. No Qt.

Both models (:class:`~visualizer.model.EmbeddingModel` and :class:`~visualizer.real.state.RealModel`)
keep their derived arrays here, so that "read-only and cached until the state changes" is
written once.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np


def read_only(array: np.ndarray) -> np.ndarray:
    """``array`` itself, no longer writeable (views read it; nobody may change it in place)."""
    array.flags.writeable = False
    return array


class DerivedArrays:
    """Arrays computed from a state, each at most once until :meth:`clear`.

    ``get(key, compute)`` returns the array stored under ``key``, computing it (and making it
    read-only) the first time.
    """

    def __init__(self) -> None:
        self._arrays: dict[str, Any] = {}

    def get(self, key: str, compute: Callable[[], Any]) -> Any:
        """The array under ``key``; ``compute()`` is called only if it is not kept yet."""
        if key not in self._arrays:
            self._arrays[key] = read_only(np.asarray(compute()))
        return self._arrays[key]

    def clear(self, prefix: str = "") -> None:
        """Forget every array (or only those whose key starts with ``prefix``)."""
        if not prefix:
            self._arrays.clear()
            return
        for key in [key for key in self._arrays if key.startswith(prefix)]:
            del self._arrays[key]


__all__ = ["DerivedArrays", "read_only"]
