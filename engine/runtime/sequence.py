"""One sequence of a llama.cpp context: the exact tokens its memory holds, and how they were read.

A context keeps several sequences (slots, `n_seq_max`), each in its own KV stream unless the
cache is unified. Each sequence is read, cut back, saved, restored and copied on its own, so
the prefix cache (engine/cache/prompt_reuse.py) works on any of them as it did on the one.
"""

from __future__ import annotations

import ctypes
from collections.abc import Sequence
from typing import TYPE_CHECKING

import llama_cpp

if TYPE_CHECKING:
    from engine.runtime.llama_runtime import LlamaModel


class DecodeAbortedError(RuntimeError):
    """A read stopped part-way because the engine was asked something (LlamaModel.abortable)."""


class DecodeError(RuntimeError):
    pass


class SequenceMemory:
    """Sequence `seq_id` of `model`'s context. Not thread-safe, like the model."""

    def __init__(self, model: LlamaModel, seq_id: int) -> None:
        self.model = model
        self.seq_id = seq_id
        # Exact token ids whose keys and values are in this sequence now.
        self.kv_tokens: list[int] = []
        # Where each read of kv_tokens began, and where the last whole one ended (see `decode`).
        self.kv_bounds: list[int] = []
        # The memory cannot be cut back to fewer tokens than this (see `_keep_window`).
        self.kv_floor = 0

    # --- what the prefix cache asks (engine/cache/prompt_reuse.py's _Model) --------------

    @property
    def n_ctx(self) -> int:
        return int(self.model.n_ctx)

    @property
    def n_swa(self) -> int:
        return int(self.model.n_swa)

    @property
    def can_cut_back(self) -> bool:
        return self.model.can_cut_back

    def common_prefix(self, prompt: Sequence[int]) -> int:
        from engine.cache.prefix_cache import common_prefix

        return common_prefix(self.kv_tokens, prompt)

    def reusable_prefix(self, prompt: Sequence[int], segments: Sequence[int] | None = None) -> int:
        """How many leading prompt tokens `reuse_prefix` would keep (without changing anything)."""
        return self.reusable_of(self.kv_tokens, self.kv_bounds, prompt, segments)

    def reusable_of(
        self, tokens: Sequence[int], bounds: Sequence[int], prompt: Sequence[int], segments: Sequence[int] | None
    ) -> int:
        """How much of a memory of `tokens`, read from `bounds`, a prompt read from `segments` can keep."""
        from engine.cache.prefix_cache import common_prefix, reusable_length

        # At least one token must be decoded again: the context keeps no logits to sample from.
        common = min(common_prefix(tokens, prompt), len(prompt) - 1)
        if segments is not None:
            common = reusable_length(bounds, segments, common)
        floor = len(tokens) if self.model.whole_only(len(tokens)) else 0
        if common < len(tokens) and not (self.can_cut_back and common >= floor):
            return 0  # recurrent memories, and windows kept alone, cannot be cut back there
        return max(0, common)

    def reuse_prefix(self, prompt: list[int], segments: Sequence[int] | None = None) -> int:
        """Keep the longest valid shared prefix of this sequence; return its length."""
        common = self.reusable_prefix(prompt, segments)
        if common == 0:
            self.clear()
            return 0
        if common < len(self.kv_tokens) and not self._rm(common):
            self.clear()
            return 0
        self._forget_after(common)
        return common

    def cut_back(self, length: int) -> None:
        """Forget every token after the first `length` (only where `can_cut_back`, and not below `kv_floor`)."""
        if length < len(self.kv_tokens):
            if length < self.kv_floor or not self._rm(length):
                raise DecodeError(f"llama.cpp could not cut the context back to {length} tokens")
            self._forget_after(length)

    def whole_only(self, n_tokens: int) -> bool:
        return self.model.whole_only(n_tokens)

    def clear(self) -> None:
        llama_cpp.llama_memory_seq_rm(self.model.memory, self.seq_id, -1, -1)
        self.kv_tokens.clear()
        self.kv_bounds.clear()
        self.kv_floor = 0

    def _rm(self, length: int) -> bool:
        return bool(llama_cpp.llama_memory_seq_rm(self.model.memory, self.seq_id, length, -1))

    def _forget_after(self, length: int) -> None:
        del self.kv_tokens[length:]
        self.kv_bounds = [b for b in self.kv_bounds if b <= length]

    # --- reading -------------------------------------------------------------------

    def decode(self, tokens: list[int]) -> None:
        """Read `tokens` as one read, in batches of n_batch from the first.

        llama.cpp's CPU kernels compute a token's keys and values slightly differently with
        the batch it is in (its size, and the token's place in it), so `kv_bounds` records
        where each read began: one that begins where the last whole read ended adds its end.
        Tokens written one at a time while answering are after the last bound."""
        began_at = len(self.kv_tokens)
        n_batch = self.model.n_batch
        for start in range(0, len(tokens), n_batch):
            self.read_chunk(tokens[start : start + n_batch])
        self.end_read(began_at)

    def read_chunk(self, chunk: list[int]) -> None:
        """Read up to n_batch tokens as one llama_decode of this sequence alone (part of a read)."""
        if not chunk:
            return
        try:
            self.model.decode_alone(self.seq_id, chunk, len(self.kv_tokens))
        except DecodeAbortedError:
            # llama.cpp removed the aborted ubatch; remove any ubatch of the chunk it had finished.
            self._rm(len(self.kv_tokens))
            raise
        self.kv_tokens.extend(chunk)

    def end_read(self, began_at: int) -> None:
        """A read that began at `began_at` is whole: record its end if it began where the last one ended."""
        whole = self.kv_bounds[-1] == began_at if self.kv_bounds else began_at == 0
        if whole and len(self.kv_tokens) > began_at:
            self.kv_bounds = [*(self.kv_bounds or [0]), len(self.kv_tokens)]
            self._keep_window()

    def wrote(self, token: int) -> None:
        """A sampled token went into the memory in a decode step (after the last bound)."""
        self.kv_tokens.append(token)

    def _keep_window(self) -> None:
        """Sliding-window models: after a read that ends past the window, keep only the window.

        llama.cpp saves a sliding-window memory without the tokens the window has left
        (llama_state_seq_get_data), so a restored one holds the window alone, packed at the
        start of the cache, where a memory read without pause holds every token in its place.
        The attention then adds the same numbers in another order: up to 1.0 in a logit on
        Gemma 3 270M past 512 tokens. So the window is packed in the same way (saved and
        restored) after every whole read, with the cache and without, and a restore changes
        nothing. The tokens it let go cannot come back: no cutting back below here."""
        if self.n_swa <= 0 or len(self.kv_tokens) <= self.n_swa:
            return
        tokens, bounds = tuple(self.kv_tokens), list(self.kv_bounds)
        if not self.restore_state(tokens, self.save_state(), bounds):
            raise DecodeError("llama.cpp refused to restore the state it had just saved")

    # --- state (prefix cache) ---------------------------------------------------------

    def save_state(self) -> bytes:
        """This sequence's memory of `kv_tokens`, as bytes llama.cpp can restore into any sequence."""
        ctx = self.model.context
        size = int(llama_cpp.llama_state_seq_get_size(ctx, self.seq_id))
        buf = (ctypes.c_ubyte * size)()
        written = int(llama_cpp.llama_state_seq_get_data(ctx, buf, size, self.seq_id))
        return ctypes.string_at(buf, written)

    def restore_state(self, tokens: tuple[int, ...], data: bytes, bounds: Sequence[int] = ()) -> bool:
        """Replace this sequence's memory with a saved one for `tokens`, read from `bounds` (its
        kv_bounds when saved); False if llama.cpp refused it."""
        self.clear()
        buf = (ctypes.c_ubyte * len(data)).from_buffer_copy(data)
        read = int(llama_cpp.llama_state_seq_set_data(self.model.context, buf, len(data), self.seq_id))
        if read == 0:
            self.clear()
            return False
        self._took(tokens, bounds)
        return True

    def copy_from(self, other: SequenceMemory, length: int) -> None:
        """Make this sequence hold the first `length` tokens of `other`, without reading them
        (llama_memory_seq_cp: cells shared in a unified cache, the stream copied otherwise)."""
        tokens, bounds = tuple(other.kv_tokens[:length]), [b for b in other.kv_bounds if b <= length]
        self.clear()
        memory = self.model.memory
        if self.model.kv_unified:
            llama_cpp.llama_memory_seq_cp(memory, other.seq_id, self.seq_id, 0, length)
        else:  # across streams llama.cpp copies the whole stream; cut it back after
            llama_cpp.llama_memory_seq_cp(memory, other.seq_id, self.seq_id, -1, -1)
            if length < len(other.kv_tokens):
                self._rm(length)
        self._took(tokens, bounds)

    def _took(self, tokens: tuple[int, ...], bounds: Sequence[int]) -> None:
        self.kv_tokens = list(tokens)
        self.kv_bounds = [b for b in bounds if b <= len(tokens)]
        self.kv_floor = len(tokens) if self.whole_only(len(tokens)) else 0

    def kv_bytes(self) -> int:
        """Bytes of key/value state this sequence holds right now."""
        return int(llama_cpp.llama_state_seq_get_size(self.model.context, self.seq_id)) if self.kv_tokens else 0
