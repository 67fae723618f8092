"""Saved conversations in the window, against the real engine: sidebar, versions, branches, settings."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QInputDialog
from pytestqt.qtbot import QtBot

from app.chat.chat_view import FIRST_PAGE
from app.main_window import MainWindow
from engine.protocol import SamplingParams
from engine.store.conversations import ConversationStore

from .conftest import ANSWER_TIMEOUT_MS

SHORT = SamplingParams(temperature=0, max_tokens=12)


def _ask(qtbot: QtBot, window: MainWindow, text: str) -> None:
    with qtbot.waitSignal(window.chat.answer_finished, timeout=ANSWER_TIMEOUT_MS):
        window.chat.send_message(text)


def _click_action(qtbot: QtBot, window: MainWindow, bubble_index: int, button: str) -> None:
    bubble = window.chat_view.bubbles[bubble_index]
    qtbot.mouseClick(getattr(bubble.action_row, button), Qt.MouseButton.LeftButton)


def test_messages_are_saved_and_a_new_window_shows_them(qtbot: QtBot, window: MainWindow) -> None:
    window.conversations.state.sampling = SHORT
    _ask(qtbot, window, "Name a color.")
    conversation = window.conversations.state.conversation
    assert conversation is not None
    assert conversation.title == "Name a color."  # titled from the first question
    window.conversations.wait_for_saves()
    with ConversationStore(window.conversations.store.path) as other:
        branch = other.branch(conversation.id)
    assert [m.role for m in branch] == ["user", "assistant"]
    question, answer = branch
    assert answer.state in ("complete", "partial")
    assert answer.text == window.chat_view.bubbles[1].text
    assert answer.token_ids
    assert question.token_ids
    assert question.token_model == window.models.state.name
    assert answer.metrics is not None
    assert answer.metrics["decode_tokens"] == len(answer.token_ids)
    # The sidebar lists it, newest first.
    assert window.conversation_list.ids()[0] == conversation.id


def test_sidebar_new_switch_rename_search_delete_and_undo(
    qtbot: QtBot, window: MainWindow, monkeypatch: object
) -> None:
    window.conversations.state.sampling = SHORT
    _ask(qtbot, window, "Tell me about tea.")
    first = window.conversations.state.conversation
    qtbot.mouseClick(window.conversation_list.new_button, Qt.MouseButton.LeftButton)
    assert window.conversations.state.conversation is None
    assert window.chat_view.bubbles == []
    window.conversations.state.sampling = SHORT
    _ask(qtbot, window, "Tell me about coffee.")
    second = window.conversations.state.conversation
    assert first is not None
    assert second is not None
    assert window.conversation_list.ids() == [second.id, first.id]

    # Switch back by clicking the first conversation in the list.
    lst = window.conversation_list.list
    with qtbot.waitSignal(window.conversations.conversation_opened):
        lst.setCurrentRow(1)
    assert window.conversations.state.conversation.id == first.id
    assert window.chat_view.bubbles[0].text == "Tell me about tea."

    monkeypatch.setattr(QInputDialog, "getText", staticmethod(lambda *a, **k: ("Tea notes", True)))  # type: ignore[attr-defined]
    window.conversation_list.ask_rename(first.id, "Tell me about tea.")
    assert window.conversations.store.get(first.id).title == "Tea notes"

    window.conversation_list.search_box.setText("coffee")
    qtbot.waitUntil(lambda: window.conversation_list.ids() == [second.id], timeout=5000)
    window.conversation_list.search_box.setText("")
    qtbot.waitUntil(lambda: len(window.conversation_list.ids()) == 2, timeout=5000)

    window.conversations.delete_conversation(second.id)
    assert window.conversation_list.ids() == [first.id]
    assert window.undo_button.isVisible()
    qtbot.mouseClick(window.undo_button, Qt.MouseButton.LeftButton)
    assert set(window.conversation_list.ids()) == {first.id, second.id}
    assert window.conversations.state.conversation.id == second.id


def test_regenerate_adds_versions_you_can_page_through(qtbot: QtBot, window: MainWindow) -> None:
    window.conversations.state.sampling = SamplingParams(temperature=1.0, max_tokens=12, seed=None)
    _ask(qtbot, window, "Say something.")
    first_text = window.chat_view.bubbles[1].text
    with qtbot.waitSignal(window.chat.answer_finished, timeout=ANSWER_TIMEOUT_MS):
        _click_action(qtbot, window, 1, "regenerate_button")
    answer = window.chat_view.bubbles[1]
    assert len(window.chat_view.bubbles) == 2
    assert answer.action_row.version_label.text() == "2/2"
    assert answer.action_row.previous_button.isVisible()
    second_text = answer.text
    _click_action(qtbot, window, 1, "previous_button")
    assert window.chat_view.bubbles[1].text == first_text
    assert window.chat_view.bubbles[1].action_row.version_label.text() == "1/2"
    _click_action(qtbot, window, 1, "next_button")
    assert window.chat_view.bubbles[1].text == second_text


def test_edit_and_resend_makes_a_branch_and_each_keeps_its_answer(qtbot: QtBot, window: MainWindow) -> None:
    window.conversations.state.sampling = SHORT
    _ask(qtbot, window, "What is 2 + 2?")
    _ask(qtbot, window, "And 3 + 3?")
    window.conversations.wait_for_saves()
    first_answer = window.conversations.store.branch(window.conversations.state.conversation.id)[1]  # type: ignore[union-attr]
    assert window.chat_view.bubbles[1].text == first_answer.text != ""  # redrawn from what was saved
    old_answer = window.chat_view.bubbles[3].text
    _click_action(qtbot, window, 2, "edit_button")
    assert window.composer.toPlainText() == "And 3 + 3?"
    assert window.edit_banner.isVisible()
    window.composer.setPlainText("And 5 + 5?")
    with qtbot.waitSignal(window.chat.answer_finished, timeout=ANSWER_TIMEOUT_MS):
        window.composer.submit()
    bubbles = window.chat_view.bubbles
    assert [b.text for b in bubbles[:3]] == [bubbles[0].text, bubbles[1].text, "And 5 + 5?"]
    assert bubbles[2].action_row.version_label.text() == "2/2"
    assert not window.edit_banner.isVisible()
    _click_action(qtbot, window, 2, "previous_button")
    assert window.chat_view.bubbles[2].text == "And 3 + 3?"
    assert window.chat_view.bubbles[3].text == old_answer


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


def test_copy_puts_the_text_on_the_clipboard(qtbot: QtBot, window: MainWindow) -> None:
    window.conversations.state.sampling = SHORT
    _ask(qtbot, window, "Hi!")
    _click_action(qtbot, window, 1, "copy_button")
    assert QApplication.clipboard().text() == window.chat_view.bubbles[1].text


def test_a_preset_chosen_in_the_panel_is_saved_and_used_for_the_next_answer(qtbot: QtBot, window: MainWindow) -> None:
    from engine.presets import BUILTIN_PRESETS

    from .test_conversation_settings import choose

    settings = window.settings_view
    window.side_tabs.setCurrentWidget(settings)
    with qtbot.waitSignal(settings.settings_changed, timeout=5000):
        choose(qtbot, settings.preset_combo, settings.preset_combo.findText("Precise"))
    precise = BUILTIN_PRESETS["Precise"]
    assert window.conversations.state.conversation is not None
    saved = window.conversations.store.get(window.conversations.state.conversation.id).sampling
    assert (saved.temperature, saved.top_k, saved.top_p) == (precise.temperature, precise.top_k, precise.top_p)
    sent: list[object] = []
    original = window.client.generate

    def spy(messages: object, sampling: SamplingParams, *args: object, **kwargs: object) -> int:
        sent.append(sampling)
        return original(messages, sampling, *args, **kwargs)  # type: ignore[arg-type]

    window.client.generate = spy  # type: ignore[method-assign]
    _ask(qtbot, window, "Hi.")
    assert sent[-1].temperature == precise.temperature  # type: ignore[attr-defined]
    # Reopening the conversation shows the same preset.
    window.conversations.new_conversation()
    window.conversations.show_conversation(window.conversations.store.summaries()[0].id)
    assert settings.preset_combo.currentText() == "Precise"


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


def test_every_setting_changed_in_a_new_chat_is_saved(qtbot: QtBot, window: MainWindow) -> None:
    """The first change saves the new chat; the second must go to that same conversation."""
    window.conversations.new_conversation()
    window.settings_view.temperature.setValue(0.35)
    assert window.conversations.state.conversation is not None
    window.settings_view.max_tokens.setValue(24)
    saved = window.conversations.store.get(window.conversations.state.conversation.id).sampling
    assert saved.temperature == pytest.approx(0.35)
    assert saved.max_tokens == 24
