"""The chat header's model controls: pick a model, unload it, change how it loads, browse models.
The picker's last entry, "Add a remote engine…", opens the Engines dialog instead of picking."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QPushButton, QSizePolicy, QWidget

ADD_ENGINE_DATA = "hearth:add-remote-engine"  # the data of the picker's last entry: never a model path


@dataclass(frozen=True)
class PickerEntry:
    name: str
    path: str
    detail: str = ""  # e.g. "92 MB · Q4_1"


class ModelPickerView(QWidget):
    model_chosen = Signal(str)  # the path of the model the user picked
    unload_requested = Signal()
    settings_requested = Signal()
    browse_requested = Signal()
    add_engine_requested = Signal()  # the user chose "Add a remote engine…" in the list
    popup_about_to_show = Signal()  # a chance to refresh the list first

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.combo = _Combo(self)
        self.combo.setObjectName("modelPicker")
        self.combo.setAccessibleName(self.tr("Model"))
        self.combo.setMinimumContentsLength(30)
        self.combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.combo.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        self.combo.setToolTip(self.tr("The model that answers in this conversation. Pick another to switch."))
        self.unload_button = QPushButton(self.tr("Unload"))
        self.unload_button.setToolTip(self.tr("Free the memory this model uses. Sending a message loads it again."))
        self.settings_button = QPushButton(self.tr("Model settings…"))
        self.settings_button.setToolTip(
            self.tr("How this model loads: threads, context length, GPU layers, flash attention, KV cache.")
        )
        self.browse_button = QPushButton(self.tr("Models…"))
        self.browse_button.setObjectName("browseModels")
        self.browse_button.setToolTip(self.tr("Your models, and models to download from Hugging Face."))
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(6)
        layout.addWidget(self.combo)
        layout.addWidget(self.unload_button)
        layout.addWidget(self.settings_button)
        layout.addWidget(self.browse_button)
        self._current = ""  # the path shown as chosen
        self._loaded = False
        self._allowed = True
        self.combo.activated.connect(self._on_activated)
        self.unload_button.clicked.connect(self.unload_requested)
        self.settings_button.clicked.connect(self.settings_requested)
        self.browse_button.clicked.connect(self.browse_requested)
        self.set_loaded(False)

    @property
    def current_path(self) -> str:
        return self._current

    def set_entries(self, entries: list[PickerEntry]) -> None:
        """Offer these models; the current one stays chosen (and listed, even if it is not a library model)."""
        self.combo.blockSignals(True)
        self.combo.clear()
        for entry in entries:
            self.combo.addItem(entry.name, entry.path)
            tip = f"{entry.detail}\n{entry.path}" if entry.detail else entry.path
            self.combo.setItemData(self.combo.count() - 1, tip, Qt.ItemDataRole.ToolTipRole)
        if entries:
            self.combo.insertSeparator(self.combo.count())
        self.combo.addItem(self.tr("Add a remote engine…"), ADD_ENGINE_DATA)
        self.combo.setItemData(
            self.combo.count() - 1,
            self.tr("Use the models of a server on another computer (llama-server, Ollama, vLLM, another Hearth)."),
            Qt.ItemDataRole.ToolTipRole,
        )
        self.combo.blockSignals(False)
        self.set_current(self._current, self._current.rsplit("/", 1)[-1])

    def set_current(self, path: str, name: str) -> None:
        self._current = path
        if not path:
            self.combo.setCurrentIndex(-1)
            return
        index = self.combo.findData(path)
        if index < 0:
            index = self._models_end()
            self.combo.insertItem(index, name, path)
        self.combo.blockSignals(True)
        self.combo.setCurrentIndex(index)
        self.combo.blockSignals(False)

    def set_loaded(self, loaded: bool) -> None:
        self._loaded = loaded
        self.unload_button.setEnabled(loaded and self._allowed)

    def set_switching_allowed(self, allowed: bool) -> None:
        """Off while an answer streams: the engine finishes one job at a time."""
        self._allowed = allowed
        self.combo.setEnabled(allowed)
        self.unload_button.setEnabled(self._loaded and allowed)

    def model_paths(self) -> list[str]:
        """The models offered, in order (not the separator, nor the entry that adds an engine)."""
        paths = [self.combo.itemData(i) for i in range(self.combo.count())]
        return [path for path in paths if isinstance(path, str) and path and path != ADD_ENGINE_DATA]

    def _models_end(self) -> int:
        """Where a model not in the list goes: before the separator and the Add entry."""
        index = self.combo.findData(ADD_ENGINE_DATA)
        if index < 0:
            return self.combo.count()
        if index > 0 and self.combo.itemData(index - 1) is None:  # the separator
            return index - 1
        return index

    def _on_activated(self, index: int) -> None:
        path = self.combo.itemData(index)
        if path == ADD_ENGINE_DATA:
            # It is an action, not a choice: the model shown stays the one that answers.
            self.combo.blockSignals(True)
            self.combo.setCurrentIndex(self.combo.findData(self._current) if self._current else -1)
            self.combo.blockSignals(False)
            self.add_engine_requested.emit()
            return
        if isinstance(path, str) and path and path != self._current:
            self.model_chosen.emit(path)


class _Combo(QComboBox):
    def __init__(self, picker: ModelPickerView) -> None:
        super().__init__(picker)
        self._picker = picker

    def showPopup(self) -> None:
        self._picker.popup_about_to_show.emit()
        super().showPopup()
