"""One API request's answers, from the engine to the wire format's builder: text pieces per choice,
then each choice's end with its figures.

`n > 1` sends n Generates of the same prompt at once: the scheduler reads the prompt once and
copies it to the other slots (llama_memory_seq_cp), and writes the n answers in one batch. Stop
strings are matched here, over the streamed text; a match cancels that answer in the engine.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import AsyncGenerator
from dataclasses import dataclass, replace

from engine.prompt.builtin_templates import RAW_TEMPLATE_NAME
from engine.prompt.tool_calls import ToolCallReader
from engine.protocol import AnswerFailed, Finished, Generate, Metrics, ModelInfo, Token, TokenLogprob, ToolCall
from engine.server.bridge import EngineBridge, ServedRequest
from engine.server.errors import ApiError
from engine.server.params import AnswerRequest
from engine.server.stop_strings import StopMatcher


@dataclass(frozen=True)
class Piece:
    index: int  # which of the n answers
    text: str
    logprobs: tuple[TokenLogprob, ...] = ()  # of the tokens this text came from, when asked for
    tool_calls: tuple[ToolCall, ...] = ()  # calls that closed with this piece


@dataclass(frozen=True)
class ChoiceEnd:
    index: int
    finish_reason: str  # OpenAI's: "stop" (the model ended, or a stop string), "length", "tool_calls"
    metrics: Metrics


Output = Piece | ChoiceEnd


REMOTE_DEFAULT_MAX_TOKENS = 4096  # a remote model's context is its server's business: a cap of our own


def generates(request: AnswerRequest, model: ModelInfo, bridge: EngineBridge, sent_at: float) -> list[Generate]:
    """The engine commands for `request`: one per answer, with seeds seed, seed + 1, … when one is given."""
    sampling = request.sampling
    if sampling.max_tokens <= 0:  # up to the context's end (a remote model's: the server's default cap)
        sampling = replace(sampling, max_tokens=model.n_ctx or REMOTE_DEFAULT_MAX_TOKENS)
    owner = f"api:{request.user}" if request.user else "api"
    commands = []
    for i in range(request.n):
        seed = None if sampling.seed is None else (sampling.seed + i) % 2**32
        request_id = bridge.engine.new_id()
        bridge.route(request_id, model.path)
        commands.append(
            Generate(
                request_id,
                request.messages,
                replace(sampling, seed=seed),
                sent_at,
                template_override=RAW_TEMPLATE_NAME if request.raw else None,
                overflow_policy=request.overflow_policy,
                cache_owner=owner,
                longest_prefix=True,
                tools=request.tools,
            )
        )
    return commands


async def run_answers(
    request: AnswerRequest, commands: list[Generate], records: list[ServedRequest], bridge: EngineBridge
) -> AsyncGenerator[Output, None]:
    """Pieces and ends of every answer, as they come. An answer that fails raises ApiError (after
    the others are cancelled). Closing the iterator early cancels every answer still running."""
    merged: asyncio.Queue[tuple[int, Finished | AnswerFailed | Token | None]] = asyncio.Queue()

    async def follow(index: int, command: Generate, record: ServedRequest) -> None:
        try:
            async for event in bridge.answer(command, record):
                if isinstance(event, Token | Finished | AnswerFailed):
                    await merged.put((index, event))
        finally:
            await merged.put((index, None))

    tasks = [
        asyncio.create_task(follow(i, cmd, record))
        for i, (cmd, record) in enumerate(zip(commands, records, strict=True))
    ]
    matchers = [StopMatcher(request.stop) for _ in commands]
    names = [tool["function"]["name"] for tool in json.loads(request.tools)] if request.tools else []
    readers = [ToolCallReader(names) if request.tools else None for _ in commands]
    running = len(tasks)
    try:
        while running:
            index, event = await merged.get()
            match event:
                case None:
                    running -= 1
                case Token():
                    matcher = matchers[index]
                    piece = _piece(index, matcher.feed(event.text), readers[index], event.logprobs)
                    if piece.text or piece.tool_calls or (event.logprobs and not matcher.stopped):
                        yield piece
                    reader = readers[index]
                    if matcher.stopped or (reader is not None and reader.repeated):
                        bridge.stop(commands[index].request_id)
                case Finished():
                    matcher, reader = matchers[index], readers[index]
                    tail = _piece(index, matcher.flush(), reader, ())
                    if reader is not None:
                        tail = replace(tail, text=tail.text + reader.flush())
                    if tail.text or tail.tool_calls:
                        yield tail
                    reason = finish_reason(event.metrics, matcher.stopped)
                    if reader is not None and reader.calls and reason == "stop":
                        reason = "tool_calls"
                    yield ChoiceEnd(index, reason, event.metrics)
                case AnswerFailed():
                    raise api_error_of(event, "tools" if request.tools else "response_format")
    finally:
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task


def _piece(index: int, text: str, reader: ToolCallReader | None, logprobs: tuple[TokenLogprob, ...]) -> Piece:
    """The text the reader sees, with the calls that closed in it taken out."""
    if reader is None:
        return Piece(index, text, logprobs)
    shown, calls = reader.feed(text)
    return Piece(index, shown, logprobs, tuple(calls))


def finish_reason(metrics: Metrics, stopped_by_string: bool) -> str:
    if stopped_by_string or metrics.stop_reason in ("eog", "cancelled"):
        return "stop"
    return "length"  # max_tokens, or the context is full


def api_error_of(failure: AnswerFailed, grammar_param: str = "response_format") -> ApiError:
    """The HTTP error for a failed answer; `grammar_param` names what asked for its grammar."""
    params = dict(failure.reason_params)
    if failure.reason_code in ("context.history_too_long", "context.message_too_long", "context.too_long"):
        tokens, n_ctx = params.get("tokens", "?"), params.get("n_ctx", "?")
        return ApiError(
            400,
            f"This model's context holds {n_ctx} tokens, and the prompt is {tokens} tokens with too little room left"
            " for an answer (a quarter of the context, or max_tokens if smaller); shorten the prompt, lower max_tokens,"
            " or send truncate: true to leave out the oldest messages.",
            param="messages",
            code="context_length_exceeded",
        )
    if failure.reason_code == "engine.grammar_invalid":
        return ApiError(400, failure.reason, param=grammar_param, code="invalid_schema")
    if failure.reason_code.startswith("chat_template."):
        return ApiError(400, failure.reason, param="messages", code="template_failed")
    return ApiError(500, failure.reason, code="engine_failed", kind="server_error")


def timings(metrics: Metrics) -> dict[str, float | int | str]:
    """The answer in segments, in llama-server's names (and Hearth's): ms and tokens per second."""
    return {
        "queue_ms": round(metrics.queue_s * 1000, 2),
        "load_ms": round(metrics.load_s * 1000, 2),
        "ttft_ms": round(metrics.ttft_s * 1000, 2),
        "cache_n": metrics.cached_tokens,
        "cache_source": metrics.cache_source,
        "prompt_n": metrics.prefill_tokens,
        "prompt_ms": round(metrics.prefill_s * 1000, 2),
        "prompt_per_second": round(metrics.prefill_tok_s, 2),
        "predicted_n": metrics.decode_tokens,
        "predicted_ms": round(metrics.decode_s * 1000, 2),
        "predicted_per_second": round(metrics.decode_tok_s, 2),
        "total_ms": round(metrics.total_s * 1000, 2),
    }


def usage(ends: list[ChoiceEnd]) -> dict[str, object]:
    """OpenAI's usage: the prompt counted once (n answers share one read of it), every answer's tokens."""
    first = ends[0].metrics if ends else None
    prompt = first.prompt_tokens if first else 0
    cached = first.cached_tokens if first else 0
    completion = sum(end.metrics.decode_tokens for end in ends)
    return {
        "prompt_tokens": prompt,
        "completion_tokens": completion,
        "total_tokens": prompt + completion,
        "prompt_tokens_details": {"cached_tokens": cached},
    }


def unix_now() -> int:
    return int(time.time())
