"""The chat in the real window on the scripted engine client: what Send asks the engine for, how an
answer streams into its bubble and the store, Stop, a failure mid-answer, Continue, and answering in
one conversation while another is on screen. (The same on the real engine: test_chat_window.py and
test_engine_crash_gui.py, e2e.)"""

from __future__ import annotations

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from app.main_window import MainWindow
from engine.protocol import ChatMessage, SamplingParams
from engine.store.chat_turn import cache_owner
from engine.store.tokens import branch_layout

from .conftest import answer_on_screen
from .fake_engine import FakeEngineClient, Reply


def test_shift_enter_adds_a_line_instead_of_sending(
    qtbot: QtBot, fake_window: MainWindow, fake_client: FakeEngineClient
) -> None:
    window = fake_window
    qtbot.keyClicks(window.composer, "first line")
    qtbot.keyClick(window.composer, Qt.Key.Key_Return, Qt.KeyboardModifier.ShiftModifier)
    qtbot.keyClicks(window.composer, "second line")
    assert window.composer.toPlainText() == "first line\nsecond line"
    assert window.chat_view.bubbles == []
    assert fake_client.requests == []


def test_an_empty_message_is_not_sent(qtbot: QtBot, fake_window: MainWindow, fake_client: FakeEngineClient) -> None:
    window = fake_window
    window.composer.setPlainText("   \n\t  ")
    with qtbot.assertNotEmitted(window.composer.submitted):
        window.composer.submit()
    assert fake_client.requests == []
    assert window.chat.state.answer is None
    assert window.chat_view.bubbles == []
    assert window.conversations.store.summaries("") == []


def test_plot_records_points(qtbot: QtBot, fake_window: MainWindow) -> None:
    fake_window.attach_plot()
    plot = fake_window.metrics_panel.plot
    assert plot is not None
    qtbot.waitUntil(lambda: plot.point_count >= 2, timeout=5000)


def test_enter_sends_and_the_answer_streams_into_its_bubble_and_the_store(
    qtbot: QtBot, fake_window: MainWindow, fake_client: FakeEngineClient
) -> None:
    window = fake_window
    window.conversations.state.sampling = SamplingParams(temperature=0, max_tokens=60)
    qtbot.keyClicks(window.composer, "What is the capital of France?")
    qtbot.keyClick(window.composer, Qt.Key.Key_Return)
    assert window.composer.toPlainText() == ""
    assert not window.send_button.isEnabled()
    assert window.stop_button.isEnabled()
    request = fake_client.last_request
    assert request.messages == (ChatMessage("user", "What is the capital of France?"),)
    assert request.sampling == SamplingParams(temperature=0, max_tokens=60)
    conversation = window.conversations.state.conversation
    assert conversation is not None
    assert request.cache_owner == cache_owner(conversation.id)
    # The list is redrawn, marking the chat that answers, once the answer's bubble is built (next turn).
    qtbot.waitUntil(lambda: window.conversation_list.list.count() == 1)
    assert window.conversation_list.list.item(0).text().startswith("● ")

    with qtbot.waitSignal(window.chat.answer_started):
        fake_client.start()
    for piece in ("Paris", " is", " the capital."):
        with qtbot.waitSignal(window.chat.token_arrived):
            fake_client.write(piece)
        assert answer_on_screen(window).endswith(piece)
    with qtbot.waitSignal(window.chat.answer_finished) as finished:
        fake_client.finish()
    user, answer = window.chat_view.bubbles
    assert user.text == "What is the capital of France?"
    assert answer.text == "Paris is the capital."
    metrics = finished.args[0].metrics
    assert f"{metrics.decode_tokens} tokens" in answer.footer.text()
    assert window.send_button.isEnabled()
    assert not window.stop_button.isEnabled()
    assert not window.conversation_list.list.item(0).text().startswith("● ")
    assert window.chat.state.answer is None
    figures = window.chat.state.figures
    assert figures is not None
    assert figures.final == metrics
    assert figures.ttft_s is not None
    window.conversations.wait_for_saves()
    question, stored = window.conversations.store.branch(conversation.id)
    assert (stored.text, stored.state) == ("Paris is the capital.", "complete")
    assert stored.metrics is not None
    assert stored.metrics["ttft_s"] == figures.ttft_s, "the TTFT saved is the one the user saw"
    assert question.token_ids, "the question keeps the exact tokens the model read"


def test_the_next_turn_sends_the_system_prompt_the_history_and_its_exact_tokens(
    qtbot: QtBot, fake_window: MainWindow, fake_client: FakeEngineClient
) -> None:
    window = fake_window
    settings = window.settings_view
    with qtbot.waitSignal(settings.settings_changed, timeout=5000):
        settings.prompt_edit.setPlainText("Be brief.")
        settings.commit_pending_edit()
    fake_client.reply("Four.", "Six.")
    for question in ("What is 2 + 2?", "And 3 + 3?"):
        with qtbot.waitSignal(window.chat.answer_finished):
            window.chat.send_message(question)
    request = fake_client.last_request
    assert request.messages == (
        ChatMessage("system", "Be brief."),
        ChatMessage("user", "What is 2 + 2?"),
        ChatMessage("assistant", "Four."),
        ChatMessage("user", "And 3 + 3?"),
    )
    assert request.pin_system_prompt
    conversation = window.conversations.state.conversation
    assert conversation is not None
    window.conversations.wait_for_saves()
    first_turn = window.conversations.store.branch(conversation.id)[:2]
    history, segments = branch_layout(first_turn, window.models.state.name)
    assert history, "the first turn's tokens were saved"
    assert (list(request.history_tokens), list(request.history_segments)) == (history, segments)


def test_stop_cancels_the_request_and_the_answer_ends_stopped(
    qtbot: QtBot, fake_window: MainWindow, fake_client: FakeEngineClient
) -> None:
    window = fake_window
    window.chat.send_message("Write a very long story.")
    fake_client.start()
    fake_client.write("Once", " upon")
    qtbot.mouseClick(window.stop_button, Qt.MouseButton.LeftButton)
    assert fake_client.cancelled == [fake_client.last_request.request_id]
    with qtbot.waitSignal(window.chat.answer_finished):
        fake_client.finish("cancelled")
    answer = window.chat_view.bubbles[-1]
    assert answer.text == "Once upon"
    assert "stopped" in answer.footer.text()
    assert answer.action_row.continue_button.isVisibleTo(answer)
    assert window.send_button.isEnabled()
    assert not window.stop_button.isEnabled()
    window.conversations.wait_for_saves()
    assert window.conversations.store.message(answer.message_id or 0).state == "partial"


def test_a_crash_mid_answer_keeps_the_text_offers_continue_and_the_next_message_goes_out(
    qtbot: QtBot, fake_window: MainWindow, fake_client: FakeEngineClient
) -> None:
    window = fake_window
    window.chat.send_message("Write a long poem.")
    fake_client.start()
    fake_client.write("Leaves", " fall")
    with qtbot.waitSignal(window.chat.answer_failed):
        fake_client.fail("The engine crashed (segmentation fault).", kind="crash", details="last log lines")
    bubble = window.chat_view.bubbles[-1]
    assert bubble.text == "Leaves fall"
    assert bubble.error_view.message_label.text().startswith("The engine crashed (segmentation fault).")
    assert bubble.error_view.details_text.toPlainText() == "last log lines"
    assert not bubble.action_row.continue_button.isHidden()
    assert bubble.action_row.regenerate_button.text() == "Retry"
    assert window.load_error.isHidden(), "an answer's failure is said in its bubble, not the header"
    window.conversations.wait_for_saves()
    stored = window.conversations.store.message(bubble.message_id or 0)
    assert (stored.state, stored.text) == ("interrupted", "Leaves fall")

    fake_client.reply("Hello.")
    with qtbot.waitSignal(window.chat.answer_finished):
        window.chat.send_message("Say hello.")
    assert window.chat_view.bubbles[-1].text == "Hello."


def test_an_answer_refused_before_writing_is_kept_as_an_error_and_left_out_of_the_next_prompt(
    qtbot: QtBot, fake_window: MainWindow, fake_client: FakeEngineClient
) -> None:
    window = fake_window
    fake_client.reply(Reply(pieces=(), failure="Your message alone is too long."), "Fine.")
    with qtbot.waitSignal(window.chat.answer_failed):
        window.chat.send_message("A very long paste")
    refused = window.chat_view.bubbles[-1]
    assert refused.text == ""
    qtbot.waitUntil(lambda: refused.error_view.isVisibleTo(window))  # the new bubble shows on the next turn
    assert refused.error_view.message_label.text().startswith("Your message alone is too long.")
    with qtbot.waitSignal(window.chat.answer_finished):
        window.chat.send_message("Short again.")
    assert fake_client.last_request.messages == (
        ChatMessage("user", "A very long paste"),
        ChatMessage("user", "Short again."),
    )


def test_continue_writes_on_from_the_end_of_the_answer(
    qtbot: QtBot, fake_window: MainWindow, fake_client: FakeEngineClient
) -> None:
    window = fake_window
    fake_client.reply(
        Reply(("Once", " upon"), stop_reason="max_tokens"),
        Reply(
            (" a", " time."),
        ),
    )
    with qtbot.waitSignal(window.chat.answer_finished):
        window.chat.send_message("Tell a story.")
    answer = window.chat_view.bubbles[1]
    with qtbot.waitSignal(window.chat.answer_finished):
        qtbot.mouseClick(answer.action_row.continue_button, Qt.MouseButton.LeftButton)
    request = fake_client.last_request
    assert request.continue_last
    assert request.messages[-1] == ChatMessage("assistant", "Once upon")
    window.conversations.wait_for_saves()
    continued = window.chat_view.bubbles[1]
    assert len(window.chat_view.bubbles) == 2  # the same answer, written on
    assert continued.text == "Once upon a time."
    assert window.conversations.store.message(continued.message_id or 0).text == continued.text


def test_answering_goes_on_while_another_conversation_is_shown(
    qtbot: QtBot, fake_window: MainWindow, fake_client: FakeEngineClient
) -> None:
    window = fake_window
    window.chat.send_message("Tell me about tea.")
    fake_client.start()
    fake_client.write("Tea")
    first = window.conversations.state.conversation
    assert first is not None
    window.conversations.new_conversation()
    assert window.status_note.isVisibleTo(window)
    assert "Still answering in “Tell me about tea.”; you can ask here meanwhile." in window.status_note.text()
    fake_client.write(" is", " a drink.")  # written into the store, not into the empty chat on screen
    assert window.chat_view.bubbles == []
    window.conversations.show_conversation(first.id)  # back: it streams on into its bubble
    assert not window.status_note.isVisibleTo(window)
    assert answer_on_screen(window) == "Tea is a drink."
    fake_client.write(" Hot.")
    with qtbot.waitSignal(window.chat.answer_finished):
        fake_client.finish()
    assert answer_on_screen(window) == "Tea is a drink. Hot."


def test_two_conversations_answer_at_once_and_stop_stops_the_one_on_screen(
    qtbot: QtBot, fake_window: MainWindow, fake_client: FakeEngineClient
) -> None:
    window = fake_window
    window.chat.send_message("Tell me about tea.")
    tea = fake_client.last_request.request_id
    fake_client.start(request_id=tea)
    fake_client.write("Tea", request_id=tea)
    first = window.conversations.state.conversation
    assert first is not None
    window.conversations.new_conversation()
    assert window.send_button.isEnabled(), "another conversation can be asked while the first answers"
    window.chat.send_message("Tell me about coffee.")
    coffee = fake_client.last_request.request_id
    assert coffee != tea
    second = window.conversations.state.conversation
    assert second is not None
    assert second.id != first.id
    # The list marks both as answering (it is refreshed on the event-loop turn after Send).
    rows = window.conversation_list.list

    def marked() -> int:
        return sum(rows.item(r).text().startswith("● ") for r in range(rows.count()))

    qtbot.waitUntil(lambda: marked() == 2)
    fake_client.start(request_id=coffee)
    fake_client.write("Coffee", " is", request_id=coffee, active=2)
    fake_client.write(" is", " a leaf.", request_id=tea, active=2)
    assert answer_on_screen(window) == "Coffee is"
    # The panel shows this answer and how the engine's speed is shared.
    assert window.metrics_panel.sharing.isVisibleTo(window)
    assert window.metrics_panel.sharing.text().startswith("2 answers share the engine")
    # One answer written while another waits for a slot: the queue is shown too, not hidden.
    fake_client.write(" and", request_id=coffee, active=1, waiting=1)
    assert window.metrics_panel.sharing.isVisibleTo(window)
    assert window.metrics_panel.sharing.text() == (
        "The engine writes this answer alone, at 12 tok/s. 1 more wait for a free slot."
    )
    fake_client.write(" so", request_id=coffee, active=1)
    assert not window.metrics_panel.sharing.isVisibleTo(window)
    window.chat.stop()
    assert fake_client.cancelled == [coffee], "Stop stops the answer on screen, not the other one"
    with qtbot.waitSignal(window.chat.answer_finished):
        fake_client.finish("cancelled", request_id=coffee)
    assert not window.stop_button.isEnabled()
    window.conversations.show_conversation(first.id)  # back: the tea answer streams on
    assert window.stop_button.isEnabled()
    assert answer_on_screen(window) == "Tea is a leaf."
    with qtbot.waitSignal(window.chat.answer_finished):
        fake_client.finish(request_id=tea)
    window.conversations.wait_for_saves()  # an ended answer's last save runs on its own thread
    store = window.conversations.store
    assert store.branch(first.id)[-1].text == "Tea is a leaf."
    assert store.branch(second.id)[-1].text == "Coffee is and so"
    assert window.chat.state.answers == {}
