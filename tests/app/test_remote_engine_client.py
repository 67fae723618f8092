"""The window's engine client with a remote model whose engine is gone: one sentence, after the
call returns, and no engine started anywhere."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from app.controllers.engine_client import EngineClient
from engine.errors import message
from engine.protocol import LoadFailed, LoadOptions
from engine.remote.model_ref import remote_ref


def test_loading_a_model_of_an_engine_that_was_removed_fails_in_one_sentence(qtbot: QtBot) -> None:
    client = EngineClient()
    try:
        failures: list[object] = []
        client.failed.connect(failures.append)
        client.load(LoadOptions(remote_ref("gone", "llama-3-70b")))
        assert failures == []  # delivered after load() returned, as every event is
        qtbot.waitUntil(lambda: bool(failures), timeout=5000)
        (failure,) = failures
        assert isinstance(failure, LoadFailed)
        assert failure.reason == message("engines.not_found", name="gone", known="none yet")
        assert not client.remote
        assert client.engine_pid() is None
    finally:
        client.shutdown()
