"""The Batch page: answer a file of prompts while the user does something else, and see what answering
several at once does to speed. The job itself runs in app/controllers/batch_controller.py."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QProgressBar,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from app.batch.speed_curve import CurvePoint
from app.batch.throughput_plot import ThroughputPlotView


def results_path_for(prompts: Path) -> Path:
    """Where the answers go unless the user picks a file: beside the prompts, e.g. questions.results.jsonl."""
    return prompts.with_name(f"{prompts.stem}.results.jsonl")


class BatchWindow(QWidget):
    start_requested = Signal(Path, Path)  # prompts, results
    stop_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.setObjectName("batchWindow")
        self.setWindowTitle(self.tr("Batch jobs"))
        intro = QLabel(
            self.tr(
                "Answer a whole file of prompts, several at once, while you chat or do something else. "
                'Each line of the file is {"id": …, "prompt": "…"}. Answers go to the results file as each '
                "one finishes, so a job you stop goes on where it left off."
            )
        )
        intro.setWordWrap(True)
        intro.setTextFormat(Qt.TextFormat.PlainText)
        self.prompts_edit = QLineEdit()
        self.prompts_edit.setPlaceholderText(self.tr("A .jsonl file of prompts"))
        self.prompts_button = QPushButton(self.tr("Choose…"))
        self.results_edit = QLineEdit()
        self.results_edit.setPlaceholderText(self.tr("Beside the prompts, as NAME.results.jsonl"))
        self.results_button = QPushButton(self.tr("Choose…"))
        self.slots_label = QLabel()
        self.slots_label.setWordWrap(True)
        self.start_button = QPushButton(self.tr("Start"))
        self.start_button.setObjectName("batchStartButton")
        self.stop_button = QPushButton(self.tr("Stop"))
        self.stop_button.setEnabled(False)
        self.progress = QProgressBar()
        self.progress.setRange(0, 1)
        self.progress.setValue(0)
        self.progress.setFormat(self.tr("%v of %m"))
        self.status_label = QLabel(self.tr("Choose a file of prompts to begin."))
        self.status_label.setWordWrap(True)
        self.status_label.setTextFormat(Qt.TextFormat.PlainText)
        self.problems_label = QLabel()
        self.problems_label.setObjectName("batchProblems")
        self.problems_label.setWordWrap(True)
        self.problems_label.setTextFormat(Qt.TextFormat.PlainText)
        self.problems_label.hide()
        self.plot = ThroughputPlotView()
        self.lesson_label = QLabel()
        self.lesson_label.setWordWrap(True)
        self.lesson_label.setTextFormat(Qt.TextFormat.PlainText)
        self._build(intro)
        self.prompts_button.clicked.connect(self._choose_prompts)
        self.results_button.clicked.connect(self._choose_results)
        self.start_button.clicked.connect(self._on_start_clicked)
        self.stop_button.clicked.connect(self.stop_requested)
        self.resize(620, 640)

    def _build(self, intro: QLabel) -> None:
        form = QFormLayout()
        form.addRow(self.tr("Prompts:"), _row(self.prompts_edit, self.prompts_button))
        form.addRow(self.tr("Results:"), _row(self.results_edit, self.results_button))
        form.addRow(self.tr("At once:"), self.slots_label)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.start_button)
        buttons.addWidget(self.stop_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(16, 14, 16, 14)
        layout.setSpacing(10)
        layout.addWidget(intro)
        layout.addLayout(form)
        layout.addLayout(buttons)
        layout.addWidget(self.progress)
        layout.addWidget(self.status_label)
        layout.addWidget(self.problems_label)
        chart_title = QLabel(self.tr("Speed against answers at once, measured in this job"))
        chart_title.setObjectName("sectionTitle")
        layout.addWidget(chart_title)
        layout.addWidget(self.plot, 1)
        layout.addWidget(self.lesson_label)

    # --- what the controller shows --------------------------------------------------------

    def show_slots(self, slots: int) -> None:
        self.slots_label.setText(
            self.tr(
                "Up to {n}, as the model is loaded. The job starts with one and doubles, so you see what each step "
                "does to speed. Change it in Model settings › Answers at once."
            ).replace("{n}", str(slots))
        )

    def show_running(self, running: bool) -> None:
        self.start_button.setEnabled(not running)
        self.stop_button.setEnabled(running)
        for widget in (self.prompts_edit, self.prompts_button, self.results_edit, self.results_button):
            widget.setEnabled(not running)

    def show_progress(self, done: int, total: int, status: str) -> None:
        self.progress.setRange(0, max(1, total))
        self.progress.setValue(done)
        self.status_label.setText(status)

    def show_problems(self, lines: list[str]) -> None:
        self.problems_label.setText("\n".join(lines))
        self.problems_label.setVisible(bool(lines))

    def show_curve(self, points: list[CurvePoint]) -> None:
        self.plot.set_points(points)
        self.lesson_label.setText(self._lesson(points))

    def _lesson(self, points: list[CurvePoint]) -> str:
        if len(points) < 2:
            return ""
        low, high = points[0], points[-1]
        return (
            self.tr(
                "With {n} at once the engine wrote {total} tokens/s in all, each answer about {each}; with {low} it "
                "wrote {low_total}. More at once raises the total and slows each answer: good for a job, not for a "
                "chat you are waiting on."
            )
            .replace("{n}", str(high.at_once))
            .replace("{total}", f"{high.total_tok_s:.1f}")
            .replace("{each}", f"{high.each_tok_s:.1f}")
            .replace("{low_total}", f"{low.total_tok_s:.1f}")
            .replace("{low}", str(low.at_once))
        )

    # --- choosing files -------------------------------------------------------------------

    def _choose_prompts(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self, self.tr("Choose a file of prompts"), "", self.tr("JSON lines (*.jsonl *.json *.txt);;All files (*)")
        )
        if path:
            self.set_prompts(Path(path))

    def _choose_results(self) -> None:
        path, _ = QFileDialog.getSaveFileName(
            self, self.tr("Where the answers go"), self.results_edit.text(), self.tr("JSON lines (*.jsonl)")
        )
        if path:
            self.results_edit.setText(path)

    def set_prompts(self, prompts: Path) -> None:
        self.prompts_edit.setText(str(prompts))
        if not self.results_edit.text():
            self.results_edit.setText(str(results_path_for(prompts)))
        self.status_label.setText(self.tr("Ready. Start answers every line the results file does not hold yet."))

    def _on_start_clicked(self) -> None:
        prompts = self.prompts_edit.text().strip()
        if not prompts:
            self.status_label.setText(self.tr("Choose a file of prompts first."))
            return
        results = self.results_edit.text().strip() or str(results_path_for(Path(prompts)))
        self.results_edit.setText(results)
        self.start_requested.emit(Path(prompts), Path(results))


def _row(edit: QLineEdit, button: QPushButton) -> QWidget:
    row = QWidget()
    layout = QHBoxLayout(row)
    layout.setContentsMargins(0, 0, 0, 0)
    layout.addWidget(edit, 1)
    layout.addWidget(button)
    return row
