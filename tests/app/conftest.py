"""GUI fixtures: the real window on a scripted engine client (`fake_window`, the fast tier), or on a
real engine child (`window`, for tests marked e2e), shut down cleanly after each test."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import psutil
import pytest
from PySide6.QtCore import QEvent
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from app.main_window import MainWindow
from engine.protocol import LoadOptions

from .fake_engine import FakeEngineClient

LOAD_TIMEOUT_MS = 120_000
ANSWER_TIMEOUT_MS = 180_000


@pytest.fixture
def window(qtbot: QtBot, starter_model: Path) -> Iterator[MainWindow]:
    yield from window_on_starter_model(qtbot, starter_model)


def window_on_starter_model(qtbot: QtBot, starter_model: Path) -> Iterator[MainWindow]:
    """The real window with the starter model loaded; after the test, the window closed, and its
    client thread and engine child gone."""
    win = MainWindow()
    qtbot.addWidget(win)
    win.show()
    with qtbot.waitSignal(win.models.model_loaded, timeout=LOAD_TIMEOUT_MS):
        win.models.load_model(LoadOptions(str(starter_model), n_ctx=2048, n_threads=2))
    yield win
    pid = win.client.engine_pid()
    win.close()
    assert win.client.stopped, "the engine client thread is still running"
    if pid is not None:
        assert not psutil.pid_exists(pid) or psutil.Process(pid).status() == psutil.STATUS_ZOMBIE


@pytest.fixture
def fake_client() -> FakeEngineClient:
    return FakeEngineClient()


@pytest.fixture
def fake_window(qtbot: QtBot, starter_model: Path, fake_client: FakeEngineClient) -> Iterator[MainWindow]:
    """The real window on the scripted client, the starter model 'loaded' in it (no engine starts)."""
    win = MainWindow(client=fake_client)
    qtbot.addWidget(win)
    win.show()
    with qtbot.waitSignal(win.models.model_loaded):
        win.models.load_model(LoadOptions(str(starter_model), n_ctx=2048, n_threads=2))
    yield win
    win.close()
    assert fake_client.shut_down


def answer_on_screen(window: MainWindow) -> str:
    """The text of the answer bubble at the end of the chat ("" until the answer's bubble is there:
    it is built on the event-loop turn after Send)."""
    bubbles = window.chat_view.bubbles
    return bubbles[-1].text if bubbles and bubbles[-1].role == "assistant" else ""


def settle_layouts() -> None:
    """Run the layout passes Qt has queued (sizes, text wrapping, scroll bars) now, instead of
    waiting a while for them."""
    QApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
    QApplication.processEvents()
