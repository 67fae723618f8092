"""'Delete all my data': conversations, caches, downloaded and imported models, settings.

Only Hearth's own folders (engine/paths.py) are emptied: other apps' models and folders the user
added are never touched, and the logs stay (they hold no message text)."""

from __future__ import annotations

import shutil
from pathlib import Path

from engine.paths import cache_dir, data_dir


def data_folders() -> list[Path]:
    return [data_dir(), cache_dir()]


def delete_all_data() -> int:
    """Empty Hearth's data and cache folders; return the bytes freed. The caller closes the store first."""
    freed = 0
    for folder in data_folders():
        for item in folder.iterdir():
            freed += _size(item)
            if item.is_dir() and not item.is_symlink():
                shutil.rmtree(item, ignore_errors=True)
            else:
                item.unlink(missing_ok=True)
    return freed


def _size(path: Path) -> int:
    if path.is_symlink() or path.is_file():
        return path.lstat().st_size
    return sum(p.lstat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())
