"""The conversations: the list on the left (new, open, rename, search, delete with Undo, export,
import), the branch on screen and its versions, each conversation's settings, the model it
remembers, and "Delete all my data". The conversation store's writes about conversations are made
here; the chat controller writes the messages of the answer it is writing.

It drives the list, the settings panel and the Undo button (the window creates and lays them out)
and keeps the conversation on screen in a ConversationsState. The chat view shows what
`conversation_opened` and `branch_changed` say changed (app/controllers/chat_controller.py).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtWidgets import QPushButton, QWidget

from app import formatting as fmt
from app.controllers.engine_port import EnginePort
from app.controllers.model_controller import ModelController
from app.conversations.conversation_list import ConversationListView
from app.conversations.conversation_settings import ConversationSettingsView, SettingsChange
from engine.presets import BUILTIN_PRESETS, DEFAULT_PRESET
from engine.protocol import Loaded, SamplingParams
from engine.remote.engines import list_engines
from engine.remote.model_ref import parse_remote_ref
from engine.store.answer_writer import AnswerWriter
from engine.store.chat_turn import cache_owner
from engine.store.conversations import ConversationStore
from engine.store.records import Conversation, StoredMessage

UNDO_DELETE_MS = 10_000


@dataclass
class ConversationsState:
    conversation: Conversation | None = None  # None: a new chat, saved on its first message
    # The branch on screen, oldest first; the chat controller extends it as it sends.
    branch: list[StoredMessage] = field(default_factory=list)
    sampling: SamplingParams = field(default_factory=SamplingParams)  # for the next answer
    answering: set[int] = field(default_factory=set)  # conversations an answer is being written in now
    pending_delete: int | None = None  # deleted; Undo brings it back until UNDO_DELETE_MS pass


class ConversationsController(QObject):
    conversation_opened = Signal(int)  # its id (0: a new, unsaved chat), once the list and settings show it
    branch_changed = Signal()  # the branch on screen is another one now (a message deleted, a version paged)
    conversation_deleted = Signal(int)  # its id; Undo may still bring it back
    data_deletion_started = Signal()  # "Delete all my data" confirmed: let go of answers and files now
    data_deleted = Signal()  # every folder is empty; a fresh store is open
    said = Signal(str, int)  # a sentence for the status bar, and for how many ms ("" clears it)

    def __init__(
        self,
        store: ConversationStore,
        client: EnginePort,
        models: ModelController,
        *,
        conversation_list: ConversationListView,
        settings_view: ConversationSettingsView,
        undo_button: QPushButton,
        dialog_parent: QWidget,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.state = ConversationsState()
        self.store = store
        self.store.purge_deleted()  # an Undo from the last session can no longer happen
        self._client = client
        self._models = models
        self._list = conversation_list
        self._settings_view = settings_view
        self._undo_button = undo_button
        self._dialog_parent = dialog_parent
        self._finishing_writers: list[AnswerWriter] = []  # final saves still under way
        self._had_a_model = False
        self._undo_timer = QTimer(self)
        self._undo_timer.setSingleShot(True)
        self._undo_timer.timeout.connect(self.finish_pending_delete)
        undo_button.clicked.connect(self.undo_delete)
        conversation_list.conversation_selected.connect(self.show_conversation)
        conversation_list.new_requested.connect(self.new_conversation)
        conversation_list.rename_requested.connect(self.rename)
        conversation_list.delete_requested.connect(self.delete_conversation)
        conversation_list.export_requested.connect(self.export)
        conversation_list.import_requested.connect(self.import_conversation)
        conversation_list.search_changed.connect(lambda _query: self.refresh_list())
        settings_view.settings_changed.connect(self._on_settings_changed)
        settings_view.preset_saved.connect(self._on_preset_saved)
        settings_view.model_default_requested.connect(self._on_model_default_requested)
        models.model_loaded.connect(self._on_model_loaded)

    # --- saves behind the window's back -------------------------------------------------

    def keep_until_saved(self, writer: AnswerWriter) -> None:
        """An answer that just ended is saved on its own thread; wait_for_saves waits for it."""
        self._finishing_writers = [w for w in self._finishing_writers if w.is_alive()] + [writer]

    def wait_for_saves(self) -> None:
        """Let answers that just ended finish their last save (a few ms) before reading the store."""
        for writer in self._finishing_writers:
            writer.join()
        self._finishing_writers.clear()

    # --- the list of conversations --------------------------------------------

    def refresh_list(self) -> None:
        summaries = self.store.summaries(self._list.search_box.text())
        current = self.state.conversation.id if self.state.conversation else None
        self._list.set_conversations(summaries, current)
        self._list.set_generating(self.state.answering)

    def set_answering(self, conversation_ids: set[int]) -> None:
        """The list marks each conversation an answer is being written in (the order is unchanged)."""
        self.state.answering = set(conversation_ids)
        self._list.set_generating(self.state.answering)

    def new_conversation(self) -> None:
        """Show an empty chat; it is saved when the first message is sent (or a setting changes)."""
        self._settings_view.commit_pending_edit()  # a system prompt still being typed belongs to the old chat
        self.state.conversation = None
        self.state.branch = []
        self.state.sampling = self.default_sampling()
        self._show_settings()
        self.refresh_list()
        self.conversation_opened.emit(0)

    def show_conversation(self, conversation_id: int) -> None:
        self.wait_for_saves()
        self._settings_view.commit_pending_edit()
        state = self.state
        state.conversation = self.store.get(conversation_id)
        state.sampling = state.conversation.sampling
        state.branch = self.store.branch(conversation_id, with_tokens=False)
        self._show_settings()
        self._show_header_template()
        self.refresh_list()
        self.load_conversation_model()
        self.conversation_opened.emit(conversation_id)

    def ensure_conversation(self) -> Conversation:
        """The conversation on screen, saved first if it is a new chat."""
        if self.state.conversation is None:
            change = self._settings_view.current_change()
            models = self._models.state
            conversation = self.store.create(
                model=models.name,
                model_path=models.loaded_path,
                system_prompt=change.system_prompt,
                sampling=self.state.sampling,
                overflow_policy=change.overflow_policy,
            )
            if change.template_override:
                conversation = self.store.update_settings(conversation.id, template_override=change.template_override)
            if change.fallback_local:
                conversation = self.store.update_settings(conversation.id, fallback_local=True)
            self.state.conversation = conversation
            self._settings_view.adopt_conversation_id(conversation.id)
        return self.state.conversation

    def reread_conversation(self) -> Conversation:
        """The conversation on screen as stored now (its first question titles it)."""
        conversation = self.ensure_conversation()
        self.state.conversation = self.store.get(conversation.id)
        return self.state.conversation

    def default_sampling(self) -> SamplingParams:
        name = self._models.state.name
        if name:
            default = self.store.model_default(name)
            if default is not None:
                return default
        return BUILTIN_PRESETS[DEFAULT_PRESET]

    def load_conversation_model(self) -> None:
        """Opening a conversation brings back the model it used, if that is still on this computer."""
        conversation = self.state.conversation
        models = self._models.state
        if conversation is None or not conversation.model_path or conversation.model_path == models.loaded_path:
            return
        if conversation.model_path == self._models.picked_path and not models.loaded_path:
            return  # unloaded on purpose: the next send loads it
        remote = parse_remote_ref(conversation.model_path)
        if remote is not None and remote.engine.lower() not in {e.name.lower() for e in list_engines()}:
            self.said.emit(
                self.tr("This conversation used {name} on the engine {engine}, which was removed.").format(
                    name=remote.model, engine=remote.engine
                ),
                10_000,
            )
            return
        if remote is None and not Path(conversation.model_path).is_file():
            self.said.emit(
                self.tr("This conversation used {name}, which is no longer on this computer.").format(
                    name=conversation.model or Path(conversation.model_path).stem
                ),
                10_000,
            )
            return
        if not self.state.answering:
            self._models.switch_model(conversation.model_path)

    # --- the branch on screen ------------------------------------------------------

    def delete_message(self, message_id: int) -> None:
        """Delete a message and what follows it; the branch shows its other version, if any."""
        self.state.branch = self.store.delete_message(message_id)
        if self.state.conversation is not None:
            self.state.conversation = self.store.get(self.state.conversation.id)
            self.state.branch = self.store.branch(self.state.conversation.id)
            self.branch_changed.emit()
        self.refresh_list()

    def show_other_version(self, message_id: int, step: int) -> None:
        """Page to the previous (-1) or next (+1) version of a message."""
        versions = self.store.siblings(message_id)
        index = versions.index(message_id) + step
        if 0 <= index < len(versions):
            self.state.branch = self.store.show_version(versions[index])
            self.branch_changed.emit()

    # --- deleting, with Undo -------------------------------------------------

    def delete_conversation(self, conversation_id: int) -> None:
        self.wait_for_saves()
        self.finish_pending_delete()
        self.store.delete(conversation_id)
        self.state.pending_delete = conversation_id
        self.conversation_deleted.emit(conversation_id)  # an answer being written there stops
        self.said.emit(self.tr("Conversation deleted."), UNDO_DELETE_MS)
        self._undo_button.show()
        self._undo_timer.start(UNDO_DELETE_MS)
        if self.state.conversation is not None and self.state.conversation.id == conversation_id:
            self.new_conversation()
        else:
            self.refresh_list()

    def undo_delete(self) -> None:
        restored = self.state.pending_delete
        if restored is not None:
            self.store.undelete(restored)
            self.state.pending_delete = None
            self._undo_timer.stop()
            self._undo_button.hide()
            self.said.emit("", 0)
            self.show_conversation(restored)

    def finish_pending_delete(self) -> None:
        pending = self.state.pending_delete
        if pending is not None:
            self.store.purge(pending)
            self._client.clear_cache(cache_owner(pending))  # its snapshots go with it
            self.state.pending_delete = None
        self._undo_button.hide()

    # --- rename, export, import --------------------------------------------------

    def rename(self, conversation_id: int, title: str) -> None:
        self.store.rename(conversation_id, title)
        if self.state.conversation is not None and self.state.conversation.id == conversation_id:
            self.state.conversation = self.store.get(conversation_id)
        self.refresh_list()

    def export(self, conversation_id: int) -> None:
        self.wait_for_saves()
        from app.conversations.export_dialogs import export_conversation

        export_conversation(self._dialog_parent, self.store, conversation_id)

    def import_conversation(self) -> None:
        from app.conversations.export_dialogs import import_conversation

        imported = import_conversation(self._dialog_parent, self.store)
        if imported is not None:
            self.show_conversation(imported.id)

    # --- settings -------------------------------------------------------------

    def _draft_conversation(self) -> Conversation:
        now = time.time()
        name = self._models.state.name
        path = self._models.state.loaded_path  # a new chat on a remote engine offers its fallback choice
        return Conversation(
            0, "", True, name, "", self.state.sampling, "drop_oldest", None, None, now, now, model_path=path
        )

    def _show_settings(self) -> None:
        shown = self.state.conversation or self._draft_conversation()
        self._settings_view.show_conversation(shown, self.store.presets(), self._models.state.template_short)

    def _show_header_template(self) -> None:
        conversation = self.state.conversation
        self._models.show_template_override(conversation.template_override if conversation else None)

    def _on_settings_changed(self, change: SettingsChange) -> None:
        shown = self.state.conversation.id if self.state.conversation else 0
        # 0 is the new chat on screen, saved by now if it is `shown`.
        if change.conversation_id not in (None, 0, shown):
            # Typed into a conversation that is no longer on screen: save it there.
            self.store.update_settings(change.conversation_id, system_prompt=change.system_prompt)
            return
        self.state.sampling = change.sampling
        conversation = self.ensure_conversation()
        self.state.conversation = self.store.update_settings(
            conversation.id,
            system_prompt=change.system_prompt,
            sampling=change.sampling,
            overflow_policy=change.overflow_policy,
            template_override=change.template_override,
            clear_template_override=change.template_override is None,
            fallback_local=change.fallback_local,
        )
        self._show_header_template()
        self.refresh_list()

    def set_fallback_local(self, conversation_id: int, on: bool) -> None:
        """Whether a conversation on a remote engine asks the model on this computer by itself when the
        engine does not answer (chosen under a failed answer; the Conversation tab's box says it too)."""
        conversation = self.store.update_settings(conversation_id, fallback_local=on)
        self._refresh_shown(conversation)

    def remember_model(self, conversation_id: int, path: str) -> None:
        """The conversation's model is `path` again (its remote engine, after this computer's model
        answered in its place), whatever model is loaded now."""
        ref = parse_remote_ref(path)
        name = ref.model if ref is not None else Path(path).stem
        self._refresh_shown(self.store.update_settings(conversation_id, model=name, model_path=path))

    def _refresh_shown(self, conversation: Conversation) -> None:
        if self.state.conversation is not None and self.state.conversation.id == conversation.id:
            self.state.conversation = conversation
            self._settings_view.show_fallback(conversation)  # only that part: a prompt being typed stays

    def _on_preset_saved(self, name: str, sampling: SamplingParams) -> None:
        self.store.save_preset(name, sampling)
        self._settings_view.set_user_presets(self.store.presets())

    def _on_model_default_requested(self, sampling: SamplingParams) -> None:
        name = self._models.state.name
        if name:
            self.store.set_model_default(name, sampling)
            self.said.emit(
                self.tr("New conversations with {model} will start with these settings.").format(model=name), 5000
            )

    def _on_model_loaded(self, event: Loaded) -> None:
        """The conversation on screen remembers the model that answers it now; the first model of the
        session brings its own default settings to the new chat."""
        info = event.info
        conversation = self.state.conversation
        if not event.restored_after_failure and conversation is not None and conversation.model_path != info.path:
            self.state.conversation = self.store.update_settings(conversation.id, model=info.name, model_path=info.path)
        self._show_header_template()
        first_model, self._had_a_model = not self._had_a_model, True
        if first_model and self.state.conversation is None and not self.state.branch:
            self.state.sampling = self.default_sampling()
        self._show_settings()

    # --- privacy, and closing --------------------------------------------------------------

    def delete_all_data(self) -> None:
        """Empty Hearth's data and cache folders (the user confirmed), then carry on with a fresh store."""
        from engine.store.data_wipe import delete_all_data

        self.data_deletion_started.emit()
        self.finish_pending_delete()
        self.wait_for_saves()
        self.store.close()
        freed = delete_all_data()
        self.store = ConversationStore()
        self.data_deleted.emit()
        self.new_conversation()
        self.said.emit(self.tr("All your data was deleted ({mb} freed).").format(mb=fmt.megabytes(freed)), 15_000)

    def close(self) -> None:
        """The window closes: a deletion Undo can no longer bring back goes for good, saves finish."""
        self.finish_pending_delete()
        self.wait_for_saves()
        self.store.close()
