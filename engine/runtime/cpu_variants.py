"""llama.cpp's CPU kernels chosen at run time: one build for every x86-64 processor.

A portable llama.cpp build (GGML_NATIVE=OFF, GGML_BACKEND_DL=ON, GGML_CPU_ALL_VARIANTS=ON, as
Ollama ships it) has no CPU backend inside libggml. Beside it lie one module per processor level,
libggml-cpu-<variant>.so (x64, sse42, sandybridge, haswell, skylakex, icelake, zen4, alderlake,
sapphirerapids, ...). Each exports `int ggml_backend_score(void)`: 0 where this processor lacks one of
its instructions, else higher the more it uses. `ggml_backend_load_all_from_path(dir)` loads the
best-scoring one. llama.cpp's own fallback (`llama_backend_init` calls `ggml_backend_load_all()`
when no backend is registered) searches only the executable's folder and the working folder, never
llama_cpp/lib, so a model then fails to load: "no backends are loaded". llama-cpp-python does not
bind these functions (its issue #2069); they are called here through ctypes, on the very libggml
that llama_cpp loaded.

Call `load_cpu_backend` in the engine child (or a throwaway process) after importing llama_cpp and
before `llama_backend_init`, `llama_print_system_info` or `llama_supports_gpu_offload`. On a
normal (native) build the folder holds no variants and nothing happens.

Crash recovery can set a variant aside: `load_cpu_backend(skip={"zen4"})` loads the best of the
others, and `load_cpu_backend(variant="haswell")` (or HEARTH_CPU_VARIANT=haswell) loads that one.
`variant_in_use` says which module the CPU backend came from, found with dladdr on the registered
backend (every variant registers itself under the same name, "CPU").
"""

from __future__ import annotations

import ctypes
import logging
import os
import re
import sys
from collections.abc import Callable, Collection, Mapping
from functools import cache
from pathlib import Path
from typing import Any

from engine.kernels.machine import engine_lib_dir
from engine.kernels.variant_ladder import VARIANT_ENV, choose_variant

__all__ = ["VARIANT_ENV", "CpuVariantError", "load_cpu_backend", "variant_files", "variant_in_use", "variant_scores"]

logger = logging.getLogger(__name__)

_VARIANT_FILE = re.compile(r"^(?:lib)?ggml-cpu-(?P<name>.+)\.(?:so|dll)$")
# The other backends ggml_backend_load_all_from_path looks for, in its order (ggml-backend-reg.cpp).
_OTHER_BACKENDS = (
    "blas",
    "zendnn",
    "cann",
    "cuda",
    "hip",
    "metal",
    "rpc",
    "sycl",
    "vulkan",
    "virtgpu",
    "opencl",
    "hexagon",
    "musa",
    "openvino",
)


class CpuVariantError(RuntimeError):
    """The CPU variant asked for cannot be loaded (unknown, not supported here, refused by ggml)."""


def variant_files(lib_dir: Path | None = None) -> dict[str, Path]:
    """The CPU variants beside libggml, by name ({} on a normal build: its CPU backend is inside
    libggml-cpu.so and has no variant suffix). Reads only the folder; loads nothing."""
    folder = lib_dir or engine_lib_dir()
    if folder is None:
        return {}
    try:
        entries = list(folder.iterdir())
    except OSError:
        return {}
    found = {}
    for entry in entries:
        match = _VARIANT_FILE.match(entry.name)
        if match and entry.is_file():
            found[match["name"]] = entry
    return dict(sorted(found.items()))


def variant_scores(files: Mapping[str, Path]) -> dict[str, int]:
    """Each variant's own verdict on this processor (`ggml_backend_score`): 0 where it would trap,
    else higher the more instructions it uses. Opens each module and closes it again; a module with
    no score counts as 0. Imports llama_cpp: a variant finds libggml-base only once that is loaded
    (the modules carry no search path of their own)."""
    import llama_cpp  # noqa: F401 - loads libggml-base, which every variant needs

    scores = {}
    for name, path in files.items():
        scores[name] = _score(path)
    return scores


def load_cpu_backend(
    lib_dir: Path | None = None, *, variant: str | None = None, skip: Collection[str] = ()
) -> str | None:
    """Register llama.cpp's CPU backend from its variants, once per process; returns the variant's name.

    A no-op returning None on a normal build (no libggml-cpu-<variant> beside libggml). Where a CPU
    backend is registered already it returns that variant (and raises if that one is set aside or
    another was asked for). By default ggml chooses (`ggml_backend_load_all_from_path`, which also
    loads any GPU backend modules there). `variant` (or the HEARTH_CPU_VARIANT environment variable)
    loads that one, `skip` the best of the others; both also load the GPU backend modules there.
    Raises CpuVariantError where the variant asked for is unknown or this processor lacks its
    instructions, or where no variant can be registered."""
    folder = lib_dir or engine_lib_dir()
    files = variant_files(folder)
    if not files or folder is None:
        return None
    forced = variant or os.environ.get(VARIANT_ENV) or None
    if forced is not None and forced not in files:
        raise CpuVariantError(f"no CPU variant {forced!r} here; there are: {', '.join(files)}")
    ggml = _ggml(folder)
    cpu = ggml.ggml_backend_reg_by_name(b"CPU")
    if cpu:
        in_use = variant_in_use(folder)
        if (forced is not None and in_use != forced) or in_use in skip:
            raise CpuVariantError(f"llama.cpp registered its CPU variant {in_use} already; too late to change it")
        return in_use
    if forced is None and not skip:
        ggml.ggml_backend_load_all_from_path(os.fsencode(folder))
    else:
        chosen = _pick(files, forced, skip)
        _load_others(ggml, folder)
        if not ggml.ggml_backend_load(os.fsencode(files[chosen])):
            raise CpuVariantError(f"llama.cpp refused its CPU variant {chosen} ({files[chosen]})")
    name = variant_in_use(folder)
    if name is None:
        raise CpuVariantError(f"no CPU variant of llama.cpp in {folder} could be loaded on this processor")
    logger.info("llama.cpp CPU backend: %s (from %s)", name, files.get(name, "?"))
    return name


def variant_in_use(lib_dir: Path | None = None) -> str | None:
    """The variant the registered CPU backend came from ("zen4"), or None: a normal build (its CPU
    backend lives in libggml-cpu.so), or no CPU backend registered yet. Loads llama_cpp."""
    folder = lib_dir or engine_lib_dir()
    if folder is None:
        return None
    try:
        ggml = _ggml(folder)
    except (OSError, AttributeError):
        logger.warning("cannot read llama.cpp's backend registry", exc_info=True)
        return None
    cpu = ggml.ggml_backend_reg_by_name(b"CPU")
    if not cpu:
        return None
    match = _VARIANT_FILE.match(Path(_module_of(cpu)).name)
    return match["name"] if match else None


# --- inside ------------------------------------------------------------------------------


def _pick(files: Mapping[str, Path], forced: str | None, skip: Collection[str]) -> str:
    scores = variant_scores({forced: files[forced]} if forced is not None else files)
    if forced is not None:
        if scores[forced] <= 0:
            raise CpuVariantError(f"this processor lacks instructions the CPU variant {forced} needs")
        return forced
    chosen = choose_variant(scores, skip)
    if chosen is None:
        raise CpuVariantError(f"no CPU variant left once {', '.join(sorted(skip))} are set aside")
    logger.info("CPU variants set aside: %s; scores %s", ", ".join(sorted(skip)), scores)
    return chosen


def _load_others(ggml: ctypes.CDLL, folder: Path) -> None:
    """What ggml_backend_load_all_from_path loads besides the CPU: GPU backend modules, if any."""
    for backend in _OTHER_BACKENDS:
        for candidate in sorted(folder.glob(f"libggml-{backend}*.so")) + sorted(folder.glob(f"ggml-{backend}*.dll")):
            if ggml.ggml_backend_load(os.fsencode(candidate)):
                break


def _score(path: Path) -> int:
    """`ggml_backend_score()` of one module, opened privately and closed again."""
    try:
        module = ctypes.CDLL(str(path), mode=os.RTLD_NOW | os.RTLD_LOCAL)
    except OSError:
        logger.warning("cannot open the CPU variant %s", path, exc_info=True)
        return 0
    try:
        score_fn = module.ggml_backend_score
    except AttributeError:
        return 0
    score_fn.argtypes = []
    score_fn.restype = ctypes.c_int
    try:
        return int(score_fn())
    finally:
        _close(module)


def _close(module: ctypes.CDLL) -> None:
    if sys.platform == "win32":
        return  # FreeLibrary through _ctypes; a handle left open costs only address space
    import _ctypes

    _ctypes.dlclose(module._handle)


@cache
def _ggml(folder: Path) -> ctypes.CDLL:
    """The libggml that llama_cpp loaded, prototyped for the calls here."""
    lib = loaded_ggml(folder)
    # void ggml_backend_load_all_from_path(const char * dir_path);
    lib.ggml_backend_load_all_from_path.argtypes = [ctypes.c_char_p]
    lib.ggml_backend_load_all_from_path.restype = None
    # ggml_backend_reg_t ggml_backend_load(const char * path);  NULL where it fails
    lib.ggml_backend_load.argtypes = [ctypes.c_char_p]
    lib.ggml_backend_load.restype = ctypes.c_void_p
    # ggml_backend_reg_t ggml_backend_reg_by_name(const char * name);  case-insensitive
    lib.ggml_backend_reg_by_name.argtypes = [ctypes.c_char_p]
    lib.ggml_backend_reg_by_name.restype = ctypes.c_void_p
    return lib


def loaded_ggml(folder: Path) -> ctypes.CDLL:
    """The very libggml that llama_cpp's libllama loaded (imports llama_cpp first).

    A wheel holds no symbolic links: libggml.so, libggml.so.0 and libggml.so.0.25.3 are three copies
    of one file, and libllama loads libggml.so.0 (its soname). Opening another copy by its path gives
    a second libggml with a registry of its own, whose backends llama.cpp never sees. So each copy is
    asked for with RTLD_NOLOAD, which answers only for a library loaded already (same file)."""
    import llama_cpp  # noqa: F401 - loads libggml as libllama's dependency

    candidates = sorted(
        [*folder.glob("libggml.so*"), *folder.glob("libggml.dylib"), *folder.glob("ggml.dll")],
        key=lambda path: (-len(path.name), path.name),  # the soname (libggml.so.0) before libggml.so
    )
    if not candidates:
        raise OSError(f"no libggml in {folder}")
    no_load = getattr(os, "RTLD_NOLOAD", 0)
    if no_load:
        for candidate in candidates:
            try:
                return ctypes.CDLL(str(candidate), mode=no_load | os.RTLD_NOW)
            except OSError:
                continue
    return ctypes.CDLL(str(candidates[0]))


class _DlInfo(ctypes.Structure):
    _fields_ = (
        ("dli_fname", ctypes.c_char_p),
        ("dli_fbase", ctypes.c_void_p),
        ("dli_sname", ctypes.c_char_p),
        ("dli_saddr", ctypes.c_void_p),
    )


@cache
def _dladdr() -> Callable[[ctypes.c_void_p, Any], int] | None:
    # int dladdr(const void * addr, Dl_info * info): in libc since glibc 2.34, in libdl before.
    for name in (None, "libdl.so.2", "libSystem.B.dylib"):
        try:
            function = ctypes.CDLL(name).dladdr
        except (OSError, AttributeError):
            continue
        function.argtypes = [ctypes.c_void_p, ctypes.POINTER(_DlInfo)]
        function.restype = ctypes.c_int
        return function
    return None


def _module_of(address: int) -> str:
    """The file of the shared library that holds `address` ("" where it cannot be told)."""
    dladdr = _dladdr()
    if dladdr is None:
        return ""
    info = _DlInfo()
    if not dladdr(ctypes.c_void_p(address), ctypes.byref(info)) or not info.dli_fname:
        return ""
    return os.fsdecode(info.dli_fname)
