"""Long pastes and long messages without freezing the window.

A paste over PASTE_CHARS becomes a "pasted text" chip in the composer (not text in its editor),
and Send sends the typed text and the pasted text as one message. A long message shows collapsed:
its beginning as plain text, a line saying how long it is, and Show all. Copy copies all of it.
End to end in the real window on the real engine (which tokenises the paste in its own process
and refuses it in one sentence); the widgets on their own for the rest.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QMimeData, QPoint, QPointF, Qt
from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent, QDropEvent, QTextOption
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from app.chat.composer import Composer
from app.chat.long_text import LONG_MESSAGE_CHARS, PASTE_CHARS, PREVIEW_CHARS, first_lines, preview
from app.chat.message_bubble import MessageBodyView, MessageBubble
from app.main_window import MainWindow
from engine.protocol import SamplingParams

from .conftest import ANSWER_TIMEOUT_MS, settle_layouts

SHORT = SamplingParams(temperature=0.0, max_tokens=8)
PROSE = ("All work and no play makes a long paste.\n" * 5000)[:200_000]
UNBROKEN = ("AllWorkAndNoPlayMakesALongPaste" * 7000)[:200_000]


def _composer(qtbot: QtBot) -> Composer:
    composer = Composer()
    qtbot.addWidget(composer)
    composer.resize(600, composer.height())  # the chips are laid out against a real width
    composer.show()
    return composer


def _paste(qtbot: QtBot, composer: Composer, text: str) -> None:
    """As the user does it: the text on the clipboard, Ctrl+V in the composer."""
    QApplication.clipboard().setText(text)
    qtbot.keyClick(composer, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier)


def _drop(composer: Composer, text: str) -> None:
    """A text dragged from another app and dropped on the composer."""
    mime = QMimeData()
    mime.setText(text)
    target = composer.viewport()
    point = target.rect().center()
    copy = Qt.DropAction.CopyAction
    buttons, keys = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    QApplication.sendEvent(target, QDragEnterEvent(point, copy, mime, buttons, keys))
    QApplication.sendEvent(target, QDragMoveEvent(QPoint(point), copy, mime, buttons, keys))
    QApplication.sendEvent(target, QDropEvent(QPointF(point), copy, mime, buttons, keys))


@pytest.mark.e2e
def test_a_long_paste_is_sent_whole_from_a_chip_and_shown_collapsed(qtbot: QtBot, window: MainWindow) -> None:
    composer = window.composer
    window.conversations.state.sampling = SHORT
    qtbot.keyClicks(composer, "Summarise this")
    qtbot.keyClick(composer, Qt.Key.Key_Return, Qt.KeyboardModifier.ShiftModifier)  # still a new line
    qtbot.keyClicks(composer, "briefly:")
    _paste(qtbot, composer, PROSE)

    assert composer.toPlainText() == "Summarise this\nbriefly:", "the paste is not in the editor"
    assert composer.pasted_texts == [PROSE]
    [chip] = composer.chip_row.chips
    assert chip.isVisibleTo(window)
    assert chip.view_button.text() == "Pasted text · 200,000 characters"
    assert chip.view_button.toolTip().startswith(first_lines(PROSE))
    assert composer.chip_row.geometry().bottom() < composer.viewport().geometry().top(), "chips sit above the text"

    sent = "Summarise this\nbriefly:\n\n" + PROSE.rstrip()
    with qtbot.waitSignal(window.chat.answer_failed, timeout=ANSWER_TIMEOUT_MS) as failed:
        qtbot.keyClick(composer, Qt.Key.Key_Return)  # Enter sends, chip and all
    reason = failed.args[0].reason
    assert reason.startswith("Your message alone is "), "the engine tokenised the whole paste"
    assert composer.toPlainText() == ""
    assert composer.pasted_texts == []
    assert not composer.chip_row.isVisibleTo(window)
    conversation_id = window.conversations.state.conversation.id if window.conversations.state.conversation else 0
    assert window.conversations.store.branch(conversation_id)[0].text == sent, "the store holds every character"

    question, answer = window.chat_view.bubbles
    assert answer.error_view.isVisibleTo(window)
    assert question.text == sent
    assert question.collapsed
    assert question.long_bar.isVisibleTo(window)
    assert question.long_bar.label.text() == f"Long message: {len(sent):,} characters"
    assert question.body.toPlainText() == preview(sent)
    assert len(question.body.toPlainText()) <= PREVIEW_CHARS + 2

    collapsed_body_height = question.body.height()
    question.long_bar.toggle_button.click()  # Show all
    assert not question.collapsed
    assert question.body.toPlainText() == sent
    assert question.long_bar.toggle_button.text() == "Show less"
    lines = sent.count("\n") + 1
    tall_enough = lines * question.body.fontMetrics().ascent()  # every line is at least this tall
    assert question.body.height() >= tall_enough, "laid out whole at once, not a screen at a time"
    qtbot.waitUntil(lambda: question.height() > question.body.height())  # and the bubble holds it all
    question.long_bar.toggle_button.click()
    assert question.body.toPlainText() == preview(sent)
    assert question.body.height() == collapsed_body_height
    qtbot.waitUntil(lambda: question.height() < tall_enough)  # the bubble folds back

    QApplication.clipboard().clear()
    question.action_row.copy_button.click()
    assert QApplication.clipboard().text() == sent, "Copy copies the whole message"

    question.action_row.edit_button.click()  # editing it holds the long question as a chip again
    assert composer.pasted_texts == [sent]
    assert composer.toPlainText() == ""
    qtbot.keyClick(composer, Qt.Key.Key_Escape)  # Esc leaves the edit, and its chip goes with it
    assert not window.edit_banner.isVisibleTo(window)
    assert composer.pasted_texts == []

    qtbot.keyClicks(composer, "Short again.")
    with qtbot.waitSignal(window.chat.answer_finished, timeout=ANSWER_TIMEOUT_MS):
        qtbot.keyClick(composer, Qt.Key.Key_Return)
    short_question = window.chat_view.bubbles[-2]
    assert short_question.text == "Short again."
    assert not short_question.collapsed
    assert not short_question.long_bar.isVisibleTo(window)


@pytest.mark.e2e
def test_esc_stops_an_answer_and_a_paste_made_meanwhile_waits_in_its_chip(qtbot: QtBot, window: MainWindow) -> None:
    window.conversations.state.sampling = SamplingParams(temperature=0.8, seed=7, max_tokens=500)
    composer = window.composer
    with qtbot.waitSignal(window.chat.token_arrived, timeout=ANSWER_TIMEOUT_MS):
        window.chat.send_message("Write a very long story about a cat who sails around the world.")
    _paste(qtbot, composer, UNBROKEN)  # the user pastes the next question while the answer streams
    with qtbot.waitSignal(window.chat.answer_finished, timeout=ANSWER_TIMEOUT_MS) as finished:
        qtbot.keyClick(composer, Qt.Key.Key_Escape)
    assert finished.args[0].metrics.stop_reason == "cancelled"
    assert composer.pasted_texts == [UNBROKEN], "nothing pasted is lost"
    assert len(window.chat_view.bubbles) == 2


def test_a_paste_up_to_the_limit_goes_into_the_editor_as_before(qtbot: QtBot) -> None:
    composer = _composer(qtbot)
    qtbot.keyClicks(composer, "Look: ")
    at_limit = ("short line\n" * PASTE_CHARS)[:PASTE_CHARS]
    _paste(qtbot, composer, at_limit)
    assert composer.toPlainText() == "Look: " + at_limit
    assert composer.pasted_texts == []
    assert not composer.chip_row.isVisibleTo(composer)
    with qtbot.waitSignal(composer.submitted) as submitted:
        composer.submit()
    assert submitted.args == [("Look: " + at_limit).strip()]


def test_one_character_over_the_limit_becomes_a_chip(qtbot: QtBot) -> None:
    composer = _composer(qtbot)
    height = composer.height()
    over = "x" * (PASTE_CHARS + 1)
    _paste(qtbot, composer, over)
    assert composer.toPlainText() == ""
    assert composer.pasted_texts == [over]
    assert composer.height() > height, "the composer grows to hold the chip above the editor"
    with qtbot.waitSignal(composer.submitted) as submitted:
        composer.submit()
    assert submitted.args == [over]


def test_a_dropped_text_is_held_like_a_pasted_one(qtbot: QtBot) -> None:
    composer = _composer(qtbot)
    long_text = "dropped words " * 1000
    _drop(composer, long_text)
    assert composer.pasted_texts == [long_text]
    assert composer.toPlainText() == ""
    _drop(composer, "a few words")
    assert composer.toPlainText() == "a few words"
    assert composer.message_text() == "a few words\n\n" + long_text.rstrip()


def test_several_pastes_are_sent_in_order_and_one_can_be_removed(qtbot: QtBot) -> None:
    composer = _composer(qtbot)
    first, second, third = ("\r\n\n  first\r\n" + "a" * PASTE_CHARS), "b" * PASTE_CHARS * 2, "c" * PASTE_CHARS * 3
    for text in (first, second, third):
        _paste(qtbot, composer, text)
    assert len(composer.chip_row.chips) == 3
    assert all(chip.isVisible() for chip in composer.chip_row.chips)
    row = composer.chip_row.geometry()
    assert row.height() >= composer.chip_row.chips[0].height(), "the row is tall enough for its chips"
    assert row.bottom() < composer.viewport().geometry().top(), "and the text starts below them"
    composer.chip_row.chips[1].remove_button.click()
    assert composer.pasted_texts == [first, third]
    assert [chip.text for chip in composer.chip_row.chips] == [first, third]
    # Line endings made plain, blank lines at the ends left out, the first line's indentation kept.
    assert composer.message_text() == "  first\n" + "a" * PASTE_CHARS + "\n\n" + third
    whitespace = " \n" * PASTE_CHARS
    composer.clear()
    _paste(qtbot, composer, whitespace)
    assert composer.pasted_texts == [whitespace]
    with qtbot.assertNotEmitted(composer.submitted):
        composer.submit()  # nothing but spaces: nothing is sent, as with an empty editor


def test_a_click_on_the_chip_shows_the_whole_text_read_only(qtbot: QtBot) -> None:
    composer = _composer(qtbot)
    _paste(qtbot, composer, UNBROKEN)
    composer.chip_row.chips[0].view_button.click()
    viewer = composer.viewer
    assert viewer is not None
    assert viewer.isVisible()
    assert viewer.text_view.isReadOnly()
    assert viewer.text_view.toPlainText() == UNBROKEN
    assert viewer.text_view.wordWrapMode() == QTextOption.WrapMode.WrapAnywhere
    viewer.close()


def test_a_long_answer_from_the_store_shows_collapsed_and_a_shorter_one_as_markdown(qtbot: QtBot) -> None:
    limit = LONG_MESSAGE_CHARS["assistant"]
    long_answer = ("**bold** " * limit)[: limit + 1]
    bubble = MessageBubble("assistant", "model", long_answer)
    qtbot.addWidget(bubble)
    assert bubble.collapsed
    assert bubble.rendered_html == "", "a long message is never rendered as Markdown"
    assert bubble.body.toPlainText() == preview(long_answer)

    fits = ("**bold** " * limit)[:limit]
    bubble = MessageBubble("assistant", "model", fits)
    qtbot.addWidget(bubble)
    assert not bubble.collapsed
    assert "<strong>bold</strong>" in bubble.rendered_html


def test_an_answer_that_grew_long_while_streaming_stays_whole(qtbot: QtBot) -> None:
    bubble = MessageBubble("assistant", "model")
    qtbot.addWidget(bubble)
    piece = "word " * 1000
    while len(bubble.text) <= LONG_MESSAGE_CHARS["assistant"]:
        bubble.append(piece)
        bubble.show_new_text()
    bubble.render_markdown()
    assert not bubble.collapsed, "what the user watched arrive does not fold away"
    assert bubble.body.toPlainText() == bubble.text
    assert bubble.long_bar.toggle_button.text() == "Show less"
    bubble.long_bar.toggle_button.click()
    assert bubble.collapsed
    assert bubble.body.toPlainText() == preview(bubble.text)


def test_show_all_wraps_an_unbroken_text_anywhere_and_prose_at_words(qtbot: QtBot) -> None:
    for text, wrap in (
        (UNBROKEN, QTextOption.WrapMode.WrapAnywhere),
        (PROSE, QTextOption.WrapMode.WrapAtWordBoundaryOrAnywhere),
    ):
        bubble = MessageBubble("user", "You", text)
        qtbot.addWidget(bubble)
        bubble.set_expanded(True)
        assert bubble.body.toPlainText() == text
        assert bubble.body.wordWrapMode() == wrap


def test_the_body_wraps_again_only_when_its_width_changes(qtbot: QtBot) -> None:
    body = MessageBodyView()
    qtbot.addWidget(body)
    body.resize(400, 50)
    body.show()
    body.show_plain("word " * 2000)
    qtbot.waitExposed(body)
    settle_layouts()
    layout = body.document().documentLayout()
    relayouts: list[object] = []
    layout.update.connect(lambda *area: relayouts.append(area))

    body.setFixedHeight(body.height() + 40)  # only the height: the wrapping stands
    settle_layouts()
    assert relayouts == []

    with qtbot.waitSignal(layout.update):
        body.resize(300, body.height())
    settle_layouts()
    assert len(relayouts) == 1, "a new width wraps the text once, not twice"
    assert body.height() == round(body.document().size().height()), "and the body fits it"
