"""Check a model file before llama.cpp touches it, so bad files get one plain sentence
instead of a crash ("This file is incomplete: it ends at 31 MB of 92 MB").

Reads only the header (milliseconds; never the tensor data), and refuses what llama.cpp's own
GGUF reader refuses, so each fault is named here rather than as "llama.cpp could not load".
"""

from __future__ import annotations

import os
from pathlib import Path

from engine.errors import UserError

GGUF_MAGIC = b"GGUF"


class ModelFileError(UserError, ValueError):
    """The file cannot be used as a model; the message is one sentence for the user."""


def _size(n: int) -> str:
    return f"{n:,} bytes" if n < 1_000_000 else f"{n / 1e6:,.0f} MB"


def check_model_file(path: str | os.PathLike[str]) -> Path:
    """Raise ModelFileError with one sentence if `path` is not a usable GGUF file."""
    from engine.models.file_kinds import SNIFF_BYTES, describe

    p = Path(path)
    if not p.exists():
        raise ModelFileError("model_file.not_found", path=p)
    if p.is_dir():
        raise ModelFileError("model_file.folder", path=p)
    if not p.is_file():  # a pipe would block the read, a device never end
        raise ModelFileError("model_file.not_regular", path=p)
    try:
        with p.open("rb") as f:
            head = f.read(SNIFF_BYTES)
    except OSError as exc:
        raise ModelFileError("model_file.unreadable", path=p, problem=exc.strerror or exc) from exc
    if not head:
        raise ModelFileError("model_file.empty", name=p.name)
    if not head.startswith(GGUF_MAGIC):
        raise ModelFileError("model_file.not_gguf", name=p.name, kind=describe(head))
    _check_header(p)
    return p


def _check_header(p: Path) -> None:
    from engine.models.gguf_header import GGUFHeaderError, GGUFHeaderTruncatedError, GGUFVersionError, read_header

    size = p.stat().st_size
    try:
        header = read_header(p)
    except GGUFVersionError as exc:
        if exc.big_endian:
            raise ModelFileError("model_file.big_endian", name=p.name) from exc
        raise ModelFileError("model_file.unsupported_version", version=exc.version) from exc
    except GGUFHeaderTruncatedError as exc:
        raise ModelFileError("model_file.ends_in_header", size=_size(size)) from exc
    except GGUFHeaderError as exc:
        raise ModelFileError("model_file.damaged_header", name=p.name, problem=exc) from exc
    except OSError as exc:
        raise ModelFileError("model_file.unreadable", path=p, problem=exc.strerror or exc) from exc
    if size < header.data_end:
        raise ModelFileError("model_file.incomplete", size=_size(size), total=_size(header.data_end))
    _check_architecture(header.metadata.get("general.architecture"), p)


def _check_architecture(architecture: object, p: Path) -> None:
    from engine.models.llama_architectures import known_architectures

    if not isinstance(architecture, str) or not architecture:
        raise ModelFileError("model_file.no_architecture", name=p.name)
    if architecture == "clip":
        raise ModelFileError("model_file.projector", name=p.name)
    known = known_architectures()
    if known is not None and architecture not in known:
        shown = architecture if architecture.isprintable() and len(architecture) <= 40 else architecture[:40] + "..."
        raise ModelFileError("model_file.newer_architecture", architecture=shown)
