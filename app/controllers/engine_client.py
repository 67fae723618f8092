"""The GUI's side of the engine: a QObject whose loop runs on its own QThread.

The main thread only ever puts commands on a queue, so it never waits on the
engine. The loop thread drives an EngineSession (engine/client/session.py: restarts,
the crash-loop limit, kernel recovery), waiting on the engine's pipe, the child's exit
sentinel and a wake-up pipe at once, and turns each event into a Qt signal (delivered
to the main thread, queued). If the child dies, `failed` carries the reason and the
child's last log lines; the next request starts a fresh engine.
"""

from __future__ import annotations

import logging
import queue
import time
from multiprocessing import Pipe
from multiprocessing.connection import wait
from typing import assert_never

from PySide6.QtCore import QObject, QThread, Signal

from engine.client.session import EngineSession
from engine.protocol import (
    AnswerFailed,
    CacheReport,
    Cancel,
    ChatMessage,
    ClearCache,
    ClientEvent,
    Command,
    CommandFailed,
    EngineDied,
    EngineStarted,
    EngineStats,
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
        self._session = EngineSession()  # driven by the loop thread alone (new_id from any thread)
        self._thread = _LoopThread(self)
        self._thread.start()

    # --- called from the GUI thread: never blocks ----------------------------------

    def load(self, options: LoadOptions) -> None:
        self._put(Load(self._session.new_id(), options))

    def unload(self) -> None:
        """Free the model's memory; the next load or send brings a model back."""
        self._put(Unload(self._session.new_id()))

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
        request_id = self._session.new_id()
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
        self._put(ClearCache(self._session.new_id(), owner))

    def query_cache(self) -> None:
        self._put(QueryCache(self._session.new_id()))

    def cancel(self, request_id: int) -> None:
        self._put(Cancel(request_id, time.monotonic()))

    def shutdown(self, timeout_ms: int = 5000) -> None:
        """Stop the engine child and the loop thread (waits for both)."""
        if not self._thread.isRunning():
            return
        self._put(Shutdown())
        if not self._thread.wait(timeout_ms):
            logger.warning("engine client thread did not stop in time")

    def engine_pid(self) -> int | None:
        """For tests and the diagnostics view: the pid of the live child, if any."""
        return self._session.pid

    def _put(self, command: Command) -> None:
        self._commands.put(command)
        self._wake_writer.send_bytes(b"!")

    # --- the loop thread -----------------------------------------------------------

    def _run_loop(self) -> None:
        session = self._session
        try:
            while True:
                ready = wait([self._wake_reader, *session.waitables()])
                if self._wake_reader in ready:
                    self._wake_reader.recv_bytes()
                    try:
                        while True:
                            command = self._commands.get_nowait()
                            if isinstance(command, Shutdown):
                                return
                            session.send(command)
                            self._emit_ready()
                    except queue.Empty:
                        pass
                self._emit_ready()
        finally:
            session.close()
            self._wake_reader.close()

    def _emit_ready(self) -> None:
        """Every event the session has now, as signals."""
        while (event := self._session.next_event(0)) is not None:
            self._emit(event)

    def _emit(self, event: ClientEvent) -> None:
        match event:
            case Token():
                self.token_received.emit(event)
            case EngineStats():
                self.stats_received.emit(event)
            case Started():
                self.started.emit(event)
            case Finished():
                self.finished.emit(event)
            case AnswerFailed() | LoadFailed() | CommandFailed() | EngineDied():
                self.failed.emit(event)  # translated by its code where it is shown
            case Loaded():
                self.loaded.emit(event)
            case Unloaded():
                self.unloaded.emit(event)
            case LoadProgress():
                self.load_progressed.emit(event)
            case CacheReport():
                self.cache_reported.emit(event)
            case Notice():
                self.noticed.emit(event)
            case EngineStarted():
                self.engine_started.emit()
            case _:
                assert_never(event)
