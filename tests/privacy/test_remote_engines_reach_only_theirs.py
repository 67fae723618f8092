"""A remote engine is reached only where the user added it, only when asked, and never offline.

The socket guard (tests/privacy/socket_guard.py) is started with `only=` the one address an answer
may reach: any other connect, loopback included, is blocked and recorded, so "nothing else was
tried" is checked, not assumed.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from engine.protocol import AnswerFailed, ChatMessage, Finished, Generate, SamplingParams
from engine.remote.engines import add_engine
from engine.remote.remote_session import RemoteSession
from engine.settings import save_settings
from tests.engine.remote.sessions import close_sessions, open_session  # noqa: F401 - close_sessions: an autouse fixture
from tests.engine.server.served import ServedApi, free_port, serving
from tests.privacy.conftest import describe
from tests.privacy.socket_guard import SocketGuard

pytestmark = pytest.mark.e2e


@pytest.fixture(scope="module")
def peer(tmp_path_factory: pytest.TempPathFactory, probed_kernels: Path) -> Iterator[ServedApi]:
    with serving(tmp_path_factory.mktemp("guarded-peer"), probed_kernels, "--parallel", "1") as served:
        yield served


def _ask(session: RemoteSession) -> list[object]:
    question = (ChatMessage("user", "Say hello."),)
    session.send(Generate(session.new_id(), question, SamplingParams(max_tokens=8, temperature=0), time.monotonic()))
    return list(session.events())


def test_an_answer_reaches_its_engine_and_nothing_else(peer: ServedApi) -> None:
    chosen = add_engine("peer", peer.base_url)
    add_engine("other", f"http://127.0.0.1:{free_port()}")  # added, never picked: never reached
    guard = SocketGuard.installed()
    guard.start(only=frozenset({("127.0.0.1", peer.port)}))
    try:
        events = _ask(open_session(chosen))
    finally:
        attempts = guard.stop()
    assert not attempts, describe(attempts)
    assert any(isinstance(e, Finished) for e in events)


def test_offline_mode_reaches_no_engine_at_all(peer: ServedApi) -> None:
    engine = add_engine("peer", peer.base_url)
    save_settings({"offline_mode": True})
    guard = SocketGuard.installed()
    guard.start(only=frozenset())  # not even the engine's own address
    try:
        events = _ask(open_session(engine))
    finally:
        attempts = guard.stop()
    assert not attempts, describe(attempts)
    (failed,) = events
    assert isinstance(failed, AnswerFailed)
