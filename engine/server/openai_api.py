"""OpenAI's API: /v1/models, /v1/chat/completions, /v1/completions, as the openai SDK reads them.

Streaming is server-sent events: one chunk per piece of text, a last chunk per answer with its
finish_reason, a usage chunk when `stream_options.include_usage` asks for it, then `[DONE]`.
Every answer carries `usage.prompt_tokens_details.cached_tokens` and Hearth's `timings`.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import AsyncIterator, Sequence
from pathlib import Path
from typing import Any

from starlette.requests import Request
from starlette.responses import Response

from engine.protocol import TokenLogprob, ToolCall
from engine.server.answering import ChoiceEnd, Piece, timings, unix_now, usage
from engine.server.errors import ApiError
from engine.server.params import AnswerRequest, check_for_model, openai_chat, openai_completion
from engine.server.service import ApiService, Job, WatchedStream, json_response, until_disconnect

OWNER = "hearth"
# What every library model can do here (a generative GGUF; embeddings are pooled from it).
CAPABILITIES = {
    "chat": True,
    "completion": True,
    "embeddings": True,
    "json_schema": True,
    "logprobs": True,
    "tools": True,
}


async def list_models(service: ApiService, _request: Request) -> Response:
    entries = await service.catalog.entries()
    loaded = service.bridge.loaded
    data = []
    for entry in entries:
        meta = entry.metadata
        data.append(
            {
                "id": entry.name,
                "object": "model",
                "created": int(entry.path.stat().st_mtime) if entry.path.exists() else 0,
                "owned_by": entry.repo_id.split("/")[0] if entry.repo_id else OWNER,
                "capabilities": CAPABILITIES,
                "loaded": loaded is not None and entry.holds(Path(loaded.path)),
                "size_bytes": entry.size_bytes,
                "architecture": meta.architecture,
                "context_length": meta.context_length,
            }
        )
    for remote in await service.catalog.remote_models():  # asked for as "<engine>/<model id>"
        data.append(
            {
                "id": remote.name,
                "object": "model",
                "created": 0,
                "owned_by": remote.engine.name,
                "remote_engine": {"name": remote.engine.name, "host": remote.engine.host},
                "loaded": False,
            }
        )
    return json_response({"object": "list", "data": data})


async def chat_completions(service: ApiService, request: Request) -> Response:
    answer = openai_chat(await service.read_json(request))
    return await _answer(service, request, answer, "chat")


async def completions(service: ApiService, request: Request) -> Response:
    answer = openai_completion(await service.read_json(request))
    return await _answer(service, request, answer, "text")


async def _answer(service: ApiService, request: Request, answer: AnswerRequest, kind: str) -> Response:
    model = await service.model(answer.model)
    check_for_model(answer, model.n_vocab)
    job = service.start(request, f"/v1/{'chat/' if kind == 'chat' else ''}completions", answer, model)
    prefix = "chatcmpl" if kind == "chat" else "cmpl"
    reply_id = f"{prefix}-{uuid.uuid4().hex[:24]}"
    if answer.stream:
        events = _stream(service, job, kind, reply_id)
        return WatchedStream(events, media_type="text/event-stream", headers={"Cache-Control": "no-cache"})
    result = await until_disconnect(request, _collect(service, job, kind, reply_id))
    return json_response(result) if result is not None else Response(status_code=499)


async def _collect(service: ApiService, job: Job, kind: str, reply_id: str) -> dict[str, Any]:
    answer, name = job.answer, job.model_name
    texts = [""] * answer.n
    logprobs: list[list[TokenLogprob]] = [[] for _ in range(answer.n)]
    calls: list[list[ToolCall]] = [[] for _ in range(answer.n)]
    wanted = answer.sampling.logprobs >= 0
    ends: list[ChoiceEnd] = []
    async for output in service.outputs(job):
        if isinstance(output, Piece):
            texts[output.index] += output.text
            logprobs[output.index].extend(output.logprobs)
            calls[output.index].extend(output.tool_calls)
        else:
            ends.append(output)
    ends.sort(key=lambda end: end.index)
    choices = []
    for end in ends:
        if kind == "chat":
            message: dict[str, Any] = {"role": "assistant", "content": texts[end.index]}
            if calls[end.index]:
                message["content"] = texts[end.index] or None  # OpenAI's: no text beside the calls
                message["tool_calls"] = [openai_call(call) for call in calls[end.index]]
            scores = chat_logprobs(logprobs[end.index]) if wanted else None
            choices.append(
                {"index": end.index, "message": message, "logprobs": scores, "finish_reason": end.finish_reason}
            )
        else:
            scores = text_logprobs(logprobs[end.index], 0) if wanted else None
            choices.append(
                {"index": end.index, "text": texts[end.index], "logprobs": scores, "finish_reason": end.finish_reason}
            )
    return {
        "id": reply_id,
        "object": "chat.completion" if kind == "chat" else "text_completion",
        "created": unix_now(),
        "model": name,
        "system_fingerprint": f"hearth-{name}",
        "choices": choices,
        "usage": usage(ends),
        "timings": timings(ends[0].metrics) if ends else {},
    }


async def _stream(service: ApiService, job: Job, kind: str, reply_id: str) -> AsyncIterator[str]:
    answer, name = job.answer, job.model_name
    created = unix_now()
    obj = "chat.completion.chunk" if kind == "chat" else "text_completion"

    def chunk(choices: list[dict[str, Any]], **extra: Any) -> str:
        body = {
            "id": reply_id,
            "object": obj,
            "created": created,
            "model": name,
            "system_fingerprint": f"hearth-{name}",
            "choices": choices,
            **extra,
        }
        return f"data: {json.dumps(body, ensure_ascii=False)}\n\n"

    wanted = answer.sampling.logprobs >= 0
    offsets = [0] * answer.n  # completions' text_offset: where each token's text begins

    def choice(
        index: int, text: str | None, finish: str | None, first: bool = False, scores: tuple[TokenLogprob, ...] = ()
    ) -> dict[str, Any]:
        if kind != "chat":
            logprobs = text_logprobs(scores, offsets[index]) if wanted and scores else None
            offsets[index] += len(text or "")
            return {"index": index, "text": text or "", "logprobs": logprobs, "finish_reason": finish}
        delta: dict[str, Any] = {"role": "assistant"} if first else {}
        if text is not None:
            delta["content"] = text
        logprobs = chat_logprobs(scores) if wanted and scores else None
        return {"index": index, "delta": delta, "logprobs": logprobs, "finish_reason": finish}

    ends: list[ChoiceEnd] = []
    calls_sent = [0] * answer.n  # each call's index in its answer's tool_calls
    try:
        if kind == "chat":
            yield chunk([choice(i, "", None, first=True) for i in range(answer.n)])
        async for output in service.outputs(job):
            if isinstance(output, Piece):
                if output.text or output.logprobs:
                    yield chunk([choice(output.index, output.text, None, scores=output.logprobs)])
                for call in output.tool_calls:
                    # The name first, then the arguments: how OpenAI streams a call, and how its SDK
                    # puts one together again (by index).
                    position = calls_sent[output.index]
                    calls_sent[output.index] += 1
                    for delta in call_deltas(call, position):
                        yield chunk([{"index": output.index, "delta": delta, "logprobs": None, "finish_reason": None}])
            else:
                ends.append(output)
                extra = {"timings": timings(output.metrics)}
                yield chunk([choice(output.index, None if kind == "chat" else "", output.finish_reason)], **extra)
        if answer.include_usage:
            ends.sort(key=lambda end: end.index)
            yield chunk([], usage=usage(ends))
    except ApiError as error:  # after the response began: said in the stream, as llama-server does
        yield f"data: {json.dumps(error.openai_body(), ensure_ascii=False)}\n\n"
    yield "data: [DONE]\n\n"


def openai_call(call: ToolCall) -> dict[str, Any]:
    return {"id": call.id, "type": "function", "function": {"name": call.name, "arguments": call.arguments}}


def call_deltas(call: ToolCall, position: int) -> list[dict[str, Any]]:
    named = {"index": position, "id": call.id, "type": "function", "function": {"name": call.name, "arguments": ""}}
    argued = {"index": position, "function": {"arguments": call.arguments}}
    return [{"tool_calls": [named]}, {"tool_calls": [argued]}]


def chat_logprobs(scores: Sequence[TokenLogprob]) -> dict[str, Any]:
    """Chat's logprobs: each token with its bytes and its likeliest alternatives."""
    return {
        "content": [
            {
                "token": s.text,
                "logprob": s.logprob,
                "bytes": list(s.utf8),
                "top_logprobs": [{"token": t, "logprob": lp, "bytes": list(b)} for t, b, lp in s.top],
            }
            for s in scores
        ],
        "refusal": None,
    }


def text_logprobs(scores: Sequence[TokenLogprob], offset: int) -> dict[str, Any]:
    """Completions' (legacy) logprobs: parallel lists, the alternatives as {text: logprob}."""
    offsets = []
    for s in scores:
        offsets.append(offset)
        offset += len(s.text)
    return {
        "tokens": [s.text for s in scores],
        "token_logprobs": [s.logprob for s in scores],
        "top_logprobs": [{t: lp for t, _b, lp in s.top} for s in scores],
        "text_offset": offsets,
    }
