"""Ctrl+Q closes the window, as in other desktop apps (and the packages' acceptance test uses it)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from app.main_window import MainWindow


def test_ctrl_q_closes_the_window(qtbot: QtBot, fake_window: MainWindow) -> None:
    fake_window.activateWindow()
    qtbot.waitUntil(fake_window.isActiveWindow)
    qtbot.keyClick(fake_window, Qt.Key.Key_Q, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: not fake_window.isVisible())
