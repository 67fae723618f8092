"""A crashed engine, as the user sees it: the sentence, the kept text, Continue, a fresh engine;
and the client that stops restarting a model whose load keeps killing the engine."""

from __future__ import annotations

import os
import signal
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from app.controllers.engine_client import EngineClient
from app.main_window import MainWindow
from engine.client.crash_report import describe_exit
from engine.client.session import CRASH_LOOP_LIMIT
from engine.protocol import ChatMessage, Failed, LoadOptions, SamplingParams

from .conftest import ANSWER_TIMEOUT_MS, LOAD_TIMEOUT_MS, answer_on_screen

pytestmark = pytest.mark.e2e


def test_a_segfault_mid_answer_keeps_the_text_and_offers_continue(qtbot: QtBot, window: MainWindow) -> None:
    window.conversations.state.sampling = SamplingParams(temperature=0.8, seed=11, max_tokens=400)
    window.chat.send_message("Write a long poem about autumn leaves.")
    qtbot.waitUntil(lambda: len(answer_on_screen(window)) > 20, timeout=ANSWER_TIMEOUT_MS)
    pid = window.client.engine_pid()
    assert pid is not None
    with qtbot.waitSignal(window.chat.answer_failed, timeout=ANSWER_TIMEOUT_MS) as blocker:
        os.kill(pid, signal.SIGSEGV)
    failure: Failed = blocker.args[0]
    assert failure.reason == describe_exit(-signal.SIGSEGV)
    assert failure.kind == "crash"
    assert failure.details, "the engine's last log lines are missing"

    bubble = window.chat_view.bubbles[-1]
    assert len(bubble.text) > 20, "the partial answer was lost"
    assert bubble.error_view.message_label.text().startswith(failure.reason)
    assert bubble.error_view.details_text.toPlainText() == failure.details
    assert not bubble.action_row.continue_button.isHidden()
    assert bubble.action_row.regenerate_button.text() == "Retry"
    window.conversations.wait_for_saves()
    assert bubble.message_id is not None
    stored = window.conversations.store.message(bubble.message_id)
    assert stored.state == "interrupted"
    assert stored.text == bubble.text
    assert window.conversations.state.conversation is not None
    window.conversations.show_conversation(
        window.conversations.state.conversation.id
    )  # as after a restart: from the store
    reopened = window.chat_view.bubbles[-1]
    assert reopened.text == stored.text
    assert reopened.action_row.regenerate_button.text() == "Retry"
    assert "interrupted" in reopened.notice.text()

    window.conversations.state.sampling = SamplingParams(temperature=0, max_tokens=20)
    with qtbot.waitSignal(window.chat.answer_finished, timeout=ANSWER_TIMEOUT_MS):
        window.chat.send_message("Say hello.")
    assert window.chat_view.bubbles[-1].text
    assert window.client.engine_pid() not in (None, pid)


@pytest.fixture
def client() -> Iterator[EngineClient]:
    client = EngineClient()
    yield client
    client.shutdown()


def _crash_each_new_engine(client: EngineClient) -> Callable[[], None]:
    """A model whose load kills the engine: each new child gets SIGSEGV before its Load is sent.
    (A direct connection runs this on the client's loop thread, inside the engine start.)
    Returns the slot, to disconnect it when the model should load after all."""

    def crash() -> None:
        pid = client.engine_pid()
        assert pid is not None
        os.kill(pid, signal.SIGSEGV)

    client.engine_started.connect(crash, Qt.ConnectionType.DirectConnection)
    return crash


def _next_failure(qtbot: QtBot, client: EngineClient, action: object) -> Failed:
    with qtbot.waitSignal(client.failed, timeout=LOAD_TIMEOUT_MS) as blocker:
        action()  # type: ignore[operator]
    failure: Failed = blocker.args[0]
    return failure


def test_three_crashes_at_load_stop_the_restarts(qtbot: QtBot, client: EngineClient, starter_model: Path) -> None:
    options = LoadOptions(str(starter_model), n_ctx=1024, n_threads=2)
    ask = (ChatMessage("user", "Hi"),)
    sampling = SamplingParams(temperature=0, max_tokens=8)
    crash = _crash_each_new_engine(client)

    first = _next_failure(qtbot, client, lambda: client.load(options))
    assert first.reason == describe_exit(-signal.SIGSEGV)
    assert first.kind == "crash"
    # Each message restarts the engine with the model, which kills it again.
    for _ in range(CRASH_LOOP_LIMIT - 2):
        assert _next_failure(qtbot, client, lambda: client.generate(ask, sampling)).kind == "crash"
    gave_up = _next_failure(qtbot, client, lambda: client.generate(ask, sampling))
    expected = (
        f"Hearth stopped trying to load {starter_model.stem} after 3 crashes; pick another model or check the file."
    )
    assert gave_up.reason == expected
    assert gave_up.kind == "crash_loop"
    assert describe_exit(-signal.SIGSEGV) in gave_up.details

    # From now on a message gets the same sentence and no engine is started.
    started: list[None] = []
    client.engine_started.connect(lambda: started.append(None))
    again = _next_failure(qtbot, client, lambda: client.generate(ask, sampling))
    assert again.reason == expected
    assert again.request_id is not None
    assert started == []
    assert client.engine_pid() is None

    # Asked for by name, the model gets a fresh try (this time nothing kills it).
    client.engine_started.disconnect(crash)
    with qtbot.waitSignal(client.loaded, timeout=LOAD_TIMEOUT_MS):
        client.load(options)
    with qtbot.waitSignal(client.finished, timeout=ANSWER_TIMEOUT_MS):
        client.generate(ask, sampling)


def test_a_load_that_succeeds_starts_the_count_again(qtbot: QtBot, client: EngineClient, starter_model: Path) -> None:
    options = LoadOptions(str(starter_model), n_ctx=1024, n_threads=2)
    ask = (ChatMessage("user", "Hi"),)
    sampling = SamplingParams(temperature=0, max_tokens=8)
    crash = _crash_each_new_engine(client)
    for _ in range(CRASH_LOOP_LIMIT - 1):
        assert _next_failure(qtbot, client, lambda: client.load(options)).kind == "crash"
    client.engine_started.disconnect(crash)
    with qtbot.waitSignal(client.loaded, timeout=LOAD_TIMEOUT_MS):
        client.generate(ask, sampling)  # the restart loads it: the crashes were not in a row after all
    with qtbot.waitSignal(client.finished, timeout=ANSWER_TIMEOUT_MS):
        pass
    pid = client.engine_pid()
    assert pid is not None
    _crash_each_new_engine(client)
    os.kill(pid, signal.SIGSEGV)  # one more crash, mid-use: a restart is still tried
    qtbot.waitUntil(lambda: client.engine_pid() is None, timeout=LOAD_TIMEOUT_MS)
    assert _next_failure(qtbot, client, lambda: client.generate(ask, sampling)).kind == "crash"
