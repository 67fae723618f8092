"""A long paste held beside the composer as a chip ("Pasted text · 200,000 characters"), not as text
in the editor: laying out a text that long in the editor froze the window for up to seconds.

The chip's tooltip shows the first lines; a click opens the whole text, read-only; × removes it.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QScrollArea,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from app.chat.long_text import first_lines, wrap_mode_for


class PastedTextChip(QFrame):
    """One pasted text: its size (click to view it) and a × to remove it."""

    view_requested = Signal()
    remove_requested = Signal()

    def __init__(self, text: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("pastedTextChip")
        self.text = text
        self.view_button = QToolButton()
        self.view_button.setObjectName("pastedTextButton")
        self.view_button.setAutoRaise(True)
        self.view_button.setText(self.tr("Pasted text · {n} characters").format(n=f"{len(text):,}"))
        self.view_button.setToolTip(first_lines(text) + "\n\n" + self.tr("Click to see the whole text."))
        self.view_button.clicked.connect(self.view_requested)
        self.remove_button = QToolButton()
        self.remove_button.setObjectName("pastedTextRemove")
        self.remove_button.setAutoRaise(True)
        self.remove_button.setText("×")
        self.remove_button.setToolTip(self.tr("Remove this pasted text"))
        self.remove_button.clicked.connect(self.remove_requested)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(4, 0, 0, 0)
        layout.setSpacing(0)
        layout.addWidget(self.view_button)
        layout.addWidget(self.remove_button)


class PastedTextRowView(QScrollArea):
    """The chips in a row, scrolling sideways when there are more than fit."""

    removed = Signal(int)  # index of the pasted text the user removed
    view_requested = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("pastedTextRow")
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setWidgetResizable(True)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        self._inner = inner = QWidget()
        inner.setObjectName("pastedTextChips")
        self._row = QHBoxLayout(inner)
        self._row.setContentsMargins(0, 0, 0, 0)
        self._row.setSpacing(6)
        self._row.addStretch(1)
        self.setWidget(inner)
        self.viewport().setAutoFillBackground(False)  # the composer's own background shows through
        self.chips: list[PastedTextChip] = []

    def set_texts(self, texts: list[str]) -> None:
        for chip in self.chips:
            self._row.removeWidget(chip)
            chip.deleteLater()
        self.chips = []
        for index, text in enumerate(texts):
            chip = PastedTextChip(text)
            chip.remove_requested.connect(lambda index=index: self.removed.emit(index))
            chip.view_requested.connect(lambda index=index: self.view_requested.emit(index))
            self._row.insertWidget(index, chip)
            chip.show()  # now, not on the next turn of the event loop: the row's height counts it
            self.chips.append(chip)

    def height_for(self, width: int) -> int:
        """Tall enough for the chips, and for a sideways scroll bar below them when they overflow `width`."""
        hint = self._inner.sizeHint()
        height = hint.height()
        if hint.width() > width:
            height += self.horizontalScrollBar().sizeHint().height()
        return height


class PastedTextViewer(QDialog):
    """The whole pasted text, read-only. Built on a click: a long text takes a moment to lay out."""

    def __init__(self, text: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("pastedTextViewer")
        self.setWindowTitle(self.tr("Pasted text"))
        self.resize(720, 560)
        self.size_label = QLabel(self.tr("{n} characters, sent with your message.").format(n=f"{len(text):,}"))
        self.size_label.setObjectName("pastedTextSize")
        self.text_view = QPlainTextEdit()
        self.text_view.setObjectName("pastedTextView")
        self.text_view.setReadOnly(True)
        self.text_view.setWordWrapMode(wrap_mode_for(text))
        self.text_view.setPlainText(text)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.size_label)
        layout.addWidget(self.text_view, 1)
        layout.addWidget(buttons)
