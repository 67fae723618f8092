"""The Privacy tab: Offline mode keeps even Hub actions off, and 'Delete all my data' empties Hearth's
folders while the window keeps working."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from app.main_window import MainWindow
from app.models.models_window import ModelsWindow
from engine.errors import message
from engine.paths import cache_dir, data_dir, models_dir
from engine.protocol import SamplingParams
from tests.hub.conftest import fake_hub  # noqa: F401 (fixture)
from tests.hub.fake_hub import FakeHub

from .conftest import ANSWER_TIMEOUT_MS
from .fake_engine import FakeEngineClient

SHORT = SamplingParams(temperature=0.0, max_tokens=6)


@pytest.mark.e2e
def test_offline_mode_keeps_search_off_the_hub(
    qtbot: QtBot,
    fake_hub: FakeHub,  # noqa: F811
    starter_model: Path,
    fake_client: FakeEngineClient,
) -> None:
    fake_hub.add_repo("hearth-test/SmolLM2-GGUF", {starter_model.name: starter_model})
    window = MainWindow(client=fake_client)
    qtbot.addWidget(window)
    window.privacy_view.offline.setChecked(True)  # what a click on the box does
    models = ModelsWindow()
    qtbot.addWidget(models)
    hub = models.hub_view
    hub.search_box.setText("smol")
    hub.search()
    qtbot.waitUntil(hub.search_button.isEnabled, timeout=10_000)
    assert hub.status.text() == message("hub.offline_mode")
    assert fake_hub.requests == []
    result = subprocess.run(
        [sys.executable, "-m", "app", "models", "search", "smol"],
        check=False,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 1
    assert result.stderr.splitlines()[-1] == "hearth: " + message(
        "hub.offline_mode"
    )  # after its "Searching…" progress line
    assert fake_hub.requests == []
    window.privacy_view.offline.setChecked(False)
    hub.search()
    qtbot.waitUntil(lambda: hub.results.count() == 1, timeout=10_000)
    window.close()


@pytest.mark.e2e
def test_delete_all_my_data_empties_hearths_folders_and_the_window_carries_on(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    window.conversations.state.sampling = SHORT
    with qtbot.waitSignal(window.chat.answer_finished, timeout=ANSWER_TIMEOUT_MS):
        window.chat.send_message("Remember this.")
    (models_dir() / "mine.gguf").write_bytes(b"GGUF not really")
    assert window.conversations.store.summaries("")
    # The user answers the confirmation with Yes.
    monkeypatch.setattr(QMessageBox, "question", lambda *_args, **_kw: QMessageBox.StandardButton.Yes)
    qtbot.mouseClick(window.privacy_view.delete_button, Qt.MouseButton.LeftButton)
    assert window.conversations.store.summaries("") == []
    assert not (models_dir() / "mine.gguf").exists()
    assert not (data_dir() / "settings.json").exists()
    assert [p.name for p in cache_dir().iterdir() if p.is_file()] == []
    assert "All your data was deleted" in window.statusBar().currentMessage()
    assert window.chat_view.bubbles == []
    window.conversations.state.sampling = SHORT
    with qtbot.waitSignal(window.chat.answer_finished, timeout=ANSWER_TIMEOUT_MS):
        window.chat.send_message("A fresh start.")
    assert len(window.conversations.store.summaries("")) == 1


def test_the_privacy_tab_names_the_machines_the_model_is_split_across(qtbot: QtBot) -> None:
    from app.panels.privacy_view import PrivacyView
    from engine.remote.rpc_machines import add_machine

    add_machine("192.168.1.21")
    view = PrivacyView()
    qtbot.addWidget(view)
    assert "The model here is split across 192.168.1.21:50052: they get its weights and every word" in (
        view.engines.text()
    )
