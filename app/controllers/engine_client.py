"""The GUI's side of the engine: a QObject over an EngineLoop (engine/client/engine_loop.py).

The main thread only ever queues commands, so it never waits on the engine. The loop's thread
drives an EngineSession (restarts, the crash-loop limit, kernel recovery) and hands each event to
this client, which turns it into a Qt signal (delivered to the main thread, queued). If the child
dies, `failed` carries the reason and the child's last log lines; the next request starts a fresh
engine. The local API (app/controllers/server_controller.py) listens on the same loop, so it
serves the window's engine: one model, one continuous batch, one prefix cache.

A model of a remote engine (engine/remote/: its path is a "remote:<engine>/<model>" reference)
is loaded and asked through a loop of its own over a RemoteSession, whose events come on the same
signals: the controllers need no special case to send, stream, cancel or fail. Every command's id
comes from the local loop, so ids never collide between engines.
"""

from __future__ import annotations

import logging
import time
from typing import assert_never

from PySide6.QtCore import QObject, QTimer, Signal

from engine.client.engine_loop import EngineLoop
from engine.errors import UserError
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
from engine.remote.model_ref import parse_remote_ref

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
        self._remote_loops: dict[str, EngineLoop] = {}  # by engine name, started when first used
        self._target = self.engine  # the loop of the model loaded last: it answers
        self._asked: dict[int, EngineLoop] = {}  # request id -> the loop answering it (for Cancel)

    # --- called from the GUI thread: never blocks ----------------------------------

    def load(self, options: LoadOptions) -> None:
        load_id = self.engine.new_id()
        ref = parse_remote_ref(options.model_path)
        if ref is None:
            self._target = self.engine
            self._put(Load(load_id, options))
            return
        try:
            loop = self._remote_loop(ref.engine)
        except UserError as exc:  # removed since the conversation chose it, say
            failure = LoadFailed.from_error(load_id, exc)
            QTimer.singleShot(0, lambda: self.failed.emit(failure))  # after load() returns, as every event
            return
        self._target = loop
        loop.send(Load(load_id, options))

    @property
    def remote(self) -> bool:
        """Whether a remote engine answers now (the model loaded last is one of its)."""
        return self._target is not self.engine

    def unload(self) -> None:
        """Free the model's memory; the next load or send brings a model back."""
        self._target.send(Unload(self.engine.new_id()))

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
        self._asked[request_id] = self._target
        self._target.send(command)
        return request_id

    def clear_cache(self, owner: str | None = None) -> None:
        """Forget prefix-cache snapshots: all (needs a running engine), or one conversation's (either way)."""
        self._put(ClearCache(self.engine.new_id(), owner))

    def query_cache(self) -> None:
        self._put(QueryCache(self.engine.new_id()))

    def cancel(self, request_id: int) -> None:
        self._asked.get(request_id, self.engine).send(Cancel(request_id, time.monotonic()))

    def shutdown(self, timeout_ms: int = 5000) -> None:
        """Stop the engine child, any remote engine's answers, and the loop threads (waits for all)."""
        for loop in self._remote_loops.values():
            loop.stop(timeout_ms / 1000)
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

    def _remote_loop(self, name: str) -> EngineLoop:
        from engine.remote.engines import find_engine
        from engine.remote.remote_session import RemoteSession

        engine = find_engine(name)  # read again each time: the user may have changed its address or key
        loop = self._remote_loops.get(engine.name)
        session = loop.session if loop is not None else None
        if loop is None or not isinstance(session, RemoteSession) or session.engine != engine:
            if loop is not None:
                loop.stop(1.0)
            loop = EngineLoop(RemoteSession(engine), name=f"hearth-remote-{engine.name}")
            loop.add_listener(self._emit)
            loop.start()
            self._remote_loops[engine.name] = loop
        return loop

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
                self._asked.pop(event.request_id, None)
                self.finished.emit(event)
            case AnswerFailed() | LoadFailed() | CommandFailed() | EngineDied():
                if isinstance(event, AnswerFailed):
                    self._asked.pop(event.request_id, None)
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
