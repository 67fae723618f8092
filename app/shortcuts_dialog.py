"""*Keyboard shortcuts* (Ctrl+/): every key the main window answers to, from the same table that
made the shortcuts (app/shortcuts.py)."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from app.shortcuts import Binding


class ShortcutsDialog(QDialog):
    def __init__(self, bindings: list[Binding], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("shortcutsDialog")
        self.setWindowTitle(self.tr("Keyboard shortcuts"))
        self.resize(560, 700)  # every row without scrolling
        intro = QLabel(
            self.tr("These keys work anywhere in the main window. Tab and Shift+Tab move between its parts.")
        )
        intro.setObjectName("settingsHint")
        intro.setWordWrap(True)
        self.table = QTableWidget(len(bindings), 2)
        self.table.setObjectName("shortcutsTable")
        self.table.setHorizontalHeaderLabels([self.tr("Keys"), self.tr("What it does")])
        self.table.setAccessibleName(self.tr("Keyboard shortcuts"))
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setWordWrap(True)
        for row, binding in enumerate(bindings):
            self.table.setItem(row, 0, QTableWidgetItem(binding.key_text()))
            self.table.setItem(row, 1, QTableWidgetItem(binding.what))
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(self.table, 1)
        layout.addWidget(buttons)

    def rows(self) -> list[tuple[str, str]]:
        """(keys, what) of each row, as shown."""
        rows = []
        for row in range(self.table.rowCount()):
            keys, what = self.table.item(row, 0), self.table.item(row, 1)
            rows.append((keys.text() if keys else "", what.text() if what else ""))
        return rows
