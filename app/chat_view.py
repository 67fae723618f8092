"""The conversation: a scrolling column of message bubbles.

Streamed text is buffered in the bubble and appended as plain text at most every
RENDER_INTERVAL_MS (incremental layout, never a re-layout of the whole answer);
the whole answer is rendered as Markdown once, when it ends. The very first
piece of an answer is shown at once: that moment is the TTFT.
"""

from __future__ import annotations

import time

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import QHBoxLayout, QScrollArea, QVBoxLayout, QWidget

from app.message_bubble import MessageBubble

RENDER_INTERVAL_MS = 50


class ChatView(QScrollArea):
    first_text_shown = Signal(float)  # time.monotonic() when the first piece reached the screen

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("chatView")
        self.setWidgetResizable(True)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self._container = QWidget()
        self._container.setObjectName("chatContainer")
        self._column = QVBoxLayout(self._container)
        self._column.setContentsMargins(16, 16, 16, 16)
        self._column.setSpacing(10)
        self._column.addStretch(1)
        self.setWidget(self._container)
        self.bubbles: list[MessageBubble] = []
        self._streaming: MessageBubble | None = None
        self._first_shown = False
        self._render_timer = QTimer(self)
        self._render_timer.setInterval(RENDER_INTERVAL_MS)
        self._render_timer.timeout.connect(self._on_render_timer)
        self._follow = True
        self.verticalScrollBar().rangeChanged.connect(self._on_range_changed)
        self.verticalScrollBar().valueChanged.connect(self._on_scrolled)

    def add_message(self, role: str, author: str, text: str = "") -> MessageBubble:
        bubble = MessageBubble(role, author, text)
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        # User messages lean right, answers lean left, like every chat app.
        if role == "user":
            row.addStretch(1)
            row.addWidget(bubble, 4)
        else:
            row.addWidget(bubble, 6)
            row.addStretch(1)
        self._column.insertLayout(self._column.count() - 1, row)
        self.bubbles.append(bubble)
        self._follow = True
        return bubble

    def begin_stream(self, bubble: MessageBubble) -> None:
        self._streaming = bubble
        self._first_shown = False
        self._render_timer.start()

    def append_to_stream(self, piece: str) -> None:
        if self._streaming is None or not piece:
            return
        self._streaming.append(piece)
        if not self._first_shown:
            self._first_shown = True
            self._streaming.show_new_text()
            self.first_text_shown.emit(time.monotonic())

    def end_stream(self) -> None:
        self._render_timer.stop()
        if self._streaming is not None:
            self._streaming.render_markdown()
        self._streaming = None

    @property
    def streaming_bubble(self) -> MessageBubble | None:
        return self._streaming

    def _on_render_timer(self) -> None:
        if self._streaming is not None:
            self._streaming.show_new_text()

    def _on_scrolled(self, value: int) -> None:
        bar = self.verticalScrollBar()
        self._follow = value >= bar.maximum() - 24

    def _on_range_changed(self, _minimum: int, maximum: int) -> None:
        # Keep the newest text in view unless the user scrolled up to read.
        if self._follow:
            self.verticalScrollBar().setValue(maximum)
