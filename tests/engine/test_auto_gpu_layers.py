"""'Auto' GPU layers from free VRAM. No GPU exists here, so the free VRAM is given to the estimate;
on this CPU-only build the real answer is 0."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.models.fit import auto_gpu_layers
from engine.runtime import ggml_devices


def test_a_cpu_only_build_puts_nothing_on_a_gpu(starter_model: Path) -> None:
    assert ggml_devices.free_vram() is None
    assert auto_gpu_layers(str(starter_model), 4096) == 0


@pytest.mark.parametrize(("free_mb", "expected"), [(10_000, 31), (0, 0)])
def test_all_layers_or_none(starter_model: Path, monkeypatch: pytest.MonkeyPatch, free_mb: int, expected: int) -> None:
    monkeypatch.setattr(ggml_devices, "free_vram", lambda: free_mb * 1024**2)
    assert auto_gpu_layers(str(starter_model), 4096) == expected  # 30 blocks, plus the output layer


def test_a_small_gpu_takes_part_of_the_model_and_more_context_leaves_room_for_fewer(
    starter_model: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(ggml_devices, "free_vram", lambda: 400 * 1024**2)
    short = auto_gpu_layers(str(starter_model), 2048)
    long = auto_gpu_layers(str(starter_model), 8192)  # a bigger KV cache and compute buffer
    assert 0 < long < short <= 31
