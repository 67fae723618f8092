"""Many answers at once in the real engine (engine/runtime/scheduler.py): each gets its own right
answer, Stop stops the right one wherever it is, and slots keep to their own conversations.

Exactness under batching: the starter model's Q4_1 weights are multiplied the same way in any
batch, and each slot reads and attends in its own KV stream, so greedy answers written side by
side are the very answers each gives alone (on models whose kernels are not batch-invariant the
logits of a shared decode step differ in their last bits; see the scheduler's notes).
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from engine.client.process import EngineProcess
from engine.protocol import (
    Cancel,
    ChatMessage,
    ClearCache,
    Failed,
    Finished,
    Generate,
    Load,
    Loaded,
    LoadOptions,
    SamplingParams,
    Started,
    Token,
)
from engine.runtime.batch import SHARED_READ_CHUNK
from tests.engine.test_prefix_reuse import Chat, _ask, _start

pytestmark = pytest.mark.e2e

GREEDY = SamplingParams(temperature=0, max_tokens=24)
QUESTIONS = [
    "What is a good first vegetable to grow on a balcony?",
    "How do I fix a flat bicycle tyre?",
    "Why does bread dough need to rest?",
]


def _engine(model: Path, parallel: int, *, n_batch: int = 512, reuse: bool = True) -> EngineProcess:
    engine = EngineProcess()
    engine.start()
    options = LoadOptions(str(model), n_ctx=2048, n_threads=2, parallel=parallel, n_batch=n_batch, prefix_cache=reuse)
    engine.send(Load(1, options))
    while not isinstance(event := engine.receive(120), Loaded):
        assert not isinstance(event, Failed), event
    return engine


def _collect(engine: EngineProcess, ids: set[int], timeout: float = 300) -> tuple[dict[int, str], dict[int, Finished]]:
    """Texts and Finished events of `ids`, however their events interleave."""
    texts: dict[int, str] = dict.fromkeys(ids, "")
    finished: dict[int, Finished] = {}
    deadline = time.monotonic() + timeout
    while set(finished) != ids:
        assert time.monotonic() < deadline, f"still waiting for {ids - set(finished)}"
        event = engine.receive(1.0)
        assert not isinstance(event, Failed), event
        if isinstance(event, Token) and event.request_id in ids:
            texts[event.request_id] += event.text
        elif isinstance(event, Finished) and event.request_id in ids:
            finished[event.request_id] = event
    return texts, finished


def _ask_all(engine: EngineProcess, first_id: int) -> list[int]:
    ids = []
    for i, question in enumerate(QUESTIONS):
        ids.append(first_id + i)
        engine.send(Generate(first_id + i, (ChatMessage("user", question),), GREEDY, time.monotonic()))
    return ids


def test_answers_written_side_by_side_are_the_answers_each_gives_alone(starter_model: Path) -> None:
    alone = _engine(starter_model, parallel=1)
    try:
        expected = []
        for i, question in enumerate(QUESTIONS, 1):
            alone.send(Generate(i, (ChatMessage("user", question),), GREEDY, time.monotonic()))
            texts, _ = _collect(alone, {i})
            expected.append(texts[i])
    finally:
        alone.stop()
    together = _engine(starter_model, parallel=3)
    try:
        ids = _ask_all(together, 10)
        texts, finished = _collect(together, set(ids))
    finally:
        together.stop()
    assert [texts[i] for i in ids] == expected
    assert all(expected), "every question got an answer"
    # They really were written side by side, in one decode step each time.
    assert max(finished[i].metrics.max_active_answers for i in ids) == 3


def test_stop_stops_the_right_answer_writing_reading_or_waiting(starter_model: Path) -> None:
    engine = _engine(starter_model, parallel=2, n_batch=32)  # small reads: a long prompt takes many steps
    long_answer = SamplingParams(temperature=0, max_tokens=400)
    try:
        engine.send(Generate(1, (ChatMessage("user", "Tell me a very long story about a lighthouse."),), long_answer))
        engine.send(Generate(2, (ChatMessage("user", "Write a long poem about rivers."),), long_answer))
        engine.send(Generate(3, (ChatMessage("user", "Say hello."),), GREEDY))  # waits: both slots are busy
        engine.send(Cancel(3, time.monotonic()))
        texts, finished = _collect(engine, {3})
        assert finished[3].metrics.stop_reason == "cancelled"
        assert finished[3].metrics.decode_tokens == 0
        assert texts[3] == ""
        # The two answers being written stop within a step.
        engine.send(Cancel(2, time.monotonic()))
        engine.send(Cancel(1, time.monotonic()))
        _, finished = _collect(engine, {1, 2})
        assert all(finished[i].metrics.stop_reason == "cancelled" for i in (1, 2))
        assert all(finished[i].metrics.tokens_after_cancel <= 1 for i in (1, 2))
        long_prompt = "Please summarise these notes. " + "The meeting covered budgets, rooms and dates. " * 120
        engine.send(Generate(4, (ChatMessage("user", long_prompt),), GREEDY, time.monotonic()))
        while not isinstance(event := engine.receive(60), Started):
            assert not isinstance(event, Failed), event
        assert event.prompt_tokens > 32 * 10  # many reads of 32 tokens
        engine.send(Cancel(4, time.monotonic()))
        texts, finished = _collect(engine, {4})
        assert finished[4].metrics.stop_reason == "cancelled"
        assert finished[4].metrics.decode_tokens == 0
        # The engine answers on normally afterwards.
        engine.send(Generate(5, (ChatMessage("user", "Say hello."),), GREEDY, time.monotonic()))
        texts, finished = _collect(engine, {5})
        assert texts[5]
        assert finished[5].metrics.stop_reason in ("eog", "max_tokens")
    finally:
        engine.stop()


def test_of_two_prompts_read_at_once_the_first_to_come_is_read_first(starter_model: Path) -> None:
    """Taking turns chunk by chunk would give both their first token late; reading the first to come
    (of those with as much left) first lets it write while the second is read."""
    engine = _engine(starter_model, parallel=2)
    # About 10 tokens a sentence: 5 shared-read chunks of the second prompt while the first writes.
    notes = "The meeting covered budgets, rooms and dates. " * (SHARED_READ_CHUNK // 2)
    try:
        for request_id, topic in ((1, "garden"), (2, "library")):
            question = (ChatMessage("user", f"Summarise these {topic} notes. {notes}"),)
            engine.send(Generate(request_id, question, SamplingParams(temperature=0, max_tokens=40), time.monotonic()))
        order: list[int] = []
        finished: set[int] = set()
        while finished != {1, 2}:
            event = engine.receive(120)
            assert not isinstance(event, Failed), event
            if isinstance(event, Token):
                order.append(event.request_id)
            elif isinstance(event, Finished):
                finished.add(event.request_id)
        assert 2 in order
        written_before_the_second = order.index(2)
        assert order[0] == 1
        assert written_before_the_second >= 3, f"the second read took turns with the first: {order[:8]}"
    finally:
        engine.stop()


@pytest.mark.parametrize("kv_unified", [False, True], ids=["own-streams", "one-pool"])
def test_slots_keep_their_own_conversations_and_forget_a_deleted_one(starter_model: Path, kv_unified: bool) -> None:
    """In their own KV streams or in one shared pool (kv_unified), no slot sees another's cells.

    In their own streams each answer is the very answer of an engine that reuses nothing. In one
    pool a conversation's cells come to lie between another's, and attention then adds the same
    terms in another grouping: the last bits move, and a later greedy answer may part by a word
    (measured: B's second answer). So there the first answers are compared exactly, the later
    ones by where their memory came from."""
    plain = _start(starter_model, reuse=False)
    baseline_chats: dict[str, Chat] = {}
    script = [("A", QUESTIONS[0]), ("B", QUESTIONS[1]), ("A", "And what next?"), ("B", "And what next?")]
    try:
        expected = [_ask(plain, baseline_chats, i, name, q).text for i, (name, q) in enumerate(script, 1)]
    finally:
        plain.stop()
    engine = _start(starter_model, reuse=True, parallel=2, kv_unified=kv_unified)
    chats: dict[str, Chat] = {}
    try:
        turns = [_ask(engine, chats, i, name, q) for i, (name, q) in enumerate(script, 1)]
        exact = len(turns) if not kv_unified else 2  # each conversation's first answer
        assert [t.text for t in turns[:exact]] == expected[:exact]
        assert all(t.text for t in turns)
        # Each conversation came back to its own slot: its whole history was there, live.
        for turn, before in zip(turns[2:], turns[:2], strict=True):
            assert turn.metrics.cache_source == "live"
            assert turn.metrics.cached_tokens >= before.metrics.prompt_tokens
        engine.send(ClearCache(99, owner="conversation:A"))  # A is deleted
        turn_a = _ask(engine, chats, 10, "A", "One more?")
        turn_b = _ask(engine, chats, 11, "B", "One more?")
        # Nothing of A is kept anywhere: only what every conversation shares (the pinned system
        # prompt) can be reused, never A's own turns. B still has its slot.
        assert turn_a.metrics.cached_tokens < turns[0].metrics.prompt_tokens
        assert turn_b.metrics.cache_source == "live"
        assert turn_b.metrics.cached_tokens >= turns[3].metrics.prompt_tokens
    finally:
        engine.stop()
