"""The GPU devices of the llama.cpp library llama_cpp loads, read independently of the engine's own
reader (engine/runtime/ggml_devices.py). A plain module, not the conftest, so bench/gpu_check.sh and
bench/gpu_speed.py can ask the same question the GPU tests ask."""

from __future__ import annotations

import ctypes
from dataclasses import dataclass


@dataclass(frozen=True)
class Gpu:
    """One GPU device as llama.cpp's ggml lists it, read independently of the engine's own reader."""

    name: str  # "CUDA0"
    description: str  # "NVIDIA H200"
    free_bytes: int
    total_bytes: int


def read_gpus() -> tuple[list[Gpu], str]:
    """The GPU devices of the llama.cpp library llama_cpp loaded, and why there are none.

    ggml's device API is not bound by llama-cpp-python; its symbols are reached through libllama's own
    handle (dlsym searches a library's dependencies, libggml among them), so this reads the very copy
    the engine loads, wherever LLAMA_CPP_LIB_PATH put it."""
    try:
        import llama_cpp
    except Exception as exc:  # no library at all: nothing to test offload with
        return [], f"llama_cpp cannot be loaded: {exc}"
    if not llama_cpp.llama_supports_gpu_offload():
        return [], "this llama.cpp build has no GPU offload (a CPU-only build)"
    lib = llama_cpp.llama_cpp._lib
    lib.ggml_backend_dev_count.restype = ctypes.c_size_t
    lib.ggml_backend_dev_get.restype = ctypes.c_void_p
    lib.ggml_backend_dev_get.argtypes = [ctypes.c_size_t]
    lib.ggml_backend_dev_type.restype = ctypes.c_int
    lib.ggml_backend_dev_type.argtypes = [ctypes.c_void_p]
    for name in ("ggml_backend_dev_name", "ggml_backend_dev_description"):
        getattr(lib, name).restype = ctypes.c_char_p
        getattr(lib, name).argtypes = [ctypes.c_void_p]
    lib.ggml_backend_dev_memory.restype = None
    size_p = ctypes.POINTER(ctypes.c_size_t)
    lib.ggml_backend_dev_memory.argtypes = [ctypes.c_void_p, size_p, size_p]
    gpus = []
    for index in range(lib.ggml_backend_dev_count()):
        device = lib.ggml_backend_dev_get(index)
        if lib.ggml_backend_dev_type(device) not in (1, 2):  # GGML_BACKEND_DEVICE_TYPE_GPU, _IGPU
            continue
        free, total = ctypes.c_size_t(0), ctypes.c_size_t(0)
        lib.ggml_backend_dev_memory(device, ctypes.byref(free), ctypes.byref(total))
        gpus.append(
            Gpu(
                lib.ggml_backend_dev_name(device).decode(),
                lib.ggml_backend_dev_description(device).decode(errors="replace"),
                int(free.value),
                int(total.value),
            )
        )
    return gpus, "" if gpus else "llama.cpp was built with GPU offload but sees no GPU device here"
