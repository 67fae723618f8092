"""Why the engine child died, in one plain sentence a person can act on.

A signal says what happened: a segmentation fault or an abort is a bug or a damaged file,
a SIGKILL nobody asked for is usually the system running out of memory. On Linux the
kernel's own count of out-of-memory kills (/proc/vmstat `oom_kill`) tells that case apart.
"""

from __future__ import annotations

import signal
from pathlib import Path

from engine.errors import UserError

VMSTAT = Path("/proc/vmstat")

_SIGNAL_SENTENCES: dict[int, str] = {
    signal.SIGSEGV: (
        "The engine crashed (segmentation fault, SIGSEGV); this is a bug in llama.cpp or a damaged model file."
    ),
    signal.SIGKILL: (
        "The engine was stopped by the system (killed, SIGKILL); this often means the computer ran out of memory."
    ),
    signal.SIGABRT: "The engine aborted (SIGABRT): llama.cpp stopped itself after an internal error.",
    signal.SIGBUS: (
        "The engine crashed (bus error, SIGBUS); the model file may have changed or become unreadable while in use."
    ),
    # Not "needs a newer processor": a machine may advertise an instruction and refuse it (engine/kernels/).
    signal.SIGILL: "The engine crashed on an instruction this processor refused (illegal instruction, SIGILL).",
    signal.SIGFPE: "The engine crashed (arithmetic error, SIGFPE); this is a bug in llama.cpp or a damaged model file.",
    signal.SIGTERM: "The engine was stopped by another program (terminated, SIGTERM).",
}

OOM_SENTENCE = (
    "The system stopped the engine because the computer ran out of memory (SIGKILL);"
    " close other programs or pick a smaller model or context."
)


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


STOPPED_RESPONDING = "The engine stopped responding."
EXIT_CODE = "The engine stopped unexpectedly (exit code {code})."
OTHER_SIGNAL = "The engine stopped unexpectedly ({signal})."


class EngineExitError(UserError):
    """Why the engine child is gone, as one sentence (the window translates its template)."""


def describe_exit(
    exitcode: int | None, *, oom_kills_before: int | None = None, oom_kills_now: int | None = None
) -> str:
    """One sentence for the child's exit: `exitcode` as multiprocessing gives it (negative: a signal).

    With the kernel's OOM-kill count from the child's start and from now, a SIGKILL that came with
    a new OOM kill is named as running out of memory."""
    return str(exit_error(exitcode, oom_kills_before=oom_kills_before, oom_kills_now=oom_kills_now))


def exit_error(
    exitcode: int | None, *, oom_kills_before: int | None = None, oom_kills_now: int | None = None
) -> EngineExitError:
    """describe_exit's sentence as an error that keeps its English template and values."""
    if exitcode is None:
        return EngineExitError(STOPPED_RESPONDING)
    if exitcode >= 0:
        return EngineExitError(EXIT_CODE, {"code": exitcode})
    number = -exitcode
    if (
        number == signal.SIGKILL
        and oom_kills_before is not None
        and oom_kills_now is not None
        and oom_kills_now > oom_kills_before
    ):
        return EngineExitError(OOM_SENTENCE)
    if number in _SIGNAL_SENTENCES:
        return EngineExitError(_SIGNAL_SENTENCES[number])
    try:
        name = signal.Signals(number).name
    except ValueError:
        name = f"signal {number}"
    return EngineExitError(OTHER_SIGNAL, {"signal": name})
