"""A file's bytes over HTTP in large reads, with the standard library's http.client.

huggingface_hub's session (httpx) hands a body over in 64 KiB pieces, each a round of Python
parsing: on this machine that capped a download at about half of curl's speed (bench/download.py).
http.client reads a 4 MiB piece in one call with the interpreter lock released. Where a proxy is
configured we keep to the session, which knows how to use one."""

from __future__ import annotations

import http.client
import os
import ssl
import urllib.parse
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from email.message import Message

MAX_REDIRECTS = 5
_PROXY_VARIABLES = ("HTTPS_PROXY", "HTTP_PROXY", "ALL_PROXY", "https_proxy", "http_proxy", "all_proxy")


@dataclass(frozen=True)
class Answer:
    """The status and headers of a response, shaped like an httpx response's for our checks."""

    status_code: int
    headers: Message
    url: str


def direct_transfer_possible() -> bool:
    """False when a proxy is configured: then the bytes go through huggingface_hub's session."""
    return not any(os.environ.get(name) for name in _PROXY_VARIABLES)


@contextmanager
def open_body(
    url: str, headers: Mapping[str, str], *, timeout: float
) -> Iterator[tuple[Answer, http.client.HTTPResponse]]:
    """GET `url`, following redirects (the Hub sends large files to a CDN), and yield the final
    answer and its response, whose `read(n)` gives the body. The Authorization header is only
    sent to the host it was meant for, as huggingface_hub does."""
    original_host = urllib.parse.urlsplit(url).netloc
    for _ in range(MAX_REDIRECTS + 1):
        parts = urllib.parse.urlsplit(url)
        connection = _connect(parts, timeout)
        try:
            wanted = dict(headers)
            if parts.netloc != original_host:
                wanted.pop("authorization", None)
                wanted.pop("Authorization", None)
            target = parts.path + (f"?{parts.query}" if parts.query else "")
            connection.request("GET", target or "/", headers=wanted)
            response = connection.getresponse()
            location = response.getheader("Location")
            if response.status in (301, 302, 303, 307, 308) and location:
                response.read()
                url = urllib.parse.urljoin(url, location)
                continue
            yield Answer(response.status, response.headers, url), response
            return
        finally:
            connection.close()
    raise http.client.HTTPException(f"more than {MAX_REDIRECTS} redirects from {url}")


def _connect(parts: urllib.parse.SplitResult, timeout: float) -> http.client.HTTPConnection:
    if parts.scheme == "https":
        return http.client.HTTPSConnection(
            parts.hostname or "", parts.port, timeout=timeout, context=ssl.create_default_context()
        )
    if parts.scheme == "http":
        return http.client.HTTPConnection(parts.hostname or "", parts.port, timeout=timeout)
    raise http.client.HTTPException(f"unsupported URL scheme in {parts.geturl()}")
