"""Hearth's own settings: one small JSON file in the data dir, written atomically.

A damaged file is set aside (settings.json.damaged) and the defaults are used, so a bad
file never stops the app.
"""

from __future__ import annotations

import json
import logging
import os
from pathlib import Path
from typing import Any

logger = logging.getLogger(__name__)

FILE_NAME = "settings.json"


def settings_path() -> Path:
    from engine.paths import data_dir

    return data_dir() / FILE_NAME


def load_settings(path: Path | None = None) -> dict[str, Any]:
    path = path or settings_path()
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    except (OSError, ValueError) as exc:
        logger.warning("settings file unreadable (%s); using defaults", exc)
        path.replace(path.with_name(path.name + ".damaged"))
        return {}
    return data if isinstance(data, dict) else {}


def save_settings(values: dict[str, Any], path: Path | None = None) -> None:
    path = path or settings_path()
    merged = {**load_settings(path), **values}
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(merged, indent=2, sort_keys=True), encoding="utf-8")
    os.replace(tmp, path)


def load_string_list(key: str, path: Path | None = None) -> list[str]:
    """A setting that holds a list of strings (the library's folders, hidden models); [] if unset or damaged."""
    values = load_settings(path).get(key)
    return [v for v in values if isinstance(v, str)] if isinstance(values, list) else []


def save_string_list(key: str, values: list[str], path: Path | None = None) -> None:
    save_settings({key: list(values)}, path)
