"""Logs never hold what the user wrote or what the model answered, in the window either: the real
MainWindow on the real engine, with a system prompt, two answered questions, an engine killed
mid-answer (the app then logs the death and keeps the engine's stderr) and a model llama.cpp
refuses to load, leaves its words in the conversation database and nowhere under the log folder:
not in the window's hearth.log (logged as app/launcher.py sets it up), not in engine.log.

There is no debug-logging switch yet, so no log file may hold message text at all.
"""

from __future__ import annotations

import logging
import os
import signal
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QEvent
from PySide6.QtGui import QFocusEvent
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from app.main_window import MainWindow
from engine.paths import log_dir
from engine.protocol import SamplingParams
from tests.fixtures.bad_ggufs import LLAMA_CPP_REFUSED
from tests.hub.fake_hub import write_tiny_gguf

from .conftest import ANSWER_TIMEOUT_MS, LOAD_TIMEOUT_MS, answer_on_screen

pytestmark = pytest.mark.e2e

SECRET_SYSTEM = "You guard the phrase marmalade-zeppelin-9023."
SECRET_QUESTION = "My locker code is aubergine-4471-quasar; please keep it."
SECRET_FOLLOW_UP = "Repeat my locker code back to me, aubergine-4471-quasar."
SECRET_CUT = "Write a long poem about the pelican-tangerine-5318 harbour."
SECRET_AFTER = "Tell me again about the pelican-tangerine-5318 harbour."
# Words of the secrets no log line has any other reason to hold (digits alone could be a pid).
SECRET_WORDS = ("marmalade", "zeppelin", "aubergine", "quasar", "pelican", "tangerine")
LOG_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"  # app/launcher.py's _log_to_file


@pytest.fixture
def hearth_log() -> Iterator[Path]:
    """The window's log file at INFO, as app/launcher.py sets it up (its basicConfig would do nothing
    under pytest, whose own handler is already on the root logger)."""
    path = log_dir() / "hearth.log"
    handler = logging.FileHandler(path, encoding="utf-8")
    handler.setFormatter(logging.Formatter(LOG_FORMAT))
    root = logging.getLogger()
    level = root.level
    root.addHandler(handler)
    root.setLevel(logging.INFO)
    yield path
    root.removeHandler(handler)
    root.setLevel(level)
    handler.close()


def _set_system_prompt(window: MainWindow, text: str) -> None:
    """Typed into the settings panel, committed when the box loses focus, as a user would."""
    view = window.settings_view
    view.prompt_edit.setPlainText(text)
    QApplication.sendEvent(view.prompt_edit, QFocusEvent(QEvent.Type.FocusOut))


def _ask(qtbot: QtBot, window: MainWindow, text: str) -> str:
    window.conversations.state.sampling = SamplingParams(temperature=0.0, max_tokens=24)
    with qtbot.waitSignal(window.chat.answer_finished, timeout=ANSWER_TIMEOUT_MS):
        window.chat.send_message(text)
    return window.chat_view.bubbles[-1].text


def _crash_mid_answer(qtbot: QtBot, window: MainWindow, text: str) -> str:
    window.conversations.state.sampling = SamplingParams(temperature=0.8, seed=11, max_tokens=400)
    window.chat.send_message(text)
    qtbot.waitUntil(lambda: len(answer_on_screen(window)) > 20, timeout=ANSWER_TIMEOUT_MS)
    pid = window.client.engine_pid()
    assert pid is not None
    with qtbot.waitSignal(window.chat.answer_failed, timeout=ANSWER_TIMEOUT_MS) as failed:
        os.kill(pid, signal.SIGSEGV)
    assert failed.args[0].kind == "crash"
    assert failed.args[0].details, "the engine's stderr tail is part of what this test looks through"
    return window.chat_view.bubbles[-1].text


def _fail_a_load(qtbot: QtBot, window: MainWindow, starter_model: Path, folder: Path) -> None:
    """A sound header over random weights: only llama.cpp refuses it (and says why in its log)."""
    refused = write_tiny_gguf(folder / "refused.gguf", n_vocab=64)
    with qtbot.waitSignal(window.models.model_failed, timeout=LOAD_TIMEOUT_MS) as failed:
        window.models.switch_model(str(refused))
    assert LLAMA_CPP_REFUSED in failed.args[0].reason
    qtbot.waitUntil(lambda: window.models.state.loaded_path == str(starter_model), timeout=LOAD_TIMEOUT_MS)


def test_a_window_session_leaves_no_message_text_in_any_log_file(
    qtbot: QtBot, hearth_log: Path, window: MainWindow, starter_model: Path, tmp_path: Path
) -> None:
    _set_system_prompt(window, SECRET_SYSTEM)
    answers = [_ask(qtbot, window, SECRET_QUESTION), _ask(qtbot, window, SECRET_FOLLOW_UP)]
    # The load fails first: after a crash, a refused switch leaves no model at all (the fresh engine has
    # none to go back to) while the window still names the old one; see the report on issue 6.
    _fail_a_load(qtbot, window, starter_model, tmp_path)
    cut = _crash_mid_answer(qtbot, window, SECRET_CUT)
    answers.append(_ask(qtbot, window, SECRET_AFTER))  # on a fresh engine

    window.conversations.wait_for_saves()
    assert window.conversations.state.conversation is not None
    assert window.conversations.store.get(window.conversations.state.conversation.id).system_prompt == SECRET_SYSTEM
    stored = [m.text for m in window.conversations.store.branch(window.conversations.state.conversation.id)]
    assert stored[0::2] == [SECRET_QUESTION, SECRET_FOLLOW_UP, SECRET_CUT, SECRET_AFTER]
    assert stored[1::2] == [*answers[:2], cut, answers[2]]
    starts = [a.strip()[:40] for a in (*answers, cut) if len(a.strip()) >= 12]
    assert len(starts) >= 2, f"the model gave too few answers long enough to look for: {answers}"

    logs = {p.name: p.read_bytes().decode("utf-8", errors="replace") for p in log_dir().rglob("*") if p.is_file()}
    assert "hearth.log" in logs, f"the window logged nothing: {sorted(logs)}"
    assert "engine.log" in logs, f"the engine logged nothing: {sorted(logs)}"
    assert "engine died" in logs["hearth.log"], "the crash was not logged, so its report was not looked through"
    assert "llama_model_load" in logs["engine.log"], "llama.cpp's own log is missing from engine.log"
    for name, content in logs.items():
        for word in SECRET_WORDS:
            assert word not in content.lower(), f"{name} holds message text {word!r}"
        for start in starts:
            assert start not in content, f"{name} holds the model's answer {start!r}"
