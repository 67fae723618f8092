"""A processor that refuses llama.cpp's fast kernels, as the window's user meets it: the engine dies of
SIGILL while loading or at its first decode (killed from outside, as the kernel's trap kills it), and
the window still answers the question that was asked, says once what Hearth did, and remembers it."""

from __future__ import annotations

import os
import signal
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from app.main_window import MainWindow
from engine.kernels import remembered
from engine.kernels.machine import this_machine
from engine.protocol import LoadOptions, LoadProgress, Notice, SamplingParams, Started

from .conftest import ANSWER_TIMEOUT_MS, LOAD_TIMEOUT_MS

pytestmark = pytest.mark.e2e


def _remember_fast_kernels() -> None:
    choice = remembered.KernelChoice("full", "probe", "The fast kernels ran in a test on this computer.")
    remembered.remember(this_machine(), choice)


def _kill_first_engine_on(window: MainWindow, event_type: type) -> list[int]:
    """SIGILL to the first engine, from the client's loop thread, the moment it sends `event_type`."""
    killed: list[int] = []

    def kill(event: object) -> None:
        pid = window.client.engine_pid()
        if not killed and isinstance(event, event_type) and pid is not None:
            killed.append(pid)
            os.kill(pid, signal.SIGILL)

    signal_for = {LoadProgress: window.client.load_progressed, Started: window.client.started}[event_type]
    signal_for.connect(kill, Qt.ConnectionType.DirectConnection)
    return killed


def _notices(window: MainWindow) -> list[Notice]:
    seen: list[Notice] = []
    window.client.noticed.connect(seen.append)
    return seen


def test_killed_with_sigill_while_loading_the_window_restarts_on_safe_kernels_and_answers(
    qtbot: QtBot, starter_model: Path
) -> None:
    _remember_fast_kernels()
    window = MainWindow()
    qtbot.addWidget(window)
    killed = _kill_first_engine_on(window, LoadProgress)
    notices = _notices(window)
    try:
        with qtbot.waitSignal(window.client.loaded, timeout=LOAD_TIMEOUT_MS):
            window.models.load_model(LoadOptions(str(starter_model), n_ctx=1024, n_threads=2))
        assert killed, "the engine was never killed"
        assert [n.reason_code for n in notices] in (["kernels.recovered.amx"], ["kernels.recovered.repack"])
        assert window.statusBar().currentMessage() == notices[0].reason
        assert window.load_error.isHidden()
        window.conversations.state.sampling = SamplingParams(temperature=0, max_tokens=12)
        with qtbot.waitSignal(window.chat.answer_finished, timeout=ANSWER_TIMEOUT_MS):
            window.chat.send_message("What is the capital of France?")
        assert "Paris" in window.chat_view.bubbles[-1].text
        assert window.client.engine_pid() not in (None, *killed)
        assert len(notices) == 1  # said once
    finally:
        window.close()
    choice = remembered.recall(this_machine())
    assert choice is not None
    assert (choice.kernels, choice.decided_by) == ("safe", "crash")


def test_killed_with_sigill_at_the_first_decode_the_question_is_answered_anyway(
    qtbot: QtBot, starter_model: Path
) -> None:
    _remember_fast_kernels()
    window = MainWindow()
    qtbot.addWidget(window)
    try:
        with qtbot.waitSignal(window.client.loaded, timeout=LOAD_TIMEOUT_MS):
            window.models.load_model(LoadOptions(str(starter_model), n_ctx=1024, n_threads=2))
        killed = _kill_first_engine_on(window, Started)  # the prompt is being read: the first batch decode
        notices = _notices(window)
        failures: list[object] = []
        window.chat.answer_failed.connect(failures.append)
        window.models.model_failed.connect(failures.append)
        window.conversations.state.sampling = SamplingParams(temperature=0, max_tokens=12)
        # A long question, so that the kill lands while it is read, before any token.
        question = "I am planning a trip to Europe next spring and want to see its capitals. " * 12
        with qtbot.waitSignal(window.chat.answer_finished, timeout=ANSWER_TIMEOUT_MS):
            window.chat.send_message(question + "What is the capital of France?")
        assert killed, "the engine was never killed"
        assert failures == []
        assert len(notices) == 1
        assert notices[0].reason_code in ("kernels.recovered.amx", "kernels.recovered.repack")
        bubble = window.chat_view.bubbles[-1]
        assert bubble.text
        assert bubble.error_view.isHidden()
        window.conversations.wait_for_saves()
        assert bubble.message_id is not None
        assert window.conversations.store.message(bubble.message_id).state in (
            "complete",
            "partial",
        )  # not cut by the crash
    finally:
        window.close()
    assert remembered.recall(this_machine()) is not None
