"""Where Hearth keeps its files: one module on platformdirs.

Set HEARTH_HOME to put everything under one folder instead (tests point it at
tmp_path so they never touch the real home directory).
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP_NAME = "Hearth"


def _root_override() -> Path | None:
    home = os.environ.get("HEARTH_HOME")
    return Path(home) if home else None


def data_dir() -> Path:
    root = _root_override()
    path = root / "data" if root else Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    return path


def log_dir() -> Path:
    root = _root_override()
    path = root / "logs" if root else Path(platformdirs.user_log_dir(APP_NAME, appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    return path


def cache_dir() -> Path:
    root = _root_override()
    path = root / "cache" if root else Path(platformdirs.user_cache_dir(APP_NAME, appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    return path


def models_dir() -> Path:
    """Where downloaded and imported models live (our own copies: the only ones Hearth deletes)."""
    path = data_dir() / "models"
    path.mkdir(parents=True, exist_ok=True)
    return path


def hub_client_dir() -> Path:
    """What huggingface_hub itself would write under ~/.cache/huggingface (its agent and update-check
    caches, xet's cache, token files, their locks) goes here instead (engine/hub/hf_setup.py)."""
    return cache_dir() / "huggingface"


def download_locks_dir() -> Path:
    """The locks that keep two Hearth processes from downloading the same file at once."""
    path = cache_dir() / "download-locks"
    path.mkdir(parents=True, exist_ok=True)
    return path
