"""Machines running llama.cpp's rpc-server, on loopback ports, and the RPC backend for the engine child."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from pathlib import Path

import pytest

from engine.runtime.rpc_devices import BACKEND_ENV
from tests.fixtures.rpc_tools import RpcServer, RpcTools, rpc_servers, rpc_tools


@pytest.fixture(scope="session")
def rpc_build() -> RpcTools:
    return rpc_tools()


@pytest.fixture
def rpc_backend(rpc_build: RpcTools, monkeypatch: pytest.MonkeyPatch) -> RpcTools:
    """The engine children started by the test load the RPC backend module (the wheel has none)."""
    monkeypatch.setenv(BACKEND_ENV, str(rpc_build.module))
    return rpc_build


@pytest.fixture
def machines(rpc_backend: RpcTools, tmp_path: Path) -> Callable[[int], AbstractContextManager[list[RpcServer]]]:
    """`with machines(2) as servers:` two rpc-servers, stopped afterwards."""
    return lambda count: rpc_servers(rpc_backend, tmp_path, count)
