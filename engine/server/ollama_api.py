"""Ollama's API: /api/chat and /api/generate (NDJSON streaming), /api/tags, /api/show, /api/version,
as the `ollama` Python client and Open WebUI read them. Durations are nanoseconds, as Ollama's."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Sequence
from datetime import UTC, datetime
from importlib.metadata import PackageNotFoundError, version
from typing import Any

from starlette.requests import Request
from starlette.responses import Response

from engine.models.gguf_info import ModelMetadata
from engine.protocol import Metrics, ToolCall
from engine.server.answering import ChoiceEnd, Piece, timings
from engine.server.errors import ApiError, invalid
from engine.server.params import AnswerRequest, check_for_model, ollama_chat, ollama_generate
from engine.server.service import ApiService, Job, WatchedStream, json_response, until_disconnect

NS = 1_000_000_000


def _now() -> str:
    return datetime.now(UTC).isoformat().replace("+00:00", "Z")


async def version_info(_service: ApiService, _request: Request) -> Response:
    try:
        hearth = version("hearth")
    except PackageNotFoundError:
        hearth = "0"
    return json_response({"version": hearth})


async def tags(service: ApiService, _request: Request) -> Response:
    models = []
    for entry in await service.catalog.entries():
        meta = entry.metadata
        modified = datetime.fromtimestamp(entry.path.stat().st_mtime, UTC).isoformat() if entry.path.exists() else ""
        models.append(
            {
                "name": entry.name,
                "model": entry.name,
                "modified_at": modified,
                "size": entry.size_bytes,
                "digest": entry.sha256 or "",
                "details": _details(meta),
            }
        )
    return json_response({"models": models})


async def show(service: ApiService, request: Request) -> Response:
    body = await service.read_json(request)
    name = body.get("model") or body.get("name") if isinstance(body, dict) else None
    if not isinstance(name, str) or not name:
        raise invalid("model", "is required")
    path = await service.catalog.path_for(name, service.bridge.loaded)
    entry = next((e for e in await service.catalog.entries() if str(e.path) == path), None)
    if entry is None:
        raise ApiError(404, f"There is no model called '{name}'.", param="model", code="model_not_found")
    meta = entry.metadata
    return json_response(
        {
            "modelfile": "",
            "parameters": "",
            "template": meta.chat_template or "",
            "details": _details(meta),
            "model_info": {
                "general.architecture": meta.architecture,
                "general.parameter_count": meta.parameter_count,
                f"{meta.architecture}.context_length": meta.context_length,
            },
            "capabilities": ["completion", "tools"],
            "modified_at": _now(),
        }
    )


def _details(meta: ModelMetadata) -> dict[str, object]:
    """Ollama's `details` of a model, from its GGUF header."""
    return {
        "format": "gguf",
        "family": meta.architecture or "",
        "families": [meta.architecture or ""],
        "parameter_size": _parameter_size(meta.parameter_count),
        "quantization_level": meta.quantization or "",
    }


def _parameter_size(count: int | None) -> str:
    if not count:
        return ""
    return f"{count / 1e9:.1f}B" if count >= 1e9 else f"{count / 1e6:.0f}M"


async def chat(service: ApiService, request: Request) -> Response:
    answer = ollama_chat(await service.read_json(request), service.config.n_ctx)
    return await _answer(service, request, answer, "chat")


async def generate(service: ApiService, request: Request) -> Response:
    body = await service.read_json(request)
    answer = ollama_generate(body, service.config.n_ctx)
    if answer is None:  # no prompt: load the model and say so, as Ollama does
        model = await service.model(body.get("model") if isinstance(body, dict) else None)
        done = {
            "model": service.catalog.name_of(model.path),
            "created_at": _now(),
            "response": "",
            "done": True,
            "done_reason": "load",
        }
        return json_response(done)
    return await _answer(service, request, answer, "generate")


async def _answer(service: ApiService, request: Request, answer: AnswerRequest, kind: str) -> Response:
    model = await service.model(answer.model)
    check_for_model(answer, model.n_vocab)
    job = service.start(request, f"/api/{kind}", answer, model)
    if answer.stream:
        return WatchedStream(_stream(service, job, kind), media_type="application/x-ndjson")
    result = await until_disconnect(request, _collect(service, job, kind))
    return json_response(result) if result is not None else Response(status_code=499)


def ollama_message(kind: str, text: str, calls: Sequence[ToolCall] = ()) -> dict[str, Any]:
    if kind != "chat":
        return {"response": text}
    message: dict[str, Any] = {"role": "assistant", "content": text}
    if calls:  # Ollama's shape: the arguments as an object, each call whole
        message["tool_calls"] = [
            {"id": call.id, "function": {"index": i, "name": call.name, "arguments": json.loads(call.arguments)}}
            for i, call in enumerate(calls)
        ]
    return {"message": message}


def _final(kind: str, name: str, end: ChoiceEnd, text: str = "", calls: Sequence[ToolCall] = ()) -> dict[str, Any]:
    m: Metrics = end.metrics
    return {
        "model": name,
        "created_at": _now(),
        **ollama_message(kind, text, calls),
        "done": True,
        "done_reason": "stop" if end.finish_reason == "tool_calls" else end.finish_reason,
        "total_duration": int(m.total_s * NS),
        "load_duration": int(m.load_s * NS),
        "prompt_eval_count": m.prompt_tokens,
        "prompt_eval_duration": int(m.prefill_s * NS),
        "eval_count": m.decode_tokens,
        "eval_duration": int(m.decode_s * NS),
        "timings": timings(m),
    }


async def _collect(service: ApiService, job: Job, kind: str) -> dict[str, Any]:
    name = job.model_name
    text = ""
    calls: list[ToolCall] = []
    end: ChoiceEnd | None = None
    async for output in service.outputs(job):
        if isinstance(output, Piece):
            text += output.text
            calls.extend(output.tool_calls)
        else:
            end = output
    assert end is not None
    return _final(kind, name, end, text, calls)


async def _stream(service: ApiService, job: Job, kind: str) -> AsyncIterator[str]:
    name = job.model_name
    try:
        async for output in service.outputs(job):
            if isinstance(output, Piece):
                message = ollama_message(kind, output.text, output.tool_calls)
                line = {"model": name, "created_at": _now(), **message, "done": False}
            else:
                line = _final(kind, name, output)
            yield json.dumps(line, ensure_ascii=False) + "\n"
    except ApiError as error:
        yield json.dumps(error.ollama_body(), ensure_ascii=False) + "\n"
