"""The parent's handle on one engine child process.

Used by engine/client/session.py, which the GUI's EngineClient and the command lines drive.
It knows how to start the child, talk to it, and explain its death.
"""

from __future__ import annotations

import contextlib
import logging
import multiprocessing
import time
from collections.abc import Iterable
from multiprocessing.connection import Connection, wait
from pathlib import Path
from typing import Any

from engine import paths
from engine.client.crash_report import exit_error, oom_kill_count, without_backtrace
from engine.errors import UserError
from engine.kernels.kernel_sets import KernelSet
from engine.protocol import Command, EngineDied, Event, Shutdown

logger = logging.getLogger(__name__)

ABORT_SEARCH_LINES = 1000
STDERR_TAIL_LINES = 20
LOG_ROTATE_BYTES = 5 * 1024 * 1024
NOT_RUNNING = "The engine is not running."


class EngineDiedError(RuntimeError):
    def __init__(self, failure: EngineDied, exitcode: int | None = None) -> None:
        super().__init__(failure.reason)
        self.failure = failure
        self.exitcode = exitcode  # the child's exit code; negative: the signal that ended it


def _rotate_if_large(path: Path) -> None:
    """Keep one previous log; a long-lived install must not grow it forever."""
    try:
        if path.stat().st_size > LOG_ROTATE_BYTES:
            path.replace(path.with_name(path.name + ".1"))
    except OSError:
        pass


class EngineProcess:
    def __init__(
        self, log_path: Path | None = None, kernels: KernelSet | None = None, variant: str | None = None
    ) -> None:
        """`kernels`: the CPU kernel set the child loads models with, and `variant` the CPU variant
        of a portable build (None: ggml's choice); `kernels` None: both as this machine is known to
        run them (engine/kernels/remembered.py), the fast ones if nothing is known yet."""
        from engine.kernels.remembered import known_kernels, known_variant

        self.log_path = log_path or paths.log_dir() / "engine.log"
        self.kernels: KernelSet = kernels or known_kernels()
        self.variant: str | None = variant if kernels is not None else known_variant()
        self.exitcode: int | None = None  # the child's, once it died (negative: the signal)
        self._proc: Any = None  # multiprocessing.Process (SpawnProcess)
        self._conn: Connection | None = None
        self._log_offset = 0
        self._oom_kills_at_start: int | None = None

    # --- lifecycle -----------------------------------------------------------------

    def start(self, load_began_at: float | None = None) -> None:
        """Spawn the child. `load_began_at`: when the user started waiting for it (default: now)."""
        from engine.runtime import worker

        ctx = multiprocessing.get_context("spawn")
        parent_conn, child_conn = ctx.Pipe(duplex=True)
        self.log_path.parent.mkdir(parents=True, exist_ok=True)
        _rotate_if_large(self.log_path)
        self._log_offset = self.log_path.stat().st_size if self.log_path.exists() else 0
        self._oom_kills_at_start = oom_kill_count()  # a later rise with a SIGKILL means out of memory
        self._proc = ctx.Process(
            target=worker.main,
            args=(child_conn, str(self.log_path), load_began_at or time.monotonic(), self.kernels, self.variant),
            name="hearth-engine",
            daemon=True,
        )
        self._proc.start()
        child_conn.close()
        self._conn = parent_conn
        logger.info("engine child started, pid %s, log %s", self._proc.pid, self.log_path)

    @property
    def pid(self) -> int | None:
        return self._proc.pid if self._proc is not None else None

    def is_alive(self) -> bool:
        return self._proc is not None and self._proc.is_alive()

    def stop(self, timeout: float = 3.0) -> None:
        """Ask the child to exit; kill it if it does not."""
        if self._proc is None:
            return
        if self._proc.is_alive() and self._conn is not None:
            with contextlib.suppress(OSError):
                self._conn.send(Shutdown())
            self._proc.join(timeout)
        if self._proc.is_alive():
            self._proc.kill()
            self._proc.join(timeout)
        self._close_conn()
        self._proc = None

    def _close_conn(self) -> None:
        if self._conn is not None:
            self._conn.close()
            self._conn = None

    # --- talking -------------------------------------------------------------------

    def send(self, command: Command) -> None:
        if self._conn is None:
            raise EngineDiedError(EngineDied.from_error(UserError("engine.not_running")))
        try:
            self._conn.send(command)
        except OSError as exc:
            raise self._died() from exc

    def waitables(self) -> list[Any]:
        """Objects for multiprocessing.connection.wait: the pipe and the process sentinel."""
        if self._conn is None or self._proc is None:
            return []
        return [self._conn, self._proc.sentinel]

    def receive(self, timeout: float | None = None) -> Event | None:
        """Next event, None on timeout. Raises EngineDiedError once the child is gone."""
        if self._conn is None:
            raise EngineDiedError(EngineDied.from_error(UserError("engine.not_running")))
        # Drain what the child sent before it died, then report the death.
        if self._conn.poll(0):
            return self._read()
        ready = wait(self.waitables(), timeout)
        if not ready:
            return None
        if self._conn.poll(0):
            return self._read()
        raise self._died()

    def _read(self) -> Event:
        assert self._conn is not None
        try:
            event: Event = self._conn.recv()
        except (EOFError, OSError) as exc:
            raise self._died() from exc
        return event

    def events(self, timeout: float | None = None) -> Iterable[Event]:
        while True:
            event = self.receive(timeout)
            if event is None:
                return
            yield event

    # --- post-mortem ---------------------------------------------------------------

    def _died(self) -> EngineDiedError:
        failure = self.death_report()
        return EngineDiedError(failure, self.exitcode)

    def death_report(self) -> EngineDied:
        exitcode = None
        if self._proc is not None:
            self._proc.join(2.0)
            exitcode = self._proc.exitcode
        self.exitcode = exitcode
        self._close_conn()
        # ggml prints a debugger's backtrace after its abort message: read far enough back to see it.
        last_words = without_backtrace(self.stderr_tail(lines=ABORT_SEARCH_LINES))
        tail = "\n".join(last_words.splitlines()[-STDERR_TAIL_LINES:])
        gone = exit_error(
            exitcode, oom_kills_before=self._oom_kills_at_start, oom_kills_now=oom_kill_count(), log_tail=last_words
        )
        return EngineDied.from_error(gone, tail)

    def stderr_tail(self, lines: int = STDERR_TAIL_LINES) -> str:
        """The last lines this child wrote to its log (llama.cpp's messages included)."""
        try:
            with self.log_path.open("rb") as f:
                f.seek(self._log_offset)
                data = f.read()
        except OSError:
            return ""
        text = data.decode("utf-8", errors="replace")
        return "\n".join(text.splitlines()[-lines:])
