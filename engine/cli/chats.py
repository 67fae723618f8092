"""`hearth chats …`: list, export, import and remove stored conversations, with no window.

The window and the command line share one database (engine.store.conversations.default_db_path).
Every failure the user can cause (an unknown name, a damaged file, a folder they cannot
write to) is a ChatsError: engine/cli/main.py prints it as one line and exits with 1.
"""

from __future__ import annotations

import json
import logging
import sqlite3
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import TextIO

from engine.cache.prefix_cache import cache_root, forget_owner_on_disk
from engine.store.chat_turn import cache_owner
from engine.store.conversations import ConversationStore
from engine.store.export import ImportFormatError, from_json, to_json, to_markdown
from engine.store.records import Conversation
from engine.store.schema import SchemaTooNewError

logger = logging.getLogger(__name__)

EXPORT_FORMATS = ("md", "json")


class ChatsError(RuntimeError):
    """Ends `hearth chats` with this one sentence on stderr and exit code 1."""


@contextmanager
def open_store(path: Path | None = None) -> Iterator[ConversationStore]:
    try:
        store = ConversationStore(path)
    except SchemaTooNewError as exc:
        raise ChatsError(str(exc)) from exc
    except (sqlite3.Error, OSError) as exc:
        raise ChatsError(f"Could not open the conversation database: {exc}.") from exc
    try:
        yield store
    except sqlite3.Error as exc:
        raise ChatsError(f"The conversation database failed: {exc}.") from exc
    finally:
        store.close()


def _find(store: ConversationStore, name_or_id: str) -> Conversation:
    conversation = store.find(name_or_id)
    if conversation is None:
        raise ChatsError(f"There is no conversation called “{name_or_id}”; `hearth chats list` shows them.")
    return conversation


def _stamp(epoch: float) -> str:
    return datetime.fromtimestamp(epoch).strftime("%Y-%m-%d %H:%M")


# --- the commands -----------------------------------------------------------------------


def list_chats(as_json: bool = False, out: TextIO = sys.stdout) -> int:
    """Conversations, the most recently used first."""
    with open_store() as store:
        summaries = store.summaries()
    if as_json:
        rows = [
            {
                "id": s.id,
                "title": s.title,
                "updated_at": s.updated_at,
                "updated": datetime.fromtimestamp(s.updated_at).isoformat(timespec="seconds"),
                "message_count": s.message_count,
            }
            for s in summaries
        ]
        out.write(json.dumps(rows, ensure_ascii=False) + "\n")
        return 0
    if not summaries:
        out.write("No conversations yet.\n")
        return 0
    width = max(2, *(len(str(s.id)) for s in summaries))
    out.write(f"{'ID':>{width}}  {'UPDATED':<16}  {'MSGS':>5}  TITLE\n")
    for s in summaries:
        out.write(f"{s.id:>{width}}  {_stamp(s.updated_at):<16}  {s.message_count:>5}  {s.title}\n")
    return 0


def export_chat(name_or_id: str, fmt: str = "md", output: str | None = None, out: TextIO = sys.stdout) -> int:
    """The branch on screen as Markdown, or everything as JSON; to `output`, or to `out`."""
    if fmt not in EXPORT_FORMATS:
        raise ChatsError(f"Unknown export format “{fmt}”; use md or json.")
    with open_store() as store:
        conversation = _find(store, name_or_id)
        if fmt == "md":
            text = to_markdown(store, conversation.id)
        else:
            text = json.dumps(to_json(store, conversation.id), ensure_ascii=False, indent=2) + "\n"
    if output is None:
        out.write(text)
        return 0
    try:
        Path(output).write_text(text, encoding="utf-8")
    except OSError as exc:
        raise ChatsError(f"Could not write {output}: {exc.strerror or exc}.") from exc
    return 0


def import_chat(path: str, out: TextIO = sys.stdout) -> int:
    """Add a conversation from a JSON export, as a new one; print its number and title."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise ChatsError(f"Could not read {path}: {exc.strerror or exc}.") from exc
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ChatsError(f"{path} is not a conversation exported from Hearth (it is not JSON).") from exc
    with open_store() as store:
        try:
            conversation = from_json(store, data)  # one transaction: a damaged file leaves nothing
        except Exception as exc:
            if isinstance(exc, ImportFormatError):
                raise ChatsError(str(exc)) from exc
            logger.info("import of %s failed", path, exc_info=True)
            raise ChatsError(f"This conversation file is damaged ({type(exc).__name__}: {exc}).") from exc
    out.write(f"Imported conversation {conversation.id}: {conversation.title}\n")
    return 0


def remove_chat(name_or_id: str, out: TextIO = sys.stdout) -> int:
    """Delete a conversation and all its messages for good."""
    with open_store() as store:
        conversation = _find(store, name_or_id)
        same_title = [s for s in store.summaries() if s.title == conversation.title]
        if len(same_title) > 1 and name_or_id == conversation.title:
            numbers = ", ".join(str(s.id) for s in same_title)
            raise ChatsError(
                f"{len(same_title)} conversations are called “{name_or_id}” ({numbers}); remove one by its number."
            )
        store.purge(conversation.id)
    # Its prefix-cache snapshots go with it.
    forget_owner_on_disk(cache_root(), cache_owner(conversation.id))
    out.write(f"Removed conversation {conversation.id}: {conversation.title}\n")
    return 0
