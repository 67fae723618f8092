"""Layers on the GPU through the real engine: the load, a streamed answer, 'auto' GPU layers, the memory guard.

Each claim is checked twice where it can be: against what the engine reports (ModelInfo) and against
llama.cpp's own account (its "offloaded N/M layers to GPU" log line, the device's free memory).
"""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest

from engine.client.process import EngineProcess
from engine.models import fit
from engine.models.gguf_header import read_header
from engine.protocol import (
    AUTO_GPU_LAYERS,
    ChatMessage,
    Failed,
    Finished,
    Generate,
    Load,
    Loaded,
    LoadFailed,
    LoadOptions,
    SamplingParams,
    Started,
    Token,
)
from engine.runtime import ggml_devices
from engine.runtime.memory_guard import check_memory, load_estimate
from tests.gpu.conftest import ALL_LAYERS, Gpu, free_vram_now, llama_log, load, receive_until

N_CTX = 4096
GB = 1000**3


def _layers(model: Path) -> int:
    """What llama.cpp can offload: every repeating layer, plus the output layer."""
    return int(read_header(model).metadata["llama.block_count"]) + 1


def _assert_all_on_gpu(engine: EngineProcess, loaded: Loaded, model: Path, gpus: list[Gpu]) -> None:
    info = loaded.info
    n_layers = _layers(model)
    assert info.n_layers == n_layers
    assert info.gpu_layers == n_layers, f"{info.gpu_layers} of {n_layers} layers on the GPU"
    assert info.offload_devices, "ModelInfo names no GPU"
    assert all(any(label.startswith(gpu.name) for gpu in gpus) for label in info.offload_devices), (
        info.offload_devices,
        gpus,
    )
    # llama.cpp's own word for it: the layers it was asked to offload, and where the weights and the
    # KV cache went (all but the token embeddings, which llama.cpp always keeps on the CPU).
    log = llama_log(engine)
    assert log.offloaded[-1:] == [(n_layers, n_layers)]
    on_gpus = sum(mib for name, mib in log.model_mib.items() if any(name.startswith(g.name) for g in gpus))
    assert on_gpus * 2**20 > 0.8 * model.stat().st_size, log.model_mib
    assert log.kv_mib
    assert all(any(name.startswith(g.name) for g in gpus) for name in log.kv_mib), log.kv_mib


def test_every_layer_loads_on_the_gpu_and_model_info_says_so(
    engine: EngineProcess, gpu_model: Path, gpus: list[Gpu]
) -> None:
    before = free_vram_now()
    loaded = load(engine, LoadOptions(str(gpu_model), n_ctx=N_CTX, n_gpu_layers=ALL_LAYERS))
    _assert_all_on_gpu(engine, loaded, gpu_model, gpus)
    # The CPU kernels the engine was started with (gpu_check.sh sets HEARTH_CPU_KERNELS where the fast ones trap).
    assert loaded.info.kernels == engine.kernels
    # The weights went to the GPU: its free memory fell by at least their size.
    used = before - free_vram_now()
    assert used >= 0.9 * gpu_model.stat().st_size, f"the GPU holds only {used / GB:.2f} GB more"


def test_an_answer_streams_from_the_gpu(engine: EngineProcess, gpu_model: Path, gpus: list[Gpu]) -> None:
    load(engine, LoadOptions(str(gpu_model), n_ctx=N_CTX, n_gpu_layers=ALL_LAYERS))
    engine.send(
        Generate(
            1,
            (ChatMessage("user", "Tell me about the sea."),),
            SamplingParams(temperature=0, max_tokens=128),
            sent_at=time.monotonic(),
        )
    )
    events = receive_until(engine, Finished)
    started = [e for e in events if isinstance(e, Started)]
    tokens = [e for e in events if isinstance(e, Token)]
    finished = events[-1]
    assert isinstance(finished, Finished)
    assert len(started) == 1
    assert len(tokens) >= 2
    assert tokens[0].index == 1
    assert [t.index for t in tokens] == sorted(t.index for t in tokens)
    assert sum(len(t.token_ids) for t in tokens) == 128
    assert "".join(t.text for t in tokens).strip()
    metrics = finished.metrics
    assert metrics.decode_tokens == 128
    assert metrics.stop_reason == "max_tokens"
    assert metrics.prefill_tokens == started[0].prompt_tokens
    print(
        f"GPU: {metrics.prefill_tokens} prompt tokens in {metrics.prefill_s * 1000:.0f} ms, "
        f"{(metrics.decode_tokens - 1) / metrics.decode_s:.0f} tok/s writing"
    )


def test_auto_gpu_layers_put_every_layer_on_the_gpu(engine: EngineProcess, gpu_model: Path, gpus: list[Gpu]) -> None:
    assert fit.auto_gpu_layers(str(gpu_model), N_CTX) == _layers(gpu_model)
    loaded = load(engine, LoadOptions(str(gpu_model), n_ctx=N_CTX, n_gpu_layers=AUTO_GPU_LAYERS))
    _assert_all_on_gpu(engine, loaded, gpu_model, gpus)


def test_the_engine_sees_the_free_gpu_memory_llama_cpp_reports(gpus: list[Gpu]) -> None:
    seen = ggml_devices.free_vram()
    assert seen is not None, "the engine sees no GPU memory although llama.cpp lists a GPU"
    assert abs(seen - free_vram_now()) < 2 * GB  # read moments apart; other programs may allocate


def _figures(sentence: str) -> list[float]:
    return [
        float(n) * (GB if unit == "GB" else 1000**2) for n, unit in re.findall(r"(\d+(?:\.\d+)?) (GB|MB)", sentence)
    ]


def test_a_load_neither_the_gpu_nor_ram_holds_is_refused_with_its_sentence(
    engine: EngineProcess, gpu_model: Path
) -> None:
    import psutil

    # Ten million tokens of context: terabytes, on the GPU or not.
    engine.send(Load(1, LoadOptions(str(gpu_model), n_ctx=10_000_000, n_gpu_layers=ALL_LAYERS)))
    refusal = receive_until(engine, (Loaded, Failed))[-1]
    assert isinstance(refusal, LoadFailed), refusal
    assert refusal.kind == "memory"
    sentence = refusal.reason
    assert sentence.startswith("Hearth GPU check")  # the model's own name, from its header
    assert sentence.endswith("close other programs, pick a smaller model or context, or load it anyway.")
    need, free = _figures(sentence)
    # What is free counts the GPU's memory as well as the RAM.
    ram = psutil.virtual_memory().available
    vram = free_vram_now()
    assert free > ram + 0.5 * vram, f"{sentence!r}: free RAM {ram / GB:.1f} GB, free VRAM {vram / GB:.1f} GB"
    assert abs(free - (ram + vram)) < 0.1 * (ram + vram)
    assert need > free
    assert engine.is_alive()


def test_a_gpu_load_is_allowed_and_weighed_against_gpu_memory(
    engine: EngineProcess, gpu_model: Path, gpus: list[Gpu]
) -> None:
    options = LoadOptions(str(gpu_model), n_ctx=N_CTX, n_gpu_layers=ALL_LAYERS)
    free_ram, free_vram = fit.system_memory()
    estimate = load_estimate(options, free_ram, free_vram)
    assert estimate is not None
    assert estimate.vram_needed > gpu_model.stat().st_size  # the weights and the context go to the GPU
    assert estimate.ram_needed < 0.5 * gpu_model.stat().st_size  # and not to RAM
    assert check_memory(options) is None
    loaded = load(engine, options)
    assert loaded.info.gpu_layers == loaded.info.n_layers


def test_free_gpu_memory_lets_a_load_through_that_ram_alone_would_refuse(
    gpu_model: Path, gpus: list[Gpu], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The guard's verdict (in this process) for a context so long that the model needs more than the
    free RAM but less than the free GPU memory. The GPU's free memory is read for real each time; free
    RAM counts as at most half of it, since a machine like an H200 (139 GiB) has about as much RAM."""
    real_reading = fit.system_memory
    real_ram, free_vram = real_reading()
    assert free_vram is not None
    free_ram = min(real_ram, free_vram // 2)
    monkeypatch.setattr(fit, "system_memory", lambda: (free_ram, real_reading()[1]))

    def estimate(n_ctx: int, layers: int) -> fit.FitEstimate:
        found = load_estimate(LoadOptions(str(gpu_model), n_ctx=n_ctx, n_gpu_layers=layers), free_ram, free_vram)
        assert found is not None
        return found

    low, high = 1024, 100_000_000
    while high - low > 1024:  # the shortest context that RAM alone cannot hold
        middle = (low + high) // 2
        low, high = (middle, high) if estimate(middle, 0).ram_needed <= free_ram else (low, middle)
    n_ctx = int(high * 1.05)  # clear of the line: free memory moves a little between readings
    on_gpu = estimate(n_ctx, ALL_LAYERS)
    assert on_gpu.ram_needed < 0.1 * free_ram
    assert on_gpu.vram_needed < 0.95 * free_vram, f"{n_ctx:,} tokens need {on_gpu.vram_needed / GB:.0f} GB on the GPU"
    assert check_memory(LoadOptions(str(gpu_model), n_ctx=n_ctx, n_gpu_layers=0)) is not None
    assert check_memory(LoadOptions(str(gpu_model), n_ctx=n_ctx, n_gpu_layers=ALL_LAYERS)) is None
