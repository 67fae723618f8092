"""The prefix cache, in plain words: what it holds, how often it helped, and its size limits."""

from __future__ import annotations

import html

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QFormLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from app import formatting as fmt
from app.learn.entries import KV_CACHE
from engine.protocol import CacheReport

MB = 1024 * 1024


class CacheView(QWidget):
    clear_requested = Signal()
    budgets_changed = Signal(object, object)  # RAM bytes, disk bytes (may not fit a C int)
    glossary_requested = Signal(str)  # the "What these numbers mean" page, at this entry

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("cacheView")
        self.report: CacheReport | None = None  # the last report shown (the glossary reads it)
        title = QLabel(self.tr("Prompt cache"))
        title.setObjectName("panelTitle")
        intro = QLabel(
            self.tr(
                "Hearth keeps what the model has already read, so going back to a conversation, "
                "or reopening it after a restart, does not make it read everything again."
            )
        )
        intro.setWordWrap(True)
        intro.setObjectName("cacheIntro")
        meaning = self.tr("How the cache saves time…")
        self.glossary_link = QLabel(f'<a href="{KV_CACHE}">{html.escape(meaning)}</a>')
        self.glossary_link.setObjectName("glossaryLink")
        self.glossary_link.setTextFormat(Qt.TextFormat.RichText)
        self.glossary_link.linkActivated.connect(self.glossary_requested.emit)
        self.memory_label = QLabel()
        self.memory_label.setToolTip(self.tr("Snapshots kept in memory: the fastest to bring back."))
        self.disk_label = QLabel()
        self.disk_label.setToolTip(self.tr("Snapshots kept on disk: they survive closing Hearth."))
        self.hits_label = QLabel()
        self.hits_label.setToolTip(self.tr("How often an answer could start from something the cache already held."))
        for label in (self.memory_label, self.disk_label, self.hits_label):
            label.setObjectName("metricValue")
            label.setWordWrap(True)
        self.ram_budget = self._budget_box(self.tr("The most memory the cache may use; the oldest snapshots go first."))
        self.disk_budget = self._budget_box(self.tr("The most disk space the cache may use; the oldest go first."))
        self.ram_budget.setRange(0, 64 * 1024)
        self.disk_budget.setRange(0, 1024 * 1024)
        self.budget_note = QLabel(self.tr("New limits apply when a model is next loaded."))
        self.budget_note.setObjectName("cacheNote")
        self.budget_note.setWordWrap(True)
        self.clear_button = QPushButton(self.tr("Clear cache"))
        self.clear_button.setToolTip(
            self.tr("Forget every snapshot; answers stay the same, the next ones just start slower.")
        )

        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        form.addRow(self.tr("In memory"), self.memory_label)
        form.addRow(self.tr("On disk"), self.disk_label)
        form.addRow(self.tr("Helped"), self.hits_label)
        form.addRow(self.tr("Memory limit"), self.ram_budget)
        form.addRow(self.tr("Disk limit"), self.disk_budget)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(14, 12, 14, 12)
        layout.addWidget(title)
        layout.addWidget(intro)
        layout.addWidget(self.glossary_link)
        layout.addLayout(form)
        layout.addWidget(self.budget_note)
        layout.addWidget(self.clear_button, 0, Qt.AlignmentFlag.AlignLeft)
        layout.addStretch(1)
        self.clear_button.clicked.connect(self.clear_requested)
        self.ram_budget.editingFinished.connect(self._on_budget_edited)
        self.disk_budget.editingFinished.connect(self._on_budget_edited)
        self.show_report(None)

    def _budget_box(self, tip: str) -> QSpinBox:
        box = QSpinBox()
        box.setSuffix(" MB")
        box.setSingleStep(256)
        box.setToolTip(tip)
        return box

    def set_budgets(self, ram_bytes: int, disk_bytes: int) -> None:
        for box, value in ((self.ram_budget, ram_bytes), (self.disk_budget, disk_bytes)):
            box.blockSignals(True)
            box.setValue(value // MB)
            box.blockSignals(False)

    def budgets(self) -> tuple[int, int]:
        return self.ram_budget.value() * MB, self.disk_budget.value() * MB

    def show_report(self, report: CacheReport | None) -> None:
        self.report = report
        if report is None or not report.enabled:
            off = self.tr("not in use yet") if report is None else self.tr("turned off")
            for label in (self.memory_label, self.disk_label, self.hits_label):
                label.setText(off)
            return
        self.memory_label.setText(
            self.tr("Snapshots: {n} · {used} of {limit}").format(
                n=report.entries_ram, used=fmt.megabytes(report.bytes_ram), limit=fmt.megabytes(report.ram_budget)
            )
        )
        self.disk_label.setText(
            self.tr("Snapshots: {n} · {used} of {limit}").format(
                n=report.entries_disk, used=fmt.megabytes(report.bytes_disk), limit=fmt.megabytes(report.disk_budget)
            )
        )
        total = report.hits + report.misses
        self.hits_label.setText(
            self.tr("{rate} of answers ({hits} of {total})").format(
                rate=f"{report.hit_rate:.0%}", hits=report.hits, total=total
            )
            if total
            else self.tr("no answers yet")
        )

    def _on_budget_edited(self) -> None:
        self.budgets_changed.emit(*self.budgets())
