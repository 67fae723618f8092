"""The prefix cache in the real engine: same answers with and without it, and where they came from.

Temperature 0 (greedy), several conversations interleaved in a random order: every answer
must be identical to the one the engine gives when it reads every prompt in full. Run on
the starter model and on Gemma 3 270M (sliding-window attention, which cannot be cut back).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from engine.process import EngineProcess
from engine.protocol import (
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
    history: tuple[int, ...] = ()  # exact tokens read and written so far, as the store keeps them


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


def _start(model: Path, reuse: bool) -> EngineProcess:
    engine = EngineProcess()
    engine.start()
    engine.send(Load(LoadOptions(str(model), n_ctx=2048, n_threads=2, prefix_cache=reuse)))
    while True:
        event = engine.receive(timeout=120)
        assert not isinstance(event, Failed), event
        if isinstance(event, Loaded):
            return engine


def _ask(engine: EngineProcess, chats: dict[str, Chat], request_id: int, name: str, question: str) -> Turn:
    chat = chats.setdefault(name, Chat([ChatMessage("system", "You are a helpful, practical assistant.")]))
    messages = [*chat.messages, ChatMessage("user", question)]
    engine.send(
        Generate(request_id, tuple(messages), GREEDY, history_tokens=chat.history, cache_owner=f"conversation:{name}")
    )
    prompt: tuple[int, ...] = ()
    pieces: list[str] = []
    tokens: list[int] = []
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
            chat.messages = [*messages, ChatMessage("assistant", text)]
            chat.history = prompt + tuple(tokens)
            return Turn(name, text, event.metrics)


def _run(model: Path, reuse: bool, script: list[tuple[str, str]]) -> list[Turn]:
    engine = _start(model, reuse)
    chats: dict[str, Chat] = {}
    try:
        return [_ask(engine, chats, i, name, question) for i, (name, question) in enumerate(script, 1)]
    finally:
        engine.stop()


@pytest.mark.parametrize("model_name", ["starter", "gemma"])
def test_interleaved_conversations_answer_the_same_with_and_without_the_cache(
    model_name: str, request: pytest.FixtureRequest
) -> None:
    model: Path = request.getfixturevalue("starter_model" if model_name == "starter" else "gemma_model")
    script = _script(seed=7)
    baseline = _run(model, reuse=False, script=script)
    cached = _run(model, reuse=True, script=script)
    assert [t.text for t in cached] == [t.text for t in baseline]
    assert all(t.metrics.cached_tokens == 0 for t in baseline)
    assert all(t.metrics.cache_source == "none" for t in baseline)
    # Coming back to a conversation after another one used the engine: its state came from RAM.
    switched_back = [
        t for i, t in enumerate(cached) if i > 0 and cached[i - 1].conversation != t.conversation
        and any(p.conversation == t.conversation for p in cached[:i])
    ]  # fmt: skip
    assert switched_back, "the script never switches back to a conversation"
    assert all(t.metrics.cache_source == "ram" for t in switched_back)
    assert all(t.metrics.cached_tokens > t.metrics.prefill_tokens for t in switched_back)
    # The follow-up tokens were appended to the exact history: prompts match the baseline's.
    assert [t.metrics.prompt_tokens for t in cached] == [t.metrics.prompt_tokens for t in baseline]


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


def test_the_system_prompt_is_pinned_and_kept_on_disk(starter_model: Path, hearth_home: Path) -> None:
    from engine.prefix_cache import cache_root, read_snapshot_header

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


def test_a_damaged_snapshot_on_disk_is_ignored_and_the_answer_is_still_right(starter_model: Path) -> None:
    from engine.prefix_cache import cache_root

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
    baseline_chats = {k: Chat(list(v.messages), v.history) for k, v in chats.items()}
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
