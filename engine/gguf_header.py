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


class GGUFHeaderError(ValueError):
    pass


@dataclass
class GGUFHeader:
    version: int
    metadata: dict[str, Any] = field(default_factory=dict)  # scalars and strings; arrays as their length
    tensor_count: int = 0
    data_end: int = 0  # where the last tensor's bytes end, if the file is complete


class _Cursor:
    def __init__(self, buf: mmap.mmap) -> None:
        self.buf = buf
        self.pos = 0

    def unpack(self, fmt: str) -> Any:  # struct gives Any; callers know the type
        size = struct.calcsize("<" + fmt)
        if self.pos + size > len(self.buf):
            raise GGUFHeaderError("the header ends early")
        (value,) = struct.unpack_from("<" + fmt, self.buf, self.pos)
        self.pos += size
        return value

    def string(self) -> str:
        n = self.unpack("Q")
        if self.pos + n > len(self.buf):
            raise GGUFHeaderError("the header ends early")
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
                self.pos += struct.calcsize("<" + _SCALARS[item_type]) * count
            elif item_type == _STRING:
                for _ in range(count):
                    self.skip_string()
            else:
                for _ in range(count):
                    self.value(item_type)
            if self.pos > len(self.buf):
                raise GGUFHeaderError("the header ends early")
            return int(count)
        raise GGUFHeaderError(f"unknown metadata type {vtype}")


def _tensor_bytes(ggml_type: int, dims: list[int]) -> int:
    try:
        block, type_size = GGML_QUANT_SIZES[GGMLQuantizationType(ggml_type)]
    except (ValueError, KeyError) as exc:
        raise GGUFHeaderError(f"unknown tensor type {ggml_type}") from exc
    elements = 1
    for d in dims:
        elements *= d
    return int(elements * type_size // block)


def read_header(path: Path) -> GGUFHeader:
    with path.open("rb") as f, mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ) as buf:
        cur = _Cursor(buf)
        if bytes(buf[:4]) != b"GGUF":
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
        alignment = int(header.metadata.get("general.alignment", DEFAULT_ALIGNMENT)) or DEFAULT_ALIGNMENT
        data_start = (cur.pos + alignment - 1) // alignment * alignment
        header.data_end = data_start + max(ends, default=0)
        return header
