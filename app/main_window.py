"""The chat window: conversations on the left, the chat in the middle, metrics and settings on the right."""

from __future__ import annotations

import logging
import os
import time
from dataclasses import asdict, dataclass, field, replace

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QCloseEvent, QKeySequence, QResizeEvent, QShortcut
from PySide6.QtWidgets import (
    QApplication,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QSizePolicy,
    QSplitter,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from app import formatting as fmt
from app.chat.branch_rows import BranchRows, dropped_notice
from app.chat.chat_view import ChatView, MessageRow
from app.chat.composer import Composer
from app.chat.message_bubble import ErrorView, MessageBubble
from app.controllers.conversation_handling import ConversationHandlingMixin
from app.controllers.engine_client import EngineClient
from app.conversations.conversation_list import ConversationListView
from app.conversations.conversation_settings import ConversationSettingsView
from app.error_texts import details_text, error_text, failed_text, template_text
from app.panels.cache_view import CacheView
from app.panels.live_metrics import LiveAnswer
from app.panels.metrics_panel import MetricsPanel
from app.panels.privacy_view import PrivacyView
from engine.protocol import (
    AnswerFailed,
    ChatMessage,
    EngineStats,
    Failed,
    Finished,
    Loaded,
    Notice,
    SamplingParams,
    Started,
    Token,
)
from engine.settings import load_settings, save_settings
from engine.store.answer_writer import AnswerWriter
from engine.store.chat_turn import cache_owner
from engine.store.conversations import ConversationStore, DiskFullError
from engine.store.records import Conversation, StoredMessage
from engine.store.tokens import branch_layout, split_prompt

logger = logging.getLogger(__name__)

WARM_UP_DELAY_MS = 300
PANEL_MIN_WINDOW_WIDTH = 1100  # narrower: the metrics and settings column folds away
SIDEBAR_MIN_WINDOW_WIDTH = 760  # narrower: the conversation list folds away too


@dataclass
class Generation:
    """The answer being written now (one at a time: there is one engine)."""

    request_id: int
    conversation_id: int
    message_id: int  # the answer
    question_id: int | None  # the question it answers
    writer: AnswerWriter
    tokens_before_question: list[int] = field(default_factory=list)


class MainWindow(ConversationHandlingMixin):
    answer_finished = Signal(object)  # Finished, after the view and panel were updated
    answer_failed = Signal(object)  # Failed
    model_ready = Signal(object)  # Loaded
    conversation_shown = Signal(int)  # conversation id (0: a new, unsaved chat)

    def __init__(
        self, client: EngineClient | None = None, store: ConversationStore | None = None, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Hearth"))
        self.resize(1280, 780)
        self.client = client or EngineClient(self)
        self.store = store or ConversationStore()
        self.store.purge_deleted()  # an Undo from the last session can no longer happen
        self.sampling = SamplingParams()  # for the next answer; follows the conversation's settings
        self.conversation: Conversation | None = None  # None: a new chat, saved on its first message
        self.branch: list[StoredMessage] = []
        self.model_name = ""
        self.model_template_name = ""  # the header's words for the model's own chat format
        self.model_template_short = ""  # its name in the settings list ("" when it comes from the file)
        self.generation: Generation | None = None
        self.answer: LiveAnswer | None = None
        self._answer_bubble: MessageBubble | None = None
        self._pending_answer_row: MessageRow | None = None  # the answer's row, built on the next turn
        self._editing: int | None = None  # the question being edited
        self._pending_delete: int | None = None
        self._finishing_writers: list[AnswerWriter] = []  # final saves still under way
        self._panel_fits = True
        self._sidebar_fits = True
        self._build()
        self._connect()
        self.new_conversation()
        self.refresh_conversation_list()
        self.composer.setFocus()  # the user can type the moment the window appears
        QTimer.singleShot(WARM_UP_DELAY_MS, self._warm_up)

    def _warm_up(self) -> None:
        """While the user reads the window: load what the first opened conversation would wait for
        (the Markdown parser, the code highlighter, Qt's text layout), so opening one is instant."""
        from app.chat.markdown_render import markdown_to_html

        markdown_to_html("**warm** up\n\n1. list\n\n| a |\n| - |\n\n```python\nprint(1)\n```\n")
        MessageBubble("assistant", "", "*warm up*").deleteLater()

    def wait_for_saves(self) -> None:
        """Let answers that just ended finish their last save (a few ms) before reading the store."""
        for writer in self._finishing_writers:
            writer.join()
        self._finishing_writers.clear()

    @property
    def active_request(self) -> int | None:
        return self.generation.request_id if self.generation else None

    # --- layout ------------------------------------------------------------------------

    def _build(self) -> None:
        self.model_label = QLabel(self.tr("No model"))
        self.model_label.setObjectName("modelName")
        self.model_label.setTextFormat(Qt.TextFormat.PlainText)  # file names are text, never markup
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
        self.sidebar_button = QPushButton(self.tr("Chats"))
        self.sidebar_button.setObjectName("sidebarButton")
        self.sidebar_button.setCheckable(True)
        self.sidebar_button.setChecked(True)
        self.sidebar_button.setToolTip(self.tr("Show or hide your conversations."))
        self.panel_button = QPushButton(self.tr("Details"))
        self.panel_button.setObjectName("panelButton")
        self.panel_button.setCheckable(True)
        self.panel_button.setChecked(True)
        self.panel_button.setToolTip(self.tr("Show or hide the performance figures and conversation settings."))
        header = QHBoxLayout()
        header.setContentsMargins(14, 8, 14, 8)
        self.model_picker = self._build_model_picker()
        self.model_label.hide()  # says "Loading…" or "Not loaded" beside the picker
        header.addWidget(self.sidebar_button)
        header.addSpacing(8)
        header.addWidget(self.model_picker)
        header.addWidget(self.model_label)
        header.addWidget(self.template_label, 1)  # shares the free space with the stretch after it
        header.addStretch(1)
        header.addWidget(self.load_bar)
        header.addWidget(self.panel_button)
        self.load_error = ErrorView()

        self.conversation_list = ConversationListView()
        self.conversation_list.setMinimumWidth(170)
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

        self.metrics_panel = MetricsPanel()
        self.settings_view = ConversationSettingsView()
        self.side_tabs = QTabWidget()
        self.side_tabs.setObjectName("sideTabs")
        self.side_tabs.addTab(self.metrics_panel, self.tr("Performance"))
        self.side_tabs.addTab(self.settings_view, self.tr("Conversation"))
        self.cache_view = CacheView()
        self.cache_view.set_budgets(*self.cache_budgets())
        self.side_tabs.addTab(self.cache_view, self.tr("Cache"))
        self.privacy_view = PrivacyView()
        self.side_tabs.addTab(self.privacy_view, self.tr("Privacy"))
        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.addWidget(self.conversation_list)
        self.splitter.addWidget(chat_column)
        self.splitter.addWidget(self.side_tabs)
        self.splitter.setChildrenCollapsible(True)
        self.splitter.setCollapsible(1, False)
        self.splitter.setStretchFactor(0, 0)
        self.splitter.setStretchFactor(1, 3)
        self.splitter.setStretchFactor(2, 1)
        self.splitter.setSizes([230, 680, 370])

        central = QWidget()
        layout = QVBoxLayout(central)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        header_widget = QWidget()
        header_widget.setObjectName("header")
        header_widget.setLayout(header)
        layout.addWidget(header_widget)
        error_row = QHBoxLayout()
        error_row.setContentsMargins(14, 0, 14, 0)
        error_row.addWidget(self.load_error, 1)
        error_row.addWidget(self.load_anyway_button, 0, Qt.AlignmentFlag.AlignTop)
        layout.addLayout(error_row)
        layout.addWidget(self.splitter, 1)
        self.setCentralWidget(central)

        self.undo_button = QPushButton(self.tr("Undo"))
        self.undo_button.setObjectName("undoButton")
        self.statusBar().addPermanentWidget(self.undo_button)
        self.undo_button.hide()
        self._undo_timer = QTimer(self)
        self._undo_timer.setSingleShot(True)
        self._undo_timer.timeout.connect(self._on_undo_expired)

    def _connect(self) -> None:
        self.composer.submitted.connect(self._on_submitted)
        self.send_button.clicked.connect(self.composer.submit)
        self.stop_button.clicked.connect(self.stop)
        self.cancel_edit_button.clicked.connect(self.cancel_edit)
        self.sidebar_button.toggled.connect(self.conversation_list.setVisible)
        self.panel_button.toggled.connect(self.side_tabs.setVisible)
        QShortcut(QKeySequence(Qt.Key.Key_Escape), self, self._on_escape)
        QShortcut(QKeySequence.StandardKey.New, self, self.new_conversation)
        self.chat_view.first_text_shown.connect(self._on_first_text_shown)
        self.chat_view.action_requested.connect(self._on_action_requested)
        lst = self.conversation_list
        lst.conversation_selected.connect(self.show_conversation)
        lst.new_requested.connect(self.new_conversation)
        lst.rename_requested.connect(self._on_rename_requested)
        lst.delete_requested.connect(self.delete_conversation)
        lst.export_requested.connect(self._on_export_requested)
        lst.import_requested.connect(self._on_import_requested)
        lst.search_changed.connect(lambda _query: self.refresh_conversation_list())
        self.undo_button.clicked.connect(self._on_undo_clicked)
        s = self.settings_view
        s.settings_changed.connect(self._on_settings_changed)
        s.preset_saved.connect(self._on_preset_saved)
        s.model_default_requested.connect(self._on_model_default_requested)
        c = self.client
        c.load_progressed.connect(self._on_load_progressed)
        c.loaded.connect(self._on_loaded)
        c.unloaded.connect(self._on_unloaded)
        c.started.connect(self._on_started)
        c.token_received.connect(self._on_token_received)
        c.stats_received.connect(self._on_stats_received)
        c.finished.connect(self._on_finished)
        c.failed.connect(self._on_failed)
        c.engine_started.connect(self._on_engine_started)
        c.noticed.connect(self._on_noticed)
        self.metrics_panel.about_requested.connect(self.show_about_computer)
        c.cache_reported.connect(self.cache_view.show_report)
        self.cache_view.clear_requested.connect(self.client.clear_cache)
        self.cache_view.budgets_changed.connect(self._on_cache_budgets_changed)
        self.privacy_view.delete_all_confirmed.connect(self.delete_all_data)

    def attach_plot(self) -> None:
        """Create the live plot once the window is up, so the first frame comes sooner."""
        from app.panels.live_plot import LivePlotView

        self.metrics_panel.attach_plot(LivePlotView())

    # --- sending -------------------------------------------------------------------------

    def send_message(self, text: str) -> None:
        try:
            self._send(text)
        except DiskFullError as exc:  # nothing is lost: the question stays in the composer
            self.statusBar().showMessage(error_text(exc), 15_000)

    def _send(self, text: str) -> None:
        self.wait_for_saves()
        if self.generation is not None:
            return
        sent_at = time.monotonic()
        self.ensure_model_for_send()
        conversation = self._ensure_conversation()
        bubbles = self.chat_view.bubbles
        if self._editing is not None:
            edited = self.store.message(self._editing)
            parent_id = edited.parent_id
            self.cancel_edit()
            self.branch = self.store.branch(conversation.id, parent_id) if parent_id is not None else []
            extends_view = False
        else:
            parent_id = self.branch[-1].id if self.branch else None
            # The usual case: the view shows the branch up to the parent, so two rows are appended.
            extends_view = (bubbles[-1].message_id if bubbles else None) == parent_id
        question = self.store.add_message(conversation.id, parent_id, "user", text)
        self.composer.clear()  # only once the question is safely stored
        self.conversation = conversation = self.store.get(conversation.id)  # the first question titles it
        self.branch.append(question)
        self._start_answer(conversation, question, sent_at, rebuild_view=not extends_view)

    def regenerate(self, answer_id: int) -> None:
        self.wait_for_saves()
        if self.generation is not None or self.conversation is None:
            return
        sent_at = time.monotonic()
        answer = self.store.message(answer_id)
        if answer.parent_id is None:
            return
        self.branch = self.store.branch(self.conversation.id, answer.parent_id)
        self._start_answer(self.conversation, self.branch[-1], sent_at)

    def continue_answer(self, answer_id: int) -> None:
        self.wait_for_saves()
        if self.generation is not None or self.conversation is None:
            return
        sent_at = time.monotonic()
        answer = self.store.message(answer_id)
        self.branch = self.store.branch(self.conversation.id, answer.id)
        question = self.branch[-2] if len(self.branch) >= 2 else None
        self.store.update_message(answer.id, state="partial")
        self._begin_generation(self.conversation, question, answer, sent_at, continue_last=True)

    def _start_answer(
        self, conversation: Conversation, question: StoredMessage, sent_at: float, rebuild_view: bool = True
    ) -> None:
        answer = self.store.add_message(
            conversation.id, question.id, "assistant", "", state="partial", writer_pid=os.getpid()
        )
        self.branch.append(answer)
        self._begin_generation(conversation, question, answer, sent_at, continue_last=False, rebuild_view=rebuild_view)

    def _begin_generation(
        self,
        conversation: Conversation,
        question: StoredMessage | None,
        answer: StoredMessage,
        sent_at: float,
        *,
        continue_last: bool,
        rebuild_view: bool = True,
    ) -> None:
        """Ask the engine first, then build the view: the engine reads the prompt meanwhile."""
        messages = self._engine_messages(conversation, self.branch if continue_last else self.branch[:-1])
        tokens_before, segments_before = self._history_before(question)
        # What the model read and wrote up to now, and where each message of it begins: the engine
        # reads message by message, so that a kept history and a full read give the same answer.
        if continue_last:  # the answer written on is part of it
            history, segments = branch_layout(self.branch, self.model_name)
        else:
            history, segments = tokens_before, segments_before
        self.answer = LiveAnswer(sent_at)
        request_id = self.client.generate(
            messages,
            self.sampling,
            sent_at,
            template_override=conversation.template_override,
            overflow_policy=conversation.overflow_policy,
            continue_last=continue_last,
            history_tokens=tuple(history),
            history_segments=tuple(segments),
            cache_owner=cache_owner(conversation.id),
            pin_system_prompt=bool(conversation.system_prompt.strip()),
        )
        writer = AnswerWriter(self.store.path, answer.id)
        if continue_last:
            writer.append(answer.text, answer.token_ids)
        self.generation = Generation(
            request_id,
            conversation.id,
            answer.id,
            question.id if question is not None else None,
            writer,
            tokens_before,
        )
        self._set_busy(True)
        if rebuild_view:
            self._show_branch()
            self._attach_answer_bubble()
            self._after_send()
            return
        # Only the newest message offers Continue; the rows on screen are otherwise unchanged.
        if self.chat_view.bubbles:
            self.chat_view.bubbles[-1].set_can_continue(False)
        question_row, answer_row = BranchRows(self.store, self.branch, self.model_name)[-2:]
        self.chat_view.append_rows([question_row])
        # The answer's bubble comes on the next turn of the event loop, so that Send is two short
        # pauses instead of one long one; an engine event arriving first builds it at once.
        self._pending_answer_row = answer_row
        QTimer.singleShot(0, self._add_pending_answer_row)

    def _add_pending_answer_row(self) -> None:
        row, self._pending_answer_row = self._pending_answer_row, None
        if row is None:
            return
        bubbles = self.chat_view.bubbles
        question_id = self.generation.question_id if self.generation is not None else None
        if self.generation is not None and bubbles and bubbles[-1].message_id == question_id:
            self.chat_view.append_rows([row], streaming=True)
            self._attach_answer_bubble()
        self._after_send()

    def _attach_answer_bubble(self) -> None:
        """Stream into the answer's bubble (the view may show another conversation by now)."""
        bubble = self.chat_view.bubble_for(self.generation.message_id) if self.generation is not None else None
        self._answer_bubble = bubble
        if bubble is not None:
            bubble.set_notice("")
            bubble.footer.hide()
            self.chat_view.begin_stream(bubble)

    def _after_send(self) -> None:
        if self.answer is not None:
            self.metrics_panel.begin_answer(self.answer)
        self.refresh_conversation_list()

    def _history_before(self, question: StoredMessage | None) -> tuple[list[int], list[int]]:
        """The exact tokens of the branch before `question` (to find where its own tokens start),
        and where each of its messages begins among them."""
        if question is None or question.parent_id is None:
            return [], []
        return branch_layout(self.store.branch(question.conversation_id, question.parent_id), self.model_name)

    def _engine_messages(self, conversation: Conversation, branch: list[StoredMessage]) -> tuple[ChatMessage, ...]:
        messages = [ChatMessage("system", conversation.system_prompt)] if conversation.system_prompt.strip() else []
        # An answer that failed before writing anything is kept on screen but is not part of the chat.
        messages += [ChatMessage(m.role, m.text) for m in branch if m.text or m.role == "user"]
        return tuple(messages)

    def stop(self) -> None:
        if self.generation is not None:
            self.client.cancel(self.generation.request_id)

    def _on_escape(self) -> None:
        if self.generation is not None:
            self.stop()
        elif self._editing is not None:
            self.cancel_edit()

    def start_edit(self, question_id: int) -> None:
        if self.generation is not None:
            return
        self._editing = question_id
        self.composer.setPlainText(self.store.message(question_id).text)
        self.edit_banner.show()
        self.composer.setFocus()

    def cancel_edit(self) -> None:
        if self._editing is not None:
            self._editing = None
            self.composer.clear()
        self.edit_banner.hide()

    def _set_busy(self, busy: bool) -> None:
        self.stop_button.setEnabled(busy)
        self.send_button.setEnabled(not busy)
        self.chat_view.set_busy(busy)
        self.model_picker.set_switching_allowed(not busy)
        self._update_status_note()

    def _update_status_note(self) -> None:
        generation = self.generation
        elsewhere = generation is not None and (
            self.conversation is None or generation.conversation_id != self.conversation.id
        )
        if elsewhere and generation is not None:
            title = self.store.get(generation.conversation_id).title
            self.status_note.setText(
                self.tr(
                    "Still answering in “{title}”. Stop that answer or wait for it to finish before sending here."
                ).format(title=title)
            )
        self.status_note.setVisible(elsewhere)

    def _end_answer(self, state: str, metrics: dict[str, object] | None = None, error: str | None = None) -> None:
        generation = self.generation
        self.chat_view.end_stream()
        self.generation = None
        if generation is not None:
            writer = generation.writer
            writer.finish(state, metrics, error, wait=False)  # saved behind the window's back
            self._finishing_writers = [w for w in self._finishing_writers if w.is_alive()] + [writer]
            if writer.error:
                self.statusBar().showMessage(writer.error, 10_000)
            # The branch in memory holds the answer as it was when it began: bring it up to date.
            for index, message in enumerate(self.branch):
                if message.id == generation.message_id:
                    self.branch[index] = replace(message, text=writer.text, state=state, metrics=metrics, error=error)
        self._set_busy(False)
        self.conversation_list.set_generating(None)  # the order is unchanged: only the marker goes

    # --- chat actions --------------------------------------------------------------------

    def _on_action_requested(self, kind: str, message_id: int) -> None:
        self.wait_for_saves()
        if not message_id:
            return
        if kind == "copy":
            QApplication.clipboard().setText(self.store.message(message_id).text)
            self.statusBar().showMessage(self.tr("Copied."), 2000)
        elif kind == "edit":
            self.start_edit(message_id)
        elif kind == "regenerate":
            self.regenerate(message_id)
        elif kind == "continue":
            self.continue_answer(message_id)
        elif kind == "delete" and self.generation is None:
            self.branch = self.store.delete_message(message_id)
            self._reload_branch()
            self.refresh_conversation_list()
        elif kind in ("previous", "next") and self.generation is None:
            versions = self.store.siblings(message_id)
            index = versions.index(message_id) + (1 if kind == "next" else -1)
            if 0 <= index < len(versions):
                self.branch = self.store.show_version(versions[index])
                self._show_branch()

    # --- engine signals ------------------------------------------------------------------

    def _on_submitted(self, text: str) -> None:
        self.send_message(text)

    def _on_engine_started(self) -> None:
        self.metrics_panel.set_engine_pid(self.client.engine_pid())

    def show_about_computer(self) -> None:
        """The About this computer page (what `hearth doctor` prints), read when it opens."""
        from app.panels.about_computer import AboutComputerDialog

        dialog = AboutComputerDialog(self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.show()

    def _on_noticed(self, notice: Notice) -> None:
        """Something the engine client did on its own (it switched llama.cpp's kernels): said once."""
        self.statusBar().showMessage(template_text(notice.reason, notice.reason_template, notice.reason_params), 30_000)

    def cache_budgets(self) -> tuple[int, int]:
        """The prompt cache's RAM and disk limits in bytes: the user's, or the defaults."""
        from engine.cache.prefix_cache import DEFAULT_DISK_BUDGET, default_ram_budget

        saved = load_settings()
        ram = saved.get("cache_ram_budget")
        disk = saved.get("cache_disk_budget")
        return (
            ram if isinstance(ram, int) and ram >= 0 else default_ram_budget(),
            disk if isinstance(disk, int) and disk >= 0 else DEFAULT_DISK_BUDGET,
        )

    def _on_cache_budgets_changed(self, ram: int, disk: int) -> None:
        save_settings({"cache_ram_budget": ram, "cache_disk_budget": disk})

    def _on_loaded(self, event: Loaded) -> None:
        info = event.info
        first_model = not self.model_name
        self.model_name = info.name
        self._note_loaded_model(event)
        self.metrics_panel.show_model(info)
        self.model_picker.combo.setToolTip(
            self.tr("{arch} · {params} parameters · {size} · context {ctx} tokens · {threads} threads").format(
                arch=info.architecture,
                params=f"{info.n_params / 1e6:,.0f} M",
                size=fmt.megabytes(info.size_bytes),
                ctx=f"{info.n_ctx:,}",
                threads=info.n_threads,
            )
        )
        if info.chat_template_warning:  # the model's own template is broken or unsafe: ChatML instead
            self.model_template_name = self.tr("chat format: {name} (the model's own is broken)").format(
                name=info.chat_template_name
            )
            self.model_template_short = info.chat_template_name
            self.template_label.setToolTip(
                self.tr("The model's chat template is broken or unsafe: using the default template instead.")
            )
            self.statusBar().showMessage(self.template_label.toolTip(), 15_000)
        elif info.chat_template_source == "gguf":
            self.model_template_name = self.tr("chat format: from the model file")
            self.model_template_short = ""
            self.template_label.setToolTip("")
        else:
            self.model_template_name = self.tr("chat format: {name}").format(name=info.chat_template_name)
            self.model_template_short = info.chat_template_name
            self.template_label.setToolTip(
                self.tr("This model file has no chat format of its own, so Hearth uses a common default.")
            )
        self.template_label.setText(self.model_template_name)
        self._update_header_template()
        if first_model and self.conversation is None and not self.branch:
            self.sampling = self._default_sampling()
        self._show_settings()
        self.metrics_panel.set_engine_pid(self.client.engine_pid())
        self.client.query_cache()
        self.model_ready.emit(event)

    def _on_started(self, event: Started) -> None:
        self._add_pending_answer_row()
        generation = self.generation
        if generation is None or event.request_id != generation.request_id:
            return
        if self.answer is not None:
            self.answer.on_started(event)
            self.metrics_panel.refresh()
        if generation.question_id is not None and event.prompt_token_ids:
            start, suffix = split_prompt(generation.tokens_before_question, event.prompt_token_ids)
            self.store.update_message(
                generation.question_id, token_ids=suffix, token_start=start, token_model=self.model_name
            )
        if event.dropped_messages and self._answer_bubble is not None:
            self._answer_bubble.set_notice(dropped_notice(event.dropped_messages))

    def _on_token_received(self, event: Token) -> None:
        self._add_pending_answer_row()
        generation = self.generation
        if generation is None or event.request_id != generation.request_id:
            return
        generation.writer.append(event.text, event.token_ids)
        if self.answer is not None:
            self.answer.on_token(event)
        if self._answer_bubble is not None:
            self.chat_view.append_to_stream(event.text)

    def _on_first_text_shown(self, at: float) -> None:
        if self.answer is not None:
            self.answer.on_first_shown(at)
            self.metrics_panel.refresh()

    def _on_stats_received(self, event: EngineStats) -> None:
        if event.request_id == self.active_request:
            self.metrics_panel.on_stats(event)

    def _on_finished(self, event: Finished) -> None:
        self._add_pending_answer_row()
        generation = self.generation
        if generation is None or event.request_id != generation.request_id or self.answer is None:
            return
        self.answer.final = event.metrics
        bubble = self._answer_bubble
        metrics = asdict(event.metrics)
        metrics["ttft_s"] = self.answer.ttft_s if self.answer.ttft_s is not None else event.metrics.ttft_s
        self._end_answer("complete" if event.metrics.stop_reason == "eog" else "partial", metrics)
        self.metrics_panel.refresh()
        if bubble is not None:
            bubble.set_footer(fmt.answer_footer(event.metrics, self.answer.ttft_s), self.metrics_panel.summary.text())
            bubble.set_can_continue(event.metrics.stop_reason != "eog")
        self.answer_finished.emit(event)

    def _on_failed(self, event: Failed) -> None:
        self._add_pending_answer_row()
        logger.warning("engine failure: %s", event.reason)
        reason = failed_text(event)
        generation = self.generation
        # Not another answer's failure; any other (the restart's load, say) ends the answer that waits on it.
        ours = not isinstance(event, AnswerFailed) or generation is None or event.request_id == generation.request_id
        if generation is not None and ours:
            bubble = self._answer_bubble
            kept = bool(generation.writer.text)
            self._end_answer("interrupted" if kept else "error", None, reason)  # stored as the user saw it
            if bubble is not None:
                if kept:
                    bubble.set_can_continue(True)
                bubble.set_cut_short(True)
                bubble.show_error(
                    reason + " " + self.tr("The text so far is kept; your next message starts a fresh engine."),
                    details_text(event.details),
                )
        else:
            self.load_bar.hide()
            self.model_label.setText(self.tr("Not loaded"))
            self.model_label.setVisible(not self.loaded_path)
            self.load_error.show_error(reason, details_text(event.details))
            self._note_failed_load(event.kind)
        self.metrics_panel.set_engine_pid(self.client.engine_pid())
        self.answer_failed.emit(event)

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
        self._pending_answer_row = None  # the store closes below: nothing more to show
        if self.generation is not None:
            self._end_answer("interrupted")
        self._finish_pending_delete()
        self.wait_for_saves()
        self.close_models_window()
        self.client.shutdown()
        self.store.close()
        super().closeEvent(event)
