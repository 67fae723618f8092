"""Name what a processor refused, from what the build uses and what the processor says it has.

llama.cpp's system info lists the CPU features the build was compiled for ("AVX512 = 1 | ...");
/proc/cpuinfo lists what the processor advertises. A build feature the processor does not list
is the likely culprit (a wheel built on a newer machine). Where it lists them all and still traps,
the processor advertises an instruction it refuses (a virtual machine that hides AMX state, say).
"""

from __future__ import annotations

import re

# llama.cpp's feature name -> (the /proc/cpuinfo flag, the name people know), most specific first.
_FEATURES: tuple[tuple[str, str, str], ...] = (
    ("AMX_INT8", "amx_int8", "AMX"),
    ("AVX512_BF16", "avx512_bf16", "AVX-512"),
    ("AVX512_VNNI", "avx512_vnni", "AVX-512"),
    ("AVX512_VBMI", "avx512vbmi", "AVX-512"),
    ("AVX512", "avx512f", "AVX-512"),
    ("AVX_VNNI", "avx_vnni", "AVX-VNNI"),
    ("AVX2", "avx2", "AVX2"),
    ("FMA", "fma", "FMA"),
    ("F16C", "f16c", "F16C"),
    ("BMI2", "bmi2", "BMI2"),
    ("AVX", "avx", "AVX"),
    ("SSSE3", "ssse3", "SSSE3"),
    ("SSE3", "pni", "SSE3"),
)


def build_features(system_info: str) -> set[str]:
    """The features llama.cpp's system info says are on ("AVX2 = 1")."""
    return {name for name, value in re.findall(r"([A-Z0-9_]+) = (\w+)", system_info) if value not in ("0", "")}


def missing_features(system_info: str, cpu_flags: tuple[str, ...]) -> list[str]:
    """The instruction classes the build uses that the processor does not advertise, most specific first."""
    if not cpu_flags:
        return []  # no flags to compare with (not Linux x86): nothing can be told
    used, advertised = build_features(system_info), set(cpu_flags)
    names: list[str] = []
    for feature, flag, name in _FEATURES:
        if feature in used and flag not in advertised and name not in names:
            names.append(name)
    return names


def refused_by_extra_buffers(system_info: str) -> str:
    """What the fast kernels use that the safe ones do not: AMX where the build has it."""
    return "AMX" if "AMX_INT8" in build_features(system_info) else ""
