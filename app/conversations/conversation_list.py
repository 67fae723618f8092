"""The sidebar: every saved conversation, newest use first, with search.

The list shows titles only (the store answers in a few milliseconds even for
thousands of conversations); a conversation that is still answering is marked.
"""

from __future__ import annotations

import time

from PySide6.QtCore import QCoreApplication, QPoint, Qt, QTimer, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMenu,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from engine.store.conversations import DEFAULT_TITLE
from engine.store.records import ConversationSummary

SEARCH_DELAY_MS = 200
ID_ROLE = Qt.ItemDataRole.UserRole


def shown_title(title: str, title_is_auto: bool) -> str:
    """A conversation's title as the window shows it. The store keeps the default title in English
    (the command line and older conversations share it); the window says it in its own language,
    in the words of the New chat button."""
    if title_is_auto and title == DEFAULT_TITLE:
        return QCoreApplication.translate("ConversationListView", "New chat")
    return title


class ConversationListView(QWidget):
    conversation_selected = Signal(int)
    new_requested = Signal()
    rename_requested = Signal(int, str)
    delete_requested = Signal(int)
    export_requested = Signal(int)
    import_requested = Signal()
    search_changed = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("conversationList")
        self.new_button = QPushButton(self.tr("New chat"))
        self.new_button.setObjectName("newChatButton")
        self.new_button.setToolTip(self.tr("Start a new conversation (Ctrl+N)."))
        self.search_box = QLineEdit()
        self.search_box.setObjectName("chatSearch")
        self.search_box.setAccessibleName(self.tr("Search conversations"))
        self.search_box.setPlaceholderText(self.tr("Search conversations"))
        self.search_box.setClearButtonEnabled(True)
        self.list = QListWidget()
        self.list.setObjectName("chatList")
        self.list.setAccessibleName(self.tr("Conversations"))
        self.list.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.list.setWordWrap(False)
        self.list.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.list.setUniformItemSizes(True)
        self.empty_label = QLabel()
        self.empty_label.setObjectName("chatListEmpty")
        self.empty_label.setWordWrap(True)
        self.empty_label.hide()
        self.import_button = QPushButton(self.tr("Import…"))
        self.import_button.setObjectName("importButton")
        self.import_button.setToolTip(self.tr("Open a conversation saved with Export as JSON."))

        layout = QVBoxLayout(self)
        layout.setContentsMargins(10, 10, 10, 10)
        layout.setSpacing(8)
        layout.addWidget(self.new_button)
        layout.addWidget(self.search_box)
        layout.addWidget(self.list, 1)
        layout.addWidget(self.empty_label)
        bottom = QHBoxLayout()
        bottom.addStretch(1)
        bottom.addWidget(self.import_button)
        layout.addLayout(bottom)

        self._generating: set[int] = set()
        self._current: int | None = None
        self._search_timer = QTimer(self)
        self._search_timer.setSingleShot(True)
        self._search_timer.setInterval(SEARCH_DELAY_MS)
        self._search_timer.timeout.connect(lambda: self.search_changed.emit(self.search_box.text()))
        self.search_box.textChanged.connect(lambda _text: self._search_timer.start())
        self.new_button.clicked.connect(self.new_requested)
        self.import_button.clicked.connect(self.import_requested)
        self.list.currentItemChanged.connect(self._on_current_item_changed)
        self.list.customContextMenuRequested.connect(self._on_context_menu_requested)

    # --- filling ----------------------------------------------------------------------

    def set_conversations(self, summaries: list[ConversationSummary], current: int | None) -> None:
        self._current = current
        self.list.blockSignals(True)
        try:
            self.list.clear()
            for summary in summaries:
                item = QListWidgetItem(self._label(summary))
                item.setData(ID_ROLE, summary.id)
                when = self._when(summary.updated_at)
                item.setToolTip(f"{shown_title(summary.title, summary.title_is_auto)}\n{summary.snippet or when}")
                self.list.addItem(item)
                if summary.id == current:
                    self.list.setCurrentItem(item)
        finally:
            self.list.blockSignals(False)
        searching = bool(self.search_box.text().strip())
        self.empty_label.setVisible(not summaries)
        self.empty_label.setText(
            self.tr("No conversation matches your search.") if searching else self.tr("No conversations yet.")
        )

    def set_generating(self, conversation_ids: set[int]) -> None:
        """Mark each conversation that is answering now."""
        self._generating = set(conversation_ids)
        for row in range(self.list.count()):
            item = self.list.item(row)
            text = item.text().removeprefix("● ")
            item.setText(("● " + text) if item.data(ID_ROLE) in self._generating else text)
            if item.data(ID_ROLE) in self._generating:
                item.setToolTip(self.tr("Answering now…"))

    def select_relative(self, step: int) -> None:
        """The next (1) or previous (-1) conversation in the list, wrapping around at its ends."""
        count = self.list.count()
        if count:
            self.list.setCurrentRow((self.list.currentRow() + step) % count)

    def ids(self) -> list[int]:
        return [self.list.item(row).data(ID_ROLE) for row in range(self.list.count())]

    def _label(self, summary: ConversationSummary) -> str:
        marker = "● " if summary.id in self._generating else ""
        return f"{marker}{shown_title(summary.title, summary.title_is_auto)}"

    # --- user actions -----------------------------------------------------------------

    def _on_current_item_changed(self, item: QListWidgetItem | None, _previous: QListWidgetItem | None) -> None:
        if item is not None and item.data(ID_ROLE) != self._current:
            self._current = item.data(ID_ROLE)
            self.conversation_selected.emit(self._current)

    def _on_context_menu_requested(self, position: QPoint) -> None:
        item = self.list.itemAt(position)
        if item is None:
            return
        conversation_id = int(item.data(ID_ROLE))
        menu = QMenu(self)
        rename = QAction(self.tr("Rename…"), menu)
        export = QAction(self.tr("Export…"), menu)
        delete = QAction(self.tr("Delete"), menu)
        rename.triggered.connect(lambda: self.ask_rename(conversation_id, item.text()))
        export.triggered.connect(lambda: self.export_requested.emit(conversation_id))
        delete.triggered.connect(lambda: self.delete_requested.emit(conversation_id))
        for action in (rename, export, delete):
            menu.addAction(action)
        menu.popup(self.list.viewport().mapToGlobal(position))

    def _when(self, epoch: float) -> str:
        """“just now”, “5 min ago”, “yesterday”, or a date: how people read the age of a chat."""
        age = time.time() - epoch
        if age < 60:
            return self.tr("just now")
        if age < 3600:
            return self.tr("{n} min ago").format(n=int(age // 60))
        if age < 86400:
            return self.tr("{n} h ago").format(n=int(age // 3600))
        if age < 2 * 86400:
            return self.tr("yesterday")
        return time.strftime("%Y-%m-%d", time.localtime(epoch))

    def ask_rename(self, conversation_id: int, title: str) -> None:
        new_title, ok = QInputDialog.getText(
            self, self.tr("Rename conversation"), self.tr("New name:"), text=title.removeprefix("● ")
        )
        if ok and new_title.strip():
            self.rename_requested.emit(conversation_id, new_title.strip())
