"""The chat window driven like a user drives it, against the real engine: streaming, Stop, a killed
engine, and the header's chat format. (The rest of the chat, on the scripted client:
test_chat_controller.py.)"""

from __future__ import annotations

import os
import signal
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from app.main_window import MainWindow
from engine.protocol import LoadOptions, SamplingParams

from .conftest import ANSWER_TIMEOUT_MS, answer_on_screen

pytestmark = pytest.mark.e2e


def test_sending_streams_the_answer_and_fills_the_panel(qtbot: QtBot, window: MainWindow) -> None:
    window.conversations.state.sampling = SamplingParams(temperature=0, max_tokens=60)
    received: list[str] = []
    window.chat.token_arrived.connect(lambda e: received.append(e.text))
    qtbot.keyClicks(window.composer, "What is the capital of France?")
    with qtbot.waitSignal(window.chat.answer_finished, timeout=ANSWER_TIMEOUT_MS) as blocker:
        qtbot.keyClick(window.composer, Qt.Key.Key_Return)
    assert window.composer.toPlainText() == ""
    user, answer = window.chat_view.bubbles
    assert user.text == "What is the capital of France?"
    assert len(received) > 1, "tokens did not stream one by one"
    assert answer.text == "".join(received)
    assert "Paris" in answer.text
    metrics = blocker.args[0].metrics
    # The footer: `N tokens · R tok/s · first token T s`.
    footer = answer.footer.text()
    assert f"{metrics.decode_tokens} tokens" in footer
    assert "tok/s" in footer
    assert "first token" in footer
    panel = window.metrics_panel
    assert panel.values["ttft"].text().endswith(" s")
    assert "tok/s" in panel.values["prefill"].text()
    assert "tok/s" in panel.values["decode"].text()
    assert panel.values["context"].text() == f"{metrics.n_ctx_used:,} / 2,048"
    assert panel.values["kv"].text().endswith("MB")
    assert "loading" in panel.segment_legend.text()
    assert "writing" in panel.segment_legend.text()
    assert window.chat.state.figures is not None
    assert window.chat.state.figures.ttft_s is not None
    assert 0 < window.chat.state.figures.ttft_s <= metrics.total_s
    assert all(panel.values[k].toolTip() for k in panel.values)


def test_stop_ends_the_answer_early(qtbot: QtBot, window: MainWindow) -> None:
    window.conversations.state.sampling = SamplingParams(temperature=0.8, seed=7, max_tokens=500)
    with qtbot.waitSignal(window.chat.token_arrived, timeout=ANSWER_TIMEOUT_MS):
        window.chat.send_message("Write a very long story about a cat who sails around the world.")
    assert window.stop_button.isEnabled()
    with qtbot.waitSignal(window.chat.answer_finished, timeout=ANSWER_TIMEOUT_MS) as blocker:
        qtbot.mouseClick(window.stop_button, Qt.MouseButton.LeftButton)
    metrics = blocker.args[0].metrics
    assert metrics.stop_reason == "cancelled"
    assert metrics.decode_tokens < 500
    assert "stopped" in window.chat_view.bubbles[-1].footer.text()
    assert window.send_button.isEnabled()
    assert not window.stop_button.isEnabled()


def test_killed_engine_keeps_the_partial_answer_and_recovers(qtbot: QtBot, window: MainWindow) -> None:
    window.conversations.state.sampling = SamplingParams(temperature=0.8, seed=11, max_tokens=400)
    window.chat.send_message("Write a long poem about autumn leaves.")
    qtbot.waitUntil(lambda: len(answer_on_screen(window)) > 20, timeout=ANSWER_TIMEOUT_MS)
    pid = window.client.engine_pid()
    assert pid is not None
    with qtbot.waitSignal(window.chat.answer_failed, timeout=ANSWER_TIMEOUT_MS) as blocker:
        os.kill(pid, signal.SIGKILL)
    failure = blocker.args[0]
    assert "SIGKILL" in failure.reason
    assert failure.details, "the child's last log lines are missing"
    broken = window.chat_view.bubbles[-1]
    assert len(broken.text) > 20, "the partial answer was lost"
    assert broken.error_view.isVisible()
    assert window.send_button.isEnabled()

    window.conversations.state.sampling = SamplingParams(temperature=0, max_tokens=20)
    with qtbot.waitSignal(window.chat.answer_finished, timeout=ANSWER_TIMEOUT_MS):
        window.chat.send_message("Say hello.")
    assert window.chat_view.bubbles[-1].text
    assert window.client.engine_pid() not in (None, pid)


def test_a_killed_engine_keeps_both_answers_it_was_writing_side_by_side(qtbot: QtBot, window: MainWindow) -> None:
    window.conversations.state.sampling = SamplingParams(temperature=0.8, seed=5, max_tokens=400)
    window.chat.send_message("Write a long poem about autumn leaves.")
    first = window.conversations.state.conversation
    window.conversations.new_conversation()
    window.chat.send_message("Write a long story about a dragon who bakes bread.")
    second = window.conversations.state.conversation
    assert first is not None
    assert second is not None
    answers = window.chat.state.answers
    qtbot.waitUntil(
        lambda: len(answers) == 2 and all(len(a.writer.text) > 10 for a in answers.values()),
        timeout=ANSWER_TIMEOUT_MS,
    )
    failed: list[object] = []
    window.chat.answer_failed.connect(failed.append)
    pid = window.client.engine_pid()
    assert pid is not None
    os.kill(pid, signal.SIGKILL)
    qtbot.waitUntil(lambda: len(failed) == 2, timeout=ANSWER_TIMEOUT_MS)
    window.conversations.wait_for_saves()
    store = window.conversations.store
    for conversation in (first, second):
        kept = store.branch(conversation.id)[-1]
        assert kept.role == "assistant"
        assert kept.state == "interrupted", "each answer is kept as far as it was written"
        assert len(kept.text) > 10
    assert window.chat.state.answers == {}
    assert window.send_button.isEnabled()


def test_the_window_names_the_default_chat_format(qtbot: QtBot, model_without_template: Path) -> None:
    win = MainWindow()
    qtbot.addWidget(win)
    with qtbot.waitSignal(win.models.model_loaded, timeout=120_000):
        win.models.load_model(LoadOptions(str(model_without_template), n_ctx=512, n_threads=2))
    assert "ChatML (default)" in win.template_label.text()
    assert win.template_label.toolTip()
    win.close()


def test_two_conversations_answer_at_once_on_the_real_engine(qtbot: QtBot, window: MainWindow) -> None:
    window.conversations.state.sampling = SamplingParams(temperature=0, max_tokens=40)
    shared: list[int] = []
    window.chat.answer_finished.connect(lambda e: shared.append(e.metrics.max_active_answers))
    with qtbot.waitSignal(window.chat.token_arrived, timeout=ANSWER_TIMEOUT_MS):
        window.chat.send_message("Write a long story about a dragon who bakes bread.")
    first = window.conversations.state.conversation
    assert first is not None
    window.conversations.new_conversation()
    assert window.send_button.isEnabled()
    window.chat.send_message("What is the capital of France?")
    second = window.conversations.state.conversation
    assert second is not None
    qtbot.waitUntil(lambda: len(shared) == 2, timeout=ANSWER_TIMEOUT_MS)
    assert max(shared) == 2, "the engine wrote both answers side by side"
    window.conversations.wait_for_saves()
    store = window.conversations.store
    story, capital = store.branch(first.id)[-1], store.branch(second.id)[-1]
    # Not a particular answer: a prompt read while another answer writes is read in smaller
    # chunks, which can tip a greedy choice (engine/runtime/scheduler.py's notes on exactness).
    assert story.text
    assert capital.text
    assert answer_on_screen(window) == capital.text
    assert window.chat.state.answers == {}
