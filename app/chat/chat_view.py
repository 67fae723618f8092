"""The conversation: a scrolling column of message bubbles.

Streamed text is buffered in the bubble and appended as plain text at most every
RENDER_INTERVAL_MS (incremental layout, never a re-layout of the whole answer);
the whole answer is rendered as Markdown once, when it ends. The very first
piece of an answer is shown at once: that moment is the TTFT.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import QHBoxLayout, QPushButton, QScrollArea, QVBoxLayout, QWidget

from app.chat.message_actions import MessageActionsView
from app.chat.message_bubble import MessageBubble

RENDER_INTERVAL_MS = 50
# A finished answer first shows its last plain text, and its Markdown one frame later: done in
# the same turn of the event loop, the two layouts and paints made one stall of ~20 ms.
FORMAT_DELAY_MS = 16
# A long conversation opens showing its newest messages (more than a tall screen holds);
# older ones come a page at a time as the user scrolls up, so opening 1,000 messages costs
# the same as opening 8.
FIRST_PAGE = 8
PAGE_SIZE = 30


@dataclass(frozen=True)
class MessageRow:
    """What the view needs to show one stored message."""

    message_id: int
    role: str
    author: str
    text: str
    version: int  # 1-based, among the message's versions
    versions: int
    footer: str = ""
    notice: str = ""
    can_continue: bool = False
    cut_short: bool = False  # interrupted or failed: its Regenerate reads Retry
    sources: tuple[dict[str, Any], ...] = ()  # an answer from documents: what it was given


class ChatView(QScrollArea):
    first_text_shown = Signal(float)  # time.monotonic() when the first piece reached the screen
    # ("copy" | "edit" | "regenerate" | "continue" | "delete" | "previous" | "next", message id)
    action_requested = Signal(str, int)

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
        self.earlier_button = QPushButton()
        self.earlier_button.setObjectName("earlierButton")
        self.earlier_button.clicked.connect(self._on_earlier_clicked)
        self.earlier_button.hide()
        # [earlier button, messages..., stretch]: messages start at the top.
        self._column.addWidget(self.earlier_button, 0, Qt.AlignmentFlag.AlignHCenter)
        self._column.addStretch(1)
        self.setWidget(self._container)
        self.bubbles: list[MessageBubble] = []
        self._rows: list[QWidget] = []
        self._source: Sequence[MessageRow] = ()  # every message of the branch; built from _first_built on
        self._first_built = 0
        self._streaming: MessageBubble | None = None
        self._unformatted: list[MessageBubble] = []  # finished answers waiting for their Markdown
        self._first_shown = False
        self._render_timer = QTimer(self)
        self._render_timer.setInterval(RENDER_INTERVAL_MS)
        self._render_timer.timeout.connect(self._on_render_timer)
        self._follow = True
        self.verticalScrollBar().rangeChanged.connect(self._on_range_changed)
        self.verticalScrollBar().valueChanged.connect(self._on_scrolled)

    # --- showing a conversation ------------------------------------------------------

    def show_rows(self, rows: Sequence[MessageRow]) -> None:
        """Replace everything with these messages; only the newest FIRST_PAGE are built now.

        `rows` may compute each row when it is indexed (app.chat.branch_rows.BranchRows)."""
        self.clear()
        self._source = rows
        self._first_built = max(0, len(rows) - FIRST_PAGE)
        for index in range(self._first_built, len(rows)):
            self._add_row(rows[index], at_top=False)
        if self.bubbles and self.bubbles[-1].message_id is not None:
            _ = self.bubbles[-1].action_row  # the newest message shows its actions without a hover
        self._update_earlier_button()
        self._follow = True

    def clear(self) -> None:
        self.end_stream()
        self._unformatted.clear()  # their bubbles go now; a rebuilt view renders from the store
        for widget in self._rows:
            self._column.removeWidget(widget)
            widget.deleteLater()
        self._rows.clear()
        self.bubbles.clear()
        self._source = ()
        self._first_built = 0
        self._update_earlier_button()

    def append_rows(self, rows: Sequence[MessageRow], *, streaming: bool = False) -> None:
        """Add messages after the last one on screen (a new question and its answer).

        With `streaming`, the last one is the answer about to stream: its actions are built when it
        ends (they are disabled until then), which keeps a few ms off the moment of Send."""
        for row in rows:
            self._add_row(row, at_top=False)
        if self.bubbles and self.bubbles[-1].message_id is not None and not streaming:
            _ = self.bubbles[-1].action_row  # the newest message shows its actions without a hover

    def bubble_for(self, message_id: int) -> MessageBubble | None:
        return next((b for b in self.bubbles if b.message_id == message_id), None)

    def set_busy(self, busy: bool) -> None:
        for bubble in self.bubbles:
            bubble.set_busy(busy)

    def _add_row(self, row: MessageRow, at_top: bool) -> MessageBubble:
        bubble = MessageBubble(row.role, row.author, row.text, message_id=row.message_id or None)
        bubble.action_row_created.connect(lambda actions: self._connect_actions(bubble, actions))
        if row.message_id:
            bubble.set_versions(row.version, row.versions)
            bubble.set_can_continue(row.can_continue)
            bubble.set_cut_short(row.cut_short)
        if row.footer:
            bubble.set_footer(row.footer)
        bubble.set_notice(row.notice)
        bubble.set_sources(row.sources)
        holder = QWidget()
        line = QHBoxLayout(holder)
        line.setContentsMargins(0, 0, 0, 0)
        # User messages lean right, answers lean left, like every chat app.
        if row.role == "user":
            line.addStretch(1)
            line.addWidget(bubble, 4)
        else:
            line.addWidget(bubble, 6)
            line.addStretch(1)
        if at_top:
            self._column.insertWidget(1, holder)  # just below the "earlier" button
            self._rows.insert(0, holder)
            self.bubbles.insert(0, bubble)
        else:
            self._column.insertWidget(self._column.count() - 1, holder)  # above the stretch
            self._rows.append(holder)
            self.bubbles.append(bubble)
            self._follow = True
        return bubble

    def _connect_actions(self, bubble: MessageBubble, a: MessageActionsView) -> None:
        def emit(kind: str) -> Callable[[], None]:
            return lambda: self.action_requested.emit(kind, bubble.message_id or 0)

        a.copy_requested.connect(emit("copy"))
        a.edit_requested.connect(emit("edit"))
        a.regenerate_requested.connect(emit("regenerate"))
        a.continue_requested.connect(emit("continue"))
        a.delete_requested.connect(emit("delete"))
        a.previous_version_requested.connect(emit("previous"))
        a.next_version_requested.connect(emit("next"))

    def _update_earlier_button(self) -> None:
        count = self._first_built
        self.earlier_button.setVisible(count > 0)
        self.earlier_button.setText(self.tr("Show earlier messages ({n})").format(n=f"{count:,}"))

    def _on_earlier_clicked(self) -> None:
        new_first = max(0, self._first_built - PAGE_SIZE)
        bar = self.verticalScrollBar()
        from_bottom = bar.maximum() - bar.value()
        self._follow = False
        for index in range(self._first_built - 1, new_first - 1, -1):
            self._add_row(self._source[index], at_top=True)
        self._first_built = new_first
        self._update_earlier_button()
        # Keep the message the user was reading where it was.
        QTimer.singleShot(0, lambda: bar.setValue(bar.maximum() - from_bottom))

    @property
    def hidden_count(self) -> int:
        return self._first_built

    # --- streaming --------------------------------------------------------------------

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
            self._streaming.show_new_text()
            self._unformatted.append(self._streaming)
            QTimer.singleShot(FORMAT_DELAY_MS, self, self._format_finished)
        self._streaming = None

    def _format_finished(self) -> None:
        while self._unformatted:
            bubble = self._unformatted.pop()
            bubble.render_markdown()
            if self.bubbles and bubble is self.bubbles[-1] and bubble.message_id is not None:
                _ = bubble.action_row  # the newest message shows its actions without a hover

    def _on_render_timer(self) -> None:
        if self._streaming is not None:
            self._streaming.show_new_text()

    def _on_scrolled(self, value: int) -> None:
        bar = self.verticalScrollBar()
        self._follow = value >= bar.maximum() - 24
        if value == bar.minimum() and self._first_built > 0 and bar.maximum() > 0:
            QTimer.singleShot(0, self._on_earlier_clicked)  # reached the top: bring the next older page

    def _on_range_changed(self, _minimum: int, maximum: int) -> None:
        # Keep the newest text in view unless the user scrolled up to read.
        if self._follow:
            self.verticalScrollBar().setValue(maximum)
