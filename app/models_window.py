"""The Models window: your library, the Hugging Face Hub, and downloads, in three tabs."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import QDialog, QTabWidget, QVBoxLayout, QWidget

from app.hub_view import HubView
from app.library_view import LibraryView


class ModelsWindow(QDialog):
    model_chosen = Signal(str)  # path
    library_changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Models"))
        self.resize(900, 600)
        self.library_view = LibraryView()
        self.hub_view = HubView()
        self.tabs = QTabWidget()
        self.tabs.addTab(self.library_view, self.tr("My models"))
        self.tabs.addTab(self.hub_view, self.tr("Discover"))
        layout = QVBoxLayout(self)
        layout.addWidget(self.tabs)
        self.library_view.model_chosen.connect(self.model_chosen)
        self.library_view.library_changed.connect(self.library_changed)

    def showEvent(self, event: QShowEvent) -> None:
        self.library_view.refresh()
        super().showEvent(event)
