"""The model on this computer split across machines running llama.cpp's rpc-server, on loopback.

Real ggml-rpc-server processes (built from the wheel's own llama.cpp sources, tests/fixtures/rpc_tools.py)
lend their CPU; the real engine child loads the RPC backend module into the wheel's libggml and puts
the model's layers on them. Greedy answers must be the local ones, token for token.
"""

from __future__ import annotations

import contextlib
import http.server
import json
import socket
import struct
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import psutil
import pytest

from engine.client.session import EngineSession
from engine.errors import message
from engine.kernels.remembered import OVERRIDE_ENV
from engine.protocol import (
    AUTO_GPU_LAYERS,
    AnswerFailed,
    ChatMessage,
    ClientEvent,
    EngineDied,
    Failed,
    Finished,
    Generate,
    Load,
    Loaded,
    LoadFailed,
    LoadOptions,
    ModelInfo,
    SamplingParams,
    Token,
)
from engine.remote.rpc_machines import PROTOCOL_MAJOR, probe
from tests.fixtures.rpc_tools import Machines, free_port

TIMEOUT_S = 120
HEARTH = [sys.executable, "-c", "from engine.cli.main import main; raise SystemExit(main())"]


def _options(model: Path, servers: tuple[str, ...]) -> LoadOptions:
    return LoadOptions(
        str(model), n_ctx=1024, n_threads=2, parallel=1, n_gpu_layers=AUTO_GPU_LAYERS, rpc_servers=servers
    )


def _until(session: EngineSession, done: Callable[[ClientEvent], bool]) -> list[ClientEvent]:
    events: list[ClientEvent] = []
    deadline = time.monotonic() + TIMEOUT_S
    while time.monotonic() < deadline:
        event = session.next_event(1.0)
        if event is not None:
            events.append(event)
            if done(event):
                return events
    raise AssertionError(f"nothing ended within {TIMEOUT_S} s; got {events[-5:]}")


def _greedy(request_id: int, max_tokens: int = 32) -> Generate:
    prompt = "Write a Python function that tells whether a number is prime."
    params = SamplingParams(temperature=0.0, max_tokens=max_tokens)
    return Generate(request_id, (ChatMessage("user", prompt),), params, time.monotonic())


def _answer(model: Path, servers: tuple[str, ...]) -> tuple[ModelInfo, list[int], set[str]]:
    """Load, answer greedily; the model's info, the tokens written, and where the engine connected."""
    with EngineSession() as session:
        session.send(Load(session.new_id(), _options(model, servers)))
        request_id = session.new_id()
        session.send(_greedy(request_id))
        events = _until(session, lambda e: isinstance(e, Finished | Failed))
        assert session.pid is not None
        peers = {f"{c.raddr.ip}:{c.raddr.port}" for c in psutil.Process(session.pid).net_connections() if c.raddr}
    assert isinstance(events[-1], Finished), events[-1]
    info = next(e.info for e in events if isinstance(e, Loaded))
    written = [t for e in events if isinstance(e, Token) and e.request_id == request_id for t in e.token_ids]
    return info, written, peers


@pytest.mark.e2e
def test_a_model_split_across_two_machines_answers_like_the_local_one(
    starter_model: Path, machines: Machines, monkeypatch: pytest.MonkeyPatch
) -> None:
    # rpc-server computes with llama.cpp's plain CPU kernels (no repacked or AMX weights): the local
    # load does too, so that the comparison holds on a processor whose fast kernels take these weights.
    monkeypatch.setenv(OVERRIDE_ENV, "safe")
    local, local_tokens, _ = _answer(starter_model, ())
    with machines(2) as servers:
        endpoints = tuple(server.endpoint for server in servers)
        split, split_tokens, peers = _answer(starter_model, endpoints)
    assert split_tokens == local_tokens, "the split model wrote another greedy answer"
    assert len(local_tokens) == 32
    # Where the layers are: every layer on the two machines, as llama.cpp placed them, none here.
    assert [(share.device, share.where) for share in split.layer_split] == [
        ("RPC0", endpoints[0]),
        ("RPC1", endpoints[1]),
    ]
    assert all(share.layers > 0 and share.remote for share in split.layer_split)
    assert sum(share.layers for share in split.layer_split) == split.n_layers
    assert split.gpu_layers == 0
    assert split.rpc_left_out == ()
    assert not split.rpc_unsupported
    assert [share.device for share in local.layer_split] == ["CPU"]
    assert local.layer_split[0].layers == local.n_layers
    # The engine reached the machines it was given, and nothing else.
    assert peers == set(endpoints)


@pytest.mark.e2e
def test_a_machine_that_does_not_answer_is_left_out_and_said(
    starter_model: Path, machines: Machines, tmp_path: Path
) -> None:
    closed = f"127.0.0.1:{free_port()}"
    with machines(1) as (server,):
        result = subprocess.run(
            [*HEARTH, "run", "--rpc", f"{server.endpoint},{closed}", "--max-tokens", "8", "--json", "Say hello."],
            check=False,
            capture_output=True,
            text=True,
            timeout=TIMEOUT_S,
        )
    assert result.returncode == 0, result.stderr
    figures = json.loads(result.stdout.strip().splitlines()[-1])
    assert figures["layers"] == [{"device": "RPC0", "where": server.endpoint, "layers": figures["n_layers"]}]
    said = [line for line in result.stderr.splitlines() if line.startswith("hearth: ")]
    assert said == [
        f"hearth: The machine at {closed} did not answer (Connection refused); start rpc-server there, "
        "or remove it from the machines the model is split across."
    ]


@pytest.mark.e2e
def test_without_an_rpc_backend_the_model_loads_here_and_says_why(
    starter_model: Path, machines: Machines, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    with machines(1) as (server,):
        monkeypatch.setenv("HEARTH_RPC_BACKEND", str(tmp_path / "no-such-libggml-rpc.so"))
        info, tokens, peers = _answer(starter_model, (server.endpoint,))
    assert info.rpc_unsupported
    assert [share.device for share in info.layer_split] == ["CPU"]
    assert tokens
    assert not peers


@pytest.mark.e2e
def test_a_machine_stopped_mid_answer_keeps_the_text_and_the_next_message_runs_without_it(
    starter_model: Path, machines: Machines
) -> None:
    with machines(2) as servers, EngineSession() as session:
        endpoints = tuple(server.endpoint for server in servers)
        session.send(Load(session.new_id(), _options(starter_model, endpoints)))
        first = session.new_id()
        session.send(_greedy(first, max_tokens=2000))
        _until(session, lambda e: isinstance(e, Token) and e.text != "")
        servers[1].stop()  # the machine is switched off mid-answer
        ended = _until(session, lambda e: isinstance(e, Failed))[-1]
        assert isinstance(ended, AnswerFailed), ended
        assert ended.reason == message("rpc.lost"), ended.details
        assert ended.kind == "crash"
        assert "RPC" in ended.details  # llama.cpp's own last words, for whoever reads the details

        second = session.new_id()
        session.send(_greedy(second, max_tokens=8))
        events = _until(session, lambda e: isinstance(e, Finished | Failed))
    assert isinstance(events[-1], Finished), events[-1]
    info = next(e.info for e in events if isinstance(e, Loaded))
    assert [share.where for share in info.layer_split] == [endpoints[0]]  # on the machine that still answers
    assert info.rpc_left_out == ((endpoints[1], "unreachable", "Connection refused"),)
    assert not [e for e in events if isinstance(e, EngineDied)]


class _WebPage(http.server.BaseHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture
def web_server() -> Iterator[str]:
    """Something else listening: a web server, as on a port the user mistyped. It waits for a request
    line, as a busy rpc-server waits behind its client: both are told apart from a ready one only."""
    server = http.server.HTTPServer(("127.0.0.1", 0), _WebPage)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    thread.join(5)
    server.server_close()


@pytest.fixture
def ssh_server() -> Iterator[str]:
    """A server that speaks first, as SSH does: its greeting is not the RPC reply."""
    listener = socket.create_server(("127.0.0.1", 0))

    def greet() -> None:
        with contextlib.suppress(OSError):
            connection, _ = listener.accept()
            with connection:
                connection.sendall(b"SSH-2.0-OpenSSH_9.2p1 Debian-2\r\n")
                connection.recv(64)

    thread = threading.Thread(target=greet, daemon=True)
    thread.start()
    yield f"127.0.0.1:{listener.getsockname()[1]}"
    listener.close()
    thread.join(5)


def test_the_hello_tells_a_ready_machine_from_one_that_is_off_busy_or_something_else(
    machines: Machines, web_server: str, ssh_server: str
) -> None:
    with machines(1) as (server,):
        ready = probe(server.endpoint)
        with socket.create_connection(("127.0.0.1", server.port)) as other_client:
            other_client.sendall(struct.pack("<BQ", 14, 24) + bytes(24))  # another client's hello
            other_client.recv(8)
            busy = probe(server.endpoint, timeout=1.0)
    assert ready.ready
    assert ready.detail.startswith(f"{PROTOCOL_MAJOR}.")
    assert busy.outcome == "busy"
    assert str(busy.error()).startswith(f"The machine at {server.endpoint} did not return the greeting")
    off = probe(f"127.0.0.1:{free_port()}")
    assert off.outcome == "unreachable"
    assert str(off.error()).startswith("The machine at 127.0.0.1:")
    assert probe(web_server, timeout=1.0).outcome == "busy"
    other = probe(ssh_server)
    assert other.outcome == "not_rpc"
    assert str(other.error()) == f"What answers at {ssh_server} is not llama.cpp's rpc-server."


@pytest.mark.e2e
def test_a_machine_gone_while_a_model_sits_on_it_is_said_and_the_next_message_runs_without_it(
    starter_model: Path, gemma_model: Path, machines: Machines
) -> None:
    """Freeing the weights on a machine that went away ends the engine (llama.cpp's RPC client aborts);
    the switch says why in one sentence, and the next message loads on the machine that answers."""
    with machines(2) as servers, EngineSession() as session:
        endpoints = tuple(server.endpoint for server in servers)
        session.send(Load(session.new_id(), _options(starter_model, endpoints)))
        first = _until(session, lambda e: isinstance(e, Loaded | Failed))[-1]
        assert isinstance(first, Loaded), first
        assert [share.where for share in first.info.layer_split] == list(endpoints)
        servers[0].stop()
        session.send(Load(session.new_id(), _options(gemma_model, endpoints)))
        switch = _until(session, lambda e: isinstance(e, Loaded | Failed))[-1]
        assert isinstance(switch, LoadFailed), switch
        assert switch.reason == message("rpc.lost")

        request_id = session.new_id()
        session.send(_greedy(request_id, max_tokens=8))
        events = _until(session, lambda e: isinstance(e, Finished | Failed))
    assert isinstance(events[-1], Finished), events[-1]
    again = next(e.info for e in events if isinstance(e, Loaded))
    assert [share.where for share in again.layer_split] == [endpoints[1]]
    assert again.rpc_left_out == ((endpoints[0], "unreachable", "Connection refused"),)
