"""Engines: where answers are written besides this computer. One page lists the remote engines the
user added; the other, the machines the model on this computer is split across (llama.cpp RPC)."""

from __future__ import annotations

import logging

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTabWidget, QVBoxLayout, QWidget

from app.engines.remote_engines_view import RemoteEnginesView
from app.engines.rpc_machines_view import RpcMachinesView

logger = logging.getLogger(__name__)


class EnginesDialog(QDialog):
    engines_changed = Signal()  # a remote engine was added, edited or removed
    machines_changed = Signal()  # an RPC machine was added or removed

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("enginesDialog")
        self.setWindowTitle(self.tr("Engines"))
        self.resize(720, 600)
        self.remote_view = RemoteEnginesView()
        self.rpc_view = RpcMachinesView()
        self.tabs = QTabWidget()
        self.tabs.addTab(self.remote_view, self.tr("Remote engines"))
        self.tabs.addTab(self.rpc_view, self.tr("Split across machines"))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(12, 12, 12, 10)
        layout.addWidget(self.tabs, 1)
        layout.addWidget(buttons)
        self.remote_view.changed.connect(self.engines_changed)
        self.rpc_view.changed.connect(self.machines_changed)

    def show_machines_page(self) -> None:
        self.tabs.setCurrentWidget(self.rpc_view)
