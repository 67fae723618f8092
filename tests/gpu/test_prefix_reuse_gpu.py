"""The prefix cache with every layer on the GPU: greedy answers are the same with and without it.

tests/engine/test_prefix_reuse.py's interleaved conversations (its script and turns), here on the
random-weight model fully offloaded. With the cache, a conversation's earlier answers were
written one at a time into the GPU's KV cache, read again once finished, and come back from a RAM
snapshot; without it, the whole history is read again, message by message, on the same schedule
(engine/cache/prompt_reuse.py). Kernels that gave a token other numbers in another batch than the CPU's
show up as a different answer; a failure names the first turn and token where the two runs part.
"""

from __future__ import annotations

from pathlib import Path

from engine.client.process import EngineProcess
from engine.protocol import LoadOptions
from tests.engine.test_prefix_reuse import Chat, Turn, _ask, _script
from tests.gpu.conftest import ALL_LAYERS, Gpu, load


def _run(model: Path, reuse: bool, script: list[tuple[str, str]]) -> list[Turn]:
    engine = EngineProcess()
    engine.start()
    chats: dict[str, Chat] = {}
    try:
        loaded = load(engine, LoadOptions(str(model), n_ctx=2048, n_gpu_layers=ALL_LAYERS, prefix_cache=reuse))
        assert loaded.info.gpu_layers == loaded.info.n_layers
        turns = [_ask(engine, chats, i, name, question) for i, (name, question) in enumerate(script, 1)]
    finally:
        engine.stop()
    return turns


def _where_they_part(baseline: list[Turn], cached: list[Turn]) -> str:
    for number, (plain, reused) in enumerate(zip(baseline, cached, strict=True), 1):
        if plain.text != reused.text:
            same = 0
            while same < min(len(plain.text), len(reused.text)) and plain.text[same] == reused.text[same]:
                same += 1
            return (
                f"turn {number} ({plain.conversation}, {reused.metrics.cached_tokens} tokens reused from "
                f"{reused.metrics.cache_source}) parts after {same} characters:\n"
                f"  without the cache: {plain.text!r}\n  with the cache:    {reused.text!r}"
            )
    return ""


def test_interleaved_conversations_on_the_gpu_answer_the_same_with_and_without_the_cache(
    gpu_model: Path, gpus: list[Gpu]
) -> None:
    script = _script(seed=7)
    baseline = _run(gpu_model, reuse=False, script=script)
    cached = _run(gpu_model, reuse=True, script=script)
    assert [t.text for t in cached] == [t.text for t in baseline], _where_they_part(baseline, cached)
    assert all(t.metrics.cached_tokens == 0 for t in baseline)
    switched_back = [
        t for i, t in enumerate(cached) if i > 0 and cached[i - 1].conversation != t.conversation
        and any(p.conversation == t.conversation for p in cached[:i])
    ]  # fmt: skip
    assert switched_back, "the script never switches back to a conversation"
    assert all(t.metrics.cache_source == "ram" for t in switched_back)
    assert all(t.metrics.cached_tokens > t.metrics.prefill_tokens for t in switched_back)
    assert [t.metrics.prompt_tokens for t in cached] == [t.metrics.prompt_tokens for t in baseline]
