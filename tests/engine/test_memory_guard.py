"""The memory guard weighs a load against the memory free now, with the numbers in its sentence."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest

from engine.client.process import EngineProcess
from engine.models import fit
from engine.protocol import Failed, Load, Loaded, LoadFailed, LoadOptions
from engine.runtime.memory_guard import check_memory, load_estimate

MB = 1000**2


def _computer_with(monkeypatch: pytest.MonkeyPatch, free_ram: int, free_vram: int | None = None) -> None:
    """A computer with this much free memory (what psutil and llama.cpp's devices would say)."""
    monkeypatch.setattr(fit, "system_memory", lambda: (free_ram, free_vram))


def _needed(starter_model: Path, **changes: object) -> int:
    estimate = load_estimate(LoadOptions(str(starter_model), **changes), None, None)  # type: ignore[arg-type]
    assert estimate is not None
    return estimate.ram_needed


def test_a_model_that_fits_loads(starter_model: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _computer_with(monkeypatch, 2 * _needed(starter_model))
    assert check_memory(LoadOptions(str(starter_model))) is None


def test_a_model_too_big_for_free_memory_is_refused_with_the_numbers(
    starter_model: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    needed = _needed(starter_model)
    _computer_with(monkeypatch, 80 * MB)
    refusal = check_memory(LoadOptions(str(starter_model)))
    assert refusal is not None
    sentence = str(refusal)
    assert sentence.startswith("Smollm2 135M")  # the model's own name, from its header
    figures = re.findall(r"(\d+(?:\.\d+)?) (GB|MB)", sentence)
    assert figures == [(f"{needed / 1000**3:.1f}", "GB"), ("80", "MB")]
    assert sentence.endswith("close other programs, pick a smaller model or context, or load it anyway.")
    assert "\n" not in sentence


def test_a_smaller_context_can_make_it_fit(starter_model: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    free = (_needed(starter_model, n_ctx=512) + _needed(starter_model, n_ctx=8192)) // 2
    _computer_with(monkeypatch, free)
    assert check_memory(LoadOptions(str(starter_model), n_ctx=8192)) is not None
    assert check_memory(LoadOptions(str(starter_model), n_ctx=512)) is None


def test_load_anyway_skips_the_guard(starter_model: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _computer_with(monkeypatch, 1 * MB)
    assert check_memory(LoadOptions(str(starter_model), ignore_memory_guard=True)) is None


def test_free_gpu_memory_counts_for_offloaded_layers(starter_model: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    needed = _needed(starter_model)
    on_cpu = LoadOptions(str(starter_model), n_gpu_layers=0)
    on_gpu = LoadOptions(str(starter_model), n_gpu_layers=99)
    _computer_with(monkeypatch, needed // 3, free_vram=4 * needed)
    assert check_memory(on_cpu) is not None
    assert check_memory(on_gpu) is None


def test_the_model_being_replaced_counts_as_free(starter_model: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    needed = _needed(starter_model, n_ctx=2048)
    _computer_with(monkeypatch, needed // 2)
    options = LoadOptions(str(starter_model), n_ctx=2048)
    assert check_memory(options) is not None
    assert check_memory(options, replacing=options) is None


def test_a_file_the_header_cannot_read_is_left_to_the_file_check(tmp_path: Path) -> None:
    bad = tmp_path / "bad.gguf"
    bad.write_bytes(b"GGUF\x03\x00")
    assert check_memory(LoadOptions(str(bad))) is None


@pytest.mark.e2e
def test_the_engine_refuses_a_context_no_computer_holds_and_stays_up(starter_model: Path) -> None:
    # 10 million tokens of context need hundreds of GB: refused before llama.cpp allocates anything.
    proc = EngineProcess()
    proc.start()
    try:
        proc.send(Load(1, LoadOptions(str(starter_model), n_ctx=10_000_000, n_threads=2)))
        deadline = time.monotonic() + 120
        while (event := proc.receive(1.0)) is None or not isinstance(event, Failed | Loaded):
            assert time.monotonic() < deadline, "no answer to the load"
        assert isinstance(event, LoadFailed)
        assert event.kind == "memory"
        assert "load it anyway" in event.reason
        assert proc.is_alive()
    finally:
        proc.stop()
