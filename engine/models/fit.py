"""Will a model fit? Weights + KV cache at the chosen context + overhead, against free RAM and VRAM.

The parts follow what llama.cpp (the version llama-cpp-python 0.3.36 vendors) allocates for Hearth's
engine settings (engine/runtime/llama_runtime.py: n_batch = n_ubatch = 512, flash attention off, f16 KV cache,
llama_context_default_params' swa_full = true). bench/fit_estimate.py checks the sum against the engine
process's measured memory.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any, Literal

from engine.models.shape import ModelShape
from engine.protocol import KvCacheType

logger = logging.getLogger(__name__)

MB = 1000 * 1000
KV_PAD = 256  # llama_context pads n_ctx to a multiple of 256 (llama-context.cpp)
N_UBATCH = 512  # Hearth's n_batch = n_ubatch (LoadOptions.n_batch)

# Bytes per element of a KV cache type (ggml block size / type size).
KV_TYPE_BYTES = {
    "f32": 4.0,
    "f16": 2.0,
    "bf16": 2.0,
    "q8_0": 34 / 32,
    "q5_1": 24 / 32,
    "q5_0": 22 / 32,
    "q4_1": 20 / 32,
    "q4_0": 18 / 32,
    "iq4_nl": 18 / 32,
}

# Overhead. llama.cpp reserves a compute buffer for a whole 512-token batch with 512 rows of logits, but
# Hearth asks for the last token's logits only, and untouched pages cost no memory. What a turn touches:
# - activations: a few n_ubatch x width f32 tensors live at the widest point of a layer;
# - with flash attention off, one layer's attention scores, n_kv x n_ubatch x n_head f32, plus the mask
#   (n_kv x n_ubatch f32), plus ggml's work buffer, where the scores are converted to f16 for the product
#   with V (n_kv x n_ubatch x n_head x 2 bytes). n_kv grows with the conversation: a batch read late in a
#   full context (a long paste, a reopened long chat) touches them at n_kv = n_ctx. That is the peak the
#   estimate gives; `ram_at_load` leaves it out.
# - runtime: the engine process before any model (Python, llama.cpp's libraries, Hearth's engine modules),
#   plus llama.cpp's tokenizer tables per vocabulary entry (and, on x86, a repacked copy of some weights).
# Calibrated with bench/fit_estimate.py on SmolLM2 135M (49k vocabulary) and Gemma 3 270M (262k), 2,048 and
# 8,192 tokens.
RUNTIME_BYTES = 62 * MB
VOCAB_BYTES_PER_TOKEN = 150
ACTIVATION_TENSORS = 3

# Labels: the share of free memory the estimate may take. Below FITS_SHARE leaves room for the
# window, the OS and the estimate's own error; up to all of it is "tight"; more is "too big".
FITS_SHARE = 0.8

FitLabel = Literal["fits", "tight", "too big"]


def _pad(n: int, to: int) -> int:
    return (n + to - 1) // to * to


def kv_cache_bytes(
    shape: ModelShape,
    n_ctx: int,
    *,
    kv_type: KvCacheType = "f16",
    swa_full: bool = True,
    n_ubatch: int = N_UBATCH,
    layers: range | None = None,
) -> int:
    """Bytes llama.cpp allocates for the KV cache (`layers`: only these, e.g. the ones offloaded).

    Each layer holds n_head_kv x (key + value head size) per cell. Full-attention layers hold n_ctx cells
    (padded to 256); sliding-window layers hold n_swa + n_ubatch (padded to 256), unless swa_full, which is
    llama.cpp's default and Hearth's (llama-kv-cache-iswa.cpp)."""
    per_element = KV_TYPE_BYTES.get(kv_type)
    if per_element is None:
        raise ValueError(f"unknown KV cache type {kv_type!r}")
    cells = _pad(max(n_ctx, 1), KV_PAD)
    swa_cells = cells if swa_full else _pad(min(cells, shape.sliding_window + n_ubatch), 256)
    total = 0.0
    for layer in layers if layers is not None else range(shape.n_layer):
        key, value = shape.head_sizes(layer)
        layer_cells = swa_cells if shape.is_swa(layer) else cells
        total += layer_cells * shape.n_head_kv[layer] * (key + value) * per_element
    return int(total)


def compute_bytes(shape: ModelShape, n_ctx: int, *, flash_attn: bool = False, n_ubatch: int = N_UBATCH) -> int:
    """The part of llama.cpp's compute buffers a turn touches at its peak (see the comment on the constants)."""
    width = max(shape.n_embd, shape.n_ff, shape.n_head * shape.key_length)
    activations = ACTIVATION_TENSORS * n_ubatch * width * 4
    n_kv = _pad(max(n_ctx, 1), KV_PAD)
    # Flash attention keeps scores per thread: only its f16 mask is n_kv x n_ubatch.
    per_cell = 2 if flash_attn else shape.n_head * (4 + 2) + 4
    scores = n_kv * n_ubatch * per_cell
    logits = shape.n_vocab * 4  # one row: the last token's
    return activations + scores + logits


def runtime_bytes(shape: ModelShape) -> int:
    return RUNTIME_BYTES + VOCAB_BYTES_PER_TOKEN * shape.n_vocab


@dataclass(frozen=True)
class FitEstimate:
    weights_bytes: int
    kv_bytes: int
    compute_bytes: int
    runtime_bytes: int
    n_ctx: int
    ram_needed: int  # at the peak: a full context
    vram_needed: int  # 0 when nothing goes to the GPU
    ram_at_load: int  # right after loading: weights, KV cache and runtime
    free_ram: int | None
    free_vram: int | None
    label: FitLabel

    @property
    def total_bytes(self) -> int:
        return self.ram_needed + self.vram_needed

    def describe(self) -> str:
        """One sentence with the numbers, for the window and the command line."""
        parts = f"{_size(self.weights_bytes)} weights + {_size(self.kv_bytes)} context memory for {self.n_ctx:,} tokens"
        parts += f" + {_size(self.compute_bytes + self.runtime_bytes)} working memory"
        if self.vram_needed:
            need = f"about {_size(self.ram_needed)} of RAM and {_size(self.vram_needed)} of GPU memory ({parts})"
        else:
            need = f"about {_size(self.ram_needed)} of memory ({parts})"
        free = []
        if self.free_ram is not None:
            free.append(f"{_size(self.free_ram)} of RAM")
        if self.vram_needed and self.free_vram is not None:
            free.append(f"{_size(self.free_vram)} of GPU memory")
        have = f"; {' and '.join(free)} free" if free else ""
        verdict = {"fits": "Fits", "tight": "Tight", "too big": "Too big"}[self.label]
        return f"{verdict}: needs {need}{have}."

    def to_json(self) -> dict[str, Any]:
        return {
            "label": self.label,
            "n_ctx": self.n_ctx,
            "weights_bytes": self.weights_bytes,
            "kv_bytes": self.kv_bytes,
            "compute_bytes": self.compute_bytes,
            "runtime_bytes": self.runtime_bytes,
            "ram_needed": self.ram_needed,
            "vram_needed": self.vram_needed,
            "ram_at_load": self.ram_at_load,
            "free_ram": self.free_ram,
            "free_vram": self.free_vram,
            "summary": self.describe(),
        }


def _size(n: int) -> str:
    if n >= 1000 * MB:
        return f"{n / (1000 * MB):.1f} GB"
    return f"{n / MB:,.0f} MB"


def _label(needed: int, free: int | None) -> FitLabel:
    if free is None:
        return "fits"  # nothing to compare with: the other memory decides
    if needed <= FITS_SHARE * free:
        return "fits"
    if needed <= free:
        return "tight"
    return "too big"


def _worse(a: FitLabel, b: FitLabel) -> FitLabel:
    order: tuple[FitLabel, ...] = ("fits", "tight", "too big")
    return order[max(order.index(a), order.index(b))]


def estimate_fit(
    weights_bytes: int,
    shape: ModelShape,
    n_ctx: int,
    *,
    kv_type: KvCacheType = "f16",
    free_ram: int | None = None,
    free_vram: int | None = None,
    gpu_layers: int = 0,
    swa_full: bool = True,
    flash_attn: bool = False,
) -> FitEstimate:
    """Memory a model needs at `n_ctx` tokens, and whether it fits in free RAM (and VRAM with gpu_layers > 0).

    Labels: "fits" when the need is at most FITS_SHARE (80 %) of what is free, "tight" up to 100 %,
    "too big" above. With gpu_layers > 0 but free_vram None (a CPU-only build), everything counts as RAM.
    Offloaded layers take their share of the weights and their KV cache to the GPU, and the compute
    buffer goes with them; the runtime stays in RAM."""
    kv = kv_cache_bytes(shape, n_ctx, kv_type=kv_type, swa_full=swa_full)
    compute = compute_bytes(shape, n_ctx, flash_attn=flash_attn)
    runtime = runtime_bytes(shape)
    on_gpu = min(max(gpu_layers, 0), shape.n_layer) if free_vram is not None else 0
    if on_gpu:
        share = on_gpu / shape.n_layer
        gpu_kv = kv_cache_bytes(
            shape, n_ctx, kv_type=kv_type, swa_full=swa_full, layers=range(shape.n_layer - on_gpu, shape.n_layer)
        )
        vram = int(weights_bytes * share) + gpu_kv + compute
        ram_at_load = weights_bytes - int(weights_bytes * share) + (kv - gpu_kv) + runtime
        # The CPU runs the remaining layers with its own buffer.
        ram = ram_at_load + (compute if on_gpu < shape.n_layer else 0)
    else:
        vram = 0
        ram_at_load = weights_bytes + kv + runtime
        ram = ram_at_load + compute
    label = _label(ram, free_ram)
    if vram:
        label = _worse(label, _label(vram, free_vram))
    return FitEstimate(weights_bytes, kv, compute, runtime, n_ctx, ram, vram, ram_at_load, free_ram, free_vram, label)


def system_memory() -> tuple[int, int | None]:
    """(free RAM, free VRAM or None): psutil's available memory; VRAM from llama.cpp's GPU devices,
    None on a build without GPU offload (the CPU-only wheel) or where llama.cpp cannot tell."""
    import psutil

    from engine.runtime.ggml_devices import free_vram

    return int(psutil.virtual_memory().available), free_vram()


def auto_gpu_layers(model_path: str, n_ctx: int, *, kv_type: KvCacheType = "f16", flash_attn: bool = False) -> int:
    """'Auto' GPU layers: the most layers whose weights, KV cache and compute buffer fit in 90 % of
    the free VRAM (0 on a CPU-only build). Each layer is tried from all of them down."""
    from pathlib import Path

    from engine.models.gguf_header import read_header
    from engine.runtime.ggml_devices import free_vram

    vram = free_vram()
    if not vram:
        return 0
    path = Path(model_path)
    header = read_header(path)
    shape = ModelShape.from_metadata(header.metadata)
    size = path.stat().st_size
    for layers in range(shape.n_layer, 0, -1):
        fit = estimate_fit(
            size, shape, n_ctx, kv_type=kv_type, free_vram=vram, gpu_layers=layers, flash_attn=flash_attn
        )
        if fit.vram_needed <= 0.9 * vram:
            return layers + 1 if layers == shape.n_layer else layers  # all of them: the output layer too
    return 0
