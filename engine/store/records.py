"""What the store hands out: plain frozen dataclasses, safe to pass between threads."""

from __future__ import annotations

import array
import json
import sys
from dataclasses import asdict, dataclass, fields
from typing import Any, Literal, get_args

from engine.protocol import API_ONLY_SAMPLING, OverflowPolicy, Role, SamplingParams

MessageState = Literal["complete", "partial", "interrupted", "error"]
MESSAGE_STATES: tuple[MessageState, ...] = get_args(MessageState)
OVERFLOW_POLICIES: tuple[OverflowPolicy, ...] = ("drop_oldest", "stop")


@dataclass(frozen=True)
class Conversation:
    id: int
    title: str
    title_is_auto: bool
    model: str
    system_prompt: str
    sampling: SamplingParams
    overflow_policy: OverflowPolicy  # "drop_oldest" keeps the system prompt and drops the oldest turns; "stop" refuses
    template_override: str | None  # a built-in template name; None: the model's own
    current_leaf_id: int | None  # the last message of the branch on screen
    created_at: float
    updated_at: float
    model_path: str = ""  # the model file it last used ("" before any answer): opening it loads that model
    document_sets: tuple[str, ...] = ()  # the document sets its answers come from (engine/docs/)
    # On a remote engine that does not answer: ask the model on this computer at once (True), or only
    # offer to (False). The conversation keeps its remote engine either way and tries it first.
    fallback_local: bool = False


@dataclass(frozen=True)
class ConversationSummary:
    id: int
    title: str
    updated_at: float
    message_count: int
    snippet: str  # for a search hit in the text: the words around it; else ""
    title_is_auto: bool = False  # the title is Hearth's (the default, or the first question), not the user's


@dataclass(frozen=True)
class StoredMessage:
    id: int
    conversation_id: int
    parent_id: int | None
    role: Role  # "user" | "assistant"
    text: str
    state: MessageState
    # The exact tokens the model read (a question: the part of the prompt after `token_start`
    # tokens of the branch before it) or wrote (an answer), and which model's vocabulary they are in.
    token_ids: tuple[int, ...]
    token_start: int | None
    token_model: str | None
    metrics: dict[str, Any] | None
    error: str | None
    created_at: float
    updated_at: float
    # An answer from documents: the excerpts it was given, numbered as it cites them.
    sources: tuple[dict[str, Any], ...] = ()


# --- encodings shared by the store and the answer writer ------------------------------


def encode_tokens(token_ids: tuple[int, ...] | list[int]) -> bytes | None:
    """Token ids as little-endian int32, 4 bytes each (JSON would take about 7)."""
    if not token_ids:
        return None
    packed = array.array("i", token_ids)
    if sys.byteorder == "big":
        packed.byteswap()
    return packed.tobytes()


def decode_tokens(blob: bytes | None) -> tuple[int, ...]:
    if not blob:
        return ()
    packed = array.array("i")
    packed.frombytes(blob)
    if sys.byteorder == "big":
        packed.byteswap()
    return tuple(packed)


def sampling_to_json(sampling: SamplingParams) -> str:
    kept = {k: v for k, v in asdict(sampling).items() if k not in API_ONLY_SAMPLING}
    return json.dumps(kept, sort_keys=True)


def sampling_from_json(text: str | None) -> SamplingParams:
    """Unknown keys (from a newer Hearth) are ignored; missing ones take the defaults."""
    try:
        raw = json.loads(text) if text else {}
    except json.JSONDecodeError:
        raw = {}
    known = {f.name for f in fields(SamplingParams)} - set(API_ONLY_SAMPLING)
    return SamplingParams(**{k: v for k, v in raw.items() if k in known}) if isinstance(raw, dict) else SamplingParams()
