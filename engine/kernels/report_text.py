"""The doctor report as text: `hearth doctor` prints it, the About this computer page copies it."""

from __future__ import annotations

import time

from engine.kernels.system_report import SystemReport

GIB = 1024**3


def _gib(n: int) -> str:
    return f"{n / GIB:.1f} GiB"


def _when(seconds: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(seconds)) if seconds else ""


def kernel_lines(report: SystemReport) -> list[str]:
    k = report.kernels
    lines = [k.summary]
    if k.kernels in ("full", "safe"):
        lines.append(f"AMX {'on' if k.amx else 'off'} · weight repacking {'on' if k.repack else 'off'}")
    if k.reason:
        decided = {"probe": "tested at first start", "crash": "after an engine crash", "override": "set by you"}
        how = decided.get(k.decided_by, k.decided_by)
        stamp = f", {_when(k.decided_at)}" if k.decided_at else ""
        lines.append(f"why: {k.reason} ({how}{stamp})")
    return lines


def device_lines(report: SystemReport) -> list[str]:
    lines = []
    for device in report.engine.devices:
        memory = f"{_gib(device.free_bytes)} free of {_gib(device.total_bytes)}" if device.total_bytes else ""
        lines.append(f"{device.name:<8} {device.kind.upper():<5} {device.description:<28} {memory}".rstrip())
    return lines or ["none readable"]


def _variant_line(report: SystemReport) -> str:
    variant = report.engine.cpu_variant
    if not variant:
        return "none: this llama.cpp was built for one kind of processor"
    if report.kernels.reason_code in ("kernels.switched.variant", "kernels.recovered.variant"):
        return f"{variant}: the fastest of the bundle's builds that runs here (a faster one crashed; see Kernels)"
    return f"{variant}: chosen for this processor among the bundle's builds"


def _rpc_line(report: SystemReport) -> str:
    if report.rpc_backend:
        return f"yes: llama.cpp's RPC backend at {report.rpc_backend} (hearth engines rpc)"
    return "no: this llama.cpp has no RPC backend (README: 'Split one model across machines')"


def _fonts_line(report: SystemReport) -> str:
    found = [f"{language} {family or 'none'}" for language, family in report.chinese_fonts.items()]
    return " · ".join(found)


def format_report(report: SystemReport) -> str:
    rows: list[tuple[str, list[str]]] = [
        ("Processor", [f"{report.cpu_model} ({report.cpu_cores} logical cores)"]),
        ("Build uses", [" ".join(report.build_features) or "unknown", " ".join(report.build_options)]),
        ("CPU variant", [_variant_line(report)]),
        ("Kernels", kernel_lines(report)),
        ("Devices", device_lines(report)),
        ("GPU offload", ["yes: this build can put layers on a GPU" if report.engine.gpu_offload else "no: CPU only"]),
        ("Versions", [" · ".join(f"{name} {version}" for name, version in report.versions.items())]),
        ("", [f"Python {report.python} · {report.platform}"]),
        ("Folders", [f"{name:<7}{path}" for name, path in report.folders.items()]),
        ("Starter model", [report.starter_model]),
        ("Engine library", [report.engine_library]),
        ("Split (RPC)", [_rpc_line(report)]),
        ("Chinese fonts", [_fonts_line(report)]),
    ]
    text = []
    for title, lines in rows:
        for index, line in enumerate(line for line in lines if line):
            text.append(f"{title if index == 0 else '':<15}{line}")
    text.extend(f"Note: {note}" for note in report.notes)
    return "\n".join(text) + "\n"
