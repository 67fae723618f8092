"""The "What these numbers mean" page: the user's own numbers after an answer, a marked made-up
example before, and each figure of the Performance panel opening its own entry."""

from __future__ import annotations

import dataclasses

import pytest
from PySide6.QtCore import Qt, QUrl
from PySide6.QtGui import QColor, QPalette
from pytestqt.qtbot import QtBot

from app.learn import entries
from app.learn.entry_points import glossary_of, install, open_glossary
from app.learn.figures import LearnFigures, illustrative
from app.learn.glossary import GlossaryDialog
from app.main_window import MainWindow
from app.panels.metrics_panel import GLOSSARY_ENTRY
from engine.protocol import RemoteFigures

from .fake_engine import FakeEngineClient


@pytest.fixture
def learn_window(fake_window: MainWindow) -> MainWindow:
    install(fake_window)  # MainWindow calls it itself once wired; a second call does nothing
    return fake_window


def answer(window: MainWindow, client: FakeEngineClient, qtbot: QtBot, text: str = "Blue is a calm colour.") -> None:
    client.reply(text)
    with qtbot.waitSignal(window.chat.answer_finished):
        window.chat.send_message("Which colour is calm?")


def test_before_any_answer_the_page_uses_a_marked_made_up_example(qtbot: QtBot, learn_window: MainWindow) -> None:
    page = open_glossary(learn_window, entries.PREFILL_DECODE)
    qtbot.waitExposed(page)
    assert not page.figures.own
    example = page.example_text()
    assert example.startswith("An example with made-up numbers")
    assert "read 812 tokens in 0.90 s (reading), then wrote 120 tokens at 14 per second (writing)" in example
    assert "made up until you send a message" in page.intro.text()
    # The loaded model is real already: its entries say so.
    quant = page.example_text(entries.QUANTIZATION)
    assert quant.startswith("Your model")
    assert "Q4_1" in quant


def test_after_an_answer_the_page_explains_with_the_users_own_numbers(
    qtbot: QtBot, learn_window: MainWindow, fake_client: FakeEngineClient
) -> None:
    answer(learn_window, fake_client, qtbot)
    last = learn_window.metrics_panel.last_finished
    assert last is not None
    assert last.final is not None
    m = last.final
    page = open_glossary(learn_window, entries.PREFILL_DECODE)
    assert page.figures.own
    example = page.example_text()
    assert example.startswith("Your last answer")
    assert f"read {m.prefill_tokens:,} tokens" in example
    assert f"wrote {m.decode_tokens} tokens" in example
    assert "812" not in example  # the made-up example is gone
    assert "Reading is fast because all the tokens are known at once" in page.text.toPlainText()
    assert f"filled {m.n_ctx_used:,} of {m.n_ctx:,} tokens" in page.example_text(entries.CONTEXT)
    assert f"wrote {m.decode_tokens} tokens" in page.example_text(entries.TOKENS)


def test_an_open_page_follows_the_next_answer(
    qtbot: QtBot, learn_window: MainWindow, fake_client: FakeEngineClient
) -> None:
    page = open_glossary(learn_window, entries.TOKENS)
    assert not page.figures.own
    answer(learn_window, fake_client, qtbot, "One two three four five six seven.")
    assert page.figures.own
    assert "wrote 7 tokens" in page.example_text()
    assert "wrote 7 tokens" in page.text.toPlainText()


def test_each_panel_figure_opens_its_entry(qtbot: QtBot, learn_window: MainWindow) -> None:
    panel = learn_window.metrics_panel
    assert set(panel.help_buttons) == set(panel.values) == set(GLOSSARY_ENTRY)
    for key, button in panel.help_buttons.items():
        assert button.isVisible()
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
        page = glossary_of(learn_window)
        assert page is not None
        assert page.isVisible()
        assert page.current_entry == GLOSSARY_ENTRY[key], key
        assert page.contents.currentItem().data(Qt.ItemDataRole.UserRole) == GLOSSARY_ENTRY[key]
        assert page.title(GLOSSARY_ENTRY[key]) in page.text.toPlainText()
    # One page per window: every click reused it.
    assert len(learn_window.findChildren(GlossaryDialog)) == 1


def test_the_panel_and_cache_links_open_the_page(qtbot: QtBot, learn_window: MainWindow) -> None:
    learn_window.metrics_panel.glossary_link.linkActivated.emit("glossary")
    page = glossary_of(learn_window)
    assert page is not None
    assert page.current_entry == entries.ENTRIES[0]
    page.close()
    qtbot.waitUntil(lambda: glossary_of(learn_window) is None)  # closed pages are deleted
    learn_window.cache_view.glossary_link.linkActivated.emit(entries.KV_CACHE)
    page = glossary_of(learn_window)
    assert page is not None
    assert page.current_entry == entries.KV_CACHE


def test_see_also_links_move_between_entries(qtbot: QtBot, learn_window: MainWindow) -> None:
    page = open_glossary(learn_window, entries.PREFILL_DECODE)
    assert f'href="entry:{entries.KV_CACHE}"' in page.entry_html(entries.PREFILL_DECODE)
    page.text.anchorClicked.emit(QUrl(f"entry:{entries.KV_CACHE}"))
    assert page.current_entry == entries.KV_CACHE
    page.contents.setCurrentRow(entries.ENTRIES.index(entries.CONTEXT))
    assert page.current_entry == entries.CONTEXT


def _remote(figures: LearnFigures, **changes: object) -> LearnFigures:
    assert figures.metrics is not None
    remote = RemoteFigures("lab", "192.168.1.20:8080", **changes)  # type: ignore[arg-type]
    return dataclasses.replace(figures, own=True, metrics=dataclasses.replace(figures.metrics, remote=remote))


@pytest.mark.parametrize(
    "figures",
    [
        illustrative(),
        dataclasses.replace(illustrative(), own=True, model=None, cache=None, curve=()),
        _remote(illustrative(), server_prefill_s=0.4, server_prefill_tokens=300, network_queue_s=0.3, retries=2),
        _remote(illustrative()),
    ],
    ids=["example", "no-model", "remote", "remote-silent"],
)
def test_every_entry_reads_as_sentences(qtbot: QtBot, figures: LearnFigures) -> None:
    page = GlossaryDialog(lambda: figures)
    qtbot.addWidget(page)
    for key in entries.ENTRIES:
        page.show_entry(key)
        example = page.example_text()
        assert example, key
        assert "{" not in example, (key, example)
        assert "{" not in page.text.toPlainText()


def test_a_remote_answer_says_where_it_ran_and_its_retries(qtbot: QtBot) -> None:
    figures = _remote(illustrative(), server_prefill_s=0.4, server_prefill_tokens=300, network_queue_s=0.3, retries=2)
    page = GlossaryDialog(lambda: figures)
    qtbot.addWidget(page)
    assert "came from 192.168.1.20:8080" in page.example_text(entries.LOCAL_REMOTE)
    assert "asked again 2 times" in page.example_text(entries.RETRY_FALLBACK)
    assert "Network and queue 0.30 s" in page.example_text(entries.SEGMENTS)
    assert "read 300 tokens in 0.40 s" in page.example_text(entries.PREFILL_DECODE)


def test_the_example_box_follows_a_palette_change(qtbot: QtBot) -> None:
    page = GlossaryDialog(illustrative)
    qtbot.addWidget(page)
    palette = page.palette()
    palette.setColor(QPalette.ColorRole.AlternateBase, QColor("#203040"))
    page.setPalette(palette)
    assert 'bgcolor="#203040"' in page.entry_html(page.current_entry)
    assert "#203040" in page.text.toHtml()
