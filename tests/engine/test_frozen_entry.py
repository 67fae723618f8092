"""The bundle's entry (packaging/linux/): programs Hearth starts get the system's libraries back."""

from __future__ import annotations

import os
import sys

import pytest

from engine.cli.main import prepare_frozen


def test_a_normal_install_keeps_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LD_LIBRARY_PATH", "/opt/mine")
    monkeypatch.delattr(sys, "frozen", raising=False)
    prepare_frozen()
    assert os.environ["LD_LIBRARY_PATH"] == "/opt/mine"


def test_the_bundle_gives_back_the_library_path_it_was_started_with(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setenv("LD_LIBRARY_PATH", "/opt/hearth/_internal:/opt/mine")  # as PyInstaller's bootloader sets it
    monkeypatch.setenv("LD_LIBRARY_PATH_ORIG", "/opt/mine")
    prepare_frozen()
    assert os.environ["LD_LIBRARY_PATH"] == "/opt/mine"


def test_the_bundle_started_without_a_library_path_leaves_none(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setenv("LD_LIBRARY_PATH", "/opt/hearth/_internal")
    monkeypatch.delenv("LD_LIBRARY_PATH_ORIG", raising=False)
    prepare_frozen()
    assert "LD_LIBRARY_PATH" not in os.environ
