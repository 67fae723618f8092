"""The main window's keyboard shortcuts: one table, from which both the shortcuts and the
*Keyboard shortcuts* dialog (Ctrl+/) are made, so the dialog can never leave one out
(tests/app/test_shortcuts.py checks every QShortcut of the window against it)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QWidget

CONTEXT = "Shortcuts"


def _tr(text: object) -> str:
    """The interface language's words for a description marked with QT_TRANSLATE_NOOP (lupdate reads
    only the marked literal, not a variable passed to translate)."""
    return QCoreApplication.translate(CONTEXT, str(text))


@dataclass(frozen=True)
class Binding:
    """One thing the keyboard does: what it is called in the dialog, and its keys."""

    what: str  # translated
    keys: tuple[QKeySequence, ...]
    action: Callable[[], object]

    def key_text(self) -> str:
        """The keys as this platform writes them ("Ctrl+N", "⌘N")."""
        return " / ".join(key.toString(QKeySequence.SequenceFormat.NativeText) for key in self.keys)


def _keys(*specs: QKeySequence.StandardKey | str | Qt.Key) -> tuple[QKeySequence, ...]:
    sequences = []
    for spec in specs:
        if isinstance(spec, QKeySequence.StandardKey):
            sequences += QKeySequence.keyBindings(spec)[:1]  # the platform's first binding
        else:
            sequences.append(QKeySequence(spec))
    return tuple(sequences)


def install_shortcuts(window: QWidget, bindings: list[Binding]) -> list[QShortcut]:
    """A window-wide QShortcut per key of each binding."""
    made = []
    for binding in bindings:
        for key in binding.keys:
            shortcut = QShortcut(key, window, binding.action)
            shortcut.setContext(Qt.ShortcutContext.WindowShortcut)
            shortcut.setProperty("bindingWhat", binding.what)
            made.append(shortcut)
    return made


def main_window_bindings(
    *,
    new_chat: Callable[[], object],
    search_chats: Callable[[], object],
    focus_composer: Callable[[], object],
    stop: Callable[[], object],
    regenerate: Callable[[], object],
    copy_last_answer: Callable[[], object],
    next_chat: Callable[[], object],
    previous_chat: Callable[[], object],
    open_models: Callable[[], object],
    toggle_chats: Callable[[], object],
    toggle_details: Callable[[], object],
    zoom_in: Callable[[], object],
    zoom_out: Callable[[], object],
    zoom_reset: Callable[[], object],
    show_shortcuts: Callable[[], object],
    explain_figures: Callable[[], object],
    quit_app: Callable[[], object],
) -> list[Binding]:
    return [
        Binding(_tr(QT_TRANSLATE_NOOP("Shortcuts", "New chat")), _keys(QKeySequence.StandardKey.New), new_chat),
        Binding(
            _tr(QT_TRANSLATE_NOOP("Shortcuts", "Search conversations")),
            _keys("Ctrl+K", QKeySequence.StandardKey.Find),
            search_chats,
        ),
        Binding(
            _tr(QT_TRANSLATE_NOOP("Shortcuts", "Type a message (go to the message box)")),
            _keys("Ctrl+L"),
            focus_composer,
        ),
        Binding(
            _tr(QT_TRANSLATE_NOOP("Shortcuts", "Stop the answer, or stop editing")), _keys(Qt.Key.Key_Escape), stop
        ),
        Binding(_tr(QT_TRANSLATE_NOOP("Shortcuts", "Write the last answer again")), _keys("Ctrl+R"), regenerate),
        Binding(_tr(QT_TRANSLATE_NOOP("Shortcuts", "Copy the last answer")), _keys("Ctrl+Shift+C"), copy_last_answer),
        Binding(_tr(QT_TRANSLATE_NOOP("Shortcuts", "Next conversation")), _keys("Ctrl+PgDown"), next_chat),
        Binding(_tr(QT_TRANSLATE_NOOP("Shortcuts", "Previous conversation")), _keys("Ctrl+PgUp"), previous_chat),
        Binding(_tr(QT_TRANSLATE_NOOP("Shortcuts", "Open Models")), _keys("Ctrl+M"), open_models),
        Binding(
            _tr(QT_TRANSLATE_NOOP("Shortcuts", "Show or hide the conversation list")), _keys("Ctrl+B"), toggle_chats
        ),
        Binding(
            _tr(QT_TRANSLATE_NOOP("Shortcuts", "Show or hide the performance and settings panel")),
            _keys("Ctrl+I"),
            toggle_details,
        ),
        Binding(
            _tr(QT_TRANSLATE_NOOP("Shortcuts", "Larger text")),
            _keys(QKeySequence.StandardKey.ZoomIn, "Ctrl+="),
            zoom_in,
        ),
        Binding(_tr(QT_TRANSLATE_NOOP("Shortcuts", "Smaller text")), _keys(QKeySequence.StandardKey.ZoomOut), zoom_out),
        Binding(_tr(QT_TRANSLATE_NOOP("Shortcuts", "Text at its usual size")), _keys("Ctrl+0"), zoom_reset),
        Binding(
            _tr(QT_TRANSLATE_NOOP("Shortcuts", "What these numbers mean")),
            _keys(QKeySequence.StandardKey.HelpContents),
            explain_figures,
        ),
        Binding(_tr(QT_TRANSLATE_NOOP("Shortcuts", "Keyboard shortcuts (this list)")), _keys("Ctrl+/"), show_shortcuts),
        # Ctrl+Q (Cmd+Q on a Mac), as desktop apps close; StandardKey.Quit has no binding on Windows
        Binding(_tr(QT_TRANSLATE_NOOP("Shortcuts", "Quit Hearth")), _keys("Ctrl+Q"), quit_app),
    ]
