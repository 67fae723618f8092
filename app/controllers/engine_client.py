"""The GUI's side of the engine: a QObject over an EngineLoop (engine/client/engine_loop.py).

The main thread only ever queues commands, so it never waits on the engine. The loop's thread
drives an EngineSession (restarts, the crash-loop limit, kernel recovery) and hands each event to
this client, which turns it into a Qt signal (delivered to the main thread, queued). If the child
dies, `failed` carries the reason and the child's last log lines; the next request starts a fresh
engine. The local API (app/controllers/server_controller.py) listens on the same loop, so it
serves the window's engine: one model, one continuous batch, one prefix cache.
"""

from __future__ import annotations

import logging
import time
from typing import assert_never

from PySide6.QtCore import QObject, Signal

from engine.client.engine_loop import EngineLoop
from engine.protocol import (
    AnswerFailed,
    CacheReport,
    Cancel,
    ChatMessage,
    ClearCache,
    ClientEvent,
    Command,
    CommandFailed,
    Embedded,
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
    Started,
    Token,
    Unload,
    Unloaded,
)

logger = logging.getLogger(__name__)


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
        self.engine = EngineLoop(name="hearth-engine-client")
        self.engine.add_listener(self._emit)
        self.engine.start()

    # --- called from the GUI thread: never blocks ----------------------------------

    def load(self, options: LoadOptions) -> None:
        self._put(Load(self.engine.new_id(), options))

    def unload(self) -> None:
        """Free the model's memory; the next load or send brings a model back."""
        self._put(Unload(self.engine.new_id()))

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
        follow_up: bool = True,
        documents: str = "",
    ) -> int:
        request_id = self.engine.new_id()
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
            follow_up=follow_up,
            documents=documents,
        )
        self._put(command)
        return request_id

    def clear_cache(self, owner: str | None = None) -> None:
        """Forget prefix-cache snapshots: all (needs a running engine), or one conversation's (either way)."""
        self._put(ClearCache(self.engine.new_id(), owner))

    def query_cache(self) -> None:
        self._put(QueryCache(self.engine.new_id()))

    def cancel(self, request_id: int) -> None:
        self._put(Cancel(request_id, time.monotonic()))

    def shutdown(self, timeout_ms: int = 5000) -> None:
        """Stop the engine child and the loop thread (waits for both)."""
        if not self.engine.stop(timeout_ms / 1000):
            logger.warning("engine client thread did not stop in time")

    @property
    def stopped(self) -> bool:
        return self.engine.stopped

    def engine_pid(self) -> int | None:
        """For tests and the diagnostics view: the pid of the live child, if any."""
        return self.engine.pid

    def _put(self, command: Command) -> None:
        self.engine.send(command)

    # --- the loop thread -----------------------------------------------------------

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
            case Embedded():
                pass  # the local API's (app/controllers/server_controller.py): the window asks for none
            case _:
                assert_never(event)
