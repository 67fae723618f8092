"""Assistive technology: every control a user can reach has a name (walked over Qt's accessibility
tree, in every side tab), a control with a tooltip is described by it, Tab goes in reading order,
and a finished answer is announced once, politely."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible, QAccessibleAnnouncementEvent
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractSlider,
    QAbstractSpinBox,
    QComboBox,
    QLineEdit,
    QPlainTextEdit,
    QTabBar,
    QTextEdit,
    QWidget,
)
from pytestqt.qtbot import QtBot

from app import accessibility
from app.engines.engines_dialog import EnginesDialog
from app.main_window import MainWindow

from .fake_engine import FakeEngineClient

INTERACTIVE = (QAbstractButton, QLineEdit, QTextEdit, QPlainTextEdit, QComboBox, QAbstractSpinBox, QAbstractSlider,
               QAbstractItemView, QTabBar)  # fmt: skip


def _unnamed(root: QWidget) -> list[str]:
    """Each interactive widget the user can reach now (shown, focusable) whose accessible name is empty."""
    found = []
    for widget in root.findChildren(QWidget):
        if not isinstance(widget, INTERACTIVE) or not widget.isVisibleTo(root):
            continue
        if widget.focusPolicy() == Qt.FocusPolicy.NoFocus or widget.objectName() == "qt_spinbox_lineedit":
            continue  # a spin box's own editor: the spin box is the control
        interface = QAccessible.queryAccessibleInterface(widget)
        name = interface.text(QAccessible.Text.Name) if interface is not None else ""
        if not name.strip():
            found.append(f"{type(widget).__name__} {widget.objectName()!r} (tooltip: {widget.toolTip()[:40]!r})")
    return found


def test_every_reachable_control_of_the_window_has_a_name_in_every_tab(qtbot: QtBot, fake_window: MainWindow) -> None:
    unnamed = []
    for index in range(fake_window.side_tabs.count()):
        fake_window.side_tabs.setCurrentIndex(index)
        unnamed += _unnamed(fake_window)
    assert not sorted(set(unnamed))


def test_the_engines_dialog_names_every_control(qtbot: QtBot) -> None:
    dialog = EnginesDialog()
    qtbot.addWidget(dialog)
    dialog.show()
    unnamed = _unnamed(dialog)
    dialog.show_machines_page()
    unnamed += _unnamed(dialog)
    assert not sorted(set(unnamed))


def test_a_control_is_described_by_its_tooltip_and_follows_it(qtbot: QtBot, fake_window: MainWindow) -> None:
    button = fake_window.model_picker.unload_button
    assert button.accessibleDescription() == button.toolTip()
    button.setToolTip("Another tip")
    assert button.accessibleDescription() == "Another tip"


def test_tab_goes_from_the_header_to_the_message_box_in_reading_order(qtbot: QtBot, fake_window: MainWindow) -> None:
    window = fake_window
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    window.sidebar_button.setFocus()
    seen = [window.focusWidget()]
    for _ in range(40):
        qtbot.keyClick(window.focusWidget(), Qt.Key.Key_Tab)
        seen.append(window.focusWidget())
        if seen[-1] is window.composer:
            break
    picker = window.model_picker.combo
    assert window.composer in seen, "Tab never reaches the message box"
    order = [seen.index(w) for w in (window.sidebar_button, picker, window.conversation_list.search_box,
                                      window.composer)]  # fmt: skip
    assert order == sorted(order)


def test_a_finished_answer_is_announced_once_politely(
    qtbot: QtBot, fake_window: MainWindow, fake_client: FakeEngineClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    heard: list[QAccessibleAnnouncementEvent] = []
    monkeypatch.setattr(accessibility.QAccessible, "isActive", staticmethod(lambda: True))
    monkeypatch.setattr(accessibility.QAccessible, "updateAccessibility", staticmethod(heard.append))
    fake_client.reply("Red, green and blue.")
    with qtbot.waitSignal(fake_window.chat.answer_finished):
        fake_window.chat.send_message("Name three colours.")
    assert [event.message() for event in heard] == ["Answer: Red, green and blue."]
    assert heard[0].politeness() == QAccessible.AnnouncementPoliteness.Polite


def test_an_answer_that_ends_off_screen_is_not_announced(
    qtbot: QtBot, fake_window: MainWindow, fake_client: FakeEngineClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake_client.reply("Blue.")
    with qtbot.waitSignal(fake_window.chat.answer_finished):
        fake_window.chat.send_message("Name a colour.")
    first = fake_window.conversations.state.conversation
    assert first is not None
    heard: list[QAccessibleAnnouncementEvent] = []
    monkeypatch.setattr(accessibility.QAccessible, "isActive", staticmethod(lambda: True))
    monkeypatch.setattr(accessibility.QAccessible, "updateAccessibility", staticmethod(heard.append))
    fake_window.conversations.new_conversation()
    fake_window.chat.send_message("Name three fruits.")
    fake_client.start()
    fake_client.write("A pear")
    fake_window.conversations.show_conversation(first.id)  # the user goes back while it is written
    with qtbot.waitSignal(fake_window.chat.answer_finished):
        fake_client.finish()
    assert heard == []  # neither the answer off screen, nor the one on screen ("Blue.")
