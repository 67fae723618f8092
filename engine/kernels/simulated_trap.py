"""Make this machine refuse kernels on purpose, so the recovery path runs on every machine.

HEARTH_SIMULATE_REFUSED_KERNELS=load or =decode makes the engine child (and the probe) die of
SIGILL, exactly as the kernel's trap kills it, right after llama.cpp loaded a model or at its
first decode, whenever the fast kernels are on. A ":all" suffix (=decode:all) refuses the safe
kernels too: a machine where nothing works. A ":segv" suffix (=decode:segv) dies of SIGSEGV instead,
as the tile instructions fault on some virtual machines (a general-protection fault, not an invalid
opcode). A ":variant-<name>" suffix (=decode:variant-zen4) refuses a portable build's CPU variant
<name> on any kernels, as a virtual machine that advertises instructions it refuses would. Unset,
this does nothing.
"""

from __future__ import annotations

import os
import signal
from typing import Literal

from engine.kernels.kernel_sets import KernelSet

ENV = "HEARTH_SIMULATE_REFUSED_KERNELS"
Stage = Literal["load", "decode"]


def _refused() -> tuple[str, str]:
    stage, _, scope = os.environ.get(ENV, "").partition(":")
    return stage, scope


def trap_if_refused(stage: Stage, kernels: KernelSet) -> None:
    """Die of SIGILL (or SIGSEGV) here if this stage is set to be refused for `kernels`."""
    refused_stage, scope = _refused()
    if refused_stage != stage:
        return
    if scope.startswith("variant-"):
        from engine.runtime.cpu_variants import variant_in_use  # only where asked: it loads llama.cpp

        refused = variant_in_use() == scope.removeprefix("variant-")
    else:
        refused = kernels == "full" or scope == "all"
    if refused:
        trap = signal.SIGSEGV if scope == "segv" else signal.SIGILL
        signal.signal(trap, signal.SIG_DFL)
        os.kill(os.getpid(), trap)
