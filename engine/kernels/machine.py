"""Who this computer is, for remembering which kernels work on it: processor and engine build.

Nothing here imports llama_cpp: loading the library is what may crash, and the window's process
must never do it.
"""

from __future__ import annotations

import hashlib
import importlib.util
import logging
import os
import platform
import subprocess
from dataclasses import dataclass
from functools import cache
from importlib import metadata
from pathlib import Path

logger = logging.getLogger(__name__)

CPUINFO = Path("/proc/cpuinfo")
LIB_PATH_OVERRIDE = "LLAMA_CPP_LIB_PATH"  # llama-cpp-python loads its libraries from here when set


@dataclass(frozen=True)
class MachineIdentity:
    cpu_model: str
    cpu_flags: tuple[str, ...]
    engine_build: str  # llama-cpp-python's version and a fingerprint of the libraries it loads

    @property
    def key(self) -> str:
        text = "\n".join([self.cpu_model, " ".join(self.cpu_flags), self.engine_build])
        return hashlib.sha256(text.encode()).hexdigest()[:32]


def this_machine() -> MachineIdentity:
    model, flags = cpu_description()
    return MachineIdentity(model, flags, engine_build())


@cache
def cpu_description() -> tuple[str, tuple[str, ...]]:
    """(processor model, its feature flags sorted): /proc/cpuinfo on Linux, sysctl on macOS."""
    try:
        return _from_cpuinfo(CPUINFO.read_text(encoding="utf-8", errors="replace"))
    except OSError:
        pass
    if platform.system() == "Darwin":
        brand = _sysctl("machdep.cpu.brand_string")
        features = f"{_sysctl('machdep.cpu.features')} {_sysctl('machdep.cpu.leaf7_features')}".lower().split()
        return brand or platform.machine(), tuple(sorted(set(features)))
    return platform.processor() or platform.machine() or "unknown processor", ()


def _from_cpuinfo(text: str) -> tuple[str, tuple[str, ...]]:
    model, flags = "", ""
    for line in text.splitlines():
        name, _, value = line.partition(":")
        name = name.strip()
        if name in ("model name", "Model", "cpu model") and not model:
            model = value.strip()
        elif name in ("flags", "Features") and not flags:
            flags = value
        if not line.strip() and model and flags:
            break  # the first processor describes them all
    return model or platform.machine() or "unknown processor", tuple(sorted(set(flags.split())))


def _sysctl(name: str) -> str:
    try:
        return subprocess.run(
            ["sysctl", "-n", name], check=False, capture_output=True, text=True, timeout=5
        ).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return ""


def engine_lib_dir() -> Path | None:
    """The folder llama-cpp-python loads libllama and libggml from, found without importing it."""
    override = os.environ.get(LIB_PATH_OVERRIDE)
    if override:
        return Path(override)
    spec = importlib.util.find_spec("llama_cpp")
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(next(iter(spec.submodule_search_locations))) / "lib"


def engine_version() -> str:
    try:
        return metadata.version("llama-cpp-python")
    except metadata.PackageNotFoundError:
        return "not installed"


def engine_build() -> str:
    """The version plus each library's name, size and modification time: a rebuild (other CPU
    flags, a CUDA build) changes it, so a choice made for one build is never applied to another."""
    folder = engine_lib_dir()
    parts = [engine_version()]
    try:
        libraries = sorted(p for p in (folder.iterdir() if folder else ()) if p.is_file())
    except OSError:
        libraries = []
    for library in libraries:
        try:
            stat = library.stat()
        except OSError:
            continue
        parts.append(f"{library.name}:{stat.st_size}:{stat.st_mtime_ns}")
    fingerprint = hashlib.sha256("\n".join(parts).encode()).hexdigest()[:16]
    return f"llama-cpp-python {parts[0]} ({fingerprint})"
