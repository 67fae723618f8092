"""The chat window: header with the model, the conversation, the composer, the live panel."""

from __future__ import annotations

import logging
import time

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QCloseEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QProgressBar,
    QPushButton,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from app import formatting as fmt
from app.chat_view import ChatView
from app.composer import Composer
from app.engine_client import EngineClient
from app.live_metrics import LiveAnswer
from app.message_bubble import ErrorView, MessageBubble
from app.metrics_panel import MetricsPanel
from engine.protocol import (
    ChatMessage,
    EngineStats,
    Failed,
    Finished,
    Loaded,
    LoadOptions,
    LoadProgress,
    SamplingParams,
    Started,
    Token,
)

logger = logging.getLogger(__name__)


class MainWindow(QMainWindow):
    answer_finished = Signal(object)  # Finished, after the view and panel were updated
    answer_failed = Signal(object)  # Failed
    model_ready = Signal(object)  # Loaded

    def __init__(self, client: EngineClient | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Hearth"))
        self.resize(1180, 760)
        self.client = client or EngineClient(self)
        self.sampling = SamplingParams()
        self.history: list[ChatMessage] = []
        self.model_name = ""
        self.active_request: int | None = None
        self.answer: LiveAnswer | None = None
        self._answer_bubble: MessageBubble | None = None
        self._build()
        self._connect()
        self.composer.setFocus()  # the user can type the moment the window appears

    # --- layout ------------------------------------------------------------------------

    def _build(self) -> None:
        self.model_label = QLabel(self.tr("No model"))
        self.model_label.setObjectName("modelName")
        self.template_label = QLabel()
        self.template_label.setObjectName("templateName")
        self.load_bar = QProgressBar()
        self.load_bar.setObjectName("loadBar")
        self.load_bar.setRange(0, 100)
        self.load_bar.setFixedWidth(180)
        self.load_bar.setFormat(self.tr("Loading model… %p%"))
        self.load_bar.hide()
        header = QHBoxLayout()
        header.setContentsMargins(14, 8, 14, 8)
        header.addWidget(self.model_label)
        header.addWidget(self.template_label)
        header.addStretch(1)
        header.addWidget(self.load_bar)
        self.load_error = ErrorView()

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
        composer_row.setContentsMargins(16, 8, 16, 12)
        composer_row.addWidget(self.composer, 1)
        composer_row.addLayout(buttons)

        chat_column = QWidget()
        chat_layout = QVBoxLayout(chat_column)
        chat_layout.setContentsMargins(0, 0, 0, 0)
        chat_layout.setSpacing(0)
        chat_layout.addWidget(self.chat_view, 1)
        chat_layout.addLayout(composer_row)

        self.metrics_panel = MetricsPanel()
        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.addWidget(chat_column)
        self.splitter.addWidget(self.metrics_panel)
        self.splitter.setStretchFactor(0, 3)
        self.splitter.setStretchFactor(1, 1)
        self.splitter.setSizes([800, 360])

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
        error_row.addWidget(self.load_error)
        layout.addLayout(error_row)
        layout.addWidget(self.splitter, 1)
        self.setCentralWidget(central)

    def _connect(self) -> None:
        self.composer.submitted.connect(self._on_submitted)
        self.send_button.clicked.connect(self.composer.submit)
        self.stop_button.clicked.connect(self.stop)
        QShortcut(QKeySequence(Qt.Key.Key_Escape), self, self.stop)
        self.chat_view.first_text_shown.connect(self._on_first_text_shown)
        c = self.client
        c.load_progressed.connect(self._on_load_progressed)
        c.loaded.connect(self._on_loaded)
        c.started.connect(self._on_started)
        c.token_received.connect(self._on_token_received)
        c.stats_received.connect(self._on_stats_received)
        c.finished.connect(self._on_finished)
        c.failed.connect(self._on_failed)
        c.engine_started.connect(self._on_engine_started)

    def attach_plot(self) -> None:
        """Create the live plot once the window is up, so the first frame comes sooner."""
        from app.live_plot import LivePlotView

        self.metrics_panel.attach_plot(LivePlotView())

    # --- actions -----------------------------------------------------------------------

    def load_model(self, options: LoadOptions) -> None:
        self.load_error.hide()
        self.load_bar.setValue(0)
        self.load_bar.show()
        self.model_label.setText(self.tr("Loading {name}…").format(name=options.model_path.rsplit("/", 1)[-1]))
        self.client.load(options)

    def send_message(self, text: str) -> None:
        if self.active_request is not None:
            return
        sent_at = time.monotonic()
        self.composer.clear()
        self.chat_view.add_message("user", self.tr("You"), text)
        self.history.append(ChatMessage("user", text))
        self._answer_bubble = self.chat_view.add_message("assistant", self.model_name or self.tr("Assistant"))
        self.chat_view.begin_stream(self._answer_bubble)
        self.answer = LiveAnswer(sent_at)
        self.metrics_panel.begin_answer(self.answer)
        self.active_request = self.client.generate(tuple(self.history), self.sampling, sent_at)
        self._set_busy(True)

    def stop(self) -> None:
        if self.active_request is not None:
            self.client.cancel(self.active_request)

    def _set_busy(self, busy: bool) -> None:
        self.stop_button.setEnabled(busy)
        self.send_button.setEnabled(not busy)

    def _end_answer(self) -> None:
        self.chat_view.end_stream()
        if self._answer_bubble is not None and self._answer_bubble.text:
            # The partial or whole answer stays part of the conversation.
            self.history.append(ChatMessage("assistant", self._answer_bubble.text))
        self.active_request = None
        self._set_busy(False)

    # --- engine signals ------------------------------------------------------------------

    def _on_submitted(self, text: str) -> None:
        self.send_message(text)

    def _on_engine_started(self) -> None:
        self.metrics_panel.set_engine_pid(self.client.engine_pid())

    def _on_load_progressed(self, event: LoadProgress) -> None:
        self.load_bar.show()
        self.load_bar.setValue(round(event.fraction * 100))

    def _on_loaded(self, event: Loaded) -> None:
        info = event.info
        self.model_name = info.name
        self.load_bar.hide()
        self.model_label.setText(info.name)
        self.model_label.setToolTip(
            self.tr("{arch} · {params} parameters · {size} · context {ctx} tokens · {threads} threads").format(
                arch=info.architecture,
                params=f"{info.n_params / 1e6:,.0f} M",
                size=fmt.megabytes(info.size_bytes),
                ctx=f"{info.n_ctx:,}",
                threads=info.n_threads,
            )
        )
        if info.chat_template_source == "gguf":
            self.template_label.setText(self.tr("chat format: from the model file"))
        else:
            self.template_label.setText(self.tr("chat format: {name}").format(name=info.chat_template_name))
            self.template_label.setToolTip(
                self.tr("This model file has no chat format of its own, so Hearth uses a common default.")
            )
        self.metrics_panel.set_engine_pid(self.client.engine_pid())
        self.model_ready.emit(event)

    def _on_started(self, event: Started) -> None:
        if self.answer is not None and event.request_id == self.active_request:
            self.answer.on_started(event)
            self.metrics_panel.refresh()

    def _on_token_received(self, event: Token) -> None:
        if event.request_id != self.active_request or self.answer is None:
            return
        self.answer.on_token(event)
        self.chat_view.append_to_stream(event.text)

    def _on_first_text_shown(self, at: float) -> None:
        if self.answer is not None:
            self.answer.on_first_shown(at)
            self.metrics_panel.refresh()

    def _on_stats_received(self, event: EngineStats) -> None:
        if event.request_id == self.active_request:
            self.metrics_panel.on_stats(event)

    def _on_finished(self, event: Finished) -> None:
        if event.request_id != self.active_request or self.answer is None:
            return
        self.answer.final = event.metrics
        bubble = self._answer_bubble
        self._end_answer()
        self.metrics_panel.refresh()
        if bubble is not None:
            bubble.set_footer(fmt.answer_footer(event.metrics, self.answer.ttft_s), self.metrics_panel.summary.text())
        self.answer_finished.emit(event)

    def _on_failed(self, event: Failed) -> None:
        logger.warning("engine failure: %s", event.reason)
        if event.request_id is not None and event.request_id == self.active_request:
            bubble = self._answer_bubble
            self._end_answer()
            if bubble is not None:
                bubble.show_error(
                    event.reason + " " + self.tr("The text so far is kept; your next message starts a fresh engine."),
                    event.details,
                )
        elif self.active_request is not None and event.request_id is None:
            # A failed load or a dead engine while an answer was expected.
            bubble = self._answer_bubble
            self._end_answer()
            if bubble is not None:
                bubble.show_error(event.reason, event.details)
        else:
            self.load_bar.hide()
            self.model_label.setText(self.tr("No model"))
            self.load_error.show_error(event.reason, event.details)
        self.metrics_panel.set_engine_pid(self.client.engine_pid())
        self.answer_failed.emit(event)

    # --- shutdown ----------------------------------------------------------------------

    def closeEvent(self, event: QCloseEvent) -> None:
        self.client.shutdown()
        super().closeEvent(event)
