"""A damaged settings file is set aside and said once: in the window's status bar and by hearth run."""

from __future__ import annotations

import subprocess
import sys

import pytest

from engine.settings import settings_path

# `hearth run` starts the real engine child.
pytestmark = pytest.mark.e2e

NOTICE = "Your settings file was damaged; it was saved as settings.json.damaged and the defaults are in use."


def test_hearth_run_says_the_settings_file_was_damaged_once() -> None:
    settings_path().write_bytes(b"\x00\xffnot json")
    command = [sys.executable, "-m", "app", "run", "--max-tokens", "2", "hi"]
    first = subprocess.run(command, check=False, capture_output=True, text=True, timeout=180)
    assert first.returncode == 0, first.stderr
    assert first.stderr.splitlines() == [f"hearth: {NOTICE}"]
    assert settings_path().with_name("settings.json.damaged").exists()
    second = subprocess.run(command, check=False, capture_output=True, text=True, timeout=180)
    assert second.returncode == 0
    assert second.stderr == ""
