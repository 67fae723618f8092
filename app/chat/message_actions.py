"""The row under a message: versions (‹ 2/3 ›), copy, edit or regenerate, continue, delete."""

from __future__ import annotations

from PySide6.QtCore import Signal, SignalInstance
from PySide6.QtWidgets import QHBoxLayout, QLabel, QToolButton, QWidget


class MessageActionsView(QWidget):
    previous_version_requested = Signal()
    next_version_requested = Signal()
    copy_requested = Signal()
    edit_requested = Signal()
    regenerate_requested = Signal()
    continue_requested = Signal()
    delete_requested = Signal()

    def __init__(self, role: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("messageActions")
        self.previous_button = self._button("‹", self.tr("Show the previous version"), self.previous_version_requested)
        self.version_label = QLabel()
        self.version_label.setObjectName("versionLabel")
        self.next_button = self._button("›", self.tr("Show the next version"), self.next_version_requested)
        self.copy_button = self._button(self.tr("Copy"), self.tr("Copy this message's text"), self.copy_requested)
        self.edit_button = self._button(
            self.tr("Edit"), self.tr("Change this question and ask again; the old version stays"), self.edit_requested
        )
        self.regenerate_button = self._button(
            self.tr("Regenerate"),
            self.tr("Write a new answer; the old one stays as another version"),
            self.regenerate_requested,
        )
        self.continue_button = self._button(
            self.tr("Continue"), self.tr("Write on from where this answer stopped"), self.continue_requested
        )
        self.delete_button = self._button(
            self.tr("Delete"), self.tr("Delete this message and what follows it"), self.delete_requested
        )
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        for widget in (self.previous_button, self.version_label, self.next_button):
            layout.addWidget(widget)
        layout.addStretch(1)
        for button in (self.copy_button, self.edit_button, self.regenerate_button, self.continue_button):
            layout.addWidget(button)
        layout.addWidget(self.delete_button)
        self.edit_button.setVisible(role == "user")
        self.regenerate_button.setVisible(role == "assistant")
        self.continue_button.hide()
        self.set_versions(1, 1)

    def _button(self, text: str, tooltip: str, signal: SignalInstance) -> QToolButton:
        button = QToolButton()
        button.setText(text)
        button.setToolTip(tooltip)
        button.setAutoRaise(True)
        button.clicked.connect(signal)
        return button

    def set_versions(self, number: int, count: int) -> None:
        """Show `‹ number/count ›` when there is more than one version."""
        several = count > 1
        for widget in (self.previous_button, self.version_label, self.next_button):
            widget.setVisible(several)
        self.version_label.setText(f"{number}/{count}")
        self.previous_button.setEnabled(number > 1)
        self.next_button.setEnabled(number < count)

    def set_can_continue(self, can: bool) -> None:
        self.continue_button.setVisible(can)

    def set_cut_short(self, cut: bool) -> None:
        """Retry, in place of Regenerate, under an answer that was cut short: the same action, named
        as a user whose answer broke off looks for it."""
        if cut:
            self.regenerate_button.setText(self.tr("Retry"))
            self.regenerate_button.setToolTip(self.tr("Write this answer again; the cut one stays as another version"))
        else:
            self.regenerate_button.setText(self.tr("Regenerate"))
            self.regenerate_button.setToolTip(self.tr("Write a new answer; the old one stays as another version"))

    def set_busy(self, busy: bool) -> None:
        """While an answer streams, actions that start another answer or change the branch wait."""
        for button in (
            self.previous_button,
            self.next_button,
            self.edit_button,
            self.regenerate_button,
            self.continue_button,
            self.delete_button,
        ):
            button.setDisabled(busy)
        if not busy:
            number, count = (int(x) for x in self.version_label.text().split("/"))
            self.set_versions(number, count)
