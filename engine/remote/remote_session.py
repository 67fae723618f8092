"""A session with a remote engine: the same commands in and events out as EngineSession (the engine
child on this computer), so `hearth run`, the engine loop and the window need no special cases.

Each Generate is one streamed HTTP request on a thread of its own; its text comes back as Token
events and its figures as Finished(Metrics) with Metrics.remote set: TTFT and decode speed measured
here, the prompt and cache figures as the server reported them (None where it did not), and the
network-and-queue time between the two. Retries are said as Notice events. A remote engine is
never used in offline mode: the answer fails with that sentence, and nothing is sent.
"""

from __future__ import annotations

import contextlib
import itertools
import logging
import queue
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from multiprocessing import Pipe
from typing import Any

import httpx2

from engine.errors import ErrorCode, UserError
from engine.protocol import (
    AnswerFailed,
    Cancel,
    ClearCache,
    ClientEvent,
    Command,
    CommandFailed,
    Embed,
    Finished,
    Generate,
    Load,
    Loaded,
    Metrics,
    ModelInfo,
    Notice,
    QueryCache,
    RemoteFigures,
    Shutdown,
    Started,
    StopReason,
    Token,
    Unload,
    Unloaded,
)
from engine.remote.chat_stream import (
    Cancellation,
    RemoteError,
    StreamResult,
    models_with_retries,
    new_client,
    plain_problem,
    request_body,
    stream_chat,
)
from engine.remote.engines import RemoteEngine
from engine.remote.model_ref import parse_remote_ref, remote_ref

logger = logging.getLogger(__name__)

REMOTE_ARCHITECTURE = "remote"  # ModelInfo.architecture of a remote engine's model: nothing else is known of it
_FINISH: dict[str, StopReason] = {"stop": "eog", "length": "max_tokens", "tool_calls": "eog"}


def remote_blocked_by_offline_mode() -> bool:
    """Offline mode (the Privacy tab's switch, engine/hub/offline_mode.py) blocks remote engines too."""
    from engine.hub.offline_mode import offline_mode

    return offline_mode()


class RemoteSession:
    def __init__(self, engine: RemoteEngine, model: str | None = None) -> None:
        """`model`: the server's model id; None: the first it lists, asked on the first answer."""
        self.engine = engine
        self.model = model
        self.pid: int | None = None  # no process of ours runs the model
        self._ids = itertools.count(1)
        self._events: queue.Queue[ClientEvent] = queue.Queue()
        self._wake_reader, self._wake_writer = Pipe(duplex=False)
        self._cancels: dict[int, Cancellation] = {}
        self._threads: dict[int, threading.Thread] = {}
        self._lock = threading.Lock()
        self._http: httpx2.Client | None = None  # one for the engine's answers (made on the first)

    def new_id(self) -> int:
        return next(self._ids)

    def start(self, load_began_at: float | None = None) -> None:
        """Nothing to start: the server runs already (a connection is made per answer)."""

    def send(self, command: Command) -> None:
        match command:
            case Generate():
                self._begin(command)
            case Cancel():
                with self._lock:
                    cancel = self._cancels.get(command.request_id)
                if cancel is not None:
                    cancel.set()
            case Load():
                path = command.options.model_path
                ref = parse_remote_ref(path)
                self.model = ref.model if ref is not None else (path or self.model)
                self._put(Loaded(command.load_id, self._model_info(path), 0.0, command.options))
            case Unload():
                self._put(Unloaded(command.command_id, 0, 0))
            case ClearCache() | QueryCache() | Embed():
                what = "its cache" if not isinstance(command, Embed) else "embeddings"
                error = UserError("remote.unsupported", name=self.engine.name, host=self.engine.host, what=what)
                self._put(CommandFailed(command.command_id, str(error), "", "", error.template,
                                        tuple(error.params.items()), error.code))  # fmt: skip
            case Shutdown():
                self.close()

    def close(self) -> None:
        with self._lock:
            for cancel in self._cancels.values():
                cancel.set()
            threads = list(self._threads.values())
        for thread in threads:
            thread.join(5.0)
        if not self._busy():  # nothing can write a wake-up or use the client any more
            self._wake_writer.close()
            self._wake_reader.close()
            if self._http is not None:
                self._http.close()

    # --- events (as EngineSession's) -------------------------------------------------

    def waitables(self) -> list[Any]:
        return [self._wake_reader]

    def next_event(self, timeout: float | None = None) -> ClientEvent | None:
        """The next event, waiting up to `timeout` seconds; None when the time is up, or when no
        answer is under way and nothing is left to say."""
        deadline = None if timeout is None else time.monotonic() + timeout
        # Read the wake-ups first: an event that comes later writes a new one.
        while not self._wake_reader.closed and self._wake_reader.poll():
            self._wake_reader.recv_bytes()
        while True:
            try:
                event = self._events.get_nowait()
            except queue.Empty:
                if not self._busy():
                    return None
                left = None if deadline is None else deadline - time.monotonic()
                if left is not None and left <= 0:
                    return None
                try:
                    event = self._events.get(timeout=0.05 if left is None else min(left, 0.05))
                except queue.Empty:
                    continue
            return event

    def events(self, timeout: float | None = None) -> Iterator[ClientEvent]:
        while (event := self.next_event(timeout)) is not None:
            yield event

    # --- inside ----------------------------------------------------------------------

    def _busy(self) -> bool:
        with self._lock:
            return any(thread.is_alive() for thread in self._threads.values())

    def _put(self, event: ClientEvent) -> None:
        self._events.put(event)
        self._put_nothing()

    def _model_info(self, path: str) -> ModelInfo:
        """What the window shows of the model: its id on the server; the rest only the server knows
        (architecture "remote" says so)."""
        name = self.model or "(the server's model)"
        return ModelInfo(
            path or remote_ref(self.engine.name, name), name, REMOTE_ARCHITECTURE, 0, 0, 0, 0, 0, "gguf", "", 0
        )

    def _begin(self, generate: Generate) -> None:
        cancel = Cancellation()
        thread = threading.Thread(
            target=self._answer, args=(generate, cancel), name=f"hearth-remote-{generate.request_id}", daemon=True
        )
        with self._lock:
            self._cancels[generate.request_id] = cancel
            self._threads[generate.request_id] = thread
        thread.start()

    def _answer(self, generate: Generate, cancel: Cancellation) -> None:
        try:
            self._stream(generate, cancel)
        except RemoteError as exc:
            kind = {"down": "remote_down", "cut": "remote_cut"}.get(exc.kind, "")
            self._put(AnswerFailed.from_error(generate.request_id, exc, kind=kind))  # type: ignore[arg-type]
        except Exception as exc:  # a bug here must fail this answer, not hang whoever waits on it
            logger.exception("remote answer failed")
            error = UserError(
                "remote.unreachable", name=self.engine.name, host=self.engine.host, problem=plain_problem(exc)
            )
            self._put(AnswerFailed.from_error(generate.request_id, error, kind="remote_down"))
        finally:
            with self._lock:
                self._cancels.pop(generate.request_id, None)
                self._threads.pop(generate.request_id, None)
            self._put_nothing()

    def _put_nothing(self) -> None:
        """Wake whoever waits on waitables() (the engine loop), to look again."""
        with contextlib.suppress(OSError):
            self._wake_writer.send_bytes(b"!")

    def _stream(self, generate: Generate, cancel: Cancellation) -> None:
        engine = self.engine
        sent_at = generate.sent_at or time.monotonic()
        if remote_blocked_by_offline_mode():
            raise RemoteError("remote.offline", kind="refused", name=engine.name, host=engine.host)

        def retrying(seconds: float, why: str) -> None:
            code: ErrorCode = "remote.retrying.busy" if why == "busy" else "remote.retrying.unreachable"
            self._put(Notice.from_error(UserError(code, name=engine.name, host=engine.host, seconds=f"{seconds:g}")))

        with self._lock:
            if self._http is None:
                self._http = new_client()
            http = self._http
        if self.model is None:
            models = models_with_retries(engine, cancelled=cancel, on_retry=retrying, client=http)
            if cancel.is_set():  # stopped before it was asked: it ends as any stopped answer does
                stopped = _Clock(sent_at, time.monotonic(), ended_at=time.monotonic())
                self._put(Finished(generate.request_id, _metrics(engine, StreamResult(), stopped, cancelled=True)))
                return
            if not models:
                raise RemoteError("remote.no_models", kind="refused", name=engine.name, host=engine.host)
            self.model = models[0]
        result = StreamResult(model=self.model)
        body = request_body(self.model, generate.messages, generate.sampling)

        self._put(Started(generate.request_id, 0, 0, time.monotonic()))
        clock = _Clock(sent_at, asked_at=time.monotonic())
        for piece in stream_chat(engine, body, result, cancelled=cancel, on_retry=retrying, client=http):
            clock.piece()
            self._put(Token(generate.request_id, piece, clock.pieces, clock.last_at))
        clock.ended_at = time.monotonic()
        self._put(Finished(generate.request_id, _metrics(engine, result, clock, cancelled=cancel.is_set())))


@dataclass
class _Clock:
    """An answer's moments, on time.monotonic(): asked, first and last piece of text, done."""

    sent_at: float  # the user pressed Send: TTFT counts from here
    asked_at: float = 0.0  # the request went out: the network-and-queue segment counts from here
    first_at: float = 0.0
    last_at: float = 0.0
    ended_at: float = 0.0
    pieces: int = 0

    def piece(self) -> None:
        self.last_at = time.monotonic()
        self.first_at = self.first_at or self.last_at
        self.pieces += 1


def _number(value: object) -> float | None:
    return float(value) if isinstance(value, int | float) and not isinstance(value, bool) else None


def _metrics(engine: RemoteEngine, result: StreamResult, clock: _Clock, *, cancelled: bool) -> Metrics:
    usage = result.usage or {}
    timings = result.timings or {}
    details = usage.get("prompt_tokens_details")
    prompt_tokens = _number(usage.get("prompt_tokens"))
    cached = _number(details.get("cached_tokens")) if isinstance(details, dict) else None
    if cached is None:
        cached = _number(timings.get("cache_n"))
    prompt_ms = _number(timings.get("prompt_ms"))
    server_prefill_s = prompt_ms / 1000 if prompt_ms is not None else None
    prefill_n = _number(timings.get("prompt_n"))
    completion = _number(usage.get("completion_tokens"))
    decode_tokens = int(completion) if completion is not None else clock.pieces
    ttft_s = (clock.first_at or clock.ended_at) - clock.sent_at
    network_queue_s = (
        max(0.0, clock.first_at - clock.asked_at - server_prefill_s)
        if server_prefill_s is not None and clock.first_at
        else None
    )
    remote = RemoteFigures(
        engine=engine.name,
        host=engine.host,
        prompt_tokens=int(prompt_tokens) if prompt_tokens is not None else None,
        cached_tokens=int(cached) if cached is not None else None,
        server_prefill_s=server_prefill_s,
        server_prefill_tokens=int(prefill_n) if prefill_n is not None else None,
        server_decode_tok_s=_number(timings.get("predicted_per_second")),
        network_queue_s=network_queue_s,
        retries=result.retries,
    )
    stop: StopReason = "cancelled" if cancelled else _FINISH.get(result.finish_reason or "", "eog")
    return Metrics(
        model=result.model,
        prompt_tokens=remote.prompt_tokens or 0,
        cached_tokens=remote.cached_tokens or 0,
        cache_source="none",
        prefill_tokens=remote.server_prefill_tokens or 0,
        load_s=0.0,
        queue_s=0.0,
        prefill_s=server_prefill_s or 0.0,
        ttft_s=ttft_s,
        decode_tokens=decode_tokens,
        decode_s=max(0.0, clock.last_at - clock.first_at),
        total_s=clock.ended_at - clock.sent_at,
        engine_rss_bytes=0,
        kv_bytes=0,
        n_ctx_used=0,
        n_ctx=0,
        stop_reason=stop,
        remote=remote,
    )
