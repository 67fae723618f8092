"""The server's front door, before any route: the Host header, the API key, the body size.

- Host: a web page on another site can make the browser send requests to 127.0.0.1 under a name
  it controls (DNS rebinding). Only loopback names, the bound address and names the user allows
  are served (Ollama checks the same). On a wildcard address an API key is required instead.
- API key: `Authorization: Bearer KEY` (the openai SDK's way) or `X-Api-Key`, compared in
  constant time. /health answers without one, so a supervisor can probe the server.
- Body: a declared Content-Length over the limit is refused before it is read; app.py counts the
  bytes of a body sent without one.
"""

from __future__ import annotations

import hmac
import json
import logging

from starlette.types import ASGIApp, Receive, Scope, Send

from engine.server.config import LOOPBACK_NAMES, ServerConfig, is_wildcard
from engine.server.errors import ApiError

logger = logging.getLogger(__name__)

OPEN_PATHS = frozenset({"/health", "/"})


class FrontDoor:
    def __init__(self, app: ASGIApp, config: ServerConfig) -> None:
        self.app = app
        self.config = config
        self._any_host = is_wildcard(config.host)
        self._hosts = {*LOOPBACK_NAMES, config.host.lower(), *(h.lower() for h in config.allowed_hosts)}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        try:
            self._check(scope, headers)
        except ApiError as error:
            await send_error(scope, send, error)
            return
        await self.app(scope, receive, send)

    def _check(self, scope: Scope, headers: dict[str, str]) -> None:
        host = host_name(headers.get("host", ""))
        if not self._any_host and host not in self._hosts:
            logger.warning("refused a request for host %r (not this server's name)", host)
            raise ApiError(403, f"Host '{host}' is not allowed; Hearth answers on {self.config.host}.", code="bad_host")
        if scope["method"] == "OPTIONS":
            return  # a CORS preflight carries no key; CORS decides
        if self.config.api_key and scope["path"] not in OPEN_PATHS and not self._key_ok(headers):
            raise ApiError(
                401,
                "This server needs an API key (Authorization: Bearer …).",
                code="invalid_api_key",
                kind="authentication_error",
                headers={"WWW-Authenticate": "Bearer"},
            )
        length = headers.get("content-length")
        if length is not None and (not length.isdigit() or int(length) > self.config.max_body_bytes):
            raise body_too_big(self.config.max_body_bytes)

    def _key_ok(self, headers: dict[str, str]) -> bool:
        expected = (self.config.api_key or "").encode()
        given = headers.get("x-api-key", "")
        auth = headers.get("authorization", "")
        if auth[:7].lower() == "bearer ":
            given = auth[7:].strip()
        return hmac.compare_digest(given.encode(), expected)


def body_too_big(limit: int) -> ApiError:
    return ApiError(413, f"The request body is larger than {limit // (1024 * 1024)} MiB.", code="body_too_large")


def host_name(host: str) -> str:
    """The name in a Host header, without its port: `[::1]:8088` -> `::1`."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[1 : host.find("]")] if "]" in host else host
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


async def send_error(scope: Scope, send: Send, error: ApiError) -> None:
    ollama = str(scope.get("path", "")).startswith("/api/")
    body = json.dumps(error.ollama_body() if ollama else error.openai_body()).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    headers += [(k.lower().encode(), v.encode()) for k, v in error.headers.items()]
    await send({"type": "http.response.start", "status": error.status, "headers": headers})
    await send({"type": "http.response.body", "body": body})
