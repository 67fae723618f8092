"""Where the glossary and the tour attach to the window, without the window knowing them.

MainWindow calls `install(self)` once, at the end of its __init__. It connects the Performance
panel's "?" buttons and its "What these numbers mean…" link, and the Cache tab's link, to the page,
and keeps an open page up to date when an answer ends or a model loads. `open_glossary(window,
entry)` opens the page (one per window) at an entry: bind F1 or a Help menu action to it.

The tour is not started here: the launcher calls `maybe_start_tour(window)` after the window shows.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt

from app.learn.figures import gather
from app.learn.glossary import GlossaryDialog
from app.learn.tour import maybe_start_tour

if TYPE_CHECKING:
    from app.main_window import MainWindow

__all__ = ["glossary_of", "install", "maybe_start_tour", "open_glossary"]


INSTALLED = "learnInstalled"  # a property on the window: install() ran (a second call does nothing)


def install(window: MainWindow) -> None:
    if window.property(INSTALLED):
        return
    window.setProperty(INSTALLED, True)
    window.metrics_panel.glossary_requested.connect(lambda entry: open_glossary(window, entry))
    window.cache_view.glossary_requested.connect(lambda entry: open_glossary(window, entry))
    window.chat.answer_finished.connect(lambda _event: _refresh(window))
    window.models.model_loaded.connect(lambda _event: _refresh(window))


def glossary_of(window: MainWindow) -> GlossaryDialog | None:
    """The page open over `window`, if any."""
    return window.findChild(GlossaryDialog, "glossaryDialog")


def open_glossary(window: MainWindow, entry: str = "") -> GlossaryDialog:
    """The "What these numbers mean" page, at `entry` (see app/learn/entries.py; "": where it was)."""
    dialog = glossary_of(window)
    if dialog is None:
        dialog = GlossaryDialog(lambda: gather(window), window)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    else:
        dialog.refresh()
    if entry:
        dialog.show_entry(entry)
    dialog.show()
    dialog.raise_()
    dialog.activateWindow()
    return dialog


def _refresh(window: MainWindow) -> None:
    dialog = glossary_of(window)
    if dialog is not None:
        dialog.refresh()
