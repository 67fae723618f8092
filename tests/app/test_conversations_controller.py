"""Saved conversations in the real window on the scripted engine client: the sidebar, versions,
branches, settings and the store. (What crosses into the engine, such as the system prompt reaching
the model or a long conversation overflowing its context, is in test_conversations.py, e2e.)"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QInputDialog
from pytestqt.qtbot import QtBot

from app.controllers import conversations_controller
from app.main_window import MainWindow
from engine.protocol import SamplingParams
from engine.store.chat_turn import cache_owner
from engine.store.conversations import ConversationStore

from .fake_engine import FakeEngineClient

SHORT = SamplingParams(temperature=0, max_tokens=12)


def _ask(qtbot: QtBot, window: MainWindow, fake: FakeEngineClient, text: str, reply: str = "A short answer.") -> None:
    fake.reply(reply)
    with qtbot.waitSignal(window.chat.answer_finished):
        window.chat.send_message(text)


def _click_action(qtbot: QtBot, window: MainWindow, bubble_index: int, button: str) -> None:
    bubble = window.chat_view.bubbles[bubble_index]
    qtbot.mouseClick(getattr(bubble.action_row, button), Qt.MouseButton.LeftButton)


def test_messages_are_saved_and_a_new_window_shows_them(
    qtbot: QtBot, fake_window: MainWindow, fake_client: FakeEngineClient
) -> None:
    window = fake_window
    window.conversations.state.sampling = SHORT
    _ask(qtbot, window, fake_client, "Name a color.", "Blue.")
    conversation = window.conversations.state.conversation
    assert conversation is not None
    assert conversation.title == "Name a color."  # titled from the first question
    window.conversations.wait_for_saves()
    with ConversationStore(window.conversations.store.path) as other:
        branch = other.branch(conversation.id)
    assert [m.role for m in branch] == ["user", "assistant"]
    question, answer = branch
    assert answer.state in ("complete", "partial")
    assert answer.text == window.chat_view.bubbles[1].text == "Blue."
    assert answer.token_ids
    assert question.token_ids
    assert question.token_model == window.models.state.name
    assert answer.metrics is not None
    assert answer.metrics["decode_tokens"] == len(answer.token_ids)
    # The sidebar lists it, newest first.
    assert window.conversation_list.ids()[0] == conversation.id


def test_sidebar_new_switch_rename_search_delete_and_undo(
    qtbot: QtBot, fake_window: MainWindow, fake_client: FakeEngineClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = fake_window
    window.conversations.state.sampling = SHORT
    _ask(qtbot, window, fake_client, "Tell me about tea.")
    first = window.conversations.state.conversation
    qtbot.mouseClick(window.conversation_list.new_button, Qt.MouseButton.LeftButton)
    assert window.conversations.state.conversation is None
    assert window.chat_view.bubbles == []
    window.conversations.state.sampling = SHORT
    _ask(qtbot, window, fake_client, "Tell me about coffee.")
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

    monkeypatch.setattr(QInputDialog, "getText", staticmethod(lambda *a, **k: ("Tea notes", True)))
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


def test_a_deletion_goes_for_good_when_undo_times_out_and_takes_its_snapshots(
    qtbot: QtBot, fake_window: MainWindow, fake_client: FakeEngineClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = fake_window
    monkeypatch.setattr(conversations_controller, "UNDO_DELETE_MS", 50)  # Undo's time runs out at once
    _ask(qtbot, window, fake_client, "Tell me about tea.")
    conversation = window.conversations.state.conversation
    assert conversation is not None
    window.conversations.delete_conversation(conversation.id)
    assert window.conversations.state.conversation is None, "the deleted chat left the screen"
    assert window.statusBar().currentMessage() == "Conversation deleted."
    assert fake_client.cleared == []  # Undo can still bring it back, snapshots and all
    qtbot.waitUntil(lambda: not window.undo_button.isVisible(), timeout=5000)
    assert fake_client.cleared == [cache_owner(conversation.id)]
    assert window.conversations.state.pending_delete is None
    assert window.conversations.store.summaries("") == []


def test_deleting_the_conversation_being_answered_stops_its_answer(
    qtbot: QtBot, fake_window: MainWindow, fake_client: FakeEngineClient
) -> None:
    window = fake_window
    window.chat.send_message("A long story, please.")
    fake_client.start()
    fake_client.write("Once")
    conversation = window.conversations.state.conversation
    assert conversation is not None
    window.conversations.delete_conversation(conversation.id)
    assert fake_client.cancelled == [fake_client.last_request.request_id]


def test_regenerate_adds_versions_you_can_page_through(
    qtbot: QtBot, fake_window: MainWindow, fake_client: FakeEngineClient
) -> None:
    window = fake_window
    window.conversations.state.sampling = SamplingParams(temperature=1.0, max_tokens=12, seed=None)
    _ask(qtbot, window, fake_client, "Say something.", "Something.")
    first_text = window.chat_view.bubbles[1].text
    fake_client.reply("Something else.")
    with qtbot.waitSignal(window.chat.answer_finished):
        _click_action(qtbot, window, 1, "regenerate_button")
    answer = window.chat_view.bubbles[1]
    assert len(window.chat_view.bubbles) == 2
    assert answer.action_row.version_label.text() == "2/2"
    assert answer.action_row.previous_button.isVisible()
    second_text = answer.text
    assert second_text == "Something else."
    _click_action(qtbot, window, 1, "previous_button")
    assert window.chat_view.bubbles[1].text == first_text
    assert window.chat_view.bubbles[1].action_row.version_label.text() == "1/2"
    _click_action(qtbot, window, 1, "next_button")
    assert window.chat_view.bubbles[1].text == second_text


def test_edit_and_resend_makes_a_branch_and_each_keeps_its_answer(
    qtbot: QtBot, fake_window: MainWindow, fake_client: FakeEngineClient
) -> None:
    window = fake_window
    window.conversations.state.sampling = SHORT
    _ask(qtbot, window, fake_client, "What is 2 + 2?", "Four.")
    _ask(qtbot, window, fake_client, "And 3 + 3?", "Six.")
    window.conversations.wait_for_saves()
    conversation = window.conversations.state.conversation
    assert conversation is not None
    first_answer = window.conversations.store.branch(conversation.id)[1]
    assert window.chat_view.bubbles[1].text == first_answer.text != ""  # redrawn from what was saved
    old_answer = window.chat_view.bubbles[3].text
    _click_action(qtbot, window, 2, "edit_button")
    assert window.composer.toPlainText() == "And 3 + 3?"
    assert window.edit_banner.isVisible()
    window.composer.setPlainText("And 5 + 5?")
    fake_client.reply("Ten.")
    with qtbot.waitSignal(window.chat.answer_finished):
        window.composer.submit()
    bubbles = window.chat_view.bubbles
    assert [b.text for b in bubbles[:3]] == [bubbles[0].text, bubbles[1].text, "And 5 + 5?"]
    assert bubbles[2].action_row.version_label.text() == "2/2"
    assert not window.edit_banner.isVisible()
    # The edited question was asked after the first turn only, not after "And 3 + 3?".
    assert [m.content for m in fake_client.last_request.messages] == ["What is 2 + 2?", "Four.", "And 5 + 5?"]
    _click_action(qtbot, window, 2, "previous_button")
    assert window.chat_view.bubbles[2].text == "And 3 + 3?"
    assert window.chat_view.bubbles[3].text == old_answer


def test_esc_leaves_an_edit_and_nothing_is_sent(
    qtbot: QtBot, fake_window: MainWindow, fake_client: FakeEngineClient
) -> None:
    window = fake_window
    _ask(qtbot, window, fake_client, "What is 2 + 2?", "Four.")
    _click_action(qtbot, window, 0, "edit_button")
    assert window.edit_banner.isVisible()
    assert window.chat.state.editing == window.chat_view.bubbles[0].message_id
    qtbot.keyClick(window.composer, Qt.Key.Key_Escape)
    assert not window.edit_banner.isVisible()
    assert window.chat.state.editing is None
    assert window.composer.toPlainText() == ""
    assert len(fake_client.requests) == 1


def test_deleting_a_message_takes_what_follows_it(
    qtbot: QtBot, fake_window: MainWindow, fake_client: FakeEngineClient
) -> None:
    window = fake_window
    _ask(qtbot, window, fake_client, "What is 2 + 2?", "Four.")
    _ask(qtbot, window, fake_client, "And 3 + 3?", "Six.")
    _click_action(qtbot, window, 2, "delete_button")
    assert [b.text for b in window.chat_view.bubbles] == ["What is 2 + 2?", "Four."]
    conversation = window.conversations.state.conversation
    assert conversation is not None
    assert [m.text for m in window.conversations.store.branch(conversation.id)] == ["What is 2 + 2?", "Four."]


def test_copy_puts_the_text_on_the_clipboard(
    qtbot: QtBot, fake_window: MainWindow, fake_client: FakeEngineClient
) -> None:
    window = fake_window
    window.conversations.state.sampling = SHORT
    _ask(qtbot, window, fake_client, "Hi!", "Hello to you.")
    _click_action(qtbot, window, 1, "copy_button")
    assert QApplication.clipboard().text() == window.chat_view.bubbles[1].text == "Hello to you."
    assert window.statusBar().currentMessage() == "Copied."


def test_a_preset_chosen_in_the_panel_is_saved_and_used_for_the_next_answer(
    qtbot: QtBot, fake_window: MainWindow, fake_client: FakeEngineClient
) -> None:
    from engine.presets import BUILTIN_PRESETS

    from .test_conversation_settings import choose

    window = fake_window
    settings = window.settings_view
    window.side_tabs.setCurrentWidget(settings)
    with qtbot.waitSignal(settings.settings_changed, timeout=5000):
        choose(qtbot, settings.preset_combo, settings.preset_combo.findText("Precise"))
    precise = BUILTIN_PRESETS["Precise"]
    assert window.conversations.state.conversation is not None
    saved = window.conversations.store.get(window.conversations.state.conversation.id).sampling
    assert (saved.temperature, saved.top_k, saved.top_p) == (precise.temperature, precise.top_k, precise.top_p)
    _ask(qtbot, window, fake_client, "Hi.")
    assert fake_client.last_request.sampling.temperature == precise.temperature
    # Reopening the conversation shows the same preset.
    window.conversations.new_conversation()
    window.conversations.show_conversation(window.conversations.store.summaries()[0].id)
    assert settings.preset_combo.currentText() == "Precise"


def test_every_setting_changed_in_a_new_chat_is_saved(fake_window: MainWindow) -> None:
    """The first change saves the new chat; the second must go to that same conversation."""
    window = fake_window
    window.conversations.new_conversation()
    window.settings_view.temperature.setValue(0.35)
    assert window.conversations.state.conversation is not None
    window.settings_view.max_tokens.setValue(24)
    saved = window.conversations.store.get(window.conversations.state.conversation.id).sampling
    assert saved.temperature == pytest.approx(0.35)
    assert saved.max_tokens == 24


def test_a_chosen_chat_format_is_named_in_the_header_and_sent_with_each_answer(
    qtbot: QtBot, fake_window: MainWindow, fake_client: FakeEngineClient
) -> None:
    from .test_conversation_settings import choose

    window = fake_window
    combo = window.settings_view.template_combo
    with qtbot.waitSignal(window.settings_view.settings_changed):
        choose(qtbot, combo, combo.findText("Llama 3"))
    assert window.template_label.text() == "chat format: Llama 3 (chosen for this conversation)"
    _ask(qtbot, window, fake_client, "Hi.")
    assert fake_client.last_request.template_override == "Llama 3"
