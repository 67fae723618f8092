"""Get the context ready for a prompt, reading as few tokens as possible.

In order of preference: the live context (the conversation on screen), a RAM snapshot,
a disk snapshot, or nothing. Snapshots of whole exchanges are kept after each answer,
so switching back to a conversation, or reopening it after a restart, skips its prefill.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Protocol

from engine.chat_template import ChatTemplate, with_override
from engine.prefix_cache import PrefixCache, SnapshotFileError
from engine.protocol import Generate

logger = logging.getLogger(__name__)

# A snapshot is worth restoring only if it saves more than this over the live context:
# a restore copies the whole state (about 8 ms for 1,000 tokens of the starter model).
MIN_GAIN_TOKENS = 16
# Shorter exchanges are cheap to read again; not worth the memory.
MIN_SNAPSHOT_TOKENS = 32


class _Model(Protocol):
    kv_tokens: list[int]

    @property
    def can_cut_back(self) -> bool: ...
    def common_prefix(self, prompt: list[int]) -> int: ...
    def reuse_prefix(self, prompt: list[int]) -> int: ...
    def cut_back(self, length: int) -> None: ...
    def decode(self, tokens: list[int]) -> None: ...
    def save_state(self) -> bytes: ...
    def restore_state(self, tokens: tuple[int, ...], data: bytes) -> bool: ...


class _TemplateModel(Protocol):
    template: ChatTemplate

    def tokenize(self, text: str, add_special: bool = True) -> list[int]: ...


@dataclass(frozen=True)
class Reuse:
    cached_tokens: int
    source: str  # "live" | "ram" | "disk" | "none"


def prepare_context(model: _Model, cache: PrefixCache | None, prompt: list[int]) -> Reuse:
    """Leave the context holding the longest reusable prefix of `prompt`; say where it came from."""
    live = model.common_prefix(prompt)
    if cache is not None:
        hit = cache.lookup(prompt, partial_ok=model.can_cut_back, minimum=live + MIN_GAIN_TOKENS)
        if hit is not None:
            try:
                data = cache.read(hit)
                if model.restore_state(hit.snapshot.tokens, data):
                    cached = model.reuse_prefix(prompt)
                    if cached:
                        return Reuse(cached, hit.tier)
                else:
                    logger.warning("llama.cpp refused a %s snapshot of %d tokens", hit.tier, len(hit.snapshot.tokens))
            except SnapshotFileError:
                pass  # already deleted and logged; read the prompt instead
    cached = model.reuse_prefix(prompt)
    return Reuse(cached, "live" if cached else "none")


def settle_answer(model: _Model, prompt_len: int) -> None:
    """Read the answer just written again, as one batch, while the user reads it.

    llama.cpp computes a token's keys and values slightly differently when it decodes it
    alone (as while writing) than within a batch (as when reading a prompt): up to 0.5 in
    a logit on the starter model. Without this, the next answer after a reused history could
    differ from the one after a full read of the same prompt. Batches split anywhere give
    identical results (with flash attention off), so reading the answer as its own batch
    makes the history exactly what a full read computes."""
    answer = model.kv_tokens[prompt_len:]
    if not answer or not model.can_cut_back:
        return
    model.cut_back(prompt_len)
    model.decode(answer)


def keep_snapshot(
    model: _Model, cache: PrefixCache | None, owner: str | None, pinned: bool = False, persist: bool = True
) -> None:
    """After an answer: remember the context's memory of everything read and written so far."""
    tokens = tuple(model.kv_tokens)
    if cache is None or len(tokens) < MIN_SNAPSHOT_TOKENS or cache.contains(tokens):
        return
    snap = cache.put(tokens, model.save_state(), pinned=pinned, owner=owner)
    # An earlier snapshot of the same conversation that this one extends is no longer needed
    # (this one serves any prefix of it; on models that cannot cut back, only its whole prefix).
    if model.can_cut_back:
        for other in cache.snapshots():
            superseded = tokens[: len(other.tokens)] == other.tokens
            # Same conversation, or nobody's (a first turn from the command line has no owner yet).
            mine = owner in other.owners or not other.owners
            if other is not snap and not other.pinned and mine and superseded:
                cache.drop(other)
    if persist:
        # Written to disk behind the answer, so a restart (or a crash) keeps it.
        cache.persist_soon(snap)


def system_prompt_length(model: _TemplateModel, cmd: Generate, prompt: list[int]) -> int:
    """How many leading prompt tokens are the system prompt alone (0 if they cannot be told apart)."""
    messages = cmd.messages
    if not messages or messages[0].role != "system":
        return 0
    template = with_override(model.template, cmd.template_override)
    text = template.render(messages[:1], add_generation_prompt=False)
    tokens = model.tokenize(text, add_special=True)
    # The system part's tokens must be exactly where the whole prompt has them.
    if len(tokens) < MIN_SNAPSHOT_TOKENS or len(tokens) >= len(prompt) or prompt[: len(tokens)] != tokens:
        return 0
    return len(tokens)


def read_prompt(model: _Model, cache: PrefixCache | None, prompt: list[int], cached: int, pin_at: int = 0) -> None:
    """Read the prompt after its first `cached` tokens; stop at `pin_at` on the way to keep a
    pinned snapshot of the system prompt (splitting the read changes no result)."""
    if cache is not None and cached < pin_at < len(prompt) and not cache.contains(prompt[:pin_at]):
        model.decode(prompt[cached:pin_at])
        snap = cache.put(prompt[:pin_at], model.save_state(), pinned=True)
        cache.persist_soon(snap)
        cached = pin_at
    model.decode(prompt[cached:])
