"""The compute devices llama.cpp's ggml registered (CPU, CUDA, Metal, Vulkan, ...), with free memory.

llama-cpp-python does not bind ggml's device API, so this calls it through ctypes, on the very
library llama_cpp loaded (LLAMA_CPP_LIB_PATH honoured). Call it only where llama_cpp may be
imported: the engine child or a throwaway process, never the window's process.
"""

from __future__ import annotations

import ctypes
import logging
from dataclasses import dataclass
from typing import Literal

from engine.kernels.machine import engine_lib_dir

logger = logging.getLogger(__name__)

DeviceKind = Literal["cpu", "gpu", "igpu", "accel", "meta"]
# enum ggml_backend_dev_type (ggml-backend.h), in order.
_KINDS: tuple[DeviceKind, ...] = ("cpu", "gpu", "igpu", "accel", "meta")


@dataclass(frozen=True)
class GgmlDevice:
    name: str  # e.g. "CPU", "CUDA0", "Metal", "Vulkan0"
    description: str  # e.g. "NVIDIA H200", the processor's name
    kind: DeviceKind
    backend: str  # the backend that registered it: "CPU", "CUDA", "Metal", "Vulkan", ...
    free_bytes: int
    total_bytes: int
    handle: int = 0  # ggml_backend_dev_t, for llama_model_params.devices

    @property
    def is_gpu(self) -> bool:
        """A GPU of this computer (an rpc-server's device counts as a GPU to llama.cpp, not here)."""
        return self.kind in ("gpu", "igpu") and not self.is_remote

    @property
    def is_remote(self) -> bool:
        return self.backend == "RPC"

    @property
    def label(self) -> str:
        return f"{self.name}: {self.description}" if self.description and self.description != self.name else self.name


def _library() -> ctypes.CDLL | None:
    import llama_cpp  # noqa: F401 - loads libggml as libllama's dependency; the CDLL below is the same one

    folder = engine_lib_dir()
    if folder is None:
        return None
    from engine.runtime.cpu_variants import loaded_ggml

    try:
        lib = loaded_ggml(folder)  # the copy libllama loaded: another copy has an empty registry of its own
    except OSError:
        return None
    lib.ggml_backend_dev_count.restype = ctypes.c_size_t
    lib.ggml_backend_dev_get.restype = ctypes.c_void_p
    lib.ggml_backend_dev_get.argtypes = [ctypes.c_size_t]
    for name in ("ggml_backend_dev_name", "ggml_backend_dev_description"):
        getattr(lib, name).restype = ctypes.c_char_p
        getattr(lib, name).argtypes = [ctypes.c_void_p]
    lib.ggml_backend_dev_type.restype = ctypes.c_int
    lib.ggml_backend_dev_type.argtypes = [ctypes.c_void_p]
    lib.ggml_backend_dev_backend_reg.restype = ctypes.c_void_p
    lib.ggml_backend_dev_backend_reg.argtypes = [ctypes.c_void_p]
    lib.ggml_backend_reg_name.restype = ctypes.c_char_p
    lib.ggml_backend_reg_name.argtypes = [ctypes.c_void_p]
    lib.ggml_backend_dev_memory.restype = None
    lib.ggml_backend_dev_memory.argtypes = [
        ctypes.c_void_p,
        ctypes.POINTER(ctypes.c_size_t),
        ctypes.POINTER(ctypes.c_size_t),
    ]
    return lib


def _text(value: bytes | None) -> str:
    return value.decode("utf-8", errors="replace") if value else ""


def list_devices() -> list[GgmlDevice]:
    """Every registered device; [] where the library cannot be read."""
    try:
        lib = _library()
    except (OSError, AttributeError):
        logger.warning("cannot read llama.cpp's device list", exc_info=True)
        return []
    if lib is None:
        return []
    devices = []
    for index in range(lib.ggml_backend_dev_count()):
        device = lib.ggml_backend_dev_get(index)
        free, total = ctypes.c_size_t(0), ctypes.c_size_t(0)
        lib.ggml_backend_dev_memory(device, ctypes.byref(free), ctypes.byref(total))
        kind_index = int(lib.ggml_backend_dev_type(device))
        registry = lib.ggml_backend_dev_backend_reg(device)
        devices.append(
            GgmlDevice(
                name=_text(lib.ggml_backend_dev_name(device)),
                description=_text(lib.ggml_backend_dev_description(device)),
                kind=_KINDS[kind_index] if 0 <= kind_index < len(_KINDS) else "accel",
                backend=_text(lib.ggml_backend_reg_name(registry)) if registry else "",
                free_bytes=int(free.value),
                total_bytes=int(total.value),
                handle=int(device),
            )
        )
    return devices


def gpu_devices() -> list[GgmlDevice]:
    return [device for device in list_devices() if device.is_gpu]


def free_vram() -> int | None:
    """Free memory over llama.cpp's GPU devices, None on a build without GPU offload (the CPU-only
    wheel) or where llama.cpp cannot tell. Imports llama_cpp: call it off the GUI thread."""
    try:
        import llama_cpp
    except ImportError:
        return None
    if not llama_cpp.llama_supports_gpu_offload():
        return None
    gpus = [device.free_bytes for device in list_devices() if device.kind == "gpu" and not device.is_remote]
    return sum(gpus) if gpus else None
