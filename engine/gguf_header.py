"""Read a GGUF file's header quickly, without loading tensors.

gguf.GGUFReader builds numpy views of every metadata array (the vocabulary alone
is ~100k strings) and takes seconds; we need the scalars and where the tensor
data ends, in milliseconds. Layout per the GGUF spec (ggml/docs/gguf.md).
"""

from __future__ import annotations

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


class GGUFHeaderError(ValueError):
    pass


class GGUFHeaderTruncatedError(GGUFHeaderError):
    """The bytes end before the header does: read more of the file and try again."""


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
    def __init__(self, buf: memoryview) -> None:
        self.buf = buf
        self.pos = 0

    def unpack(self, fmt: str) -> Any:  # struct gives Any; callers know the type
        size = struct.calcsize("<" + fmt)
        if self.pos + size > len(self.buf):
            raise GGUFHeaderTruncatedError("the header ends early")
        (value,) = struct.unpack_from("<" + fmt, self.buf, self.pos)
        self.pos += size
        return value

    def string(self) -> str:
        n = self.unpack("Q")
        if self.pos + n > len(self.buf):
            raise GGUFHeaderTruncatedError("the header ends early")
        raw = self.buf[self.pos : self.pos + n]
        self.pos += n
        return bytes(raw).decode("utf-8", errors="replace")

    def skip_string(self) -> None:
        n = self.unpack("Q")
        self.pos += n

    def value(self, vtype: int) -> Any:
        if vtype in _SCALARS:
            return self.unpack(_SCALARS[vtype])
        if vtype == _STRING:
            return self.string()
        if vtype == _ARRAY:
            item_type = self.unpack("I")
            count = self.unpack("Q")
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
        raise GGUFHeaderError(f"unknown metadata type {vtype}")


def _elements(dims: list[int]) -> int:
    elements = 1
    for d in dims:
        elements *= d
    return elements


def _tensor_bytes(ggml_type: int, dims: list[int]) -> int:
    try:
        block, type_size = GGML_QUANT_SIZES[GGMLQuantizationType(ggml_type)]
    except (ValueError, KeyError) as exc:
        raise GGUFHeaderError(f"unknown tensor type {ggml_type}") from exc
    return int(_elements(dims) * type_size // block)


def read_header(path: Path) -> GGUFHeader:
    """The header of a GGUF file on disk (mapped, so only the header's pages are read)."""
    with path.open("rb") as f:
        if path.stat().st_size == 0:
            raise GGUFHeaderError("not a GGUF file")
        with mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ) as buf, memoryview(buf) as view:
            return parse_header(view)


def parse_header(data: bytes | bytearray | memoryview) -> GGUFHeader:
    """The header from the first bytes of a GGUF file (e.g. an HTTP Range read).

    Raises GGUFHeaderTruncatedError when `data` ends inside the header: fetch more and call again."""
    with memoryview(data) as view:
        cur = _Cursor(view)
        if bytes(view[:4]) != b"GGUF":
            raise GGUFHeaderError("not a GGUF file")
        cur.pos = 4
        header = GGUFHeader(version=cur.unpack("I"))
        header.tensor_count = cur.unpack("Q")
        kv_count = cur.unpack("Q")
        for _ in range(kv_count):
            key = cur.string()
            header.metadata[key] = cur.value(cur.unpack("I"))
        ends = []
        for _ in range(header.tensor_count):
            cur.skip_string()
            n_dims = cur.unpack("I")
            dims = [cur.unpack("Q") for _ in range(n_dims)]
            ggml_type = cur.unpack("I")
            offset = cur.unpack("Q")
            ends.append(offset + _tensor_bytes(ggml_type, dims))
            header.parameter_count += _elements(dims)
        if cur.pos > len(view):
            raise GGUFHeaderTruncatedError("the header ends early")
        header.header_end = cur.pos
        alignment = int(header.metadata.get("general.alignment", DEFAULT_ALIGNMENT)) or DEFAULT_ALIGNMENT
        data_start = (cur.pos + alignment - 1) // alignment * alignment
        header.data_end = data_start + max(ends, default=0)
        return header
