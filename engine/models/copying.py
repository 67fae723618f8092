"""Putting a model file into Hearth's models folder: a free-space check, a copy that hashes as it
goes (no second read), and the `<file>.source.json` record beside each file that says where it
came from and its sha256 (downloads write the same record: repo_id, revision, path, sha256, size).
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

from engine.json_file import read_json_object
from engine.models.external import SHA256_HEX

SIDECAR_SUFFIX = ".source.json"
COPY_CHUNK = 8 * 1024 * 1024

Progress = Callable[[int, int], None]  # (bytes done, bytes in all)


def sidecar_path(model_file: Path) -> Path:
    return model_file.with_name(model_file.name + SIDECAR_SUFFIX)


def read_source_record(model_file: Path) -> dict[str, Any]:
    """The file's `.source.json`, or {} when there is none or it is damaged."""
    return read_json_object(sidecar_path(model_file))


def recorded_sha256(model_file: Path) -> str | None:
    value = read_source_record(model_file).get("sha256")
    return value.lower() if isinstance(value, str) and SHA256_HEX.match(value.lower()) else None


def write_source_record(model_file: Path, record: dict[str, Any]) -> None:
    """Write the `.source.json` beside `model_file` atomically."""
    target = sidecar_path(model_file)
    tmp = target.with_name(f".{target.name}.{uuid.uuid4().hex[:8]}.tmp")
    tmp.write_text(json.dumps(record, indent=2), encoding="utf-8")
    os.replace(tmp, target)


def usable_space_if_short(folder: Path, needed: int, keep_free: int) -> int | None:
    """The bytes that can be used, when writing `needed` bytes would leave less than `keep_free` on the disk."""
    free = shutil.disk_usage(folder).free
    if free - needed >= keep_free:
        return None
    return max(free - keep_free, 0)


def copy_hashing(source: Path, target: Path, progress: Callable[[int], None] | None = None) -> str:
    """Copy `source` to the new file `target` (flushed to disk) and return its sha256.

    `progress` gets the bytes copied after each chunk."""
    digest = hashlib.sha256()
    done = 0
    with source.open("rb") as src, target.open("xb") as dst:
        while chunk := src.read(COPY_CHUNK):
            digest.update(chunk)
            dst.write(chunk)
            done += len(chunk)
            if progress is not None:
                progress(done)
        dst.flush()
        os.fsync(dst.fileno())
    return digest.hexdigest()


def temp_name_for(final: Path) -> Path:
    """A name beside `final` that no listing picks up (hidden, and not ending in .gguf)."""
    return final.with_name(f".{final.name}.{uuid.uuid4().hex[:8]}.importing")
