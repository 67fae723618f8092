"""The GUI's side of the engine: a QObject whose loop runs on its own QThread.

The main thread only ever puts commands on a queue, so it never waits on the
engine. The loop thread waits on the engine's pipe, the child's exit sentinel and
a wake-up pipe at once, and turns each event into a Qt signal (delivered to the
main thread, queued). If the child dies, `failed` carries the reason and the
child's last log lines; the next request starts a fresh engine. A model whose load
kills the engine CRASH_LOOP_LIMIT times in a row is not restarted again until it is
asked for by name (load()) or another model is.
"""

from __future__ import annotations

import itertools
import logging
import queue
import time
import traceback
from dataclasses import replace
from multiprocessing import Pipe
from multiprocessing.connection import wait
from pathlib import Path
from typing import assert_never

from PySide6.QtCore import QObject, QThread, Signal

from engine.client.process import EngineDiedError, EngineProcess
from engine.kernels.policy import KernelPolicy
from engine.protocol import (
    AnswerFailed,
    CacheReport,
    Cancel,
    ChatMessage,
    ClearCache,
    Command,
    CommandFailed,
    EngineDied,
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
    OverflowPolicy,
    QueryCache,
    SamplingParams,
    Shutdown,
    Started,
    Token,
    Unload,
    Unloaded,
)

logger = logging.getLogger(__name__)

CRASH_LOOP_LIMIT = 3  # engine deaths while loading the same model before Hearth stops restarting it


class _LoopThread(QThread):
    def __init__(self, client: EngineClient) -> None:
        super().__init__()
        self.setObjectName("hearth-engine-client")
        self._client = client

    def run(self) -> None:
        self._client._run_loop()


class EngineClient(QObject):
    load_progressed = Signal(object)  # LoadProgress
    loaded = Signal(object)  # Loaded
    started = Signal(object)  # Started
    token_received = Signal(object)  # Token
    stats_received = Signal(object)  # EngineStats
    finished = Signal(object)  # Finished
    failed = Signal(object)  # Failed: AnswerFailed, LoadFailed, CommandFailed or EngineDied
    engine_started = Signal()
    cache_reported = Signal(object)  # CacheReport
    unloaded = Signal(object)  # Unloaded
    noticed = Signal(object)  # Notice: something done on the user's behalf, said once (kernels switched)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._commands: queue.Queue[Command] = queue.Queue()
        self._wake_reader, self._wake_writer = Pipe(duplex=False)
        self._ids = itertools.count(1)
        self._options: LoadOptions | None = None  # what a fresh engine loads (the last Load asked for)
        # The model the user has: the last one loaded, even if the engine died since. A refused
        # load falls back to it, in a fresh engine too (Load.fallback).
        self._loaded_options: LoadOptions | None = None
        self._pid: int | None = None  # the live child's pid, for tests and the metrics panel
        # Crash-loop protection (loop thread only): the model a Load was sent for and not yet
        # answered, and how many times in a row each model's load ended with the engine dead.
        self._loading: tuple[int, str] | None = None  # (load_id, model path)
        self._load_crashes: dict[str, int] = {}
        # Which CPU kernels each engine starts with, and what a SIGILL death changes (loop thread only).
        self._kernels = KernelPolicy()
        self._active_command: Generate | None = None  # the request in flight, to ask again after a kernel switch
        self._active_wrote = False  # whether it streamed any text yet
        self._thread = _LoopThread(self)
        self._thread.start()

    # --- called from the GUI thread: never blocks ----------------------------------

    def load(self, options: LoadOptions) -> None:
        self._put(Load(next(self._ids), options))

    def unload(self) -> None:
        """Free the model's memory; the next load or send brings a model back."""
        self._put(Unload(next(self._ids)))

    def generate(
        self,
        messages: tuple[ChatMessage, ...],
        sampling: SamplingParams,
        sent_at: float | None = None,
        *,
        template_override: str | None = None,
        overflow_policy: OverflowPolicy = "drop_oldest",
        continue_last: bool = False,
        history_tokens: tuple[int, ...] = (),
        history_segments: tuple[int, ...] = (),
        cache_owner: str | None = None,
        pin_system_prompt: bool = False,
    ) -> int:
        request_id = next(self._ids)
        command = Generate(
            request_id,
            messages,
            sampling,
            sent_at or time.monotonic(),
            template_override=template_override,
            overflow_policy=overflow_policy,
            continue_last=continue_last,
            history_tokens=history_tokens,
            history_segments=history_segments,
            cache_owner=cache_owner,
            pin_system_prompt=pin_system_prompt,
        )
        self._put(command)
        return request_id

    def clear_cache(self, owner: str | None = None) -> None:
        """Forget prefix-cache snapshots: all (needs a running engine), or one conversation's (either way)."""
        self._put(ClearCache(next(self._ids), owner))

    def query_cache(self) -> None:
        self._put(QueryCache(next(self._ids)))

    def cancel(self, request_id: int) -> None:
        self._put(Cancel(request_id, time.monotonic()))

    def shutdown(self, timeout_ms: int = 5000) -> None:
        """Stop the engine child and the loop thread (waits for both)."""
        if not self._thread.isRunning():
            return
        self._put(Shutdown())
        if not self._thread.wait(timeout_ms):
            logger.warning("engine client thread did not stop in time")

    def _put(self, command: Command) -> None:
        self._commands.put(command)
        self._wake_writer.send_bytes(b"!")

    # --- the loop thread -----------------------------------------------------------

    def _run_loop(self) -> None:
        engine: EngineProcess | None = None
        active_request: int | None = None
        try:
            while True:
                waitables = [self._wake_reader, *(engine.waitables() if engine else [])]
                ready = wait(waitables)
                if self._wake_reader in ready:
                    self._wake_reader.recv_bytes()
                    try:
                        while True:
                            command = self._commands.get_nowait()
                            if isinstance(command, Shutdown):
                                return
                            engine, active_request = self._dispatch(command, engine, active_request)
                    except queue.Empty:
                        pass
                if engine is None:
                    continue
                try:
                    while (event := engine.receive(0)) is not None:
                        self._emit(event)
                        if isinstance(event, Token) and event.request_id == active_request and event.text:
                            self._active_wrote = True
                        if isinstance(event, Finished | AnswerFailed) and event.request_id == active_request:
                            active_request, self._active_command = None, None
                except EngineDiedError as exc:
                    engine, active_request = self._after_death(exc, engine, active_request)
        finally:
            if engine is not None:
                engine.stop()
            self._wake_reader.close()

    def _dispatch(
        self, command: Command, engine: EngineProcess | None, active: int | None
    ) -> tuple[EngineProcess | None, int | None]:
        try:
            if isinstance(command, Load):
                self._options = command.options
                # Asked for by name: a model given up on after crashes gets a fresh set of tries.
                if self._load_crashes.get(command.options.model_path, 0) >= CRASH_LOOP_LIMIT:
                    del self._load_crashes[command.options.model_path]
                if engine is None:
                    engine = self._start_engine()
                self._loading = (command.load_id, command.options.model_path)
                engine.send(replace(command, fallback=self._loaded_options))
            elif isinstance(command, Generate):
                if engine is None:
                    if self._options is None:
                        self.failed.emit(AnswerFailed(command.request_id, self.tr("No model is loaded.")))
                        return engine, active
                    path = self._options.model_path
                    if self._load_crashes.get(path, 0) >= CRASH_LOOP_LIMIT:
                        self.failed.emit(AnswerFailed(command.request_id, self._gave_up(path), kind="crash_loop"))
                        return engine, active
                    engine = self._start_engine(load_began_at=command.sent_at)
                    load_id = next(self._ids)
                    self._loading = (load_id, path)
                    engine.send(Load(load_id, self._options))
                engine.send(command)
                active = command.request_id
                self._active_command, self._active_wrote = command, False
            elif isinstance(command, Unload):
                self._options = self._loaded_options = None  # a crash after this restarts nothing
                if engine is not None:
                    engine.send(command)
            elif isinstance(command, Cancel | ClearCache | QueryCache) and engine is not None:
                engine.send(command)
            elif isinstance(command, ClearCache) and command.owner is not None:
                # No engine running: delete the files directly (here, off the window's thread).
                from engine.cache.prefix_cache import cache_root, forget_owner_on_disk

                forget_owner_on_disk(cache_root(), command.owner)
        except EngineDiedError as exc:
            if isinstance(command, Generate):
                active = command.request_id  # it was on its way: its bubble shows the death
                self._active_command, self._active_wrote = command, False
            return self._after_death(exc, engine, active)
        except Exception as exc:  # e.g. the child cannot be spawned: report it, keep the loop alive
            logger.exception("engine command failed")
            reason = self.tr("The engine could not be started: {error}").format(error=exc)
            self.failed.emit(_failure_of(command, reason, traceback.format_exc()))
            if engine is not None:
                engine.stop(0.5)
            self._pid = None
            return None, None
        return engine, active

    def _after_death(
        self, exc: EngineDiedError, engine: EngineProcess | None, active: int | None
    ) -> tuple[EngineProcess | None, int | None]:
        """The engine is gone. A SIGILL on the fast kernels restarts it on the safe ones and asks
        again what was in flight (when nothing was shown of it yet); any other death is reported."""
        kernels = engine.kernels if engine is not None else "full"
        if engine is not None:
            engine.stop(0.5)
        self._pid = None
        command = self._active_command if active is not None else None
        self._active_command = None
        verdict = self._kernels.after_death(exc.exitcode, kernels)
        if verdict is None:
            self._report_death(exc.failure, active)
            return None, None
        if verdict.kernels is None:  # nothing runs on this processor: that sentence is the account
            failure = EngineDied.from_error(verdict.notice, exc.failure.details)
            self._report_death(failure, active)
            return None, None
        self.noticed.emit(Notice.from_error(verdict.notice))
        if self._active_wrote or (self._options is None and command is None):
            self._report_death(exc.failure, active)  # the answer so far stays; the next one runs safely
            return None, None
        self._loading = None  # this death was the kernels', not the model's: no crash-loop count
        try:
            engine = self._start_engine(load_began_at=command.sent_at if command is not None else None)
            if self._options is not None:
                load_id = next(self._ids)
                self._loading = (load_id, self._options.model_path)
                engine.send(Load(load_id, self._options, fallback=self._loaded_options))
            if command is not None:
                engine.send(command)
                self._active_command, self._active_wrote = command, False
        except EngineDiedError as again:
            return self._after_death(again, engine, active)
        return engine, active

    def _report_death(self, report: EngineDied, active: int | None) -> None:
        """Say the engine died: as the failure of the answer or load waiting on it, if any. The third
        death in a row while loading one model stops its restarts."""
        logger.warning("engine died: %s", report.reason)
        loading, self._loading = self._loading, None
        if loading is not None:
            load_id, path = loading
            crashes = self._load_crashes.get(path, 0) + 1
            self._load_crashes[path] = crashes
            if crashes >= CRASH_LOOP_LIMIT:
                details = f"{report.reason}\n\n{report.details}".strip()
                if active is not None:
                    self.failed.emit(AnswerFailed(active, self._gave_up(path), details, "crash_loop"))
                else:
                    self.failed.emit(LoadFailed(load_id, self._gave_up(path), details, "crash_loop"))
                return
        if active is not None:
            self.failed.emit(report.of_answer(active))
        elif loading is not None:
            self.failed.emit(report.of_load(loading[0]))
        else:
            self.failed.emit(report)

    def _gave_up(self, path: str) -> str:
        return self.tr(
            "Hearth stopped trying to load {name} after {count} crashes; pick another model or check the file."
        ).format(name=Path(path).stem, count=CRASH_LOOP_LIMIT)

    def _start_engine(self, load_began_at: float | None = None) -> EngineProcess:
        start = self._kernels.for_next_start()  # the first start on a new computer probes them (~1 s)
        if start.notice is not None:
            self.noticed.emit(Notice.from_error(start.notice))
        engine = EngineProcess(kernels=start.kernels)
        engine.start(load_began_at)
        self._pid = engine.pid
        self.engine_started.emit()
        return engine

    def _emit(self, event: Event) -> None:
        match event:
            case Token():
                self.token_received.emit(event)
            case EngineStats():
                self.stats_received.emit(event)
            case Started():
                self.started.emit(event)
            case Finished():
                self.finished.emit(event)
            case LoadFailed():
                if self._loading is not None and self._loading[0] == event.load_id:
                    self._loading = None  # the engine refused the load and lives on: no crash
                    self._options = self._loaded_options  # a restart after a crash loads what the user has
                self.failed.emit(event)
            case AnswerFailed() | CommandFailed():
                self.failed.emit(event)
            case Loaded():
                if self._loading is not None and self._loading[0] == event.load_id:
                    self._load_crashes.pop(self._loading[1], None)  # "in a row" starts again
                    self._loading = None
                if event.options is not None:
                    self._options = self._loaded_options = event.options  # after a failed switch: the previous one
                self.loaded.emit(event)
            case Unloaded():
                self.unloaded.emit(event)
            case LoadProgress():
                self.load_progressed.emit(event)
            case CacheReport():
                self.cache_reported.emit(event)
            case _:
                assert_never(event)

    def engine_pid(self) -> int | None:
        """For tests and the diagnostics view: the pid of the live child, if any."""
        return self._pid


def _failure_of(command: Command, reason: str, details: str) -> Failed:
    """`command`'s failure: its answer's, its load's, or its own."""
    match command:
        case Generate() | Cancel():
            return AnswerFailed(command.request_id, reason, details)
        case Load():
            return LoadFailed(command.load_id, reason, details)
        case Unload() | ClearCache() | QueryCache():
            return CommandFailed(command.command_id, reason, details)
        case Shutdown():
            return EngineDied(reason, details)
        case _:
            assert_never(command)
