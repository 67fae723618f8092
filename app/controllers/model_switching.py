"""The main window's model handling: the header's picker, loading with progress, switching,
unloading, per-model settings, and the model each conversation remembers.

MainWindow's base class (kept apart so that the window's file stays about chatting); the
attributes below are the window's, set up by MainWindow._build."""

from __future__ import annotations

import logging
from dataclasses import replace
from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QLabel, QMainWindow, QProgressBar, QPushButton

from app import formatting as fmt
from app.chat.message_bubble import ErrorView
from app.controllers.engine_client import EngineClient
from app.models.model_picker import ModelPickerView, PickerEntry
from app.panels.metrics_panel import MetricsPanel
from engine.models.model_settings import model_settings, save_model_settings
from engine.protocol import Loaded, LoadOptions, LoadProgress, Unloaded
from engine.store.conversations import ConversationStore
from engine.store.records import Conversation

logger = logging.getLogger(__name__)


class ModelSwitchingMixin(QMainWindow):
    loaded_path: str  # the model in the engine now ("" when none)
    model_picker: ModelPickerView
    model_label: QLabel
    load_bar: QProgressBar
    load_error: ErrorView
    metrics_panel: MetricsPanel
    client: EngineClient
    store: ConversationStore
    conversation: Conversation | None
    generation: Any  # main_window.Generation | None: an answer is streaming

    def cache_budgets(self) -> tuple[int, int]:
        raise NotImplementedError  # MainWindow's

    def _build_model_picker(self) -> ModelPickerView:
        self.loaded_path = ""
        self._last_load_options: LoadOptions | None = None
        self.load_anyway_button = QPushButton(self.tr("Load anyway"))
        self.load_anyway_button.setToolTip(
            self.tr("Load the model even though the estimate says memory is short; the computer may slow down.")
        )
        self.load_anyway_button.hide()
        self.load_anyway_button.clicked.connect(self.load_anyway)
        picker = ModelPickerView()
        picker.model_chosen.connect(self.switch_model)
        picker.unload_requested.connect(self.unload_model)
        picker.settings_requested.connect(self._on_model_settings_requested)
        picker.popup_about_to_show.connect(self.refresh_model_entries)
        picker.browse_requested.connect(self.open_models_window)
        return picker

    def open_models_window(self) -> None:
        from app.models.models_window import ModelsWindow

        window = getattr(self, "_models_window", None)
        if window is None:
            window = ModelsWindow(self)
            window.model_chosen.connect(self.switch_model)
            self._models_window = window
        window.show()
        window.raise_()

    def close_models_window(self) -> None:
        window = getattr(self, "_models_window", None)
        if window is not None:
            window.downloads_view.close_queue()  # a running download pauses; its part resumes next time
            window.close()

    # --- the list of models --------------------------------------------------------------

    def refresh_model_entries(self) -> None:
        from engine.models.library import Library

        entries = []
        for entry in Library().entries():
            meta = entry.metadata
            if not meta.usable:
                continue  # a broken file cannot be picked; the Models window says what is wrong
            detail = fmt.megabytes(entry.size_bytes) + (f" · {meta.quantization}" if meta.quantization else "")
            entries.append(PickerEntry(entry.name, str(entry.path), detail))
        self.model_picker.set_entries(entries)

    # --- loading -----------------------------------------------------------------------

    def load_model(self, options: LoadOptions) -> None:
        ram, disk = self.cache_budgets()
        options = replace(options, cache_ram_budget=ram, cache_disk_budget=disk)
        self.load_error.hide()
        self.load_bar.setValue(0)
        self.load_bar.show()
        name = Path(options.model_path).stem
        self._last_load_options = options  # for "Load anyway" after the memory guard refuses
        self.load_anyway_button.hide()
        self.model_picker.set_current(options.model_path, name)
        self.model_label.setText(self.tr("Loading {name}…").format(name=name))
        self.model_label.show()
        self.client.load(options)

    def switch_model(self, path: str) -> None:
        """Load the model at `path` with its saved settings (the picker, a conversation, the Models window)."""
        if self.generation is not None:
            self.statusBar().showMessage(self.tr("Stop the answer first, then switch models."), 5000)
            self.model_picker.set_current(self.loaded_path, Path(self.loaded_path).stem)
            return
        self.load_model(model_settings(path).load_options(path))

    def unload_model(self) -> None:
        if self.generation is None and self.loaded_path:
            self.client.unload()

    def _on_load_progressed(self, event: LoadProgress) -> None:
        self.load_bar.show()
        self.load_bar.setValue(round(event.fraction * 100))

    def _note_loaded_model(self, event: Loaded) -> None:
        """The picker, the conversation's remembered model, and a word after a failed switch."""
        info = event.info
        self.loaded_path = info.path
        self.load_bar.hide()
        self.model_label.hide()
        self.model_picker.set_current(info.path, info.name)
        self.model_picker.set_loaded(True)
        if event.restored_after_failure:
            # The error above says why the switch failed; this says what the user has now.
            self.statusBar().showMessage(self.tr("{name} is loaded again.").format(name=info.name), 10_000)
        elif self.conversation is not None and self.conversation.model_path != info.path:
            self.conversation = self.store.update_settings(self.conversation.id, model=info.name, model_path=info.path)

    def _note_failed_load(self, kind: str) -> None:
        """A load refused before anything was unloaded: the picker goes back to the model still loaded.
        Refused for memory, the user may insist ("Load anyway")."""
        if self.loaded_path:
            self.model_picker.set_current(self.loaded_path, Path(self.loaded_path).stem)
        self.load_anyway_button.setVisible(kind == "memory" and self._last_load_options is not None)

    def load_anyway(self) -> None:
        if self._last_load_options is not None:
            self.load_model(replace(self._last_load_options, ignore_memory_guard=True))

    def _on_unloaded(self, event: Unloaded) -> None:
        self.loaded_path = ""
        self.model_picker.set_loaded(False)
        self.model_label.setText(self.tr("Not loaded: sending a message loads it"))
        self.model_label.show()
        freed = max(0, event.rss_before - event.rss_after)
        self.statusBar().showMessage(self.tr("Unloaded: {mb} freed.").format(mb=fmt.megabytes(freed)), 10_000)
        self.metrics_panel.set_engine_pid(self.client.engine_pid())
        self.metrics_panel.show_model(None)

    def ensure_model_for_send(self) -> None:
        """After an unload, sending loads the picked model again first (its time shows as 'loading')."""
        if not self.loaded_path and self.model_picker.current_path:
            self.switch_model(self.model_picker.current_path)

    def load_conversation_model(self) -> None:
        """Opening a conversation brings back the model it used, if that is still on this computer."""
        conversation = self.conversation
        if conversation is None or not conversation.model_path or conversation.model_path == self.loaded_path:
            return
        if conversation.model_path == self.model_picker.current_path and not self.loaded_path:
            return  # unloaded on purpose: the next send loads it
        if not Path(conversation.model_path).is_file():
            self.statusBar().showMessage(
                self.tr("This conversation used {name}, which is no longer on this computer.").format(
                    name=conversation.model or Path(conversation.model_path).stem
                ),
                10_000,
            )
            return
        if self.generation is None:
            self.switch_model(conversation.model_path)

    # --- per-model settings --------------------------------------------------------------

    def _on_model_settings_requested(self) -> None:
        from app.models.model_settings_dialog import ModelSettingsDialog

        path = self.model_picker.current_path or self.loaded_path
        if not path:
            return
        dialog = ModelSettingsDialog(Path(path).stem, model_settings(path), self)
        if dialog.exec():
            save_model_settings(path, dialog.settings())
            if path == self.loaded_path and self.generation is None:
                self.switch_model(path)  # reload with the new settings
