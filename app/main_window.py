"""The chat window: conversations on the left, the chat in the middle, metrics and settings on the right.

The window creates the widgets, lays them out and wires them to three controllers, which hold the
behaviour (app/controllers/): `chat` (send, stop, regenerate, continue, edit, the answer being
written), `conversations` (the list, settings, the store) and `models` (loading, switching, the
header). It keeps no state of its own beyond how it folds when narrow.
"""

from __future__ import annotations

import itertools
import logging
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QCloseEvent, QResizeEvent
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QMenu,
    QProgressBar,
    QPushButton,
    QSizePolicy,
    QSplitter,
    QTabWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
    QWidgetAction,
)

from app.accessibility import announce_answer, install_descriptions
from app.chat.chat_view import ChatView
from app.chat.composer import Composer
from app.chat.message_bubble import ErrorView, MessageBubble
from app.controllers.batch_controller import BatchController
from app.controllers.chat_controller import ChatController
from app.controllers.conversations_controller import ConversationsController
from app.controllers.documents_controller import DocumentsController
from app.controllers.engine_client import EngineClient
from app.controllers.engine_port import EnginePort
from app.controllers.model_controller import ModelController
from app.controllers.server_controller import ServerController
from app.conversations.conversation_list import ConversationListView
from app.conversations.conversation_settings import ConversationSettingsView
from app.learn.entry_points import install as install_learning
from app.models.curated_models import EMBEDDING_MODEL
from app.models.model_picker import ModelPickerView
from app.panels.appearance_view import AppearanceView
from app.panels.cache_view import CacheView
from app.panels.metrics_panel import MetricsPanel
from app.panels.privacy_view import PrivacyView
from app.panels.server_view import ServerView
from app.shortcuts import install_shortcuts, main_window_bindings
from engine.store.conversations import ConversationStore

if TYPE_CHECKING:
    from app.engines.engines_dialog import EnginesDialog
    from app.shortcuts_dialog import ShortcutsDialog

logger = logging.getLogger(__name__)

WARM_UP_DELAY_MS = 300
PANEL_MIN_WINDOW_WIDTH = 1100  # narrower: the metrics and settings column folds away
SIDEBAR_MIN_WINDOW_WIDTH = 760  # narrower: the conversation list folds away too


class MainWindow(QMainWindow):
    def __init__(
        self, client: EnginePort | None = None, store: ConversationStore | None = None, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Hearth"))
        self.resize(1280, 780)
        self.client: EnginePort = client or EngineClient(self)
        self._panel_fits = True
        self._sidebar_fits = True
        self.engines_dialog: EnginesDialog | None = None
        self._build()
        self.models = ModelController(
            self.client,
            picker=self.model_picker,
            model_label=self.model_label,
            template_label=self.template_label,
            load_bar=self.load_bar,
            load_error=self.load_error,
            load_anyway_button=self.load_anyway_button,
            metrics_panel=self.metrics_panel,
            cache_view=self.cache_view,
            dialog_parent=self,
            parent=self,
        )
        self.conversations = ConversationsController(
            store or ConversationStore(),
            self.client,
            self.models,
            conversation_list=self.conversation_list,
            settings_view=self.settings_view,
            undo_button=self.undo_button,
            dialog_parent=self,
            parent=self,
        )
        self.chat = ChatController(
            self.client,
            self.conversations,
            self.models,
            chat_view=self.chat_view,
            composer=self.composer,
            metrics_panel=self.metrics_panel,
            parent=self,
        )
        self.documents = DocumentsController(self.settings_view.documents_view, self.conversations, parent=self)
        self.chat.grounder = self.documents.ground
        self.batch = BatchController(self.client, self.models, dialog_parent=self, parent=self)
        self.server = ServerController(
            getattr(self.client, "engine", None),  # the real client's EngineLoop; a scripted one has none
            self.server_view,
            self.models.options_for,
            lambda: self.models.state.loaded_path or self.models.picked_path,
            parent=self,
        )
        self._connect()
        install_learning(self)  # What these numbers mean: the panel's ? links, the page (app/learn/)
        install_descriptions()
        self._set_tab_order()
        self.conversations.new_conversation()
        self.composer.setFocus()  # the user can type the moment the window appears
        QTimer.singleShot(WARM_UP_DELAY_MS, self._warm_up)

    def _warm_up(self) -> None:
        """While the user reads the window: load what the first opened conversation would wait for
        (the Markdown parser, the code highlighter, Qt's text layout), so opening one is instant."""
        from app.chat.markdown_render import markdown_to_html

        markdown_to_html("**warm** up\n\n1. list\n\n| a |\n| - |\n\n```python\nprint(1)\n```\n")
        MessageBubble("assistant", "", "*warm up*").deleteLater()

    # --- layout ------------------------------------------------------------------------

    def _build(self) -> None:
        central = QWidget()
        layout = QVBoxLayout(central)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addWidget(self._build_header())
        layout.addLayout(self._build_error_row())
        self.conversation_list = ConversationListView()
        self.conversation_list.setMinimumWidth(170)
        self.side_tabs = self._build_side_tabs()
        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.addWidget(self.conversation_list)
        self.splitter.addWidget(self._build_chat_column())
        self.splitter.addWidget(self.side_tabs)
        self.splitter.setChildrenCollapsible(True)
        self.splitter.setCollapsible(1, False)
        self.splitter.setStretchFactor(0, 0)
        self.splitter.setStretchFactor(1, 3)
        self.splitter.setStretchFactor(2, 1)
        self.splitter.setSizes([220, 630, 430])  # the side column fits its five tabs
        layout.addWidget(self.splitter, 1)
        self.setCentralWidget(central)

        self.undo_button = QPushButton(self.tr("Undo"))
        self.undo_button.setObjectName("undoButton")
        self.statusBar().addPermanentWidget(self.undo_button)
        self.undo_button.hide()

    def _build_header(self) -> QWidget:
        self.sidebar_button = QPushButton(self.tr("Chats"))
        self.sidebar_button.setObjectName("sidebarButton")
        self.sidebar_button.setCheckable(True)
        self.sidebar_button.setChecked(True)
        self.sidebar_button.setToolTip(self.tr("Show or hide your conversations."))
        self.model_picker = ModelPickerView()
        self.model_label = QLabel(self.tr("No model"))
        self.model_label.setObjectName("modelName")
        self.model_label.setTextFormat(Qt.TextFormat.PlainText)  # file names are text, never markup
        self.model_label.hide()  # says "Loading…" or "Not loaded" beside the picker
        self.template_label = QLabel()
        self.template_label.setTextFormat(Qt.TextFormat.PlainText)
        self.template_label.setObjectName("templateName")
        # It gives way (is cut) before the window would have to grow, e.g. while the load bar shows.
        self.template_label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.load_bar = QProgressBar()
        self.load_bar.setObjectName("loadBar")
        self.load_bar.setRange(0, 100)
        self.load_bar.setFixedWidth(150)
        self.load_bar.setFormat(self.tr("Loading model… %p%"))
        self.load_bar.hide()
        self.batch_button = QPushButton(self.tr("Batch"))
        self.batch_button.setObjectName("batchButton")
        self.batch_button.setToolTip(self.tr("Answer a whole file of prompts, several at once."))
        # Theme and text size, in a menu from the header (the side column's tabs are full).
        self.appearance_view = AppearanceView()
        self.appearance_button = QToolButton()
        self.appearance_button.setObjectName("appearanceButton")
        self.appearance_button.setText(self.tr("Aa"))
        self.appearance_button.setAccessibleName(self.tr("Appearance"))
        self.appearance_button.setToolTip(self.tr("Theme and text size."))
        self.appearance_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        appearance_menu = QMenu(self.appearance_button)
        appearance_action = QWidgetAction(appearance_menu)
        appearance_action.setDefaultWidget(self.appearance_view)
        appearance_menu.addAction(appearance_action)
        self.appearance_button.setMenu(appearance_menu)
        self.panel_button = QPushButton(self.tr("Details"))
        self.panel_button.setObjectName("panelButton")
        self.panel_button.setCheckable(True)
        self.panel_button.setChecked(True)
        self.panel_button.setToolTip(self.tr("Show or hide the performance figures and conversation settings."))
        header = QHBoxLayout()
        header.setContentsMargins(14, 8, 14, 8)
        header.addWidget(self.sidebar_button)
        header.addSpacing(8)
        header.addWidget(self.model_picker)
        header.addWidget(self.model_label)
        header.addWidget(self.template_label, 1)  # shares the free space with the stretch after it
        header.addStretch(1)
        header.addWidget(self.load_bar)
        header.addWidget(self.batch_button)
        header.addWidget(self.appearance_button)
        header.addWidget(self.panel_button)
        header_widget = QWidget()
        header_widget.setObjectName("header")
        header_widget.setLayout(header)
        return header_widget

    def _build_error_row(self) -> QHBoxLayout:
        self.load_error = ErrorView()
        self.load_anyway_button = QPushButton(self.tr("Load anyway"))
        self.load_anyway_button.setToolTip(
            self.tr("Load the model even though the estimate says memory is short; the computer may slow down.")
        )
        self.load_anyway_button.hide()
        error_row = QHBoxLayout()
        error_row.setContentsMargins(14, 0, 14, 0)
        error_row.addWidget(self.load_error, 1)
        error_row.addWidget(self.load_anyway_button, 0, Qt.AlignmentFlag.AlignTop)
        return error_row

    def _build_chat_column(self) -> QWidget:
        self.chat_view = ChatView()
        self.composer = Composer()
        self.send_button = QPushButton(self.tr("Send"))
        self.send_button.setObjectName("sendButton")
        self.send_button.setDefault(True)
        self.stop_button = QPushButton(self.tr("Stop"))
        self.stop_button.setObjectName("stopButton")
        self.stop_button.setToolTip(self.tr("Stop the answer now (Esc)."))
        self.stop_button.setEnabled(False)
        buttons = QVBoxLayout()
        buttons.addWidget(self.send_button)
        buttons.addWidget(self.stop_button)
        composer_row = QHBoxLayout()
        composer_row.setContentsMargins(16, 4, 16, 12)
        composer_row.addWidget(self.composer, 1)
        composer_row.addLayout(buttons)

        self.edit_banner = QWidget()
        self.edit_banner.setObjectName("editBanner")
        self.edit_label = QLabel(self.tr("Editing your question: Send asks it again as a new version."))
        self.edit_label.setWordWrap(True)
        self.cancel_edit_button = QPushButton(self.tr("Cancel"))
        banner = QHBoxLayout(self.edit_banner)
        banner.setContentsMargins(16, 4, 16, 0)
        banner.addWidget(self.edit_label, 1)
        banner.addWidget(self.cancel_edit_button)
        self.edit_banner.hide()
        self.status_note = QLabel()
        self.status_note.setObjectName("statusNote")
        self.status_note.setWordWrap(True)
        self.status_note.setContentsMargins(16, 4, 16, 0)
        self.status_note.hide()

        chat_column = QWidget()
        chat_layout = QVBoxLayout(chat_column)
        chat_layout.setContentsMargins(0, 0, 0, 0)
        chat_layout.setSpacing(0)
        chat_layout.addWidget(self.chat_view, 1)
        chat_layout.addWidget(self.status_note)
        chat_layout.addWidget(self.edit_banner)
        chat_layout.addLayout(composer_row)
        return chat_column

    def _build_side_tabs(self) -> QTabWidget:
        self.metrics_panel = MetricsPanel()
        self.settings_view = ConversationSettingsView()
        self.cache_view = CacheView()
        self.privacy_view = PrivacyView()
        self.server_view = ServerView()
        tabs = QTabWidget()
        tabs.setObjectName("sideTabs")
        tabs.addTab(self.metrics_panel, self.tr("Performance"))
        tabs.addTab(self.settings_view, self.tr("Conversation"))
        tabs.addTab(self.cache_view, self.tr("Cache"))
        tabs.addTab(self.privacy_view, self.tr("Privacy"))
        tabs.addTab(self.server_view, self.tr("Server"))
        return tabs

    # --- wiring ------------------------------------------------------------------------

    def _connect(self) -> None:
        chat, conversations, models = self.chat, self.conversations, self.models
        self.send_button.clicked.connect(self.composer.submit)
        self.stop_button.clicked.connect(chat.stop)
        self.cancel_edit_button.clicked.connect(chat.cancel_edit)
        chat.busy_changed.connect(self.stop_button.setEnabled)
        chat.busy_changed.connect(lambda busy: self.send_button.setEnabled(not busy))
        chat.editing_changed.connect(self.edit_banner.setVisible)
        chat.note_changed.connect(self._show_note)
        for controller in (chat, conversations, models, self.batch, self.server):
            controller.said.connect(self._say)
        self.batch_button.clicked.connect(self.batch.open_window)
        self.sidebar_button.toggled.connect(self.conversation_list.setVisible)
        self.panel_button.toggled.connect(self.side_tabs.setVisible)
        self.bindings = main_window_bindings(
            new_chat=conversations.new_conversation,
            search_chats=self.search_chats,
            focus_composer=self.composer.setFocus,
            stop=chat.stop_or_cancel_edit,
            regenerate=chat.regenerate_last,
            copy_last_answer=chat.copy_last_answer,
            next_chat=lambda: self.conversation_list.select_relative(1),
            previous_chat=lambda: self.conversation_list.select_relative(-1),
            open_models=models.open_models_window,
            toggle_chats=self.sidebar_button.toggle,
            toggle_details=self.panel_button.toggle,
            zoom_in=lambda: self.zoom(1),
            zoom_out=lambda: self.zoom(-1),
            zoom_reset=lambda: self.zoom(0),
            show_shortcuts=self.show_shortcuts,
            explain_figures=self.explain_figures,
            quit_app=self.close,
        )
        self.shortcuts = install_shortcuts(self, self.bindings)
        chat.answer_on_screen_finished.connect(self._announce_answer)
        for ended in (chat.answer_finished, chat.answer_failed, chat.answer_started):
            ended.connect(self._clear_retry_notice)
        self.metrics_panel.about_requested.connect(self.show_about_computer)
        self.privacy_view.delete_all_confirmed.connect(conversations.delete_all_data)
        conversations.data_deletion_started.connect(models.release_data)
        conversations.data_deleted.connect(models.after_data_deleted)
        models.library_changed.connect(self.documents.on_library_changed)
        self.settings_view.documents_view.embedding_model_requested.connect(self._show_embedding_model)
        self.privacy_view.manage_engines_requested.connect(self.open_engines_dialog)
        self.model_picker.add_engine_requested.connect(lambda: self.open_engines_dialog(add_engine=True))

    def _set_tab_order(self) -> None:
        """Tab goes as the eye reads: the header, the conversations, the message box and its buttons,
        then the side panel."""
        picker = self.model_picker
        order: list[QWidget] = [
            self.sidebar_button,
            picker.combo,
            picker.unload_button,
            picker.settings_button,
            picker.browse_button,
            self.batch_button,
            self.appearance_button,
            self.panel_button,
            self.conversation_list.new_button,
            self.conversation_list.search_box,
            self.conversation_list.list,
            self.composer,
            self.send_button,
            self.stop_button,
            self.side_tabs,
        ]
        for first, second in itertools.pairwise(order):
            QWidget.setTabOrder(first, second)

    def _clear_retry_notice(self, _event: object = None) -> None:
        """ "Retrying in 2 s" is stale once the answer goes on, finishes or fails."""
        notice = self.models.retry_notice
        if notice and self.statusBar().currentMessage() == notice:
            self.statusBar().clearMessage()
        self.models.retry_notice = ""

    def _announce_answer(self, bubble: MessageBubble) -> None:
        """Only the answer the user is looking at: one that ends in a conversation off screen is not read."""
        announce_answer(bubble, bubble.text)

    def search_chats(self) -> None:
        self.sidebar_button.setChecked(True)
        self.conversation_list.search_box.setFocus()
        self.conversation_list.search_box.selectAll()

    def show_shortcuts(self) -> ShortcutsDialog:
        from app.shortcuts_dialog import ShortcutsDialog

        dialog = ShortcutsDialog(self.bindings, self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.show()
        return dialog

    def zoom(self, step: int) -> None:
        """Larger (1), smaller (-1) or usual-size (0) text everywhere."""
        from app import theme

        {1: theme.zoom_in, -1: theme.zoom_out, 0: theme.zoom_reset}[step]()

    def explain_figures(self) -> None:
        """What these numbers mean (app/learn/)."""
        from app.learn.entry_points import open_glossary

        open_glossary(self)

    def _show_embedding_model(self) -> None:
        self.models.open_models_window().show_suggested(EMBEDDING_MODEL.repo_id, EMBEDDING_MODEL.file)

    def _say(self, text: str, timeout_ms: int) -> None:
        if text:
            self.statusBar().showMessage(text, timeout_ms)
        else:
            self.statusBar().clearMessage()

    def _show_note(self, text: str) -> None:
        self.status_note.setText(text)
        self.status_note.setVisible(bool(text))

    def attach_plot(self) -> None:
        """Create the live plot once the window is up, so the first frame comes sooner."""
        from app.panels.live_plot import LivePlotView

        self.metrics_panel.attach_plot(LivePlotView())

    def show_about_computer(self) -> None:
        """The About this computer page (what `hearth doctor` prints), read when it opens."""
        from app.panels.about_computer import AboutComputerDialog

        dialog = AboutComputerDialog(self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.show()

    def open_engines_dialog(self, add_engine: bool = False) -> EnginesDialog:
        """The Engines dialog (one at a time); `add_engine` opens its Add form straight away."""
        from app.engines.engines_dialog import EnginesDialog

        dialog = self.engines_dialog
        if dialog is None:
            dialog = EnginesDialog(self)
            dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
            dialog.engines_changed.connect(self._on_engines_changed)
            dialog.destroyed.connect(self._on_engines_dialog_closed)
            dialog.rpc_view.set_in_use(self.models.state.machines_in_use)
            self.engines_dialog = dialog
            dialog.open()
        dialog.raise_()
        dialog.activateWindow()
        if add_engine:
            dialog.tabs.setCurrentWidget(dialog.remote_view)
            dialog.remote_view.open_add_form()
        return dialog

    def _on_engines_changed(self) -> None:
        """An engine was added, edited or removed: the picker asks the engines again, Privacy re-lists them."""
        self.privacy_view.show_engines()
        self.models.refresh_model_entries()
        self.models.remote_models.refresh()

    def _on_engines_dialog_closed(self) -> None:
        self.engines_dialog = None

    # --- narrow windows ------------------------------------------------------------------

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        # Below these widths the chat itself would be squeezed: fold the side columns away
        # (the header buttons bring them back) once, as the window crosses the width.
        width = event.size().width()
        wide_enough_for_panel = width >= PANEL_MIN_WINDOW_WIDTH
        wide_enough_for_sidebar = width >= SIDEBAR_MIN_WINDOW_WIDTH
        if wide_enough_for_panel != self._panel_fits:
            self._panel_fits = wide_enough_for_panel
            self.panel_button.setChecked(wide_enough_for_panel)
        if wide_enough_for_sidebar != self._sidebar_fits:
            self._sidebar_fits = wide_enough_for_sidebar
            self.sidebar_button.setChecked(wide_enough_for_sidebar)

    # --- shutdown ----------------------------------------------------------------------

    def closeEvent(self, event: QCloseEvent) -> None:
        self.server.stop()
        self.batch.close()
        self.chat.close()
        self.documents.close()
        self.models.close_models_window()
        self.conversations.close()
        self.client.shutdown()
        super().closeEvent(event)
