"""The look: Qt's Fusion style with the saved theme's palette and style sheet (see app/theme.py)."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication

from app.theme import ThemeChoice, apply_saved_theme


def apply_style(app: QApplication, theme: ThemeChoice | None = None) -> None:
    """The saved theme and text size, or `theme` (from `--theme`) for this run."""
    apply_saved_theme(app, theme)
