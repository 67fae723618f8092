"""Export a conversation as Markdown (the branch on screen) or JSON (everything), and import JSON back."""

from __future__ import annotations

import json
from dataclasses import asdict
from datetime import datetime
from typing import Any

from engine.errors import UserError
from engine.store.conversations import ConversationStore
from engine.store.records import MESSAGE_STATES, Conversation, sampling_from_json, sampling_to_json

EXPORT_FORMAT = "hearth.conversation"
EXPORT_VERSION = 1


class ImportFormatError(UserError, ValueError):
    """The file is not a conversation Hearth exported; the message says what is wrong."""


def to_markdown(store: ConversationStore, conversation_id: int) -> str:
    conversation = store.get(conversation_id)
    lines = [f"# {conversation.title}", ""]
    details = [f"Model: {conversation.model or 'not set'}", f"Saved: {_stamp(conversation.updated_at)}"]
    lines += [f"*{' · '.join(details)}*", ""]
    if conversation.system_prompt:
        lines += ["## System prompt", "", conversation.system_prompt, ""]
    for message in store.branch(conversation_id):
        heading = "You" if message.role == "user" else "Assistant"
        if message.state != "complete":
            heading += f" ({message.state})"
        lines += [f"## {heading}", "", message.text, ""]
    return "\n".join(lines).rstrip() + "\n"


def to_json(store: ConversationStore, conversation_id: int) -> dict[str, Any]:
    """Every message of every branch, with token ids and metrics, enough to restore it exactly."""
    conversation = store.get(conversation_id)
    return {
        "format": EXPORT_FORMAT,
        "version": EXPORT_VERSION,
        "conversation": {
            "title": conversation.title,
            "title_is_auto": conversation.title_is_auto,
            "model": conversation.model,
            "system_prompt": conversation.system_prompt,
            "sampling": json.loads(sampling_to_json(conversation.sampling)),
            "overflow_policy": conversation.overflow_policy,
            "template_override": conversation.template_override,
            "current_leaf_id": conversation.current_leaf_id,
            "created_at": conversation.created_at,
            "updated_at": conversation.updated_at,
        },
        "messages": [{**asdict(m), "token_ids": list(m.token_ids)} for m in store.all_messages(conversation_id)],
    }


def from_json(store: ConversationStore, data: Any) -> Conversation:
    """Restore an exported conversation as a new one; message ids are renumbered, links kept."""
    if not isinstance(data, dict) or data.get("format") != EXPORT_FORMAT:
        raise ImportFormatError("conversation_file.not_hearth")
    if not isinstance(data.get("version"), int) or data["version"] > EXPORT_VERSION:
        raise ImportFormatError("conversation_file.too_new")
    with store.transaction():  # a damaged file leaves nothing behind
        return _restore(store, data)


def _restore(store: ConversationStore, data: dict[str, Any]) -> Conversation:
    try:
        meta = data["conversation"]
        messages = sorted(data["messages"], key=lambda m: m["id"])
        conversation = store.create(
            title=meta["title"],
            model=meta.get("model", ""),
            system_prompt=meta.get("system_prompt", ""),
            sampling=sampling_from_json(json.dumps(meta.get("sampling", {}))),
            overflow_policy=meta.get("overflow_policy", "drop_oldest"),
        )
        if meta.get("template_override"):
            store.update_settings(conversation.id, template_override=meta["template_override"])
        new_ids: dict[int, int] = {}
        for m in messages:
            if m["role"] not in ("user", "assistant") or m["state"] not in MESSAGE_STATES:
                raise ImportFormatError("conversation_file.bad_message", id=m["id"])
            parent = new_ids.get(m["parent_id"]) if m["parent_id"] is not None else None
            if m["parent_id"] is not None and parent is None:
                raise ImportFormatError("conversation_file.orphan_message", id=m["id"])
            stored = store.add_message(
                conversation.id,
                parent,
                m["role"],
                m["text"],
                state=m["state"],
                token_ids=[int(t) for t in m.get("token_ids") or []],
                token_start=m.get("token_start"),
                token_model=m.get("token_model"),
                metrics=m.get("metrics"),
            )
            if m.get("error"):
                store.update_message(stored.id, error=m["error"])
            if m.get("sources"):
                store.update_message(stored.id, sources=_sources(m["sources"]))
            new_ids[m["id"]] = stored.id
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        if isinstance(exc, ImportFormatError):
            raise
        raise ImportFormatError("conversation_file.damaged", problem=exc) from exc
    leaf = new_ids.get(meta.get("current_leaf_id") or -1)
    if leaf is not None:
        store.show_version(leaf)
    store.rename(conversation.id, meta["title"])  # the first question must not replace the exported title
    return store.get(conversation.id)


def _sources(items: Any) -> list[dict[str, Any]]:
    """An answer's sources as the file gives them, each checked to be what grounding.Source writes:
    they are shown under the answer, and their paths are opened on a click."""
    if not isinstance(items, list):
        raise TypeError("sources is not a list")
    sources = []
    for item in items:
        page = item["page"]
        if not isinstance(item["number"], int) or not (page is None or isinstance(page, int)):
            raise TypeError("a source's number or page is not a number")
        path, section, excerpt = str(item["path"]), str(item.get("section", "")), str(item.get("excerpt", ""))
        sources.append({"number": item["number"], "path": path, "page": page, "section": section, "excerpt": excerpt})
    return sources


def _stamp(epoch: float) -> str:
    return datetime.fromtimestamp(epoch).strftime("%Y-%m-%d %H:%M")
