"""The engine child process, driven the way the GUI and CLI drive it."""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Iterator
from pathlib import Path

import psutil
import pytest

from engine.client.process import EngineDiedError, EngineProcess
from engine.protocol import (
    Cancel,
    ChatMessage,
    EngineStats,
    Event,
    Failed,
    Finished,
    Generate,
    Load,
    Loaded,
    LoadFailed,
    LoadOptions,
    LoadProgress,
    SamplingParams,
    Started,
    Token,
)
from engine.runtime.worker import ENGINE_NICENESS
from tests.engine.driving import STARTED_LOAD_ID, TIMEOUT_S, events_until, started_engine


@pytest.fixture
def engine(starter_model: Path) -> Iterator[EngineProcess]:
    yield from started_engine(starter_model)


def _until(proc: EngineProcess, kind: type, timeout: float = TIMEOUT_S) -> list[Event]:
    return events_until(proc, (kind, Failed), timeout)


def _ask(text: str, request_id: int = 1, **sampling: object) -> Generate:
    params = SamplingParams(**{"temperature": 0.0, "max_tokens": 64, **sampling})  # type: ignore[arg-type]
    return Generate(request_id, (ChatMessage("user", text),), params, time.monotonic())


@pytest.mark.e2e
def test_load_reports_progress_then_the_model(engine: EngineProcess) -> None:
    events = _until(engine, Loaded)
    progress = [e for e in events if isinstance(e, LoadProgress)]
    assert progress
    assert {e.load_id for e in progress} == {STARTED_LOAD_ID}  # each echoes the Load it reports on
    loaded = events[-1]
    assert isinstance(loaded, Loaded)
    assert loaded.load_id == STARTED_LOAD_ID
    assert loaded.info.n_ctx == 1024
    assert loaded.load_s > 0


@pytest.mark.e2e
def test_answer_streams_and_metrics_add_up(engine: EngineProcess) -> None:
    _until(engine, Loaded)
    engine.send(_ask("Write three sentences about the sea.", max_tokens=80))
    events = _until(engine, Finished)
    tokens = [e for e in events if isinstance(e, Token)]
    started = next(e for e in events if isinstance(e, Started))
    finished = events[-1]
    assert isinstance(finished, Finished)
    m = finished.metrics
    assert 0 < len(tokens) <= m.decode_tokens
    assert "".join(t.text for t in tokens).strip()
    assert tokens[-1].index == m.decode_tokens
    assert m.prompt_tokens == started.prompt_tokens > 0
    assert m.prefill_tokens + m.cached_tokens == m.prompt_tokens
    assert m.prefill_s > 0
    assert m.decode_s > 0
    assert m.prefill_s + m.decode_s <= m.total_s
    assert m.load_s + m.queue_s + m.prefill_s + m.decode_s <= m.total_s + 1e-6
    assert m.ttft_s <= m.total_s
    assert m.n_ctx == 1024
    assert 0 < m.n_ctx_used <= 1024
    assert m.kv_bytes > 0
    assert m.engine_rss_bytes > 50 * 1024 * 1024
    assert m.stop_reason in ("eog", "max_tokens")


@pytest.mark.e2e
def test_stats_arrive_while_streaming(engine: EngineProcess) -> None:
    _until(engine, Loaded)
    # A long answer on any processor: a short one ("Count to fifty" gave 9 tokens on one) ends before a stats tick.
    prompt = "Explain in great detail how a computer works, from transistors to operating systems."
    engine.send(_ask(prompt, max_tokens=120))
    events = _until(engine, Finished)
    stats = [e for e in events if isinstance(e, EngineStats)]
    assert stats, "no live stats during a 120-token answer"
    assert all(s.kv_bytes > 0 and s.n_ctx_used > 0 for s in stats)


@pytest.mark.e2e
def test_cancel_takes_effect_within_one_token(engine: EngineProcess) -> None:
    _until(engine, Loaded)
    engine.send(_ask("Write a very long story about a lighthouse keeper.", max_tokens=400, temperature=0.8, seed=3))
    cancelled = False
    while True:
        event = engine.receive(TIMEOUT_S)
        assert event is not None
        if isinstance(event, Token) and event.index >= 5 and not cancelled:
            cancelled = True
            engine.send(Cancel(1, time.monotonic()))
        if isinstance(event, Finished):
            break
    assert event.metrics.stop_reason == "cancelled"
    assert event.metrics.decode_tokens < 400
    # The engine counts the tokens it sampled after the Cancel was sent: at most the one in flight.
    assert event.metrics.tokens_after_cancel <= 1


@pytest.mark.e2e
def test_tokens_arrive_in_order_and_add_up_to_the_answer(engine: EngineProcess) -> None:
    _until(engine, Loaded)
    engine.send(_ask("List ten fruits.", max_tokens=60))
    events = _until(engine, Finished)
    tokens = [e for e in events if isinstance(e, Token)]
    finished = events[-1]
    assert isinstance(finished, Finished)
    assert tokens[0].index == 1, "the first token must be sent alone, at once (it is the TTFT)"
    indexes = [t.index for t in tokens]
    assert indexes == sorted(indexes)
    assert indexes[-1] == finished.metrics.decode_tokens


@pytest.mark.e2e
def test_second_turn_reuses_the_live_context(engine: EngineProcess) -> None:
    _until(engine, Loaded)
    engine.send(_ask("Say hello.", request_id=1, max_tokens=16))
    first = _until(engine, Finished)
    reply = "".join(e.text for e in first if isinstance(e, Token))
    # What the store keeps: the tokens read and written, and where the answer began.
    prompt = next(e for e in first if isinstance(e, Started)).prompt_token_ids
    written = tuple(t for e in first if isinstance(e, Token) for t in e.token_ids)
    follow = Generate(
        2,
        (ChatMessage("user", "Say hello."), ChatMessage("assistant", reply), ChatMessage("user", "Again.")),
        SamplingParams(temperature=0.0, max_tokens=8),
        time.monotonic(),
        history_tokens=prompt + written,
        history_segments=(0, len(prompt)),
    )
    engine.send(follow)
    second = _until(engine, Finished)[-1]
    assert isinstance(second, Finished)
    assert second.metrics.cached_tokens > 0
    assert second.metrics.cache_source == "live"
    assert second.metrics.prefill_tokens < second.metrics.prompt_tokens


@pytest.mark.e2e
def test_missing_model_fails_with_one_sentence(tmp_path: Path) -> None:
    proc = EngineProcess()
    proc.start()
    try:
        proc.send(Load(7, LoadOptions(str(tmp_path / "missing.gguf"))))
        failed = _until(proc, Loaded)[-1]
        assert isinstance(failed, LoadFailed)
        assert failed.load_id == 7
        assert failed.reason.startswith("Model file not found")
        assert "\n" not in failed.reason
        assert proc.is_alive(), "a bad file must not kill the engine"
    finally:
        proc.stop()


@pytest.mark.e2e
def test_killed_child_is_reported_with_its_last_log_lines(engine: EngineProcess) -> None:
    _until(engine, Loaded)
    engine.send(_ask("Write a long poem.", max_tokens=300))
    _until(engine, Token)
    assert engine.pid is not None
    os.kill(engine.pid, signal.SIGKILL)
    with pytest.raises(EngineDiedError) as info:
        _until(engine, Finished)
    assert "SIGKILL" in info.value.failure.reason
    assert "llama" in info.value.failure.details.lower()  # llama.cpp's own load log went to the tail


@pytest.mark.e2e
def test_engine_runs_below_normal_priority(engine: EngineProcess) -> None:
    _until(engine, Loaded)
    assert engine.pid is not None
    priority = psutil.Process(engine.pid).nice()
    if hasattr(psutil, "BELOW_NORMAL_PRIORITY_CLASS"):  # Windows priority classes
        assert priority == psutil.BELOW_NORMAL_PRIORITY_CLASS
    else:
        assert priority >= ENGINE_NICENESS
