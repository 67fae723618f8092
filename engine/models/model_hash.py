"""A model file's SHA-256, computed once per file version and remembered in the cache dir.

Prefix-cache snapshots are keyed by it: a snapshot is only valid for the exact weights
it was made with. Hashing a 4 GB file takes seconds, so the result is kept, keyed by
the file's path, size and modification time.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
from pathlib import Path

logger = logging.getLogger(__name__)

MEMO_FILE = "model-hashes.json"
CHUNK = 8 * 1024 * 1024


def model_sha256(path: Path, memo_dir: Path) -> str:
    stat = path.stat()
    memo_key = f"{path.resolve()}|{stat.st_size}|{stat.st_mtime_ns}"
    memo_path = memo_dir / MEMO_FILE
    try:
        memo = json.loads(memo_path.read_text(encoding="utf-8"))
        if not isinstance(memo, dict):
            memo = {}
    except (OSError, ValueError):
        memo = {}
    known = memo.get(memo_key)
    if isinstance(known, str) and len(known) == 64:
        return known
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        while chunk := f.read(CHUNK):
            digest.update(chunk)
    value = digest.hexdigest()
    memo[memo_key] = value
    try:
        memo_dir.mkdir(parents=True, exist_ok=True)
        tmp = memo_path.with_suffix(".tmp")
        tmp.write_text(json.dumps(memo), encoding="utf-8")
        os.replace(tmp, memo_path)
    except OSError as exc:  # only costs a re-hash next time
        logger.warning("could not remember the model hash: %s", exc)
    return value
