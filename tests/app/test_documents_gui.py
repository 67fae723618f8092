"""Documents in the window (app/controllers/documents_controller.py, document_sets_view.py,
app/chat/sources_view.py): the real window on the scripted engine client, real document sets."""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QTabWidget
from pytestqt.qtbot import QtBot

from app.main_window import MainWindow
from engine.docs.grounding import CITE
from engine.docs.indexer import Indexer
from engine.docs.store import DocumentStore, documents_path
from tests.engine.docs.documents import pdf

from .conftest import settle_layouts
from .fake_engine import FakeEngineClient

FILLER = "This page is about the village chess club, its tournaments and its rating list. " * 12


def _home_set(tmp_path: Path) -> None:
    pages = [FILLER] * 6
    pages.insert(2, "The warranty of the kettle covers the heating element for five years.")
    wrapped = ["\n".join(page[i : i + 90] for i in range(0, len(page), 90)) for page in pages]
    pdf(tmp_path / "manual.pdf", wrapped)
    store = DocumentStore(documents_path())
    try:
        Indexer(store, "home").add([tmp_path / "manual.pdf"])
    finally:
        store.close()


def test_a_ticked_set_grounds_the_question_and_the_answer_shows_its_sources(
    qtbot: QtBot, tmp_path: Path, fake_window: MainWindow, fake_client: FakeEngineClient
) -> None:
    _home_set(tmp_path)
    window = fake_window
    window.documents.refresh()
    view = window.settings_view.documents_view
    assert view.sets_list.count() == 1
    assert view.sets_list.item(0).text() == "home (1 files)"
    assert "by their words only" in view.status.text() or not view.status.isVisible()
    view.sets_list.item(0).setCheckState(Qt.CheckState.Checked)
    conversation = window.conversations.state.conversation
    assert conversation is not None
    assert conversation.document_sets == ("home",)
    assert "by their words only" in view.status.text(), "no embedding model in the library: the panel says so"

    qtbot.keyClicks(window.composer, "How long is the warranty?")
    qtbot.keyClick(window.composer, Qt.Key.Key_Return)
    request = fake_client.last_request
    system, question = request.messages
    assert system.role == "system"
    assert system.content.startswith(CITE)
    assert question.content.startswith("Excerpts:\n\n[1] manual.pdf, p. 3\nThe warranty of the kettle")
    assert question.content.endswith("Question: How long is the warranty?")

    with qtbot.waitSignal(window.chat.answer_finished):
        fake_client.start()
        fake_client.write("Five years [1].")
        fake_client.finish()
    answer = window.chat_view.bubbles[-1]
    assert answer.sources_view is not None
    assert "[1] manual.pdf, p. 3" in answer.sources_view.links.text()
    assert window.chat_view.bubbles[0].text == "How long is the warranty?", "the question is shown as typed"

    window.conversations.new_conversation()
    window.conversations.show_conversation(conversation.id)
    reopened = window.chat_view.bubbles[-1]
    assert reopened.sources_view is not None, "the sources are kept with the answer"
    reopened.sources_view.toggle.click()
    assert not reopened.sources_view.excerpts.isHidden()
    assert "heating element for five years" in reopened.sources_view.excerpts.text()
    tabs = window.findChild(QTabWidget, "sideTabs")
    tabs.setCurrentWidget(window.settings_view)
    settle_layouts()
    # Wrapped text takes its height over a few layout passes: wait until the question has the room it asks for.
    question_bubble = window.chat_view.bubbles[0]
    qtbot.waitUntil(lambda: question_bubble.height() >= question_bubble.sizeHint().height())
    window.grab().save(str(Path(os.environ.get("HEARTH_SCREENSHOT_DIR", tmp_path)) / "documents.png"))


def test_without_sets_the_question_goes_as_it_was(
    qtbot: QtBot, tmp_path: Path, fake_window: MainWindow, fake_client: FakeEngineClient
) -> None:
    _home_set(tmp_path)
    window = fake_window
    window.documents.refresh()
    qtbot.keyClicks(window.composer, "How long is the warranty?")
    qtbot.keyClick(window.composer, Qt.Key.Key_Return)
    assert [m.content for m in fake_client.last_request.messages] == ["How long is the warranty?"]
