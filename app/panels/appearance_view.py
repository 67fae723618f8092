"""Appearance: the theme (light, dark, or the system's) and the text size, kept in the settings.

A panel of its own: the window shows it in a menu from the header's Aa button."""

from __future__ import annotations

import logging

from PySide6.QtWidgets import QComboBox, QFormLayout, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from app import theme
from app.theme import ThemeChoice

logger = logging.getLogger(__name__)


class AppearanceView(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("appearanceView")
        self.theme_box = QComboBox()
        self.theme_box.setObjectName("appearanceTheme")
        for choice, text in (
            ("light", self.tr("Light")),
            ("dark", self.tr("Dark")),
            ("system", self.tr("Follow the system")),
        ):
            self.theme_box.addItem(text, choice)
        self.theme_box.setAccessibleName(self.tr("Theme"))
        self.theme_box.setAccessibleDescription(self.tr("Light, dark, or the same as the system's"))

        self.smaller = QPushButton(self.tr("A−"))
        self.smaller.setToolTip(self.tr("Smaller text (Ctrl+minus)"))
        self.smaller.setAccessibleName(self.tr("Smaller text"))
        self.larger = QPushButton(self.tr("A+"))
        self.larger.setToolTip(self.tr("Larger text (Ctrl+plus)"))
        self.larger.setAccessibleName(self.tr("Larger text"))
        self.reset = QPushButton(self.tr("Reset"))
        self.reset.setToolTip(self.tr("The system's text size (Ctrl+0)"))
        self.reset.setAccessibleName(self.tr("Reset the text size"))
        self.scale_label = QLabel()
        self.scale_label.setObjectName("appearanceScale")
        self.scale_label.setMinimumWidth(self.scale_label.fontMetrics().horizontalAdvance("200 %") + 6)

        size_row = QHBoxLayout()
        size_row.setContentsMargins(0, 0, 0, 0)
        size_row.addWidget(self.smaller)
        size_row.addWidget(self.scale_label)
        size_row.addWidget(self.larger)
        size_row.addWidget(self.reset)
        size_row.addStretch(1)
        title = QLabel(self.tr("Appearance"))
        title.setObjectName("panelTitle")
        form = QFormLayout()
        form.setContentsMargins(0, 0, 0, 0)
        form.addRow(self.tr("Theme"), self.theme_box)
        form.addRow(self.tr("Text size"), size_row)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(12, 12, 12, 12)
        layout.addWidget(title)
        layout.addLayout(form)
        layout.addStretch(1)

        self.show_current()
        self.theme_box.currentIndexChanged.connect(self._on_theme_chosen)
        self.smaller.clicked.connect(theme.zoom_out)
        self.larger.clicked.connect(theme.zoom_in)
        self.reset.clicked.connect(theme.zoom_reset)
        theme.notifier().text_scale_changed.connect(self._on_text_scale_changed)

    def show_current(self) -> None:
        """Show the theme choice and text size in use (set elsewhere too: the command line, the shortcuts)."""
        index = self.theme_box.findData(theme.current_choice())
        if index >= 0 and index != self.theme_box.currentIndex():
            self.theme_box.blockSignals(True)
            self.theme_box.setCurrentIndex(index)
            self.theme_box.blockSignals(False)
        self._on_text_scale_changed(theme.current_scale())

    def _on_theme_chosen(self, index: int) -> None:
        choice: ThemeChoice = theme.parse_choice(self.theme_box.itemData(index))
        theme.set_theme(choice)

    def _on_text_scale_changed(self, scale: float) -> None:
        self.scale_label.setText(self.tr("{percent} %").format(percent=round(scale * 100)))
        self.smaller.setEnabled(scale > theme.MIN_SCALE + 1e-6)
        self.larger.setEnabled(scale < theme.MAX_SCALE - 1e-6)
