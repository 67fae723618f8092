"""Check a model file before llama.cpp touches it, so bad files get a plain sentence
instead of a crash ("This file is not a complete GGUF model: it ends after 31 MB of 92 MB").
"""

from __future__ import annotations

import os
from pathlib import Path

GGUF_MAGIC = b"GGUF"


class ModelFileError(ValueError):
    """The file cannot be used as a model; the message is one sentence for the user."""


def _mb(n: int) -> str:
    return f"{n / 1e6:,.0f} MB"


def check_model_file(path: str | os.PathLike[str]) -> Path:
    """Raise ModelFileError with one sentence if `path` is not a usable GGUF file."""
    p = Path(path)
    if not p.exists():
        raise ModelFileError(f"Model file not found: {p}")
    if p.is_dir():
        raise ModelFileError(f"{p} is a folder, not a model file.")
    try:
        with p.open("rb") as f:
            magic = f.read(4)
    except OSError as exc:
        raise ModelFileError(f"Cannot read the model file {p}: {exc.strerror or exc}.") from exc
    if magic != GGUF_MAGIC:
        raise ModelFileError(f"{p.name} is not a GGUF model file.")
    size = p.stat().st_size
    expected = _expected_size(p)
    if size < expected:
        raise ModelFileError(f"This file is not a complete GGUF model: it ends after {_mb(size)} of {_mb(expected)}.")
    return p


def _expected_size(p: Path) -> int:
    """End of the last tensor's data according to the header."""
    from engine.gguf_header import GGUFHeaderError, read_header

    try:
        return read_header(p).data_end
    except GGUFHeaderError as exc:
        raise ModelFileError(f"{p.name} is damaged: its GGUF header cannot be read ({exc}).") from exc
