"""Hub failures as one plain sentence.

Usage: wrap any huggingface_hub (or its httpx2 session) call in `with hub_errors(repo_id=..., filename=...):`;
what it raises comes out as a HubError whose str() is the sentence and whose `kind` tells the GUI what to offer
(e.g. "gated" -> the Discover tab's Access token… button). `hub_error(exc)` does the translation by itself.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, Literal
from urllib.parse import urlsplit

from engine.errors import ErrorCode, UserError
from engine.hub.hf_setup import prepare_huggingface_hub

logger = logging.getLogger(__name__)

HubErrorKind = Literal[
    "offline",  # HF_HUB_OFFLINE is set
    "unreachable",  # no connection, DNS, timeout, the connection dropped
    "gated",  # accept the terms on huggingface.co, then add a token
    "token",  # the token was refused
    "forbidden",  # the token lacks a permission
    "not_found",  # repo, revision or file
    "bad_name",  # not an owner/name repo id
    "rate_limited",
    "server",  # 5xx
    "other",
]


class HubError(UserError):
    """A Hub action failed; str() is one sentence for the user."""

    def __init__(
        self, code: ErrorCode, /, *, kind: HubErrorKind = "other", http_status: int | None = None, **params: object
    ) -> None:
        super().__init__(code, **params)
        self.kind: HubErrorKind = kind
        self.status = http_status


def hub_host(url: str | None = None) -> str:
    """host[:port] of `url`, or of the Hub endpoint in use (HF_ENDPOINT)."""
    prepare_huggingface_hub()
    from huggingface_hub import constants

    return urlsplit(url or constants.ENDPOINT).netloc or constants.ENDPOINT


def _request_url(exc: BaseException) -> str | None:
    try:
        request = getattr(exc, "request", None)
    except RuntimeError:  # httpx2 raises when an error has no request attached
        return None
    return str(request.url) if request is not None else None


def hub_error(
    exc: BaseException, *, repo_id: str | None = None, filename: str | None = None, revision: str | None = None
) -> HubError:
    """Translate an exception from huggingface_hub or httpx2 into a HubError (one sentence)."""
    import httpx2

    prepare_huggingface_hub()
    from huggingface_hub.errors import HfHubHTTPError, HFValidationError, OfflineModeIsEnabled

    if isinstance(exc, HubError):
        error = exc
    elif isinstance(exc, OfflineModeIsEnabled):
        error = HubError("hub.offline", kind="offline")
    elif isinstance(exc, HFValidationError):
        error = HubError("hub.bad_name", kind="bad_name", repo=repo_id)
    elif isinstance(exc, HfHubHTTPError):
        error = _from_hub_answer(exc, repo_id or "this model", filename, revision)
    elif isinstance(exc, (httpx2.TransportError, ConnectionError, TimeoutError)):
        host = hub_host(_request_url(exc))
        error = HubError("hub.unreachable", kind="unreachable", host=host)
    elif isinstance(exc, httpx2.HTTPStatusError):
        error = _from_status(exc.response.status_code, repo_id or "this model")
    else:
        logger.error("unexpected Hub failure", exc_info=exc)
        error = HubError("hub.request_failed", problem=exc)
    return error


def _from_hub_answer(exc: Any, repo: str, filename: str | None, revision: str | None) -> HubError:
    """An HfHubHTTPError: the Hub answered, with X-Error-Code and a status (hf_raise_for_status sorted them)."""
    prepare_huggingface_hub()
    from huggingface_hub.errors import (
        GatedRepoError,
        RemoteEntryNotFoundError,
        RepositoryNotFoundError,
        RevisionNotFoundError,
    )

    status = exc.response.status_code if exc.response is not None else None
    if isinstance(exc, GatedRepoError):  # before RepositoryNotFoundError: it is a subclass
        return HubError("hub.gated", kind="gated", http_status=status)
    if status == 401 and "Invalid credentials" in (exc.server_message or ""):
        return HubError("hub.token_refused", kind="token", http_status=status)
    if isinstance(exc, RemoteEntryNotFoundError):
        return _no_such_file(repo, filename, status)
    if isinstance(exc, RevisionNotFoundError):
        return HubError(
            "hub.no_such_revision", kind="not_found", http_status=status, repo=repo, revision=revision or ""
        )
    if isinstance(exc, RepositoryNotFoundError):
        return HubError("hub.no_such_model", kind="not_found", http_status=status, repo=repo)
    return _from_status(status, repo)


def _no_such_file(repo: str, filename: str | None, status: int | None) -> HubError:
    if filename is None:
        return HubError("hub.no_such_file_unnamed", kind="not_found", http_status=status, repo=repo)
    return HubError("hub.no_such_file", kind="not_found", http_status=status, repo=repo, file=filename)


def _from_status(status: int | None, repo: str) -> HubError:
    if status == 403:
        return HubError("hub.forbidden", kind="forbidden", http_status=403, repo=repo)
    if status == 429:
        return HubError("hub.rate_limited", kind="rate_limited", http_status=429)
    if status is not None and status >= 500:
        return HubError("hub.server_error", kind="server", http_status=status, status=status)
    return HubError("hub.http_error", http_status=status, status=status)


# What hub_errors() translates: failures of the network or of the Hub, never programming errors.
def _hub_exception_types() -> tuple[type[BaseException], ...]:
    import httpx2

    prepare_huggingface_hub()
    from huggingface_hub.errors import HfHubHTTPError, HFValidationError, OfflineModeIsEnabled

    return (HfHubHTTPError, OfflineModeIsEnabled, HFValidationError, httpx2.HTTPError, ConnectionError, TimeoutError)


@contextmanager
def hub_errors(
    *, repo_id: str | None = None, filename: str | None = None, revision: str | None = None
) -> Iterator[None]:
    """Run a block of Hub calls; network and Hub failures leave it as one HubError."""
    try:
        yield
    except _hub_exception_types() as exc:
        raise hub_error(exc, repo_id=repo_id, filename=filename, revision=revision) from exc
