"""How the local API is served: where it listens and what it lets in."""

from __future__ import annotations

import ipaddress
import socket
from dataclasses import dataclass

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8088
LOOPBACK_NAMES = frozenset({"localhost", "127.0.0.1", "::1"})


@dataclass(frozen=True)
class ServerConfig:
    host: str = DEFAULT_HOST
    port: int = DEFAULT_PORT
    api_key: str | None = None  # required when the host is not a loopback address
    cors_origins: tuple[str, ...] = ()  # browser origins allowed to call the API; none by default
    allowed_hosts: tuple[str, ...] = ()  # Host header names allowed besides loopback and the bound host
    max_body_bytes: int = 8 * 1024 * 1024
    # Answers the server takes at once, writing or waiting for a slot; one more gets 429 Retry-After.
    max_in_flight: int = 64
    default_model: str | None = None  # a library name or path; None: the starter model
    n_ctx: int = 4096  # each slot's context, in tokens
    preload: bool = True  # load the default model as the server starts, not on the first request

    @property
    def loopback(self) -> bool:
        return is_loopback(self.host)

    @property
    def base_url(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}"


def is_loopback(host: str) -> bool:
    if host in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def is_wildcard(host: str) -> bool:
    return host in ("0.0.0.0", "::", "")  # naming the wildcard, not binding it


def listening_socket(host: str, port: int) -> socket.socket:
    """A socket bound to host:port, for uvicorn to serve on; OSError if it cannot be (a port in use).
    Bound before the server starts, so that the caller can say why in one sentence."""
    sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError:
        sock.close()
        raise
    return sock
