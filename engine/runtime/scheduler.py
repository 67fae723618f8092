"""Continuous batching: many answers at once over one model, one llama_decode per step.

The context keeps one sequence per slot (`LoadOptions.parallel`). Each step the scheduler
  1. admits waiting requests into free slots (the slot that already holds most of the prompt
     first; a prefix another slot holds is copied from it, llama_memory_seq_cp, not read again);
  2. reads a prompt that is alone in the engine n_batch tokens at a time, as one llama_decode of
     that sequence alone;
  3. otherwise makes one llama_decode of every writing answer's next token and chunks of the
     prompts being read (as llama-server batches them): at most SHARED_READ_CHUNK prompt tokens in
     all while answers are written, so a long paste never holds them up for more than a chunk, a
     whole batch when none is; the prompts share it least left first, then first come. Each
     answer samples from its own logits with its own sampler chain.
A Cancel takes effect at the next step, for an answer that is writing, reading or waiting.

Exactness (engine/cache/prompt_reuse.py): a prompt read while no other answer runs is read in
batches of n_batch from where its reads begin, with the cache and without, so a reused prompt
holds what a full read computes. Tokens computed next to other answers' tokens (a decode step of
several, a prompt read in small chunks meanwhile) come out as that batch computes them: close,
not identical. An answer is written one token at a time; its keys and values are reused as
written by a turn that follows at once (as llama-server does), and read again as one read
(settled) when the engine has nothing else to do, so that what is kept is what a full read
computes.
"""

from __future__ import annotations

import contextlib
import itertools
import logging
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

import llama_cpp

from engine.cache.prefix_cache import PrefixCache
from engine.cache.prompt_reuse import (
    MIN_GAIN_TOKENS,
    PromptState,
    Reuse,
    keep_pinned,
    keep_snapshot,
    prepare_context,
)
from engine.prompt.assembly import PromptPlan, plan_prompt
from engine.protocol import (
    AnswerFailed,
    Cancel,
    EngineStats,
    Event,
    Finished,
    Generate,
    Metrics,
    Started,
    StopReason,
    Token,
    TokenLogprob,
)
from engine.runtime.batch import SHARED_READ_CHUNK
from engine.runtime.llama_runtime import LlamaModel
from engine.runtime.sampler import GrammarError, needs_grammar, sampler_chain, with_grammar
from engine.runtime.sequence import DecodeAbortedError, DecodeError, SequenceMemory
from engine.runtime.text_stream import Utf8Stream

logger = logging.getLogger(__name__)

STATS_INTERVAL_S = 0.25
TOKEN_BATCH_S = 0.05  # the GUI appends text every 50 ms anyway
ENGINE_RATE_WINDOW_S = 2.0  # the engine's total tokens per second, over the last this many seconds


@dataclass
class Answer:
    """One request in a slot: its prompt reads still to do, then its writing."""

    cmd: Generate
    plan: PromptPlan
    reuse: Reuse
    t_start: float
    load_s: float
    queue_s: float
    reads: deque[tuple[int, int]]  # (start, end) of each read still to do
    chain: Any = None
    chain_exit: contextlib.ExitStack = field(default_factory=contextlib.ExitStack)
    read_began_at: int = -1  # where the read in progress began (-1: none in progress)
    text_stream: Utf8Stream = field(default_factory=Utf8Stream)
    tokens: list[int] = field(default_factory=list)  # every token sent, as the store keeps the answer
    pending_text: list[str] = field(default_factory=list)
    pending_tokens: list[int] = field(default_factory=list)
    pending_logprobs: list[TokenLogprob] = field(default_factory=list)
    next_flush: float = 0.0
    next_stats: float = 0.0
    t_first: float = 0.0
    t_last: float = 0.0
    recent: deque[float] = field(default_factory=lambda: deque(maxlen=8))  # to count tokens after a Cancel
    next_token: int | None = None  # sampled, to be decoded in the next step
    cancel: Cancel | None = None
    prompt_state: PromptState | None = None
    max_active: int = 1

    @property
    def request_id(self) -> int:
        return self.cmd.request_id

    @property
    def reading(self) -> bool:
        return bool(self.reads)


@dataclass
class Settle:
    """An exchange in a slot whose tail was written, not read: to read again when the engine is idle."""

    request_id: int
    tokens: tuple[int, ...]  # the prompt and the whole answer, as the store keeps them
    bounds: tuple[int, ...]  # where a full read of them begins its reads
    exact_until: int  # up to here the slot's memory is what a full read computes
    prompt_state: PromptState | None
    owner: str | None


@dataclass
class Slot:
    seq: SequenceMemory
    answer: Answer | None = None
    owner: str | None = None  # whose conversation the live memory holds
    settle: Settle | None = None
    exact_until: int = 0
    last_used: float = 0.0


class Scheduler:
    def __init__(
        self,
        model: LlamaModel,
        cache: PrefixCache | None,
        send: Callable[[Event], None],
        *,
        reuse_enabled: bool,
        load_window: Callable[[], tuple[float, float]],
        memory_rss: Callable[[], int],
        on_housekeeping_done: Callable[[int], None],
        cancel_arrived: Callable[[int], bool] = lambda _request_id: False,
    ) -> None:
        self.model = model
        # Whether a Cancel for this request id has come in (the worker looks at its pipe): a long
        # prompt read alone stops part-way for it, within a graph node.
        self._cancel_arrived = cancel_arrived
        self.cache = cache
        self.send = send
        self.reuse_enabled = reuse_enabled
        self._load_window = load_window  # (load_began_at, load_finished_at)
        self._rss = memory_rss
        self._housekeeping_done = on_housekeeping_done  # an answer's cache work is over (its CacheReport)
        self.slots = [Slot(seq) for seq in model.sequences]
        self.waiting: deque[Generate] = deque()
        self._plans: dict[int, PromptPlan] = {}
        self._written: deque[tuple[float, int]] = deque()  # (when, tokens) of recent decode steps
        self.settle_after = 0.0  # when idle housekeeping may begin (the window formats an answer first)
        self.answers_total = 0
        self.answers_reused = 0

    @classmethod
    def in_process(
        cls,
        model: LlamaModel,
        send: Callable[[Event], None],
        *,
        reuse_enabled: bool = False,
        on_housekeeping_done: Callable[[int], None] = lambda _request_id: None,
    ) -> Scheduler:
        """A scheduler driven directly, outside the worker (tests, benches): no prefix cache on disk,
        no load to account for, no memory figure."""
        return cls(
            model,
            None,
            send,
            reuse_enabled=reuse_enabled,
            load_window=lambda: (0.0, 0.0),
            memory_rss=lambda: 0,
            on_housekeeping_done=on_housekeeping_done,
        )

    # --- what the worker asks ------------------------------------------------------

    @property
    def active(self) -> list[Answer]:
        return [slot.answer for slot in self.slots if slot.answer is not None]

    @property
    def busy(self) -> bool:
        return bool(self.waiting) or any(slot.answer is not None for slot in self.slots)

    @property
    def has_housekeeping(self) -> bool:
        return any(slot.settle is not None for slot in self.slots)

    def submit(self, cmd: Generate) -> None:
        self.waiting.append(cmd)

    def cancel(self, cmd: Cancel) -> bool:
        """Stop request `cmd.request_id` at the next step; False if it is not here."""
        for waiting in self.waiting:
            if waiting.request_id == cmd.request_id:
                self.waiting.remove(waiting)
                self._plans.pop(waiting.request_id, None)
                self.send(Finished(waiting.request_id, never_started(waiting, self.model.info.name, self.model.n_ctx)))
                return True
        for answer in self.active:
            if answer.request_id == cmd.request_id:
                answer.cancel = cmd
                return True
        return False

    def cancel_all(self) -> None:
        for waiting in list(self.waiting):
            self.cancel(Cancel(waiting.request_id, time.monotonic()))
        for answer in self.active:
            answer.cancel = answer.cancel or Cancel(answer.request_id, time.monotonic())

    def step(self) -> None:
        """One step of work: admit, read one prompt chunk, decode one token of each writer."""
        for slot in self.slots:  # a Cancel that came since the last step: no more tokens for it
            if slot.answer is not None and slot.answer.cancel is not None:
                self._finish(slot, "cancelled")
        self._admit()
        readers = [slot for slot in self.slots if slot.answer is not None and slot.answer.reading]
        if len(self.active) == 1 or not readers or not self._mixed_step(readers):
            self._read_one_chunk()
            self._decode_writers()

    def settle_one(self, interrupted: Callable[[], bool]) -> None:
        """Idle housekeeping for one slot: read its written tail again, keep a snapshot, report."""
        slot = max((s for s in self.slots if s.settle is not None), key=lambda s: s.last_used)
        settle = slot.settle
        assert settle is not None
        slot.settle = None
        if not self._settle(slot, settle, interrupted):
            slot.settle = settle  # asked something mid-read: the rest waits for the next idle moment
            return
        self._housekeeping_done(settle.request_id)

    def forget_owner(self, owner: str) -> None:
        """A deleted conversation: no slot keeps its memory."""
        for slot in self.slots:
            if slot.owner == owner and slot.answer is None:
                slot.seq.clear()
                slot.owner, slot.settle, slot.exact_until = None, None, 0

    def clear(self) -> None:
        for slot in self.slots:
            if slot.answer is None:
                slot.seq.clear()
                slot.owner, slot.settle, slot.exact_until = None, None, 0

    def close(self) -> None:
        for answer in self.active:
            answer.chain_exit.close()

    # --- admitting -----------------------------------------------------------------

    def _admit(self) -> None:
        from engine.prompt.chat_template import TemplateError
        from engine.runtime.llama_runtime import PromptTooLongError

        while self.waiting:
            free = [slot for slot in self.slots if slot.answer is None]
            if not free:
                return
            cmd = self.waiting[0]
            try:
                # Checked once (a request waiting for a slot comes by again each step).
                if cmd.request_id not in self._plans and needs_grammar(cmd.sampling):
                    cmd = self.waiting[0] = replace(cmd, sampling=with_grammar(cmd.sampling, self.model.vocab))
                plan = self._plans.get(cmd.request_id) or plan_prompt(self.model, cmd)
                self.model.check_fits(plan.tokens)
            except (TemplateError, PromptTooLongError, GrammarError) as exc:
                self.waiting.popleft()
                self._plans.pop(cmd.request_id, None)
                self.send(AnswerFailed.from_error(cmd.request_id, exc))
                continue
            self._plans[cmd.request_id] = plan
            slot, donor, shared = self._place(free, plan, cmd.cache_owner, many_conversations=cmd.longest_prefix)
            if self._worth_waiting_for(plan, shared):
                return  # another slot is reading what this prompt begins with: copy it once it is read
            self.waiting.popleft()
            del self._plans[cmd.request_id]
            self._start(slot, cmd, plan, donor, shared)

    def _place(
        self, free: list[Slot], plan: PromptPlan, owner: str | None, *, many_conversations: bool = False
    ) -> tuple[Slot, Slot | None, int]:
        """The free slot for `plan` and, if another slot holds a longer prefix of it, that slot to copy
        from. A conversation goes back to its own slot; a new one to an empty slot, else the least
        recently used; requests without a conversation (batch jobs) to the slot holding most of them.
        An owner with `many_conversations` (an API caller, whose requests bring whole conversations)
        goes to the slot its prompt carries on, else to an empty or the least recently used one, so
        that one conversation does not write over another's (only the shared start is copied)."""
        prompt, segments = plan.tokens, plan.reuse_at

        def held(slot: Slot) -> int:
            return slot.seq.reusable_prefix(prompt, segments) if self.reuse_enabled else 0

        own = [s for s in free if owner is not None and s.owner == owner]
        empty = [s for s in free if s.owner is None and s.settle is None and not s.seq.kv_tokens]
        if many_conversations:
            # "Carries on": writing over the slot would lose no more than a few of its tokens.
            carried_on = [s for s in free if s.seq.kv_tokens and held(s) >= len(s.seq.kv_tokens) - MIN_GAIN_TOKENS]
            best = max(carried_on, key=held) if carried_on else self._next_to_the_others(free, empty)
        elif own:
            best = own[0]
        elif owner is None:
            best = max(free, key=lambda s: (held(s), -self._spread_with(s), -s.last_used))
        else:
            best = self._next_to_the_others(free, empty)
        donor, shared = None, held(best)
        for other in self.slots:
            if other is not best and held(other) > shared + MIN_GAIN_TOKENS:
                donor, shared = other, held(other)
        return best, donor, shared

    def _spread_with(self, slot: Slot) -> int:
        """How many slots the answers in flight would span with `slot` among them.

        Each slot is its own KV stream, and llama.cpp puts only streams of consecutive ids in one
        ubatch (llama_batch_allocr::split_equal) and attends over every stream between the lowest and
        the highest: writers in slots 0, 5, 6 and 7 cost two passes over the weights a step, and
        attention over eight streams, where slots 4 to 7 cost one and four (bench/api.py, 4 clients:
        0.385 s a step against 0.29 s)."""
        ids = [s.seq.seq_id for s in self.slots if s.answer is not None] + [slot.seq.seq_id]
        return max(ids) - min(ids) + 1

    def _next_to_the_others(self, free: list[Slot], empty: list[Slot]) -> Slot:
        """A slot for a new conversation: one that keeps the answers in flight side by side, of
        those an empty one, else the least recently used."""
        return min(free, key=lambda s: (self._spread_with(s), s not in empty, s.last_used))

    def _slot_of(self, answer: Answer) -> Slot:
        return next(slot for slot in self.slots if slot.answer is answer)

    def _worth_waiting_for(self, plan: PromptPlan, available: int) -> bool:
        if not self.reuse_enabled:
            return False
        for answer in self.active:
            if not answer.reading:
                continue
            ahead = answer.plan
            bounds = [*ahead.segments, len(ahead.tokens)]
            slot = self._slot_of(answer)
            coming = slot.seq.reusable_of(ahead.tokens, bounds, plan.tokens, plan.reuse_at)
            if coming > available + MIN_GAIN_TOKENS and len(slot.seq.kv_tokens) < coming:
                return True
        return False

    def _start(self, slot: Slot, cmd: Generate, plan: PromptPlan, donor: Slot | None, shared: int) -> None:
        t_start = time.monotonic()
        load_began, load_finished = self._load_window()
        load_s = max(0.0, load_finished - max(cmd.sent_at, load_began))
        queue_s = max(0.0, t_start - max(cmd.sent_at, load_finished))
        self._leave(slot, cmd.cache_owner)
        prompt, segments, reuse_at = plan.tokens, plan.segments, plan.reuse_at
        if not self.reuse_enabled:
            slot.seq.clear()
            reuse = Reuse(0, "none")
        elif donor is not None:
            # No snapshot lookup after a copy: llama.cpp copies a stream at the next decode, over
            # anything restored into it meanwhile.
            slot.seq.copy_from(donor.seq, shared)
            reuse = Reuse(slot.seq.reuse_prefix(prompt, reuse_at), "live")
            slot.exact_until = min(reuse.cached_tokens, donor.exact_until)
        else:
            reuse = prepare_context(slot.seq, self.cache, prompt, reuse_at)
            kept = slot.exact_until if reuse.source == "live" else reuse.cached_tokens
            slot.exact_until = min(kept, reuse.cached_tokens)
        cached = reuse.cached_tokens
        self.answers_total += 1
        self.answers_reused += cached > 0
        ends = [*segments[1:], len(prompt)]
        reads = deque((max(start, cached), end) for start, end in zip(segments, ends, strict=True) if end > cached)
        answer = Answer(cmd, plan, reuse, t_start, load_s, queue_s, reads)
        chain = sampler_chain(cmd.sampling, self.model.n_vocab, prompt, vocab=self.model.vocab)
        answer.chain = answer.chain_exit.enter_context(chain)
        answer.next_stats = t_start + STATS_INTERVAL_S
        slot.answer, slot.owner, slot.last_used = answer, cmd.cache_owner, t_start
        self.send(
            Started(
                cmd.request_id,
                len(prompt),
                cached,
                t_start,
                tuple(prompt),
                plan.dropped_messages,
                documents_at=plan.documents_at,
            )
        )
        if not answer.reading:  # the whole prompt was there (a regenerate): at least one token is read anyway
            raise DecodeError("a reused prompt left nothing to read")

    def _leave(self, slot: Slot, new_owner: str | None) -> None:
        """Before `slot` takes another conversation: keep what it holds in the cache, as it is."""
        settle = slot.settle
        if settle is None:
            return
        slot.settle = None
        if self.reuse_enabled and slot.owner != new_owner:
            keep_snapshot(slot.seq, self.cache, settle.owner)
        self._housekeeping_done(settle.request_id)

    # --- reading -------------------------------------------------------------------

    def _read_one_chunk(self) -> None:
        readers = [slot for slot in self.slots if slot.answer is not None and slot.answer.reading]
        if not readers:
            return
        slot = min(readers, key=self._left_to_read)
        answer = slot.answer
        assert answer is not None
        seq = slot.seq
        end = self._begin_read(slot)
        alone = len(self.active) == 1
        size = self.model.n_batch if alone else min(self.model.n_batch, SHARED_READ_CHUNK)
        if not alone:
            slot.exact_until = min(slot.exact_until, len(seq.kv_tokens))
        elif slot.exact_until == answer.read_began_at == len(seq.kv_tokens):
            slot.exact_until = end  # read alone from its start in n_batch batches: as a full read does
        chunk_end = min(end, len(seq.kv_tokens) + size)
        chunk = answer.plan.tokens[len(seq.kv_tokens) : chunk_end]
        # Alone, a chunk is n_batch tokens (seconds on a real-size model): a client that goes away
        # must not wait for it. A stopped chunk leaves the slot at its last whole chunk.
        stoppable = alone and self.model.can_cut_back
        request_id = answer.request_id
        abortable = self.model.abortable(lambda: self._cancel_arrived(request_id)) if stoppable else None
        try:
            with abortable or contextlib.nullcontext():
                seq.read_chunk(chunk)
        except DecodeAbortedError:
            slot.exact_until = min(slot.exact_until, len(seq.kv_tokens))
            answer.cancel = answer.cancel or Cancel(request_id, time.monotonic())
            return
        self._after_chunk(slot, -1)

    @staticmethod
    def _begin_read(slot: Slot) -> int:
        """Mark where `slot`'s next read begins, if it has not begun; where that read ends."""
        answer = slot.answer
        assert answer is not None
        kv = len(slot.seq.kv_tokens)
        start, end = answer.reads[0]
        if answer.read_began_at < 0:
            if kv != start:
                raise DecodeError(f"a read meant to begin at {start} found {kv} tokens")
            answer.read_began_at = kv
        return end

    def _after_chunk(self, slot: Slot, logits_index: int) -> None:
        """A chunk of `slot`'s prompt is in: end its read if it was the last of it, and once the whole
        prompt is read, sample the first token from the logits at `logits_index`."""
        answer = slot.answer
        assert answer is not None
        seq = slot.seq
        end = answer.reads[0][1]
        if len(seq.kv_tokens) < end:
            return
        seq.end_read(answer.read_began_at)
        answer.reads.popleft()
        answer.read_began_at = -1
        keep_pinned(seq, self.cache, answer.plan.tokens, answer.plan.pin_at, end)
        if not answer.reading:
            if self.reuse_enabled and not self.model.can_cut_back:
                answer.prompt_state = PromptState.of(seq)
            # The logits of this prompt's last token are the newest: sample before any other decode.
            self._took(
                slot, llama_cpp.llama_sampler_sample(answer.chain, self.model.context, logits_index), logits_index
            )

    def _mixed_step(self, readers: list[Slot]) -> bool:
        """One llama_decode for everything but a prompt read alone: each writer's next token and a chunk
        of every prompt being read, as llama-server batches them. One pass over the weights serves them
        all, and prompts that come together are read together. False: llama.cpp found no room (the
        step is taken apart instead, which says which answer is out of context)."""
        writers = self._writers()
        # While answers are written, a step reads at most SHARED_READ_CHUNK prompt tokens, so their next
        # token waits for no more; with none written, as many as one batch holds. The prompts share
        # it in order (least left first, then the first to come), so a long paste still lets a short
        # question through and prompts that come together are read together.
        room = self.model.n_batch - len(writers)
        if writers:
            room = min(room, SHARED_READ_CHUNK)
        reading: list[tuple[Slot, list[int]]] = []
        for slot in sorted(readers, key=self._left_to_read):
            answer = slot.answer
            assert answer is not None
            seq = slot.seq
            size = min(self._begin_read(slot) - len(seq.kv_tokens), room)
            if size <= 0:
                break
            room -= size
            slot.exact_until = min(slot.exact_until, len(seq.kv_tokens))  # read next to other tokens
            reading.append((slot, answer.plan.tokens[len(seq.kv_tokens) : len(seq.kv_tokens) + size]))
        done = self.model.decode_mixed(self._writer_batch(writers), [(slot.seq, chunk) for slot, chunk in reading])
        if done is None:
            return False
        writer_indices, chunk_ends = done
        if writers:
            self._count_written(len(writers))
        self._sample_writers(writers, writer_indices)
        for (slot, _chunk), index in zip(reading, chunk_ends, strict=True):
            if slot.answer is not None:
                self._after_chunk(slot, index)
        return True

    @staticmethod
    def _left_to_read(slot: Slot) -> tuple[int, float]:
        """Least left to read first, then first come: a short question does not wait behind a long
        paste, and of several reading the same prefix the first to come gets its answer first
        (taking turns would give every one of them its first token late). The writers' next
        tokens go in the same llama_decode as every chunk."""
        answer = slot.answer
        assert answer is not None
        done = max(0, len(slot.seq.kv_tokens) - answer.reads[0][0])
        return sum(end - start for start, end in answer.reads) - done, answer.t_start

    # --- writing -------------------------------------------------------------------

    def _writers(self) -> list[Slot]:
        return [s for s in self.slots if s.answer is not None and s.answer.next_token is not None]

    def _writer_batch(self, writers: list[Slot]) -> list[tuple[SequenceMemory, int]]:
        """Each writer's sequence and next token, for one llama_decode."""
        active = len(self.active)
        batch = []
        for slot in writers:
            answer = slot.answer
            assert answer is not None
            assert answer.next_token is not None
            answer.max_active = max(answer.max_active, active)
            batch.append((slot.seq, answer.next_token))
        return batch

    def _sample_writers(self, writers: list[Slot], indices: list[int]) -> None:
        for slot, index in zip(writers, indices, strict=True):
            answer = slot.answer
            assert answer is not None
            answer.next_token = None
            self._took(slot, llama_cpp.llama_sampler_sample(answer.chain, self.model.context, index), index)

    def _decode_writers(self) -> None:
        writers = self._writers()
        if not writers:
            return
        indices = self.model.decode_step(self._writer_batch(writers))
        self._count_written(len(writers))
        if indices is None:  # llama.cpp found no room in the context
            for slot in writers:
                self._finish(slot, "context_full")
            return
        self._sample_writers(writers, indices)

    def _count_written(self, count: int) -> None:
        now = time.monotonic()
        self._written.append((now, count))
        while self._written and self._written[0][0] < now - ENGINE_RATE_WINDOW_S:
            self._written.popleft()

    def _took(self, slot: Slot, token: int, logits_index: int) -> None:
        """A token was sampled for `slot`'s answer from the logits at `logits_index`: send it, then
        stop or write on."""
        answer = slot.answer
        assert answer is not None
        model = self.model
        if model.is_end_of_generation(token):
            self._finish(slot, "eog")
            return
        now = time.monotonic()
        answer.t_last = now
        answer.recent.append(now)
        answer.tokens.append(token)
        count = len(answer.tokens)
        if count == 1:
            answer.t_first = now
        answer.pending_text.append(answer.text_stream.feed(model.piece(token)))
        answer.pending_tokens.append(token)
        if answer.cmd.sampling.logprobs >= 0:
            from engine.runtime.logprobs import token_logprob

            answer.pending_logprobs.append(token_logprob(model, logits_index, token, answer.cmd.sampling.logprobs))
        last = count == answer.cmd.sampling.max_tokens
        # The last token allowed goes out at once: nothing is decoded after it.
        if now >= answer.next_flush or last:
            self._flush(answer)
            answer.next_flush = now + TOKEN_BATCH_S
        if now >= answer.next_stats:
            answer.next_stats = now + STATS_INTERVAL_S
            self.send(self._stats(slot, answer))
        if last:
            self._finish(slot, "max_tokens")
        elif len(slot.seq.kv_tokens) >= model.n_ctx:
            self._finish(slot, "context_full")
        elif answer.cancel is not None:
            self._finish(slot, "cancelled")
        else:
            answer.next_token = token

    def _flush(self, answer: Answer) -> None:
        if answer.pending_text or answer.pending_tokens:
            text = "".join(answer.pending_text)
            count = len(answer.tokens)
            tokens, logprobs = tuple(answer.pending_tokens), tuple(answer.pending_logprobs)
            self.send(Token(answer.request_id, text, count, answer.t_last, tokens, logprobs))
            answer.pending_logprobs.clear()
            answer.pending_text.clear()
            answer.pending_tokens.clear()

    def engine_tok_s(self) -> float:
        if not self._written:
            return 0.0
        span = time.monotonic() - self._written[0][0]
        return sum(n for _, n in self._written) / span if span > 0 else 0.0

    def _stats(self, slot: Slot, answer: Answer) -> EngineStats:
        model = self.model
        return EngineStats(
            request_id=answer.request_id,
            decode_tokens=len(answer.tokens),
            decode_s=answer.t_last - answer.t_first,
            engine_rss_bytes=self._rss(),
            kv_bytes=model.kv_bytes(),
            n_ctx_used=len(slot.seq.kv_tokens),
            n_ctx=model.n_ctx,
            active_answers=len(self.active),
            waiting_answers=len(self.waiting),
            engine_tok_s=self.engine_tok_s(),
        )

    def _finish(self, slot: Slot, reason: StopReason) -> None:
        answer = slot.answer
        assert answer is not None
        answer.pending_text.append(answer.text_stream.flush())
        self._flush(answer)
        answer.chain_exit.close()
        t_end = time.monotonic()
        count = len(answer.tokens)
        cmd, plan, cancel = answer.cmd, answer.plan, answer.cancel
        prompt = plan.tokens
        prefill_end = answer.t_first if count else t_end
        metrics = Metrics(
            model=self.model.info.name,
            prompt_tokens=len(prompt),
            cached_tokens=answer.reuse.cached_tokens,
            cache_source=answer.reuse.source,
            prefill_tokens=len(prompt) - answer.reuse.cached_tokens,
            load_s=answer.load_s,
            queue_s=answer.queue_s,
            prefill_s=prefill_end - answer.t_start,
            ttft_s=(answer.t_first - cmd.sent_at) if count else 0.0,
            decode_tokens=count,
            decode_s=(answer.t_last - answer.t_first) if count else 0.0,
            total_s=t_end - cmd.sent_at,
            engine_rss_bytes=self._rss(),
            kv_bytes=self.model.kv_bytes(),
            n_ctx_used=len(slot.seq.kv_tokens),
            n_ctx=self.model.n_ctx,
            stop_reason=reason,
            tokens_after_cancel=sum(t > cancel.sent_at for t in answer.recent) if cancel is not None else 0,
            cancel_to_stop_s=t_end - cancel.sent_at if cancel is not None and cancel.sent_at > 0 else 0.0,
            prompt_read_tokens=max(0, min(len(slot.seq.kv_tokens), len(prompt)) - answer.reuse.cached_tokens),
            dropped_messages=plan.dropped_messages,
            max_active_answers=answer.max_active,
        )
        if count:
            # The engine's figures as this answer ends: an answer shorter than STATS_INTERVAL_S (a batch
            # line of a few tokens) would otherwise never show in the live panel or the batch curve.
            self.send(self._stats(slot, answer))
        slot.answer = None
        slot.last_used = t_end
        self.send(Finished(cmd.request_id, metrics))
        self._after_answer(slot, answer)

    def _after_answer(self, slot: Slot, answer: Answer) -> None:
        """The answer is written: let the next turn reuse it as written, and settle it later."""
        seq, prompt = slot.seq, answer.plan.tokens
        if not self.reuse_enabled or answer.reading or not answer.cmd.follow_up:
            slot.exact_until = min(slot.exact_until, _last_bound(seq))
            self._housekeeping_done(answer.request_id)
            return
        full = (*prompt, *answer.tokens[: max(0, self.model.n_ctx - len(prompt))])
        kept = tuple(seq.kv_tokens) == full[: len(seq.kv_tokens)] and len(prompt) in seq.kv_bounds
        if not kept:
            self._housekeeping_done(answer.request_id)
            return
        if len(seq.kv_tokens) == len(full) and seq.kv_bounds[-1] == len(prompt):
            seq.kv_bounds.append(len(full))  # the answer as written: reusable by a turn that follows at once
        bounds = tuple(sorted({*answer.plan.segments, len(prompt), len(full)}))
        owner = answer.cmd.cache_owner
        slot.settle = Settle(answer.request_id, full, bounds, slot.exact_until, answer.prompt_state, owner)
        self.settle_after = time.monotonic() + AFTER_ANSWER_GRACE_S

    def _settle(self, slot: Slot, settle: Settle, interrupted: Callable[[], bool]) -> bool:
        """Read again what was written (or read next to other answers) since `settle.exact_until`, one
        read per segment as a full read does, then keep a snapshot. A command that arrives stops it
        within a graph node where the memory can be cut back (else between reads): what is not
        read again is dropped from the slot (read on demand). False: stopped, to be resumed."""
        seq = slot.seq
        if tuple(seq.kv_tokens) != settle.tokens[: len(seq.kv_tokens)]:
            return True
        if interrupted():
            return False  # keep the answer as written for a question already waiting
        exact = self._back_to_exact(slot, settle)
        if exact is None:
            return True
        starts = [b for b in settle.bounds if b >= exact]
        if not starts or starts[0] != exact:
            starts = [exact, *starts]
        abortable = self.model.abortable(interrupted) if self.model.can_cut_back else contextlib.nullcontext()
        with abortable:
            for start, end in itertools.pairwise(starts):
                if start != len(seq.kv_tokens):
                    break
                if interrupted():
                    return False
                try:
                    seq.decode(list(settle.tokens[start:end]))
                except DecodeAbortedError:
                    seq.cut_back(start)  # a read is whole or not there
                    return False
                slot.exact_until = end
        if self.cache is not None and len(seq.kv_tokens) == len(settle.tokens):
            keep_snapshot(seq, self.cache, settle.owner)
        return True

    def _back_to_exact(self, slot: Slot, settle: Settle) -> int | None:
        """Cut the slot back to the last place a full read also begins a read, at or before what is
        exact (the slot's mark moves on as segments settle, so a resumed settle goes on from there);
        where it ends now, or None if it cannot be."""
        seq = slot.seq
        exact_until = max(settle.exact_until, slot.exact_until)
        exact = max((b for b in settle.bounds if b <= exact_until), default=0)
        try:
            if self.model.can_cut_back:
                if exact < seq.kv_floor:
                    return None
                seq.cut_back(exact)
                return exact
            state = settle.prompt_state
            if state is not None and exact >= len(state.tokens):
                return len(state.tokens) if seq.restore_state(state.tokens, state.data, state.bounds) else None
        except DecodeError:
            logger.warning("could not cut slot %d back to settle it", seq.seq_id, exc_info=True)
        return None


AFTER_ANSWER_GRACE_S = 0.05  # bench/ui_stall.py: the longest stall came when a finished answer was formatted


def _last_bound(seq: SequenceMemory) -> int:
    return seq.kv_bounds[-1] if seq.kv_bounds else 0


def never_started(cmd: Generate, model_name: str, n_ctx: int) -> Metrics:
    """The metrics of a request cancelled before it began."""
    waited = max(0.0, time.monotonic() - cmd.sent_at) if cmd.sent_at else 0.0
    return Metrics(
        model=model_name,
        prompt_tokens=0,
        cached_tokens=0,
        cache_source="none",
        prefill_tokens=0,
        load_s=0.0,
        queue_s=waited,
        prefill_s=0.0,
        ttft_s=0.0,
        decode_tokens=0,
        decode_s=0.0,
        total_s=waited,
        engine_rss_bytes=0,
        kv_bytes=0,
        n_ctx_used=0,
        n_ctx=n_ctx,
        stop_reason="cancelled",
    )
