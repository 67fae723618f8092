"""Export and import dialogs: a conversation to Markdown or JSON, JSON back in."""

from __future__ import annotations

import json
import logging
from pathlib import Path

from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget

from app.error_texts import error_text
from engine.store.conversations import ConversationStore
from engine.store.export import ImportFormatError, from_json, to_json, to_markdown
from engine.store.records import Conversation

logger = logging.getLogger(__name__)


def tr(text: str) -> str:
    """Translate under this module's context (packaging/update_translations.py, MODULE_CONTEXTS)."""
    from PySide6.QtCore import QCoreApplication

    return QCoreApplication.translate("ExportDialogs", text)


def export_conversation(parent: QWidget, store: ConversationStore, conversation_id: int) -> Path | None:
    conversation = store.get(conversation_id)
    safe = "".join(ch if ch.isalnum() or ch in " -_" else "_" for ch in conversation.title).strip() or "conversation"
    path_text, chosen = QFileDialog.getSaveFileName(
        parent,
        tr("Export conversation"),
        str(Path.home() / f"{safe}.md"),
        tr("Markdown (*.md);;JSON, can be imported again (*.json)"),
    )
    if not path_text:
        return None
    path = Path(path_text)
    as_json = path.suffix.lower() == ".json" or "json" in chosen.lower()
    try:
        if as_json:
            text = json.dumps(to_json(store, conversation_id), ensure_ascii=False, indent=2)
        else:
            text = to_markdown(store, conversation_id)
        path.write_text(text, encoding="utf-8")
    except OSError as exc:
        QMessageBox.warning(
            parent,
            tr("Export conversation"),
            tr("The conversation could not be saved to {path}: {error}").format(path=path, error=exc.strerror),
        )
        return None
    return path


def import_conversation(parent: QWidget, store: ConversationStore) -> Conversation | None:
    path_text, _ = QFileDialog.getOpenFileName(
        parent, tr("Import conversation"), str(Path.home()), tr("Hearth conversation (*.json)")
    )
    if not path_text:
        return None
    try:
        data = json.loads(Path(path_text).read_text(encoding="utf-8"))
        return from_json(store, data)
    except (OSError, UnicodeDecodeError, json.JSONDecodeError, ImportFormatError) as exc:
        reason = (
            error_text(exc)
            if isinstance(exc, ImportFormatError)
            else tr("This file is not a conversation exported from Hearth.")
        )
        QMessageBox.warning(parent, tr("Import conversation"), reason)
        return None
