"""A long paste in the middle of a long conversation whose overflow policy leaves out the oldest
messages, in the real window on the real engine (n_ctx 2048; the engine tokenises, off the window's
thread). A paste that fits once the oldest turns are left out is answered, with the notice saying
so; a 200,000-character paste, too long on its own, is refused in one sentence, and the next
message is answered without it. Either way every earlier message stays stored and shown: only the
prompt left them out."""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from app.chat.branch_rows import dropped_notice
from app.main_window import MainWindow
from engine.protocol import Finished, SamplingParams
from engine.store.records import Conversation

from .conftest import ANSWER_TIMEOUT_MS
from .test_conversation_settings import choose

pytestmark = pytest.mark.e2e

SHORT = SamplingParams(temperature=0.0, max_tokens=16)  # the settings panel's smallest answer length
TURNS = 12  # about 1,600 tokens of history: near the 2,048-token context, still fitting with a question
PASTE_4K = ("Here is a long note about harbour logistics, cargo manifests and tide tables for the season. " * 60)[
    :4000
]  # about 780 tokens: fits once a few of the oldest turns are left out
PASTE_200K = ("All work and no play makes a long paste. " * 5000)[:200_000]  # about 49,000 tokens


def _history() -> list[tuple[str, str]]:
    return [
        (
            f"Turn {i}. " + "Tell me about the old lighthouse keepers of the northern coast and their routines. " * 3,
            f"Answer {i}. " + "The keepers climbed the tower at dusk, trimmed the wicks and logged the weather. " * 3,
        )
        for i in range(1, TURNS + 1)
    ]


def _open_long_conversation(qtbot: QtBot, window: MainWindow) -> Conversation:
    """A stored conversation from an earlier session, opened from the list, its policy chosen in the panel."""
    store = window.conversations.store
    conversation = store.create(
        model=window.models.state.name,
        model_path=window.models.state.loaded_path,
        sampling=SHORT,
        overflow_policy="stop",
    )
    parent = None
    for question, answer in _history():
        parent = store.add_message(conversation.id, parent, "user", question).id
        parent = store.add_message(conversation.id, parent, "assistant", answer).id
    window.conversations.refresh_list()
    window.conversations.show_conversation(conversation.id)
    combo = window.settings_view.overflow_combo
    with qtbot.waitSignal(window.settings_view.settings_changed):
        choose(qtbot, combo, combo.findData("drop_oldest"))
    shown = store.get(conversation.id)
    assert shown.overflow_policy == "drop_oldest"
    return shown


def _paste_and_send(window: MainWindow, text: str) -> None:
    window.composer.setPlainText(text)
    window.send_button.click()


def _all_shown(window: MainWindow) -> list[str]:
    """The text of every bubble, once the user has brought back the earlier pages."""
    view = window.chat_view
    while view.hidden_count:
        view.earlier_button.click()
    return [bubble.text for bubble in view.bubbles]


def _stored(window: MainWindow, conversation: Conversation) -> list[str]:
    window.conversations.wait_for_saves()
    return [m.text for m in window.conversations.store.branch(conversation.id)]


def _earlier_texts() -> list[str]:
    return [text for turn in _history() for text in turn]


def test_a_paste_that_fits_without_the_oldest_turns_is_answered_with_a_notice(qtbot: QtBot, window: MainWindow) -> None:
    conversation = _open_long_conversation(qtbot, window)
    with qtbot.waitSignal(window.chat.answer_finished, timeout=ANSWER_TIMEOUT_MS) as finished:
        _paste_and_send(window, PASTE_4K)
    metrics = finished.args[0].metrics
    dropped = metrics.dropped_messages
    assert 0 < dropped < 2 * TURNS, f"{dropped} messages left out: the test no longer needs the policy"
    assert dropped % 2 == 0, "whole turns are left out, never half of one"
    answer = window.chat_view.bubbles[-1]
    assert answer.text, "no answer came"
    assert answer.notice.isVisibleTo(window)
    assert answer.notice.text() == dropped_notice(dropped)
    assert f"({dropped})" in answer.notice.text()
    assert not window.composer.toPlainText(), "the paste left the composer only once it was stored"

    expected = [*_earlier_texts(), PASTE_4K, answer.text]
    assert _stored(window, conversation) == expected, "nothing is lost from the store"
    assert _all_shown(window) == expected, "every earlier message is still shown"
    assert window.conversations.store.message(answer.message_id or 0).metrics["dropped_messages"] == dropped  # type: ignore[index]

    window.conversations.new_conversation()  # opened again later: the notice comes from what was stored
    window.conversations.show_conversation(conversation.id)
    assert window.chat_view.bubbles[-1].notice.text() == dropped_notice(dropped)
    assert _all_shown(window) == expected


def test_a_200000_character_paste_mid_conversation_is_refused_and_the_next_message_answered(
    qtbot: QtBot, window: MainWindow
) -> None:
    conversation = _open_long_conversation(qtbot, window)
    with qtbot.waitSignal(window.chat.answer_failed, timeout=ANSWER_TIMEOUT_MS) as failed:
        _paste_and_send(window, PASTE_200K)
    reason = failed.args[0].reason
    assert reason.startswith("Your message alone is ")
    assert "context of 2,048 tokens" in reason
    assert "\n" not in reason
    refused = window.chat_view.bubbles[-1]
    assert refused.error_view.isVisibleTo(window)
    assert refused.error_view.message_label.text().startswith(reason)
    assert window.chat_view.bubbles[-2].text == PASTE_200K
    earlier = [*_earlier_texts(), PASTE_200K]
    assert _stored(window, conversation)[:-1] == earlier, "the paste is saved and nothing earlier is lost"
    assert _all_shown(window)[:-1] == earlier

    with qtbot.waitSignal(window.chat.answer_finished, timeout=ANSWER_TIMEOUT_MS) as finished:
        _paste_and_send(window, "Short again.")
    event: Finished = finished.args[0]
    # Everything before the new question is left out: the paste cannot fit, and a kept history
    # begins with a question (the refused answer holds no text, so it was never part of the chat).
    assert event.metrics.dropped_messages == len(earlier)
    answer = window.chat_view.bubbles[-1]
    assert answer.text, "no answer came"
    assert answer.notice.text() == dropped_notice(len(earlier))
    stored = _stored(window, conversation)
    assert stored[: len(earlier)] == earlier
    assert stored[-2:] == ["Short again.", answer.text]
    assert _all_shown(window) == stored
