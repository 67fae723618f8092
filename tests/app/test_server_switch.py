"""The window's Server switch: the local API on the window's own engine, next to the window's chat."""

from __future__ import annotations

import socket
import threading
from pathlib import Path

import openai
import pytest
from pytestqt.qtbot import QtBot

from app.main_window import MainWindow
from engine.protocol import SamplingParams

from .conftest import ANSWER_TIMEOUT_MS

pytestmark = pytest.mark.e2e


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def test_an_api_client_and_the_window_are_answered_at_once(qtbot: QtBot, window: MainWindow) -> None:
    view = window.server_view
    assert not view.switch.isChecked()  # off by default
    view.port.setValue(_free_port())
    view.switch.setChecked(True)
    assert window.server.state.running
    assert window.server.base_url in view.address.text()
    window.conversations.state.sampling = SamplingParams(temperature=0, max_tokens=30)
    api_answers: list[str] = []

    def api_client() -> None:
        with openai.OpenAI(base_url=f"{window.server.base_url}/v1", api_key="-", max_retries=0, timeout=120) as client:
            reply = client.chat.completions.create(
                model="", messages=[{"role": "user", "content": "Name a fruit."}], max_tokens=30
            )
            api_answers.append(reply.choices[0].message.content or "")

    with qtbot.waitSignal(window.chat.answer_finished, timeout=ANSWER_TIMEOUT_MS):
        window.chat.send_message("What is the capital of France?")
        caller = threading.Thread(target=api_client)
        caller.start()
    caller.join(120)
    assert api_answers
    assert api_answers[0]
    conversation = window.conversations.state.conversation
    assert conversation is not None
    window.conversations.wait_for_saves()
    messages = window.conversations.store.branch(conversation.id)
    assert [m.role for m in messages] == ["user", "assistant"]  # the API's exchange is not in it
    assert messages[0].text == "What is the capital of France?"
    assert messages[1].text
    qtbot.waitUntil(lambda: view.log.rowCount() == 1, timeout=5000)
    assert view.log.item(0, 0).text() == "OpenAI chat"
    assert "/v1/chat/completions" in view.log.item(0, 0).toolTip()
    assert view.log.item(0, 1).text() == "done"
    view.switch.setChecked(False)
    assert not window.server.state.running
    with (
        pytest.raises(openai.APIConnectionError),
        openai.OpenAI(base_url=f"{window.server.base_url}/v1", api_key="-", max_retries=0, timeout=5) as client,
    ):
        client.models.list()


def test_a_port_in_use_is_said_in_one_sentence(qtbot: QtBot, window: MainWindow, tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = int(taken.getsockname()[1])
        window.server_view.port.setValue(port)
        window.server_view.switch.setChecked(True)
        assert not window.server.state.running
        assert not window.server_view.switch.isChecked()
        assert window.server_view.status.text() == f"Port {port} is in use by another program; choose another port."
