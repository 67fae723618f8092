"""The kernel choice remembered for each processor and engine build, in the data folder."""

from __future__ import annotations

import json
import logging
import os
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Literal

from engine import paths
from engine.errors import UserError, code_of_sentence
from engine.json_file import read_json_object
from engine.kernels.kernel_sets import LADDER, KernelSet
from engine.kernels.machine import MachineIdentity

logger = logging.getLogger(__name__)

FILE_NAME = "cpu_kernels.json"
OVERRIDE_ENV = "HEARTH_CPU_KERNELS"  # "full" or "safe": skip the probe and use these

DecidedBy = Literal["probe", "crash", "override", "unprobed"]


@dataclass(frozen=True)
class KernelChoice:
    """`kernels` None: even the safest set traps on this machine."""

    kernels: KernelSet | None
    decided_by: DecidedBy
    reason: str = ""  # one sentence: why these kernels
    instruction_class: str = ""  # what the processor refused ("AMX", "AVX-512", ...), "" if none or unknown
    decided_at: float = 0.0
    system_info: str = ""  # llama.cpp's list of the CPU features its build uses, when known
    reason_code: str = ""  # the reason's code and values (engine.errors.MESSAGES), for the window's translation
    reason_params: tuple[tuple[str, str], ...] = ()
    # A portable build's CPU variant to load ("haswell"), where the best one crashed here; "": ggml's choice
    cpu_variant: str = ""

    @classmethod
    def because(
        cls,
        kernels: KernelSet | None,
        decided_by: DecidedBy,
        why: UserError,
        instruction_class: str = "",
        decided_at: float = 0.0,
        *,
        cpu_variant: str = "",
    ) -> KernelChoice:
        return cls(
            kernels,
            decided_by,
            str(why),
            instruction_class,
            decided_at,
            reason_code=why.code,
            reason_params=tuple(why.params.items()),
            cpu_variant=cpu_variant,
        )


def store_path() -> Path:
    return paths.data_dir() / FILE_NAME


def override() -> KernelChoice | None:
    value = os.environ.get(OVERRIDE_ENV, "").strip().lower()
    if value in LADDER:
        return KernelChoice.because(
            value, "override", UserError("kernels.override", variable=OVERRIDE_ENV, value=value)
        )
    return None


def recall(machine: MachineIdentity, path: Path | None = None) -> KernelChoice | None:
    entry = read_json_object(path or store_path()).get(machine.key)
    if not isinstance(entry, dict):
        return None
    kernels = entry.get("kernels")
    decided_by = entry.get("decided_by")
    if kernels not in (*LADDER, None) or decided_by not in ("probe", "crash"):
        return None
    reason = str(entry.get("reason", ""))
    params = entry.get("reason_params")
    return KernelChoice(
        kernels,
        decided_by,
        reason,
        str(entry.get("instruction_class", "")),
        float(entry.get("decided_at", 0.0)),
        str(entry.get("system_info", "")),
        # A choice remembered before reasons had codes: its sentence (one without values) names it.
        str(entry.get("reason_code") or code_of_sentence(reason) or ""),
        tuple((str(k), str(v)) for k, v in params.items()) if isinstance(params, dict) else (),
        str(entry.get("cpu_variant") or ""),
    )


def remember(machine: MachineIdentity, choice: KernelChoice, path: Path | None = None) -> None:
    """Write the choice for this machine (atomically; a full disk only costs a probe next time)."""
    target = path or store_path()
    entries = read_json_object(target)
    entry = asdict(choice) | {
        "reason_params": dict(choice.reason_params),
        "decided_at": choice.decided_at or time.time(),
        "cpu_model": machine.cpu_model,
        "engine_build": machine.engine_build,
    }
    entries[machine.key] = entry
    temporary = target.with_name(target.name + ".tmp")
    try:
        temporary.write_text(json.dumps(entries, indent=2), encoding="utf-8")
        os.replace(temporary, target)
    except OSError:
        logger.warning("could not remember the kernel choice in %s", target, exc_info=True)


def known_variant() -> str | None:
    """The CPU variant a portable build is known to need on this machine (after the best one
    crashed here), else None: ggml's own choice, or HEARTH_CPU_VARIANT where that is set."""
    from engine.kernels.machine import this_machine

    choice = override() or recall(this_machine())
    return choice.cpu_variant or None if choice is not None else None


def known_kernels() -> KernelSet:
    """The kernels to use without probing: the override, else the choice remembered for this machine,
    else the fast ones (what a plain EngineProcess starts with; only KernelPolicy probes)."""
    from engine.kernels.machine import this_machine

    choice = override() or recall(this_machine())
    if choice is None:
        return "full"
    return choice.kernels or "safe"
