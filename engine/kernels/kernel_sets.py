"""The kernel sets the engine can run with, fastest first.

- "full": llama.cpp's defaults, with its extra CPU buffer types: AMX tiles on processors that have
  them, and weights repacked for the AVX2/AVX-512/NEON matrix kernels.
- "safe": no extra buffer types (llama_model_params.use_extra_bufts = False, llama-bench
  --repack 0, llama-server -nr). AMX's tile instructions run only from its buffer type
  (ggml-cpu/amx/), so this is enough where a machine refuses them.

Nothing safer exists inside one build: a native build compiles the rest of ggml for the build
machine's processor, and where that traps only another build helps.
"""

from __future__ import annotations

from engine.protocol import KernelSet

__all__ = ["LADDER", "KernelSet", "describe", "safer_than", "uses_extra_buffers"]

LADDER: tuple[KernelSet, ...] = ("full", "safe")


def uses_extra_buffers(kernels: KernelSet) -> bool:
    return kernels == "full"


def safer_than(kernels: KernelSet) -> KernelSet | None:
    """The next kernel set down the ladder, or None where this is already the safest."""
    index = LADDER.index(kernels)
    return LADDER[index + 1] if index + 1 < len(LADDER) else None


def describe(kernels: KernelSet) -> str:
    if kernels == "full":
        return "fast kernels (extra buffer types on: AMX where the processor has it, weight repacking)"
    return "safe kernels (extra buffer types off: no AMX, no weight repacking)"
