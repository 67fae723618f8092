"""Make this machine refuse kernels on purpose, so the recovery path runs on every machine.

HEARTH_SIMULATE_REFUSED_KERNELS=load or =decode makes the engine child (and the probe) die of
SIGILL, exactly as the kernel's trap kills it, right after llama.cpp loaded a model or at its
first decode, whenever the fast kernels are on. A ":all" suffix (=decode:all) refuses the safe
kernels too: a machine where nothing works. Unset, this does nothing.
"""

from __future__ import annotations

import os
import signal
from typing import Literal

from engine.kernels.kernel_sets import KernelSet

ENV = "HEARTH_SIMULATE_REFUSED_KERNELS"
Stage = Literal["load", "decode"]


def _refused() -> tuple[str, bool]:
    stage, _, scope = os.environ.get(ENV, "").partition(":")
    return stage, scope == "all"


def trap_if_refused(stage: Stage, kernels: KernelSet) -> None:
    """Die of SIGILL here if this stage is set to be refused for `kernels`."""
    refused_stage, everything = _refused()
    if refused_stage == stage and (kernels == "full" or everything):
        signal.signal(signal.SIGILL, signal.SIG_DFL)
        os.kill(os.getpid(), signal.SIGILL)
