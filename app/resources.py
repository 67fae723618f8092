"""Where the resources/ folder is (icons, style sheets, translations)."""

from __future__ import annotations

from pathlib import Path

RESOURCES_DIR = Path(__file__).resolve().parent.parent / "resources"


def resource_path(*parts: str) -> Path:
    return RESOURCES_DIR.joinpath(*parts)
