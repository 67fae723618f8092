"""One chat message: who said it, the text as Markdown, a footer, and any error.

A message longer than its role's limit (app/chat/long_text.py) shows collapsed: its beginning as plain
text and a line saying how long it is, with Show all. Rendering and laying out 200,000 characters
as Markdown froze the window for 0.2-9 s on Send and on every later layout pass.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import QSizeF, Qt, QUrl, Signal
from PySide6.QtGui import QEnterEvent, QResizeEvent, QTextCursor, QTextOption
from PySide6.QtWidgets import (
    QCheckBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QSizePolicy,
    QTextBrowser,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from app.chat.long_message_bar import LongMessageBar
from app.chat.long_text import is_long_message, preview, wrap_mode_for
from app.chat.markdown_render import markdown_to_html
from app.chat.message_actions import MessageActionsView
from app.chat.sources_view import SourcesView
from app.external import open_url


class ErrorView(QWidget):
    """One plain sentence, plus a Details expander for the technical part."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("errorView")
        self.message_label = QLabel()
        self.message_label.setObjectName("errorMessage")
        self.message_label.setWordWrap(True)
        self.details_button = QToolButton()
        self.details_button.setText(self.tr("Details"))
        self.details_button.setCheckable(True)
        self.details_button.setArrowType(Qt.ArrowType.RightArrow)
        self.details_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.details_button.toggled.connect(self._on_details_toggled)
        self.details_text = QPlainTextEdit()
        self.details_text.setAccessibleName(self.tr("Details of the error"))
        self.details_text.setReadOnly(True)
        self.details_text.setMaximumHeight(160)
        self.details_text.hide()
        # One thing to do about it, where there is one (ask this computer's model instead, say).
        self.action_button = QPushButton()
        self.action_button.setObjectName("errorAction")
        self.action_button.hide()
        self._action: Callable[[], None] | None = None
        self.action_button.clicked.connect(self._on_action)
        # A choice that goes with the action ("Always do this in this conversation"); it applies when
        # ticked, without the button, and goes with the button.
        self.choice_box = QCheckBox()
        self.choice_box.setObjectName("errorChoice")
        self.choice_box.hide()
        self._on_choice: Callable[[bool], None] | None = None
        self.choice_box.toggled.connect(self._on_choice_toggled)
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.message_label, 1)
        row.addWidget(self.details_button, 0, Qt.AlignmentFlag.AlignTop)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 4, 0, 0)
        layout.addLayout(row)
        layout.addWidget(self.action_button, 0, Qt.AlignmentFlag.AlignLeft)
        layout.addWidget(self.choice_box, 0, Qt.AlignmentFlag.AlignLeft)
        layout.addWidget(self.details_text)
        self.hide()

    def show_error(self, reason: str, details: str) -> None:
        self.message_label.setText(reason)
        self.details_text.setPlainText(details)
        self.details_button.setVisible(bool(details))
        self.set_action("", None)
        self.set_choice("", False, None)
        self.show()

    def set_action(self, text: str, action: Callable[[], None] | None) -> None:
        """Offer one button under the sentence ("" and None: none); it goes once it is clicked."""
        self._action = action
        self.action_button.setText(text)
        self.action_button.setVisible(action is not None)

    def set_choice(self, text: str, checked: bool, on_toggled: Callable[[bool], None] | None) -> None:
        """Offer a check box under the button ("" and None: none); `on_toggled` hears each change."""
        self._on_choice = None  # setting the box below is not the user's change
        self.choice_box.setText(text)
        self.choice_box.setChecked(checked)
        self.choice_box.setVisible(on_toggled is not None)
        self._on_choice = on_toggled

    def _on_action(self) -> None:
        action, self._action = self._action, None
        self.action_button.hide()
        self.choice_box.hide()
        if action is not None:
            action()

    def _on_choice_toggled(self, checked: bool) -> None:
        if self._on_choice is not None:
            self._on_choice(checked)

    def _on_details_toggled(self, checked: bool) -> None:
        self.details_button.setArrowType(Qt.ArrowType.DownArrow if checked else Qt.ArrowType.RightArrow)
        self.details_text.setVisible(checked)


def _open_link(url: QUrl) -> None:
    """A click on a link in a message opens it in the system's browser; nothing opens by itself,
    and only web and mail links open at all."""
    if url.scheme() in ("http", "https", "mailto"):
        open_url(url)


class MessageBodyView(QTextBrowser):
    """Read-only rich text that is exactly as tall as its content (no inner scrolling).

    A QTextDocument lays out appended text incrementally, unlike a word-wrapped QLabel,
    which re-measures its whole text several times per layout pass.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("bubbleBody")
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setOpenLinks(False)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.document().setDocumentMargin(0)
        self.document().documentLayout().documentSizeChanged.connect(self._on_document_resized)
        self.viewport().setAutoFillBackground(False)
        self.anchorClicked.connect(_open_link)

    def show_html(self, html: str) -> None:
        self.setWordWrapMode(QTextOption.WrapMode.WrapAtWordBoundaryOrAnywhere)
        self.setHtml(html)
        self._fit()

    def show_plain(self, text: str) -> None:
        """Plain text, laid out once; a long unbroken run wraps anywhere (see app/chat/long_text.py)."""
        self.setWordWrapMode(wrap_mode_for(text))
        self.setPlainText(text)
        self._fit()

    def append_plain(self, text: str) -> None:
        cursor = QTextCursor(self.document())
        cursor.movePosition(QTextCursor.MoveOperation.End)
        cursor.insertText(text)
        self._fit()

    def _fit(self) -> None:
        """Finish the layout now and be as tall as it: Qt lays out only as far as the body shows,
        and the body shows only as far as it is tall."""
        self._on_document_resized(self.document().size())

    def _on_document_resized(self, size: QSizeF) -> None:
        self.setFixedHeight(max(1, round(size.height())))

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)  # at a new width, QTextEdit re-wraps the document at it
        if event.size().width() == event.oldSize().width():
            return  # only the height changed (set by us, to fit): the wrapping stands
        # Height follows width. Setting the width again would wrap every character a second
        # time, even at the same width.
        document = self.document()
        if document.textWidth() != self.viewport().width():
            document.setTextWidth(self.viewport().width())
        self._fit()


class MessageBubble(QFrame):
    """A message in the chat. Streamed text shows as it comes; `render_markdown` formats it."""

    action_row_created = Signal(object)  # MessageActionsView

    def __init__(
        self, role: str, author: str, text: str = "", parent: QWidget | None = None, message_id: int | None = None
    ) -> None:
        super().__init__(parent)
        self.role = role
        self.message_id = message_id
        self.setObjectName("userBubble" if role == "user" else "assistantBubble")
        self.setFrameShape(QFrame.Shape.NoFrame)
        self._text = text
        self._shown = ""  # the text the body shows now, formatted or not
        self._rendered: str | None = None  # the text last rendered (as Markdown, or collapsed if long)
        self._long_bar: LongMessageBar | None = None  # built for a long message only
        self.rendered_html = ""

        self.author_label = QLabel(author)
        self.author_label.setObjectName("bubbleAuthor")
        self.author_label.setTextFormat(Qt.TextFormat.PlainText)  # a model's name is text, never markup
        self.body = MessageBodyView()
        self.footer = QLabel()
        self.footer.setObjectName("bubbleFooter")
        self.footer.hide()
        self._error_view: ErrorView | None = None  # built on the first error: most messages never need one
        self.notice = QLabel()
        self.notice.setObjectName("bubbleNotice")
        self.notice.setWordWrap(True)
        self.notice.hide()
        self._action_row: MessageActionsView | None = None  # built when first needed: see `action_row`
        self.sources_view: SourcesView | None = None  # an answer from documents only
        self._versions = (1, 1)
        self._can_continue = False
        self._cut_short = False
        self._busy = False

        layout = QVBoxLayout(self)
        layout.setContentsMargins(12, 8, 12, 8)
        layout.setSpacing(4)
        layout.addWidget(self.author_label)
        layout.addWidget(self.body)
        self._body_row = layout.count()  # the long-message line goes right under the body
        layout.addWidget(self.notice)
        layout.addWidget(self.footer)
        self.render_markdown()

    @property
    def text(self) -> str:
        return self._text

    def append(self, piece: str) -> None:
        """Add streamed text; it shows at the next `show_new_text` or `render_markdown`."""
        self._text += piece

    def show_new_text(self) -> None:
        """While streaming: append what arrived since the last call as plain text (cheap)."""
        if self.collapsed:  # the beginning stays; only the length grows
            self._shown = self._text
            self.long_bar.set_length(len(self._text))
            return
        if not self._text.startswith(self._shown):
            self.render_markdown()
            return
        new = self._text[len(self._shown) :]
        if new:
            if not self._shown:
                self.body.clear()
            self.body.append_plain(new)
            self._shown = self._text

    def render_markdown(self) -> bool:
        """Show the whole text as Markdown, or collapsed if long; return False if nothing changed."""
        if self._text == self._rendered:
            return False
        if is_long_message(self.role, self._text):
            # An answer that grew long while streaming is on screen whole already: it stays so.
            streamed_whole = self._long_bar is None and bool(self._shown) and self._shown == self._text
            self._rendered = self._shown = self._text
            self.rendered_html = ""
            self.long_bar.set_length(len(self._text))
            self.long_bar.show()
            if streamed_whole:
                self.long_bar.set_expanded(True)  # laid out as it came: not again
            else:
                self._show_long(self.long_bar.expanded)
            return True
        self._rendered = self._text
        self._shown = self._text
        if self._long_bar is not None:
            self._long_bar.hide()
            self._long_bar.set_expanded(False)
        self.rendered_html = markdown_to_html(self._text) if self._text else "…"
        self.body.show_html(self.rendered_html)
        return True

    # --- a long message: its beginning, or all of it as plain text ----------------------

    @property
    def long_bar(self) -> LongMessageBar:
        if self._long_bar is None:
            self._long_bar = LongMessageBar()
            self._long_bar.hide()
            self._long_bar.expanded_changed.connect(self._show_long)
            layout = self.layout()
            assert isinstance(layout, QVBoxLayout)
            layout.insertWidget(self._body_row, self._long_bar)
        return self._long_bar

    @property
    def collapsed(self) -> bool:
        """Showing only the beginning of a long message."""
        return self._long_bar is not None and self._long_bar.isVisibleTo(self) and not self._long_bar.expanded

    def set_expanded(self, expanded: bool) -> None:
        """Show all of a long message (as plain text, laid out once), or only its beginning."""
        if self._long_bar is not None and self._long_bar.isVisibleTo(self):
            self._show_long(expanded)

    def _show_long(self, expanded: bool) -> None:
        self.long_bar.set_expanded(expanded)
        self.body.show_plain(self._text if expanded else preview(self._text))

    def set_footer(self, text: str, tooltip: str = "") -> None:
        self.footer.setText(text)
        self.footer.setToolTip(tooltip)
        self.footer.show()

    # --- the action row: built on hover, or at once for the newest message --------------

    @property
    def action_row(self) -> MessageActionsView:
        """Copy, edit, versions…; a long chat opens faster when only what the user points at has one."""
        if self._action_row is None:
            row = MessageActionsView(self.role)
            row.set_versions(*self._versions)
            row.set_can_continue(self._can_continue)
            row.set_cut_short(self._cut_short)
            row.set_busy(self._busy)
            layout = self.layout()
            assert isinstance(layout, QVBoxLayout)
            layout.addWidget(row)
            self._action_row = row
            self.action_row_created.emit(row)
        return self._action_row

    def set_versions(self, number: int, count: int) -> None:
        self._versions = (number, count)
        if self._action_row is not None or count > 1:
            self.action_row.set_versions(number, count)  # versions are always in sight

    def set_can_continue(self, can: bool) -> None:
        self._can_continue = can
        if self._action_row is not None or can:
            self.action_row.set_can_continue(can)

    def set_cut_short(self, cut: bool) -> None:
        """An answer the engine's crash (or a failure) cut short offers Retry in place of Regenerate."""
        self._cut_short = cut
        if self._action_row is not None or cut:
            self.action_row.set_cut_short(cut)

    def set_busy(self, busy: bool) -> None:
        self._busy = busy
        if self._action_row is not None:
            self._action_row.set_busy(busy)

    def enterEvent(self, event: QEnterEvent) -> None:
        if self.message_id is not None:
            _ = self.action_row
        super().enterEvent(event)

    @property
    def error_view(self) -> ErrorView:
        if self._error_view is None:
            self._error_view = ErrorView()
            layout = self.layout()
            assert isinstance(layout, QVBoxLayout)
            layout.insertWidget(layout.indexOf(self.notice) + 1, self._error_view)
        return self._error_view

    def show_error(self, reason: str, details: str = "") -> None:
        self.error_view.show_error(reason, details)

    def set_sources(self, sources: Sequence[dict[str, Any]]) -> None:
        """The documents' excerpts this answer was given, under its text (none: nothing shown)."""
        if self.sources_view is not None:
            self.sources_view.deleteLater()
            self.sources_view = None
        if not sources:
            return
        self.sources_view = SourcesView(sources)
        layout = self.layout()
        assert isinstance(layout, QVBoxLayout)
        layout.insertWidget(layout.indexOf(self.notice), self.sources_view)

    def set_notice(self, text: str) -> None:
        """A plain note about this message, e.g. that it was cut off or that old messages were left out."""
        self.notice.setText(text)
        self.notice.setVisible(bool(text))
