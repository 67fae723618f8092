"""Refuse, before llama.cpp allocates anything, a load that cannot fit in this computer's memory.

A model that does not fit does not fail cleanly: the system swaps until it freezes or kills the
engine. So the engine estimates what the load needs (engine/models/fit.py, from the file's own
header) and compares it with the RAM that is available now, plus free GPU memory for the layers
that go there. The user can still choose "Load anyway" (LoadOptions.ignore_memory_guard).
"""

from __future__ import annotations

from pathlib import Path

from engine.errors import UserError
from engine.models import fit
from engine.models.gguf_header import GGUFHeaderError, read_header
from engine.models.shape import ModelShape, ModelShapeError
from engine.protocol import AUTO_GPU_LAYERS, LoadOptions

GB = 1000**3
MB = 1000**2


def _amount(n: int) -> str:
    return f"{n / GB:.1f} GB" if n >= 100 * MB else f"{n / MB:.0f} MB"


def _amounts(need: int, free: int) -> tuple[str, str]:
    """Both figures, with one more decimal where one decimal would make them read the same."""
    a, b = _amount(need), _amount(free)
    if a == b:
        a, b = f"{need / GB:.2f} GB", f"{free / GB:.2f} GB"
    return a, b


def load_estimate(options: LoadOptions, free_ram: int | None, free_vram: int | None) -> fit.FitEstimate | None:
    """What loading `options` needs, against the given free memory; None if the header cannot tell."""
    path = Path(options.model_path)
    try:
        header = read_header(path)
        shape = ModelShape.from_metadata(header.metadata, n_params=header.parameter_count)
        size = path.stat().st_size
    except (GGUFHeaderError, ModelShapeError, OSError):
        return None  # check_model_file speaks for a bad file; the guard only weighs good ones
    n_ctx = options.n_ctx or shape.context_length  # 0: llama.cpp uses the trained context
    if not options.kv_unified:
        n_ctx *= max(1, options.parallel)  # every slot has its own n_ctx cells
    layers = options.n_gpu_layers
    if layers == AUTO_GPU_LAYERS:
        layers = fit.auto_gpu_layers(str(path), n_ctx, kv_type=options.type_k, flash_attn=options.flash_attn)
    return fit.estimate_fit(
        size,
        shape,
        n_ctx,
        kv_type=options.type_k,
        free_ram=free_ram,
        free_vram=free_vram,
        gpu_layers=layers if free_vram else 0,
        flash_attn=options.flash_attn,
    )


class TooBigError(UserError):
    """The memory guard's refusal: the model will not fit in the memory free now."""


def check_memory(options: LoadOptions, *, replacing: LoadOptions | None = None) -> TooBigError | None:
    """The refusal (one sentence with the numbers) if the model will not fit in the memory free now, else None.

    `replacing`: the model this load unloads first; its memory counts as free."""
    if options.ignore_memory_guard or options.rpc_servers:
        # Split across machines, most of the model lives on them, whose free memory is known only once
        # they are registered; an rpc-server that cannot hold its share fails the load cleanly.
        return None
    free_ram, free_vram = fit.system_memory()
    if replacing is not None:
        previous = load_estimate(replacing, None, free_vram)
        if previous is not None:
            free_ram += previous.ram_at_load
            if free_vram is not None:
                free_vram += previous.vram_needed
    estimate = load_estimate(options, free_ram, free_vram)
    if estimate is None or estimate.label != "too big":
        return None
    need = estimate.ram_needed + estimate.vram_needed
    free = free_ram + ((free_vram or 0) if estimate.vram_needed else 0)
    name = _model_name(options.model_path)
    need_text, free_text = _amounts(need, free)
    return TooBigError("memory_guard.too_big", name=name, need=need_text, free=free_text)


def _model_name(model_path: str) -> str:
    try:
        name = read_header(Path(model_path)).metadata.get("general.name")
    except (GGUFHeaderError, OSError):
        name = None
    return name if isinstance(name, str) and name.strip() else Path(model_path).stem
