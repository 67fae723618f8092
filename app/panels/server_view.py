"""The Server tab: the local API switch, its address, what it is answering and a log of recent requests.

The log shows what the engine recorded of each request (where from, which endpoint, tokens, time to
first token, how it ended), never the messages or the answers.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from app.formatting import milliseconds
from engine.server.bridge import ServedRequest
from engine.server.config import DEFAULT_PORT

LOG_ROWS = 30


class ServerView(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("serverView")
        heading = QLabel(self.tr("Local API server"))
        heading.setObjectName("settingsHeading")
        intro = QLabel(
            self.tr(
                "Let other apps on this computer (editors, note apps, scripts) use the model loaded here, through "
                "the same API as OpenAI and Ollama. It answers this computer only, and nothing leaves it."
            )
        )
        intro.setWordWrap(True)
        intro.setObjectName("settingsHint")
        self.switch = QCheckBox(self.tr("Serve the local API"))
        self.switch.setObjectName("serverSwitch")
        self.port = QSpinBox()
        self.port.setAccessibleName(self.tr("Port"))
        self.port.setRange(1024, 65535)
        self.port.setValue(DEFAULT_PORT)
        self.port.setToolTip(self.tr("The port other apps connect to."))
        port_row = QHBoxLayout()
        port_row.addWidget(self.switch)
        port_row.addStretch(1)
        port_row.addWidget(QLabel(self.tr("Port")))
        port_row.addWidget(self.port)
        self.address = QLabel()
        self.address.setObjectName("serverAddress")
        self.address.setTextFormat(Qt.TextFormat.PlainText)
        self.address.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.address.setWordWrap(True)
        self.status = QLabel()
        self.status.setObjectName("serverStatus")
        self.status.setWordWrap(True)
        log_title = QLabel(self.tr("Recent requests"))
        log_title.setObjectName("settingsHeading")
        log_hint = QLabel(self.tr("What each request asked of the engine; never its messages."))
        log_hint.setObjectName("settingsHint")
        log_hint.setWordWrap(True)
        self.log = QTableWidget(0, 5)
        self.log.setAccessibleName(self.tr("Recent requests"))
        self.log.setObjectName("serverLog")
        self.log.setWordWrap(False)
        self.log.setHorizontalHeaderLabels(
            [self.tr("Request"), self.tr("Status"), self.tr("Prompt"), self.tr("Answer"), self.tr("First token")]
        )
        self.log.verticalHeader().hide()
        self.log.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.log.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        header = self.log.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for column in range(1, 5):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(14, 12, 14, 12)
        layout.addWidget(heading)
        layout.addWidget(intro)
        layout.addLayout(port_row)
        layout.addWidget(self.address)
        layout.addWidget(self.status)
        layout.addSpacing(8)
        layout.addWidget(log_title)
        layout.addWidget(log_hint)
        layout.addWidget(self.log, 1)

    def show_stopped(self, port: int) -> None:
        self.port.setEnabled(True)
        self.address.setText(
            self.tr("Off. When on: http://127.0.0.1:{port}/v1 (OpenAI), /api (Ollama)").format(port=port)
        )
        self.status.setText("")

    def show_running(self, base_url: str) -> None:
        self.port.setEnabled(False)
        self.address.setText(self.tr("OpenAI API: {base}/v1\nOllama API: {base}/api").format(base=base_url))
        self.status.setText(self.tr("Waiting for requests."))

    def show_error(self, sentence: str) -> None:
        self.port.setEnabled(True)
        self.status.setText(sentence)

    def show_activity(self, in_flight: Sequence[ServedRequest], recent: Sequence[ServedRequest], now: float) -> None:
        count = len(in_flight)
        if count:
            self.status.setText(self.tr("Answering %n request(s).", "", count))
        else:
            self.status.setText(self.tr("Waiting for requests."))
        rows = [*reversed(in_flight), *reversed(recent)][:LOG_ROWS]
        self.log.setRowCount(len(rows))
        for row, record in enumerate(rows):
            values = [
                self._endpoint_text(record.endpoint),
                self._status_text(record),
                self.tr("{tokens} ({cached} reused)").format(tokens=record.prompt_tokens, cached=record.cached_tokens)
                if record.status != "running"
                else "…",
                str(record.completion_tokens) if record.status != "running" else "…",
                milliseconds(record.ttft_s) if record.ttft_s else "–",
            ]
            for column, value in enumerate(values):
                item = QTableWidgetItem(value)
                item.setToolTip(
                    self.tr("{endpoint} from {client}, {seconds:.0f} s ago").format(
                        endpoint=record.endpoint, client=record.client, seconds=max(0.0, now - record.began_at)
                    )
                )
                self.log.setItem(row, column, item)

    def _endpoint_text(self, endpoint: str) -> str:
        names = {
            "/v1/chat/completions": self.tr("OpenAI chat"),
            "/v1/completions": self.tr("OpenAI text"),
            "/api/chat": self.tr("Ollama chat"),
            "/api/generate": self.tr("Ollama generate"),
        }
        return names.get(endpoint, endpoint)

    def _status_text(self, record: ServedRequest) -> str:
        if record.status == "running":
            return self.tr("answering")
        if record.disconnected:
            return self.tr("client left")
        if record.status == "finished":
            return self.tr("done")
        if record.status == "cancelled":
            return self.tr("stopped")
        return self.tr("failed")
