"""RemoteSessions a test opens, closed after it: each keeps an HTTP client with open connections."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from engine.remote.engines import RemoteEngine
from engine.remote.remote_session import RemoteSession

_OPENED: list[RemoteSession] = []


def open_session(engine: RemoteEngine, model: str | None = None) -> RemoteSession:
    session = RemoteSession(engine, model)
    _OPENED.append(session)
    return session


@pytest.fixture(autouse=True)
def close_sessions() -> Iterator[None]:
    """Import it into a test module: its sessions close after each test."""
    yield
    while _OPENED:
        _OPENED.pop().close()
