"""The Performance panel says how many tokens a question's documents took and how many of them the
cache reused (app/panels/metrics_panel.py, from Started.documents_at and cached_tokens): the real
window and real document sets, on the scripted engine client (one token per character) and, in the
e2e tier, on the real engine."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from app.main_window import MainWindow
from app.panels.live_metrics import LiveAnswer
from app.panels.metrics_panel import MetricsPanel
from engine.docs.indexer import Indexer
from engine.docs.store import DocumentStore, documents_path
from engine.protocol import Started

from .conftest import ANSWER_TIMEOUT_MS, settle_layouts
from .fake_engine import FakeEngineClient

NOTES = "The kettle's warranty covers the heating element for five years.\n\nDescale it every month with white vinegar."
FILLER = "This page is about the village chess club, its tournaments and its rating list. " * 12
WHOLE_FIRST = (
    "Your documents took {n} tokens of this question; the model read all of them. Your documents go before "
    "your question, so the next question reuses them instead of reading them again."
)
WHOLE_REUSED = (
    "Your documents took {n} tokens of this question; all of them were reused from memory, so they were not read again."
)
EXCERPTS = (
    "Your documents took {n} tokens of this question; the model read all of them. The excerpts are picked for "
    "each question, so each question reads its own; a set small enough to fit goes in whole instead, and is "
    "read once per conversation."
)


def _tick_set(window: MainWindow, folder: Path, pages: list[str]) -> None:
    for i, page in enumerate(pages):
        (folder / f"page{i}.md").write_text(page, encoding="utf-8")
    store = DocumentStore(documents_path())
    try:
        Indexer(store, "notes").add(sorted(folder.glob("page*.md")))
    finally:
        store.close()
    window.documents.refresh()
    window.settings_view.documents_view.sets_list.item(0).setCheckState(Qt.CheckState.Checked)


def _ask(qtbot: QtBot, window: MainWindow, question: str) -> None:
    qtbot.keyClicks(window.composer, question)
    qtbot.keyClick(window.composer, Qt.Key.Key_Return)


def _save(panel: MetricsPanel, tmp_path: Path, name: str) -> None:
    settle_layouts()
    panel.grab().save(str(Path(os.environ.get("HEARTH_SCREENSHOT_DIR", tmp_path)) / name))


def test_the_panel_says_how_many_tokens_the_documents_took_and_that_the_next_question_reused_them(
    qtbot: QtBot, tmp_path: Path, fake_window: MainWindow, fake_client: FakeEngineClient
) -> None:
    window = fake_window
    _tick_set(window, tmp_path, [NOTES])
    panel = window.metrics_panel
    assert panel.documents.isHidden()

    _ask(qtbot, window, "How long is the warranty?")
    request = fake_client.last_request
    documents = request.documents
    assert documents.startswith("[1] page0.md\nThe kettle's warranty")
    assert request.messages[0].content.endswith(documents), "a small set goes whole in the system message"
    with qtbot.waitSignal(window.chat.answer_started):
        fake_client.start()
    # Shown as soon as the engine has the prompt: the first question reads every document token.
    assert panel.documents.isVisible()
    assert panel.documents.text() == WHOLE_FIRST.format(n=f"{len(documents):,}")
    with qtbot.waitSignal(window.chat.answer_finished):
        fake_client.write("Five years [1].")
        fake_client.finish()
    assert panel.documents.text() == WHOLE_FIRST.format(n=f"{len(documents):,}")

    _ask(qtbot, window, "And how often do I descale it?")
    follow_up = fake_client.last_request
    assert follow_up.documents == documents
    assert follow_up.history_tokens, "the conversation so far, the documents in it, goes as tokens"
    with qtbot.waitSignal(window.chat.answer_started):
        fake_client.start(cached_tokens=len(follow_up.history_tokens))  # the engine reuses all of it
    assert panel.documents.text() == WHOLE_REUSED.format(n=f"{len(documents):,}")
    with qtbot.waitSignal(window.chat.answer_finished):
        fake_client.write("Every month [1].")
        fake_client.finish()
    assert panel.documents.isVisible()
    _save(panel, tmp_path, "documents_reused.png")

    # A question without documents says nothing about them.
    window.settings_view.documents_view.sets_list.item(0).setCheckState(Qt.CheckState.Unchecked)
    _ask(qtbot, window, "Thanks!")
    assert fake_client.last_request.documents == ""
    with qtbot.waitSignal(window.chat.answer_started):
        fake_client.start()
    assert panel.documents.isHidden()


def test_excerpts_before_the_question_are_read_and_the_panel_says_why(
    qtbot: QtBot, tmp_path: Path, fake_window: MainWindow, fake_client: FakeEngineClient
) -> None:
    window = fake_window
    _tick_set(window, tmp_path, [FILLER] * 6 + ["The kettle's warranty covers the heating element for five years."])
    _ask(qtbot, window, "How long is the kettle's warranty?")
    request = fake_client.last_request
    question = request.messages[-1].content
    assert question.startswith("Excerpts:\n\n" + request.documents)
    assert question.endswith("Question: How long is the kettle's warranty?"), "what changes goes last"
    with qtbot.waitSignal(window.chat.answer_started):
        fake_client.start()
    assert window.metrics_panel.documents.text() == EXCERPTS.format(n=f"{len(request.documents):,}")


def test_documents_partly_in_the_reused_prefix_count_only_the_tokens_inside_it(qtbot: QtBot) -> None:
    panel = MetricsPanel()
    qtbot.addWidget(panel)
    answer = LiveAnswer(time.monotonic(), documents_mode="whole")
    answer.on_started(Started(1, 3000, 1040, time.monotonic(), documents_at=(40, 1166)))
    panel.begin_answer(answer)
    assert (answer.document_tokens, answer.documents_reused) == (1126, 1000)
    assert panel.documents.text() == (
        "Your documents took 1,126 tokens of this question; 1,000 of them came from memory, and the model read "
        "the rest. Your documents go before your question, so the next question reuses them instead of reading "
        "them again."
    )
    answer.on_started(Started(1, 3000, 30, time.monotonic(), documents_at=(40, 1166)))
    panel.refresh()
    assert answer.documents_reused == 0
    answer.on_started(Started(1, 3000, 0, time.monotonic()))
    panel.refresh()
    assert panel.documents.isHidden(), "no documents in the prompt: no sentence"


@pytest.mark.e2e
def test_on_the_real_engine_the_next_question_reuses_every_document_token(
    qtbot: QtBot, tmp_path: Path, window: MainWindow
) -> None:
    from engine.protocol import SamplingParams

    window.conversations.state.sampling = SamplingParams(temperature=0, max_tokens=8)
    _tick_set(window, tmp_path, [NOTES])
    started: list[Started] = []
    window.chat.answer_started.connect(started.append)
    panel = window.metrics_panel
    for question in ("How long is the warranty?", "How often do I descale it?"):
        with qtbot.waitSignal(window.chat.answer_finished, timeout=ANSWER_TIMEOUT_MS):
            _ask(qtbot, window, question)
    first, second = started
    (start, end), n = first.documents_at, first.documents_at[1] - first.documents_at[0]
    assert 0 < start < end
    assert second.documents_at == (start, end), "the same system message, kept as the model read it"
    assert first.cached_tokens <= start, "the first question reads every document token"
    assert second.cached_tokens >= end, "the next one reuses them all"
    assert panel.documents.text() == WHOLE_REUSED.format(n=f"{n:,}")
