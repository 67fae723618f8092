"""Answers from a remote engine, end to end against real servers on loopback ports: another
`hearth serve`, and llama-cpp-python's own server (llama_cpp.server) as a third-party peer.

No fake of the HTTP protocol: the servers are the real ones, the client is Hearth's RemoteSession
and `hearth run --engine`.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from engine.errors import message
from engine.protocol import (
    AnswerFailed,
    Cancel,
    ChatMessage,
    ClientEvent,
    Finished,
    Generate,
    Notice,
    SamplingParams,
    Token,
)
from engine.remote.engines import add_engine
from engine.remote.remote_session import RemoteSession
from engine.settings import save_settings
from tests.engine.remote.sessions import close_sessions, open_session  # noqa: F401 - close_sessions: an autouse fixture
from tests.engine.server.served import ServedApi, free_port, serving

pytestmark = pytest.mark.e2e


KEY = "sk-test-remote"
QUESTION = (ChatMessage("user", "Name three colours."),)


@pytest.fixture(scope="module")
def peer(tmp_path_factory: pytest.TempPathFactory, probed_kernels: Path) -> Iterator[ServedApi]:
    """Another Hearth, serving the starter model behind an API key; one answer at a time, so that
    a second one asked meanwhile is told 429 (busy) with Retry-After."""
    home = tmp_path_factory.mktemp("remote-peer")
    args = ("--api-key", KEY, "--parallel", "1", "--max-in-flight", "1", "--ctx", "2048")
    with serving(home, probed_kernels, *args) as served:
        served.wait_ready({"Authorization": f"Bearer {KEY}"})
        yield served


def _ask(session: RemoteSession, max_tokens: int = 24, **sampling: object) -> list[ClientEvent]:
    generate = Generate(
        session.new_id(), QUESTION, SamplingParams(max_tokens=max_tokens, temperature=0, **sampling), time.monotonic()
    )
    session.send(generate)
    return list(session.events())


def test_a_remote_answer_streams_with_hearths_and_the_servers_own_figures(peer: ServedApi) -> None:
    engine = add_engine("peer", peer.base_url, api_key=KEY)
    session = open_session(engine)
    events = _ask(session)
    tokens = [e for e in events if isinstance(e, Token)]
    (finished,) = [e for e in events if isinstance(e, Finished)]
    assert len(tokens) > 3  # streamed piece by piece, not in one block
    assert "".join(t.text for t in tokens).strip()
    metrics, remote = finished.metrics, finished.metrics.remote
    assert remote is not None
    assert (remote.engine, remote.host) == ("peer", f"127.0.0.1:{peer.port}")
    assert metrics.model == "SmolLM2-135M-Instruct.Q4_1"
    # the server's own figures: Hearth's serve sends usage and llama-server's timings
    assert remote.prompt_tokens
    assert remote.prompt_tokens > 5
    assert remote.server_prefill_s is not None
    assert remote.server_prefill_s > 0
    assert remote.server_decode_tok_s is not None
    assert remote.server_decode_tok_s > 0
    assert remote.network_queue_s is not None
    assert remote.network_queue_s >= 0
    assert metrics.ttft_s >= remote.server_prefill_s + remote.network_queue_s - 0.001
    assert metrics.decode_tokens == 24
    assert metrics.stop_reason == "max_tokens"
    # asked again, the server's prefix cache reuses the prompt, and says so
    again = next(e for e in _ask(session) if isinstance(e, Finished)).metrics.remote
    assert again is not None
    assert again.cached_tokens is not None
    assert again.cached_tokens > 0


def test_a_wrong_key_is_refused_in_one_sentence_and_not_retried(peer: ServedApi) -> None:
    engine = add_engine("peer", peer.base_url, api_key="wrong")
    events = _ask(open_session(engine))
    (failed,) = events
    assert isinstance(failed, AnswerFailed)
    assert failed.reason == message("remote.bad_key", name="peer", host=f"127.0.0.1:{peer.port}")
    assert failed.kind == ""  # refused, not down: nothing to fall back for


def test_a_busy_server_is_retried_after_its_retry_after_and_then_answers(peer: ServedApi) -> None:
    engine = add_engine("peer", peer.base_url, api_key=KEY)
    first = open_session(engine, "SmolLM2-135M-Instruct.Q4_1")
    second = open_session(engine, "SmolLM2-135M-Instruct.Q4_1")
    long_id = first.new_id()
    first.send(Generate(long_id, QUESTION, SamplingParams(max_tokens=2000, temperature=0.8), time.monotonic()))
    long_answer = threading.Thread(target=lambda: list(first.events()))
    long_answer.start()
    events: list[ClientEvent] = []
    try:
        _wait_for_busy(peer)  # the server's one place is taken: the next request is told 429
        second.send(Generate(second.new_id(), QUESTION, SamplingParams(max_tokens=8, temperature=0), time.monotonic()))
        for event in second.events():
            events.append(event)
            if isinstance(event, Notice) and len([e for e in events if isinstance(e, Notice)]) == 1:
                first.send(Cancel(long_id))  # the place frees up while the second one waits to ask again
    finally:
        first.send(Cancel(long_id))
        long_answer.join(60)
        first.close()
    notices = [e for e in events if isinstance(e, Notice)]
    assert notices, "the second answer was not told to wait"
    assert notices[0].reason == message(
        "remote.retrying.busy", name="peer", host=f"127.0.0.1:{peer.port}", seconds="1"
    )  # the server's Retry-After: 1
    (finished,) = [e for e in events if isinstance(e, Finished)]
    assert finished.metrics.remote is not None
    assert finished.metrics.remote.retries == len(notices)


def _wait_for_busy(peer: ServedApi) -> None:
    headers = {"Authorization": f"Bearer {KEY}"}
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if peer.metrics(headers).get("hearth_requests_in_flight", 0) >= 1:
            return
        time.sleep(0.02)
    raise AssertionError("the long answer never started")


def test_offline_mode_sends_nothing_to_a_remote_engine(peer: ServedApi) -> None:
    engine = add_engine("peer", peer.base_url, api_key=KEY)
    before = peer.metrics({"Authorization": f"Bearer {KEY}"}).get("hearth_requests_total", 0)
    save_settings({"offline_mode": True})
    (failed,) = _ask(open_session(engine))
    assert isinstance(failed, AnswerFailed)
    assert failed.reason == message("remote.offline", name="peer", host=f"127.0.0.1:{peer.port}")
    assert peer.metrics({"Authorization": f"Bearer {KEY}"}).get("hearth_requests_total", 0) == before


def test_hearth_run_engine_prints_the_answer_and_its_figures_with_unknowns_as_null(
    peer: ServedApi, hearth_home: Path
) -> None:
    add_engine("peer", peer.base_url, api_key=KEY)
    ask = ("run", "--engine", "peer", "--max-tokens", "12", "--temperature", "0", "--json", "Name three colours.")
    done = subprocess.run(
        [sys.executable, "-m", "app", *ask],
        capture_output=True, text=True, timeout=120, check=False, env={**os.environ, "HEARTH_HOME": str(hearth_home)},
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    *answer, figures_line = done.stdout.strip().splitlines()
    assert "".join(answer).strip()
    figures = json.loads(figures_line)
    assert (figures["engine"], figures["host"]) == ("peer", f"127.0.0.1:{peer.port}")
    assert 0 < figures["decode_tokens"] <= 12
    assert figures["decode_tok_s"] > 0
    assert figures["prefill_s"] > 0
    assert figures["network_queue_s"] is not None
    assert "engine_rss_mb" not in figures
    assert "kv_bytes" not in figures


@pytest.fixture
def llama_cpp_server(starter_model: Path, tmp_path: Path) -> Iterator[str]:
    """llama-cpp-python's own OpenAI server (its [server] extra) on the starter model."""
    port = free_port()
    log = (tmp_path / "llama-cpp-server.log").open("w")
    command = [sys.executable, "-m", "llama_cpp.server", "--model", str(starter_model), "--port", str(port),
               "--n_ctx", "2048", "--host", "127.0.0.1"]  # fmt: skip
    process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            assert process.poll() is None, (tmp_path / "llama-cpp-server.log").read_text()
            try:
                if httpx.get(f"{base}/v1/models", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.2)
        yield base
    finally:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(20)
        except subprocess.TimeoutExpired:
            process.kill()
        log.close()


def test_a_third_party_server_that_sends_no_timings_leaves_those_figures_unknown(llama_cpp_server: str) -> None:
    engine = add_engine("llamacpp", llama_cpp_server)
    events = _ask(open_session(engine), 16)
    (finished,) = [e for e in events if isinstance(e, Finished)]
    remote = finished.metrics.remote
    assert remote is not None
    assert "".join(e.text for e in events if isinstance(e, Token)).strip()
    assert remote.server_prefill_s is None
    assert remote.network_queue_s is None
    assert finished.metrics.ttft_s > 0
    assert finished.metrics.decode_tokens > 0


def test_a_server_killed_mid_answer_keeps_the_text_and_offers_this_computer(
    tmp_path: Path, probed_kernels: Path
) -> None:
    with serving(tmp_path / "doomed", probed_kernels, "--parallel", "1") as doomed:
        engine = add_engine("doomed", doomed.base_url)
        session = open_session(engine)
        counting = (ChatMessage("user", "Count from 1 to 500, one number per line."),)
        session.send(Generate(session.new_id(), counting, SamplingParams(max_tokens=2000, temperature=0), 0.0))
        events: list[ClientEvent] = []
        for event in session.events():
            events.append(event)
            if sum(isinstance(e, Token) for e in events) == 5:
                doomed.process.kill()
    (failed,) = [e for e in events if isinstance(e, AnswerFailed)]
    assert failed.kind == "remote_cut"
    assert failed.reason.startswith(f"The answer from doomed at 127.0.0.1:{doomed.port} was cut off partway")
    assert sum(isinstance(e, Token) for e in events) >= 5  # what came stays with the caller
