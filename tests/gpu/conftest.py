"""GPU offload: the real engine (engine.client.process.EngineProcess) with a model's layers on a real GPU.

The default test run leaves this folder out (pyproject.toml: --ignore=tests/gpu): this project's
install is a CPU-only build. bench/gpu_check.sh runs them on a machine with an NVIDIA GPU, with
llama.cpp built there for its CUDA architecture; its CPU dry run (GPU_CHECK_BACKEND=cpu) leaves them
out. Wherever they run, a missing GPU fails every one of them: a skipped test would prove nothing.

The model is a random-weight llama of 1.2 B parameters with the starter model's tokenizer
(tests/gpu/random_model.py): $HEARTH_GPU_MODEL if set (bench/gpu_check.sh writes it once for the tests
and the benchmark), else written here once per session from $HEARTH_GPU_TOKENIZER or the starter model.
"""

from __future__ import annotations

import os
import re
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from engine.client.process import EngineProcess
from engine.protocol import Event, Failed, Load, Loaded, LoadOptions

from .gpus import Gpu, read_gpus

HERE = Path(__file__).parent
ALL_LAYERS = 999  # more than any model has: llama.cpp clamps it to n_layer + 1
TIMEOUT_S = 300


_probe: tuple[list[Gpu], str] | None = None


def _probed() -> tuple[list[Gpu], str]:
    global _probe
    if _probe is None:
        _probe = read_gpus()
    return _probe


@pytest.fixture(autouse=True)
def a_gpu_is_here() -> None:
    found, reason = _probed()
    if not found:
        pytest.fail(f"no GPU for llama.cpp: {reason}")


@pytest.fixture(scope="session")
def gpus() -> list[Gpu]:
    found, reason = _probed()
    if not found:
        pytest.fail(f"no GPU for llama.cpp: {reason}")
    return found


def free_vram_now() -> int:
    """Free memory over the GPUs right now, as llama.cpp's devices report it."""
    return sum(gpu.free_bytes for gpu in read_gpus()[0])


@pytest.fixture(scope="session")
def gpu_model(tmp_path_factory: pytest.TempPathFactory, gpus: list[Gpu]) -> Path:
    given = os.environ.get("HEARTH_GPU_MODEL")
    if given:
        return Path(given)
    from tests.gpu.random_model import write_random_llama

    tokenizer = os.environ.get("HEARTH_GPU_TOKENIZER")
    if tokenizer is None:
        from engine.models.starter_model import starter_model_path

        tokenizer = str(starter_model_path())
    return write_random_llama(tmp_path_factory.mktemp("gpu-model") / "random-llama-1.2b-q4_0.gguf", Path(tokenizer))


def receive_until(engine: EngineProcess, kinds: type | tuple[type, ...], timeout: float = TIMEOUT_S) -> list[Event]:
    """Events up to and including the first of `kinds`; a Failed before it fails the test."""
    events: list[Event] = []
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        event = engine.receive(1.0)
        if event is None:
            continue
        events.append(event)
        if isinstance(event, kinds):
            return events
        assert not isinstance(event, Failed), event
    raise AssertionError(f"no {kinds} within {timeout} s; last events {events[-5:]}")


def load(engine: EngineProcess, options: LoadOptions) -> Loaded:
    """Load `options` and return its Loaded event (a Failed fails the test, with its sentence)."""
    engine.send(Load(1, options))
    last = receive_until(engine, (Loaded, Failed))[-1]
    assert isinstance(last, Loaded), last
    return last


@pytest.fixture
def engine() -> Iterator[EngineProcess]:
    """A fresh engine child, stopped after the test (the leak check wants none left running)."""
    proc = EngineProcess()
    proc.start()
    yield proc
    proc.stop()


OFFLOADED = re.compile(r"offloaded (\d+)/(\d+) layers to GPU")
BUFFER = re.compile(r"(\S+) (model|KV) buffer size = +([\d.]+) MiB")


@dataclass(frozen=True)
class LlamaLog:
    """llama.cpp's own account of the loads in one engine's log (one engine per test, one log per test)."""

    offloaded: list[tuple[int, int]]  # per load: (layers asked onto GPUs, layers in all)
    model_mib: dict[str, float]  # weights per buffer ("CUDA0", "CPU_Mapped", "CPU_REPACK", ...), all loads
    kv_mib: dict[str, float]  # KV cache per buffer


def llama_log(engine: EngineProcess) -> LlamaLog:
    text = engine.log_path.read_text(errors="replace") if engine.log_path.exists() else ""
    model: dict[str, float] = {}
    kv: dict[str, float] = {}
    for name, kind, mib in BUFFER.findall(text):
        target = model if kind == "model" else kv
        target[name] = target.get(name, 0.0) + float(mib)
    return LlamaLog([(int(a), int(b)) for a, b in OFFLOADED.findall(text)], model, kv)
