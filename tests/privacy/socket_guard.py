"""A guard that sees every network attempt a Python process makes, and blocks the ones that leave the machine.

It is a `sys.addaudithook` hook, not a monkeypatch: CPython's own `_socket` module raises the audit events
("socket.connect", "socket.getaddrinfo", "socket.sendto", ...) before the system call, so the guard sees
socket.socket, bare _socket.socket, socket.create_connection, asyncio's loop.create_connection and every
HTTP library alike, and nothing can hold an unpatched reference. It cannot see sockets opened by native
code (Qt's network module, libcurl in llama.cpp, Rust extensions): bench/outbound_connections.py counts
those at the system-call level with strace, and tests/privacy/test_no_network.py runs the CLI in a network
namespace with no network at all.

Loopback stays allowed (tests' own servers, Qt's local sockets); Unix sockets are local by nature.
Started with `only=` (children: HEARTH_SOCKET_GUARD_ONLY="127.0.0.1:PORT,..."), it is stricter: a connect or
send to any address but those is blocked and recorded too, loopback included (a test whose one server is the
fake Hub proves nothing else was tried).
This file is loaded by path in child processes (tests/privacy/child_hook/sitecustomize.py), so it imports
only the standard library.
"""

from __future__ import annotations

import ipaddress
import json
import os
import sys
import threading
import traceback
from dataclasses import asdict, dataclass
from typing import Any

# Events whose arguments name a destination: (position of the address or host, what kind of attempt it is).
_ADDRESS_EVENTS = {
    "socket.connect": (1, "connect"),  # also connect_ex
    "socket.sendto": (1, "sendto"),
    "socket.sendmsg": (1, "sendmsg"),
    "socket.getaddrinfo": (0, "dns"),
    "socket.gethostbyname": (0, "dns"),
    "socket.gethostbyaddr": (0, "dns"),
}
_LOCAL_NAMES = {"localhost", "localhost.", "localhost.localdomain", "ip6-localhost", "ip6-loopback"}
ONLY_VARIABLE = "HEARTH_SOCKET_GUARD_ONLY"


class OutboundConnectionBlockedError(ConnectionRefusedError):
    """What the blocked call raises: an OSError, as an unplugged network would give."""


@dataclass(frozen=True)
class Attempt:
    kind: str  # connect, sendto, sendmsg or dns
    destination: str
    pid: int
    stack: str

    def describe(self) -> str:
        return f"{self.kind} to {self.destination} (pid {self.pid}) from:\n{self.stack}"


def _is_loopback_ip(text: str) -> bool | None:
    """True/False for an IP literal, None for a name."""
    try:
        return ipaddress.ip_address(text.split("%", 1)[0]).is_loopback
    except ValueError:
        return None


def leaves_the_machine(kind: str, target: Any) -> bool:
    """Whether an attempt at `target` (an address tuple, a path, or a host name) would use the network."""
    if kind == "dns":
        if target is None:
            return False  # getaddrinfo(None, port): a wildcard or loopback address, no lookup
        host = target.decode() if isinstance(target, bytes) else str(target)
        if host == "" or host.lower() in _LOCAL_NAMES or host.lower().endswith(".localhost"):
            return False
        loopback = _is_loopback_ip(host)
        # A literal IP is no lookup: only the connect that may follow sends anything, and that is checked.
        return loopback is None
    if not isinstance(target, tuple):
        return False  # AF_UNIX path (str/bytes) or a socketpair: never leaves the machine
    host = target[0]
    host = host.decode() if isinstance(host, bytes) else str(host)
    if host.lower() in _LOCAL_NAMES:
        return False
    loopback = _is_loopback_ip(host)
    return not loopback  # a name here (rare) counts as outbound too


def parse_only(text: str | None) -> frozenset[tuple[str, int]] | None:
    """HEARTH_SOCKET_GUARD_ONLY ("host:port,host:port") as a set of addresses; None when unset."""
    if not text:
        return None
    pairs = (item.rsplit(":", 1) for item in text.split(",") if item.strip())
    return frozenset((host.strip().strip("[]"), int(port)) for host, port in pairs)


class SocketGuard:
    """One per process. `start()` begins recording (and blocking); `stop()` ends it and returns the attempts."""

    _instance: SocketGuard | None = None

    def __init__(self, log_path: str | None = None) -> None:
        self.attempts: list[Attempt] = []
        self.log_path = log_path  # children append one JSON line per attempt here
        self.active = False
        self.only: frozenset[tuple[str, int]] | None = None  # the only addresses a connect may reach, if set
        self._lock = threading.Lock()
        self._inside = threading.local()

    @classmethod
    def installed(cls, log_path: str | None = None) -> SocketGuard:
        """The process's guard; audit hooks cannot be removed, so it is added once and switched on and off."""
        if cls._instance is None:
            cls._instance = cls(log_path)
            sys.addaudithook(cls._instance._hook)
        elif log_path is not None:
            cls._instance.log_path = log_path
        return cls._instance

    def start(self, only: frozenset[tuple[str, int]] | None = None) -> None:
        with self._lock:
            self.attempts = []
        self.only = only
        self.active = True

    def stop(self) -> list[Attempt]:
        self.active = False
        with self._lock:
            return list(self.attempts)

    def _hook(self, event: str, args: tuple[Any, ...]) -> None:
        if not self.active or event not in _ADDRESS_EVENTS or getattr(self._inside, "busy", False):
            return
        position, kind = _ADDRESS_EVENTS[event]
        target = args[position] if len(args) > position else None
        if self._allowed(kind, target):
            return
        self._inside.busy = True  # formatting the stack must not re-enter the hook
        try:
            attempt = Attempt(kind, repr(target), os.getpid(), "".join(traceback.format_stack()[:-1]))
            with self._lock:
                self.attempts.append(attempt)
            if self.log_path:
                with open(self.log_path, "a", encoding="utf-8") as log:
                    log.write(json.dumps(asdict(attempt)) + "\n")
        finally:
            self._inside.busy = False
        raise OutboundConnectionBlockedError(f"blocked by the test's socket guard: {kind} to {target!r}")

    def _allowed(self, kind: str, target: Any) -> bool:
        if self.only is not None and kind != "dns" and isinstance(target, tuple):
            host = target[0].decode() if isinstance(target[0], bytes) else str(target[0])
            return (host, int(target[1])) in self.only
        return not leaves_the_machine(kind, target)


def read_child_attempts(log_path: str) -> list[Attempt]:
    """What guarded child processes recorded (see child_hook/sitecustomize.py)."""
    try:
        with open(log_path, encoding="utf-8") as log:
            return [Attempt(**json.loads(line)) for line in log if line.strip()]
    except FileNotFoundError:
        return []
