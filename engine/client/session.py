"""A client's session with the engine: one engine child at a time, started when needed, and what
to do when it dies. Qt-free: the window's EngineClient drives it from its loop thread, and
`hearth run` and `hearth replay` drive it directly, so every client recovers the same way.

- Commands carry fresh ids (`new_id`); the events that answer them echo the ids.
- A command that needs an engine when none runs (the next message after a crash) starts a fresh
  one, which loads the model asked for last.
- An engine that dies of SIGILL on the fast kernels is started again on the safe ones, and asked
  again what was in flight if nothing of it was shown yet (engine/kernels/policy.py).
- Any other death is the failure of what waited on the engine (an answer, a load), or EngineDied.
- A model whose load kills the engine CRASH_LOOP_LIMIT times in a row is not started again until
  it is asked for by name (a Load) or another model is.
- Each Load carries the model the user has as its fallback, so a failed switch in a fresh engine
  never leaves none loaded.

One thread drives a session; only `new_id` may be called from other threads.
"""

from __future__ import annotations

import itertools
import logging
import traceback
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path
from types import TracebackType
from typing import Any, NamedTuple, assert_never

from engine.client.process import EngineDiedError, EngineProcess
from engine.errors import UserError
from engine.kernels.policy import KernelPolicy
from engine.protocol import (
    AnswerFailed,
    CacheReport,
    Cancel,
    ClearCache,
    ClientEvent,
    Command,
    CommandFailed,
    Embed,
    Embedded,
    EngineDied,
    EngineStarted,
    EngineStats,
    Event,
    Failed,
    Finished,
    Generate,
    Load,
    Loaded,
    LoadFailed,
    LoadOptions,
    LoadProgress,
    Notice,
    QueryCache,
    Shutdown,
    Started,
    Token,
    Unload,
    Unloaded,
)

logger = logging.getLogger(__name__)

CRASH_LOOP_LIMIT = 3  # engine deaths while loading the same model before the session stops restarting it


class SessionError(UserError):
    """Why the session could not do what a command asked, in one sentence."""


class _Loading(NamedTuple):
    """A Load sent and not answered yet."""

    load_id: int
    model_path: str


class EngineSession:
    def __init__(self, kernels: KernelPolicy | None = None, log_path: Path | None = None) -> None:
        """`kernels`: which CPU kernels each engine starts with (the default probes this machine
        once); `log_path`: where the engine writes its log (the default: the data dir's engine.log)."""
        self._ids = itertools.count(1)
        self._kernels = kernels or KernelPolicy()
        self._log_path = log_path
        self._engine: EngineProcess | None = None
        self._outbox: deque[ClientEvent] = deque()  # the session's own events, said before the engine's
        self._options: LoadOptions | None = None  # what a fresh engine loads (the last Load asked for)
        # The model the user has: the last one loaded, even if the engine died since. A refused
        # load falls back to it, in a fresh engine too (Load.fallback).
        self._loaded_options: LoadOptions | None = None
        # Crash-loop protection: the load not answered yet, and how many times in a row each
        # model's load ended with the engine dead.
        self._loading: _Loading | None = None
        self._load_crashes: dict[str, int] = {}
        # The answers in flight (the engine writes several at once), to ask again after a kernel
        # switch, and those of them that streamed any text yet.
        self._active: dict[int, Generate] = {}
        self._wrote: set[int] = set()
        # The engine running now has written an answer's tokens: its kernels work on this processor,
        # so a fault after that is not theirs (engine/kernels/policy.py).
        self._kernels_proven = False
        self.pid: int | None = None  # the live child's pid (for the window's metrics panel and tests)

    def new_id(self) -> int:
        """A fresh id for a command (itertools.count: safe to call from any thread)."""
        return next(self._ids)

    # --- commands ------------------------------------------------------------------

    def start(self, load_began_at: float | None = None) -> None:
        """Start an engine now if none runs; `load_began_at`: when the user began waiting for it.
        Raises what spawning a process raises. (Any command that needs an engine starts one anyway.)"""
        if self._engine is None:
            self._start_engine(load_began_at)

    def send(self, command: Command) -> None:
        """Carry out `command`: to the engine, starting one if it needs one. What goes wrong comes
        back as events (next_event), never as an exception."""
        self._notice_a_silent_death()
        self._guarded(command, lambda: self._dispatch(command))

    def close(self) -> None:
        """Stop the engine child (waits for it)."""
        if self._engine is not None:
            self._engine.stop()
            self._engine = None

    def __enter__(self) -> EngineSession:
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()

    # --- events --------------------------------------------------------------------

    def waitables(self) -> list[Any]:
        """What multiprocessing.connection.wait can wait on for the next engine event (or death)."""
        return self._engine.waitables() if self._engine is not None else []

    def next_event(self, timeout: float | None = None) -> ClientEvent | None:
        """The next event: the session's own first, then the engine's, waiting up to `timeout`
        seconds (None: as long as it takes). None when the time is up, or when no engine runs and
        nothing is left to say."""
        while not self._outbox:
            if self._engine is None:
                return None
            try:
                event = self._engine.receive(timeout)
            except EngineDiedError as exc:
                self._after_death(exc)
                continue
            if event is not None:
                self._observe(event)
            return event
        return self._outbox.popleft()

    def events(self, timeout: float | None = None) -> Iterator[ClientEvent]:
        """next_event until it returns None."""
        while (event := self.next_event(timeout)) is not None:
            yield event

    # --- inside --------------------------------------------------------------------

    def _guarded(self, command: Command, action: Callable[[], object]) -> None:
        try:
            action()
        except EngineDiedError as exc:
            if isinstance(command, Generate):
                self._active[command.request_id] = command  # it was on its way: its failure says the death
            self._after_death(exc)
        except Exception as exc:  # e.g. the child cannot be spawned: say so, and stay usable
            logger.exception("engine command failed")
            error = SessionError("engine.could_not_start", error=exc)
            self._outbox.append(_failure_of(command, error, traceback.format_exc()))
            if self._engine is not None:
                self._engine.stop(0.5)
            self._engine, self.pid = None, None
            self._active.clear()

    def _dispatch(self, command: Command) -> None:
        match command:
            case Load():
                self._options = command.options
                # Asked for by name: a model given up on after crashes gets a fresh set of tries.
                if self._load_crashes.get(command.options.model_path, 0) >= CRASH_LOOP_LIMIT:
                    del self._load_crashes[command.options.model_path]
                engine = self._engine or self._start_engine()
                self._loading = _Loading(command.load_id, command.options.model_path)
                engine.send(replace(command, fallback=self._loaded_options))
            case Generate():
                answering = self._engine or self._engine_for(command)
                if answering is None:
                    return
                answering.send(command)
                self._active[command.request_id] = command
            case Unload():
                self._options = self._loaded_options = None  # a crash after this restarts nothing
                if self._engine is not None:
                    self._engine.send(command)
            case Cancel() | QueryCache():
                if self._engine is not None:
                    self._engine.send(command)
            case Embed():
                if self._engine is not None:
                    self._engine.send(command)
                else:
                    self._outbox.append(CommandFailed.from_error(command.command_id, SessionError("engine.no_model")))
            case ClearCache():
                if self._engine is not None:
                    self._engine.send(command)
                elif command.owner is not None:
                    # No engine running: delete the owner's snapshot files directly.
                    from engine.cache.prefix_cache import cache_root, forget_owner_on_disk

                    forget_owner_on_disk(cache_root(), command.owner)
            case Shutdown():
                self.close()
            case _:
                assert_never(command)

    def _engine_for(self, command: Generate) -> EngineProcess | None:
        """A fresh engine, loading the model asked for last, for `command`; None (and its failure
        said) when there is no model to load or the model is given up on."""
        if self._options is None:
            self._outbox.append(AnswerFailed.from_error(command.request_id, SessionError("engine.no_model")))
            return None
        path = self._options.model_path
        if self._load_crashes.get(path, 0) >= CRASH_LOOP_LIMIT:
            self._outbox.append(AnswerFailed.from_error(command.request_id, _gave_up(path), kind="crash_loop"))
            return None
        engine = self._start_engine(load_began_at=command.sent_at)
        self._loading = _Loading(self.new_id(), path)
        engine.send(Load(self._loading.load_id, self._options))
        return engine

    def _start_engine(self, load_began_at: float | None = None) -> EngineProcess:
        start = self._kernels.for_next_start()  # the first start on a new computer probes them (~1 s)
        if start.notice is not None:
            self._outbox.append(Notice.from_error(start.notice))
        engine = EngineProcess(self._log_path, kernels=start.kernels, variant=start.variant)
        self._kernels_proven = False
        engine.start(load_began_at)
        assert engine.pid is not None
        self._engine, self.pid = engine, engine.pid
        self._outbox.append(EngineStarted(engine.pid, engine.kernels))
        return engine

    def _observe(self, event: Event) -> None:
        """What an engine event changes in the session's state."""
        match event:
            case Token():
                self._kernels_proven = True
                if event.request_id in self._active and event.text:
                    self._wrote.add(event.request_id)
            case Finished() | AnswerFailed():
                self._active.pop(event.request_id, None)
                self._wrote.discard(event.request_id)
            case LoadFailed():
                if self._loading is not None and event.load_id == self._loading.load_id:
                    self._loading = None  # the engine refused the load and lives on: no crash
                    self._options = self._loaded_options  # a restart after a crash loads what the user has
            case Loaded():
                if self._loading is not None and event.load_id == self._loading.load_id:
                    self._load_crashes.pop(self._loading.model_path, None)  # "in a row" starts again
                    self._loading = None
                if event.options is not None:
                    self._options = self._loaded_options = event.options  # after a failed switch: the previous one
            case LoadProgress() | Unloaded() | Started() | EngineStats() | CacheReport() | CommandFailed() | Embedded():
                pass
            case _:
                assert_never(event)

    def _notice_a_silent_death(self) -> None:
        """An engine that died while nobody listened (between two `hearth replay` turns, say) is
        reported now, with what it said before it died, so that the command starts a fresh one."""
        engine = self._engine
        if engine is None or engine.is_alive():
            return
        try:
            while (event := engine.receive(0)) is not None:
                self._observe(event)
                self._outbox.append(event)
        except EngineDiedError as exc:
            self._after_death(exc)

    def _after_death(self, exc: EngineDiedError) -> None:
        """The engine is gone. A SIGILL on the fast kernels restarts it on the safe ones and asks
        again what was in flight (when nothing was shown of it yet); any other death is reported."""
        engine = self._engine
        kernels = engine.kernels if engine is not None else "full"
        variant = engine.variant if engine is not None else None
        if engine is not None:
            engine.stop(0.5)
        self._engine, self.pid = None, None
        commands, wrote = list(self._active.values()), set(self._wrote)
        self._active.clear()
        self._wrote.clear()
        verdict = self._kernels.after_death(exc.exitcode, kernels, proven=self._kernels_proven, variant=variant)
        if verdict is None:
            self._report_death(exc.failure, commands)
            return
        if verdict.kernels is None:  # nothing runs on this processor: that sentence is the account
            self._report_death(EngineDied.from_error(verdict.notice, exc.failure.details), commands)
            return
        self._outbox.append(Notice.from_error(verdict.notice))
        shown = [c for c in commands if c.request_id in wrote]
        again = [c for c in commands if c.request_id not in wrote]
        if shown or (self._options is None and not again):
            # Those answers so far stay (the next ones run safely); the rest are asked again.
            self._report_death(exc.failure, shown, count_load=not again)
            if not again:
                return
        # The load asked again keeps its id, so that whoever sent it hears of it under that id.
        load_id = self._loading.load_id if self._loading is not None else None
        self._loading = None  # this death was the kernels', not the model's: no crash-loop count
        self._active = {c.request_id: c for c in again}  # still waiting: a death while asked again fails them
        try:
            first = again[0].sent_at if again else None
            engine = self._start_engine(load_began_at=first)
            if self._options is not None:
                self._loading = _Loading(load_id if load_id is not None else self.new_id(), self._options.model_path)
                engine.send(Load(self._loading.load_id, self._options, fallback=self._loaded_options))
            for command in again:
                engine.send(command)
        except EngineDiedError as died:
            self._after_death(died)

    def _report_death(self, report: EngineDied, commands: list[Generate], *, count_load: bool = True) -> None:
        """Say the engine died: as the failure of each answer or the load that waited on it, if any.
        The CRASH_LOOP_LIMIT-th death in a row while loading one model stops its restarts."""
        logger.warning("engine died: %s", report.reason)
        loading = self._loading if count_load else None
        if count_load:
            self._loading = None
        if loading is not None:
            crashes = self._load_crashes.get(loading.model_path, 0) + 1
            self._load_crashes[loading.model_path] = crashes
            if crashes >= CRASH_LOOP_LIMIT:
                gave_up = _gave_up(loading.model_path)
                details = f"{report.reason}\n\n{report.details}".strip()
                for command in commands:
                    self._outbox.append(AnswerFailed.from_error(command.request_id, gave_up, details, "crash_loop"))
                if not commands:
                    self._outbox.append(LoadFailed.from_error(loading.load_id, gave_up, details, "crash_loop"))
                return
        if commands:
            for command in commands:
                self._outbox.append(report.of_answer(command.request_id))
        elif loading is not None:
            self._outbox.append(report.of_load(loading.load_id))
        else:
            self._outbox.append(report)


def _gave_up(path: str) -> SessionError:
    return SessionError("engine.crash_loop", name=Path(path).stem, count=CRASH_LOOP_LIMIT)


def _failure_of(command: Command, error: BaseException, details: str) -> Failed:
    """`command`'s failure: its answer's, its load's, or its own."""
    match command:
        case Generate() | Cancel():
            return AnswerFailed.from_error(command.request_id, error, details)
        case Load():
            return LoadFailed.from_error(command.load_id, error, details)
        case Unload() | ClearCache() | QueryCache() | Embed():
            return CommandFailed.from_error(command.command_id, error, details)
        case Shutdown():  # stopping the engine cannot fail, but if it did the engine is gone
            return EngineDied.from_error(error, details)
        case _:
            assert_never(command)
