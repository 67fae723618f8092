"""Why the engine child died, in one plain sentence a person can act on.

A signal says what happened: a segmentation fault or an abort is a bug or a damaged file,
a SIGKILL nobody asked for is usually the system running out of memory. On Linux the
kernel's own count of out-of-memory kills (/proc/vmstat `oom_kill`) tells that case apart.
"""

from __future__ import annotations

import signal
from pathlib import Path

from engine.errors import ErrorCode, UserError

VMSTAT = Path("/proc/vmstat")

# One sentence per signal (engine.errors.MESSAGES), so that each says what it means for the user.
SIGNAL_CODES: dict[int, ErrorCode] = {
    signal.SIGSEGV: "engine.crashed.sigsegv",
    signal.SIGKILL: "engine.crashed.sigkill",
    signal.SIGABRT: "engine.crashed.sigabrt",
    signal.SIGBUS: "engine.crashed.sigbus",
    signal.SIGILL: "engine.crashed.sigill",
    signal.SIGFPE: "engine.crashed.sigfpe",
    signal.SIGTERM: "engine.crashed.sigterm",
}


def oom_kill_count() -> int | None:
    """The kernel's count of out-of-memory kills since boot; None where it cannot be read."""
    try:
        for line in VMSTAT.read_text().splitlines():
            name, _, value = line.partition(" ")
            if name == "oom_kill":
                return int(value)
    except (OSError, ValueError):
        return None
    return None


class EngineExitError(UserError):
    """Why the engine child is gone, as one sentence (the window says it in its language)."""


def describe_exit(
    exitcode: int | None, *, oom_kills_before: int | None = None, oom_kills_now: int | None = None
) -> str:
    """One sentence for the child's exit: `exitcode` as multiprocessing gives it (negative: a signal).

    With the kernel's OOM-kill count from the child's start and from now, a SIGKILL that came with
    a new OOM kill is named as running out of memory."""
    return str(exit_error(exitcode, oom_kills_before=oom_kills_before, oom_kills_now=oom_kills_now))


# What llama.cpp's RPC client writes before it aborts the process (ggml-rpc.cpp): a machine the model
# was split across went away, or never answered.
RPC_ABORTS = ("Remote RPC server crashed", "RPC handshake failed", "Failed to connect to")


def exit_error(
    exitcode: int | None,
    *,
    oom_kills_before: int | None = None,
    oom_kills_now: int | None = None,
    log_tail: str = "",
) -> EngineExitError:
    """describe_exit's sentence as an error, with its code and values. `log_tail`: the child's last log
    lines, which tell an abort of llama.cpp's RPC client (a machine gone) from any other."""
    if exitcode is None:
        return EngineExitError("engine.stopped_responding")
    if exitcode >= 0:
        return EngineExitError("engine.exit_code", code=exitcode)
    number = -exitcode
    if (
        number == signal.SIGKILL
        and oom_kills_before is not None
        and oom_kills_now is not None
        and oom_kills_now > oom_kills_before
    ):
        return EngineExitError("engine.crashed.out_of_memory")
    if number == signal.SIGABRT and any(marker in log_tail for marker in RPC_ABORTS):
        return EngineExitError("rpc.lost")
    if number in SIGNAL_CODES:
        return EngineExitError(SIGNAL_CODES[number])
    try:
        name = signal.Signals(number).name
    except ValueError:
        name = f"signal {number}"
    return EngineExitError("engine.signal", signal=name)


def without_backtrace(log_text: str) -> str:
    """The log up to the debugger's backtrace that ggml prints after its abort message (gdb, where it
    is installed): the lines a person can read, with the abort's own message last."""
    lines = log_text.splitlines()
    for index, line in enumerate(lines):
        if line.startswith(("[New LWP ", "[Thread debugging using")):
            return "\n".join(lines[:index])
    return log_text
