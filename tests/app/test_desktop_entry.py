"""The window names the desktop entry the Linux packages install, and its icon is there."""

from __future__ import annotations

import configparser
from pathlib import Path

from app.launcher import DESKTOP_ID
from app.resources import resource_path

REPO = Path(__file__).resolve().parents[2]


def test_the_desktop_id_is_the_launcher_files_name_and_its_icon_exists() -> None:
    linux = REPO / "packaging" / "linux"
    entry = configparser.ConfigParser(interpolation=None)
    entry.optionxform = str  # type: ignore[assignment,method-assign]
    entry.read(linux / f"{DESKTOP_ID}.desktop", encoding="utf-8")
    assert entry["Desktop Entry"]["Icon"] == DESKTOP_ID
    assert (linux / f"{DESKTOP_ID}.metainfo.xml").read_text(encoding="utf-8").count(f"<id>{DESKTOP_ID}</id>") == 1
    assert resource_path("icons", "hearth.svg").read_text(encoding="utf-8").startswith("<svg")
