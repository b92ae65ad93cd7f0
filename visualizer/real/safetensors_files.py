"""Safetensors files without torch: headers read and checked by hand, tensors through the library.

A safetensors file is an 8-byte little-endian header length N, N bytes of JSON mapping each
tensor name to ``{dtype, shape, data_offsets}`` (offsets relative to the end of the header),
then the raw little-endian data. Reading the header ourselves gives clear messages for
truncated or absurd files and parameter counts from shapes alone (no data read); the rows
themselves come from ``safetensors.safe_open(framework="np")``, which memory-maps the file, so
looking up n tokens reads n rows, not the table. No Qt, never unpickles anything.
"""

from __future__ import annotations

import json
import math
import struct
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import ml_dtypes  # noqa: F401  # registers bfloat16 with NumPy, so safe_open can hand out BF16 rows
import numpy as np
from safetensors import SafetensorError, safe_open

MAX_HEADER_BYTES = 100 * 2**20
"""The safetensors library refuses headers above 100 MB; a longer one is a broken file."""

ITEM_SIZES = {"F64": 8, "F32": 4, "F16": 2, "BF16": 2, "I64": 8, "I32": 4, "I16": 2, "I8": 1, "U64": 8,
              "U32": 4, "U16": 2, "U8": 1, "BOOL": 1, "F8_E4M3": 1, "F8_E5M2": 1}
FLOAT_DTYPES = ("F64", "F32", "F16", "BF16", "F8_E4M3", "F8_E5M2")
TABLE_DTYPES: dict[str, np.dtype[Any]] = {
    "F32": np.dtype("<f4"), "F16": np.dtype("<f2"), "BF16": np.dtype("<u2"), "F64": np.dtype("<f8")}
"""Table dtypes this app decodes, with the raw dtype its chunked reader sees (BF16 as its 16 bits)."""
# The bits that make a float non-finite (exponent all ones): NaN or ±inf.
_EXPONENT_MASKS: dict[str, int] = {"F32": 0x7F800000, "F16": 0x7C00, "BF16": 0x7F80, "F64": 0x7FF0000000000000}
_RAW_INTS: dict[str, np.dtype[Any]] = {
    "F32": np.dtype("<u4"), "F16": np.dtype("<u2"), "BF16": np.dtype("<u2"), "F64": np.dtype("<u8")}
CHUNK_BYTES = 2**20
"""Bytes of a table read at a time when a whole table is scanned (norms, neighbours, finiteness)."""


class SafetensorsFileError(ValueError):
    """A file that is not a readable safetensors file; the message names it and the problem."""


@dataclass(frozen=True)
class TensorEntry:
    """One tensor of a header.

    Attributes
    ----------
    name : str
    dtype : str
        The safetensors dtype code (F32, BF16, I64, …).
    shape : tuple of int
    start, stop : int
        Absolute byte range in the file.
    path : Path
        The file holding it (one shard of a sharded checkpoint).
    """

    name: str
    dtype: str
    shape: tuple[int, ...]
    start: int
    stop: int
    path: Path

    @property
    def count(self) -> int:
        """Number of elements (the product of the shape)."""
        return math.prod(self.shape)

    @property
    def is_float(self) -> bool:
        """True for floating-point tensors (weights); False for ids, masks and counters."""
        return self.dtype in FLOAT_DTYPES


def read_header(path: Path) -> dict[str, TensorEntry]:
    """Read and check the header of one safetensors file; reads no tensor data.

    Raises
    ------
    SafetensorsFileError
        A file shorter than its header says, a header length that is absurd, a header that is
        not JSON, or a tensor whose bytes do not fit its shape or lie past the end of the file.
    """
    try:
        size = path.stat().st_size
        with open(path, "rb") as handle:
            prefix = handle.read(8)
            if len(prefix) < 8:
                raise SafetensorsFileError(f"{path.name} is truncated: {size} bytes, not even a header")
            (length,) = struct.unpack("<Q", prefix)
            if length > MAX_HEADER_BYTES or length > size - 8:
                raise SafetensorsFileError(
                    f"{path.name} has an absurd header length ({length:,} bytes in a file of {size:,} bytes): "
                    "the file is truncated or not a safetensors file")
            raw = handle.read(length)
    except OSError as error:
        raise SafetensorsFileError(f"cannot read {path}: {error.strerror or error}") from None
    try:
        header = json.loads(raw)
    except (UnicodeDecodeError, ValueError):
        raise SafetensorsFileError(f"{path.name} has a header that is not valid JSON") from None
    if not isinstance(header, dict):
        raise SafetensorsFileError(f"{path.name} has a header that is not a JSON object")
    data_start = 8 + length
    entries: dict[str, TensorEntry] = {}
    for name, info in header.items():
        if name == "__metadata__":
            continue
        entries[name] = _entry(path, name, info, data_start, size)
    return entries


def _entry(path: Path, name: str, info: Any, data_start: int, size: int) -> TensorEntry:
    try:
        dtype = str(info["dtype"])
        shape = tuple(info["shape"])
        begin, end = info["data_offsets"]
        if not all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in (*shape, begin, end)):
            raise TypeError
    except (KeyError, TypeError, ValueError):
        raise SafetensorsFileError(f"{path.name}: tensor {name!r} has a malformed header entry") from None
    if data_start + end > size:
        raise SafetensorsFileError(
            f"{path.name} is truncated: tensor {name!r} needs bytes up to {data_start + end:,}, "
            f"the file has {size:,}")
    item = ITEM_SIZES.get(dtype)
    if item is not None and end - begin != math.prod(shape) * item:
        raise SafetensorsFileError(f"{path.name}: tensor {name!r} has {end - begin} bytes for shape {list(shape)}")
    return TensorEntry(name, dtype, shape, data_start + begin, data_start + end, path)


class TensorTable:
    """A 2-D float tensor in a safetensors file, read row by row without loading it.

    Rows come from ``safe_open(framework="np").get_slice`` (memory-mapped); whole-table scans
    read the file in chunks of about :data:`CHUNK_BYTES` into one reused buffer, so they add no
    more than a chunk (and its float32 decoding) to the process's memory.
    """

    def __init__(self, entry: TensorEntry) -> None:
        if entry.dtype not in TABLE_DTYPES:
            raise SafetensorsFileError(f"{entry.path.name}: tensor {entry.name!r} is {entry.dtype}; this app reads "
                                       "F32, F16 and BF16 tables")
        if len(entry.shape) != 2:
            raise SafetensorsFileError(f"{entry.path.name}: tensor {entry.name!r} has shape {list(entry.shape)}; "
                                       "a table must have 2 dimensions (rows × width)")
        self.entry = entry
        try:
            self._file = safe_open(str(entry.path), framework="np")
            self._slice = self._file.get_slice(entry.name)  # type: ignore[no-untyped-call]  # safetensors leaves it untyped
        except (SafetensorError, OSError, TypeError) as error:
            raise SafetensorsFileError(f"{entry.path.name}: cannot open tensor {entry.name!r}: {error}") from None

    @property
    def shape(self) -> tuple[int, int]:
        """(rows, width)."""
        return self.entry.shape[0], self.entry.shape[1]

    @property
    def dtype(self) -> str:
        """The stored dtype code: F32, F16 or BF16."""
        return self.entry.dtype

    def rows(self, ids: Sequence[int]) -> np.ndarray:
        """The rows ``ids`` (repeats allowed), decoded to float64.

        Returns
        -------
        ndarray, shape (len(ids), width)
        """
        ids_array = np.asarray(ids, dtype=np.int64).reshape(-1)
        rows, width = self.shape
        if ids_array.size and (ids_array.min() < 0 or ids_array.max() >= rows):
            raise IndexError(f"row ids must lie in 0..{rows - 1}")
        unique, inverse = np.unique(ids_array, return_inverse=True)
        out = np.empty((unique.size, width), dtype=np.float64)
        # Runs of consecutive ids come in one slice; each slice reads only its own rows.
        breaks = np.flatnonzero(np.diff(unique) != 1) + 1
        for run in np.split(np.arange(unique.size), breaks):
            if run.size:
                first = int(unique[run[0]])
                out[run] = np.asarray(self._slice[first:first + run.size], dtype=np.float64)
        return out[inverse.reshape(-1)]

    def read_all(self) -> np.ndarray:
        """The whole table in float64 (for small tables: positions, token types)."""
        return np.asarray(self._slice[0:self.shape[0]], dtype=np.float64)

    def chunks(self, chunk_bytes: int = CHUNK_BYTES) -> Iterator[tuple[int, np.ndarray]]:
        """Consecutive blocks of rows as float32: (first row, block of shape (k, width)).

        The block is overwritten by the next one: use it before asking for the next.
        """
        decoded: np.ndarray | None = None
        for start, raw in self._raw_chunks(chunk_bytes):
            if decoded is None or decoded.shape[0] < raw.shape[0]:
                decoded = np.empty(raw.shape, dtype=np.float32)
            block = decoded[:raw.shape[0]]
            self._decode(raw, block)
            yield start, block

    def first_nonfinite_row(self, chunk_bytes: int = CHUNK_BYTES) -> int | None:
        """The first row holding a NaN or ±inf, or None; checks the exponent bits, no decoding."""
        mask = _EXPONENT_MASKS[self.dtype]
        scratch: np.ndarray | None = None
        for start, raw in self._raw_chunks(chunk_bytes):
            if scratch is None or scratch.shape != raw.shape:
                scratch = np.empty_like(raw)
            np.bitwise_and(raw, mask, out=scratch)
            # One flat test per chunk; the row is looked for only in a chunk that has one.
            if (scratch == mask).any():
                return start + int(np.flatnonzero((scratch == mask).any(axis=1))[0])
        return None

    def _raw_chunks(self, chunk_bytes: int) -> Iterator[tuple[int, np.ndarray]]:
        rows, width = self.shape
        raw_dtype = _RAW_INTS[self.dtype]
        row_bytes = width * raw_dtype.itemsize
        per_chunk = max(1, chunk_bytes // max(row_bytes, 1))
        buffer = np.empty((min(per_chunk, rows), width), dtype=raw_dtype)
        with open(self.entry.path, "rb") as handle:
            handle.seek(self.entry.start)
            for start in range(0, rows, per_chunk):
                count = min(per_chunk, rows - start)
                view = buffer[:count]
                if handle.readinto(view.data.cast("B")) != count * row_bytes:
                    raise SafetensorsFileError(f"{self.entry.path.name} ended early inside {self.entry.name!r}")
                yield start, view

    def _decode(self, raw: np.ndarray, out: np.ndarray) -> None:
        if self.dtype == "BF16":
            # bfloat16 is the top half of a float32: shift the 16 bits up, in one pass into ``out``.
            np.left_shift(raw, 16, out=out.view(np.uint32), dtype=np.uint32)
        else:
            out[...] = raw.view(TABLE_DTYPES[self.dtype])


def row_square_sums(entry: TensorEntry, chunk_bytes: int = CHUNK_BYTES) -> np.ndarray:
    """Σ_j W[i, j]² for every row i of a 2-D float tensor, read memory-mapped in blocks of rows.

    The file is mapped (``np.memmap``), never loaded: each block of about ``chunk_bytes`` is
    decoded to float32 (BF16 by shifting its 16 bits up), squared and summed, then dropped.

    Returns
    -------
    ndarray, shape (rows,), float64

    Raises
    ------
    SafetensorsFileError
        A tensor that is not 2-D, or stored in a dtype this app does not decode (FP8, integers).
    """
    if entry.dtype not in TABLE_DTYPES:
        raise SafetensorsFileError(f"{entry.path.name}: tensor {entry.name!r} is stored as {entry.dtype}; this app "
                                   "decodes F32, F16 and BF16 weights")
    if len(entry.shape) != 2:
        raise SafetensorsFileError(f"{entry.path.name}: tensor {entry.name!r} has shape {list(entry.shape)}, not 2-D")
    rows, width = entry.shape
    raw_dtype = _RAW_INTS[entry.dtype]
    mapped = np.memmap(entry.path, dtype=raw_dtype, mode="r", offset=entry.start, shape=(rows, width))
    out = np.empty(rows, dtype=np.float64)
    per_block = max(1, chunk_bytes // max(1, width * raw_dtype.itemsize))
    decoded = np.empty((min(per_block, rows), width), dtype=np.float32)
    for start in range(0, rows, per_block):
        block = mapped[start:start + per_block]
        values = decoded[:block.shape[0]]
        if entry.dtype == "BF16":
            np.left_shift(block, 16, out=values.view(np.uint32), dtype=np.uint32)
        else:
            values[...] = block.view(TABLE_DTYPES[entry.dtype])
        out[start:start + block.shape[0]] = np.einsum("ij,ij->i", values, values, dtype=np.float64)
    del mapped
    return out


def read_small_tensor(entry: TensorEntry) -> np.ndarray:
    """A whole (small) float tensor in float64: LayerNorm weights, token-type rows.

    Raises
    ------
    SafetensorsFileError
        For a non-float dtype or a file the library cannot read.
    """
    if entry.dtype not in TABLE_DTYPES:
        raise SafetensorsFileError(f"{entry.path.name}: tensor {entry.name!r} is {entry.dtype}, not a float table")
    try:
        with safe_open(str(entry.path), framework="np") as handle:
            return np.asarray(handle.get_tensor(entry.name), dtype=np.float64)
    except (SafetensorError, OSError, TypeError) as error:
        raise SafetensorsFileError(f"{entry.path.name}: cannot read tensor {entry.name!r}: {error}") from None
