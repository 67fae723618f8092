"""Programs outside Hearth get the system's library path back (the Linux bundle's own children
keep the bundle's)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from app import external


def test_the_bundle_gives_outside_programs_the_library_path_it_was_started_with() -> None:
    started = {"LD_LIBRARY_PATH": "/opt/hearth/_internal:/opt/mine", "LD_LIBRARY_PATH_ORIG": "/opt/mine", "A": "1"}
    assert external.outside_environment(started) == {"LD_LIBRARY_PATH": "/opt/mine", "A": "1"}
    assert external.outside_environment({"LD_LIBRARY_PATH": "/opt/hearth/_internal"}) == {}, "none before: none"


def test_in_the_bundle_a_link_is_opened_by_xdg_open_with_that_path(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from PySide6.QtCore import QUrl

    seen = tmp_path / "seen"
    (tmp_path / "bin").mkdir()
    opener = tmp_path / "bin" / "xdg-open"  # a stand-in desktop opener: it notes what it was given
    opener.write_text(f'#!/bin/sh\necho "$1 ${{LD_LIBRARY_PATH-unset}}" > {seen}.part && mv {seen}.part {seen}\n')
    opener.chmod(0o755)
    monkeypatch.setenv("PATH", f"{tmp_path / 'bin'}:{os.environ['PATH']}")
    monkeypatch.setenv("LD_LIBRARY_PATH", "/opt/hearth/_internal")
    monkeypatch.delenv("LD_LIBRARY_PATH_ORIG", raising=False)
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    assert external.open_url(QUrl("https://example.org/a"))
    qtbot.waitUntil(seen.exists, timeout=10_000)
    assert seen.read_text() == "https://example.org/a unset\n"
