"""Hub failures as one plain sentence.

Usage: wrap any huggingface_hub (or its httpx2 session) call in `with hub_errors(repo_id=..., filename=...):`;
what it raises comes out as a HubError whose str() is the sentence and whose `kind` tells the GUI what to offer
(e.g. "gated" -> the Discover tab's Access token… button). `hub_error(exc)` does the translation by itself.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any, Literal
from urllib.parse import urlsplit

from engine.errors import UserError
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

GATED = (
    "This model is gated: accept its terms on huggingface.co, then add your access token "
    "(Models › Discover › Access token…, or --token on the command line)."
)
OFFLINE = "Hub actions are off because HF_HUB_OFFLINE is set."
TOKEN_REFUSED = "The Hugging Face Hub refused your access token: check it under Models › Discover › Access token…."
UNREACHABLE = "Could not reach the Hugging Face Hub at {host}: check your connection."
RATE_LIMITED = "The Hugging Face Hub is limiting requests: try again in a minute."
SERVER_ERROR = "The Hugging Face Hub had a server error ({status}): try again later."
FORBIDDEN = "The Hugging Face Hub refused access to {repo}: your token lacks permission."
NO_SUCH_MODEL = (
    "No model named {repo} on the Hugging Face Hub "
    "(a private model needs your access token: Models › Discover › Access token…)."
)


class HubError(UserError):
    """A Hub action failed; str() is one sentence for the user."""

    def __init__(
        self,
        message: str,
        kind: HubErrorKind = "other",
        status: int | None = None,
        params: Mapping[str, object] | None = None,
    ) -> None:
        super().__init__(message, params)
        self.kind: HubErrorKind = kind
        self.status = status


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
        error = HubError(OFFLINE, "offline")
    elif isinstance(exc, HFValidationError):
        error = HubError(f"“{repo_id}” is not a Hugging Face model name: it looks like owner/name.", "bad_name")
    elif isinstance(exc, HfHubHTTPError):
        error = _from_hub_answer(exc, repo_id or "this model", filename, revision)
    elif isinstance(exc, (httpx2.TransportError, ConnectionError, TimeoutError)):
        host = hub_host(_request_url(exc))
        error = HubError(UNREACHABLE, "unreachable", params={"host": host})
    elif isinstance(exc, httpx2.HTTPStatusError):
        error = _from_status(exc.response.status_code, repo_id or "this model")
    else:
        logger.error("unexpected Hub failure", exc_info=exc)
        error = HubError(f"The Hugging Face Hub request failed: {exc}.")
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
        return HubError(GATED, "gated", status)
    if status == 401 and "Invalid credentials" in (exc.server_message or ""):
        return HubError(TOKEN_REFUSED, "token", status)
    if isinstance(exc, RemoteEntryNotFoundError):
        return HubError(
            f"{repo} has no file {filename or 'by that name'} on the Hugging Face Hub.", "not_found", status
        )
    if isinstance(exc, RevisionNotFoundError):
        return HubError(f"{repo} has no revision {revision or ''} on the Hugging Face Hub.", "not_found", status)
    if isinstance(exc, RepositoryNotFoundError):
        return HubError(NO_SUCH_MODEL, "not_found", status, params={"repo": repo})
    return _from_status(status, repo)


def _from_status(status: int | None, repo: str) -> HubError:
    if status == 403:
        return HubError(FORBIDDEN, "forbidden", 403, params={"repo": repo})
    if status == 429:
        return HubError(RATE_LIMITED, "rate_limited", 429)
    if status is not None and status >= 500:
        return HubError(SERVER_ERROR, "server", status, params={"status": status})
    return HubError(f"The Hugging Face Hub answered with an error ({status}).", "other", status)


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
