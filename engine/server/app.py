"""The local API as one ASGI app: routes, the front door (security.py), CORS, health and metrics.

Starlette and uvicorn: small, well kept, async (a client that goes away is seen on the receive
channel at once), and nothing between the body and our own checks (FastAPI's models would let
unknown fields through unless told, and this server refuses what it cannot honour).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.cors import CORSMiddleware
from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response
from starlette.routing import Route

from engine.server import embeddings_api, ollama_api, openai_api
from engine.server.bridge import record_json
from engine.server.errors import ApiError
from engine.server.security import FrontDoor
from engine.server.service import ApiService, json_response

logger = logging.getLogger(__name__)

Handler = Callable[[ApiService, Request], Awaitable[Response]]


def build_app(service: ApiService) -> Starlette:
    def route(path: str, handler: Handler, method: str) -> Route:
        async def endpoint(request: Request) -> Response:
            try:
                return await handler(service, request)
            except ApiError as error:
                body = error.ollama_body() if request.url.path.startswith("/api/") else error.openai_body()
                return json_response(body, error.status, error.headers)

        return Route(path, endpoint, methods=[method])

    @asynccontextmanager
    async def lifespan(_app: Starlette) -> AsyncIterator[None]:
        service.bridge.attach()
        preload = asyncio.create_task(service.preload()) if service.config.preload else None
        try:
            yield
        finally:
            if preload is not None:
                preload.cancel()
            service.bridge.detach()

    routes = [
        route("/", root, "GET"),
        route("/health", health, "GET"),
        route("/metrics", metrics, "GET"),
        route("/hearth/requests", recent_requests, "GET"),
        route("/v1/models", openai_api.list_models, "GET"),
        route("/v1/chat/completions", openai_api.chat_completions, "POST"),
        route("/v1/completions", openai_api.completions, "POST"),
        route("/v1/embeddings", embeddings_api.openai_embeddings, "POST"),
        route("/api/embed", embeddings_api.ollama_embed, "POST"),
        route("/api/version", ollama_api.version_info, "GET"),
        route("/api/tags", ollama_api.tags, "GET"),
        route("/api/show", ollama_api.show, "POST"),
        route("/api/chat", ollama_api.chat, "POST"),
        route("/api/generate", ollama_api.generate, "POST"),
    ]
    middleware = [Middleware(FrontDoor, config=service.config)]
    if service.config.cors_origins:  # outermost: a preflight is answered before the key is asked for
        middleware.insert(
            0,
            Middleware(
                CORSMiddleware,
                allow_origins=list(service.config.cors_origins),
                allow_methods=["GET", "POST", "OPTIONS"],
                allow_headers=["Authorization", "Content-Type", "X-Api-Key"],
            ),
        )
    return Starlette(routes=routes, middleware=middleware, lifespan=lifespan)


async def root(_service: ApiService, _request: Request) -> Response:
    return PlainTextResponse("Hearth is running (OpenAI API at /v1, Ollama API at /api).")


async def health(service: ApiService, _request: Request) -> Response:
    bridge = service.bridge
    if bridge.load_progress is not None:
        return json_response({"status": "loading", "progress": round(bridge.load_progress, 3)}, 503)
    loaded = bridge.loaded
    return json_response({"status": "ok", "model": service.catalog.name_of(loaded.path) if loaded else None})


async def recent_requests(service: ApiService, _request: Request) -> Response:
    """The last requests, newest last: metadata only, as the window's server panel shows them."""
    bridge = service.bridge
    return json_response(
        {
            "in_flight": [record_json(r) for r in bridge.in_flight.values()],
            "recent": [record_json(r) for r in bridge.recent],
        }
    )


async def metrics(service: ApiService, _request: Request) -> Response:
    """Prometheus' text format."""
    bridge = service.bridge
    c = bridge.counters
    lines = [
        "# HELP hearth_requests_total Answers the API was asked for.",
        "# TYPE hearth_requests_total counter",
        f"hearth_requests_total {c.requests}",
        "# HELP hearth_answers_total Answers that ended, by how.",
        "# TYPE hearth_answers_total counter",
        *(f'hearth_answers_total{{status="{status}"}} {count}' for status, count in sorted(c.by_status.items())),
        "# HELP hearth_requests_in_flight Answers being read, written or waiting now.",
        "# TYPE hearth_requests_in_flight gauge",
        f"hearth_requests_in_flight {len(bridge.in_flight)}",
        "# TYPE hearth_prompt_tokens_total counter",
        f"hearth_prompt_tokens_total {c.prompt_tokens}",
        "# HELP hearth_cached_prompt_tokens_total Prompt tokens taken from the prefix cache, not read.",
        "# TYPE hearth_cached_prompt_tokens_total counter",
        f"hearth_cached_prompt_tokens_total {c.cached_tokens}",
        "# TYPE hearth_completion_tokens_total counter",
        f"hearth_completion_tokens_total {c.completion_tokens}",
        "# HELP hearth_cancelled_on_disconnect_total Answers stopped because their client went away.",
        "# TYPE hearth_cancelled_on_disconnect_total counter",
        f"hearth_cancelled_on_disconnect_total {c.cancelled_on_disconnect}",
        "# HELP hearth_cancel_to_stop_seconds From a client going away to the engine stopping its answer.",
        "# TYPE hearth_cancel_to_stop_seconds summary",
        f"hearth_cancel_to_stop_seconds_sum {c.cancel_to_stop_sum_s:.6f}",
        f"hearth_cancel_to_stop_seconds_count {c.cancel_to_stop_count}",
        "# HELP hearth_tokens_after_cancel_total Tokens sampled after a client went away.",
        "# TYPE hearth_tokens_after_cancel_total counter",
        f"hearth_tokens_after_cancel_total {c.tokens_after_cancel}",
        "# TYPE hearth_model_loaded gauge",
        f"hearth_model_loaded {int(bridge.loaded is not None)}",
    ]
    return PlainTextResponse("\n".join(lines) + "\n", media_type="text/plain; version=0.0.4")
