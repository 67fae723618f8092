"""The local API's handle on the shared engine: async calls over an EngineLoop.

Events arrive on the engine loop's thread; the bridge moves each onto the server's asyncio loop
(`call_soon_threadsafe`) and routes it there by id, so all of its state lives on one thread. An
answer's events go to the queue of the request that asked for it; a request whose client has
gone away is cancelled at once (`answer`'s cleanup), and its end is still counted.

One model is loaded at a time. A request for another model waits until no answer is being
written, then switches (as Ollama does); requests for the loaded model go straight on.

A remote engine's model ("gpu-box/llama-3-70b": engine/remote/) needs no load and no switch: its
answers go through a loop of its own over a RemoteSession, while the loaded model stays.
"""

from __future__ import annotations

import asyncio
import time
from collections import deque
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from typing import assert_never

from engine.client.engine_loop import EngineLoop
from engine.protocol import (
    AnswerFailed,
    CacheReport,
    Cancel,
    ClientEvent,
    CommandFailed,
    Embed,
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
    Metrics,
    ModelInfo,
    Notice,
    Started,
    Token,
    Unloaded,
)
from engine.remote.model_ref import parse_remote_ref
from engine.remote.remote_session import REMOTE_ARCHITECTURE

RECENT_REQUESTS = 50  # the log the window shows: metadata of the last requests, never their text


class ModelLoadError(Exception):
    """The model asked for could not be loaded; the message is the engine's one sentence."""


class EmbedError(Exception):
    def __init__(self, reason: str, code: str) -> None:
        super().__init__(reason)
        self.code = code


@dataclass
class ServedRequest:
    """What the request log keeps of one answer: never the messages or the answer's text."""

    request_id: int
    endpoint: str
    model: str
    client: str
    began_at: float
    status: str = "running"  # running, finished, cancelled, failed
    prompt_tokens: int = 0
    cached_tokens: int = 0
    completion_tokens: int = 0
    ttft_s: float = 0.0
    total_s: float = 0.0
    disconnected: bool = False
    # When the server sent the Cancel for a client that left, and what the engine said it did after it.
    cancel_sent_at: float = 0.0
    tokens_after_cancel: int = 0
    ended_at: float = 0.0
    prompt_read_tokens: int = 0
    stop_requested: bool = False  # the server ended it on a stop string (not a cancel)
    cancel_to_stop_s: float = 0.0  # the engine's own measure, from the Cancel to the answer's end


@dataclass
class Counters:
    """For /metrics and the window's server panel."""

    requests: int = 0
    finished: int = 0
    failed: int = 0
    cancelled_on_disconnect: int = 0
    prompt_tokens: int = 0
    cached_tokens: int = 0
    completion_tokens: int = 0
    by_status: dict[str, int] = field(default_factory=dict)
    # Answers whose client went away: how long the engine took from the Cancel to stopping them.
    cancel_to_stop_sum_s: float = 0.0
    cancel_to_stop_count: int = 0
    tokens_after_cancel: int = 0


def record_json(record: ServedRequest) -> dict[str, object]:
    """A request log line for the window and /hearth/requests: metadata, never text."""
    return {
        "id": record.request_id,
        "endpoint": record.endpoint,
        "model": record.model,
        "client": record.client,
        "status": record.status,
        "disconnected": record.disconnected,
        "prompt_tokens": record.prompt_tokens,
        "cached_tokens": record.cached_tokens,
        "prompt_read_tokens": record.prompt_read_tokens,
        "completion_tokens": record.completion_tokens,
        "ttft_ms": round(record.ttft_s * 1000, 1),
        "total_ms": round(record.total_s * 1000, 1),
        "cancel_to_stop_ms": round(record.cancel_to_stop_s * 1000, 1),
        "cancel_sent_at": record.cancel_sent_at,  # time.monotonic() on this computer (bench/api.py)
        "tokens_after_cancel": record.tokens_after_cancel,
    }


class EngineBridge:
    def __init__(self, engine: EngineLoop, options_for: Callable[[str], LoadOptions]) -> None:
        """`options_for(model_path)`: how to load a model the API asks for (context, threads, slots)."""
        self.engine = engine
        self._options_for = options_for
        self._aloop: asyncio.AbstractEventLoop | None = None
        self._answers: dict[int, asyncio.Queue[ClientEvent]] = {}
        self._loads: dict[int, asyncio.Future[Loaded]] = {}
        self._embeds: dict[int, asyncio.Future[Embedded]] = {}
        self.loaded: ModelInfo | None = None
        self.load_progress: float | None = None  # 0..1 while a model loads
        self.in_flight: dict[int, ServedRequest] = {}
        self.recent: deque[ServedRequest] = deque(maxlen=RECENT_REQUESTS)
        self.counters = Counters()
        self._switching = asyncio.Lock()
        self._idle = asyncio.Event()
        self._idle.set()
        self._remote_loops: dict[str, EngineLoop] = {}  # by remote model reference
        self._routes: dict[int, EngineLoop] = {}  # request id -> the remote loop answering it

    # --- set-up, on the server's loop ----------------------------------------------------

    def attach(self) -> None:
        """Start listening; call from the asyncio loop that serves requests."""
        self._aloop = asyncio.get_running_loop()
        self.engine.add_listener(self._from_engine_thread)

    def detach(self) -> None:
        self.engine.remove_listener(self._from_engine_thread)
        for loop in self._remote_loops.values():
            loop.remove_listener(self._from_engine_thread)
            loop.stop(2.0)
        self._remote_loops.clear()

    def _from_engine_thread(self, event: ClientEvent) -> None:
        aloop = self._aloop
        if aloop is not None and not aloop.is_closed():
            aloop.call_soon_threadsafe(self._route, event)

    # --- models ----------------------------------------------------------------------

    async def use_model(self, model_path: str) -> ModelInfo:
        """The model at `model_path`, loaded: at once if it is, else after the answers being
        written end. Raises ModelLoadError with the engine's sentence. A remote engine's model is
        ready at once (its server holds it)."""
        if (ref := parse_remote_ref(model_path)) is not None:
            self._remote_loop(model_path, ref.engine)
            return ModelInfo(model_path, ref.model, REMOTE_ARCHITECTURE, 0, 0, 0, 0, 0, "gguf", "", 0)
        if self.loaded is not None and self.loaded.path == model_path:
            return self.loaded
        async with self._switching:
            if self.loaded is not None and self.loaded.path == model_path:
                return self.loaded
            await self._idle.wait()
            load_id = self.engine.new_id()
            done: asyncio.Future[Loaded] = asyncio.get_running_loop().create_future()
            self._loads[load_id] = done
            self.load_progress = 0.0
            self.engine.send(Load(load_id, self._options_for(model_path)))
            try:
                loaded = await done
            finally:
                self._loads.pop(load_id, None)
                self.load_progress = None
            return loaded.info

    def route(self, request_id: int, model_path: str) -> None:
        """Send answer `request_id` to the engine of `model_path` (use_model first): a remote one's
        loop, or the shared engine."""
        if (loop := self._remote_loops.get(model_path)) is not None:
            self._routes[request_id] = loop

    def _remote_loop(self, model_path: str, engine_name: str) -> EngineLoop:
        from engine.remote.engines import EngineRegistryError, find_engine
        from engine.remote.remote_session import RemoteSession

        try:
            engine = find_engine(engine_name)
        except EngineRegistryError as exc:
            raise ModelLoadError(str(exc)) from exc
        loop = self._remote_loops.get(model_path)
        session = loop.session if loop is not None else None
        if loop is None or not isinstance(session, RemoteSession) or session.engine != engine:
            if loop is not None:
                loop.remove_listener(self._from_engine_thread)
                loop.stop(2.0)
            ref = parse_remote_ref(model_path)
            loop = EngineLoop(RemoteSession(engine, ref.model if ref else None), name=f"hearth-api-{engine.name}")
            loop.add_listener(self._from_engine_thread)
            loop.start()
            self._remote_loops[model_path] = loop
        return loop

    async def embed(self, texts: tuple[str, ...], *, truncate: bool) -> Embedded:
        """Embeddings of `texts` with the loaded model; EmbedError with the engine's sentence."""
        command_id = self.engine.new_id()
        done: asyncio.Future[Embedded] = asyncio.get_running_loop().create_future()
        self._embeds[command_id] = done
        self.engine.send(Embed(command_id, texts, truncate))
        try:
            return await done
        finally:
            self._embeds.pop(command_id, None)

    # --- answers ---------------------------------------------------------------------

    async def answer(self, command: Generate, record: ServedRequest) -> AsyncIterator[ClientEvent]:
        """The events of `command`'s answer, up to its Finished or AnswerFailed. Closing the
        iterator early (the client went away) cancels the answer in the engine."""
        events: asyncio.Queue[ClientEvent] = asyncio.Queue()
        self._answers[command.request_id] = events
        self.in_flight[command.request_id] = record
        self.counters.requests += 1
        self._idle.clear()
        loop = self._routes.get(command.request_id, self.engine)
        loop.send(command)
        ended = False
        try:
            while True:
                event = await events.get()
                yield event
                if isinstance(event, Finished | AnswerFailed):
                    ended = True
                    return
        finally:
            if not ended:
                record.disconnected = True
                record.cancel_sent_at = time.monotonic()
                self.counters.cancelled_on_disconnect += 1
                loop.send(Cancel(command.request_id, record.cancel_sent_at))

    def stop(self, request_id: int) -> None:
        """End an answer the server has seen enough of (a stop string): its Finished still comes."""
        if (record := self.in_flight.get(request_id)) is not None:
            record.stop_requested = True
        self._routes.get(request_id, self.engine).send(Cancel(request_id, time.monotonic()))

    # --- routing, on the server's loop -----------------------------------------------

    def _route(self, event: ClientEvent) -> None:
        match event:
            case Started():
                if (record := self.in_flight.get(event.request_id)) is not None:
                    record.prompt_tokens, record.cached_tokens = event.prompt_tokens, event.cached_tokens
                self._to_answer(event.request_id, event)
            case Token() | EngineStats():
                self._to_answer(event.request_id, event)
            case Finished():
                self._to_answer(event.request_id, event)
                self._ended(event.request_id, event.metrics, "cancelled" if _cancelled(event.metrics) else "finished")
            case AnswerFailed():
                self._to_answer(event.request_id, event)
                self._ended(event.request_id, None, "failed")
            case Loaded():
                self.loaded = event.info
                if (done := self._loads.get(event.load_id)) is not None and not done.done():
                    if event.restored_after_failure:
                        return  # the LoadFailed before it already answered this load
                    done.set_result(event)
            case LoadFailed():
                if (done := self._loads.get(event.load_id)) is not None and not done.done():
                    done.set_exception(ModelLoadError(event.reason))
            case LoadProgress():
                if event.load_id in self._loads:
                    self.load_progress = event.fraction
            case Unloaded():
                self.loaded = None
            case EngineDied():  # nothing of ours waited on it (the session fails those); loads did
                for waiting in self._embeds.values():
                    if not waiting.done():
                        waiting.set_exception(EmbedError(event.reason, "engine.crashed"))
                for done in self._loads.values():
                    if not done.done():
                        done.set_exception(ModelLoadError(event.reason))
            case Embedded():
                if (embedded := self._embeds.get(event.command_id)) is not None and not embedded.done():
                    embedded.set_result(event)
            case CommandFailed():
                if (embedded := self._embeds.get(event.command_id)) is not None and not embedded.done():
                    embedded.set_exception(EmbedError(event.reason, event.reason_code))
            case CacheReport() | EngineStarted() | Notice():
                pass
            case _:
                assert_never(event)

    def _to_answer(self, request_id: int, event: ClientEvent) -> None:
        if (events := self._answers.get(request_id)) is not None:
            events.put_nowait(event)

    def _ended(self, request_id: int, metrics: Metrics | None, status: str) -> None:
        self._answers.pop(request_id, None)
        self._routes.pop(request_id, None)
        record = self.in_flight.pop(request_id, None)
        if record is None:
            return  # the window's own answer, on the shared engine
        record.status = "finished" if status == "cancelled" and record.stop_requested else status
        status = record.status
        record.ended_at = time.monotonic()
        counters = self.counters
        counters.by_status[status] = counters.by_status.get(status, 0) + 1
        if metrics is None:
            counters.failed += 1
        else:
            counters.finished += 1
            record.prompt_tokens = metrics.prompt_tokens
            record.cached_tokens = metrics.cached_tokens
            record.completion_tokens = metrics.decode_tokens
            record.ttft_s = metrics.ttft_s
            record.total_s = metrics.total_s
            record.tokens_after_cancel = metrics.tokens_after_cancel
            record.cancel_to_stop_s = metrics.cancel_to_stop_s
            record.prompt_read_tokens = metrics.prompt_read_tokens
            counters.prompt_tokens += metrics.prompt_tokens
            counters.cached_tokens += metrics.cached_tokens
            counters.completion_tokens += metrics.decode_tokens
            if record.disconnected and metrics.stop_reason == "cancelled":
                counters.cancel_to_stop_sum_s += metrics.cancel_to_stop_s
                counters.cancel_to_stop_count += 1
                counters.tokens_after_cancel += metrics.tokens_after_cancel
        self.recent.append(record)
        if not self.in_flight:
            self._idle.set()


def _cancelled(metrics: Metrics) -> bool:
    return metrics.stop_reason == "cancelled"
