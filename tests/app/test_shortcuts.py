"""The keyboard: every frequent action has a key, and the Keyboard shortcuts dialog (Ctrl+/) lists
every shortcut the window has (one missing from it fails here)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from app.main_window import MainWindow
from app.shortcuts_dialog import ShortcutsDialog

from .fake_engine import FakeEngineClient

CTRL = Qt.KeyboardModifier.ControlModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier


def _active(qtbot: QtBot, window: MainWindow) -> None:
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)


def _answer(qtbot: QtBot, window: MainWindow, client: FakeEngineClient, question: str, reply: str) -> None:
    client.reply(reply)
    with qtbot.waitSignal(window.chat.answer_finished):
        window.chat.send_message(question)


def test_the_dialog_lists_every_shortcut_of_the_window(qtbot: QtBot, fake_window: MainWindow) -> None:
    _active(qtbot, fake_window)
    qtbot.keyClick(fake_window, Qt.Key.Key_Slash, CTRL)
    dialogs = [w for w in QApplication.topLevelWidgets() if isinstance(w, ShortcutsDialog) and w.isVisible()]
    assert len(dialogs) == 1
    rows = {what: keys for keys, what in dialogs[0].rows()}
    shortcuts = fake_window.findChildren(QShortcut)
    assert shortcuts, "the window has no shortcuts"
    for shortcut in shortcuts:
        what = shortcut.property("bindingWhat")
        assert what in rows, f"{shortcut.key().toString()} is not in the Keyboard shortcuts dialog"
        assert shortcut.key().toString(QKeySequence.SequenceFormat.NativeText) in rows[what]
    expected = {"New chat", "Search conversations", "Stop the answer, or stop editing", "Write the last answer again",
                "Copy the last answer", "Next conversation", "Previous conversation", "Open Models",
                "Larger text", "Smaller text", "Keyboard shortcuts (this list)", "What these numbers mean"}  # fmt: skip
    assert expected <= set(rows)
    dialogs[0].close()


def test_the_keys_move_between_the_parts_of_the_window(qtbot: QtBot, fake_window: MainWindow) -> None:
    _active(qtbot, fake_window)
    qtbot.keyClick(fake_window, Qt.Key.Key_K, CTRL)
    assert fake_window.conversation_list.search_box.hasFocus()
    qtbot.keyClick(fake_window, Qt.Key.Key_L, CTRL)
    assert fake_window.composer.hasFocus()
    qtbot.keyClick(fake_window, Qt.Key.Key_B, CTRL)
    assert not fake_window.conversation_list.isVisible()
    qtbot.keyClick(fake_window, Qt.Key.Key_K, CTRL)  # searching shows the list again
    assert fake_window.conversation_list.isVisible()
    qtbot.keyClick(fake_window, Qt.Key.Key_I, CTRL)
    assert not fake_window.side_tabs.isVisible()
    qtbot.keyClick(fake_window, Qt.Key.Key_I, CTRL)
    assert fake_window.side_tabs.isVisible()
    qtbot.keyClick(fake_window, Qt.Key.Key_M, CTRL)
    models_window = fake_window.models.open_models_window()
    assert models_window.isVisible()
    models_window.close()


def test_regenerate_copy_and_next_conversation_from_the_keyboard(
    qtbot: QtBot, fake_window: MainWindow, fake_client: FakeEngineClient
) -> None:
    _answer(qtbot, fake_window, fake_client, "Name a colour.", "Blue.")
    first = fake_window.conversations.state.conversation
    assert first is not None
    _active(qtbot, fake_window)
    qtbot.keyClick(fake_window, Qt.Key.Key_C, CTRL | SHIFT)
    assert QApplication.clipboard().text() == "Blue."

    fake_client.reply("Green.")
    with qtbot.waitSignal(fake_window.chat.answer_finished):
        qtbot.keyClick(fake_window, Qt.Key.Key_R, CTRL)
    assert fake_window.chat_view.bubbles[-1].text == "Green."  # a second version of the answer

    qtbot.keyClick(fake_window, Qt.Key.Key_N, CTRL)
    _answer(qtbot, fake_window, fake_client, "Name a fruit.", "A pear.")
    second = fake_window.conversations.state.conversation
    assert second is not None
    assert second.id != first.id
    _active(qtbot, fake_window)
    qtbot.keyClick(fake_window, Qt.Key.Key_PageDown, CTRL)
    qtbot.waitUntil(lambda: fake_window.conversations.state.conversation.id == first.id)  # type: ignore[union-attr]
    qtbot.keyClick(fake_window, Qt.Key.Key_PageUp, CTRL)
    qtbot.waitUntil(lambda: fake_window.conversations.state.conversation.id == second.id)  # type: ignore[union-attr]
