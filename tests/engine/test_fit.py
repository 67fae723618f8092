"""The fit estimate: model shapes from GGUF metadata, KV cache sizes as llama.cpp allocates them, labels."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from engine.models.fit import (
    FITS_SHARE,
    estimate_fit,
    kv_cache_bytes,
    system_memory,
)
from engine.models.gguf_header import read_header
from engine.models.shape import ModelShape, ModelShapeError
from tests.hub.fake_hub import write_tiny_gguf

# Loads a model once and creates a context per (n_ctx, swa_full) with Hearth's batch settings;
# llama.cpp prints each KV cache it allocates ("llama_kv_cache: size = 6.00 MiB (...)") on stderr.
_LLAMA_KV_SIZES = r"""
import sys, llama_cpp
llama_cpp.llama_backend_init()
model = llama_cpp.llama_model_load_from_file(sys.argv[1].encode(), llama_cpp.llama_model_default_params())
for arg in sys.argv[2:]:
    n_ctx, swa_full = arg.split(":")
    params = llama_cpp.llama_context_default_params()
    params.n_ctx, params.n_batch, params.n_ubatch = int(n_ctx), 512, 512
    params.swa_full, params.flash_attn_type = swa_full == "1", 0
    print("CONFIG", arg, file=sys.stderr, flush=True)
    llama_cpp.llama_free(llama_cpp.llama_init_from_model(model, params))
print("CONFIG end", file=sys.stderr, flush=True)
llama_cpp.llama_model_free(model)
"""


def llama_cpp_kv_bytes(model: Path, configs: list[tuple[int, bool]]) -> dict[tuple[int, bool], int]:
    """What llama.cpp itself allocates for the KV cache (all its caches summed), per config."""
    args = [f"{n}:{int(full)}" for n, full in configs]
    done = subprocess.run(
        [sys.executable, "-c", _LLAMA_KV_SIZES, str(model), *args],
        check=False,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    sizes: dict[tuple[int, bool], int] = {}
    current: tuple[int, bool] | None = None
    for line in done.stderr.splitlines():
        if line.startswith("CONFIG"):
            current = None if line.endswith("end") else configs[args.index(line.split()[1])]
            if current:
                sizes[current] = 0
        elif (m := re.search(r"llama_kv_cache: size = +([\d.]+) MiB", line)) and current:
            sizes[current] += round(float(m.group(1)) * 1024 * 1024)
    return sizes


def shape_of(path: Path) -> ModelShape:
    header = read_header(path)
    return ModelShape.from_metadata(header.metadata, n_params=header.parameter_count)


def test_shape_of_the_starter_model(starter_model: Path) -> None:
    shape = shape_of(starter_model)
    assert (shape.architecture, shape.n_layer, shape.n_embd, shape.n_head) == ("llama", 30, 576, 9)
    assert shape.n_head_kv == (3,) * 30
    assert (shape.key_length, shape.value_length) == (64, 64)  # n_embd / n_head: the GGUF has no key_length
    assert (shape.context_length, shape.n_vocab, shape.n_ff) == (8192, 49152, 1536)
    assert shape.sliding_window == 0
    assert not any(shape.swa_layers)
    assert shape.n_params == 134_515_008


@pytest.mark.e2e
def test_shape_of_gemma3_every_sixth_layer_is_global(gemma_model: Path) -> None:
    shape = shape_of(gemma_model)
    assert (shape.architecture, shape.n_layer, shape.sliding_window) == ("gemma3", 18, 512)
    assert (shape.key_length, shape.value_length) == (256, 256)
    assert [il for il in range(18) if not shape.is_swa(il)] == [5, 11, 17]


@pytest.mark.e2e
def test_kv_cache_matches_what_llama_cpp_allocates(starter_model: Path, gemma_model: Path) -> None:
    configs = [(2048, True), (3000, True), (8192, True)]
    measured = llama_cpp_kv_bytes(starter_model, configs)
    shape = shape_of(starter_model)
    assert {c: kv_cache_bytes(shape, c[0], swa_full=c[1]) for c in configs} == measured
    # Gemma: with swa_full (llama.cpp's default, and Hearth's) sliding layers hold the whole context;
    # without it they hold the window plus one batch, padded to 256.
    configs = [(2048, True), (8192, True), (2048, False), (8192, False), (700, False)]
    measured = llama_cpp_kv_bytes(gemma_model, configs)
    shape = shape_of(gemma_model)
    assert {c: kv_cache_bytes(shape, c[0], swa_full=c[1]) for c in configs} == measured
    assert measured[(8192, False)] < measured[(8192, True)] / 3


def test_per_layer_heads_and_an_explicit_window_pattern(tmp_path: Path) -> None:
    path = write_tiny_gguf(
        tmp_path / "hybrid.gguf",
        arch="gemma2",
        n_layer=4,
        n_embd=64,
        n_head=4,
        n_head_kv=[2, 0, 2, 1],  # 0: a layer without attention (hybrid models)
        sliding_window=128,
        sliding_window_pattern=[True, False, False, True],
    )
    shape = shape_of(path)
    assert shape.n_head_kv == (2, 0, 2, 1)
    assert shape.swa_layers == (True, False, False, True)
    head = 64 // 4
    per_cell = 2 * head * 2  # key + value, f16
    full, window = 1024, 256 + 512  # n_ctx padded; window + n_ubatch padded
    expected = (2 * window + 0 * full + 2 * full + 1 * window) * per_cell
    assert kv_cache_bytes(shape, 1000, swa_full=False) == expected


def test_gemma2_without_a_pattern_key_alternates(tmp_path: Path) -> None:
    shape = shape_of(write_tiny_gguf(tmp_path / "g2.gguf", arch="gemma2", n_layer=4, sliding_window=4096))
    assert shape.swa_layers == (True, False, True, False)


def test_a_declared_window_llama_cpp_ignores_counts_in_full(tmp_path: Path) -> None:
    # Mistral 7B v0.1 declares a 4096-token window; llama.cpp runs the llama architecture without one.
    shape = shape_of(write_tiny_gguf(tmp_path / "m.gguf", arch="llama", n_layer=2, sliding_window=4096))
    assert shape.sliding_window == 0
    assert kv_cache_bytes(shape, 8192, swa_full=False) == kv_cache_bytes(shape, 8192)


def test_metadata_without_an_architecture_or_layers() -> None:
    with pytest.raises(ModelShapeError, match="architecture"):
        ModelShape.from_metadata({})
    with pytest.raises(ModelShapeError, match="number of layers"):
        ModelShape.from_metadata({"general.architecture": "llama"})


def test_quantized_kv_cache_is_smaller(starter_model: Path) -> None:
    shape = shape_of(starter_model)
    assert kv_cache_bytes(shape, 4096, kv_type="q8_0") == kv_cache_bytes(shape, 4096) * 34 // 64
    with pytest.raises(ValueError, match="unknown KV cache type"):
        kv_cache_bytes(shape, 4096, kv_type="q3_x")


def test_labels_follow_the_thresholds(starter_model: Path) -> None:
    shape = shape_of(starter_model)
    weights = starter_model.stat().st_size
    needed = estimate_fit(weights, shape, 4096).ram_needed
    assert needed > weights + kv_cache_bytes(shape, 4096)
    assert estimate_fit(weights, shape, 4096, free_ram=int(needed / FITS_SHARE) + 1).label == "fits"
    assert estimate_fit(weights, shape, 4096, free_ram=int(needed / FITS_SHARE) - 1).label == "tight"
    assert estimate_fit(weights, shape, 4096, free_ram=needed).label == "tight"
    assert estimate_fit(weights, shape, 4096, free_ram=needed - 1).label == "too big"
    # A longer context needs more: what fits at 2,048 tokens can be too big at 8,192.
    free = estimate_fit(weights, shape, 2048).ram_needed + 1
    assert estimate_fit(weights, shape, 2048, free_ram=free).label == "tight"
    assert estimate_fit(weights, shape, 8192, free_ram=free).label == "too big"


def test_gpu_layers_move_memory_to_the_gpu(starter_model: Path) -> None:
    shape = shape_of(starter_model)
    weights = starter_model.stat().st_size
    cpu = estimate_fit(weights, shape, 4096, free_ram=10**10)
    gpu = estimate_fit(weights, shape, 4096, free_ram=10**10, free_vram=10**10, gpu_layers=99)
    assert gpu.vram_needed >= weights + gpu.kv_bytes
    assert gpu.ram_needed < cpu.ram_needed
    assert gpu.label == "fits"
    half = estimate_fit(weights, shape, 4096, free_ram=10**10, free_vram=10**10, gpu_layers=15)
    assert 0 < half.vram_needed < gpu.vram_needed
    small_gpu = estimate_fit(weights, shape, 4096, free_ram=10**10, free_vram=gpu.vram_needed - 1, gpu_layers=99)
    assert small_gpu.label == "too big"
    # A CPU-only build reports no VRAM: GPU layers change nothing.
    assert estimate_fit(weights, shape, 4096, free_ram=10**10, gpu_layers=99) == cpu


def test_describe_gives_one_sentence_with_the_numbers(starter_model: Path) -> None:
    shape = shape_of(starter_model)
    fit = estimate_fit(starter_model.stat().st_size, shape, 8192, free_ram=2_000_000_000)
    text = fit.describe()
    assert text.startswith("Fits: needs about ")
    assert f"{starter_model.stat().st_size / 1e6:.0f} MB weights" in text
    assert "189 MB context memory for 8,192 tokens" in text
    assert text.endswith("2.0 GB of RAM free.")
    assert "\n" not in text
    assert estimate_fit(starter_model.stat().st_size, shape, 8192, free_ram=1).describe().startswith("Too big:")


def test_system_memory_reads_this_machine() -> None:
    import llama_cpp
    import psutil

    free_ram, free_vram = system_memory()
    assert 0 < free_ram <= psutil.virtual_memory().total
    if not llama_cpp.llama_supports_gpu_offload():
        assert free_vram is None
    from engine.runtime.ggml_devices import list_devices

    cpu = [device for device in list_devices() if device.kind == "cpu"]
    assert cpu
    assert cpu[0].total_bytes > 0
    assert cpu[0].backend == "CPU"
