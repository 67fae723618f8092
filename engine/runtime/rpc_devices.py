"""The machines running rpc-server, registered with llama.cpp as devices of this engine (engine child only).

llama.cpp's RPC backend shows each rpc-server to the loader as one more GPU-like device, "RPC<n>", and a
model's layers are then split over them by layer, like over several GPUs. llama-cpp-python binds none of
this, so it is called through ctypes on the libggml that libllama loaded:

    reg = ggml_backend_reg_by_name("RPC")               # the backend, where the build has it
    server = ggml_backend_rpc_add_server("host:port")   # through the backend's proc address
    ggml_backend_register(server)                       # its devices join ggml's list
    devices = ggml_backend_reg_dev_get(server, i) ...   # handed to llama_model_params.devices

The pinned wheel is built without GGML_RPC. The backend alone can be built as a module from the same
sources (250 KB; `python bench/llama_tools.py build --rpc --no-libllama --targets ggml-rpc --build-dir
DIR -- -DGGML_BACKEND_DL=ON -DGGML_CPU=OFF`) and loaded with ggml_backend_load: from $HEARTH_RPC_BACKEND,
beside libllama (a portable build loads it with its CPU variants already), or the data folder's backends/.

ggml_backend_rpc_add_server ends the process (GGML_ABORT) where it cannot connect or the server speaks
another protocol, so every machine is asked first (engine.remote.rpc_machines.probe), and one that is
not ready is left out with a notice instead: the model loads on what answers.
"""

from __future__ import annotations

import ctypes
import logging
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache

from engine.errors import UserError
from engine.kernels.machine import engine_lib_dir
from engine.remote.rpc_machines import MachineProbe, module_candidates, probe

logger = logging.getLogger(__name__)


class RpcUnsupportedError(UserError):
    """This llama.cpp has no RPC backend and none could be loaded."""


@dataclass(frozen=True)
class RpcDevice:
    endpoint: str  # "192.168.1.20:50052"
    handle: int  # ggml_backend_dev_t
    name: str  # llama.cpp's name for it: "RPC0"


@dataclass
class RpcRegistration:
    """What one load asked for: the devices of the machines that answered, and those left out."""

    devices: list[RpcDevice] = field(default_factory=list)
    left_out: list[MachineProbe] = field(default_factory=list)


@cache
def ggml_library() -> ctypes.CDLL:
    """The libggml libllama loaded (another copy would have an empty registry), with the prototypes of
    ggml's backend registry (bench/rpc_split.py uses it too)."""
    import llama_cpp  # noqa: F401 - loads libggml as libllama's dependency

    from engine.runtime.cpu_variants import loaded_ggml

    folder = engine_lib_dir()
    if folder is None:
        raise RpcUnsupportedError("rpc.unsupported")
    lib = loaded_ggml(folder)
    prototypes: dict[str, tuple[type | None, list[type]]] = {
        "ggml_backend_load": (ctypes.c_void_p, [ctypes.c_char_p]),
        "ggml_backend_reg_by_name": (ctypes.c_void_p, [ctypes.c_char_p]),
        "ggml_backend_reg_get_proc_address": (ctypes.c_void_p, [ctypes.c_void_p, ctypes.c_char_p]),
        "ggml_backend_register": (None, [ctypes.c_void_p]),
        "ggml_backend_reg_dev_count": (ctypes.c_size_t, [ctypes.c_void_p]),
        "ggml_backend_reg_dev_get": (ctypes.c_void_p, [ctypes.c_void_p, ctypes.c_size_t]),
        "ggml_backend_dev_name": (ctypes.c_char_p, [ctypes.c_void_p]),
        "ggml_backend_dev_description": (ctypes.c_char_p, [ctypes.c_void_p]),
        "ggml_backend_cpu_buffer_type": (ctypes.c_void_p, []),
    }
    for name, (restype, argtypes) in prototypes.items():
        function = getattr(lib, name)
        function.restype = restype
        function.argtypes = argtypes
    return lib


def _rpc_backend(lib: ctypes.CDLL) -> int:
    """The RPC backend's registry entry: built in, or loaded from a module; raises where there is none."""
    reg = lib.ggml_backend_reg_by_name(b"RPC")
    if reg:
        return int(reg)
    for candidate in module_candidates():
        if candidate.is_file():
            loaded = lib.ggml_backend_load(str(candidate).encode())  # registers it, and says so in the log
            if loaded:
                return int(loaded)
            logger.warning("ggml_backend_load refused %s", candidate)
    raise RpcUnsupportedError("rpc.unsupported")


def rpc_available() -> bool:
    try:
        _rpc_backend(ggml_library())
    except (RpcUnsupportedError, OSError, AttributeError):
        return False
    return True


# endpoint -> its devices: ggml keeps a server's registration for the life of the process, and
# registering it twice would list its devices twice.
_registered: dict[str, list[RpcDevice]] = {}


def any_registered() -> bool:
    return bool(_registered)


def register(endpoints: Sequence[str]) -> RpcRegistration:
    """Register the machines that answer the hello; leave the others out. Raises RpcUnsupportedError
    where this llama.cpp has no RPC backend."""
    lib = ggml_library()
    reg = _rpc_backend(lib)
    result = RpcRegistration()
    for endpoint in endpoints:
        # Asked at every load, registered or not: llama.cpp drops its connection with the model it
        # freed, and would end the process on a machine that went away since.
        answer = probe(endpoint)
        if not answer.ready:
            logger.warning("rpc machine %s left out: %s %s", endpoint, answer.outcome, answer.detail)
            result.left_out.append(answer)
            continue
        if endpoint not in _registered:
            devices = _add_server(lib, reg, endpoint)
            if devices is None:  # the server has no device to offer
                result.left_out.append(MachineProbe(endpoint, "not_rpc"))
                continue
            _registered[endpoint] = devices
        result.devices.extend(_registered[endpoint])
    return result


def _add_server(lib: ctypes.CDLL, reg: int, endpoint: str) -> list[RpcDevice] | None:
    """Connect llama.cpp to the server and register its devices; None where it offers none."""
    address = lib.ggml_backend_reg_get_proc_address(reg, b"ggml_backend_rpc_add_server")
    if not address:
        raise RpcUnsupportedError("rpc.unsupported")
    add_server = ctypes.CFUNCTYPE(ctypes.c_void_p, ctypes.c_char_p)(address)
    server = add_server(endpoint.encode())
    if not server:
        return None
    lib.ggml_backend_register(server)
    devices = []
    for index in range(lib.ggml_backend_reg_dev_count(server)):
        handle = lib.ggml_backend_reg_dev_get(server, index)
        devices.append(RpcDevice(endpoint, int(handle), (lib.ggml_backend_dev_name(handle) or b"").decode()))
    return devices
