"""What Hearth found on this computer: processor, the engine build's features, the kernels it runs
and why, llama.cpp's compute devices with their free memory, versions and folders.

`hearth doctor` prints it and the window's *About this computer* page shows it. llama.cpp's part is
read in a throwaway process (importing the library is what may trap on a refusing processor, and
the window's process never loads it), so gathering takes about half a second: never at start-up.
"""

from __future__ import annotations

import logging
import multiprocessing
import platform
import sys
from dataclasses import asdict, dataclass, field
from importlib import metadata
from multiprocessing.connection import Connection
from typing import Any

from engine.kernels import remembered
from engine.kernels.build_info import quiet_llama_chatter
from engine.kernels.kernel_sets import describe
from engine.kernels.machine import cpu_description, engine_lib_dir, this_machine
from engine.kernels.refusal import build_features
from engine.remote.rpc_machines import module_candidates
from engine.runtime.ggml_devices import GgmlDevice
from engine.system_fonts import PACKAGE_HINT, chinese_fonts

logger = logging.getLogger(__name__)

CHILD_TIMEOUT_S = 60.0
_VERSIONS = ("hearth", "llama-cpp-python", "huggingface-hub", "gguf", "PySide6-Essentials", "psutil")
# llama.cpp's system info lists build options beside CPU features; these are not instructions.
_BUILD_OPTIONS = {"LLAMAFILE", "OPENMP", "REPACK", "ACCELERATE", "KLEIDIAI", "CUDA", "METAL", "VULKAN", "BLAS"}


@dataclass(frozen=True)
class EngineSide:
    """What only llama.cpp itself can tell, read in a child process."""

    loaded: bool  # False: the library could not even be loaded here
    problem: str = ""  # why not, in one sentence
    system_info: str = ""
    gpu_offload: bool = False  # whether this build can put layers on a GPU
    devices: tuple[GgmlDevice, ...] = ()
    # A portable build (engine/runtime/cpu_variants.py): the CPU variant chosen for this processor,
    # "zen4"; "" for a build with one CPU backend, made for the machine it was built on.
    cpu_variant: str = ""


@dataclass(frozen=True)
class KernelsReport:
    kernels: str  # "full", "safe", or "unknown" (not probed yet)
    summary: str  # the kernel set in words
    amx: bool | None  # AMX tile kernels in use (None: not chosen yet)
    repack: bool | None  # repacked weights in use (None: not chosen yet)
    reason: str  # why these kernels
    decided_by: str  # "probe", "crash", "override", "" (not decided yet)
    decided_at: float = 0.0
    instruction_class: str = ""  # what the processor refused, if anything
    reason_code: str = ""  # the reason's code and values (engine.errors.MESSAGES), for the window's translation
    reason_params: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class SystemReport:
    cpu_model: str
    cpu_cores: int
    cpu_flags_count: int
    build_features: tuple[str, ...]  # instruction sets this build uses (AVX2, AVX512, ...)
    build_options: tuple[str, ...]  # other build switches (OPENMP, REPACK, LLAMAFILE, ...)
    engine: EngineSide
    kernels: KernelsReport
    versions: dict[str, str]
    python: str
    platform: str
    folders: dict[str, str]
    starter_model: str
    engine_library: str
    machine_key: str
    notes: list[str] = field(default_factory=list)
    chinese_fonts: dict[str, str] = field(default_factory=dict)  # "zh_TW" -> a family that draws it, or ""
    rpc_backend: str = ""  # where llama.cpp's RPC backend is (splitting a model across machines), or ""

    def as_json(self) -> dict[str, Any]:
        return asdict(self)


def _engine_child(conn: Connection) -> None:
    quiet_llama_chatter()
    import llama_cpp

    from engine.runtime.cpu_variants import load_cpu_backend, variant_in_use
    from engine.runtime.ggml_devices import list_devices

    load_cpu_backend(variant=remembered.known_variant())  # the one the engine runs: ggml's, or the next one down
    llama_cpp.llama_backend_init()
    conn.send(
        EngineSide(
            loaded=True,
            system_info=llama_cpp.llama_print_system_info().decode("utf-8", errors="replace"),
            gpu_offload=bool(llama_cpp.llama_supports_gpu_offload()),
            devices=tuple(list_devices()),
            cpu_variant=variant_in_use() or "",
        )
    )


def read_engine_side(timeout_s: float = CHILD_TIMEOUT_S) -> EngineSide:
    """llama.cpp's own account, from a throwaway process."""
    from engine.client.crash_report import describe_exit

    ctx = multiprocessing.get_context("spawn")
    parent_conn, child_conn = ctx.Pipe(duplex=False)
    process = ctx.Process(target=_engine_child, args=(child_conn,), name="hearth-doctor")
    process.start()
    child_conn.close()
    try:
        if parent_conn.poll(timeout_s):
            side: EngineSide = parent_conn.recv()
            return side
    except (EOFError, OSError):
        pass
    finally:
        process.join(5.0)
        if process.is_alive():
            process.kill()
            process.join()
        parent_conn.close()
    problem = describe_exit(process.exitcode) if process.exitcode else "llama.cpp did not answer in time."
    return EngineSide(loaded=False, problem=f"llama.cpp could not be loaded here: {problem}")


def _kernels_report(features: set[str]) -> KernelsReport:
    machine = this_machine()
    choice = remembered.override() or remembered.recall(machine)
    if choice is None:
        return KernelsReport(
            "unknown",
            "not chosen yet: the first engine start tries the fast kernels in a throwaway process",
            None,
            None,
            "",
            "",
        )
    kernels = choice.kernels or "safe"
    fast = kernels == "full"
    return KernelsReport(
        kernels=kernels if choice.kernels else "none",
        summary=describe(kernels) if choice.kernels else "llama.cpp traps on this processor even with its safe kernels",
        amx=fast and "AMX_INT8" in features,
        repack=fast and "REPACK" in features,
        reason=choice.reason,
        decided_by=choice.decided_by,
        decided_at=choice.decided_at,
        instruction_class=choice.instruction_class,
        reason_code=choice.reason_code,
        reason_params=choice.reason_params,
    )


def _versions() -> dict[str, str]:
    versions = {}
    for name in _VERSIONS:
        try:
            versions[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            versions[name] = "not installed"
    return versions


def _folders() -> dict[str, str]:
    from engine import paths

    return {
        "data": str(paths.data_dir()),
        "models": str(paths.models_dir()),
        "cache": str(paths.cache_dir()),
        "logs": str(paths.log_dir()),
    }


def _starter() -> str:
    from engine.models.starter_model import StarterModelMissingError, starter_model_path

    try:
        return str(starter_model_path())
    except StarterModelMissingError as exc:
        return str(exc)


def gather(engine_side: EngineSide | None = None) -> SystemReport:
    """The whole report (reads llama.cpp in a child process unless `engine_side` is given)."""
    import psutil

    side = engine_side or read_engine_side()
    model, flags = cpu_description()
    used = build_features(side.system_info)
    notes = []
    if side.loaded and not side.gpu_offload:
        notes.append(
            "This llama.cpp build runs on the CPU only; see the README's 'Use your GPU' for CUDA, Metal and Vulkan."
        )
    if not side.loaded:
        notes.append(side.problem)
    fonts = chinese_fonts()
    if not all(fonts.values()):
        notes.append(f"The Chinese interface needs a Chinese font, which this computer lacks: {PACKAGE_HINT}.")
    library = engine_lib_dir()
    return SystemReport(
        cpu_model=model,
        cpu_cores=psutil.cpu_count(logical=True) or 0,
        cpu_flags_count=len(flags),
        build_features=tuple(sorted(used - _BUILD_OPTIONS)),
        build_options=tuple(sorted(used & _BUILD_OPTIONS)),
        engine=side,
        kernels=_kernels_report(used),
        versions=_versions(),
        python=sys.version.split()[0],
        platform=platform.platform(),
        folders=_folders(),
        starter_model=_starter(),
        engine_library=str(library) if library else "not found",
        machine_key=this_machine().key,
        notes=notes,
        chinese_fonts=fonts,
        rpc_backend=next((str(path) for path in module_candidates() if path.is_file()), ""),
    )
