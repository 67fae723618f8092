"""One answer from an OpenAI-compatible server, streamed over HTTP, retried where that helps.

It speaks the protocol directly (httpx2, which Hearth's Hub client already brings) rather than
through the `openai` SDK: one retry policy, Hearth's own, instead of the SDK's stacked under it,
and nothing of pydantic in the app bundle.

- Always asks for `stream_options.include_usage`, so the server says how many prompt tokens it read
  and how many it reused from its cache (`usage.prompt_tokens_details.cached_tokens`); llama-server
  and Hearth add their own `timings` (`prompt_ms`, `cache_n`, `predicted_per_second`).
- Before the first token, a connection error, a 429 or a 5xx is tried again after 1, 2, then 4 s,
  or after the server's Retry-After (up to 30 s), at most RETRIES times; `on_retry` hears of each
  wait. Once text has come, a cut stream is not asked again (the text would be written twice): it
  is a RemoteError of kind "cut", and the text so far stays with the caller.
"""

from __future__ import annotations

import contextlib
import email.utils
import json
import logging
import re
import socket
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any, Literal

import httpx2

from engine.errors import UserError
from engine.protocol import ChatMessage, SamplingParams
from engine.remote.engines import RemoteEngine

logger = logging.getLogger(__name__)

RETRIES = 3
BACKOFF_S = (1.0, 2.0, 4.0)
RETRY_AFTER_CAP_S = 30.0
RETRIED_STATUS = frozenset({429, 500, 502, 503, 504})
CONNECT_TIMEOUT_S = 10.0
READ_TIMEOUT_S = 600.0  # a big model on a busy server may think for minutes before its first token

RemoteFailureKind = Literal["down", "refused", "cut"]


class RemoteError(UserError):
    """What went wrong with a remote engine, in one sentence; `kind`: "down" (it never answered),
    "refused" (it answered with an error), "cut" (the stream broke after text had come)."""

    def __init__(self, code: Any, /, *, kind: RemoteFailureKind, **params: object) -> None:
        super().__init__(code, **params)
        self.kind: RemoteFailureKind = kind


class Cancellation(threading.Event):
    """Set when the user stops the answer. Setting it also closes the response being read, so a
    slow server's next token is not waited for: the read ends at once."""

    def __init__(self) -> None:
        super().__init__()
        self._response: httpx2.Response | None = None
        self._lock = threading.Lock()

    def set(self) -> None:
        super().set()
        with self._lock:
            response = self._response
        if response is None:
            return
        # Closing a socket does not wake a read blocked on it in another thread; shutting it down does.
        stream = response.extensions.get("network_stream")
        sock = stream.get_extra_info("socket") if stream is not None else None
        if isinstance(sock, socket.socket):
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)

    def reading(self, response: httpx2.Response | None) -> None:
        with self._lock:
            self._response = response


@dataclass
class StreamResult:
    """What the server said about the answer besides its text (None: it did not say)."""

    finish_reason: str | None = None
    usage: dict[str, Any] | None = None
    timings: dict[str, Any] | None = None
    retries: int = 0
    model: str = ""
    extra: dict[str, Any] = field(default_factory=dict)


def _headers(engine: RemoteEngine, api_key: str | None = None) -> dict[str, str]:
    key = api_key or engine.api_key()
    return {"Authorization": f"Bearer {key}"} if key else {}


def plain_problem(exc: BaseException) -> str:
    """What went wrong, as words for a sentence: "Connection refused", not "[Errno 111] Connection refused"."""
    if isinstance(exc, httpx2.TimeoutException):
        return "no answer in time"
    text = re.sub(r"^\[Errno -?\d+\]\s*", "", str(exc)).strip()
    return text or type(exc).__name__


def new_client(read_timeout: float = READ_TIMEOUT_S) -> httpx2.Client:
    """An HTTP client for one engine; keep it for the engine's answers: making one sets up a TLS
    context (about 20 ms here, measured by bench/remote_overhead.py), and it keeps connections open.
    A shorter `read_timeout` for a question that must not wait on a slow server (a model list)."""
    timeout = httpx2.Timeout(read_timeout, connect=min(CONNECT_TIMEOUT_S, read_timeout))
    return httpx2.Client(timeout=timeout, follow_redirects=False, trust_env=False)


@contextlib.contextmanager
def _using(client: httpx2.Client | None) -> Iterator[httpx2.Client]:
    """`client` as it is, or a fresh one closed afterwards."""
    if client is not None:
        yield client
        return
    with new_client() as fresh:
        yield fresh


def list_models(engine: RemoteEngine, client: httpx2.Client | None = None, api_key: str | None = None) -> list[str]:
    """The model ids the server offers (GET /models); RemoteError where it cannot say. `api_key`: a key
    not saved yet (the Engines dialog's Test connection), instead of the engine's own."""
    try:
        with _using(client) as http:
            response = http.get(f"{engine.base_url}/models", headers=_headers(engine, api_key))
    except httpx2.HTTPError as exc:
        raise RemoteError(
            "remote.unreachable", kind="down", name=engine.name, host=engine.host, problem=plain_problem(exc)
        ) from exc
    if response.status_code in (401, 403):
        raise RemoteError("remote.bad_key", kind="refused", name=engine.name, host=engine.host)
    if response.status_code != 200:
        kind: RemoteFailureKind = "down" if response.status_code in RETRIED_STATUS else "refused"
        raise RemoteError(
            "remote.http_error", kind=kind, name=engine.name, host=engine.host, status=response.status_code
        )
    try:
        data = response.json().get("data", [])
        return [str(entry["id"]) for entry in data if isinstance(entry, dict) and "id" in entry]
    except (ValueError, AttributeError, KeyError) as exc:
        raise RemoteError("remote.not_openai", kind="refused", name=engine.name, host=engine.host) from exc


def models_with_retries(
    engine: RemoteEngine,
    *,
    cancelled: threading.Event,
    on_retry: Callable[[float, str], None],
    client: httpx2.Client | None = None,
) -> list[str]:
    """list_models, tried again as an answer is where the server is down or busy; [] if cancelled."""
    attempt = 0
    while True:
        try:
            return list_models(engine, client)
        except RemoteError as exc:
            if exc.kind != "down" or attempt >= RETRIES:
                raise
            wait = BACKOFF_S[min(attempt, len(BACKOFF_S) - 1)]
            attempt += 1
            on_retry(wait, "unreachable")
            if cancelled.wait(wait):
                return []


def request_body(model: str, messages: tuple[ChatMessage, ...], sampling: SamplingParams) -> dict[str, Any]:
    body: dict[str, Any] = {
        "model": model,
        "messages": [{"role": m.role, "content": m.content} for m in messages],
        "stream": True,
        "stream_options": {"include_usage": True},
        "max_tokens": sampling.max_tokens,
        "temperature": sampling.temperature,
        "top_p": sampling.top_p,
    }
    if sampling.seed is not None:
        body["seed"] = sampling.seed
    if sampling.presence_penalty:
        body["presence_penalty"] = sampling.presence_penalty
    if sampling.frequency_penalty:
        body["frequency_penalty"] = sampling.frequency_penalty
    return body


def retry_after_s(header: str | None, attempt: int) -> float:
    """How long to wait before try `attempt` + 1: the server's Retry-After (seconds or a date,
    capped), else the backoff."""
    if header:
        try:
            return min(RETRY_AFTER_CAP_S, max(0.0, float(header)))
        except ValueError:
            when = email.utils.parsedate_to_datetime(header) if header.strip() else None
            if when is not None:
                return min(RETRY_AFTER_CAP_S, max(0.0, when.timestamp() - time.time()))
    return BACKOFF_S[min(attempt, len(BACKOFF_S) - 1)]


def stream_chat(
    engine: RemoteEngine,
    body: dict[str, Any],
    result: StreamResult,
    *,
    cancelled: Cancellation,
    on_retry: Callable[[float, str], None],
    client: httpx2.Client | None = None,
) -> Iterator[str]:
    """The answer's text, piece by piece, as it arrives; fills `result` with what the server said
    besides. Stops early, quietly, once `cancelled` is set. Raises RemoteError."""
    attempt = 0
    wrote = False
    while True:
        try:
            with (
                _using(client) as http,
                http.stream(
                    "POST", f"{engine.base_url}/chat/completions", json=body, headers=_headers(engine)
                ) as response,
            ):
                if response.status_code in RETRIED_STATUS and attempt < RETRIES:
                    wait = retry_after_s(response.headers.get("retry-after"), attempt)
                    why = "busy" if response.status_code in (429, 503) else "error"
                    response.close()
                    attempt += 1
                    result.retries = attempt
                    on_retry(wait, why)
                    if cancelled.wait(wait):
                        return
                    continue
                _refuse_unless_ok(engine, response)
                cancelled.reading(response)
                try:
                    if cancelled.is_set():
                        return
                    for piece in _pieces(engine, response, result, cancelled):
                        wrote = wrote or bool(piece)
                        yield piece
                finally:
                    cancelled.reading(None)
                return
        except (httpx2.HTTPError, httpx2.StreamError) as exc:
            if cancelled.is_set():
                return  # the user stopped it: the read was cut on purpose
            if wrote:
                raise RemoteError(
                    "remote.cut", kind="cut", name=engine.name, host=engine.host, problem=plain_problem(exc)
                ) from exc
            if attempt >= RETRIES:
                raise RemoteError(
                    "remote.unreachable", kind="down", name=engine.name, host=engine.host, problem=plain_problem(exc)
                ) from exc
            wait = BACKOFF_S[min(attempt, len(BACKOFF_S) - 1)]
            attempt += 1
            result.retries = attempt
            on_retry(wait, "unreachable")
            if cancelled.wait(wait):
                return


def _refuse_unless_ok(engine: RemoteEngine, response: httpx2.Response) -> None:
    if response.status_code == 200:
        return
    response.read()
    if response.status_code in (401, 403):
        raise RemoteError("remote.bad_key", kind="refused", name=engine.name, host=engine.host)
    if response.status_code in RETRIED_STATUS:  # still failing after the retries
        raise RemoteError(
            "remote.http_error", kind="down", name=engine.name, host=engine.host, status=response.status_code
        )
    message = _error_message(response)
    raise RemoteError(
        "remote.refused", kind="refused", name=engine.name, host=engine.host, status=response.status_code,
        problem=message,
    )  # fmt: skip


def _error_message(response: httpx2.Response) -> str:
    try:
        error = response.json().get("error")
        if isinstance(error, dict):
            return str(error.get("message") or error)[:300]
        return str(error or response.text)[:300]
    except (ValueError, AttributeError):
        return response.text[:300] or f"HTTP {response.status_code}"


def _pieces(
    engine: RemoteEngine, response: httpx2.Response, result: StreamResult, cancelled: threading.Event
) -> Iterator[str]:
    """Server-sent events to text: `data: {json}` lines until `data: [DONE]`. A stream that just
    stops, with neither [DONE] nor a finish reason, was cut (a server killed mid-answer closes
    its connection as if it had finished)."""
    wrote = False
    for line in response.iter_lines():
        if cancelled.is_set():
            return
        if not line.startswith("data:"):
            continue
        payload = line[5:].strip()
        if payload == "[DONE]":
            return
        try:
            chunk = json.loads(payload)
        except ValueError:
            logger.warning("remote engine %s sent a line that is not JSON", engine.name)
            continue
        if not isinstance(chunk, dict):
            continue
        if isinstance(chunk.get("error"), dict):
            problem = str(chunk["error"].get("message") or chunk["error"])[:300]
            raise RemoteError("remote.cut", kind="cut", name=engine.name, host=engine.host, problem=problem)
        result.model = str(chunk.get("model") or result.model)
        if isinstance(chunk.get("usage"), dict):
            result.usage = chunk["usage"]
        if isinstance(chunk.get("timings"), dict):
            result.timings = chunk["timings"]
        for choice in chunk.get("choices") or ():
            if not isinstance(choice, dict):
                continue
            if choice.get("finish_reason"):
                result.finish_reason = str(choice["finish_reason"])
            delta = choice.get("delta") or {}
            text = delta.get("content") if isinstance(delta, dict) else None
            if text:
                wrote = True
                yield str(text)
    if result.finish_reason is None and not cancelled.is_set():
        problem = "the connection closed before the answer ended"
        raise RemoteError("remote.cut" if wrote else "remote.unreachable", kind="cut" if wrote else "down",
                          name=engine.name, host=engine.host, problem=problem)  # fmt: skip
