"""Get the context ready for a prompt, reading as few tokens as possible.

In order of preference: the live context (the conversation on screen), a RAM snapshot,
a disk snapshot, or nothing. Snapshots of whole exchanges are kept after each answer,
so switching back to a conversation, or reopening it after a restart, skips its prefill.

Reuse must never change an answer, and llama.cpp's CPU kernels are not batch-invariant: a
token's keys and values (and the logits) come out slightly different with the batch it was
read in. A token read alone goes through ggml's vec_dot, one in a batch through tinyBLAS
(F16, Q8_0, Q4_0, Q5_0, IQ4_NL weights), whose small batches (2 to 7 tokens) take yet
another path; and repacked weights (the full kernel set: Q4_0, Q4_K, Q8_0, IQ4_NL) are
multiplied four tokens at a time, the rest one by one, so a token's result depends on its
place in the batch. Up to 0.9 in a logit on Gemma 3 270M, enough to change a greedy answer.

So every prompt is read on one schedule that depends only on the conversation, never on
what happened to be cached: from the start of each message as the store keeps them
(`Generate.history_segments`), from the end of a pinned system prompt, and from where the
new turn begins, each read going on in batches of n_batch (`engine.prompt.assembly.reading_plan`). The context
and every snapshot remember where their reads began (`LlamaModel.kv_bounds`,
`Snapshot.bounds`), and a prompt reuses them only up to a point where both began at the
same places (`prefix_cache.reusable_length`). An answer, written one token at a time, is
read again as one read from its start once it is finished and the engine is idle (the
scheduler's settling, engine/runtime/scheduler.py; `settle_answer` here for one sequence), as
a full read of the next prompt reads it. Then every token in a reused context was computed in
the very same batch, at the very same place, as in a full read: the numbers are identical, not
close. A turn sent the moment the answer ends, before the engine was idle, reuses the answer as
written (close, not identical), and so do tokens computed next to other answers' tokens.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from engine.cache.prefix_cache import PrefixCache, SnapshotFileError
from engine.protocol import CacheSource

logger = logging.getLogger(__name__)

# A snapshot is worth restoring only if it saves more than this over the live context:
# a restore copies the whole state (about 8 ms for 1,000 tokens of the starter model).
MIN_GAIN_TOKENS = 16
# Shorter exchanges are cheap to read again; not worth the memory.
MIN_SNAPSHOT_TOKENS = 32


class _Model(Protocol):
    """One sequence's memory: engine.runtime.sequence.SequenceMemory, or a LlamaModel (its sequence 0)."""

    @property
    def kv_tokens(self) -> list[int]: ...
    @property
    def kv_bounds(self) -> list[int]: ...
    @property
    def kv_floor(self) -> int: ...
    @property
    def n_ctx(self) -> int: ...
    @property
    def n_swa(self) -> int: ...
    @property
    def can_cut_back(self) -> bool: ...
    def reusable_prefix(self, prompt: Sequence[int], segments: Sequence[int] | None = None) -> int: ...
    def reuse_prefix(self, prompt: list[int], segments: Sequence[int] | None = None) -> int: ...
    def cut_back(self, length: int) -> None: ...
    def decode(self, tokens: list[int]) -> None: ...
    def save_state(self) -> bytes: ...
    def restore_state(self, tokens: tuple[int, ...], data: bytes, bounds: Sequence[int] = ()) -> bool: ...
    def whole_only(self, n_tokens: int) -> bool: ...


@dataclass(frozen=True)
class Reuse:
    cached_tokens: int
    source: CacheSource


@dataclass(frozen=True)
class PromptState:
    """The context's memory right after it read a prompt, for models that cannot cut back to it."""

    tokens: tuple[int, ...]
    data: bytes
    bounds: tuple[int, ...]

    @classmethod
    def of(cls, model: _Model) -> PromptState:
        return cls(tuple(model.kv_tokens), model.save_state(), tuple(model.kv_bounds))


def prepare_context(
    model: _Model, cache: PrefixCache | None, prompt: list[int], segments: Sequence[int] | None = None
) -> Reuse:
    """Leave the context holding the longest reusable prefix of `prompt`, to be read from
    `segments` (engine.prompt.assembly.reading_plan); say where it came from."""
    live = model.reusable_prefix(prompt, segments)
    if cache is not None:
        hit = cache.lookup(
            prompt,
            partial_ok=model.can_cut_back,
            minimum=live + MIN_GAIN_TOKENS,
            segments=segments,
            window=max(0, model.n_swa),
        )
        if hit is not None:
            try:
                data = cache.read(hit)
                if model.restore_state(hit.snapshot.tokens, data, hit.snapshot.bounds):
                    cached = model.reuse_prefix(prompt, segments)
                    if cached:
                        return Reuse(cached, hit.tier)
                else:
                    logger.warning("llama.cpp refused a %s snapshot of %d tokens", hit.tier, len(hit.snapshot.tokens))
            except SnapshotFileError:
                pass  # already deleted and logged; read the prompt instead
    cached = model.reuse_prefix(prompt, segments)
    return Reuse(cached, "live" if cached else "none")


def read_prompt(
    model: _Model,
    cache: PrefixCache | None,
    prompt: list[int],
    segments: Sequence[int],
    *,
    cached: int,
    pin_at: int = 0,
) -> None:
    """Read the prompt after its first `cached` tokens (a segment's start), one read per segment
    (engine.prompt.assembly.reading_plan). At `pin_at` on the way, keep a pinned snapshot of the system prompt."""
    ends = [*segments[1:], len(prompt)]
    for start, end in zip(segments, ends, strict=True):
        if end <= cached:
            continue
        model.decode(prompt[max(start, cached) : end])
        keep_pinned(model, cache, prompt, pin_at, end)


def keep_pinned(model: _Model, cache: PrefixCache | None, prompt: Sequence[int], pin_at: int, end: int) -> None:
    """A read that ended at `end`: if that is where the pinned system prompt ends, keep its snapshot for good."""
    if cache is not None and end == pin_at < len(prompt) and not cache.contains(prompt[:pin_at]):
        snap = cache.put(prompt[:pin_at], model.save_state(), pinned=True, bounds=model.kv_bounds)
        cache.persist_soon(snap)


def settle_answer(
    model: _Model, prompt: Sequence[int], answer: Sequence[int], prompt_state: PromptState | None = None
) -> None:
    """Read the answer just written again, as one read from its start, while the user reads it.

    While writing, the model decoded the answer one token at a time; a full read of the next
    prompt reads it within a batch, which computes its keys and values differently (see the
    module's notes). Reading it again makes the history exactly what a full read computes.
    A model that cannot cut back goes back to `prompt_state` (taken after the prompt was read)
    instead; without one, the answer stays as written and is not reused."""
    answer = list(answer[: max(0, model.n_ctx - len(prompt))])
    if not answer:
        return
    if model.can_cut_back:
        kept = model.kv_tokens[: len(prompt)] == list(prompt) and len(prompt) in model.kv_bounds
        if not kept or len(prompt) < model.kv_floor:
            return
        model.cut_back(len(prompt))
    elif prompt_state is None or prompt_state.tokens != tuple(prompt):
        return
    elif not model.restore_state(prompt_state.tokens, prompt_state.data, prompt_state.bounds):
        logger.warning("llama.cpp refused the state of the prompt just read; the answer is not reused")
        return
    model.decode(answer)


def keep_snapshot(
    model: _Model, cache: PrefixCache | None, owner: str | None, pinned: bool = False, persist: bool = True
) -> None:
    """After an answer: remember the context's memory of everything read and written so far."""
    tokens = tuple(model.kv_tokens)
    bounds = tuple(model.kv_bounds)
    if cache is None or len(tokens) < MIN_SNAPSHOT_TOKENS or cache.contains(tokens, bounds):
        return
    if not bounds or bounds[-1] != len(tokens):
        return  # an answer that could not be read again: its tokens are not what a full read gives
    snap = cache.put(tokens, model.save_state(), pinned=pinned, owner=owner, bounds=bounds)
    # An earlier snapshot of the same conversation that this one extends is no longer needed
    # (this one serves any prefix of it that ends where its reads ended; on models that cannot
    # cut back, or past a sliding window, only its whole prefix).
    if model.can_cut_back and not model.whole_only(len(tokens)):
        for other in cache.snapshots():
            n = len(other.tokens)
            superseded = tokens[:n] == other.tokens and other.bounds == tuple(b for b in bounds if b <= n)
            # Same conversation, or nobody's (a first turn from the command line has no owner yet).
            mine = owner in other.owners or not other.owners
            if other is not snap and not other.pinned and mine and superseded:
                cache.drop(other)
    if persist:
        # Written to disk behind the answer, so a restart (or a crash) keeps it.
        cache.persist_soon(snap)
