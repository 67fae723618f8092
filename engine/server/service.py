"""What every answering route does the same way: pick and load the model, take the request in
(or 429), start its answers, and stop them the moment the client goes away.

The client's going away is watched on the ASGI receive channel itself (`http.disconnect`), not
only noticed when a write fails: a client that leaves while its prompt is still being read has
been sent nothing yet, and must still stop the engine (Ollama #11889, llama-server #11720).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
import weakref
from collections.abc import AsyncIterator, Awaitable
from dataclasses import dataclass
from typing import Any, TypeVar

from starlette.requests import Request
from starlette.responses import Response, StreamingResponse
from starlette.types import Receive, Scope, Send

from engine.protocol import Generate, ModelInfo
from engine.server.answering import Output, generates, run_answers
from engine.server.bridge import EngineBridge, ModelLoadError, ServedRequest
from engine.server.catalog import ModelCatalog
from engine.server.config import ServerConfig
from engine.server.errors import ApiError
from engine.server.params import AnswerRequest
from engine.server.security import body_too_big

T = TypeVar("T")
logger = logging.getLogger(__name__)


@dataclass(frozen=True, eq=False)  # each one itself: kept in a WeakSet until its answers start
class Job:
    """One request's answers, started: what the wire format's builder needs."""

    answer: AnswerRequest
    commands: list[Generate]
    records: list[ServedRequest]
    model_name: str  # as the client named it (or the loaded model's library name)


class ApiService:
    def __init__(self, config: ServerConfig, bridge: EngineBridge, catalog: ModelCatalog) -> None:
        self.config = config
        self.bridge = bridge
        self.catalog = catalog
        self.started_at = time.time()
        # Jobs taken in whose answers have not reached the engine yet (a stream's body starts a
        # moment after its response): counted by admit() too. Gone with the response if it never starts.
        self._starting: weakref.WeakSet[Job] = weakref.WeakSet()

    async def read_json(self, request: Request) -> Any:
        """The body as JSON, counted as it comes in (a body sent without a length is bounded too)."""
        limit = self.config.max_body_bytes
        chunks, size = [], 0
        async for chunk in request.stream():
            size += len(chunk)
            if size > limit:
                raise body_too_big(limit)
            chunks.append(chunk)
        try:
            return json.loads(b"".join(chunks) or b"null")
        except (ValueError, UnicodeDecodeError):
            raise ApiError(400, "The request body is not valid JSON.", code="invalid_json") from None

    async def model(self, name: str | None) -> ModelInfo:
        path = await self.catalog.path_for(name, self.bridge.loaded)
        try:
            return await self.bridge.use_model(path)
        except ModelLoadError as exc:
            raise ApiError(503, str(exc), param="model", code="model_load_failed", kind="server_error") from None

    async def preload(self) -> None:
        try:
            await self.model(None)
        except ApiError as error:  # said again to the first request that needs it
            logger.warning("the default model did not load: %s", error.message)

    def admit(self, n: int) -> None:
        taken = len(self.bridge.in_flight) + sum(len(job.commands) for job in self._starting)
        if taken + n > self.config.max_in_flight:
            raise ApiError(
                429,
                f"The server is answering {taken} requests, its most; try again shortly.",
                code="queue_full",
                kind="rate_limit_error",
                headers={"Retry-After": "1"},
            )

    def start(self, request: Request, endpoint: str, answer: AnswerRequest, model: ModelInfo) -> Job:
        self.admit(answer.n)
        sent_at = time.monotonic()
        commands = generates(answer, model, self.bridge, sent_at)
        client = f"{request.client.host}:{request.client.port}" if request.client else "?"
        name = self.catalog.name_of(model.path)
        records = [ServedRequest(cmd.request_id, endpoint, name, client, sent_at) for cmd in commands]
        job = Job(answer, commands, records, answer.model or name)
        self._starting.add(job)
        return job

    async def outputs(self, job: Job) -> AsyncIterator[Output]:
        self._starting.discard(job)  # from here the bridge counts its answers
        # Closed with this one, at once: closing them cancels the answers in the engine.
        async with contextlib.aclosing(run_answers(job.answer, job.commands, job.records, self.bridge)) as outputs:
            async for output in outputs:
                yield output


async def until_disconnect(request: Request, work: Awaitable[T]) -> T | None:
    """`work`'s result, or None if the client went away first (then `work` is cancelled, which
    cancels its answers in the engine)."""
    task = asyncio.ensure_future(work)
    watcher = asyncio.ensure_future(_wait_for_disconnect(request.receive))
    try:
        await asyncio.wait({task, watcher}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        watcher.cancel()
        if not task.done():
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
    return None if task.cancelled() else task.result()


async def _wait_for_disconnect(receive: Receive) -> None:
    while (await receive())["type"] != "http.disconnect":
        pass


class WatchedStream(StreamingResponse):
    """A streaming response that stops its body (and so its answers) as soon as the client goes
    away, whether or not anything was sent yet: Starlette's own waits for a failed write under
    ASGI 2.4."""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        stream = asyncio.ensure_future(self.stream_response(send))
        watcher = asyncio.ensure_future(_wait_for_disconnect(receive))
        try:
            await asyncio.wait({stream, watcher}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for task in (stream, watcher):
                task.cancel()
            for task in (stream, watcher):
                with contextlib.suppress(asyncio.CancelledError, OSError):
                    await task


def json_response(body: object, status: int = 200, headers: dict[str, str] | None = None) -> Response:
    return Response(json.dumps(body, ensure_ascii=False), status, headers, media_type="application/json")
