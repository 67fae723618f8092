"""The model in the engine: the header's picker, loading with progress, switching, unloading, each
model's own settings, the Models window, "Load anyway" after the memory guard refuses, and the
prompt cache's limits.

It drives the header's widgets (the window creates and lays them out) and keeps what they show in a
ModelState. It never writes to the conversation store: the conversations controller remembers
which model a conversation used when `model_loaded` says one is in.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QLabel, QProgressBar, QPushButton, QWidget

from app import formatting as fmt
from app.chat.message_bubble import ErrorView
from app.controllers.engine_port import EnginePort
from app.controllers.remote_models import RemoteModels
from app.error_texts import details_text, error_text, failed_text, notice_text
from app.models.model_picker import ModelPickerView, PickerEntry
from app.panels.cache_view import CacheView
from app.panels.metrics_panel import MetricsPanel
from engine.models.model_settings import model_settings, save_model_settings
from engine.protocol import DEFAULT_PARALLEL, Failed, Loaded, LoadOptions, LoadProgress, ModelInfo, Notice, Unloaded
from engine.remote.model_ref import parse_remote_ref
from engine.remote.rpc_machines import split_problems
from engine.settings import load_settings, save_settings

if TYPE_CHECKING:
    from app.models.models_window import ModelsWindow

logger = logging.getLogger(__name__)


@dataclass
class ModelState:
    loaded_path: str = ""  # the model in the engine now ("" when none)
    name: str = ""  # the last model loaded; kept after an unload (a new conversation still names it)
    template_name: str = ""  # the header's words for the model's own chat format
    template_short: str = ""  # its name in the settings list ("" when it comes from the file)
    last_load: LoadOptions | None = None  # what "Load anyway" asks for again
    # What the header's error row says: a load that was refused, or an engine that died while no
    # answer was being written (None while it is hidden).
    failure: Failed | None = None
    # Who is writing answers now ("chat", "batch"): while any is, the model stays as it is.
    holders: set[str] = field(default_factory=set)
    slots: int = DEFAULT_PARALLEL  # answers the loaded model writes at once
    n_ctx: int = 0  # the tokens one conversation can hold in the loaded model (0 before a load)
    # The rpc-server machines the loaded model is split across, and how many layers each holds.
    machines_in_use: dict[str, int] = field(default_factory=dict)

    @property
    def answering(self) -> bool:
        return bool(self.holders)

    @property
    def can_load_anyway(self) -> bool:
        """Refused for memory: the user may insist."""
        return self.failure is not None and self.failure.kind == "memory" and self.last_load is not None

    @property
    def stopped_restarting(self) -> bool:
        """The engine client gave up restarting the model after it crashed at load again and again;
        picking it (or another) by name gives it a fresh set of tries."""
        return self.failure is not None and self.failure.kind == "crash_loop"


class ModelController(QObject):
    model_loaded = Signal(object)  # Loaded, once the header shows it
    model_unloaded = Signal(object)  # Unloaded
    model_failed = Signal(object)  # Failed: a load refused, or the engine died while no answer was written
    said = Signal(str, int)  # a sentence for the status bar, and for how many ms
    library_changed = Signal()  # a model was downloaded, imported or removed in the Models window

    def __init__(
        self,
        client: EnginePort,
        *,
        picker: ModelPickerView,
        model_label: QLabel,
        template_label: QLabel,
        load_bar: QProgressBar,
        load_error: ErrorView,
        load_anyway_button: QPushButton,
        metrics_panel: MetricsPanel,
        cache_view: CacheView,
        dialog_parent: QWidget,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.state = ModelState()
        self.retry_notice = ""  # the last "retrying in … s" said
        self._client = client
        self._picker = picker
        self._model_label = model_label
        self._template_label = template_label
        self._load_bar = load_bar
        self._load_error = load_error
        self._load_anyway_button = load_anyway_button
        self._metrics_panel = metrics_panel
        self._cache_view = cache_view
        self._dialog_parent = dialog_parent
        self._models_window: ModelsWindow | None = None
        self._last_local_path = ""  # the model on this computer loaded last (a remote engine's fallback)
        self.remote_models = RemoteModels(self)
        self.remote_models.changed.connect(self.refresh_model_entries)
        self.remote_models.refresh()
        cache_view.set_budgets(*self.cache_budgets())
        load_anyway_button.clicked.connect(self.load_anyway)
        picker.model_chosen.connect(self.switch_model)
        picker.unload_requested.connect(self.unload_model)
        picker.settings_requested.connect(self._on_model_settings_requested)
        picker.popup_about_to_show.connect(self.refresh_model_entries)
        picker.popup_about_to_show.connect(self.remote_models.refresh)
        picker.browse_requested.connect(self.open_models_window)
        cache_view.clear_requested.connect(client.clear_cache)
        cache_view.budgets_changed.connect(self._on_cache_budgets_changed)
        client.load_progressed.connect(self._on_load_progressed)
        client.loaded.connect(self._on_loaded)
        client.unloaded.connect(self._on_unloaded)
        client.engine_started.connect(self._on_engine_started)
        client.noticed.connect(self._on_noticed)
        client.cache_reported.connect(cache_view.show_report)

    @property
    def picked_path(self) -> str:
        """The model the picker shows as chosen (loaded, loading, or unloaded on purpose)."""
        return self._picker.current_path

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
        self._picker.set_entries(entries + self.remote_models.entries())

    def open_models_window(self) -> ModelsWindow:
        from app.models.models_window import ModelsWindow

        window = self._models_window
        if window is None:
            window = ModelsWindow(self._dialog_parent)
            window.model_chosen.connect(self.switch_model)
            window.library_changed.connect(self.library_changed)
            self._models_window = window
        window.show()
        window.raise_()
        return window

    def close_models_window(self) -> None:
        window = self._models_window
        if window is not None:
            window.downloads_view.close_queue()  # a running download pauses; its part resumes next time
            window.close()

    # --- loading -----------------------------------------------------------------------

    def load_model(self, options: LoadOptions) -> None:
        ram, disk = self.cache_budgets()
        options = replace(options, cache_ram_budget=ram, cache_disk_budget=disk)
        ref = parse_remote_ref(options.model_path)
        name = ref.model if ref is not None else Path(options.model_path).stem
        self.state.last_load = options  # for "Load anyway" after the memory guard refuses
        self.state.failure = None
        self._load_error.hide()
        self._load_bar.setValue(0)
        self._load_bar.show()
        self._load_anyway_button.hide()
        self._picker.set_current(options.model_path, name)
        self._model_label.setText(self.tr("Loading {name}…").format(name=name))
        self._model_label.show()
        self._client.load(options)

    def options_for(self, path: str) -> LoadOptions:
        """How the window loads the model at `path`: its saved settings and the cache budgets
        (also for a model the local API asks for)."""
        ram, disk = self.cache_budgets()
        return replace(model_settings(path).load_options(path), cache_ram_budget=ram, cache_disk_budget=disk)

    def local_fallback_path(self) -> str:
        """The model on this computer to ask when a remote engine fails: the one used last, else the starter."""
        if self._last_local_path:
            return self._last_local_path
        from engine.models.starter_model import StarterModelMissingError, starter_model_path

        try:
            return str(starter_model_path())
        except StarterModelMissingError:
            return ""

    def switch_model(self, path: str) -> None:
        """Load the model at `path` with its saved settings (the picker, a conversation, the Models window)."""
        if self.state.answering:
            self.said.emit(self.tr("Stop the answer first, then switch models."), 5000)
            self._picker.set_current(self.state.loaded_path, Path(self.state.loaded_path).stem)
            return
        self.load_model(model_settings(path).load_options(path))

    def unload_model(self) -> None:
        if not self.state.answering and self.state.loaded_path:
            self._client.unload()

    def load_anyway(self) -> None:
        if self.state.last_load is not None:
            self.load_model(replace(self.state.last_load, ignore_memory_guard=True))

    def ensure_model_for_send(self) -> None:
        """After an unload, sending loads the picked model again first (its time shows as 'loading')."""
        if not self.state.loaded_path and self._picker.current_path:
            self.switch_model(self._picker.current_path)

    def set_answering(self, answering: bool, holder: str = "chat") -> None:
        """While an answer is written (a chat's, a batch job's) the model stays: the picker offers no switch."""
        if answering:
            self.state.holders.add(holder)
        else:
            self.state.holders.discard(holder)
        self._picker.set_switching_allowed(not self.state.answering)

    def show_template_override(self, override: str | None) -> None:
        """The header names the conversation's own chat format, if it chose one."""
        if override:
            self._template_label.setText(
                self.tr("chat format: {name} (chosen for this conversation)").format(name=override)
            )
            self._template_label.setToolTip(self.tr("You picked this chat format in the conversation settings."))
        elif self.state.template_name:
            self._template_label.setText(self.state.template_name)

    def release_data(self) -> None:
        """All of Hearth's data is about to be deleted: a running download's part, the engine's snapshots
        and a model loaded from the data folder let go of their files first."""
        from engine.paths import models_dir

        self.close_models_window()
        self._client.clear_cache()  # the engine forgets its snapshots (their files go next)
        if self.state.loaded_path and Path(self.state.loaded_path).is_relative_to(models_dir()):
            self._client.unload()  # its file is about to go

    def after_data_deleted(self) -> None:
        self._cache_view.set_budgets(*self.cache_budgets())  # the user's limits went with the settings

    # --- the prompt cache's limits ----------------------------------------------------------

    def cache_budgets(self) -> tuple[int, int]:
        """The prompt cache's RAM and disk limits in bytes: the user's, or the defaults."""
        from engine.cache.prefix_cache import DEFAULT_DISK_BUDGET, default_ram_budget

        saved = load_settings()
        ram = saved.get("cache_ram_budget")
        disk = saved.get("cache_disk_budget")
        return (
            ram if isinstance(ram, int) and ram >= 0 else default_ram_budget(),
            disk if isinstance(disk, int) and disk >= 0 else DEFAULT_DISK_BUDGET,
        )

    def _on_cache_budgets_changed(self, ram: int, disk: int) -> None:
        save_settings({"cache_ram_budget": ram, "cache_disk_budget": disk})

    # --- per-model settings --------------------------------------------------------------

    def _on_model_settings_requested(self) -> None:
        from app.models.model_settings_dialog import ModelSettingsDialog

        path = self._picker.current_path or self.state.loaded_path
        if not path:
            return
        dialog = ModelSettingsDialog(Path(path).stem, model_settings(path), self._dialog_parent)
        if dialog.exec():
            save_model_settings(path, dialog.settings())
            if path == self.state.loaded_path and not self.state.answering:
                self.switch_model(path)  # reload with the new settings

    # --- engine events: what the client reports about the model ----------------------------------
    # (engine/protocol.py's Loaded, Unloaded, LoadProgress, Notice; a Failed reaches show_failure
    # through the chat controller, which keeps the failures of an answer for itself.)

    def _on_load_progressed(self, event: LoadProgress) -> None:
        self._load_bar.show()
        self._load_bar.setValue(round(event.fraction * 100))

    def _on_loaded(self, event: Loaded) -> None:
        info = event.info
        state = self.state
        state.name = info.name
        state.loaded_path = info.path
        state.machines_in_use = {share.where: share.layers for share in info.layer_split if share.remote}
        state.n_ctx = info.n_ctx
        state.slots = event.options.parallel if event.options is not None else DEFAULT_PARALLEL
        self._load_bar.hide()
        self._model_label.hide()
        self._picker.set_current(info.path, info.name)
        self._picker.set_loaded(True)
        if event.restored_after_failure:
            # The error above says why the switch failed; this says what the user has now.
            self.said.emit(self.tr("{name} is loaded again.").format(name=info.name), 10_000)
        if problems := split_problems(info):  # machines left out of the split: the model runs on the others
            self.said.emit(" ".join(error_text(problem) for problem in problems), 20_000)
        self._metrics_panel.show_model(info)
        ref = parse_remote_ref(info.path)
        if ref is not None:
            self._on_remote_loaded(ref.engine, info)
            self.model_loaded.emit(event)
            return
        self._last_local_path = info.path
        self._picker.combo.setToolTip(
            self.tr("{arch} · {params} parameters · {size} · context {ctx} tokens · {threads} threads").format(
                arch=info.architecture,
                params=f"{info.n_params / 1e6:,.0f} M",
                size=fmt.megabytes(info.size_bytes),
                ctx=f"{info.n_ctx:,}",
                threads=info.n_threads,
            )
        )
        label = self._template_label
        if info.chat_template_warning:  # the model's own template is broken or unsafe: ChatML instead
            state.template_name = self.tr("chat format: {name} (the model's own is broken)").format(
                name=info.chat_template_name
            )
            state.template_short = info.chat_template_name
            label.setToolTip(
                self.tr("The model's chat template is broken or unsafe: using the default template instead.")
            )
            self.said.emit(label.toolTip(), 15_000)
        elif info.chat_template_source == "gguf":
            state.template_name = self.tr("chat format: from the model file")
            state.template_short = ""
            label.setToolTip("")
        else:
            state.template_name = self.tr("chat format: {name}").format(name=info.chat_template_name)
            state.template_short = info.chat_template_name
            label.setToolTip(self.tr("This model file has no chat format of its own, so Hearth uses a common default."))
        label.setText(state.template_name)
        self.show_engine_pid()
        self._client.query_cache()
        self.model_loaded.emit(event)

    def _on_remote_loaded(self, engine_name: str, info: ModelInfo) -> None:
        """A remote engine's model: the header says where the answers come from."""
        from engine.remote.engines import EngineRegistryError, find_engine

        try:
            host = find_engine(engine_name).host
        except EngineRegistryError:
            host = engine_name
        where = self.tr("{model} answers from {host}: what you send goes there, not to this computer's engine.")
        self._picker.combo.setToolTip(where.format(model=info.name, host=host))
        self.state.template_name = self.tr("on {host}").format(host=host)
        self.state.template_short = ""
        self._template_label.setToolTip(
            self.tr("This model runs on {host}, not on this computer; the server applies its chat format.").format(
                host=host
            )
        )
        self._template_label.setText(self.state.template_name)
        self.show_engine_pid()

    def _on_unloaded(self, event: Unloaded) -> None:
        self.state.loaded_path = ""
        self._picker.set_loaded(False)
        self._model_label.setText(self.tr("Not loaded: sending a message loads it"))
        self._model_label.show()
        freed = max(0, event.rss_before - event.rss_after)
        self.said.emit(self.tr("Unloaded: {mb} freed.").format(mb=fmt.megabytes(freed)), 10_000)
        self.show_engine_pid()
        self._metrics_panel.show_model(None)
        self.model_unloaded.emit(event)

    def show_failure(self, event: Failed) -> None:
        """A load was refused (the model loaded before stays), or the engine died with no answer under
        way: the header says so in one sentence, with "Load anyway" when memory was the reason."""
        state = self.state
        state.failure = event
        self._load_bar.hide()
        self._model_label.setText(self.tr("Not loaded"))
        self._model_label.setVisible(not state.loaded_path)
        self._load_error.show_error(failed_text(event), details_text(event.details))
        if state.loaded_path:
            self._picker.set_current(state.loaded_path, Path(state.loaded_path).stem)
        self._load_anyway_button.setVisible(state.can_load_anyway)
        self.show_engine_pid()
        self.model_failed.emit(event)

    def show_engine_pid(self) -> None:
        self._metrics_panel.set_engine_pid(self._client.engine_pid())

    def _on_engine_started(self) -> None:
        self.show_engine_pid()

    def _on_noticed(self, notice: Notice) -> None:
        """Something the engine client did on its own (it switched llama.cpp's kernels, a remote engine is
        asked again): said once."""
        text = notice_text(notice)
        if notice.reason_code.startswith("remote.retrying"):
            self.retry_notice = text  # true only until the answer goes on or ends (MainWindow clears it)
        self.said.emit(text, 30_000)
