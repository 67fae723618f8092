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


# Sentences the window translates (app/error_texts.py); {names} are filled in by UserError.
NOT_FOUND = "Model file not found: {path}"
A_FOLDER = "{path} is a folder, not a model file."
EMPTY = "{name} is empty (0 bytes), not a model."
NOT_GGUF = "{name} is not a GGUF model file (it looks like {kind})."
BIG_ENDIAN = "{name} is a big-endian GGUF file, which this computer cannot read."
UNSUPPORTED_VERSION = "This GGUF version ({version}) is not supported (this engine reads versions 2 and 3)."
ENDS_IN_HEADER = "This file is incomplete: it ends inside its header, at {size}."
INCOMPLETE = "This file is incomplete: it ends at {size} of {total}."
NO_ARCHITECTURE = "{name} does not say which model architecture it is, so it cannot be loaded."
PROJECTOR = "{name} is a vision projector (mmproj), not a model: it goes with a model's file."
NEWER_ARCHITECTURE = "This model's architecture '{architecture}' is newer than this version of Hearth's engine."


def check_model_file(path: str | os.PathLike[str]) -> Path:
    """Raise ModelFileError with one sentence if `path` is not a usable GGUF file."""
    from engine.models.file_kinds import SNIFF_BYTES, describe

    p = Path(path)
    if not p.exists():
        raise ModelFileError(NOT_FOUND, {"path": p})
    if p.is_dir():
        raise ModelFileError(A_FOLDER, {"path": p})
    if not p.is_file():  # a pipe would block the read, a device never end
        raise ModelFileError(f"Cannot read the model file {p}: it is not a regular file.")
    try:
        with p.open("rb") as f:
            head = f.read(SNIFF_BYTES)
    except OSError as exc:
        raise ModelFileError(f"Cannot read the model file {p}: {exc.strerror or exc}.") from exc
    if not head:
        raise ModelFileError(EMPTY, {"name": p.name})
    if not head.startswith(GGUF_MAGIC):
        raise ModelFileError(NOT_GGUF, {"name": p.name, "kind": describe(head)})
    _check_header(p)
    return p


def _check_header(p: Path) -> None:
    from engine.models.gguf_header import GGUFHeaderError, GGUFHeaderTruncatedError, GGUFVersionError, read_header

    size = p.stat().st_size
    try:
        header = read_header(p)
    except GGUFVersionError as exc:
        if exc.big_endian:
            raise ModelFileError(BIG_ENDIAN, {"name": p.name}) from exc
        raise ModelFileError(UNSUPPORTED_VERSION, {"version": exc.version}) from exc
    except GGUFHeaderTruncatedError as exc:
        raise ModelFileError(ENDS_IN_HEADER, {"size": _size(size)}) from exc
    except GGUFHeaderError as exc:
        raise ModelFileError(f"{p.name} is damaged: its header {exc}.") from exc
    except OSError as exc:
        raise ModelFileError(f"Cannot read the model file {p}: {exc.strerror or exc}.") from exc
    if size < header.data_end:
        raise ModelFileError(INCOMPLETE, {"size": _size(size), "total": _size(header.data_end)})
    _check_architecture(header.metadata.get("general.architecture"), p)


def _check_architecture(architecture: object, p: Path) -> None:
    from engine.models.llama_architectures import known_architectures

    if not isinstance(architecture, str) or not architecture:
        raise ModelFileError(NO_ARCHITECTURE, {"name": p.name})
    if architecture == "clip":
        raise ModelFileError(PROJECTOR, {"name": p.name})
    known = known_architectures()
    if known is not None and architecture not in known:
        shown = architecture if architecture.isprintable() and len(architecture) <= 40 else architecture[:40] + "..."
        raise ModelFileError(NEWER_ARCHITECTURE, {"architecture": shown})
