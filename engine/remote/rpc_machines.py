"""Machines that lend the model on this computer their processors and memory (llama.cpp RPC).

llama.cpp's RPC backend splits one model's layers between this computer and machines running
`rpc-server` (llama.cpp's tools/rpc): each machine shows up to the engine as one more device, and
every token's activations cross the network between them. Upstream calls it a proof of concept:
no password and no encryption, so only machines on a network the user trusts belong here.

The list lives in settings.json ("rpc_machines", "host:port" each); the engine child gets it in
LoadOptions.rpc_servers and registers the machines (engine/runtime/rpc_devices.py). `probe` speaks
the first message of the protocol itself, so a machine that is off, or runs an rpc-server from
another llama.cpp, is named in one sentence before llama.cpp gets to connect: llama.cpp ends the
whole process where it cannot.
"""

from __future__ import annotations

import ipaddress
import os
import socket
import struct
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from engine.errors import UserError
from engine.kernels.machine import engine_lib_dir
from engine.paths import data_dir
from engine.protocol import ModelInfo
from engine.settings import load_string_list, save_string_list

SETTINGS_KEY = "rpc_machines"
BACKEND_ENV = "HEARTH_RPC_BACKEND"  # a path to libggml-rpc.so (.dylib, .dll)
_MODULE_NAME = {"win32": "ggml-rpc.dll", "darwin": "libggml-rpc.dylib"}.get(sys.platform, "libggml-rpc.so")
DEFAULT_PORT = 50052  # rpc-server's own default

# ggml/include/ggml-rpc.h of the llama.cpp that llama-cpp-python 0.3.36 vendors: a server whose major
# version differs, or whose minor version is newer, is refused by the client.
PROTOCOL_MAJOR = 7
PROTOCOL_MINOR = 0
_HELLO = 14  # RPC_CMD_HELLO, fixed in every version of the protocol
_CAPS_SIZE = 24  # RPC_CONN_CAPS_SIZE (ggml-rpc/transport.h): all zero asks for plain TCP
_HELLO_REPLY_SIZE = 4 + _CAPS_SIZE  # major, minor, patch, padding, caps

# Shown wherever machines are added (the window's Engines dialog, `hearth engines rpc add`).
OPEN_NETWORK_WARNING = (
    "Machines running rpc-server take part in every answer: the model's weights and each token's "
    "activations travel to them unencrypted, and rpc-server asks nobody for a password, so anyone who "
    "can reach its port can use it, read what it holds and run work on it. Add only machines on a "
    "network you trust (your own LAN, a VPN), never one on the Internet or on shared Wi-Fi, and start "
    "rpc-server there bound to that network's address, not 0.0.0.0."
)


class RpcMachineError(UserError):
    """A machine that cannot be added or used, in one sentence."""


def parse_endpoint(text: str) -> str:
    """ "192.168.1.20" or "192.168.1.20:50052" (a host name too) as llama.cpp wants it: host:port.
    llama.cpp splits at the first colon, so an IPv6 address cannot be given."""
    value = text.strip()
    host, colon, port_text = value.partition(":")
    if not colon:
        port_text = str(DEFAULT_PORT)
    if not host or ":" in port_text or not port_text.isdigit() or not 0 < int(port_text) < 65536:
        raise RpcMachineError("rpc.bad_address", address=text)
    if any(ch.isspace() or ch in "/[]@" for ch in host):
        raise RpcMachineError("rpc.bad_address", address=text)
    return f"{host}:{int(port_text)}"


def is_loopback(endpoint: str) -> bool:
    host = endpoint.rpartition(":")[0]
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def module_candidates() -> list[Path]:
    """Where llama.cpp's RPC backend may lie, in the order the engine tries them: $HEARTH_RPC_BACKEND,
    beside libllama (a build with GGML_RPC=ON has it there, as a module or a library), the data folder's
    backends/."""
    candidates = []
    if override := os.environ.get(BACKEND_ENV):
        candidates.append(Path(override))
    if (folder := engine_lib_dir()) is not None:
        candidates.append(folder / _MODULE_NAME)
    candidates.append(data_dir() / "backends" / _MODULE_NAME)
    return candidates


def rpc_backend_found() -> bool:
    """Whether the engine will find an RPC backend, told from the files alone (no llama.cpp loaded)."""
    return any(candidate.is_file() for candidate in module_candidates())


def list_machines() -> list[str]:
    found: list[str] = []
    for entry in load_string_list(SETTINGS_KEY):
        try:
            endpoint = parse_endpoint(entry)
        except RpcMachineError:
            continue  # a hand-edited entry that llama.cpp could not read either
        if endpoint not in found:
            found.append(endpoint)
    return found


def add_machine(address: str) -> str:
    endpoint = parse_endpoint(address)
    machines = list_machines()
    if endpoint not in machines:
        save_string_list(SETTINGS_KEY, [*machines, endpoint])
    return endpoint


def remove_machine(address: str) -> str:
    endpoint = parse_endpoint(address)
    machines = list_machines()
    if endpoint not in machines:
        raise RpcMachineError("rpc.not_added", address=endpoint, known=", ".join(machines) or "none")
    save_string_list(SETTINGS_KEY, [m for m in machines if m != endpoint])
    return endpoint


ProbeOutcome = Literal["ready", "unreachable", "busy", "other_version", "not_rpc"]


@dataclass(frozen=True)
class MachineProbe:
    endpoint: str
    outcome: ProbeOutcome
    detail: str = ""  # the socket's error, or the version the server speaks

    @property
    def ready(self) -> bool:
        return self.outcome == "ready"

    def error(self) -> RpcMachineError:
        """The one sentence for a machine that is not ready."""
        if self.outcome == "unreachable":
            return RpcMachineError("rpc.unreachable", address=self.endpoint, problem=self.detail)
        if self.outcome == "busy":
            return RpcMachineError("rpc.busy", address=self.endpoint)
        if self.outcome == "other_version":
            return RpcMachineError(
                "rpc.other_version",
                address=self.endpoint,
                version=self.detail,
                needed=f"{PROTOCOL_MAJOR}.{PROTOCOL_MINOR}",
            )
        return RpcMachineError("rpc.not_rpc", address=self.endpoint)


def probe(endpoint: str, timeout: float = 3.0) -> MachineProbe:
    """Connect and say hello as llama.cpp's client does (no transport upgrade asked), then hang up."""
    host, _, port = endpoint.rpartition(":")
    try:
        sock = socket.create_connection((host, int(port)), timeout=timeout)
    except TimeoutError:
        return MachineProbe(endpoint, "unreachable", "no answer in time")
    except OSError as exc:
        return MachineProbe(endpoint, "unreachable", exc.strerror or type(exc).__name__)
    with sock:
        try:
            sock.sendall(struct.pack("<BQ", _HELLO, _CAPS_SIZE) + bytes(_CAPS_SIZE))
            reply = _read(sock, 8 + _HELLO_REPLY_SIZE)
        except TimeoutError:
            # rpc-server serves one client at a time (the model loaded on it, say); or what listens
            # waits for something else (a web server).
            return MachineProbe(endpoint, "busy")
        except OSError:
            reply = b""
    return _hello_verdict(endpoint, reply)


def _hello_verdict(endpoint: str, reply: bytes) -> MachineProbe:
    if not reply:
        # rpc-server hangs up on a hello of another size: a server of an older or newer protocol.
        return MachineProbe(endpoint, "other_version", "unknown")
    if len(reply) < 8 + 3 or struct.unpack_from("<Q", reply)[0] != _HELLO_REPLY_SIZE:
        return MachineProbe(endpoint, "not_rpc")
    major, minor, patch = reply[8], reply[9], reply[10]
    if major != PROTOCOL_MAJOR or minor > PROTOCOL_MINOR:
        return MachineProbe(endpoint, "other_version", f"{major}.{minor}.{patch}")
    return MachineProbe(endpoint, "ready", f"{major}.{minor}.{patch}")


def _read(sock: socket.socket, size: int) -> bytes:
    data = b""
    while len(data) < size:
        chunk = sock.recv(size - len(data))
        if not chunk:
            break
        data += chunk
    return data


def split_problems(info: ModelInfo) -> list[RpcMachineError]:
    """What a load could not use of the machines it was given, one sentence each."""
    problems = [MachineProbe(*left_out).error() for left_out in info.rpc_left_out]  # type: ignore[arg-type]
    if info.rpc_unsupported:
        problems.insert(0, RpcMachineError("rpc.unsupported"))
    return problems
