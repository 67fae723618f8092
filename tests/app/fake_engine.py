"""A scripted engine client for the controller tests: app/controllers/engine_port.py's EnginePort,
with no engine child behind it.

It records every command it is given (loads, requests, cancels, cache commands) and emits the
events a real engine sends, in the same order: Loaded (or LoadFailed) for a load, carrying its id;
Started, Token…, EngineStats, then Finished or AnswerFailed for a request. The test says what happens:

- `reply(...)` scripts the next answers; each request takes the next one and plays it on the
  following turn of the event loop, as the real client's queued signals arrive;
- `start()`, `write()`, `finish()`, `fail()`, `finish_loading()`, `refuse_load()` emit one step
  now, for a test that looks at the window between the steps.

A double is right here: the real engine, client and window are driven together by the e2e tier
(tests marked `e2e`).
"""

from __future__ import annotations

import itertools
import time
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path

from PySide6.QtCore import QObject, QTimer, Signal

from engine.protocol import (
    AnswerFailed,
    AnswerFailureKind,
    ChatMessage,
    ChatTemplateSource,
    EngineStats,
    Finished,
    Generate,
    Loaded,
    LoadFailed,
    LoadFailureKind,
    LoadOptions,
    Metrics,
    ModelInfo,
    OverflowPolicy,
    SamplingParams,
    Started,
    StopReason,
    Token,
    Unloaded,
)

N_CTX = 2048
RSS_BYTES = 300 * 1024**2
KV_BYTES = 20 * 1024**2


def fake_tokens(text: str) -> tuple[int, ...]:
    """A stand-in tokeniser: one token per character."""
    return tuple(ord(ch) for ch in text)


def model_info(
    path: str, *, template_source: ChatTemplateSource = "gguf", template_name: str = "", warning: str = ""
) -> ModelInfo:
    return ModelInfo(
        path=path,
        name=Path(path).stem,
        architecture="llama",
        n_params=135_000_000,
        size_bytes=92 * 1024**2,
        n_ctx=N_CTX,
        n_ctx_train=8192,
        n_threads=2,
        chat_template_source=template_source,
        chat_template_name=template_name or ("ChatML (default)" if template_source != "gguf" else "SmolLM2"),
        sliding_window=0,
        chat_template_warning=warning,
    )


@dataclass(frozen=True)
class Reply:
    """What the engine does with one request: write `pieces` (one token each), then stop for
    `stop_reason`; or, with `failure`, fail after the pieces."""

    pieces: tuple[str, ...] = ("Hello", " there", ".")
    stop_reason: StopReason = "eog"
    failure: str = ""
    failure_kind: AnswerFailureKind = ""
    dropped_messages: int = 0


@dataclass
class _Answering:
    request: Generate
    prompt_tokens: int = 0  # as Started said
    cached_tokens: int = 0  # as Started said
    tokens: list[int] = field(default_factory=list)


class FakeEngineClient(QObject):
    load_progressed = Signal(object)
    loaded = Signal(object)
    unloaded = Signal(object)
    started = Signal(object)
    token_received = Signal(object)
    stats_received = Signal(object)
    finished = Signal(object)
    failed = Signal(object)
    engine_started = Signal()
    cache_reported = Signal(object)
    noticed = Signal(object)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.loads: list[LoadOptions] = []
        self.load_ids: list[int] = []  # each load's correlation id, as Loaded and LoadFailed echo it
        self.requests: list[Generate] = []
        self.cancelled: list[int] = []
        self.cleared: list[str | None] = []  # ClearCache owners (None: every snapshot)
        self.unloads = 0
        self.cache_queries = 0
        self.shut_down = False
        self.loads_succeed = True  # a load is answered with Loaded on the next turn
        self._replies: deque[Reply] = deque()
        self._ids = itertools.count(1)
        self._answering: dict[int, _Answering] = {}  # by request id: the engine writes several at once
        self._model: ModelInfo | None = None

    # --- EnginePort: the commands ------------------------------------------------------------

    def load(self, options: LoadOptions) -> None:
        self.loads.append(options)
        self.load_ids.append(next(self._ids))
        if self.loads_succeed:
            QTimer.singleShot(0, self, lambda: self.finish_loading(options.model_path))

    def unload(self) -> None:
        self.unloads += 1
        self._model = None
        unloaded = Unloaded(next(self._ids), RSS_BYTES, RSS_BYTES // 10)
        QTimer.singleShot(0, self, lambda: self.unloaded.emit(unloaded))

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
        request = Generate(
            next(self._ids),
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
        self.requests.append(request)
        self._answering[request.request_id] = _Answering(request)
        if self._replies:
            reply = self._replies.popleft()
            QTimer.singleShot(0, self, lambda: self.play(reply))
        return request.request_id

    def cancel(self, request_id: int) -> None:
        self.cancelled.append(request_id)

    def clear_cache(self, owner: str | None = None) -> None:
        self.cleared.append(owner)

    def query_cache(self) -> None:
        self.cache_queries += 1

    def shutdown(self, timeout_ms: int = 5000) -> None:
        self.shut_down = True

    def engine_pid(self) -> int | None:
        return None  # no child process: the panel samples none

    # --- what the engine says: a whole answer, scripted ------------------------------------------

    def reply(self, *replies: Reply | str) -> None:
        """The next requests' answers, in order (a str is an answer written a word at a time)."""
        for reply in replies:
            self._replies.append(Reply(tuple(_words(reply))) if isinstance(reply, str) else reply)

    def play(self, reply: Reply) -> None:
        """The whole answer to the request under way, now."""
        self.start(dropped_messages=reply.dropped_messages)
        self.write(*reply.pieces)
        if reply.failure:
            self.fail(reply.failure, kind=reply.failure_kind)
        else:
            self.finish(reply.stop_reason)

    # --- what the engine says: one step at a time ----------------------------------------------------

    @property
    def last_request(self) -> Generate:
        return self.requests[-1]

    def finish_loading(
        self, path: str | None = None, *, info: ModelInfo | None = None, restored: bool = False
    ) -> Loaded:
        path = path or self.loads[-1].model_path
        self._model = info or model_info(path)
        index = next(
            (i for i in reversed(range(len(self.loads))) if self.loads[i].model_path == self._model.path), None
        )
        options = self.loads[index] if index is not None else None
        load_id = self.load_ids[index] if index is not None else 0
        event = Loaded(load_id, self._model, load_s=0.2, options=options, restored_after_failure=restored)
        self.loaded.emit(event)
        return event

    def refuse_load(self, reason: str, *, kind: LoadFailureKind = "", details: str = "") -> LoadFailed:
        """The engine refused the last load and lives on (the model loaded before stays)."""
        event = LoadFailed(self.load_ids[-1], reason, details, kind)
        self.failed.emit(event)
        return event

    def start(self, *, dropped_messages: int = 0, cached_tokens: int = 0, request_id: int | None = None) -> Started:
        """The engine picked the request up: its prompt is the history plus the new messages' tokens,
        of which the first `cached_tokens` came from the cache; its documents are where the prompt
        spells them last (one token per character)."""
        answering = self._under_way(request_id)
        request = answering.request
        new_text = "".join(m.content for m in request.messages[len(request.history_segments) :])
        prompt = request.history_tokens + fake_tokens(new_text)
        at = "".join(map(chr, prompt)).rfind(request.documents) if request.documents else -1
        event = Started(
            request.request_id,
            prompt_tokens=len(prompt),
            cached_tokens=cached_tokens,
            at=time.monotonic(),
            prompt_token_ids=prompt,
            dropped_messages=dropped_messages,
            documents_at=(at, at + len(request.documents)) if at >= 0 else (0, 0),
        )
        answering.prompt_tokens = len(prompt)
        answering.cached_tokens = cached_tokens
        self.started.emit(event)
        return event

    def write(self, *pieces: str, request_id: int | None = None, active: int = 1, waiting: int = 0) -> None:
        """One token per piece, each its own Token event, then the stats the engine samples (with
        `active` answers being written at once and `waiting` requests queued for a slot)."""
        answering = self._under_way(request_id)
        for piece in pieces:
            token_id = 1000 + len(answering.tokens)
            answering.tokens.append(token_id)
            now = time.monotonic()
            self.token_received.emit(
                Token(answering.request.request_id, piece, len(answering.tokens), now, (token_id,))
            )
        if pieces:
            self.stats_received.emit(
                EngineStats(
                    answering.request.request_id,
                    decode_tokens=len(answering.tokens),
                    decode_s=0.01 * len(answering.tokens),
                    engine_rss_bytes=RSS_BYTES,
                    kv_bytes=KV_BYTES,
                    n_ctx_used=len(answering.request.history_tokens) + len(answering.tokens),
                    n_ctx=N_CTX,
                    active_answers=active,
                    waiting_answers=waiting,
                    engine_tok_s=12.0,
                )
            )

    def finish(
        self, stop_reason: StopReason = "eog", *, dropped_messages: int = 0, request_id: int | None = None
    ) -> Finished:
        answering = self._under_way(request_id)
        del self._answering[answering.request.request_id]
        request = answering.request
        decode = len(answering.tokens)
        prompt, cached = answering.prompt_tokens, answering.cached_tokens
        total = max(time.monotonic() - request.sent_at, 0.05)
        metrics = Metrics(
            model=self._model.name if self._model else "",
            prompt_tokens=prompt,
            cached_tokens=cached,
            cache_source="live" if cached else "none",
            prefill_tokens=prompt - cached,
            load_s=0.0,
            queue_s=0.0,
            prefill_s=0.01,
            ttft_s=0.02,
            decode_tokens=decode,
            decode_s=0.01 * decode,
            total_s=total,
            engine_rss_bytes=RSS_BYTES,
            kv_bytes=KV_BYTES,
            n_ctx_used=prompt + decode,
            n_ctx=N_CTX,
            stop_reason=stop_reason,
            dropped_messages=dropped_messages,
        )
        event = Finished(request.request_id, metrics)
        self.finished.emit(event)
        return event

    def fail(
        self, reason: str, *, kind: AnswerFailureKind = "", details: str = "", request_id: int | None = None
    ) -> AnswerFailed:
        """The request under way fails (kind "crash": the engine died while writing it)."""
        answering = self._under_way(request_id)
        del self._answering[answering.request.request_id]
        event = AnswerFailed(answering.request.request_id, reason, details, kind)
        self.failed.emit(event)
        return event

    def _under_way(self, request_id: int | None = None) -> _Answering:
        """Request `request_id`, or the one asked last."""
        assert self._answering, "no request is under way"
        if request_id is None:
            return list(self._answering.values())[-1]
        return self._answering[request_id]


def _words(text: str) -> list[str]:
    """'Blue is nice.' -> ['Blue', ' is', ' nice.']"""
    words = text.split(" ")
    return [words[0], *(" " + w for w in words[1:])]
