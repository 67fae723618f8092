"""The main window's conversations: the list on the left (new, open, delete with Undo, rename,
export, import), each conversation's settings, and "Delete all my data".

A base class of MainWindow, as app/controllers/model_switching.py is (kept apart so that the window's file
stays about sending and streaming); the attributes below are the window's, set up by
MainWindow._build."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QLabel, QPushButton

from app import formatting as fmt
from app.chat.branch_rows import BranchRows
from app.chat.chat_view import ChatView
from app.chat.composer import Composer
from app.chat.message_bubble import MessageBubble
from app.controllers.model_switching import ModelSwitchingMixin
from app.conversations.conversation_list import ConversationListView
from app.conversations.conversation_settings import ConversationSettingsView, SettingsChange
from app.panels.cache_view import CacheView
from engine.presets import BUILTIN_PRESETS, DEFAULT_PRESET
from engine.protocol import SamplingParams
from engine.store.chat_turn import cache_owner
from engine.store.conversations import ConversationStore
from engine.store.records import Conversation, StoredMessage

UNDO_DELETE_MS = 10_000


class ConversationHandlingMixin(ModelSwitchingMixin):
    conversation_shown: Any  # MainWindow's Signal(int)
    settings_view: ConversationSettingsView
    conversation_list: ConversationListView
    chat_view: ChatView
    composer: Composer
    cache_view: CacheView
    template_label: QLabel
    undo_button: QPushButton
    _undo_timer: QTimer
    branch: list[StoredMessage]
    sampling: SamplingParams
    model_name: str
    model_template_name: str
    model_template_short: str
    _answer_bubble: MessageBubble | None
    _pending_delete: int | None

    # MainWindow's, about the answer being written:
    def wait_for_saves(self) -> None:
        raise NotImplementedError

    def cancel_edit(self) -> None:
        raise NotImplementedError

    def stop(self) -> None:
        raise NotImplementedError

    def _update_status_note(self) -> None:
        raise NotImplementedError

    def _end_answer(self, state: str, metrics: dict[str, object] | None = None, error: str | None = None) -> None:
        raise NotImplementedError

    # --- the list of conversations --------------------------------------------

    def refresh_conversation_list(self) -> None:
        summaries = self.store.summaries(self.conversation_list.search_box.text())
        current = self.conversation.id if self.conversation else None
        self.conversation_list.set_conversations(summaries, current)
        self.conversation_list.set_generating(self.generation.conversation_id if self.generation else None)

    def new_conversation(self) -> None:
        """Show an empty chat; it is saved when the first message is sent (or a setting changes)."""
        self.settings_view.commit_pending_edit()  # a system prompt still being typed belongs to the old chat
        self.cancel_edit()
        self.conversation = None
        self.branch = []
        self.sampling = self._default_sampling()
        self.chat_view.clear()
        self._answer_bubble = None
        self._show_settings()
        self.refresh_conversation_list()
        self._update_status_note()
        self.composer.setFocus()
        self.conversation_shown.emit(0)

    def show_conversation(self, conversation_id: int) -> None:
        self.wait_for_saves()
        self.settings_view.commit_pending_edit()
        self.cancel_edit()
        self.conversation = self.store.get(conversation_id)
        self.sampling = self.conversation.sampling
        self.branch = self.store.branch(conversation_id, with_tokens=False)
        self._show_branch()
        self._show_settings()
        self._update_header_template()
        self.refresh_conversation_list()
        self._update_status_note()
        self.load_conversation_model()
        self.conversation_shown.emit(conversation_id)

    def _ensure_conversation(self) -> Conversation:
        if self.conversation is None:
            change = self.settings_view.current_change()
            self.conversation = self.store.create(
                model=self.model_name,
                model_path=self.loaded_path,
                system_prompt=change.system_prompt,
                sampling=self.sampling,
                overflow_policy=change.overflow_policy,
            )
            if change.template_override:
                self.conversation = self.store.update_settings(
                    self.conversation.id, template_override=change.template_override
                )
            self.settings_view.adopt_conversation_id(self.conversation.id)
        return self.conversation

    def _default_sampling(self) -> SamplingParams:
        if self.model_name:
            default = self.store.model_default(self.model_name)
            if default is not None:
                return default
        return BUILTIN_PRESETS[DEFAULT_PRESET]

    def _show_branch(self) -> None:
        self.chat_view.show_rows(BranchRows(self.store, self.branch, self.model_name))
        self._answer_bubble = None
        generation = self.generation
        if generation is not None and self.conversation and generation.conversation_id == self.conversation.id:
            # Switching back to a conversation that is still answering: stream on into its bubble.
            bubble = self.chat_view.bubble_for(generation.message_id)
            if bubble is not None:
                bubble.append(generation.writer.text[len(bubble.text) :])
                bubble.show_new_text()
                self._answer_bubble = bubble
                self.chat_view.begin_stream(bubble)
        self.chat_view.set_busy(self.generation is not None)

    def _reload_branch(self) -> None:
        if self.conversation is not None:
            self.conversation = self.store.get(self.conversation.id)
            self.branch = self.store.branch(self.conversation.id)
            self._show_branch()

    def delete_conversation(self, conversation_id: int) -> None:
        self.wait_for_saves()
        if self.generation is not None and self.generation.conversation_id == conversation_id:
            self.stop()
        self._finish_pending_delete()
        self.store.delete(conversation_id)
        self._pending_delete = conversation_id
        self.statusBar().showMessage(self.tr("Conversation deleted."), UNDO_DELETE_MS)
        self.undo_button.show()
        self._undo_timer.start(UNDO_DELETE_MS)
        if self.conversation is not None and self.conversation.id == conversation_id:
            self.new_conversation()
        else:
            self.refresh_conversation_list()

    def _on_undo_clicked(self) -> None:
        if self._pending_delete is not None:
            self.store.undelete(self._pending_delete)
            restored = self._pending_delete
            self._pending_delete = None
            self._undo_timer.stop()
            self.undo_button.hide()
            self.statusBar().clearMessage()
            self.show_conversation(restored)

    def _on_undo_expired(self) -> None:
        self._finish_pending_delete()

    def _finish_pending_delete(self) -> None:
        if self._pending_delete is not None:
            self.store.purge(self._pending_delete)
            self.client.clear_cache(cache_owner(self._pending_delete))  # its snapshots go with it
            self._pending_delete = None
        self.undo_button.hide()

    def _on_rename_requested(self, conversation_id: int, title: str) -> None:
        self.store.rename(conversation_id, title)
        if self.conversation is not None and self.conversation.id == conversation_id:
            self.conversation = self.store.get(conversation_id)
        self.refresh_conversation_list()

    def _on_export_requested(self, conversation_id: int) -> None:
        self.wait_for_saves()
        from app.conversations.export_dialogs import export_conversation

        export_conversation(self, self.store, conversation_id)

    def _on_import_requested(self) -> None:
        from app.conversations.export_dialogs import import_conversation

        imported = import_conversation(self, self.store)
        if imported is not None:
            self.show_conversation(imported.id)

    # --- settings -------------------------------------------------------------

    def _draft_conversation(self) -> Conversation:
        now = time.time()
        return Conversation(0, "", True, self.model_name, "", self.sampling, "drop_oldest", None, None, now, now)

    def _show_settings(self) -> None:
        shown = self.conversation or self._draft_conversation()
        self.settings_view.show_conversation(shown, self.store.presets(), self.model_template_short)

    def _on_settings_changed(self, change: SettingsChange) -> None:
        shown = self.conversation.id if self.conversation else 0
        # 0 is the new chat on screen, saved by now if it is `shown`.
        if change.conversation_id not in (None, 0, shown):
            # Typed into a conversation that is no longer on screen: save it there.
            self.store.update_settings(change.conversation_id, system_prompt=change.system_prompt)
            return
        self.sampling = change.sampling
        conversation = self._ensure_conversation()
        self.conversation = self.store.update_settings(
            conversation.id,
            system_prompt=change.system_prompt,
            sampling=change.sampling,
            overflow_policy=change.overflow_policy,
            template_override=change.template_override,
            clear_template_override=change.template_override is None,
        )
        self._update_header_template()
        self.refresh_conversation_list()

    def _on_preset_saved(self, name: str, sampling: SamplingParams) -> None:
        self.store.save_preset(name, sampling)
        self.settings_view.set_user_presets(self.store.presets())

    def _on_model_default_requested(self, sampling: SamplingParams) -> None:
        if self.model_name:
            self.store.set_model_default(self.model_name, sampling)
            self.statusBar().showMessage(
                self.tr("New conversations with {model} will start with these settings.").format(model=self.model_name),
                5000,
            )

    def _update_header_template(self) -> None:
        override = self.conversation.template_override if self.conversation else None
        if override:
            self.template_label.setText(
                self.tr("chat format: {name} (chosen for this conversation)").format(name=override)
            )
            self.template_label.setToolTip(self.tr("You picked this chat format in the conversation settings."))
        elif self.model_template_name:
            self.template_label.setText(self.model_template_name)

    # --- privacy --------------------------------------------------------------

    def delete_all_data(self) -> None:
        """Empty Hearth's data and cache folders (the user confirmed), then carry on with a fresh store."""
        from engine.paths import models_dir
        from engine.store.data_wipe import delete_all_data

        if self.generation is not None:
            self._end_answer("interrupted")
        self._finish_pending_delete()
        self.wait_for_saves()
        self.close_models_window()  # a running download's part is about to go
        self.client.clear_cache()  # the engine forgets its snapshots (their files go below)
        if self.loaded_path and Path(self.loaded_path).is_relative_to(models_dir()):
            self.unload_model()  # its file is about to go
        self.store.close()
        freed = delete_all_data()
        self.store = ConversationStore()
        self.cache_view.set_budgets(*self.cache_budgets())
        self.new_conversation()
        self.statusBar().showMessage(
            self.tr("All your data was deleted ({mb} freed).").format(mb=fmt.megabytes(freed)), 15_000
        )
