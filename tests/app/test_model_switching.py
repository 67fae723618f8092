"""Switching models in the window, with the real engine: the header's picker, a conversation's
remembered model, a failed switch that keeps the previous model, and unloading."""

from __future__ import annotations

import os
import signal
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from app.main_window import MainWindow
from app.models.model_picker import PickerEntry
from engine.models.model_settings import ModelSettings, save_model_settings
from engine.protocol import SamplingParams

from .conftest import ANSWER_TIMEOUT_MS, LOAD_TIMEOUT_MS

pytestmark = pytest.mark.e2e

SHORT = SamplingParams(temperature=0.0, max_tokens=6)


@pytest.fixture(scope="module")
def refused_by_llama_cpp(starter_model: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    from tests.fixtures.gguf_files import copy_without_key

    return copy_without_key(starter_model, tmp_path_factory.mktemp("bad") / "no-block-count.gguf", "llama.block_count")


def _pick(qtbot: QtBot, window: MainWindow, path: Path) -> None:
    """Choose `path` in the header's model picker, as a user does."""
    picker = window.model_picker
    entries = [PickerEntry(Path(p).stem, p) for p in (picker.current_path, str(path)) if p]
    picker.set_entries(entries)
    index = picker.combo.findData(str(path))
    assert index >= 0
    picker.combo.setCurrentIndex(index)
    picker.combo.activated.emit(index)


def _ask(qtbot: QtBot, window: MainWindow, text: str) -> str:
    """Send `text`; return the name of the model that answered."""
    window.conversations.state.sampling = SHORT
    with qtbot.waitSignal(window.chat.answer_finished, timeout=ANSWER_TIMEOUT_MS) as finished:
        window.chat.send_message(text)
    return str(finished.args[0].metrics.model)


def test_one_conversation_switches_between_two_models_and_remembers(
    qtbot: QtBot, window: MainWindow, starter_model: Path, gemma_model: Path
) -> None:
    save_model_settings(str(gemma_model), ModelSettings(n_ctx=2048, n_threads=2))
    assert _ask(qtbot, window, "Hello!") == starter_model.stem
    conversation_id = window.conversations.state.conversation.id if window.conversations.state.conversation else 0
    assert window.conversations.store.get(conversation_id).model_path == str(starter_model)

    with qtbot.waitSignal(window.models.model_loaded, timeout=LOAD_TIMEOUT_MS) as loaded:
        _pick(qtbot, window, gemma_model)
    assert loaded.args[0].info.architecture == "gemma3"
    assert window.model_picker.combo.currentData() == str(gemma_model)
    assert window.conversations.store.get(conversation_id).model_path == str(gemma_model)
    assert _ask(qtbot, window, "And now?") == gemma_model.stem
    assert len(window.chat_view.bubbles) == 4, "both answers stay in the one conversation"

    # A new chat with the starter model, then back: the first conversation brings Gemma back.
    window.conversations.new_conversation()
    with qtbot.waitSignal(window.models.model_loaded, timeout=LOAD_TIMEOUT_MS):
        _pick(qtbot, window, starter_model)
    assert _ask(qtbot, window, "Hi") == starter_model.stem
    with qtbot.waitSignal(window.models.model_loaded, timeout=LOAD_TIMEOUT_MS) as back:
        window.conversations.show_conversation(conversation_id)
    assert back.args[0].info.path == str(gemma_model)


def test_a_failed_switch_keeps_the_previous_model(
    qtbot: QtBot, window: MainWindow, starter_model: Path, refused_by_llama_cpp: Path
) -> None:
    with (
        qtbot.waitSignal(window.models.model_failed, timeout=LOAD_TIMEOUT_MS) as failed,
        qtbot.waitSignal(window.models.model_loaded, timeout=LOAD_TIMEOUT_MS) as restored,
    ):
        _pick(qtbot, window, refused_by_llama_cpp)
    assert "could not load no-block-count.gguf" in failed.args[0].reason
    assert window.load_error.isVisibleTo(window)
    assert restored.args[0].restored_after_failure
    assert window.model_picker.combo.currentData() == str(starter_model)
    assert "is loaded again" in window.statusBar().currentMessage()
    assert _ask(qtbot, window, "Still there?") == starter_model.stem


def test_a_failed_switch_right_after_an_engine_crash_brings_the_previous_model_back(
    qtbot: QtBot, window: MainWindow, starter_model: Path, refused_by_llama_cpp: Path
) -> None:
    """The fresh engine started for the switch has no model of its own to keep: the client tells
    it which one the user had (Load.fallback), so sending afterwards still works."""
    pid = window.client.engine_pid()
    assert pid is not None
    with qtbot.waitSignal(window.models.model_failed, timeout=LOAD_TIMEOUT_MS):
        os.kill(pid, signal.SIGKILL)
    with (
        qtbot.waitSignal(window.models.model_failed, timeout=LOAD_TIMEOUT_MS) as failed,
        qtbot.waitSignal(window.models.model_loaded, timeout=LOAD_TIMEOUT_MS) as restored,
    ):
        _pick(qtbot, window, refused_by_llama_cpp)
    assert "could not load no-block-count.gguf" in failed.args[0].reason
    assert restored.args[0].restored_after_failure
    assert restored.args[0].info.path == str(starter_model)
    assert window.client.engine_pid() not in (None, pid)
    assert window.model_picker.combo.currentData() == str(starter_model)
    assert _ask(qtbot, window, "Still there?") == starter_model.stem


def test_unload_frees_memory_and_the_next_send_loads_the_model_again(
    qtbot: QtBot, window: MainWindow, starter_model: Path
) -> None:
    with qtbot.waitSignal(window.models.model_unloaded, timeout=LOAD_TIMEOUT_MS) as unloaded:
        qtbot.mouseClick(window.model_picker.unload_button, Qt.MouseButton.LeftButton)
    event = unloaded.args[0]
    assert event.rss_after < event.rss_before
    assert not window.model_picker.unload_button.isEnabled()
    assert "freed" in window.statusBar().currentMessage()
    assert _ask(qtbot, window, "Back?") == starter_model.stem
    assert window.chat.state.figures is not None
    assert window.chat.state.figures.final is not None
    assert window.chat.state.figures.final.load_s > 0, "the reload shows as loading time in the answer's figures"


def test_a_model_too_big_for_memory_is_refused_with_the_numbers_and_load_anyway(
    qtbot: QtBot, window: MainWindow, starter_model: Path
) -> None:
    from engine.protocol import LoadOptions

    pid = window.client.engine_pid()
    huge = LoadOptions(str(starter_model), n_ctx=10_000_000, n_threads=2)  # hundreds of GB of context
    with qtbot.waitSignal(window.models.model_failed, timeout=LOAD_TIMEOUT_MS) as refused:
        window.models.load_model(huge)
    assert refused.args[0].kind == "memory"
    assert "is free" in refused.args[0].reason
    assert window.load_error.isVisibleTo(window)
    assert window.load_anyway_button.isVisibleTo(window)
    assert window.client.engine_pid() == pid, "the engine lives on"
    assert window.model_picker.combo.currentData() == str(starter_model)
    assert _ask(qtbot, window, "Still here?") == starter_model.stem, "the model never left"
