"""Saved conversations in the window, against the real engine, where they cross into it: the system
prompt the model reads, Continue written on by the engine, a conversation that outgrows the context,
and the prompt cache's tab. (The sidebar, versions, branches and settings on the scripted client:
test_conversations_controller.py.)"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from app.chat.chat_view import FIRST_PAGE
from app.main_window import MainWindow
from engine.protocol import SamplingParams

from .conftest import ANSWER_TIMEOUT_MS

pytestmark = pytest.mark.e2e

SHORT = SamplingParams(temperature=0, max_tokens=12)


def _ask(qtbot: QtBot, window: MainWindow, text: str) -> None:
    with qtbot.waitSignal(window.chat.answer_finished, timeout=ANSWER_TIMEOUT_MS):
        window.chat.send_message(text)


def _click_action(qtbot: QtBot, window: MainWindow, bubble_index: int, button: str) -> None:
    bubble = window.chat_view.bubbles[bubble_index]
    qtbot.mouseClick(getattr(bubble.action_row, button), Qt.MouseButton.LeftButton)


def test_the_system_prompt_reaches_the_model_and_is_saved(qtbot: QtBot, window: MainWindow) -> None:
    settings = window.settings_view
    change = settings.current_change()
    from dataclasses import replace

    with qtbot.waitSignal(settings.settings_changed, timeout=5000):
        settings.prompt_edit.setPlainText("Always answer with the single word: banana.")
        settings.prompt_edit.clearFocus()
    assert window.conversations.state.conversation is not None
    assert window.conversations.store.get(window.conversations.state.conversation.id).system_prompt.startswith(
        "Always answer"
    )
    window.conversations.state.sampling = replace(change.sampling, temperature=0, max_tokens=8)
    prompts: list[int] = []
    window.chat.answer_started.connect(lambda e: prompts.append(e.prompt_tokens))
    _ask(qtbot, window, "What fruit?")
    with_system = prompts[-1]
    assert with_system > 20  # the system prompt was part of the prompt


def test_a_stopped_answer_can_be_continued(qtbot: QtBot, window: MainWindow) -> None:
    window.conversations.state.sampling = SamplingParams(temperature=0.8, seed=3, max_tokens=400)
    with qtbot.waitSignal(window.chat.token_arrived, timeout=ANSWER_TIMEOUT_MS):
        window.chat.send_message("Write a long story about a dragon.")
    with qtbot.waitSignal(window.chat.answer_finished, timeout=ANSWER_TIMEOUT_MS):
        window.chat.stop()
    answer = window.chat_view.bubbles[1]
    before = answer.text
    assert answer.action_row.continue_button.isVisibleTo(answer)
    window.conversations.wait_for_saves()
    assert window.conversations.store.message(answer.message_id).state == "partial"
    window.conversations.state.sampling = SamplingParams(temperature=0.8, seed=3, max_tokens=10)
    with qtbot.waitSignal(window.chat.answer_finished, timeout=ANSWER_TIMEOUT_MS):
        _click_action(qtbot, window, 1, "continue_button")
    continued = window.chat_view.bubbles[1]
    window.conversations.wait_for_saves()
    assert len(window.chat_view.bubbles) == 2  # the same answer, written on
    assert continued.text.startswith(before)
    assert len(continued.text) > len(before)
    assert window.conversations.store.message(continued.message_id).text == continued.text


def test_overflow_drops_the_oldest_turns_and_says_so(qtbot: QtBot, window: MainWindow) -> None:
    window.conversations.state.sampling = SamplingParams(temperature=0, max_tokens=512)
    conversation = window.conversations.ensure_conversation()
    parent = None
    for i in range(40):  # about 2,400 tokens of history in a 2,048-token context
        q = window.conversations.store.add_message(
            conversation.id, parent, "user", f"Question {i}: " + "tell me more " * 20
        )
        a = window.conversations.store.add_message(
            conversation.id, q.id, "assistant", f"Answer {i}: " + "here is more " * 20
        )
        parent = a.id
    window.conversations.show_conversation(conversation.id)
    assert window.chat_view.hidden_count == 80 - FIRST_PAGE  # long conversations open with their newest page
    window.conversations.state.sampling = SamplingParams(temperature=0, max_tokens=8)
    with qtbot.waitSignal(window.chat.answer_finished, timeout=ANSWER_TIMEOUT_MS) as blocker:
        window.chat.send_message("Last question?")
    metrics = blocker.args[0].metrics
    assert metrics.dropped_messages > 0
    assert metrics.prompt_tokens < 2048
    assert "oldest" in window.chat_view.bubbles[-1].notice.text()

    window.conversations.store.update_settings(conversation.id, overflow_policy="stop")
    window.conversations.show_conversation(conversation.id)
    with qtbot.waitSignal(window.chat.answer_failed, timeout=ANSWER_TIMEOUT_MS) as failed:
        window.chat.send_message("One more?")
    assert "no longer fits" in failed.args[0].reason
    assert "no longer fits" in window.chat_view.bubbles[-1].error_view.message_label.text()


def test_the_cache_tab_shows_snapshots_clears_them_and_keeps_its_limits(qtbot: QtBot, window: MainWindow) -> None:
    view = window.cache_view
    window.conversations.state.sampling = SHORT
    with qtbot.waitSignal(window.client.cache_reported, timeout=ANSWER_TIMEOUT_MS):
        _ask(qtbot, window, "Tell me a fact about owls, please, in one short sentence.")
    qtbot.waitUntil(lambda: not view.memory_label.text().startswith(("Snapshots: 0", "not in use")))
    assert "%" in view.hits_label.text()
    with qtbot.waitSignal(window.client.cache_reported, timeout=ANSWER_TIMEOUT_MS) as cleared:
        qtbot.mouseClick(view.clear_button, Qt.MouseButton.LeftButton)
    assert cleared.args[0].entries_ram == 0
    assert view.memory_label.text().startswith("Snapshots: 0 ")
    # A new limit is saved and used for the next model load.
    view.ram_budget.setValue(300)
    view.ram_budget.editingFinished.emit()
    assert window.models.cache_budgets()[0] == 300 * 1024 * 1024
