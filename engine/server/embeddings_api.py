"""Embeddings: OpenAI's /v1/embeddings and Ollama's /api/embed, from the loaded model (mean pooling,
unit length: engine/runtime/embedding.py)."""

from __future__ import annotations

import base64
import struct
from typing import Any

from starlette.requests import Request
from starlette.responses import Response

from engine.server.bridge import EmbedError
from engine.server.errors import ApiError, invalid, unsupported
from engine.server.params import Fields
from engine.server.service import ApiService, json_response, until_disconnect

MAX_INPUTS = 256
NS = 1_000_000_000


def _inputs(value: object, where: str) -> tuple[str, ...]:
    texts = [value] if isinstance(value, str) else value
    if not isinstance(texts, list) or not texts or not all(isinstance(t, str) for t in texts):
        raise invalid(where, "must be a string or a non-empty list of strings (token ids are not taken)")
    if len(texts) > MAX_INPUTS:
        raise invalid(where, f"may hold at most {MAX_INPUTS} texts")
    return tuple(texts)


async def _embed(
    service: ApiService, request: Request, model: str | None, texts: tuple[str, ...], *, truncate: bool
) -> tuple[str, Any]:
    info = await service.model(model)
    try:
        result = await until_disconnect(request, service.bridge.embed(texts, truncate=truncate))
    except EmbedError as error:
        status = 400 if error.code in ("engine.embed_too_long", "engine.embed_empty") else 500
        raise ApiError(status, str(error), param="input", code=error.code.removeprefix("engine.")) from None
    return model or service.catalog.name_of(info.path), result


async def openai_embeddings(service: ApiService, request: Request) -> Response:
    fields = Fields(await service.read_json(request))
    model = fields.string("model")
    texts = _inputs(fields.take("input"), "input")
    encoding = fields.string("encoding_format") or "float"
    if encoding not in ("float", "base64"):
        raise invalid("encoding_format", "must be float or base64")
    if fields.has("dimensions"):
        raise unsupported("dimensions", "the model's embeddings have the size they have")
    fields.accept("user")
    fields.refuse_rest()
    name, result = await _embed(service, request, model, texts, truncate=False)
    if result is None:
        return Response(status_code=499)
    data = []
    for index, vector in enumerate(result.vectors):
        value: object = list(vector)
        if encoding == "base64":  # little-endian float32, as the openai SDK decodes it
            value = base64.b64encode(struct.pack(f"<{len(vector)}f", *vector)).decode()
        data.append({"object": "embedding", "index": index, "embedding": value})
    usage = {"prompt_tokens": result.prompt_tokens, "total_tokens": result.prompt_tokens}
    return json_response({"object": "list", "data": data, "model": name, "usage": usage})


async def ollama_embed(service: ApiService, request: Request) -> Response:
    fields = Fields(await service.read_json(request))
    model = fields.string("model", required=True)
    texts = _inputs(fields.take("input"), "input")
    truncate = fields.boolean("truncate", default=True)  # Ollama's default: the caller opts out
    if fields.has("dimensions"):
        raise unsupported("dimensions", "the model's embeddings have the size they have")
    fields.accept("keep_alive", "options")
    fields.refuse_rest()
    name, result = await _embed(service, request, model, texts, truncate=truncate)
    if result is None:
        return Response(status_code=499)
    return json_response(
        {
            "model": name,
            "embeddings": [list(v) for v in result.vectors],
            "total_duration": int(result.took_s * NS),
            "load_duration": 0,
            "prompt_eval_count": result.prompt_tokens,
        }
    )
