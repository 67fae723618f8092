"""Fixtures shared by the engine tests that compare a reused memory with a full read."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.kernels.kernel_sets import KernelSet
from tests.engine.driving import kernels_this_processor_runs

# Gemma on both kernel sets: the full one repacks its Q4_K and Q8_0 weights. The starter on the
# fastest set this processor runs only: llama.cpp's x86 repack takes none of its Q4_1 and Q8_0
# weights (its load log on an AVX-512 Xeon: all 273 tensors "cannot be used with preferred buffer
# type CPU_REPACK"), so a safe run repeated the full one; AMX, which does take Q4_1, is that
# fastest set where it runs.
MODELS_AND_KERNELS = [("starter", "full"), ("gemma", "full"), ("gemma", "safe")]


@pytest.fixture(params=MODELS_AND_KERNELS, ids="-".join)
def model_and_kernels(request: pytest.FixtureRequest) -> tuple[Path, KernelSet]:
    """A model on a CPU kernel set (where this processor refuses the full set, the safe one instead)."""
    name, kernels = request.param
    model = Path(request.getfixturevalue("starter_model" if name == "starter" else "gemma_model"))
    return model, kernels_this_processor_runs(kernels)
