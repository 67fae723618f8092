"""A model split across machines (llama.cpp RPC) in the window, end to end: the machines the user added
take the layers when the model loads, the panel says which machine holds how many, a machine that is
off is named in the status bar, and the model answers."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from app.main_window import MainWindow
from app.style import apply_style
from engine.protocol import SamplingParams
from engine.remote.rpc_machines import add_machine
from tests.fixtures.rpc_tools import Machines, free_port

from .conftest import ANSWER_TIMEOUT_MS, LOAD_TIMEOUT_MS, answer_on_screen

pytestmark = pytest.mark.e2e


def test_the_window_splits_the_model_across_the_machines_added_and_shows_where_the_layers_are(
    machines: Machines, qtbot: QtBot, window: MainWindow, starter_model: Path, tmp_path: Path
) -> None:
    """`machines` comes first: the window's engine child must start with the RPC backend module set."""
    closed = f"127.0.0.1:{free_port()}"
    with machines(2) as servers:
        endpoints = [server.endpoint for server in servers]
        for endpoint in [*endpoints, closed]:
            add_machine(endpoint)
        with qtbot.waitSignal(window.models.model_loaded, timeout=LOAD_TIMEOUT_MS):
            window.models.switch_model(str(starter_model))
        panel = window.metrics_panel
        assert panel.values["device"].text() == "31 of 31 layers on other machines"
        assert panel.layer_split.isVisible()
        assert panel.layer_split.text().startswith(f"<b>{endpoints[0]}: 16 layers · {endpoints[1]}: 15 layers</b>")
        assert f"The machine at {closed} did not answer" in window.statusBar().currentMessage()

        # The machines page knows which machines the engine holds (rpc-server serves one client at a time).
        dialog = window.open_engines_dialog()
        dialog.show_machines_page()
        with qtbot.waitSignal(dialog.rpc_view.checked, timeout=30_000):
            dialog.rpc_view.check_machines()
        assert dialog.rpc_view.status_of(endpoints[0]) == (
            "Connected to Hearth's engine, which put 16 layers of the model on it."
        )
        assert dialog.rpc_view.status_of(closed).startswith(f"The machine at {closed} did not answer")
        dialog.close()

        window.conversations.state.sampling = SamplingParams(temperature=0, max_tokens=16)
        with qtbot.waitSignal(window.chat.answer_finished, timeout=ANSWER_TIMEOUT_MS):
            window.chat.send_message("Name three colours.")
        assert answer_on_screen(window).strip()
        app = QApplication.instance()
        assert isinstance(app, QApplication)
        apply_style(app)
        window.side_tabs.setCurrentWidget(panel)
        window.resize(1280, 800)
        window.grab().save(str(tmp_path / "split_window.png"))
