"""Try a kernel set in a throwaway process: load a small model and read a prompt with it.

The AMX kernels run when a prompt is read in a batch (one token at a time uses AVX-512 VNNI
instead), so the probe reads a few dozen tokens and then decodes one more. A trap kills only the
probe. It costs about a second, once per processor and engine build.
"""

from __future__ import annotations

import contextlib
import logging
import multiprocessing
import signal
import time
from dataclasses import dataclass
from multiprocessing.connection import Connection, wait
from pathlib import Path
from typing import Literal

from engine.kernels.kernel_sets import KernelSet

logger = logging.getLogger(__name__)

PROBE_TIMEOUT_S = 120.0
PROBE_PROMPT = "The quick brown fox jumps over the lazy dog. " * 6

Outcome = Literal["ok", "refused", "failed"]
# Deaths that mean "the processor refused an instruction" when they hit the fast kernels.
FAULTS = (-signal.SIGSEGV, -signal.SIGBUS)


@dataclass(frozen=True)
class ProbeResult:
    kernels: KernelSet
    outcome: Outcome  # "refused": it died of SIGILL (or faulted on the fast kernels); "failed": no verdict
    system_info: str = ""  # llama.cpp's list of the CPU features this build uses
    detail: str = ""
    seconds: float = 0.0


def _child(conn: Connection, model_path: str, kernels: KernelSet, log_path: str, variant: str | None) -> None:
    from engine.runtime.worker import redirect_output

    redirect_output(log_path)
    logger.info("kernel probe: %s kernels on %s, CPU variant %s", kernels, model_path, variant or "ggml's choice")
    import llama_cpp

    from engine.runtime.cpu_variants import load_cpu_backend

    # a portable build's system info lists the features of the variant loaded
    load_cpu_backend(variant=variant)
    conn.send(("info", llama_cpp.llama_print_system_info().decode("utf-8", errors="replace")))
    from engine.protocol import LoadOptions
    from engine.runtime.llama_runtime import LlamaModel

    model = LlamaModel(LoadOptions(model_path, n_ctx=256, n_batch=64, prefix_cache=False), kernels=kernels)
    try:
        tokens = model.tokenize(PROBE_PROMPT)[:48]
        model.decode(tokens)
        model.decode(tokens[:1])
    finally:
        model.close()
    conn.send(("ok", ""))


def probe(
    kernels: KernelSet,
    model_path: Path,
    log_path: Path,
    timeout_s: float = PROBE_TIMEOUT_S,
    *,
    variant: str | None = None,
) -> ProbeResult:
    """Run the probe for `kernels` (on a portable build's CPU `variant`; None: ggml's choice) and
    say how it ended."""
    started = time.monotonic()
    ctx = multiprocessing.get_context("spawn")
    parent_conn, child_conn = ctx.Pipe(duplex=False)
    log_path.parent.mkdir(parents=True, exist_ok=True)
    process = ctx.Process(
        target=_child, args=(child_conn, str(model_path), kernels, str(log_path), variant), name="hearth-kernel-probe"
    )
    process.start()
    child_conn.close()
    info, finished = "", False
    deadline = started + timeout_s
    try:
        while not finished and (left := deadline - time.monotonic()) > 0:
            if not wait([parent_conn, process.sentinel], left):
                break
            if not parent_conn.poll():
                break  # the child is gone
            try:
                what, value = parent_conn.recv()
            except (EOFError, OSError):
                break
            if what == "info":
                info = value
            finished = what == "ok"
        process.join(5.0 if finished else 1.0)
        if process.is_alive():
            process.kill()
            process.join(5.0)
            return ProbeResult(kernels, "failed", info, "the probe did not finish in time", time.monotonic() - started)
    finally:
        with contextlib.suppress(OSError):
            parent_conn.close()
    seconds = time.monotonic() - started
    code = process.exitcode
    if finished and code == 0:
        return ProbeResult(kernels, "ok", info, "", seconds)
    if code == -signal.SIGILL:
        return ProbeResult(kernels, "refused", info, "illegal instruction (SIGILL)", seconds)
    if code in FAULTS and kernels == "full":
        # Seen on an Intel Xeon VM that advertises AMX: a short read faults (general protection,
        # SIGSEGV) where a long one traps (SIGILL), both in the tile kernels. The safe set decides.
        return ProbeResult(kernels, "refused", info, f"the fast kernels faulted (signal {-code})", seconds)
    return ProbeResult(kernels, "failed", info, f"exit code {code}", seconds)
