"""One chat message: who said it, the text as Markdown, a footer, and any error."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPlainTextEdit, QToolButton, QVBoxLayout, QWidget

from app.markdown_render import markdown_to_html


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
        self.details_text.setReadOnly(True)
        self.details_text.setMaximumHeight(160)
        self.details_text.hide()
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.message_label, 1)
        row.addWidget(self.details_button, 0, Qt.AlignmentFlag.AlignTop)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 4, 0, 0)
        layout.addLayout(row)
        layout.addWidget(self.details_text)
        self.hide()

    def show_error(self, reason: str, details: str) -> None:
        self.message_label.setText(reason)
        self.details_text.setPlainText(details)
        self.details_button.setVisible(bool(details))
        self.show()

    def _on_details_toggled(self, checked: bool) -> None:
        self.details_button.setArrowType(Qt.ArrowType.DownArrow if checked else Qt.ArrowType.RightArrow)
        self.details_text.setVisible(checked)


class MessageBubble(QFrame):
    """A message in the chat. Text arrives in pieces; `render_markdown` shows it as Markdown."""

    def __init__(self, role: str, author: str, text: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.role = role
        self.setObjectName("userBubble" if role == "user" else "assistantBubble")
        self.setFrameShape(QFrame.Shape.NoFrame)
        self._text = text
        self._rendered: str | None = None

        self.author_label = QLabel(author)
        self.author_label.setObjectName("bubbleAuthor")
        self.body = QLabel()
        self.body.setObjectName("bubbleBody")
        self.body.setTextFormat(Qt.TextFormat.RichText)
        self.body.setWordWrap(True)
        self.body.setOpenExternalLinks(False)
        self.body.setTextInteractionFlags(
            Qt.TextInteractionFlag.TextSelectableByMouse | Qt.TextInteractionFlag.TextSelectableByKeyboard
        )
        self.footer = QLabel()
        self.footer.setObjectName("bubbleFooter")
        self.footer.hide()
        self.error_view = ErrorView()

        layout = QVBoxLayout(self)
        layout.setContentsMargins(12, 8, 12, 8)
        layout.setSpacing(4)
        layout.addWidget(self.author_label)
        layout.addWidget(self.body)
        layout.addWidget(self.error_view)
        layout.addWidget(self.footer)
        self.render_markdown()

    @property
    def text(self) -> str:
        return self._text

    def append(self, piece: str) -> None:
        """Add streamed text; it shows at the next `render_markdown`."""
        self._text += piece

    def render_markdown(self) -> bool:
        """Show the whole text as Markdown; return False if nothing changed."""
        if self._text == self._rendered:
            return False
        self._rendered = self._text
        self.body.setText(markdown_to_html(self._text) if self._text else "…")
        return True

    def set_footer(self, text: str, tooltip: str = "") -> None:
        self.footer.setText(text)
        self.footer.setToolTip(tooltip)
        self.footer.show()

    def show_error(self, reason: str, details: str = "") -> None:
        self.error_view.show_error(reason, details)
