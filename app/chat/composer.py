"""Where the user types. Enter sends; Shift+Enter starts a new line.

A text longer than PASTE_CHARS, however it comes (pasted, dropped, or set by the window, e.g. when a
long question is edited), is not put in the editor: laid out there it froze the window for up to
seconds. It is held as a "pasted text" chip along the top of the composer, and Send sends the typed
text, a blank line, then each pasted text (blank lines between) as one message.
"""

from __future__ import annotations

from PySide6.QtCore import QMimeData, Qt, Signal
from PySide6.QtGui import QKeyEvent, QResizeEvent
from PySide6.QtWidgets import QPlainTextEdit, QWidget

from app.chat.long_text import PASTE_CHARS, trim_pasted
from app.chat.pasted_text import PastedTextRowView, PastedTextViewer

EDITOR_HEIGHT = 76
CHIP_GAP = 4  # between the chips and the first line of text


class Composer(QPlainTextEdit):
    submitted = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("composer")
        self.setAccessibleName(self.tr("Message"))
        self.setPlaceholderText(self.tr("Type a message. Enter sends, Shift+Enter adds a new line."))
        self.setTabChangesFocus(True)
        self._pasted: list[str] = []
        self.viewer: PastedTextViewer | None = None
        # In the space above the editor's viewport (as a code editor keeps line numbers beside it).
        self.chip_row = PastedTextRowView(self)
        self.chip_row.removed.connect(self.remove_pasted_text)
        self.chip_row.view_requested.connect(self.view_pasted_text)
        self.chip_row.hide()
        self._place_chips()

    # --- long texts ----------------------------------------------------------------------

    @property
    def pasted_texts(self) -> list[str]:
        return list(self._pasted)

    def add_pasted_text(self, text: str) -> None:
        self._pasted.append(text)
        self._show_chips()

    def remove_pasted_text(self, index: int) -> None:
        if 0 <= index < len(self._pasted):
            del self._pasted[index]
            self._show_chips()
            self.setFocus()

    def view_pasted_text(self, index: int) -> None:
        if not 0 <= index < len(self._pasted):
            return
        if self.viewer is not None:
            self.viewer.close()
            self.viewer.deleteLater()
        self.viewer = PastedTextViewer(self._pasted[index], self.window())
        self.viewer.show()

    def message_text(self) -> str:
        """What Send sends: the typed text, then each pasted text, blank lines between."""
        parts = [self.toPlainText().strip(), *(trim_pasted(text) for text in self._pasted)]
        return "\n\n".join(part for part in parts if part)

    def insertFromMimeData(self, source: QMimeData) -> None:  # a paste (Ctrl+V) or a drop
        if source.hasText():
            text = source.text()
            if len(text) > PASTE_CHARS:
                self.add_pasted_text(text)
                return
        super().insertFromMimeData(source)

    def setPlainText(self, text: str) -> None:
        self._set_pasted([])
        if len(text) > PASTE_CHARS:
            super().clear()
            self.add_pasted_text(text)
        else:
            super().setPlainText(text)

    def clear(self) -> None:
        super().clear()
        self._set_pasted([])

    def _set_pasted(self, texts: list[str]) -> None:
        if texts != self._pasted:
            self._pasted = texts
            self._show_chips()

    def _show_chips(self) -> None:
        self.chip_row.set_texts(self._pasted)
        self.chip_row.setVisible(bool(self._pasted))
        self._place_chips()

    def _place_chips(self) -> None:
        """The chips along the top, inside the frame; the editor below them; the whole as tall as both."""
        area = self.contentsRect()
        chips = self.chip_row.height_for(area.width()) if self._pasted else 0
        self.setViewportMargins(0, chips + CHIP_GAP if chips else 0, 0, 0)
        self.chip_row.setGeometry(area.left(), area.top(), area.width(), chips)
        self.setFixedHeight(EDITOR_HEIGHT + (chips + CHIP_GAP if chips else 0))

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self._pasted and event.size().width() != event.oldSize().width():
            self._place_chips()  # the chips may overflow the new width, or no longer

    # --- sending -------------------------------------------------------------------------

    def keyPressEvent(self, event: QKeyEvent) -> None:
        is_enter = event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
        if is_enter and not event.modifiers() & Qt.KeyboardModifier.ShiftModifier:
            self.submit()
            return
        super().keyPressEvent(event)

    def submit(self) -> None:
        text = self.message_text()
        if text:
            self.submitted.emit(text)
