"""The socket guard fixture: any attempt to reach past loopback, in this process or an engine child, fails the test."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from app.main_window import MainWindow
from tests.app.conftest import window_on_starter_model
from tests.hub.conftest import fake_hub  # noqa: F401 (the fixture, for tests/privacy/test_hub_stays_quiet.py)
from tests.privacy.socket_guard import Attempt, SocketGuard, read_child_attempts

CHILD_HOOK = Path(__file__).parent / "child_hook"


def guard_children(monkeypatch: pytest.MonkeyPatch, log_path: Path) -> None:
    """Child Pythons started from now on (multiprocessing's spawn, subprocess) load the guard at start-up."""
    monkeypatch.setenv("HEARTH_SOCKET_GUARD_LOG", str(log_path))
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(filter(None, [str(CHILD_HOOK), os.environ.get("PYTHONPATH")])))


def describe(attempts: list[Attempt]) -> str:
    return "\n\n".join(a.describe() for a in attempts)


@pytest.fixture
def socket_guard(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[SocketGuard]:
    """Blocks and records every non-loopback connect, sendto and DNS lookup; the test fails if there was one."""
    child_log = tmp_path / "child-network-attempts.jsonl"
    guard_children(monkeypatch, child_log)
    guard = SocketGuard.installed()
    guard.start()
    try:
        yield guard
    finally:
        attempts = guard.stop() + read_child_attempts(str(child_log))
    if attempts:
        pytest.fail(f"{len(attempts)} outbound network attempt(s):\n{describe(attempts)}", pytrace=False)


@pytest.fixture
def guarded_window(socket_guard: SocketGuard, qtbot: QtBot, starter_model: Path) -> Iterator[MainWindow]:
    """The real window and engine child, started with the guard already on (start-up is covered too)."""
    yield from window_on_starter_model(qtbot, starter_model)
