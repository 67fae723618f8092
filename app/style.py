"""The look: Qt's Fusion style plus our style sheet from resources/."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication

from app.resources import resource_path


def apply_style(app: QApplication) -> None:
    app.setStyle("Fusion")
    sheet = resource_path("styles", "light.qss")
    if sheet.exists():
        app.setStyleSheet(sheet.read_text(encoding="utf-8"))
