"""Input edges in the window, on the real engine: a 200,000-character paste, and odd Unicode (an empty
message: test_chat_controller.py). Nothing crashes, nothing typed is lost, and each outcome is said in
plain words."""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from app.main_window import MainWindow
from engine.protocol import SamplingParams

from .conftest import ANSWER_TIMEOUT_MS

pytestmark = pytest.mark.e2e

SHORT = SamplingParams(temperature=0.0, max_tokens=8)
ODD = "Emoji 👩‍👩‍👧‍👦 🙂, CJK 繁體中文 简体中文, RTL שלום עולם, combining é, zero-width \u200bjoiner, tab\tend."


def test_a_200000_character_paste_is_kept_and_refused_in_one_sentence(qtbot: QtBot, window: MainWindow) -> None:
    pasted = ("All work and no play makes a long paste. " * 5000)[:200_000]
    window.conversations.state.sampling = SHORT
    with qtbot.waitSignal(window.chat.answer_failed, timeout=ANSWER_TIMEOUT_MS) as failed:
        window.chat.send_message(pasted)  # the engine tokenises it, off the window's thread
    reason = failed.args[0].reason
    assert reason.startswith("Your message alone is ")
    assert "\n" not in reason
    assert window.chat_view.bubbles[0].text == pasted
    conversation = window.conversations.store.get(
        window.conversations.state.conversation.id if window.conversations.state.conversation else 0
    )
    assert window.conversations.store.branch(conversation.id)[0].text == pasted, "the paste is saved, not lost"
    window.conversations.state.sampling = SHORT
    with qtbot.waitSignal(window.chat.answer_finished, timeout=ANSWER_TIMEOUT_MS):
        window.chat.send_message("Short again.")


def test_odd_unicode_goes_in_and_out_unchanged(qtbot: QtBot, window: MainWindow) -> None:
    window.conversations.state.sampling = SHORT
    with qtbot.waitSignal(window.chat.answer_finished, timeout=ANSWER_TIMEOUT_MS):
        window.chat.send_message(ODD)
    assert window.chat_view.bubbles[0].text == ODD
    shown = window.chat_view.bubbles[0].body.toPlainText()  # Markdown may turn the tab into a space
    assert shown.split() == ODD.split()
    window.conversations.wait_for_saves()  # the last save of an answer runs behind the window
    stored = window.conversations.store.branch(
        window.conversations.state.conversation.id if window.conversations.state.conversation else 0
    )
    assert stored[0].text == ODD
    assert stored[1].text == window.chat_view.bubbles[1].text, "the answer on screen is the answer saved"
