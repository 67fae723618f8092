"""Hearth's own settings: one small JSON file in the data dir, written atomically.

A damaged file is set aside (settings.json.damaged) and the defaults are used, so a bad
file never stops the app; `settings_notice()` then gives the window one sentence to show, once.
"""

from __future__ import annotations

import json
import logging
import os
from pathlib import Path
from typing import Any

logger = logging.getLogger(__name__)

FILE_NAME = "settings.json"
DAMAGED_SUFFIX = ".damaged"

_notice: str | None = None  # set when a damaged file was set aside, until the window takes it


def settings_path() -> Path:
    from engine.paths import data_dir

    return data_dir() / FILE_NAME


def load_settings(path: Path | None = None) -> dict[str, Any]:
    path = path or settings_path()
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    except (OSError, ValueError) as exc:  # truncated JSON, binary garbage (UnicodeDecodeError), unreadable
        _set_aside(path, str(exc))
        return {}
    if not isinstance(data, dict):  # valid JSON, but not our object (a list, a number)
        _set_aside(path, f"holds a JSON {type(data).__name__}, not an object")
        return {}
    return data


def settings_notice() -> str | None:
    """The sentence about a damaged settings file, once; None if there is nothing to say."""
    global _notice
    notice, _notice = _notice, None
    return notice


def _set_aside(path: Path, reason: str) -> None:
    global _notice
    backup = path.with_name(path.name + DAMAGED_SUFFIX)
    logger.warning("settings file damaged (%s); saved as %s, using defaults", reason, backup.name)
    try:
        os.replace(path, backup)
    except OSError as exc:  # a read-only folder: the defaults are still used, the file left as it is
        logger.warning("could not set the damaged settings file aside: %s", exc)
        _notice = "Your settings file is damaged and could not be moved aside; the defaults are in use."
        return
    _notice = f"Your settings file was damaged; it was saved as {backup.name} and the defaults are in use."


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
