"""Switching and unloading models in one engine process, the way the window does it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from engine.client.process import EngineProcess
from engine.protocol import (
    AnswerFailed,
    Event,
    Failed,
    Finished,
    Load,
    Loaded,
    LoadFailed,
    LoadOptions,
    Unload,
    Unloaded,
)
from tests.engine.driving import answer, events_until, started_engine


@pytest.fixture(scope="module")
def refused_by_llama_cpp(starter_model: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    from tests.fixtures.gguf_files import copy_without_key

    return copy_without_key(starter_model, tmp_path_factory.mktemp("bad") / "no-block-count.gguf", "llama.block_count")


@pytest.fixture
def engine(starter_model: Path) -> Iterator[EngineProcess]:
    for proc in started_engine(starter_model):
        events_until(proc, Loaded)
        yield proc


def _collect(proc: EngineProcess, kind: type) -> list[Event]:
    return events_until(proc, kind)


def _answer(proc: EngineProcess, request_id: int) -> Finished | AnswerFailed:
    return answer(proc, request_id)


@pytest.mark.e2e
def test_switch_to_another_model_and_back(engine: EngineProcess, starter_model: Path, gemma_model: Path) -> None:
    engine.send(Load(7, LoadOptions(str(gemma_model), n_ctx=1024, n_threads=2)))
    loaded = _collect(engine, Loaded)[-1]
    assert isinstance(loaded, Loaded)
    assert loaded.load_id == 7
    assert loaded.info.architecture == "gemma3"
    assert loaded.options is not None
    assert loaded.options.model_path == str(gemma_model)
    answer = _answer(engine, 1)
    assert isinstance(answer, Finished)
    assert answer.metrics.model == gemma_model.stem

    engine.send(Load(8, LoadOptions(str(starter_model), n_ctx=1024, n_threads=2)))
    assert _collect(engine, Loaded)[-1].info.architecture == "llama"  # type: ignore[attr-defined]
    assert isinstance(_answer(engine, 2), Finished)


@pytest.mark.e2e
def test_a_load_that_llama_cpp_refuses_brings_the_previous_model_back(
    engine: EngineProcess, starter_model: Path, refused_by_llama_cpp: Path
) -> None:
    engine.send(Load(7, LoadOptions(str(refused_by_llama_cpp), n_ctx=1024, n_threads=2)))
    events = _collect(engine, Loaded)
    failures = [e for e in events if isinstance(e, Failed)]
    assert len(failures) == 1
    assert isinstance(failures[0], LoadFailed)
    assert failures[0].load_id == 7
    assert "could not load no-block-count.gguf" in failures[0].reason
    restored = events[-1]
    assert isinstance(restored, Loaded)
    assert restored.load_id == 7  # it answers the same Load
    assert restored.restored_after_failure
    assert restored.info.path == str(starter_model)
    assert isinstance(_answer(engine, 1), Finished)


@pytest.mark.e2e
def test_a_file_that_is_not_a_model_never_unloads_the_current_one(engine: EngineProcess, tmp_path: Path) -> None:
    not_a_model = tmp_path / "notes.gguf"
    not_a_model.write_text("these are my notes, not a model")
    engine.send(Load(7, LoadOptions(str(not_a_model), n_ctx=1024, n_threads=2)))
    failure = _collect(engine, Failed)[-1]
    assert isinstance(failure, LoadFailed)
    assert failure.load_id == 7
    answer = _answer(engine, 1)  # no reload happened: the model was never freed
    assert isinstance(answer, Finished)


@pytest.mark.e2e
@pytest.mark.parametrize("bad_file", ["refused_by_llama_cpp", "not_a_model"])
def test_a_fresh_engine_whose_first_load_fails_loads_the_fallback(
    bad_file: str, starter_model: Path, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    """After a crash the window starts a new engine; a switch that fails there must still leave the
    user's model loaded (Load.fallback), whether the header check or llama.cpp refuses the file."""
    if bad_file == "not_a_model":
        path = tmp_path / "notes.gguf"
        path.write_text("these are my notes, not a model")
    else:
        path = request.getfixturevalue(bad_file)
    proc = EngineProcess(tmp_path / "engine.log")
    proc.start()
    try:
        fallback = LoadOptions(str(starter_model), n_ctx=1024, n_threads=2)
        proc.send(Load(7, LoadOptions(str(path), n_ctx=1024, n_threads=2), fallback=fallback))
        events = _collect(proc, Loaded)
        assert [type(e) for e in events if isinstance(e, Failed | Loaded)] == [LoadFailed, Loaded]
        restored = events[-1]
        assert isinstance(restored, Loaded)
        assert restored.restored_after_failure
        assert restored.options == fallback
        assert isinstance(_answer(proc, 1), Finished)
    finally:
        proc.stop()


@pytest.mark.e2e
def test_only_the_last_of_several_quick_picks_is_loaded(
    engine: EngineProcess, starter_model: Path, gemma_model: Path
) -> None:
    engine.send(Unload(6))  # something for the worker to do while the picks arrive
    engine.send(Load(7, LoadOptions(str(gemma_model), n_ctx=1024, n_threads=2)))
    engine.send(Load(8, LoadOptions(str(starter_model), n_ctx=512, n_threads=2)))
    events = _collect(engine, Loaded)
    loads = [e for e in events if isinstance(e, Loaded)]
    assert [(e.load_id, e.info.n_ctx) for e in loads] == [(8, 512)], "the superseded pick was loaded"
    assert _answer(engine, 1).request_id == 1


@pytest.mark.e2e
def test_unload_frees_memory_and_a_send_then_says_no_model(engine: EngineProcess) -> None:
    engine.send(Unload(6))
    unloaded = _collect(engine, Unloaded)[-1]
    assert isinstance(unloaded, Unloaded)
    assert unloaded.command_id == 6
    assert unloaded.rss_after < unloaded.rss_before - 50 * 1024**2  # the 92 MB of weights at least
    answer = _answer(engine, 1)
    assert isinstance(answer, AnswerFailed)
    assert answer.reason == "No model is loaded yet."


@pytest.mark.e2e
def test_a_compressed_kv_cache_loads_and_answers(engine: EngineProcess, starter_model: Path) -> None:
    options = LoadOptions(str(starter_model), n_ctx=1024, n_threads=2, type_k="q8_0", type_v="q8_0", flash_attn=True)
    engine.send(Load(7, options))
    assert isinstance(_collect(engine, Loaded)[-1], Loaded)
    assert isinstance(_answer(engine, 1), Finished)


@pytest.mark.e2e
def test_a_compressed_value_cache_without_flash_attention_says_why(engine: EngineProcess, starter_model: Path) -> None:
    options = LoadOptions(str(starter_model), n_ctx=1024, n_threads=2, type_v="q8_0", flash_attn=False)
    engine.send(Load(7, options))
    events = _collect(engine, Loaded)
    failure = next(e for e in events if isinstance(e, Failed))
    assert failure.reason == "A compressed KV cache for values needs flash attention; turn it on or use f16."
    assert isinstance(events[-1], Loaded)
    assert events[-1].restored_after_failure
