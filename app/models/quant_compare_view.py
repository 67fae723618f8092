"""The Models window's "Compare quantizations" tab: one model's quantizations side by side.

Size and memory come from the files' headers; prefill and decode speed and the KL divergence from
the reference (the group's most precise file) are measured on this computer by the engine (in a throwaway
process, engine/models/quant_compare.py) at the press of a button, and remembered."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QProgressBar,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from app.background import run_in_background
from app.error_texts import error_text
from app.models.quant_compare_chart import ChartPoint, QuantChartView
from app.models.quant_compare_controller import QuantCompareController
from engine.models.gguf_info import human_size
from engine.models.library import Library
from engine.models.quant_compare import CompareRow, MeasureOutcome, QuantGroup, compare_rows, quant_groups

CONTEXTS = (2048, 4096, 8192, 16384, 32768)


class QuantCompareView(QWidget):
    groups_loaded = Signal()
    rows_shown = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.groups: list[QuantGroup] = []
        self.rows: list[CompareRow] = []
        self.controller = QuantCompareController(self)
        self.group_box = QComboBox()
        self.group_box.setAccessibleName(self.tr("Model"))
        self.context_box = QComboBox()
        self.context_box.setAccessibleName(self.tr("Context for the memory column"))
        for n in CONTEXTS:
            self.context_box.addItem(self.tr("{n} tokens").format(n=f"{n:,}"), n)
        self.context_box.setCurrentIndex(CONTEXTS.index(4096))
        self.measure_button = QPushButton(self.tr("Measure"))
        self.measure_button.setToolTip(
            self.tr(
                "Measure speed and drift of the files not measured yet, on this computer. The larger the files, "
                "the longer it takes: seconds for a small model, minutes for one of several GB."
            )
        )
        self.again_button = QPushButton(self.tr("Measure again"))
        self.stop_button = QPushButton(self.tr("Stop"))
        self.stop_button.setEnabled(False)
        self.progress = QProgressBar()
        self.progress.setTextVisible(False)
        self.progress.setMaximumHeight(8)
        self.progress.hide()
        self.status = QLabel()
        self.status.setObjectName("settingsHint")
        self.status.setWordWrap(True)
        self.table = QTableWidget(0, 9)
        self.table.setObjectName("quantTable")
        self.table.setHorizontalHeaderLabels(
            [
                self.tr("Quantization"),
                self.tr("File size"),
                self.tr("Memory"),
                self.tr("Reading\n(tok/s)"),
                self.tr("Writing\n(tok/s)"),
                self.tr("KL divergence\n(mean)"),
                self.tr("KL divergence\n(99 %)"),
                self.tr("Same top\ntoken"),
                self.tr("Drift"),
            ]
        )
        header_tips = [
            "",
            "",
            self.tr("What the model needs loaded, at the context chosen above (an estimate)."),
            self.tr("Prefill: how fast the model reads your prompt, measured here."),
            self.tr("Decode: how fast the model writes its answer, measured here."),
            self.tr(
                "How far this file's next-word probabilities drift from the reference's (the most precise file), "
                "on average."
            ),
            self.tr("The drift at the worst 1 % of places in the text."),
            self.tr(
                "How often this file's most likely next word is the same as the reference's (the most precise file)."
            ),
            "",
        ]
        for column, tip in enumerate(header_tips):
            item = self.table.horizontalHeaderItem(column)
            if item is not None and tip:
                item.setToolTip(tip)
        self.table.verticalHeader().setVisible(False)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(8, QHeaderView.ResizeMode.Stretch)
        self.chart = QuantChartView()
        self.explanation = QLabel(
            self.tr(
                "Each file is the same model stored with fewer or more bits per weight. Smaller files load faster, "
                "need less memory and usually write faster, but their answers drift from the original. "
                "<b>KL divergence</b> measures that drift against the reference (the most precise file here), over the "
                "same text: "
                "below 0.01 is hard to notice, up to 0.05 is slight, above 0.1 the answers often change. "
                "<b>Same top token</b> is how often both files would pick the same next word."
            )
        )
        self.explanation.setWordWrap(True)
        self.explanation.setTextFormat(Qt.TextFormat.RichText)
        self.explanation.setObjectName("settingsHint")
        top = QHBoxLayout()
        top.addWidget(QLabel(self.tr("Model:")))
        top.addWidget(self.group_box, 1)
        top.addWidget(QLabel(self.tr("Memory at:")))
        top.addWidget(self.context_box)
        top.addWidget(self.measure_button)
        top.addWidget(self.again_button)
        top.addWidget(self.stop_button)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.progress)
        layout.addWidget(self.status)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.chart, 2)
        layout.addWidget(self.explanation)
        self.group_box.currentIndexChanged.connect(self.show_rows)
        self.context_box.currentIndexChanged.connect(self.show_rows)
        self.measure_button.clicked.connect(lambda: self._measure(again=False))
        self.again_button.clicked.connect(lambda: self._measure(again=True))
        self.stop_button.clicked.connect(self.controller.stop)
        self.controller.progressed.connect(self._on_progressed)
        self.controller.figures_measured.connect(self._on_figures_measured)
        self.controller.finished.connect(self._on_finished)
        self.controller.failed.connect(self._on_failed)
        self._set_running(False)

    # ---- groups and rows ---------------------------------------------------------------------------

    def refresh(self) -> None:
        """Look for models in several quantizations (off the window's thread: headers are read)."""
        run_in_background(self, lambda: quant_groups(Library().entries()), self._on_groups, self._on_failed)

    def _on_groups(self, groups: list[QuantGroup]) -> None:
        current = self.group.title if self.group else None
        self.groups = groups
        self.group_box.blockSignals(True)
        self.group_box.clear()
        for group in groups:
            quants = ", ".join(f.quantization for f in group.files)
            self.group_box.addItem(f"{group.title} ({quants})")
        titles = [g.title for g in groups]
        self.group_box.setCurrentIndex(titles.index(current) if current in titles else (0 if groups else -1))
        self.group_box.blockSignals(False)
        if not groups:
            self.status.setText(
                self.tr(
                    "None of your models is here in more than one quantization. Download another quantization of "
                    "a model (for example Q8_0 beside Q4_K_M) to compare them."
                )
            )
        self.show_rows()
        self.groups_loaded.emit()

    @property
    def group(self) -> QuantGroup | None:
        row = self.group_box.currentIndex()
        return self.groups[row] if 0 <= row < len(self.groups) else None

    @property
    def memory_context(self) -> int:
        return int(self.context_box.currentData() or 4096)

    def show_rows(self) -> None:
        group = self.group
        self.rows = compare_rows(group, self.memory_context, self.controller.settings) if group else []
        self.table.setRowCount(len(self.rows))
        for r, row in enumerate(self.rows):
            bpw = row.file.bits_per_weight
            quant = row.file.quantization + (self.tr(" (reference)") if row.is_reference else "")
            cells = [
                quant,
                human_size(row.file.size_bytes) + (f" · {bpw:.1f} bpw" if bpw else ""),
                human_size(row.memory_bytes) if row.memory_bytes else "-",
                self._number(row.prefill_tok_s, ",.0f"),
                self._number(row.decode_tok_s, ",.1f"),
                self._number(row.kl_mean, ".4f"),
                self._number(row.kl_p99, ".4f"),
                "-" if row.same_top is None else f"{100 * row.same_top:.1f} %",
                self._drift(row),
            ]
            for c, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if 1 <= c <= 7:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                item.setToolTip(str(row.file.path) if c == 0 else text)
                self.table.setItem(r, c, item)
        self.chart.set_points(
            [
                ChartPoint(
                    row.file.quantization,
                    row.file.size_bytes / 1e6,
                    row.kl_mean if (row.kl or row.is_reference) else None,
                    row.decode_tok_s,
                    row.is_reference,
                )
                for row in self.rows
            ]
        )
        self._set_running(self.controller.running)
        self.rows_shown.emit()

    @staticmethod
    def _number(value: float | None, fmt: str) -> str:
        return "-" if value is None else format(value, fmt)

    def _drift(self, row: CompareRow) -> str:
        if row.is_reference:
            return self.tr("the reference")
        kl = row.kl_mean
        if kl is None:
            return self.tr("not measured")
        if kl < 0.01:
            return self.tr("hard to notice")
        if kl < 0.05:
            return self.tr("slight")
        if kl < 0.1:
            return self.tr("noticeable")
        return self.tr("large: answers often change")

    # ---- measuring ---------------------------------------------------------------------------------

    def _measure(self, *, again: bool) -> None:
        group = self.group
        if group is None or self.controller.running:
            return
        if not self.controller.start(group, again=again):
            self.status.setText(self.tr("Every file is measured. Use Measure again to measure them anew."))
            return
        self.progress.setRange(0, 0)
        self.progress.show()
        self.status.setText(self.tr("Measuring {name}…").format(name=group.title))
        self._set_running(True)

    def _set_running(self, running: bool) -> None:
        has_group = self.group is not None
        self.measure_button.setEnabled(has_group and not running)
        self.again_button.setEnabled(has_group and not running)
        self.stop_button.setEnabled(running)
        self.group_box.setEnabled(not running)

    def _on_progressed(self, done: int, total: int) -> None:
        self.progress.setRange(0, max(1, total))
        self.progress.setValue(min(done, total))

    def _on_figures_measured(self, _kind: str, _path: str) -> None:
        self.show_rows()

    def _on_finished(self, outcome: MeasureOutcome) -> None:
        self.progress.hide()
        if outcome.stopped:
            self.status.setText(self.tr("Stopped. The figures measured so far are kept."))
        elif outcome.errors:
            path, problem = outcome.errors[0]
            if path:
                text = self.tr("Some figures could not be measured. {file}: {problem}").format(
                    file=Path(path).name, problem=problem
                )
            else:
                text = self.tr("Some figures could not be measured: {problem}").format(problem=problem)
            self.status.setText(text)
        else:
            self.status.setText(self.tr("Measured on this computer; kept for next time."))
        self.show_rows()

    def _on_failed(self, exc: Exception) -> None:
        self.progress.hide()
        self.status.setText(error_text(exc))
        self._set_running(self.controller.running)
