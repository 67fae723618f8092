"""About this computer: what `hearth doctor` prints, as a page of the window.

The report is read when the page opens, off the window's thread (llama.cpp's part in a throwaway
process, about half a second), so it never slows start-up.
"""

from __future__ import annotations

import logging
import time

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from app.background import run_in_background
from app.error_texts import code_text
from engine.kernels.report_text import format_report
from engine.kernels.system_report import SystemReport, gather

logger = logging.getLogger(__name__)

GIB = 1024**3


class AboutComputerDialog(QDialog):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("aboutComputer")
        self.setWindowTitle(self.tr("About this computer"))
        self.resize(640, 560)
        self.report: SystemReport | None = None
        self.status = QLabel(self.tr("Looking at this computer…"))
        self.status.setObjectName("settingsHint")
        self.status.setWordWrap(True)
        self.form = QFormLayout()
        self.form.setLabelAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        body = QWidget()
        body_layout = QVBoxLayout(body)
        body_layout.addWidget(self.status)
        body_layout.addLayout(self.form)
        body_layout.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(body)
        self.copy_button = QPushButton(self.tr("Copy report"))
        self.copy_button.setToolTip(self.tr("Copy all of this as text, for a question or a bug report."))
        self.copy_button.setEnabled(False)
        self.copy_button.clicked.connect(self._on_copy_clicked)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.addButton(self.copy_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(scroll)
        layout.addWidget(buttons)
        run_in_background(self, gather, self._on_report_read, self._on_report_failed)

    # --- the report --------------------------------------------------------------------

    def _on_report_read(self, report: SystemReport) -> None:
        self.report = report
        self.status.setText(
            self.tr("What Hearth found on this computer and uses to run models. Nothing here leaves it.")
        )
        for title, text in self._rows(report):
            value = QLabel(text)
            value.setWordWrap(True)
            value.setTextFormat(Qt.TextFormat.PlainText)
            value.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            name = QLabel(title)
            name.setObjectName("metricName")
            self.form.addRow(name, value)
        self.copy_button.setEnabled(True)

    def _on_report_failed(self, error: Exception) -> None:
        self.status.setText(self.tr("Hearth could not look at this computer: {error}").format(error=error))

    def _rows(self, r: SystemReport) -> list[tuple[str, str]]:
        k = r.kernels
        kernels = {
            "full": self.tr("Fast kernels: AMX {amx}, weight repacking {repack}"),
            "safe": self.tr("Safe kernels: AMX and weight repacking off"),
            "none": self.tr("None works on this processor"),
            "unknown": self.tr("Not chosen yet: the first model load tries the fast kernels in a throwaway process"),
        }[k.kernels].format(
            amx=self.tr("on") if k.amx else self.tr("off"), repack=self.tr("on") if k.repack else self.tr("off")
        )
        if k.reason:
            kernels += "\n" + code_text(k.reason_code, k.reason_params, k.reason)
        how = {
            "probe": self.tr("Found by a test in a throwaway process, {when}."),
            "crash": self.tr("Chosen after the engine crashed, {when}."),
            "override": self.tr("Set by HEARTH_CPU_KERNELS."),
        }.get(k.decided_by)
        if how:
            kernels += "\n" + how.format(when=time.strftime("%Y-%m-%d %H:%M", time.localtime(k.decided_at)))
        devices = "\n".join(
            self.tr("{name}: {description}, {free} free of {total}").format(
                name=d.name if d.kind == "cpu" else f"{d.name} ({d.kind.upper()})",
                description=d.description,
                free=f"{d.free_bytes / GIB:.1f} GiB",
                total=f"{d.total_bytes / GIB:.1f} GiB",
            )
            for d in r.engine.devices
        )
        offload = (
            self.tr("Yes: this build of llama.cpp can put a model's layers on a graphics card.")
            if r.engine.gpu_offload
            else self.tr("No: this build of llama.cpp runs on the processor only (see 'Use your GPU' in the README).")
        )
        rows = [
            (
                self.tr("Processor"),
                self.tr("{model}, {cores} logical cores").format(model=r.cpu_model, cores=r.cpu_cores),
            ),
            (self.tr("Engine build uses"), " ".join(r.build_features) + "\n" + " ".join(r.build_options)),
            (self.tr("Kernels"), kernels),
            (self.tr("Devices"), devices or self.tr("None could be read.")),
            (self.tr("GPU offload"), offload),
            (self.tr("Versions"), "\n".join(f"{name} {version}" for name, version in r.versions.items())),
            (self.tr("Python"), f"{r.python} · {r.platform}"),
            (self.tr("Folders"), "\n".join(f"{name}: {path}" for name, path in r.folders.items())),
            (self.tr("Starter model"), r.starter_model),
        ]
        if not r.engine.loaded:
            rows.insert(0, (self.tr("Problem"), r.engine.problem))
        return rows

    def _on_copy_clicked(self) -> None:
        if self.report is not None:
            QGuiApplication.clipboard().setText(format_report(self.report))
