"""The Engines dialog's first page: the remote engines the user added (name, address, whose it is,
whether a key is saved), with Add…, Edit… and Remove."""

from __future__ import annotations

import logging

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QMessageBox,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from app.engines.engine_form import EngineFormDialog
from app.engines.trust_texts import trust_name
from app.error_texts import error_text
from engine.remote.engines import EngineRegistryError, RemoteEngine, list_engines, remove_engine

logger = logging.getLogger(__name__)

NAME_ROLE = Qt.ItemDataRole.UserRole


class RemoteEnginesView(QWidget):
    changed = Signal()  # an engine was added, edited or removed

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.form: EngineFormDialog | None = None  # the Add/Edit form while it is open
        intro = QLabel(
            self.tr(
                "A server on another computer that speaks the OpenAI API (llama-server, Ollama, vLLM, LM Studio, "
                "another Hearth) can answer instead of this one. Its models then show in the model picker under "
                "its name, and only conversations with one of them go there."
            )
        )
        intro.setObjectName("settingsHint")
        intro.setWordWrap(True)
        self.table = QTreeWidget()
        self.table.setAccessibleName(self.tr("Remote engines"))
        self.table.setObjectName("remoteEngineList")
        self.table.setRootIsDecorated(False)
        self.table.setUniformRowHeights(True)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setStyleSheet("#remoteEngineList::item { padding: 4px 2px; }")
        self.table.setHeaderLabels([self.tr("Name"), self.tr("Address"), self.tr("Whose it is"), self.tr("API key")])
        header = self.table.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(3, QHeaderView.ResizeMode.ResizeToContents)
        self.empty = QLabel(
            self.tr("No remote engines yet: every answer is written on this computer. Add one to use its models.")
        )
        self.empty.setObjectName("settingsNote")
        self.empty.setWordWrap(True)
        self.status = QLabel()
        self.status.setObjectName("errorMessage")
        self.status.setWordWrap(True)
        self.status.setTextFormat(Qt.TextFormat.PlainText)
        self.status.hide()
        self.add_button = QPushButton(self.tr("Add…"))
        self.add_button.setToolTip(self.tr("Add a server on another computer, or a service you have a key for."))
        self.edit_button = QPushButton(self.tr("Edit…"))
        self.remove_button = QPushButton(self.tr("Remove"))
        buttons = QHBoxLayout()
        buttons.addWidget(self.add_button)
        buttons.addWidget(self.edit_button)
        buttons.addWidget(self.remove_button)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(12, 12, 12, 12)
        layout.setSpacing(8)
        layout.addWidget(intro)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.empty)
        layout.addWidget(self.status)
        layout.addLayout(buttons)
        self.add_button.clicked.connect(self.open_add_form)
        self.edit_button.clicked.connect(self.open_edit_form)
        self.remove_button.clicked.connect(self.remove_selected)
        self.table.itemSelectionChanged.connect(self._enable_buttons)
        self.table.itemDoubleClicked.connect(self.open_edit_form)
        self.show_engines()

    def show_engines(self, select: str = "") -> None:
        self.table.clear()
        for engine in list_engines():
            key = self.tr("Saved") if engine.has_key else self.tr("None")
            item = QTreeWidgetItem([engine.name, engine.base_url, trust_name(engine.trust), key])
            item.setData(0, NAME_ROLE, engine.name)
            item.setToolTip(1, engine.base_url)
            self.table.addTopLevelItem(item)
            if engine.name == select:
                self.table.setCurrentItem(item)
        self.empty.setVisible(self.table.topLevelItemCount() == 0)
        self._enable_buttons()

    def selected_engine(self) -> RemoteEngine | None:
        item = self.table.currentItem()
        if item is None or not item.isSelected():
            return None
        name = item.data(0, NAME_ROLE)
        return next((e for e in list_engines() if e.name == name), None)

    def _enable_buttons(self) -> None:
        chosen = self.selected_engine() is not None
        self.edit_button.setEnabled(chosen)
        self.remove_button.setEnabled(chosen)

    # --- add, edit ---------------------------------------------------------------------

    def open_add_form(self) -> EngineFormDialog:
        return self._open_form(None)

    def open_edit_form(self) -> EngineFormDialog | None:
        engine = self.selected_engine()
        return self._open_form(engine) if engine is not None else None

    def _open_form(self, engine: RemoteEngine | None) -> EngineFormDialog:
        form = EngineFormDialog(self, engine)
        form.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        form.accepted.connect(lambda: self._on_form_saved(form))
        form.destroyed.connect(self._on_form_closed)
        self.form = form
        form.open()  # window-modal, without a nested event loop
        return form

    def _on_form_saved(self, form: EngineFormDialog) -> None:
        self.status.hide()
        saved = form.saved_engine
        self.show_engines(select=saved.name if saved else "")
        self.changed.emit()

    def _on_form_closed(self) -> None:
        self.form = None

    # --- remove ------------------------------------------------------------------------

    def remove_selected(self) -> None:
        engine = self.selected_engine()
        if engine is None:
            return
        answer = QMessageBox.question(
            self,
            self.tr("Remove engine"),
            self.tr(
                "Remove the engine {name} at {host}? Its saved API key is deleted too. Conversations with its "
                "models are kept, and can go on once you add it again."
            ).format(name=engine.name, host=engine.host),
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Cancel,
        )
        if answer != QMessageBox.StandardButton.Yes:
            return
        try:
            remove_engine(engine.name)
        except EngineRegistryError as exc:  # removed meanwhile, e.g. with `hearth engines rm`
            self.status.setText(error_text(exc))
            self.status.show()
        else:
            self.status.hide()
            logger.info("remote engine %s removed", engine.name)
        self.show_engines()
        self.changed.emit()
