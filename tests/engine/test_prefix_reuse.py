"""The prefix cache in the real engine: same answers with and without it, and where they came from.

Temperature 0 (greedy), several conversations interleaved in a random order: every answer
must be identical to the one the engine gives when it reads every prompt in full. Run on
the starter model (Q4_1, which llama.cpp multiplies the same way in any batch) and on Gemma 3
270M (Q5_0/Q4_K/Q8_0, which it does not; and sliding-window attention), Gemma on both CPU kernel
sets (the full one repacks Q4_K and Q8_0 weights; tests/engine/conftest.py). The conversations are kept as the store
keeps them: the history's tokens and where each message begins (engine/store/tokens.py).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from engine.client.process import EngineProcess
from engine.kernels.kernel_sets import KernelSet
from engine.protocol import (
    CacheReport,
    ChatMessage,
    Failed,
    Finished,
    Generate,
    Load,
    Loaded,
    LoadOptions,
    Metrics,
    SamplingParams,
    Started,
    Token,
)
from engine.store.records import StoredMessage
from engine.store.tokens import branch_layout, split_prompt

GREEDY = SamplingParams(temperature=0, max_tokens=20)
TOPICS = {
    "garden": "I am planning a small vegetable garden on a sunny balcony in a city apartment. ",
    "bikes": "I want to start cycling to work, about eight kilometres each way through traffic. ",
    "bread": "I would like to bake my own sourdough bread at home every weekend for my family. ",
}
FOLLOW_UPS = ["What should I do first?", "What is the most common mistake?", "Give me one more tip."]


@dataclass
class Chat:
    messages: list[ChatMessage] = field(default_factory=list)
    stored: list[StoredMessage] = field(default_factory=list)  # as the conversation store keeps them

    @property
    def history(self) -> tuple[int, ...]:
        """The exact tokens read and written so far."""
        return tuple(branch_layout(self.stored, "model")[0])

    @property
    def segments(self) -> tuple[int, ...]:
        """Where each message begins among them."""
        return tuple(branch_layout(self.stored, "model")[1])

    def back(self, exchanges: int) -> Chat:
        """The conversation before its last `exchanges` questions and answers (to edit or regenerate)."""
        return Chat(
            self.messages[: len(self.messages) - 2 * exchanges], self.stored[: len(self.stored) - 2 * exchanges]
        )


def _stored(role: str, tokens: tuple[int, ...], token_start: int | None = None) -> StoredMessage:
    return StoredMessage(0, 0, None, role, "", "complete", tokens, token_start, "model", None, None, 0.0, 0.0)


@dataclass
class Turn:
    conversation: str
    text: str
    metrics: Metrics


def _script(seed: int, turns_each: int = 2) -> list[tuple[str, str]]:
    order = [name for name in TOPICS for _ in range(turns_each)]
    random.Random(seed).shuffle(order)
    asked: dict[str, int] = {}
    script = []
    for name in order:
        n = asked.get(name, 0)
        asked[name] = n + 1
        question = TOPICS[name] * 6 + "Where do I start?" if n == 0 else FOLLOW_UPS[(n - 1) % len(FOLLOW_UPS)]
        script.append((name, question))
    return script


def _start(
    model: Path,
    reuse: bool,
    kernels: KernelSet | None = None,
    *,
    n_ctx: int = 2048,
    parallel: int = 1,
    kv_unified: bool = False,
) -> EngineProcess:
    """An engine on `model`; one slot, so that a switch between conversations goes through the cache."""
    engine = EngineProcess(kernels=kernels)
    engine.start()
    options = LoadOptions(
        str(model), n_ctx=n_ctx, n_threads=2, prefix_cache=reuse, parallel=parallel, kv_unified=kv_unified
    )
    engine.send(Load(1, options))
    while True:
        event = engine.receive(timeout=120)
        assert not isinstance(event, Failed), event
        if isinstance(event, Loaded):
            _WITH_CACHE[id(engine)] = reuse
            return engine


# Engines started with the cache: after each answer `_ask` waits for its CacheReport, which the
# engine sends once it has read the answer again and kept its snapshot (as while a person reads it).
_WITH_CACHE: dict[int, bool] = {}


def _ask(
    engine: EngineProcess,
    chats: dict[str, Chat],
    request_id: int,
    name: str,
    question: str,
    *,
    system: str = "You are a helpful, practical assistant.",
) -> Turn:
    chat = chats.setdefault(name, Chat([ChatMessage("system", system)]))
    messages = [*chat.messages, ChatMessage("user", question)]
    engine.send(
        Generate(
            request_id,
            tuple(messages),
            GREEDY,
            history_tokens=chat.history,
            history_segments=chat.segments,
            cache_owner=f"conversation:{name}",
            pin_system_prompt=True,  # as the window and `hearth run` ask
        )
    )
    prompt: tuple[int, ...] = ()
    pieces: list[str] = []
    tokens: list[int] = []
    turn: Turn | None = None
    while True:
        event = engine.receive(timeout=300)
        assert not isinstance(event, Failed), event
        if isinstance(event, Started):
            prompt = event.prompt_token_ids
        elif isinstance(event, Token):
            pieces.append(event.text)
            tokens.extend(event.token_ids)
        elif isinstance(event, Finished):
            text = "".join(pieces)
            start, own = split_prompt(chat.history, prompt)
            chat.messages = [*messages, ChatMessage("assistant", text)]
            chat.stored = [*chat.stored, _stored("user", tuple(own), start), _stored("assistant", tuple(tokens))]
            turn = Turn(name, text, event.metrics)
            if not _WITH_CACHE.get(id(engine)):
                return turn
        elif isinstance(event, CacheReport) and event.command_id == request_id:
            assert turn is not None
            return turn


def _run(model: Path, reuse: bool, script: list[tuple[str, str]], kernels: KernelSet | None = None) -> list[Turn]:
    engine = _start(model, reuse, kernels)
    chats: dict[str, Chat] = {}
    try:
        return [_ask(engine, chats, i, name, question) for i, (name, question) in enumerate(script, 1)]
    finally:
        engine.stop()


@pytest.mark.e2e
@pytest.mark.timeout(600)
def test_interleaved_conversations_answer_the_same_with_and_without_the_cache(
    model_and_kernels: tuple[Path, KernelSet],
) -> None:
    model, kernels = model_and_kernels
    script = _script(seed=7)
    baseline = _run(model, reuse=False, script=script, kernels=kernels)
    cached = _run(model, reuse=True, script=script, kernels=kernels)
    assert [t.text for t in cached] == [t.text for t in baseline]
    assert all(t.metrics.cached_tokens == 0 for t in baseline)
    assert all(t.metrics.cache_source == "none" for t in baseline)
    # Coming back to a conversation after another one used the engine: its state came from RAM.
    switched_back = [
        t for i, t in enumerate(cached) if i > 0 and cached[i - 1].conversation != t.conversation
        and any(p.conversation == t.conversation for p in cached[:i])
    ]  # fmt: skip
    assert switched_back, "the script never switches back to a conversation"
    assert all(t.metrics.cache_source == "ram" for t in switched_back)  # one slot: from a snapshot
    assert all(t.metrics.cached_tokens > t.metrics.prefill_tokens for t in switched_back)
    # The follow-up tokens were appended to the exact history: prompts match the baseline's.
    assert [t.metrics.prompt_tokens for t in cached] == [t.metrics.prompt_tokens for t in baseline]


@pytest.mark.e2e
def test_after_a_restart_a_conversation_is_served_from_disk(starter_model: Path) -> None:
    script = _script(seed=3, turns_each=1)
    engine = _start(starter_model, reuse=True)
    chats: dict[str, Chat] = {}
    try:
        for i, (name, question) in enumerate(script, 1):
            _ask(engine, chats, i, name, question)
    finally:
        engine.stop()  # a clean stop writes what is still only in RAM
    restarted = _start(starter_model, reuse=True)
    try:
        name = script[0][0]
        turn = _ask(restarted, chats, 1, name, FOLLOW_UPS[0])
    finally:
        restarted.stop()
    assert turn.metrics.cache_source == "disk"
    assert turn.metrics.cached_tokens == len(chats[name].history) - turn.metrics.prefill_tokens - len(
        turn.text and chats[name].history[turn.metrics.prompt_tokens :]
    )


@pytest.mark.e2e
def test_the_system_prompt_is_pinned_and_kept_on_disk(starter_model: Path, hearth_home: Path) -> None:
    from engine.cache.prefix_cache import cache_root, read_snapshot_header

    system = ChatMessage("system", "You are a patient tutor. Explain every idea with one everyday example. " * 4)
    engine = _start(starter_model, reuse=True)
    try:
        for request_id, question in enumerate(["What is gravity?", "What is a cell?"], 1):
            engine.send(Generate(request_id, (system, ChatMessage("user", question)), GREEDY, pin_system_prompt=True))
            while not isinstance(event := engine.receive(timeout=300), Finished):
                assert not isinstance(event, Failed), event
    finally:
        engine.stop()
    headers = [read_snapshot_header(path, None) for path in cache_root().glob("*/*.kv")]
    pinned = [tokens for tokens, _size, _owners, is_pinned in headers if is_pinned]
    assert len(pinned) == 1  # one system prompt, kept once
    others = [tokens for tokens, _size, _owners, is_pinned in headers if not is_pinned]
    assert others
    assert all(t[: len(pinned[0])] == pinned[0] for t in others)  # every exchange starts with it


@pytest.mark.e2e
def test_a_damaged_snapshot_on_disk_is_ignored_and_the_answer_is_still_right(starter_model: Path) -> None:
    from engine.cache.prefix_cache import cache_root

    name, question = _script(seed=3, turns_each=1)[0]
    chats: dict[str, Chat] = {}
    engine = _start(starter_model, reuse=True)
    try:
        _ask(engine, chats, 1, name, question)
    finally:
        engine.stop()
    files = list(cache_root().glob("*/*.kv"))
    assert files
    for path in files:  # one flipped byte in each payload: the checksum no longer matches
        data = bytearray(path.read_bytes())
        data[-100] ^= 0x5A
        path.write_bytes(bytes(data))
    baseline_chats = {k: Chat(list(v.messages), list(v.stored)) for k, v in chats.items()}
    restarted = _start(starter_model, reuse=True)
    try:
        turn = _ask(restarted, chats, 1, name, FOLLOW_UPS[0])
    finally:
        restarted.stop()
    plain = _start(starter_model, reuse=False)
    try:
        expected = _ask(plain, baseline_chats, 1, name, FOLLOW_UPS[0])
    finally:
        plain.stop()
    assert turn.metrics.cache_source == "none"
    assert turn.text == expected.text
    assert not any(path.exists() for path in files)  # found damaged when read, and deleted


TUTOR = "You are a patient tutor. Explain every idea with one everyday example, in two sentences. " * 3
OTHER = "You are a terse travel agent. Answer with a list of places and nothing else, please. " * 3


def _share_edit_regenerate(engine: EngineProcess) -> list[Turn]:
    """Two conversations that open with the same system prompt, one in between that does not; then
    the first one goes on, asks its last question again in other words, and regenerates that answer."""
    chats: dict[str, Chat] = {}
    turns = [
        _ask(engine, chats, 1, "A", "What is gravity?", system=TUTOR),
        _ask(engine, chats, 2, "C", "Where should I go in spring?", system=OTHER),
        _ask(engine, chats, 3, "B", "What is a cell?", system=TUTOR),
        _ask(engine, chats, 4, "A", "And why do apples fall?", system=TUTOR),
    ]
    chats["A"] = chats["A"].back(1)  # Edit: the second question in other words, after the first answer
    turns.append(_ask(engine, chats, 5, "A", "So why does the Moon not fall?", system=TUTOR))
    chats["A"] = chats["A"].back(1)  # Regenerate: the same question again
    turns.append(_ask(engine, chats, 6, "A", "So why does the Moon not fall?", system=TUTOR))
    return turns


@pytest.mark.e2e
@pytest.mark.timeout(600)
def test_a_shared_system_prompt_an_edit_and_a_regenerate_answer_as_a_full_read(
    model_and_kernels: tuple[Path, KernelSet],
) -> None:
    model, kernels = model_and_kernels
    results = {}
    for reuse in (False, True):
        engine = _start(model, reuse, kernels)
        try:
            results[reuse] = _share_edit_regenerate(engine)
        finally:
            engine.stop()
    plain, cached = results[False], results[True]
    assert [t.text for t in cached] == [t.text for t in plain]
    assert [t.metrics.prompt_tokens for t in cached] == [t.metrics.prompt_tokens for t in plain]
    first_a, _c, first_b, second_a, edit, regenerate = (t.metrics for t in cached)
    # B's first question skipped the system prompt it shares with A: the pinned snapshot, from RAM.
    assert first_b.cache_source == "ram"
    assert first_b.cached_tokens >= len(TUTOR) // 8  # the system prompt's tokens, about 4 characters each
    assert first_b.cached_tokens < first_b.prompt_tokens
    # Back to A: its own exchange, from RAM.
    assert second_a.cache_source == "ram"
    assert second_a.cached_tokens > first_a.prompt_tokens
    # The edit keeps the history up to the question it replaces; the regenerate, up to that question too.
    assert edit.cache_source == "live"
    assert edit.cached_tokens == second_a.cached_tokens
    assert regenerate.cache_source == "live"
    assert regenerate.cached_tokens == edit.cached_tokens


@pytest.mark.e2e
@pytest.mark.timeout(900)
def test_conversations_longer_than_the_sliding_window_answer_as_a_full_read(gemma_model: Path) -> None:
    """Gemma 3 attends over the last 512 tokens in 5 of 6 layers. Two conversations grow well past
    that, and each switch back restores a snapshot made past the window; then an edit. On the kernels
    this processor runs (the engine's choice): test_reading_schedule restores a snapshot past the
    window on both kernel sets, logit for logit."""
    a, b = TOPICS["garden"] * 22, TOPICS["bread"] * 22  # about 370 tokens each
    script = [("A", a), ("B", b), ("A", a + FOLLOW_UPS[0]), ("B", b + FOLLOW_UPS[0]), ("A", a + FOLLOW_UPS[1])]
    results = {}
    for reuse in (False, True):
        engine = _start(gemma_model, reuse, n_ctx=4096)
        chats: dict[str, Chat] = {}
        try:
            turns = [_ask(engine, chats, i, name, question) for i, (name, question) in enumerate(script, 1)]
            chats["A"] = chats["A"].back(1)  # Edit the last question: back to the exchange before it
            turns.append(_ask(engine, chats, len(script) + 1, "A", FOLLOW_UPS[1]))
        finally:
            engine.stop()
        results[reuse] = turns
    plain, cached = results[False], results[True]
    assert [t.text for t in cached] == [t.text for t in plain]
    metrics = [t.metrics for t in cached]
    assert metrics[-2].prompt_tokens > 1024  # twice the window
    switched_back = metrics[2:5]
    assert all(m.cache_source == "ram" for m in switched_back), [
        (m.prompt_tokens, m.cached_tokens, m.cache_source) for m in metrics
    ]
    assert any(m.cached_tokens > 512 for m in switched_back)  # a snapshot past the window came back
    # The edit cannot cut the live memory back past the window; the exchange before it is a snapshot.
    assert metrics[-1].cache_source == "ram"
    assert metrics[-1].cached_tokens == metrics[-2].cached_tokens
