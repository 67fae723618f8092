"""Read a GGUF file's header quickly, without loading tensors.

gguf.GGUFReader builds numpy views of every metadata array (the vocabulary alone
is ~100k strings) and takes seconds; we need the scalars and where the tensor
data ends, in milliseconds. Layout per the GGUF spec (ggml/docs/gguf.md).
"""

from __future__ import annotations

import functools
import mmap
import struct
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gguf.constants import GGML_QUANT_SIZES, GGMLQuantizationType

# GGUF value types -> struct format for scalars.
_SCALARS = {0: "B", 1: "b", 2: "H", 3: "h", 4: "I", 5: "i", 6: "f", 7: "?", 10: "Q", 11: "q", 12: "d"}
_STRING, _ARRAY = 8, 9
DEFAULT_ALIGNMENT = 32
# Numeric arrays up to this length are kept as lists: per-layer values such as head_count_kv
# or Gemma's sliding_window_pattern. Longer ones (token types, scores) stay a count.
SMALL_ARRAY = 4096


# What llama.cpp (gguf.cpp) reads: versions 2 and 3, at most 4 dimensions, names of at most 63 bytes.
SUPPORTED_VERSIONS = (2, 3)
MAX_DIMS = 4
MAX_NAME = 63
# The least bytes one key-value pair (an empty key and a uint8) and one tensor info (an empty name,
# no dimensions, a type, an offset) take: counts beyond the file size over these are impossible.
_MIN_KV_BYTES = 8 + 4 + 1
_MIN_TENSOR_INFO_BYTES = 8 + 4 + 4 + 8
_NO_LIMIT = 1 << 62  # for a Range read, where the file's size is not known
# No header needs gigabytes: a count or length past the end of the file that claims more is damage;
# a smaller one is a file cut short (a download that stopped) and reads as truncated.
_ABSURD_BYTES = 1 << 32


class GGUFHeaderError(ValueError):
    """The header is damaged; str() is a short phrase that finishes "its header ..." for the user."""


class GGUFHeaderTruncatedError(GGUFHeaderError):
    """The bytes end before the header does: read more of the file and try again."""


class GGUFVersionError(GGUFHeaderError):
    """A GGUF version llama.cpp does not read (1 is gone, later ones do not exist yet)."""

    def __init__(self, version: int) -> None:
        super().__init__(f"has GGUF version {version}")
        self.version = version
        # A big-endian file (made for s390x) shows its version byte-swapped.
        self.big_endian = version & 0xFFFF == 0 and (version >> 24) in SUPPORTED_VERSIONS


@dataclass
class GGUFHeader:
    version: int
    # Scalars and strings; numeric arrays of up to SMALL_ARRAY items as lists; other arrays as their length.
    metadata: dict[str, Any] = field(default_factory=dict)
    tensor_count: int = 0
    data_end: int = 0  # where the last tensor's bytes end, if the file is complete
    parameter_count: int = 0  # elements over all tensors in this file
    header_end: int = 0  # where the tensor infos end (the header's own size, before alignment)


class _Cursor:
    def __init__(self, buf: memoryview, file_size: int | None) -> None:
        self.buf = buf
        self.pos = 0
        self.file_size = file_size if file_size is not None else _NO_LIMIT

    def left(self) -> int:
        """Bytes left in the file (not only in `buf`) after the cursor."""
        return self.file_size - self.pos

    def _claim(self, n_bytes: int, damage: str) -> None:
        if n_bytes > self.left():
            if n_bytes > _ABSURD_BYTES:
                raise GGUFHeaderError(damage)
            raise GGUFHeaderTruncatedError("the header ends early")

    def count(self, what: str, min_bytes: int) -> int:
        """A count of things that follow, each at least `min_bytes` long; an impossible one is an error."""
        n = int(self.unpack("Q"))
        self._claim(n * min_bytes, f"claims {n:,} {what}, more than the file can hold")
        return n

    def length(self) -> int:
        n = int(self.unpack("Q"))
        self._claim(n, f"has a text of {n:,} bytes that runs past the end of the file")
        return n

    def unpack(self, fmt: str) -> Any:  # struct gives Any; callers know the type
        size = struct.calcsize("<" + fmt)
        if self.pos + size > len(self.buf):
            raise GGUFHeaderTruncatedError("the header ends early")
        (value,) = struct.unpack_from("<" + fmt, self.buf, self.pos)
        self.pos += size
        return value

    def string(self) -> str:
        n = self.length()
        if self.pos + n > len(self.buf):
            raise GGUFHeaderTruncatedError("the header ends early")
        raw = self.buf[self.pos : self.pos + n]
        self.pos += n
        return bytes(raw).decode("utf-8", errors="replace")

    def skip_string(self) -> None:
        n = self.length()
        self.pos += n

    def value(self, vtype: int) -> Any:
        if vtype in _SCALARS:
            return self.unpack(_SCALARS[vtype])
        if vtype == _STRING:
            return self.string()
        if vtype == _ARRAY:
            item_type = self.unpack("I")
            item_size = struct.calcsize("<" + _SCALARS[item_type]) if item_type in _SCALARS else 8
            count = self.count("array items", item_size)
            if item_type in _SCALARS:
                fmt = _SCALARS[item_type]
                size = struct.calcsize("<" + fmt) * count
                if count <= SMALL_ARRAY and self.pos + size <= len(self.buf):
                    values = list(struct.unpack_from(f"<{count}{fmt}", self.buf, self.pos))
                    self.pos += size
                    return values
                self.pos += size
            elif item_type == _STRING:
                for _ in range(count):
                    self.skip_string()
            else:
                for _ in range(count):
                    self.value(item_type)
            if self.pos > len(self.buf):
                raise GGUFHeaderTruncatedError("the header ends early")
            return int(count)
        raise GGUFHeaderError(f"has a value of unknown type {vtype}")


def _elements(dims: list[int]) -> int:
    elements = 1
    for d in dims:
        elements *= d
    return elements


def _tensor_bytes(name: str, ggml_type: int, dims: list[int]) -> int:
    try:
        block, type_size = GGML_QUANT_SIZES[GGMLQuantizationType(ggml_type)]
    except (ValueError, KeyError) as exc:
        raise GGUFHeaderError(f"gives tensor '{name}' an unknown type ({ggml_type})") from exc
    if dims and dims[0] % block:
        raise GGUFHeaderError(f"gives tensor '{name}' rows that do not fit its type's blocks")
    size = int(_elements(dims) * type_size // block)
    if size >= 1 << 63:
        raise GGUFHeaderError(f"gives tensor '{name}' sizes that overflow")
    return size


def _tensor_dims(cur: _Cursor, name: str) -> list[int]:
    n_dims = cur.unpack("I")
    if n_dims > MAX_DIMS:
        raise GGUFHeaderError(f"gives tensor '{name}' {n_dims:,} dimensions (at most {MAX_DIMS})")
    dims = [int(cur.unpack("Q")) for _ in range(n_dims)]
    # llama.cpp counts elements and bytes in int64: sizes past that are damage, not models.
    if any(d >= 1 << 63 for d in dims) or _elements(dims) >= 1 << 63:
        raise GGUFHeaderError(f"gives tensor '{name}' sizes that overflow")
    return dims


def _alignment(metadata: dict[str, Any]) -> int:
    alignment = metadata.get("general.alignment", DEFAULT_ALIGNMENT)
    if not isinstance(alignment, int) or alignment <= 0 or alignment & (alignment - 1):
        raise GGUFHeaderError(f"has an invalid alignment ({alignment!r})")
    return alignment


def read_header(path: Path) -> GGUFHeader:
    """The header of a GGUF file on disk (mapped, so only the header's pages are read).

    Remembered per file version (path, size, mtime): one load asks for it several times (the file
    check, the memory guard for the new and the old model, auto GPU layers), and walking a large
    vocabulary costs 100-200 ms each time. Treat the result as read-only."""
    stat = path.stat()
    return _read_header(str(path.resolve()), stat.st_size, stat.st_mtime_ns, stat.st_ino)


@functools.lru_cache(maxsize=16)
def _read_header(path: str, size: int, _mtime_ns: int, _inode: int) -> GGUFHeader:
    if size == 0:
        raise GGUFHeaderError("not a GGUF file")
    with open(path, "rb") as f, mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ) as buf, memoryview(buf) as view:
        return parse_header(view, file_size=size)


def parse_header(data: bytes | bytearray | memoryview, file_size: int | None = None) -> GGUFHeader:
    """The header from the first bytes of a GGUF file (e.g. an HTTP Range read).

    Raises GGUFHeaderTruncatedError when `data` ends inside the header: fetch more and call again.
    With `file_size` (the whole file's), counts and lengths the file cannot hold are GGUFHeaderError,
    as are the other faults llama.cpp's own reader (gguf.cpp) refuses: a version other than 2 or 3,
    duplicate keys or tensor names, unknown tensor types, more than 4 dimensions, sizes that overflow,
    a bad alignment, and tensor data that is not where the header's sizes put it."""
    with memoryview(data) as view:
        cur = _Cursor(view, file_size)
        if bytes(view[:4]) != b"GGUF":
            raise GGUFHeaderError("not a GGUF file")
        cur.pos = 4
        header = GGUFHeader(version=cur.unpack("I"))
        if header.version not in SUPPORTED_VERSIONS:
            raise GGUFVersionError(header.version)
        header.tensor_count = cur.count("tensors", _MIN_TENSOR_INFO_BYTES)
        kv_count = cur.count("metadata entries", _MIN_KV_BYTES)
        for _ in range(kv_count):
            key = cur.string()
            if key in header.metadata:
                raise GGUFHeaderError(f"has the key '{key[:MAX_NAME]}' twice")
            header.metadata[key] = cur.value(cur.unpack("I"))
        alignment = _alignment(header.metadata)
        names: set[str] = set()
        expected_offset = 0  # llama.cpp wants each tensor's data right after the previous one's, aligned
        for _ in range(header.tensor_count):
            name = cur.string()
            if len(name.encode()) > MAX_NAME:
                raise GGUFHeaderError(f"has a tensor name longer than {MAX_NAME} bytes ('{name[:MAX_NAME]}...')")
            if name in names:
                raise GGUFHeaderError(f"has the tensor '{name}' twice")
            names.add(name)
            dims = _tensor_dims(cur, name)
            ggml_type = cur.unpack("I")
            offset = cur.unpack("Q")
            if offset != expected_offset:
                raise GGUFHeaderError(f"puts tensor '{name}' data at a wrong place ({offset:,})")
            size = _tensor_bytes(name, ggml_type, dims)
            expected_offset += (size + alignment - 1) // alignment * alignment
            header.data_end = offset + size  # relative to the data section until the end
            header.parameter_count += _elements(dims)
        if cur.pos > len(view):
            raise GGUFHeaderTruncatedError("the header ends early")
        header.header_end = cur.pos
        data_start = (cur.pos + alignment - 1) // alignment * alignment
        header.data_end += data_start
        return header
