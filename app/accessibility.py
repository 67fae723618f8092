"""What assistive technology hears: descriptions, names where Qt has none, and the answer announced.

Qt names a button by its text and a field by the label it is the buddy of; a control without either
is named where it is built (setAccessibleName, translated). Descriptions come from the tooltips every
control already has, in the interface language: an application-wide event filter copies a widget's
tooltip into its accessible description when the widget is polished and whenever the tooltip changes,
unless the widget was given a description of its own.

A screen reader hears an answer once it is written (politely: after what it is saying), never token by
token: `announce_answer` sends one QAccessibleAnnouncementEvent.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, QObject
from PySide6.QtGui import QAccessible, QAccessibleAnnouncementEvent
from PySide6.QtWidgets import QApplication, QWidget

_AUTO = "hearthAutoDescription"  # the description was copied from the tooltip (so a new tooltip replaces it)
ANNOUNCED_CHARACTERS = 600  # a long answer is announced by its beginning; the rest is read from the view


class TooltipDescriptions(QObject):
    """Copies each widget's tooltip into its accessible description (see the module's docstring)."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() in (QEvent.Type.Polish, QEvent.Type.ToolTipChange) and isinstance(watched, QWidget):
            describe_from_tooltip(watched)
        return False


def describe_from_tooltip(widget: QWidget) -> None:
    tip = widget.toolTip()
    own = widget.accessibleDescription() and not widget.property(_AUTO)
    if own or not tip or "<" in tip or tip == widget.accessibleName():
        return  # a rich-text tooltip is read by the tooltip itself; a name said twice is noise
    if widget.accessibleDescription() != tip:
        widget.setAccessibleDescription(tip)
        widget.setProperty(_AUTO, True)


def install_descriptions() -> None:
    """Once per application: every widget, in every window, describes itself by its tooltip."""
    app = QApplication.instance()
    if app is None or app.property("hearthDescriptions"):
        return
    descriptions = TooltipDescriptions(app)
    app.installEventFilter(descriptions)
    app.setProperty("hearthDescriptions", True)


def announce_answer(source: QWidget, text: str) -> None:
    """Say the finished answer to a screen reader, after whatever it is saying now."""
    if not QAccessible.isActive() or not text.strip():
        return
    spoken = text.strip()
    if len(spoken) > ANNOUNCED_CHARACTERS:
        spoken = spoken[:ANNOUNCED_CHARACTERS] + "…"
    message = QCoreApplication.translate("Accessibility", "Answer: {text}").format(text=spoken)
    event = QAccessibleAnnouncementEvent(source, message)
    event.setPoliteness(QAccessible.AnnouncementPoliteness.Polite)
    QAccessible.updateAccessibility(event)
