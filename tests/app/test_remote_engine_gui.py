"""A remote engine in the window, end to end: another real `hearth serve` on a loopback port is
added, its model appears in the picker under its engine, answers in a conversation that remembers
it, and the panel says where it ran, with the server's own figures; a server killed mid-answer
keeps the text and offers the model on this computer, which then answers."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from app.main_window import MainWindow
from engine.protocol import Failed, SamplingParams
from engine.remote.engines import add_engine
from engine.remote.model_ref import remote_ref
from tests.engine.server.served import ServedApi, serving

from .conftest import ANSWER_TIMEOUT_MS, LOAD_TIMEOUT_MS, answer_on_screen

pytestmark = pytest.mark.e2e
STARTER_ID = "SmolLM2-135M-Instruct.Q4_1"  # the id hearth serve gives the starter model


@pytest.fixture
def peer(tmp_path: Path, probed_kernels: Path) -> Iterator[ServedApi]:
    with serving(tmp_path / "peer-home", probed_kernels, "--parallel", "1", "--ctx", "2048") as served:
        yield served


def _pick_remote(qtbot: QtBot, window: MainWindow, peer: ServedApi) -> str:
    add_engine("gpu-box", peer.base_url)
    window.models.remote_models.refresh()
    ref = remote_ref("gpu-box", STARTER_ID)
    qtbot.waitUntil(lambda: window.model_picker.combo.findData(ref) >= 0, timeout=30_000)
    with qtbot.waitSignal(window.models.model_loaded, timeout=LOAD_TIMEOUT_MS):
        window.models.switch_model(ref)
    return ref


def test_a_remote_model_answers_in_the_window_and_the_panel_says_where(
    qtbot: QtBot, window: MainWindow, peer: ServedApi
) -> None:
    ref = _pick_remote(qtbot, window, peer)
    host = f"127.0.0.1:{peer.port}"
    index = window.model_picker.combo.findData(ref)
    assert window.model_picker.combo.itemText(index) == f"{STARTER_ID} · gpu-box"
    assert window.metrics_panel.values["device"].text() == f"{host}, not on this computer"
    assert window.template_label.text() == f"on {host}"
    window.conversations.state.sampling = SamplingParams(temperature=0, max_tokens=24)
    with qtbot.waitSignal(window.chat.answer_finished, timeout=ANSWER_TIMEOUT_MS):
        window.chat.send_message("Name three colours.")
    assert answer_on_screen(window).strip()
    panel = window.metrics_panel
    assert panel.summary.text().startswith(f"The server at {host} answered, not this computer.")
    assert "the server read the prompt in" in panel.summary.text()
    assert "tokens" in panel.values["prefill"].text()  # the server's own count, from its timings
    assert "network&nbsp;and&nbsp;queue" in panel.segment_legend.text()
    assert panel.values["engine_rss"].text() == "on the server"
    # the conversation remembers its engine and model
    window.conversations.wait_for_saves()
    conversation = window.conversations.reread_conversation()
    assert conversation is not None
    assert conversation.model_path == ref


def test_a_remote_engine_killed_mid_answer_offers_the_model_on_this_computer(
    qtbot: QtBot, window: MainWindow, peer: ServedApi, starter_model: Path
) -> None:
    _pick_remote(qtbot, window, peer)
    window.conversations.state.sampling = SamplingParams(temperature=0, max_tokens=1500)
    window.chat.send_message("Count from 1 to 500, one number per line.")
    qtbot.waitUntil(lambda: len(answer_on_screen(window)) > 20, timeout=ANSWER_TIMEOUT_MS)
    with qtbot.waitSignal(window.chat.answer_failed, timeout=ANSWER_TIMEOUT_MS) as blocker:
        peer.process.kill()
    failure: Failed = blocker.args[0]
    assert failure.kind == "remote_cut"
    bubble = window.chat_view.bubbles[-1]
    assert len(bubble.text) > 20, "the text that came was lost"
    action = bubble.error_view.action_button
    assert action.isVisible()
    assert action.text() == "Ask the model on this computer instead"
    with qtbot.waitSignal(window.chat.answer_finished, timeout=ANSWER_TIMEOUT_MS):
        action.click()
    assert not window.client.remote
    assert window.metrics_panel.values["device"].text().startswith("CPU")
    assert answer_on_screen(window).strip()
    window.conversations.wait_for_saves()
    conversation = window.conversations.reread_conversation()
    assert conversation is not None
    assert conversation.model_path == str(starter_model)
