"""Errors the API sends back: one sentence, the parameter it is about, a stable code.

OpenAI's shape, `{"error": {"message", "type", "param", "code"}}`, is what the openai SDK reads;
Ollama's clients read `{"error": "…"}` (ollama_api.py turns one into the other)."""

from __future__ import annotations

from typing import Any


class ApiError(Exception):
    def __init__(
        self,
        status: int,
        message: str,
        *,
        param: str | None = None,
        code: str | None = None,
        kind: str = "invalid_request_error",
        headers: dict[str, str] | None = None,
    ) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.param = param
        self.code = code
        self.kind = kind
        self.headers = headers or {}

    def openai_body(self) -> dict[str, Any]:
        return {"error": {"message": self.message, "type": self.kind, "param": self.param, "code": self.code}}

    def ollama_body(self) -> dict[str, Any]:
        return {"error": self.message}


def unsupported(param: str, why: str = "") -> ApiError:
    """A parameter Hearth cannot honour: refused, never silently ignored."""
    tail = f": {why}" if why else ""
    return ApiError(400, f"Hearth does not support '{param}'{tail}.", param=param, code="unsupported_parameter")


def invalid(param: str, what: str) -> ApiError:
    return ApiError(400, f"'{param}' {what}.", param=param, code="invalid_value")
