"""The line under a collapsed long message: "Long message: 200,000 characters", and Show all / Show less."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QToolButton, QWidget


class LongMessageBar(QWidget):
    expanded_changed = Signal(bool)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("longMessageBar")
        self.label = QLabel()
        self.label.setObjectName("longMessageNotice")
        self.label.setWordWrap(True)
        self.toggle_button = QToolButton()
        self.toggle_button.setObjectName("longMessageToggle")
        self.toggle_button.setCheckable(True)
        self.toggle_button.toggled.connect(self._on_toggled)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 2, 0, 0)
        layout.addWidget(self.label, 1)
        layout.addWidget(self.toggle_button)
        self._on_toggled(False)

    def set_length(self, chars: int) -> None:
        self.label.setText(self.tr("Long message: {n} characters").format(n=f"{chars:,}"))

    @property
    def expanded(self) -> bool:
        return self.toggle_button.isChecked()

    def set_expanded(self, expanded: bool) -> None:
        """Without telling anyone (the bubble shows what it chose)."""
        self.toggle_button.blockSignals(True)
        self.toggle_button.setChecked(expanded)
        self.toggle_button.blockSignals(False)
        self._label_button(expanded)

    def _on_toggled(self, expanded: bool) -> None:
        self._label_button(expanded)
        self.expanded_changed.emit(expanded)

    def _label_button(self, expanded: bool) -> None:
        if expanded:
            self.toggle_button.setText(self.tr("Show less"))
            self.toggle_button.setToolTip(self.tr("Show only the beginning of this message again."))
        else:
            self.toggle_button.setText(self.tr("Show all"))
            self.toggle_button.setToolTip(
                self.tr("Show the whole message, as plain text. Copy always copies all of it.")
            )
