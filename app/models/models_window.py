"""The Models window: your library, the Hugging Face Hub, downloads, and quantizations compared, in tabs."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import QDialog, QTabWidget, QVBoxLayout, QWidget

from app.models.downloads_view import DownloadsView
from app.models.hub_view import HubView
from app.models.library_view import LibraryView
from app.models.quant_compare_view import QuantCompareView


class ModelsWindow(QDialog):
    model_chosen = Signal(str)  # path
    library_changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Models"))
        self.resize(900, 600)
        self.library_view = LibraryView()
        self.hub_view = HubView()
        self.downloads_view = DownloadsView()
        self.compare_view = QuantCompareView()
        self.tabs = QTabWidget()
        self.tabs.addTab(self.library_view, self.tr("My models"))
        self.tabs.addTab(self.hub_view, self.tr("Discover"))
        self.tabs.addTab(self.downloads_view, self.tr("Downloads"))
        self.tabs.addTab(self.compare_view, self.tr("Compare quantizations"))
        layout = QVBoxLayout(self)
        layout.addWidget(self.tabs)
        self.library_view.model_chosen.connect(self.model_chosen)
        self.library_view.library_changed.connect(self.library_changed)
        self.hub_view.download_requested.connect(self._on_download_requested)
        self.downloads_view.finished_one.connect(self._on_download_finished)

    def show_suggested(self, repo_id: str, file: str) -> None:
        """The Discover tab, with a suggested model's file selected (Documents' embedding model)."""
        self.tabs.setCurrentWidget(self.hub_view)
        self.hub_view.show_suggested(repo_id, file)

    def _on_download_requested(self, repo_id: str, paths: tuple[str, ...], commit: str) -> None:
        self.downloads_view.add(repo_id, paths, commit)
        self.tabs.setCurrentWidget(self.downloads_view)

    def _on_download_finished(self) -> None:
        self.library_view.refresh()
        self.compare_view.refresh()
        self.library_changed.emit()

    def showEvent(self, event: QShowEvent) -> None:
        self.library_view.refresh()
        self.compare_view.refresh()
        super().showEvent(event)

    def done(self, result: int) -> None:
        # Closing, Esc (reject) and accept all end here: a measurement under way ends with the window.
        self.compare_view.controller.stop()
        super().done(result)
