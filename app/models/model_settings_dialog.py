"""How one model loads: threads, context length, GPU layers, flash attention, KV cache type, and how many
answers it writes at once."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from engine.models.model_settings import CONTEXT_CHOICES, MAX_PARALLEL, ModelSettings
from engine.protocol import AUTO_GPU_LAYERS, KV_CACHE_TYPES


class ModelSettingsDialog(QDialog):
    def __init__(self, model_name: str, settings: ModelSettings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Settings for {model}").format(model=model_name))
        self.threads = QSpinBox()
        self.threads.setRange(0, 256)
        self.threads.setSpecialValueText(self.tr("Automatic"))
        self.threads.setValue(settings.n_threads or 0)
        self.threads.setToolTip(self.tr("How many CPU cores work on each word; automatic uses every physical core."))
        self.context = QComboBox()
        for n_ctx in sorted({*CONTEXT_CHOICES, settings.n_ctx}):
            self.context.addItem(self.tr("{n} tokens").format(n=f"{n_ctx:,}"), n_ctx)
        self.context.setCurrentIndex(self.context.findData(settings.n_ctx))
        self.context.setToolTip(
            self.tr("How much of the conversation the model can see at once; more needs more memory.")
        )
        self.gpu_layers = QSpinBox()
        self.gpu_layers.setRange(AUTO_GPU_LAYERS, 999)
        self.gpu_layers.setSpecialValueText(self.tr("Automatic"))
        self.gpu_layers.setValue(settings.n_gpu_layers)
        self.gpu_layers.setToolTip(
            self.tr("How many of the model's layers run on the graphics card; automatic uses it fully.")
        )
        self.flash_attn = QCheckBox(self.tr("Use flash attention"))
        self.flash_attn.setChecked(settings.flash_attn)
        self.flash_attn.setToolTip(
            self.tr("A faster way to read long conversations; answers can differ slightly from one run to the next.")
        )
        self.kv_cache = QComboBox()
        labels = {
            "f16": self.tr("Exact (f16)"),
            "q8_0": self.tr("Half the memory (q8_0)"),
            "q4_0": self.tr("A quarter of the memory (q4_0)"),
        }
        for kind in KV_CACHE_TYPES:
            self.kv_cache.addItem(labels[kind], kind)
        self.kv_cache.setCurrentIndex(self.kv_cache.findData(settings.kv_cache_type))
        self.kv_cache.setToolTip(
            self.tr("How the model stores what it has read; smaller needs flash attention and is slightly less exact.")
        )
        self.parallel = QSpinBox()
        self.parallel.setRange(1, MAX_PARALLEL)
        self.parallel.setValue(settings.parallel)
        self.parallel.setToolTip(
            self.tr(
                "How many answers the model writes at once (several conversations, or the local API). Together "
                "they write more tokens per second, each one a little slower; each needs its own context memory."
            )
        )
        self.kv_unified = QCheckBox(self.tr("Share one context memory between the answers"))
        self.kv_unified.setChecked(settings.kv_unified)
        self.kv_unified.setToolTip(
            self.tr(
                "Uses the memory of one context length for all answers at once, instead of one each; "
                "a long conversation then leaves less room for the others."
            )
        )
        self.note = QLabel(self.tr("Saving reloads the model with these settings."))
        self.note.setObjectName("settingsHint")
        self.note.setWordWrap(True)
        form = QFormLayout()
        form.addRow(self.tr("CPU threads"), self.threads)
        form.addRow(self.tr("Context length"), self.context)
        form.addRow(self.tr("GPU layers"), self.gpu_layers)
        form.addRow("", self.flash_attn)
        form.addRow(self.tr("KV cache"), self.kv_cache)
        form.addRow(self.tr("Answers at once"), self.parallel)
        form.addRow("", self.kv_unified)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.note)
        layout.addWidget(buttons)
        self.kv_cache.currentIndexChanged.connect(self._on_kv_cache_changed)

    def settings(self) -> ModelSettings:
        return ModelSettings(
            n_threads=self.threads.value() or None,
            n_ctx=int(self.context.currentData()),
            n_gpu_layers=self.gpu_layers.value(),
            flash_attn=self.flash_attn.isChecked(),
            kv_cache_type=self.kv_cache.currentData(),  # one of KV_CACHE_TYPES
            parallel=self.parallel.value(),
            kv_unified=self.kv_unified.isChecked(),
        )

    def _on_kv_cache_changed(self) -> None:
        if self.kv_cache.currentData() != "f16":
            self.flash_attn.setChecked(True)  # llama.cpp needs it for a compressed value cache
